"""A request said as a command: the form of the verb asks, whatever the verb ("póngame", "traspasa", "hágale",
"frená" are conjugated from the lexicon's verbs of action, reading/imperatives.py). The rules see it so the
safety rule can lean on them: a card is drawn only from words whose form asks."""

from functools import cache

import simplemma

from quipu.domain.reading.imperatives import conjugated, first_persons
from quipu.domain.reading.lexicon import articles, compiled_table, lexicon
from quipu.domain.reading.openers import opens_with
from quipu.domain.reading.text import Speller
from quipu.domain.reading.words import AND, Words

LEAD_IN = 3  # "de la | cuenta…", "desde mi | cuenta…": the words of a preposition and article before a product
NOTE = 7  # the words of a request jotted as a note ("transferir 300 da poupança pra corrente")


def commanded(clause: Words, opening: str, language: str) -> bool:
    """An imperative where the clause opens (past a courtesy: "se der, paga a luz", "si puedes mándame…"), or after
    the product it acts on; an imperative with its pronoun written onto it anywhere ("mejor en vez del total pasale
    200 lucas"); an infinitive opening a clause that asks no question ("quitar 45 da fatura", "cancelar um cartão")."""
    lex = lexicon(language)
    if opening.split()[:1] and opening.split()[0] in lex.cue_words("impersonal"):
        return False  # "¿se cancela solo?" tells what happens: a verb with "se" before it is never an imperative
    imperative = lex.cue("imperative")
    opening = " ".join(_past_and(opening.split()))  # "e liga o alerta de cobrança duplicada"
    past_courtesy = _past_courtesy(opening, language)
    said = (opening, _past_its_object(opening, language), past_courtesy, _respelled(past_courtesy, language))
    opens = any(opens_with(imperative, o) and not _after_a_question_word(o, language) for o in said)
    with_pronoun = lex.cue("imperative_with_pronoun").search(" ".join(clause.content)) is not None
    note = not clause.asked and len(clause.content) <= NOTE  # "pagar la tarjeta con la 1005 me conviene…": a topic
    noted = note and opens_with(lex.cue("infinitive"), past_courtesy)
    return opens or with_pronoun or noted or _taking_the_chance(clause, language)


def _after_a_question_word(opening: str, language: str) -> bool:
    """ "quem paga essa é meu ex", "quién transfiere eso": a question word before the verb makes it a question or a
    relative, never a command ("que" stays out: "que paga" is rare, and "que me pague…" is a wish read elsewhere)."""
    first = opening.split()[:1]
    asking = {w for w in lexicon(language).cue_words("question_words") if " " not in w} - {"que"}
    return bool(first) and first[0] in asking


def _taking_the_chance(clause: Words, language: str) -> bool:
    """ "aprovecho y pago la boleta de luz", "de una vez le abono a la tarjeta": the customer's own present, right
    after the words that take the chance of the conversation to do it, asks for it now."""
    lex = lexicon(language)
    text = " ".join(clause.content)
    found = lex.cue("taking_the_chance").search(text)
    if found is None or found.start() != 0:
        return False
    rest = text[found.end() :].split()
    while rest[:1] and rest[0] in lex.cue_words("clitics"):
        rest = rest[1:]
    return bool(rest) and rest[0] in own_presents(language)


@cache
def own_presents(language: str) -> frozenset[str]:
    return first_persons(lexicon(language).raw.get("imperatives"))


def _past_and(words: list[str]) -> list[str]:
    return words[1:] if words[:1] and words[0] in AND else words


def _respelled(opening: str, language: str) -> str:
    """The opening with its first word spelled as the one command it is a letter away from ("tranfere" is
    "transfere"); a word the lexicon's verbs do not come that close to stays as written."""
    words = opening.split()
    if not words:
        return opening
    return " ".join([_commands_speller(language).correct(words[0]), *words[1:]])


@cache
def _commands_speller(language: str) -> Speller:
    lex = lexicon(language)  # a word of the dictionary is no typo ("transfiro" is the customer's own present)
    known = frozenset(conjugated(lex.raw.get("imperatives"), ()))
    return Speller(known, is_a_word=lambda word: simplemma.is_known(word, lang=language))


def _past_courtesy(opening: str, language: str) -> str:
    """The opening past a courtesy it starts with ("por favor", "se der", "si puedes")."""
    found = lexicon(language).cue("courtesy").search(opening)
    if found is None or found.start() != 0:
        return opening
    return opening[found.end() :].strip(" ,")


def _past_its_object(opening: str, language: str) -> str:
    """ "la de débito cancelámela", "o cartão de crédito bloqueia": the product named first, then the imperative that
    acts on it; the words past the product (the opening itself when it names none first)."""
    words = [w for w in opening.split() if w not in AND]
    text = " ".join(words)
    # "de la cuenta de ahorros cancele todo lo que debo…", "da poupança paga a fatura": the source named first, with
    # its preposition and article, then the imperative
    leading = set(lexicon(language).cue_words("prepositions")) | set(articles())
    for _, phrases in compiled_table(language, "products"):
        found = phrases.search(text)
        before = text[: found.start()].split() if found is not None else []
        if found is not None and (len(before) <= 1 or (len(before) <= LEAD_IN and set(before) <= leading)):
            return text[found.end() :].strip()
    return opening
