"""The cards waiting for the customer's button, as the conversation remembers them: each proposal a tool stored (its
id, what it said and whose skill it is), which still wait once more are shown, and which a refusal withdraws."""

from quipu.application.action_results import ActionProposal
from quipu.application.agent.state import LastRequest
from quipu.application.results import Result
from quipu.application.skills.outcome import ToolOutcome
from quipu.application.tool_results import PendingProposal
from quipu.application.transfer_results import Proposed
from quipu.domain.money import format_money

KEPT = 6  # a card's button expires in minutes: the conversation's last few cards are all that may still wait


def still_waiting(waiting: tuple[PendingProposal, ...], shown: list[PendingProposal]) -> tuple[PendingProposal, ...]:
    """The cards still waiting once these are shown: a new batch of actions supersedes the conversation's earlier
    one (the gateway cancels it), transfers wait side by side."""
    for card in shown:
        kept = tuple(p for p in waiting if p.id != card.id and not (p.kind == card.kind == "actions"))
        waiting = (*kept, card)
    return waiting[-KEPT:]


def proposal_of(outcomes: list[ToolOutcome[Result]], skill: str | None = None) -> PendingProposal | None:
    """The last proposal the tool calls stored."""
    shown = proposals_of(outcomes, skill)
    return shown[-1] if shown else None


def proposals_of(outcomes: list[ToolOutcome[Result]], skill: str | None) -> list[PendingProposal]:
    """The proposals the tool calls stored, in order, as the conversation remembers them (id and what each said)."""
    shown: list[PendingProposal] = []
    for o in outcomes:
        result = o.result
        if isinstance(result, ActionProposal) and result.proposal.needs_confirmation:
            items = [i.text.rstrip(".") for i in result.proposal.items]
            summary = "; ".join(items)[:160]
            actions = tuple(dict.fromkeys(i.action for i in result.proposal.items))
            shown.append(
                PendingProposal(
                    kind="actions", id=result.proposal.batch_id, summary=summary, skill=skill, actions=actions
                )
            )
        elif isinstance(result, Proposed):
            card = result.confirmation
            # written as the card writes it, in the customer's convention ("1.710.000,00 COP", never "1710000.00")
            summary = f"{format_money(card.amount, card.currency, card.place or 'es')} → {card.destination}"
            bill = o.arguments.get("service")
            shown.append(
                PendingProposal(kind="transfer", id=card.transfer_id, summary=summary[:160], skill=skill, about=bill)
            )
    return shown


def cards_of(last: LastRequest | None, skill: str | None, bills: tuple[str, ...] = ()) -> list[PendingProposal]:
    """The cards that words withdrawing withdraw: those of the skill whose action they refuse, else those of the
    skill of the card last shown ("no, mejor no" after two bills withdraws both, not the block card before), else
    all of them; of bills' cards, only those of the bills the words name ("olvídate de lo del internet")."""
    if last is None:
        return []
    cards = list({c.id: c for c in (*last.waiting, *([last.proposal] if last.proposal else []))}.values())
    skill = skill or (last.proposal.skill if last.proposal else None)
    cards = [c for c in cards if c.skill == skill] if skill else cards
    if bills:  # a bill named that no card pays withdraws nothing: the others were not refused
        return [c for c in cards if c.about in bills]
    return cards


def listed(cards: list[PendingProposal]) -> str:
    """What the cards said, for a reply that names them."""
    return "; ".join(c.summary for c in cards if c.summary)


def of_the_same_thing(earlier: PendingProposal, made: PendingProposal) -> bool:
    """Two cards of one thing: the same kind, the same bill (or none), and an action in common where they act."""
    actions = not earlier.actions or not made.actions or bool(set(earlier.actions) & set(made.actions))
    return earlier.kind == made.kind and earlier.about == made.about and actions
