"""Where a message may go: simulated by default (stored, never sent); with SMTP, only to an allow-list, never
to a customer's synthetic address."""

from dataclasses import dataclass

from quipu.domain.contact import mask_email


@dataclass(frozen=True)
class MailRoute:
    mode: str = "simulated"
    allowlist: frozenset[str] = frozenset()

    def sends(self, address: str | None) -> bool:
        return self.mode == "smtp" and address is not None and address.strip().lower() in self.allowlist

    def initial(self, address: str | None) -> tuple[str, str]:
        """(mode, status) of a new outbox row."""
        return ("smtp", "queued") if self.sends(address) else ("simulated", "accepted")


@dataclass(frozen=True)
class OutgoingMail:
    """One message to a customer: destination is the masked address the customer sees, delivered_to the real
    one (None when there is no address); action_id keys it to an action (at most one message per action)."""

    customer_id: str
    template: str
    language: str
    destination: str
    delivered_to: str | None
    subject: str
    body: str
    action_id: str | None = None

    @classmethod
    def to_address_on_file(
        cls,
        email: str | None,
        *,
        customer_id: str,
        template: str,
        language: str,
        subject: str,
        body: str,
        action_id: str,
    ) -> "OutgoingMail":
        """A message to the customer's address on file, shown masked; with none on file it stays in the app."""
        destination = mask_email(email) if email else "app"
        return cls(customer_id, template, language, destination, email, subject, body, action_id)


def route_from(mode: str, allowlist: str | None) -> MailRoute:
    addresses = frozenset(a.strip().lower() for a in (allowlist or "").split(",") if a.strip())
    return MailRoute(mode, addresses)
