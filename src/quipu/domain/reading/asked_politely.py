"""A request said politely, as a question to the bank ("¿me puedes bloquear…?", "¿me la desbloquean?", "vcs me
desbloqueiam o cartão?"), told apart from a question of how an action works ("¿se puede bloquear…?")."""

from functools import cache

from quipu.domain.reading.lexicon import Lexicon, common_words, lexicon
from quipu.domain.reading.openers import opens_with
from quipu.domain.reading.text import fold
from quipu.domain.reading.words import AND, PUNCTUATION

FAVOUR_WORDS = 7  # "você me faria o favor de…": the favour is asked within the clause's first words


def asked_as_a_favour(words: tuple[str, ...], lex: Lexicon) -> bool:
    """ "¿me harías el favor de pasar 500…?", "si fueras tan amable de bloquear…", "se não for incômodo, paga…": a
    favour asked opens a request, however it is put (no supposition in its "si")."""
    return opens_with(lex.cue("asked_as_a_favour"), " ".join(words[:FAVOUR_WORDS]))


def asked_politely(opening: str, lex: Lexicon, text: str = "") -> bool:
    """ "¿me puedes bloquear…?", "¿puede usted…?": a request said politely; inside the words that ask how an action
    works ("se puede bloquear…?", "¿puedo pagar…?") it is no request. `text`, the whole clause, tells the bank's
    present asked about a process apart ("¿me bloquean la tarjeta mientras?")."""
    polite = lex.cue("polite_request").find(opening)
    about = [m.span() for m in lex.cue("about_action").find(opening)]
    return any(not any(m.start() < e and s < m.end() for s, e in about) for m in polite) or (
        _asked_of_the_bank(opening, lex) and not lex.cue("meanwhile").search(text)
    )


def _asked_of_the_bank(opening: str, lex: Lexicon) -> bool:
    """ "¿me la desbloquean?", "vcs me desbloqueiam o cartão?": the bank asked, as a question, to do an action to the
    customer's own things: the customer's pronoun opens it, then the verb of an imperative said to "tú" or
    "ustedes" (what others do for the customer, "me depositan", is read as someone else acting). Asked with
    "meanwhile" ("¿me bloquean la tarjeta mientras?", "vcs me bloqueiam o cartão enquanto isso?") the same present
    asks what the bank does while a claim runs: the caller checks that."""
    words = opening.split()
    if words[:1] and words[0] in AND:  # "…y me suben el límite a 2 palos?": asked after what came before
        words = words[1:]
    while words[:1] and words[0] in lex.cue_words("addressed"):
        words = words[1:]
    if not words or words[0] not in lex.cue_words("own_clitics"):
        return False
    rest = words[1:]
    while rest[:1] and rest[0] in lex.cue_words("clitics"):
        rest = rest[1:]
    return bool(rest) and rest[0] in _presents_of_imperatives(lex.language)


@cache
def _presents_of_imperatives(language: str) -> frozenset[str]:
    """ "desbloquea" → "desbloqueas", "desbloquean"; "desbloqueia" → "desbloqueiam": the present said to the bank of
    each one-word imperative that is also that verb's present."""
    lex = lexicon(language)
    verbs = {fold(str(v)) for v in lex.cue_words("imperative") if " " not in str(v)}
    ends = [str(e) for e in lex.cue_words("present_endings")]
    return frozenset(v + e for v in verbs if v[-1:] in "ae" for e in ends)


def asked_to_be_told(opening: str, lex: Lexicon) -> bool:
    """ "¿me pueden decir si puedo pagar la luz desde la 0011?", "vocês podem me dizer se, bloqueando o 4877…", "¿me
    dices si alcanza para pagar el internet…?": a modal said to the bank, or the customer's pronoun, then a verb of
    telling, then an embedded question (a question word, or "si"/"se"): what is asked is to know, however the
    question inside names an action. Only "you", the customer's pronouns and the modal may come before the verb
    ("me dijeron que pueden decirme si…" is someone else's words)."""
    words = [w for w in opening.split() if w not in PUNCTUATION]
    words = words[1:] if words[:1] and words[0] in AND else words  # "y me dice de cuánto es la cuota"
    modals, verbs = set(lex.cue_words("tell_modals")), set(lex.cue_words("telling_verbs"))
    presents, clitics = set(lex.cue_words("telling_presents")), set(lex.cue_words("own_clitics"))
    leads = modals | set(lex.cue_words("addressed")) | clitics
    for at, word in enumerate(words):
        if word in verbs or word in presents:
            before, after = words[:at], " ".join(_past_a_preposition(words[at + 1 :], lex))
            embedded = lex.cue("question_words").search(after) or lex.cue("embedded_questions").search(after)
            opens_a_question = embedded is not None and embedded.start() == 0
            # "me dice que transfiera…": a bare "que" after the present is what someone says, no question
            said = word in presents and embedded is not None and embedded.group(0).strip() in common_words("relatives")
            told = bool(set(before) & modals) if word in verbs else bool(set(before) & clitics)
            return told and all(w in leads for w in before) and opens_a_question and not said
        if word not in leads:
            return False
    return False


def _past_a_preposition(words: list[str], lex: Lexicon) -> list[str]:
    """ "hasta qué hora…", "até que dia…": the embedded question may open on a preposition before its question word."""
    return words[1:] if words[:1] and words[0] in lex.cue_words("prepositions") else words
