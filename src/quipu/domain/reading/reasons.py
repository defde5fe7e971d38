"""A reason given for a request ("como ya vence, págala"): said before what it is for, it asks nothing itself; a need
said after a question of what can be done ("¿me pueden subir el límite? lo necesito") makes the question a request;
one saying the customer has not decided yet ("…quiero saber qué opciones hay antes de decidir") makes every request
of the message a question about it."""

from dataclasses import replace

from quipu.domain.reading.lexicon import Lexicon, lexicon
from quipu.domain.reading.model import Clause, Mood
from quipu.domain.reading.openers import OPENING, opens_with, past_fillers, past_openers
from quipu.domain.reading.polarity import followed_by_comma
from quipu.domain.reading.words import Words


def gives_a_reason(clause: Words, language: str) -> bool:
    """ "como ya me llegó el extracto,": a clause that opens on the reason for what follows, and asks nothing itself."""
    lex = lexicon(language)
    opening = " ".join(past_openers(list(clause.content), lex)[: OPENING + 2])
    return opens_with(lex.cue("because"), opening) and lex.cue("request").search(clause.text) is None


def reason_then_request(opening: str, text: str, lex: Lexicon) -> bool:
    """ "como la tarjeta se vence mañana, quiero pagarla": a "como" that gives the reason ("since"), before a request
    said after it, asks nothing about how."""
    reason = lex.cue("because").search(opening)
    if reason is None or len(opening[: reason.start()].split()) > 1:
        return False
    asked = [*lex.cue("request").find(text), *lex.cue("imperative").find(text)]
    return any(m.start() > reason.end() for m in asked)


NEED_REACH = 2  # "tô precisando muito mesmo": a few words of weight after the need, and nothing else


def asked_by_its_need(before: Clause, words: Words, language: str) -> bool:
    """ "¿me pueden subir el límite? lo necesito": a need said on its own right after a question of what can be
    done."""
    return before.mood == Mood.ACTION_QUESTION and _only_a_need(words, language)


def _only_a_need(clause: Words, language: str) -> bool:
    """ "tô precisando", "es que lo necesito urgente": a need said on its own, naming nothing else."""
    lex = lexicon(language)
    words = past_fillers(past_openers(list(clause.content), lex), lex)
    found = lex.cue("need_said").search(" ".join(words))
    if found is None or found.start() != 0:
        return False
    after = " ".join(words)[found.end() :].split()
    # "tô precisando, acho que deixei cair no mercado": what follows a pause tells why, the need is still said alone
    ends = len(clause.content) - len(after) - 1  # the need's last word
    pause = next((at for at in range(len(after) + 1) if followed_by_comma(clause, ends + at)), len(after))
    # "…tô precisando, mas não agora": a "no" after the pause takes the need back
    return pause <= NEED_REACH and not set(after) & set(lex.cue_words("negation"))


def still_deciding(found: list[Clause], language: str) -> list[Clause]:
    """ "¿Me pueden bloquear la tarjeta unos días…? …quiero saber qué opciones hay antes de decidir", "vocês podem
    avisar qdo a fatura…? …queria entender como funciona antes de decidir": a customer who says they have not
    decided asks how the action goes, not that it be done."""
    undecided = lexicon(language).cue("undecided")
    if not any(undecided.search(" ".join(c.words)) for c in found):
        return found
    return [
        replace(c, mood=Mood.ACTION_QUESTION, settled=Mood.ACTION_QUESTION) if c.mood == Mood.REQUEST else c
        for c in found
    ]
