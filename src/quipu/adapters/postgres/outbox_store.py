"""The outbox: every message the bank sends a customer. Simulated by default (stored, not sent); with SMTP
configured, allow-listed messages are sent and their status records what the server said."""

import smtplib
import uuid

from psycopg_pool import AsyncConnectionPool

from quipu.domain.mail import MailRoute, OutgoingMail
from quipu.domain.receipts import action_receipt

INSERT = (
    "INSERT INTO ops.outbox (customer_id, action_id, channel, destination, delivered_to, template, language, "
    "subject, body, mode, status, attempts, sent_at) VALUES (%s, %s, 'email', %s, %s, %s, %s, %s, %s, %s, %s, "
    "%s, CASE WHEN %s = 'accepted' THEN now() END) ON CONFLICT (action_id) WHERE action_id IS NOT NULL DO NOTHING "
    "RETURNING message_id"
)


async def email_on_file(conn, customer_id: str) -> str | None:
    """The customer's address as it is now (not as it was when something was proposed)."""
    row = await (
        await conn.execute("SELECT email FROM core.customers WHERE customer_id = %s", (customer_id,))
    ).fetchone()
    return row[0] if row else None


async def insert_message(conn, route: MailRoute, mail: OutgoingMail) -> int | None:
    """One row per message (per action, at most one); its mode and status follow the route."""
    mode, status = route.initial(mail.delivered_to)
    row = await (
        await conn.execute(
            INSERT,
            (
                mail.customer_id,
                mail.action_id,
                mail.destination,
                mail.delivered_to,
                mail.template,
                mail.language,
                mail.subject,
                mail.body,
                mode,
                status,
                1 if status == "accepted" else 0,
                status,
            ),
        )
    ).fetchone()
    return row[0] if row else None


class PgOutbox:
    def __init__(self, pool: AsyncConnectionPool, route: MailRoute = MailRoute(), mailer=None):
        self.pool = pool
        self.route = route
        self.mailer = mailer

    async def deliver(self, mail: OutgoingMail, *, secret_body: str | None = None) -> int | None:
        """Store the message and send it when its route says so; secret_body (a step-up code) is sent, never
        stored: the stored body is what the customer API may show."""
        async with self.pool.connection() as conn:
            message_id = await insert_message(conn, self.route, mail)
        await self.dispatch(message_id, secret_body=secret_body)
        return message_id

    async def dispatch(
        self, message_id: int | None = None, *, action_id: str | None = None, secret_body: str | None = None
    ) -> str | None:
        """Send a queued message over SMTP; the final status is what the server answered."""
        async with self.pool.connection() as conn:
            row = await (
                await conn.execute(
                    "SELECT message_id, delivered_to, subject, body, status FROM ops.outbox "
                    "WHERE (message_id = %s OR action_id = %s::uuid)",
                    (message_id, action_id),
                )
            ).fetchone()
            if row is None or row[4] != "queued" or self.mailer is None:
                return row[4] if row else None
            try:
                reply, status = await self.mailer.send(row[1], row[2], secret_body or row[3]), "accepted"
            except (OSError, smtplib.SMTPException) as error:
                reply, status = f"{type(error).__name__}: {error}"[:300], "failed"
            await conn.execute(
                "UPDATE ops.outbox SET status = %s, provider_reply = %s, attempts = attempts + 1, "
                "sent_at = CASE WHEN %s = 'accepted' THEN now() END WHERE message_id = %s",
                (status, reply, status, row[0]),
            )
        return status

    async def action_receipt(self, customer_id: str, action_id: str, language: str, text: str, headline: str) -> None:
        """The receipt of a verified action in Mensajes; keyed by the action, so a retry never sends it twice."""
        subject, body = action_receipt(text, headline, language)
        key = str(uuid.uuid5(uuid.UUID(action_id), "receipt"))
        async with self.pool.connection() as conn:
            email = await email_on_file(conn, customer_id)
            mail = OutgoingMail.to_address_on_file(
                email,
                customer_id=customer_id,
                template="action_receipt",
                language=language,
                subject=subject,
                body=body,
                action_id=key,
            )
            message_id = await insert_message(conn, self.route, mail)
        if message_id is not None:
            await self.dispatch(message_id)
