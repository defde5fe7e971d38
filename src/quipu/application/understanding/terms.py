"""Words that ask the terms of an action right after asking for it ("¿me pueden mandar el resumen por mail? ¿tiene
algún costo?", "vocês conseguem mandar…? tem algum custo isso?"): the customer is still weighing it, so code says
how it works and offers it; nothing is prepared until they ask for it plainly."""

from dataclasses import replace

from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import ITS_TERMS, Command, Step
from quipu.domain.reading.model import Clause


def asked_about_its_terms(commands: list[Command], said: tuple[Clause, ...], catalog: Catalog) -> list[Command]:
    """An action prepared from a clause that a question of its terms follows (its cost, where it arrives, how long
    it takes) is explained and offered instead; an action of another kind asked after it is its own."""
    weighed: list[Command] = []
    explained: set[str] = set()
    for command in commands:
        clause = command.clause
        if command.step == Step.EXPLAIN and command.intent in explained:
            continue  # "…¿cuánto tarda en llegar el resumen?": its terms are in the explanation already given
        # a card that protects ("bloquea mi tarjeta, ¿cuánto tarda?") is prepared whatever its terms
        weighing = command.step == Step.ANSWER and command.acts and not catalog.protects(command.intent or "")
        if weighing and clause is not None and _its_terms_asked(clause, said, catalog):
            command = replace(command, step=Step.EXPLAIN, reason=ITS_TERMS, follow_up=False)
            explained.add(command.intent or "")
        weighed.append(command)
    return weighed


def _its_terms_asked(clause: Clause, said: tuple[Clause, ...], catalog: Catalog) -> bool:
    at = next((i for i, c in enumerate(said) if c is clause), None)
    if at is None:
        return clause.slots.its_terms
    after = said[at + 1 :]
    return clause.slots.its_terms or any(c.slots.its_terms and not _another_action(c, clause, catalog) for c in after)


def _another_action(later: Clause, clause: Clause, catalog: Catalog) -> bool:
    """ "…¿y cuánto cuesta una transferencia?": the terms of another action named outright are that action's."""
    return catalog.acts(later.intent) and later.intent != clause.intent and later.intent in later.anchors
