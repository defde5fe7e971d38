"""The summary a new conversation starts with (QUIPU_CHAT_MEMORY=on): code's sentences, in the customer's locale,
every figure in its notes, never the earlier messages."""

from datetime import datetime
from decimal import Decimal

from quipu.domain.grounding import ungrounded
from quipu.domain.locale import ARGENTINA, BRAZIL, MEXICO
from quipu.domain.memory import DisputeNote, FindingNote, PersonNote, Recollection, WaitingNote, summary

DISPUTE = DisputeNote("Q-8A6518EF", "in_review", "ElectroMax Córdoba", Decimal("161700.00"), "ARS",
                      datetime(2026, 12, 3, 10, 15), overdue=False)  # fmt: skip
FOUND = FindingNote("Uber Trip", Decimal("312.40"), "MXN", datetime(2026, 6, 11, 9, 0), ("duplicate",),
                    datetime(2026, 12, 1, 18, 5))  # fmt: skip


def test_each_thing_still_going_on_is_one_line_in_the_customers_convention():
    memory = Recollection(
        disputes=(DISPUTE,),
        waiting=(WaitingNote("Bloquear temporalmente tu tarjeta terminada en 4433.", datetime(2026, 12, 2, 9, 40)),),
        with_person=(PersonNote(datetime(2026, 12, 2, 9, 0), "High", holding=True),),
    )
    text = summary(memory, ARGENTINA)
    assert text.splitlines()[0] == "Lo que tengo de tus conversaciones anteriores:"
    assert "Tu aclaración Q-8A6518EF por el cargo de “ElectroMax Córdoba” de 161.700,00 ARS está en revisión" in text
    assert "antes del 3 de diciembre, 10:15" in text and "terminada en 4433" in text
    assert "Una persona del banco atiende tu caso del 2 de diciembre, 09:00." in text
    assert not ungrounded(text, [memory.facts()])


def test_the_last_findings_and_portuguese():
    text = summary(Recollection(findings=(FOUND,)), BRAZIL)
    assert "Em 1 de dezembro, 18:05 conferi a cobrança de “Uber Trip” de 312,40 MXN de 11 de junho, 09:00" in text
    assert "parecia uma cobrança duplicada" in text


def test_nothing_still_going_on_says_so_and_an_overdue_promise_is_said():
    assert summary(Recollection(), MEXICO) == "No tengo nada pendiente de tus conversaciones anteriores."
    late = DisputeNote("Q-1", "open", "Uber Trip", Decimal("312.40"), "MXN", datetime(2026, 12, 1, 8, 0), True)
    assert "el plazo prometido, 1 de diciembre, 08:00, ya pasó" in summary(Recollection(disputes=(late,)), MEXICO)
