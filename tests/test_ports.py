"""Ports for servers that bind them later (rummy_teach.ports): free, below the ephemeral range, in turn."""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path

import pytest

from rummy_teach import ports


def test_ports_lie_below_the_range_outgoing_connections_take_and_differ() -> None:
    """Below the ephemeral range (where a connection's own port comes from), one each, free now."""
    given = [ports.listening_port() for _ in range(50)]
    assert len(set(given)) == 50
    assert all(1024 <= port < ports.first_ephemeral_port() for port in given)
    with socket.socket() as probe:
        probe.bind(("", given[0]))  # free: only the server it is for would bind it


def test_a_port_in_use_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """The next port in turn is held by a listening socket: the next one after it is given."""
    monkeypatch.setattr(ports, "_turn", 0)
    top = ports.first_ephemeral_port()
    bottom = max(1024, top - ports.SPAN)
    with socket.socket() as held:
        with contextlib.suppress(OSError):  # in use elsewhere already: passed over all the same
            held.bind(("", bottom))
            held.listen()
        assert ports.listening_port() != bottom


def test_two_parts_never_share_a_port() -> None:
    """The tests take part 0, the hub they start part 1: their ports never meet."""
    first = {ports.listening_port(part=0, parts=2) for _ in range(40)}
    second = {ports.listening_port(part=1, parts=2) for _ in range(40)}
    assert not first & second


def test_the_range_is_read_from_linux_or_assumed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Linux's own setting where it can be read; its default (32768) where not."""
    setting = tmp_path / "ip_local_port_range"
    setting.write_text("40000\t60999\n", encoding="ascii")
    monkeypatch.setattr(ports, "EPHEMERAL_RANGE", setting)
    assert ports.first_ephemeral_port() == 40000
    assert 30000 <= ports.listening_port() < 40000
    monkeypatch.setattr(ports, "EPHEMERAL_RANGE", tmp_path / "absent")
    assert ports.first_ephemeral_port() == 32768
