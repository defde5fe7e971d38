"""The real client of a request: the TCP peer, unless the peer is a trusted proxy; then X-Forwarded-For is
read from the right, skipping trusted proxies, and the first address no trusted proxy added is the client."""

import ipaddress
from collections.abc import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None


def _trusted(address, trusted: Iterable[Network]) -> bool:
    return address is not None and any(address in network for network in trusted)


def real_client(peer: str | None, forwarded_for: list[str], trusted: tuple[Network, ...]) -> str:
    """forwarded_for: every X-Forwarded-For header value in order; a spoofed left part is never reached."""
    if peer is None:
        return "unknown"
    if not _trusted(_address(peer), trusted):
        return peer
    hops = [hop.strip() for value in forwarded_for for hop in value.split(",") if hop.strip()]
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            return peer  # a garbled chain: the proxy itself is the best key we have
        if not _trusted(address, trusted):
            return str(address)
    return str(_address(hops[0])) if hops else peer
