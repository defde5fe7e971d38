"""What the words after a comma (or, dictated, after no comma at all) are, when they are a clause of their own: a
report of what someone said, a correction, another product left alone, the bank asked to act; the request before
them stays what it was."""

from quipu.domain.reading.lexicon import compiled_table, lexicon, past_the_pronouns
from quipu.domain.reading.products_named import products_named
from quipu.domain.reading.words import AND, PUNCTUATION

CORRECTION_OPENS = 3  # "no, mejor…", "ou melhor…": a correction opens within the first words after the comma
REPORT_OPENS = 5  # "o app diz que…", "la señorita del banco me dijo…": a report opens within these words
BARE_QUE = frozenset({"que", "q"})
LEAD_TAIL = 2  # "o que compensa | mais": the words a question's lead may end on
TOPIC_WORDS = 4  # "y en la de cheques, …?": a question's topic, said before it, is a few words


def reports(right: list[str], language: str) -> bool:
    """ "desbloqueia meu cartão, o app diz que tá travado": what someone (or something) said, opening the words after
    a request, is a clause of its own; the request before it stays the customer's."""
    return lexicon(language).cue("report").search(" ".join(right[:REPORT_OPENS])) is not None


def corrects(right: list[str], language: str) -> bool:
    """ "manda 300 pra corrente, ou melhor, 350": a correction opening the words after a comma is a clause of its own,
    which changes the request before it."""
    found = lexicon(language).cue("correction").search(" ".join(right[:CORRECTION_OPENS]))
    return found is not None


def leaves_another_alone(right: list[str], language: str) -> bool:
    """ "bloquea la de débito, la de crédito déjala así": another product, named after a request only to be refused
    or left as it is, is a clause of its own; it takes back nothing of the request before it."""
    named, refused = products_named(" ".join(right), language)
    return refused and not named


def leads_its_question(left: list[str], language: str) -> bool:
    """ "qué es mejor, pagar la luz hoy o esperar?", "o que é melhor, pagar a fatura toda ou só o mínimo?": words that
    only ask which is better, or what to do, before a comma ask it of what follows: one clause with it."""
    text = " ".join(w for w in left if w not in PUNCTUATION)
    found = lexicon(language).cue("about_action").search(text)
    # "o que compensa mais, …", "qué es mejor pues, …": a word or two after the question's words change nothing
    return found is not None and found.start() == 0 and len(text[found.end() :].split()) <= LEAD_TAIL


def topic_of_the_question(left: list[str], right: list[str], language: str) -> bool:
    """ "e na corrente, qto tem?", "y la de crédito, ¿cuánto debo?": a few words that name no request, before a
    question opening on its question word, are what the question asks about: one clause with it (alone, "e na
    corrente" would read as a detail of whatever was asked last)."""
    lex = lexicon(language)
    words = [w for w in left if w not in PUNCTUATION]
    topic = " ".join(words[1:] if words[:1] and words[0] in AND else words)  # "y en la de cheques": the topic past "y"
    if not topic or len(topic.split()) > TOPIC_WORDS:
        return False
    if any(lex.cue(name).search(topic) for name in ("imperative", "request", "polite_request", "action_verbs")):
        return False
    if any(p.search(topic) for _, p in compiled_table(language, "intents")):
        return False
    question = lex.cue("question_words").search(" ".join(w for w in right if w not in PUNCTUATION))
    # a bare "que" opens a wish as often as a question ("…, que sean 2500"): it makes no topic
    return question is not None and question.start() == 0 and question.group(0) not in BARE_QUE


def stands_apart(right: list[str], language: str) -> bool:
    """After a request and a comma: what someone said, or another product left alone, is a clause of its own."""
    return reports(right, language) or leaves_another_alone(right, language)


def asks_the_bank(rest: list[str], language: str) -> bool:
    """ "…me la pueden reactivar", "…vcs me desbloqueiam": the bank asked to act, opening on its pronouns, a verb of
    asking and a verb of action (a request of its own even where no comma was said)."""
    lex = lexicon(language)
    verb = past_the_pronouns(rest, lex)
    if not rest or len(verb) == len(rest):
        return False
    polite = lex.cue("polite_request").search(" ".join(verb[:2]))
    asked = " ".join(verb[1:3])
    named = any(p.search(asked) for _, p in compiled_table(language, "intents"))
    action = lex.cue("action_verbs").search(asked) is not None or named
    return polite is not None and polite.start() == 0 and action
