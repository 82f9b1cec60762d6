"""Where the class opens the app: this machine's own addresses when it listens on all of them."""

from __future__ import annotations

import ipaddress

import pytest

from rummy_teach import addresses, messages


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Fake addresses: [routed, interfaces] (each list to fill in by the test)."""
    found: list[list[str]] = [[], []]
    monkeypatch.setattr(addresses, "_routed", lambda: list(found[0]))
    monkeypatch.setattr(addresses, "_interfaces", lambda: list(found[1]))
    return found


def test_the_routed_address_comes_first_and_loopback_and_link_local_are_left_out(
    machine: list[list[str]],
) -> None:
    machine[0] += ["10.0.0.7"]
    machine[1] += ["127.0.0.1", "169.254.3.4", "192.168.1.20", "10.0.0.7", "172.17.0.1"]
    assert addresses.machine_addresses() == ["10.0.0.7", "192.168.1.20", "172.17.0.1"]
    assert addresses.learner_urls("0.0.0.0", 8866) == [
        "http://10.0.0.7:8866/",
        "http://192.168.1.20:8866/",
        "http://172.17.0.1:8866/",
    ]
    assert addresses.where_to_open("0.0.0.0", 8866) == (
        "The class opens http://10.0.0.7:8866/, http://192.168.1.20:8866/ or"
        " http://172.17.0.1:8866/ in their browsers."
    )


def test_a_machine_with_many_interfaces_names_its_first_four(machine: list[list[str]]) -> None:
    machine[1] += [f"10.0.{n}.1" for n in range(9)]
    assert addresses.machine_addresses() == [f"10.0.{n}.1" for n in range(addresses.MOST)]


def test_without_a_network_the_sentence_says_so(machine: list[list[str]]) -> None:
    machine[1] += ["127.0.0.1"]
    assert addresses.learner_urls("0.0.0.0", 8866) == []
    assert addresses.where_to_open("::", 8866) == messages.text("app.no_network_address", port=8866)


def test_one_address_given_is_the_one_named(machine: list[list[str]]) -> None:
    machine[0] += ["10.0.0.7"]
    assert addresses.where_to_open("192.168.1.20", 8900) == (
        "The class opens http://192.168.1.20:8900/ in their browsers."
    )
    assert addresses.learner_urls("fd00::2", 8866) == ["http://[fd00::2]:8866/"]


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1"])
def test_on_loopback_only_this_machine_can_open_it_and_the_sentence_says_how_to_let_a_class_in(
    host: str, machine: list[list[str]]
) -> None:
    said = addresses.where_to_open(host, 8866)
    assert said.startswith("Only this machine can open http://")
    assert said.endswith("for a class, start the app with --ip 0.0.0.0.")


def test_this_machines_addresses_are_ipv4_others_can_reach() -> None:
    """The real look-up (this machine's route and interfaces): no loopback, no duplicates."""
    found = addresses.machine_addresses()
    assert len(found) == len(set(found)) <= addresses.MOST
    for address in found:
        parsed = ipaddress.IPv4Address(address)
        assert not parsed.is_loopback and not parsed.is_link_local
    routed = addresses._routed()
    if routed and addresses._usable(routed[0]):
        assert found[0] == routed[0]
