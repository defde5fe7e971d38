"""Mail is simulated by default; with SMTP it goes only to allow-listed addresses, and the outbox records
what the server answered."""

import socketserver
import threading

import pytest
from psycopg_pool import AsyncConnectionPool

from quipu.adapters.postgres.outbox_store import PgOutbox
from quipu.adapters.smtp import SmtpMailer
from quipu.domain.mail import OutgoingMail, route_from

pytestmark = pytest.mark.anyio


class FakeSmtp(socketserver.StreamRequestHandler):
    """Just enough SMTP to accept a message and remember it."""

    def handle(self):
        self.wfile.write(b"220 fake\r\n")
        recipients, data = [], []
        while line := self.rfile.readline():
            command = line.decode().strip()
            if command.upper().startswith(("EHLO", "HELO")):
                self.wfile.write(b"250 fake\r\n")
            elif command.upper().startswith("RCPT TO:"):
                recipients.append(command[8:].strip("<> "))
                self.wfile.write(b"250 ok\r\n")
            elif command.upper() == "DATA":
                self.wfile.write(b"354 go\r\n")
                while (body := self.rfile.readline().decode()) not in (".\r\n", ""):
                    data.append(body)
                self.server.received.append((recipients, "".join(data)))
                self.wfile.write(b"250 queued\r\n")
            elif command.upper() == "QUIT":
                self.wfile.write(b"221 bye\r\n")
                return
            else:
                self.wfile.write(b"250 ok\r\n")


@pytest.fixture
def smtp_server():
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), FakeSmtp)
    server.received = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
async def pool(demo_db):
    async with AsyncConnectionPool(demo_db.app, min_size=1, max_size=2, kwargs={"autocommit": True}) as pool:
        yield pool


async def status_of(pool, message_id):
    async with pool.connection() as conn:
        return await (
            await conn.execute(
                "SELECT mode, status, provider_reply FROM ops.outbox WHERE message_id = %s", (message_id,)
            )
        ).fetchone()


def message(outbox, to):
    mail = OutgoingMail(
        customer_id="DEMO-MX-FX",
        template="balances",
        language="es",
        destination="x***@y",
        delivered_to=to,
        subject="Resumen",
        body="Hola",
    )
    return outbox.deliver(mail)


async def test_simulated_mail_is_stored_and_never_sent(pool, smtp_server):
    outbox = PgOutbox(
        pool,
        route_from("simulated", "inbox@bank.test"),
        SmtpMailer("127.0.0.1", smtp_server.server_address[1], "quipu@bank.test"),
    )
    message_id = await message(outbox, "inbox@bank.test")
    assert (await status_of(pool, message_id))[:2] == ("simulated", "accepted") and smtp_server.received == []


async def test_smtp_sends_only_to_the_allow_list(pool, smtp_server):
    outbox = PgOutbox(
        pool,
        route_from("smtp", "Inbox@Bank.test, other@bank.test"),
        SmtpMailer("127.0.0.1", smtp_server.server_address[1], "quipu@bank.test"),
    )
    sent = await message(outbox, "inbox@bank.test")
    kept = await message(outbox, "demo-mx-fx@demo.bank")
    assert await status_of(pool, sent) == ("smtp", "accepted", "250 accepted")
    assert (await status_of(pool, kept))[:2] == ("simulated", "accepted")
    assert [r for r, _ in smtp_server.received] == [["inbox@bank.test"]]


async def test_an_unreachable_server_is_recorded_as_failed(pool):
    outbox = PgOutbox(pool, route_from("smtp", "inbox@bank.test"), SmtpMailer("127.0.0.1", 1, "quipu@bank.test"))
    mode, status, reply = await status_of(pool, await message(outbox, "inbox@bank.test"))
    assert (mode, status) == ("smtp", "failed") and reply
