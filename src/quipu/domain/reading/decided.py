"""What a condition governs after it: a question asked right after a supposition is of the supposition; a decision
to wait told with what it rests on ("si sigue pendiente entonces espero", "como ya está pendiente, entonces espero",
"se ainda tá pendente então eu espero") is only that decision: the condition explains it, and it asks nothing."""

from quipu.domain.reading.lexicon import lexicon
from quipu.domain.reading.model import Clause, Mood, Polarity
from quipu.domain.reading.openers import if_words, past_fillers, past_openers
from quipu.domain.reading.words import Words

SINCE = frozenset({"como"})  # "como sigue pendiente, entonces espero": a reason, in both languages
WAIT = "hold"  # the intent of words that only hold or wait ("espero", "eu espero")


def after_its_premise(words: Words, language: str) -> Words | None:
    """The words after "entonces"/"então" of a clause, not asked, that opens on an "if" or a reason; None where it
    does not."""
    if words.asked:
        return None
    lex = lexicon(language)
    content = list(words.content)
    opened = " ".join(past_fillers(past_openers(content, lex), lex))
    # "si sigue pendiente…", "como (ya) sigue pendiente…": an "if" or a "since" opens it
    if not (opened.split()[:1] and opened.split()[0] in if_words(language) | SINCE):
        return None
    then = lex.cue("consequence").search(opened)
    tail = opened[then.end() :].split() if then is not None else []
    return Words(tuple(tail), " ".join(tail)) if tail else None


def asked_under_the_supposition(before: Clause, words: Words) -> bool:
    """A question said right after a supposition ("e se eu viajar pra fora, preciso bloquear o cartão antes?") asks
    what would be done if it came true: it is of the supposition, as a question about an action is. A supposition the
    customer has already settled ("si está pendiente entonces no lo voy a reclamar todavía. ¿Y cuánto debo?") leaves
    the next question standing on its own."""
    return before.mood == Mood.HYPOTHETICAL and before.polarity == Polarity.ASKS and words.asked
