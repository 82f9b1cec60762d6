"""The addresses a class types to reach the app: this machine's own on the network, not 0.0.0.0.

Started with ``--ip 0.0.0.0`` the app listens on every address of the machine, and Voilà prints the
machine's name, which a learner's laptop or tablet on the school network often cannot look up. The
addresses here are those the machine has: first the one it reaches the network by (the address a
UDP socket "connected" to a private address gets; nothing is sent), then the other interfaces' that
are up (psutil, where installed), loopback and link-local ones left out. Started on one address,
that address is the only one.
"""

from __future__ import annotations

import ipaddress
import socket

from rummy_teach import messages

__all__ = ["WILDCARDS", "learner_urls", "machine_addresses", "where_to_open"]

WILDCARDS = frozenset({"", "0.0.0.0", "::"})
"""``--ip`` values that listen on every address of the machine."""
MOST = 4
"""The most addresses named: a machine with many interfaces (containers, VPNs) lists its first."""
_PROBE = ("10.255.255.255", 9)
"""A private address never reached: the route to it picks the machine's own address on the network."""


def _usable(address: str) -> bool:
    """True for an IPv4 address another machine can reach this one by (not loopback, link-local)."""
    try:
        parsed = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified)


def _routed() -> list[str]:
    """The address the machine reaches the network by; none without a route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)  # a UDP connect sends nothing: it only picks the route
        except OSError:
            return []
        return [str(probe.getsockname()[0])]


def _interfaces() -> list[str]:
    """The IPv4 addresses of the interfaces that are up (none when psutil is not installed)."""
    try:
        import psutil  # type: ignore[import-untyped]
    except ImportError:
        return []
    up = {name for name, stats in psutil.net_if_stats().items() if stats.isup}
    return [
        entry.address
        for name, entries in sorted(psutil.net_if_addrs().items())
        if name in up
        for entry in entries
        if entry.family == socket.AF_INET
    ]


def machine_addresses() -> list[str]:
    """This machine's IPv4 addresses on the network, the routed one first, at most ``MOST``."""
    found: list[str] = []
    for address in _routed() + _interfaces():
        if _usable(address) and address not in found:
            found.append(address)
    return found[:MOST]


def learner_urls(host: str, port: int) -> list[str]:
    """The app's addresses for a browser: this machine's own when ``host`` listens on all."""
    if host in WILDCARDS:
        return [f"http://{address}:{port}/" for address in machine_addresses()]
    return [f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"]


def where_to_open(host: str, port: int) -> str:
    """One sentence for the teacher: the address(es) the class opens, or that only this machine can."""
    urls = learner_urls(host, port)
    if _loopback(host):
        return messages.text("app.only_this_machine", url=urls[0])
    if not urls:
        return messages.text("app.no_network_address", port=port)
    return messages.text("app.learners_open", urls=messages.join_or(urls))


def _loopback(host: str) -> bool:
    """True for an address only this machine reaches (127.x.x.x, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
