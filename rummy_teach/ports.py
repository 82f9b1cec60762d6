"""Ports for servers that bind them later: free now, and out of the way of outgoing connections.

A port found by binding to port 0 lies in the ephemeral range, which Linux also hands out as the
local ports of outgoing connections. A server started on it binds it only seconds later, and a
connection opened meanwhile may hold it by then: a JupyterHub learner's server failed so ("port
42547 is not available"). :func:`listening_port` gives ports below that range instead, in turn
from a random start, so servers started together never share one. A caller takes one ``part``
of ``parts`` of the span, so that two processes (the tests and the hub they start) never meet.
"""

from __future__ import annotations

import random
import socket
import threading
from pathlib import Path

__all__ = ["first_ephemeral_port", "listening_port"]

EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
SPAN = 10000
"""How many ports below the ephemeral range are handed out (fewer if 1024 comes first)."""
_turn = random.randrange(SPAN)
_lock = threading.Lock()


def first_ephemeral_port() -> int:
    """Where the ports Linux gives outgoing connections start (Linux's default where unknown)."""
    try:
        return int(EPHEMERAL_RANGE.read_text(encoding="ascii").split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def listening_port(part: int = 0, parts: int = 1) -> int:
    """A port free now below the ephemeral range, the next in turn in ``part`` of ``parts`` (0: none)."""
    global _turn
    top = first_ephemeral_port()
    bottom = max(1024, top - SPAN)
    size = (top - bottom) // parts
    start = bottom + part * size
    for _ in range(size):
        with _lock:
            port = start + _turn % size
            _turn += 1
        with socket.socket() as probe:
            try:
                probe.bind(("", port))
            except OSError:
                continue
        return port
    return 0
