"""A correction said in the same message as the request it corrects ("transfiere 800 de la de ahorro… no espera,
mejor que sean 1500", "quero pagar só o mínimo do cartão 4877, tira da conta 1007"): the request is changed, then
asked once, as corrected."""

import re
from dataclasses import replace

from quipu.application.understanding.answered_as import AFFIRM
from quipu.application.understanding.catalog import Catalog
from quipu.application.understanding.commands import Command, Step
from quipu.application.understanding.conversation import MONEY_INTENTS
from quipu.application.understanding.follow_ups import continues_an_action, kind_named
from quipu.domain.reading.model import Clause, Mood, Polarity, Slots

# what a correction changes; the flags that say how a clause is said ("correction", "continues") are not carried
CORRECTED = (
    "amounts", "accounts", "last4", "products", "merchants", "periods", "services", "currencies", "count", "alert_kind",
)  # fmt: skip


def corrected_here(commands: list[Command], catalog: Catalog) -> list[Command]:
    """ "transfiere 800 de la de ahorro… no espera, mejor que sean 1500": a correction said after a request to act
    in the same message changes that request, which is then asked once, as corrected."""
    kept: list[Command] = []
    for command in commands:
        clause = command.clause
        # "y el recibo del cable también pero ese me lo saca de la corriente": a follow-up that acts is a request too
        earlier = next((c for c in reversed(kept) if c.step == Step.ANSWER and catalog.acts(c.intent or "")), None)
        if earlier is None or earlier.clause is None or clause is None:
            kept.append(command)
            continue
        if _only_corrects(clause, earlier, catalog):
            slots = _changed(earlier.clause.slots, clause.slots)
        elif _only_the_source(clause, earlier):
            slots = _with_the_source(earlier.clause.slots, clause.slots)
        else:
            kept.append(command)
            continue
        # the corrected request is said with its correction (the words code checks an amount against), and a "no,
        # espera" between them is part of the correction, not a no of its own
        text = f"{earlier.clause.text} {_as_corrected(clause, slots)}"
        corrected = replace(earlier.clause, text=text, slots=slots)
        at = kept.index(earlier)
        kept = [
            *kept[:at],
            replace(earlier, clause=corrected),
            *(c for c in kept[at + 1 :] if c.step != Step.SMALL_TALK),
        ]
    return kept


def _as_corrected(clause: Clause, slots: Slots) -> str:
    """The correction's words with each figure as it is read ("mejor 2" after "3 mil" says "mejor 2 mil"): the words
    code checks the amount against."""
    text = clause.text
    for said, read in zip(clause.slots.amounts, slots.amounts, strict=False):
        if read.said != said.said:
            text = re.sub(rf"(?<![\d.,]){re.escape(said.said)}(?![\d.,])", read.said, text, count=1)
    return text


def _changed(slots: Slots, by: Slots) -> Slots:
    """The slots as corrected: what the correction names replaces what was said; a product replaces only the one
    of its role ("no, mejor a la corriente" keeps where the money comes from)."""
    changed = {name: getattr(by, name) for name in CORRECTED if getattr(by, name)}
    if by.amounts and slots.amounts:  # "200 lucas… que sean 150": the figure keeps the scale it corrects
        changed["amounts"] = tuple(a.in_the_scale_of(slots.amounts[0]) for a in by.amounts)
    if by.products:
        roles = {p.role for p in by.products}
        changed["products"] = (*(p for p in slots.products if p.role not in roles), *by.products)
    return replace(slots, **changed)


def _only_the_source(clause: Clause, earlier: Command) -> bool:
    """ "quero pagar só o mínimo do cartão 4877, tira da conta 1007": after a request to move money, words that name
    only where it comes from are where that money comes from."""
    s = clause.slots
    source = any(p.role == "from" for p in s.products)
    # "…pero ese sí de la de cheques": a "sí" that stresses the source names nothing more
    named_more = s.amounts or s.services or s.merchants or s.periods or set(clause.anchors) - {AFFIRM}
    # "…Que salga de mis ahorros": a wish opening on "que", with no question mark, is no question
    wished = clause.mood == Mood.QUESTION and not clause.asked and clause.words[:1] == ("que",)
    said = clause.mood == Mood.REQUEST or wished
    asked = clause.polarity == Polarity.ASKS and said
    return earlier.intent in MONEY_INTENTS and source and asked and not named_more


def _with_the_source(slots: Slots, source: Slots) -> Slots:
    return replace(
        slots,
        products=(*(p for p in slots.products if p.role != "from"), *source.products),
        last4=tuple(dict.fromkeys((*slots.last4, *source.last4))),
        accounts=tuple(dict.fromkeys((*slots.accounts, *source.accounts))),
    )


def _only_corrects(clause: Clause, earlier: Command, catalog: Catalog) -> bool:
    """Words that correct and name nothing the bank does of their own ("no, mejor 1500"), in the customer's voice;
    an alert's other kind is the alert's own detail ("…no, perdón, mejor la de cobros duplicados")."""
    kind = catalog.takes_declared(earlier.intent or "", kind_named(clause))
    # "…ah no espera, el internet no, que ese ya lo pagó mi hermano, nomás la luz": the bill kept and the one refused
    # correct the payment, whoever the reason for refusing one names
    kept = bool(clause.slots.services and clause.slots.refused_services)
    return clause.slots.correction and (not clause.anchors or kind) and (continues_an_action(clause) or kept)
