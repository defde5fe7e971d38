"""What keeps words in one clause though a joiner or a comma comes between: an "if" and what it supposes, an
"only" that says how much, the "y" inside a number or between two products' endings."""

import re
from functools import cache

from quipu.domain.reading.bills_named import services_named
from quipu.domain.reading.lexicon import Lexicon, articles, common_words, lexicon
from quipu.domain.reading.openers import if_words, past_openers
from quipu.domain.reading.phrases import Phrases
from quipu.domain.reading.polarity import a_verb_of_action
from quipu.domain.reading.text import fold
from quipu.domain.reading.words import AND, PUNCTUATION, Words, said_only

SHORT = 2  # a clause of fewer words than this is kept with the one before it ("porfa", "gracias")
ENDING = re.compile(r"\d{4}")  # a product's ending ("la 4655")


def says_how_much(before: list[str], after: list[str], language: str) -> bool:
    """An "only" that says how much: the word right before or right after is a number or names one ("12 mil nomás",
    "só 300"), or it follows the verb it limits ("quero pagar só o mínimo")."""
    lex = lexicon(language)
    figures = set(lex.numbers()) | set(lex.scales_for(None))
    near = [w for w in (before[-1:] + after[:1]) if w not in PUNCTUATION]
    verb = before[-1:] and lex.cue("action_verbs").search(before[-1]) is not None
    return bool(verb) or any(w in figures or any(c.isdigit() for c in w) for w in near)


def said_first(joiner: str, language: str) -> bool:
    """ "…liquide ya la tarjeta pero antes dime cuánto debo": what follows "but first" is answered first."""
    return joiner in {str(j) for j in lexicon(language).cue_words("said_first")}


def also_at_the_end(joiner: str, rest: list[str], language: str) -> bool:
    """ "y el recibo del cable también pero ese…": an "also" right before another joiner ends the words before it."""
    joiners = {str(j) for j in lexicon(language).cue_words("clause_joiners") if " " not in str(j)}
    return joiner in _also(language) and bool(rest) and (rest[0] in joiners or rest[0] in AND)


@cache
def _also(language: str) -> frozenset[str]:
    """The one-word "also"s of the language ("también", "também", "además")."""
    return frozenset(str(a) for a in lexicon(language).cue_words("adds") if " " not in str(a))


def also_of_the_verb_after(joiner: str, before: list[str], rest: list[str], language: str) -> int | None:
    """ "y la luz también págamela": an "also" between a thing and an imperative that has no verb before it is of that
    verb; no clause ends there ("paga la luz, también págame el agua" asks two things). Where the thing follows a
    request and a "y" ("pasa dos mil a la de ahorro y el recibo del agua también págalo"), the clause starts after
    that "y": its index is returned (0 when nothing is asked before the thing), None when the "also" is not of it."""
    if joiner not in _also(language) or not opens_on_an_imperative(rest, language):
        return None
    ands = [i for i, w in enumerate(before) if w in AND]
    starts = ands[-1] + 1 if ands else 0
    if _has_a_verb(before[starts:], language):
        return None
    return starts if starts and _has_a_verb(before[: starts - 1], language) else 0


def _has_a_verb(words: list[str], language: str) -> bool:
    lex = lexicon(language)
    said = " ".join(w for w in words if w not in PUNCTUATION)
    return any(lex.cue(c).search(said) for c in ("imperative", "action_verbs", "request"))


def of_the_words_before(joiner: str, before: list[str], lex: Lexicon) -> bool:
    """A joiner that qualifies the words before it, no clause of its own: after "que" and "it is" it says what it is
    only a matter of ("ele disse que é só eu pagar 15 mil…", "ensinou que é só mandar bloquear…"); right after a verb
    of action, "first" says when that verb is done ("tenés que mandar primero 450 lucas", "transferir primeiro")."""
    if before[-2:-1] == ["que"] and bool(before[-1:]) and before[-1] in lex.cue_words("copulas"):
        return True
    return joiner in lex.cue_words("first_of_a_verb") and bool(before) and a_verb_of_action(before[-1], lex)


def restricts(before: list[str], after: list[str], language: str) -> bool:
    """An "only" that starts nothing: it says how much ("12 mil nomás"), or it keeps one of what the words before named
    ("pagar la luz y el internet… entonces nada más la luz"), or how it is done ("bloquear o cartão só para compras
    online": a preposition and a thing right after it; "só pra constar", a purpose, starts anew)."""
    if says_how_much(before, after, language) or _how_it_is_done(after, lexicon(language)):
        return True
    named = set(services_named(" ".join(before), language))
    return bool(named & set(services_named(" ".join(after[: SHORT + 1]), language)))


def limits_the_verb_after_a_correction(before: list[str], after: list[str], language: str) -> bool:
    """ "no mejor nomás abónale 2 mil", "não, melhor só paga 200": an "only" right after the words that take back what
    was asked limits the verb after it; one clause, the correction."""
    lex = lexicon(language)
    return opens_on_an_imperative(after, language) and said_only(before, [lex.cue("correction"), lex.cue("negation")])


def _how_it_is_done(after: list[str], lex: Lexicon) -> bool:
    if len(after) < 2 or after[0] not in lex.cue_words("prepositions"):
        return False
    purpose = after[1].endswith(tuple(lex.cue_words("infinitive_endings"))) or after[1] in common_words("relatives")
    return not purpose


def right_away_then_a_detail(joiner: str, after: list[str], language: str) -> bool:
    """ "págala toda de una vez con lo que tengo en ahorro": a joiner that also means "right away", followed by a
    detail of the same request (a preposition), joins nothing."""
    lex = lexicon(language)
    return joiner in lex.cue_words("right_away") and bool(after) and after[0] in lex.cue_words("prepositions")


def inside_a_number(left: list[str], right: list[str], language: str) -> bool:
    """ "treinta y cinco mil", "mil e quinhentos": an "y"/"e" between number words is part of the number."""
    lex = lexicon(language)
    numbers = lex.numbers()
    before = set(numbers) | set(lex.scales_for(None))
    return bool(left and right) and left[-1] in before and right[0] in numbers


def joins_nothing(said: str, left: list[str], right: list[str], language: str) -> bool:
    """An "y"/"e" that joins no clauses: inside a number, between two products' endings, or an "é" (a verb) that
    folding wrote as "e" ("o certo é deixar o aviso ligado")."""
    accented = said.lower() != fold(said)
    return accented or inside_a_number(left, right, language) or lists_one_more(left, right) or _between(left)


BETWEEN_REACH = 4  # "la diferencia entre | bloquear": the "between" a few words before its "y"


def _between(left: list[str]) -> bool:
    """ "la diferencia entre bloquear y cancelar", "entre a de débito e a de crédito": the "y"/"e" after a "between"
    joins its two sides, one question."""
    near = left[-BETWEEN_REACH:]
    return any(w in common_words("between") for w in near) and "," not in near


def lists_one_more(left: list[str], right: list[str]) -> bool:
    """ "el resumen de la 1005 y la 4655 al correo", "da 1005 e a 4655": an "y"/"e" between two endings (a number, or
    its article and a number) lists one more product of the same request."""
    # "…de la caja 1006 y la tarjeta 4766 al mail": the product's noun may come between the article and the ending
    opening = right[1:3] if right[:1] and right[0] in articles() else right[:1]
    ending = [w for w in opening if ENDING.fullmatch(w) is not None][:1]
    return bool(left and ending) and ENDING.fullmatch(left[-1]) is not None


def supposes(left: list[str], language: str) -> bool:
    """ "si el viernes no me alcanza, ¿me pagan la luz?": what follows an "if" is part of the supposition."""
    opening = [w for w in left[:2] if w not in AND]  # "y si pago solo el mínimo, ¿cuánto sería?"
    # "consulta boba: si hago una reclamación…, ¿me congelan la tarjeta?": past the words that only open
    said = past_openers([w for w in left if w not in PUNCTUATION and w not in AND], lexicon(language))
    # "en caso de que me bolseen en el concierto, ¿me bloquean la 4100…?": an "if" said in more words
    supposing = lexicon(language).cue("supposing")
    return (
        any(words[:1] and words[0] in if_words(language) for words in (opening, said))
        or any(opens_on(supposing, words) for words in (left, said))
        or _told_condition(left, language)
    )


def _told_condition(left: list[str], language: str) -> bool:
    """ "me llegó un mensaje diciendo que si no entro al link, me bloquean la cuenta", "dizendo que se eu não clicar…,
    bloqueiam": an "if" told after a "que" supposes what follows it as well ("me dijo que sí, …" is no "if": it says
    nothing after it)."""
    ifs = if_words(language)
    for i, word in enumerate(left[1:], start=1):
        after = [w for w in left[i + 1 :] if w not in PUNCTUATION]
        if word in ifs and left[i - 1] == "que" and "," not in left[i + 1 :] and len(after) >= SHORT:
            return True
    return False


def opens_on_an_imperative(words: list[str], language: str) -> bool:
    """The words open on an imperative ("bloquéala", "págamela")."""
    return opens_on(lexicon(language).cue("imperative"), words[:SHORT])


def opens_on(phrases: Phrases, words: list[str]) -> bool:
    """The words, their punctuation aside, open on one of the phrases."""
    found = phrases.search(" ".join(w for w in words if w not in PUNCTUATION))
    return found is not None and found.start() == 0


def merged(found: list[Words], language: str) -> list[Words]:
    """A piece too short to ask anything ("porfa") stays with the clause before it; a one-word imperative asks."""
    merged: list[Words] = []
    knowing = lexicon(language).cue("only_to_know")
    for words in found:
        # "nem pensa em bloquear, só queria saber": wanting only to know, with nothing named, asks nothing of its own
        short = (len(words.content) < SHORT or said_only(list(words.content), [knowing])) and not words.asked
        if merged and short and not stands_alone(words) and not opens_on_an_imperative(list(words.content), language):
            last = merged[-1]
            merged[-1] = Words(last.words + words.words, f"{last.said} {words.said}", last.asked)
        else:
            merged.append(words)
    return merged


def stands_alone(words: Words) -> bool:
    """A one-word answer or greeting is a clause of its own ("no", "sí", "hola")."""
    return len(words.content) == 1 and words.content[0].isalpha() and len(words.content[0]) <= 6
