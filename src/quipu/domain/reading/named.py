"""What a clause names outright: the intents its words name in the lexicon, read past the words that only open
it ("oi, …") and before what it is for ("…, pra não cair no rotativo")."""

import re
from functools import cache

from quipu.domain.reading.kept_together import opens_on
from quipu.domain.reading.lexicon import Phrases, articles, common_words, compiled_table, lexicon
from quipu.domain.reading.openers import if_words, past_openers
from quipu.domain.reading.polarity import without_reminders
from quipu.domain.reading.text import fold
from quipu.domain.reading.words import PUNCTUATION, Words, said_only


@cache
def greeting_phrases(language: str) -> Phrases | None:
    """The lexicon's greetings ("hola", "buenas", "oi"), found once per language."""
    return dict(compiled_table(language, "intents")).get("greeting")


def anchors(text: str, language: str) -> tuple[str, ...]:
    """The intents the lexicon names outright, in the lexicon's order of precedence; a reminder ("não esquece a
    luz") names no take-back."""
    text = _a_service_s_invoice_as_its_bill(without_reminders(text, lexicon(language)), language)
    text = _without_emphasis(_said_as(_past_a_please(text, language), language), language)
    return tuple(name for name, phrases in compiled_table(language, "intents") if phrases.search(text))


def _said_as(text: str, language: str) -> str:
    """Phrases said another way, read as the lexicon's word for them (`said_as`): "lo menos que puedo pagar" is the
    minimum, a superlative, not a comparison of spending ("menos que el mes pasado")."""
    for word, phrases in compiled_table(language, "said_as"):
        for found in reversed(list(phrases.find(text))):
            text = text[: found.start()] + word + text[found.end() :]
    return text


def _past_a_please(text: str, language: str) -> str:
    """ "desconocé por favor la compra…", "contesta pfv a cobrança…": a "please" said inside a phrase leaves it the
    phrase it interrupts (said alone, "por favor" still answers yes)."""
    for found in reversed(list(lexicon(language).cue("please").find(text))):
        before, after = text[: found.start()].strip(), text[found.end() :].strip()
        if before and after:
            text = f"{before} {after}"
    return text


# "¿cuánto es que debo?", "quanto é que eu devo?": "it is that", said for weight
EMPHASIS = (("es", "que"), ("e", "que"))


def _without_emphasis(text: str, language: str) -> str:
    """A question word, then "es que"/"é que" said for weight, asks as the question word alone ("¿cuánto es que debo?"
    is "¿cuánto debo?")."""
    asking = set(lexicon(language).cue_words("question_words"))
    words, kept = text.split(" "), list[str]()
    i = 0
    while i < len(words):
        if kept and kept[-1] in asking and tuple(words[i : i + 2]) in EMPHASIS:
            i += 2
            continue
        kept.append(words[i])
        i += 1
    return " ".join(kept)


def _a_service_s_invoice_as_its_bill(text: str, language: str) -> str:
    """ "paga a fatura da internet": the card's word for its bill, said of a service, names that service's bill (the
    lexicon's `invoice_of_a_service` says which word it is and what a bill is called)."""
    lex = lexicon(language)
    renamed = {str(k): str(v) for k, v in (lex.raw.get("invoice_of_a_service") or {}).items()}
    links = common_words("noun_links")
    services = [p for _, p in compiled_table(language, "services")]
    words = text.split(" ")
    for i, word in enumerate(words[:-2]):
        if word in renamed and words[i + 1] in links and any(opens_on(p, words[i + 2 :]) for p in services):
            words[i] = renamed[word]
    return " ".join(words)


def asked_part(text: str, language: str) -> str:
    """The words before a purpose ("qual o mínimo | pra não cair no rotativo", "bloquéala | para que no me cobren"):
    what a clause is for names no request of its own, unless nothing comes before it."""
    found = lexicon(language).cue("purpose").search(text)
    return text[: found.start()] if found is not None and text[: found.start()].strip() else text


def past_a_greeting(named: tuple[str, ...], words: Words, language: str) -> tuple[str, ...]:
    """ "oi, o ifood me cobrou 2x…": a greeting that opens a clause saying more names no intent of its own."""
    if "greeting" not in named or past_the_openers(words, language) is words:
        return named
    return tuple(n for n in named if n != "greeting")


def before_the_thanks(words: Words, language: str) -> Words:
    """ "dale, mandalo. gracias": thanks that close a clause asking something else weigh nothing in what it asks. A
    clause of thanks only, or of thanks after a bare "ok" ("dale gracias", "ok gracias": a closing as much as a yes),
    is read whole."""
    lex = lexicon(language)
    content = list(words.content)
    text = " ".join(content)
    closing = [m for m in lex.cue("closing_thanks").find(text) if m.end() == len(text)]
    if not closing:
        return words
    rest = [w for w in text[: closing[0].start()].split() if w not in PUNCTUATION]
    affirm = dict(compiled_table(language, "intents")).get("affirm")
    bare = said_only(rest, [lex.cue("openers"), *([affirm] if affirm else [])])
    return Words(tuple(rest), words.said, words.asked) if rest and not bare else words


def past_a_yes(words: Words, language: str) -> Words:
    """ "listo, pásele esa cuota…", "perfecto, mándalo": a one-word yes that is also a thanks, before a comma with more
    said after it, opens what is asked after it; it thanks no one ("listo, gracias" and "listo" alone are read
    whole; "dale, pasáselo a alguien" keeps its yes to the offer)."""
    said = list(words.words)
    opened = len(said) > 2 and said[1] == "," and said[0] in _yeses_that_thank(language)
    return Words(tuple(said[2:]), words.said, words.asked) if opened and len(words.content) > 2 else words


@cache
def _yeses_that_thank(language: str) -> frozenset[str]:
    lex = lexicon(language)
    thanks = {fold(str(t)) for t in (lex.raw.get("intents") or {}).get("thanks") or []}
    return frozenset(w for w in (fold(str(a)) for a in lex.cue_words("affirm")) if w in thanks) - if_words(language)


def past_the_openers(words: Words, language: str) -> Words:
    """ "dale, págalo desde la corriente": what the reader weighs is the request past the words that only open it
    (a clause of openers only is read whole: "ok", "dale pues")."""
    rest = past_openers(list(words.content), lexicon(language))
    if len(rest) == len(words.content):
        return words
    return Words(tuple(rest), words.said, words.asked)


def named_outright(words: Words, language: str, merchants: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The intents the clause names outright, as the reader weighs them; a charge named by its merchant ("reclamame
    el Spotify de 5.038,93") is the charge the lexicon's phrases name ("reclamá el cargo")."""
    text = asked_part(words.text, language)
    named = anchors(text, language)
    charge = _merchants_as_the_charge(text, merchants, language)
    as_the_charge = anchors(charge, language) if charge != text else ()  # read again only where a merchant stood
    return past_a_greeting(named + tuple(a for a in as_the_charge if a not in named), words, language)


def _merchants_as_the_charge(text: str, merchants: tuple[str, ...], language: str) -> str:
    """The merchant after its article ("el Spotify", "o iFood") is the charge; a merchant's name said as a word of
    its own ("ya no vivo…") is not."""
    noun = str(lexicon(language).raw.get("charge_noun") or "")
    the = "|".join(sorted(articles(), key=len, reverse=True))
    for merchant in merchants if noun else ():
        text = re.sub(rf"(?<!\w)({the}) {re.escape(fold(merchant))}(?!\w)", rf"\1 {noun}", text)
    return text


def announces_only(words: Words, language: str) -> bool:
    """ "hola, una consulta rápida", "oi, uma dúvida": a question announced and not yet asked (a greeting and kind
    words around it); it names nothing, so the assistant only invites it."""
    lex = lexicon(language)
    said = list(words.content)
    announced, asking = lex.cue("announces_a_question"), lex.cue("asking_verbs")
    greeting = greeting_phrases(language)
    kind = [lex.cue("openers"), lex.cue("courtesy"), *([greeting] if greeting else [])]
    if announced.search(" ".join(said)) is not None and said_only(said, [announced, *kind]):
        return True
    # "aprovecho y le pregunto:", "te pregunto otra cosa": a verb of asking and small words around it
    return asking.search(" ".join(said)) is not None and said_only(said, [asking, lex.cue("asking_words"), *kind])
