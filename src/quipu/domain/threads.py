"""Conversations are keyed by (customer, thread): the same thread id of two customers is two conversations."""

import re
import uuid

CONVERSATION_NAMESPACE = uuid.UUID("6f1d3c2e-8a4b-5c7d-9e0f-1a2b3c4d5e6f")
THREAD_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")


def conversation_id(customer_id: str, thread_id: str) -> uuid.UUID:
    return uuid.uuid5(CONVERSATION_NAMESPACE, f"{customer_id}\x1f{thread_id}")


def valid_thread_id(thread_id: str) -> bool:
    return bool(THREAD_ID.match(thread_id))
