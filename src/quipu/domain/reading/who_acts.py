"""Who acts in a clause, when it is not the customer: someone who opens it ("mi papá paga el agua"), someone named
after the verb ("el agua la paga mi hermano", "quem paga a luz é minha mãe"), or someone a wish names ("que la
pague él")."""

from quipu.domain.reading.lexicon import Lexicon
from quipu.domain.reading.polarity import a_verb_of_action
from quipu.domain.reading.text import fold
from quipu.domain.reading.words import PUNCTUATION


def someone_else_acts(opening: str, lex: Lexicon) -> bool:
    """ "mi papá paga el agua", "ele disse": someone else opens the clause. After a verb said to the bank the same
    pronoun is the thing acted on ("bloqueia ele", "paga ela"): the customer asks."""
    # someone close or anyone else: "mi amiga va a mandar…", "minha amiga vai mandar…"
    said = (lex.cue(cue).search(opening) for cue in ("others", "close_ones"))
    found = min((m for m in said if m is not None), key=lambda m: m.start(), default=None)
    if found is None or len(opening[: found.start()].split()) > 1:
        return False
    before = opening[: found.start()].strip()
    return not before or not any(lex.cue(cue).search(before) for cue in ("imperative", "action_verbs"))


def named_after_its_verb(text: str, lex: Lexicon) -> bool:
    """ "el agua la paga mi hermano", "quien paga el agua es mi hermano", "quem paga a luz é minha mãe": the one who
    acts named after the verb, behind a pronoun of the thing ("la paga…") or as the answer to "who" ("…es mi
    hermano"): someone else acts. "págale a mi hermano" asks: an imperative puts its pronouns after it."""
    things, copulas = set(lex.cue_words("thing_pronouns")), set(lex.cue_words("copulas"))
    negations = set(lex.cue_words("negation"))
    words = [fold(w) for w in text.split() if w not in PUNCTUATION]
    who = set(words[:2]) & set(lex.cue_words("who"))
    for before in _before_someone(text, lex):
        # "la paga": no imperative puts its pronoun first ("la luz, mi hermano…": "la" an article, no verb after it);
        # only the topic may come before ("quiero pagar la luz… porque ese lo paga mi roomie" asks the rest)
        topic = before[:-2]
        opens = not any(a_verb_of_action(w, lex) or w in negations for w in topic)
        if len(before) >= 2 and before[-2] in things and a_verb_of_action(before[-1], lex) and opens:
            return True
        if who and before and before[-1] in copulas:
            return True
    return False


def wished_of_another(text: str, lex: Lexicon) -> bool:
    """ "que ele pague a luz", "que mi hermano la pague", "que la pague él", "que la pague el que vivía antes": a wish
    whose own "que" opens the words, or follows a pause or a word of wanting, names who is to act right after it or
    right after its verb, and it is someone else. A "que" after a noun is a relative ("una conta de estorno que eles
    passaram"), no wish; "que alguien del banco me llame" asks the bank; "que me devuelvan el que me cobraron doble"
    names a charge, not who acts."""
    if lex.cue("someone_of_the_bank").search(fold(text)):
        return False
    written = text.lower().split()
    leads, things = set(lex.cue_words("wish_leads")), set(lex.cue_words("thing_pronouns"))
    for at, word in enumerate(written):
        if fold(word) != "que" or (at and fold(written[at - 1]) not in PUNCTUATION | leads):
            continue
        after = [w for w in written[at + 1 :] if w not in PUNCTUATION]
        verb = next((i for i, w in enumerate(after[:3]) if fold(w) not in things), 0)
        acts = after[verb:] and a_verb_of_action(fold(after[verb]), lex)
        if _someone_at(after, lex) or (acts and _someone_at(after[verb + 1 :], lex)):
            return True
    return False


def _someone_at(written: list[str], lex: Lexicon) -> bool:
    """The words, as written, open on someone else: someone close, anyone else, someone described, or a third
    person's pronoun with its accent ("él"; the folded "el" is also the article)."""
    said = " ".join(fold(w) for w in written)
    found = (lex.cue(cue).search(said) for cue in ("others", "close_ones", "described_ones"))
    third = bool(written[:1]) and written[0] in set(lex.cue_words("third_persons"))
    return any(f is not None and f.start() == 0 for f in found) or third


def _before_someone(text: str, lex: Lexicon) -> list[list[str]]:
    """The folded words before each mention of someone else: someone close, anyone else, someone described ("el que
    vivía antes"), or a third person's pronoun as written ("él" with its accent: the folded "el" is also the
    article)."""
    said = [w for w in text.lower().split() if w not in PUNCTUATION]
    words = [fold(w) for w in said]
    folded = " ".join(words)
    cues = ("others", "close_ones", "described_ones")
    found = [folded[: m.start()].split() for cue in cues for m in lex.cue(cue).find(folded)]
    third = set(lex.cue_words("third_persons"))
    return found + [words[:i] for i, w in enumerate(said) if w in third]


def past_what_the_bank_does(text: str, lex: Lexicon) -> str:
    """ "o banco manda o extrato por e-mail?", "el app avisa cada compra?": the verb right after the bank or one of its
    channels named as its subject is what they do, never an imperative said to them; it is left out."""
    words = text.split()
    for found in lex.cue("the_bank_as_subject").find(text):
        after = len(text[: found.end()].split())
        if after < len(words):
            words[after] = "_"
    return " ".join(words)
