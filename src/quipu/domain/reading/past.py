"""A past act, told ("pagué la luz", "já paguei", "le aboné 2 mil", "meu marido contestou"): no request, whatever
verb of action it names."""

from functools import cache

import simplemma

from quipu.domain.reading.imperatives import voseo_forms
from quipu.domain.reading.lexicon import Lexicon, common_words, lexicon
from quipu.domain.reading.polarity import a_verb_of_action
from quipu.domain.reading.refusals import paid_at_a_place
from quipu.domain.reading.text import fold, tokens
from quipu.domain.reading.words import Words

RELATIVE_REACH = 3  # "la cuenta que me pasó", "a conta que ele passou": a "que" this close makes the verb a detail


def done(clause: Words, language: str) -> bool:
    """ "pagué la luz", "já paguei": the customer's own past action. Read on their own letters, accents kept: the
    folded "pague" is also the request "pague la luz"."""
    lex = lexicon(language)
    said = " " + " ".join(tokens(clause.said.lower())) + " "
    listed = any(f" {str(p).lower()} " in said for p in lex.cue_words("done"))
    by_its_ending = _past_by_its_ending(clause, lex, lex.cue_words("past_endings"), own=True)
    # "pague la luz dos veces por error", "transferi 200 por error": no one asks for a mistake; the accent left out
    # of a past told with one is that past (the voseo's "transferí" asks nothing by mistake either)
    unaccented = lex.cue_words("past_endings_unaccented")
    mistaken = lex.cue("by_mistake").search(fold(said)) is not None
    by_mistake = mistaken and _past_by_its_ending(clause, lex, unaccented, own=False, voseo_asks=False)
    # "pague la luz de 845 en el oxxo": paid where the bank pays nothing, however its accent was written
    return listed or by_its_ending or by_mistake or paid_at_a_place(clause, lex, "paid_there")


def done_by_others(clause: Words, language: str) -> bool:
    """ "ya la bloqueó mi esposo", "meu marido contestou os 27,90": someone else's past act, told by its ending."""
    lex = lexicon(language)
    return _past_by_its_ending(clause, lex, lex.cue_words("others_past_endings"), own=False)


def _endings_after_a_marker(said: list[str], index: int, lex: Lexicon) -> list[str]:
    """The endings a past marker before the verb adds to the customer's own: "í" right after it ("ya abrí"); the
    plain "e"/"i" of an accent left out after a day gone or with a pronoun between ("ayer pague", "ya le abone"),
    or with a pronoun that opens the clause ("le pague la luz a mi jefa"): where no request stands (a request puts
    its pronouns after the verb, a wish puts a "que" before them)."""
    start = index
    while start and said[start - 1] in {str(w) for w in lex.cue_words("object_pronouns")}:
        start -= 1
    unaccented = [str(e) for e in lex.cue_words("past_endings_unaccented")]
    if start == 0 and start < index and said[0] in {str(w) for w in lex.cue_words("opening_pronouns")}:
        rest = said[:index] + said[index + 1 :]  # "transferí" is also the voseo's request, said without a pronoun
        return unaccented if not lex.cue("request").search(" ".join(fold(w) for w in rest)) else []
    if not start or said[start - 1] not in {str(w) for w in lex.cue_words("past_markers")}:
        return []
    # "ya transferí", "ya se los transferí": after "ya" the voseo's request is out, pronouns between or not (a request
    # puts its pronouns after the verb: "transferíselos")
    added = [str(e) for e in lex.cue_words("past_endings_after_already")]
    if start < index or said[start - 1] in {str(w) for w in lex.cue_words("past_days")}:
        added += unaccented
    return added


def _accent_left_out(word: str, ending: str, lex: Lexicon) -> bool:
    """An ending written without its accent is a past only where the accented word is one: "pague" ("pagué"),
    "transferi" ("transferí"); "transfiere" or "devuelve" are a present."""
    if ending not in {str(e) for e in lex.cue_words("past_endings_unaccented")}:
        return True
    accented = lex.cue_words("past_endings") + lex.cue_words("past_endings_after_already")
    stem = word[: -len(ending)]
    return any(simplemma.is_known(stem + str(a), lang=lex.language) for a in accented if fold(str(a)) == ending)


def _past_by_its_ending(clause: Words, lex: Lexicon, endings: list[str], *, own: bool, voseo_asks: bool = True) -> bool:
    """A verb of action whose ending, as written, is a past act ("le aboné", "ayer abrí", "abati"); in a relative
    clause ("transfiere a la cuenta que me pasó…") it only says which thing, and tells no act."""
    said = tokens(clause.said.lower())
    relative = common_words("relatives")
    for index, word in enumerate(said):
        these = [str(e) for e in endings] + (_endings_after_a_marker(said, index, lex) if own else [])
        ending = next((e for e in these if word.endswith(e) and len(word) > len(e) + 2), None)
        if ending is None or not a_verb_of_action(fold(word), lex) or not _accent_left_out(word, ending, lex):
            continue
        if voseo_asks and fold(word) in _voseo(lex.language):  # "prendé la alerta": the voseo asks; "pagué" is past
            continue
        # "Abra una disputa por el cobro…, el conductor canceló el viaje": a request said before tells why, not what
        if lex.cue("imperative").search(" ".join(fold(w) for w in said[:index])):
            return False
        if not relative & set(said[max(0, index - RELATIVE_REACH) : index]):
            return True
    return False


@cache
def _voseo(language: str) -> frozenset[str]:
    return voseo_forms(lexicon(language).raw.get("imperatives"))
