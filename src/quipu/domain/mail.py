"""Where a message may go: simulated by default (stored, never sent); with SMTP, only to an allow-list, never
to a customer's synthetic address."""

from dataclasses import dataclass


@dataclass(frozen=True)
class MailRoute:
    mode: str = "simulated"
    allowlist: frozenset[str] = frozenset()

    def sends(self, address: str | None) -> bool:
        return self.mode == "smtp" and address is not None and address.strip().lower() in self.allowlist

    def initial(self, address: str | None) -> tuple[str, str]:
        """(mode, status) of a new outbox row."""
        return ("smtp", "queued") if self.sends(address) else ("simulated", "accepted")


def route_from(mode: str, allowlist: str | None) -> MailRoute:
    addresses = frozenset(a.strip().lower() for a in (allowlist or "").split(",") if a.strip())
    return MailRoute(mode, addresses)
