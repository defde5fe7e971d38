"""Sends one message over SMTP; only the outbox calls it, and only for allow-listed addresses."""

import smtplib
from email.message import EmailMessage

import anyio


class SmtpMailer:
    def __init__(self, host: str, port: int, sender: str, timeout: float = 10):
        self.host, self.port, self.sender, self.timeout = host, port, sender, timeout

    def _send(self, to: str, subject: str, body: str) -> str:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        message.set_content(body)
        with smtplib.SMTP(self.host, self.port, timeout=self.timeout) as client:
            refused = client.send_message(message)
        return "refused: " + ", ".join(refused) if refused else "250 accepted"

    async def send(self, to: str, subject: str, body: str) -> str:
        return await anyio.to_thread.run_sync(self._send, to, subject, body)
