"""What the words after a comma (or, dictated, after no comma at all) are, when they are a clause of their own: a
report of what someone said, a correction, another product left alone, the bank asked to act; the request before
them stays what it was."""

from quipu.domain.dataset import AS_OF
from quipu.domain.reading.lexicon import articles, common_words, compiled_table, lexicon
from quipu.domain.reading.named import greeting_phrases
from quipu.domain.reading.openers import past_openers
from quipu.domain.reading.periods import periods_said
from quipu.domain.reading.polarity import a_verb_of_action, put_off, refusal
from quipu.domain.reading.products_named import products_named
from quipu.domain.reading.pronouns import past_the_pronouns
from quipu.domain.reading.words import AND, PUNCTUATION, said_only

CORRECTION_OPENS = 3  # "no, mejor…", "ou melhor…": a correction opens within the first words after the comma
REPORT_OPENS = 5  # "o app diz que…", "la señorita del banco me dijo…": a report opens within these words
BARE_QUE = frozenset({"que", "q"})
LEAD_TAIL = 2  # "o que compensa | mais": the words a question's lead may end on
TOPIC_WORDS = 4  # "y en la de cheques, …?": a question's topic, said before it, is a few words
QUESTION_OPENS = 3  # "…, en qué gasté más?": a question's word opens it within its first words
LEAD_WORDS = 6  # "oye y en tu opinión | qué conviene más": the words that may open a question of which is better


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
    """ "qué es mejor, pagar la luz hoy o esperar?", "oye y en tu opinión qué conviene más, pagar el mínimo o todo?":
    words that only ask which is better, or what to do, before a comma ask it of what follows: one clause with it."""
    lex = lexicon(language)
    text = " ".join(w for w in left if w not in PUNCTUATION)
    for found in lex.cue("about_action").find(text):
        # "o que compensa mais, …", "qué es mejor pues, …": a word or two after the question's words change nothing
        if len(text[found.end() :].split()) <= LEAD_TAIL:
            return _only_leads_in(text[: found.start()], language)
    return False


def asks_what_to_do_of_it(right: list[str], language: str) -> bool:
    """ "mi jefa dice que nomás pague el mínimo, tú qué harías?", "…, o que você faria": a question of what to do, with
    nothing of its own after the comma, asks it of what was said before: one clause with it."""
    lex = lexicon(language)
    for words in (right, past_the_pronouns(right, lex)):  # "tú qué harías": the one asked may be named first
        text = " ".join(w for w in words if w not in PUNCTUATION)
        found = lex.cue("about_action").search(text)
        if found is not None and found.start() == 0 and len(text[found.end() :].split()) <= LEAD_TAIL:
            return True
    return False


def _only_leads_in(before: str, language: str) -> bool:
    """ "oye y vos", "me diz uma coisa", "que": what may come before the question's words and leave it the customer's
    question; a request, another matter of the bank or a supposition there makes the question part of what was said
    before."""
    lex = lexicon(language)
    greetings = dict(compiled_table(language, "intents")).get("greeting")
    opening = [*lex.cue("openers").find(before), *(greetings.find(before) if greetings else [])]
    # "e aí, na sua opinião…": what opens or greets, set aside
    said = "".join(" " if any(m.start() <= i < m.end() for m in opening) else c for i, c in enumerate(before))
    rest = said.split()
    if len(rest) > LEAD_WORDS:
        return False
    said = " ".join(rest)
    cues = ("imperative", "request", "polite_request", "action_verbs", "hypothetical")
    if any(lex.cue(name).search(said) for name in cues):
        return False
    return not any(p.search(said) for _, p in compiled_table(language, "intents"))


def topic_of_the_question(left: list[str], right: list[str], language: str) -> bool:
    """ "e na corrente, qto tem?", "y la de crédito, ¿cuánto debo?": a few words that name no request, before a
    question opening on its question word, are what the question asks about: one clause with it (alone, "e na
    corrente" would read as a detail of whatever was asked last)."""
    lex = lexicon(language)
    words = [w for w in left if w not in PUNCTUATION]
    topic = " ".join(words[1:] if words[:1] and words[0] in AND else words)  # "y en la de cheques": the topic past "y"
    if _only_a_period(words, language):  # "e desde o começo do mês, qual loja…?", "oye y la semana pasada, en qué…?"
        asked = " ".join(w for w in right[:QUESTION_OPENS] if w not in PUNCTUATION)
        return lex.cue("question_words").search(asked) is not None
    if not topic or len(topic.split()) > TOPIC_WORDS:
        return False
    if any(lex.cue(name).search(topic) for name in ("imperative", "request", "polite_request", "action_verbs")):
        return False
    if any(p.search(topic) for _, p in compiled_table(language, "intents")):
        return False
    question = lex.cue("question_words").search(" ".join(w for w in right if w not in PUNCTUATION))
    # a bare "que" opens a wish as often as a question ("…, que sean 2500"): it makes no topic
    return question is not None and question.start() == 0 and question.group(0) not in BARE_QUE


def _only_a_period(words: list[str], language: str) -> bool:
    """ "e desde o começo do mês", "oye y la semana pasada", "y en mayo": a period, with the words that only open
    a sentence or join it to the one before, and nothing else."""
    text = " ".join(words)
    found = periods_said(text, language, AS_OF)
    covered = {i for said in found for i in range(len(text[: said.start].split()), len(text[: said.end].split()))}
    rest = [w for i, w in enumerate(words) if i not in covered]
    lex = lexicon(language)
    leads = ("prepositions", "fillers", "openers", "calls_attention")
    lead = AND | {str(w) for name in leads for w in lex.cue_words(name)}
    return bool(found) and all(w in lead for w in rest)


def another_bill_put_off(left: list[str], right: list[str], language: str) -> bool:
    """ "paga el del agua, el de internet todavía no", "paga a da internet, a da luz deixa pra semana que vem": another
    bill, named after a request only to be put off or refused, is a clause of its own; its delay takes back nothing of
    the request before it."""
    lex = lexicon(language)
    text = " ".join(w for w in right if w not in PUNCTUATION)
    return _other_bills(left, right, language) and (put_off(text, lex) or refusal(text, lex))


def another_bill_dictated(left: list[str], right: list[str], language: str) -> bool:
    """ "y el recibo del cable páguelo con la corriente la luz la dejamos para la otra semana": dictated with no
    comma, another bill opening on its article after an action on the first, only to be put off or refused, is a
    clause of its own, as it is after a comma (`another_bill_put_off`)."""
    lex = lexicon(language)
    acted = any(a_verb_of_action(w, lex) for w in left)
    opens = bool(right) and right[0] in articles() and _opens_on_a_bill(right[1:], language)
    return acted and opens and another_bill_put_off(left, right, language)


def _opens_on_a_bill(words: list[str], language: str) -> bool:
    """ "luz la dejamos…", "del agua no…", "da internet…": the words name a bill first, after a link at most."""
    named = words[1:] if words[:1] and words[0] in common_words("noun_links") else words
    text = " ".join(named)
    found = [p.search(text) for _, p in compiled_table(language, "services")]
    return any(f is not None and f.start() == 0 for f in found)


def stands_apart(right: list[str], language: str) -> bool:
    """After a request and a comma: what someone said, or another product left alone, is a clause of its own (another
    bill put off is one whatever comes before it: `another_bill_told`)."""
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


def corrected_aloud(left: list[str], right: list[str], language: str) -> bool:
    """ "quiero pagar la luz y el internet con la de cheques ah no espera el internet no": dictated with no comma, words
    that open on taking back what was just said (past an "ah") after a request to act start a clause of their own (a
    lookup corrected aloud, "…quanto foi de farmácia não pera de mercado", stays one question)."""
    lex = lexicon(language)
    if lex.cue("action_verbs").search(" ".join(left)) is None:
        return False
    said = past_openers([w for w in right if w not in PUNCTUATION], lex)
    found = lex.cue("corrected_in_place").search(" ".join(said[:CORRECTION_OPENS]))
    # "…no espera mejor que sean 3 mil y también…": a sum corrected is the numbers' own (`numbers_cued`)
    a_sum = any(w[:1].isdigit() or w in lex.numbers() for w in said[: CORRECTION_OPENS + 3])
    return found is not None and found.start() == 0 and len(said) > len(found.group(0).split()) and not a_sum


def corrected_then_another_bill(left: list[str], right: list[str], language: str) -> bool:
    """ "mejor la de la luz, el agua la pago la semana que viene": a correction said first is complete; the words after
    the comma that name another bill tell what becomes of that one, a clause of their own."""
    return corrects(left, language) and _other_bills(left, right, language)


def _other_bills(left: list[str], right: list[str], language: str) -> bool:
    """Each side names a bill, and none the other names; or the right names the rest ("…luz, as outras depois")."""
    named = [{name for name, p in compiled_table(language, "services") if p.search(" ".join(w))} for w in (left, right)]
    the_rest = lexicon(language).cue("the_rest").search(" ".join(right)) is not None
    return bool(named[0] and (named[1] or the_rest) and not named[0] & named[1])


def says_how(right: list[str], language: str) -> bool:
    """ "…com desconto, só 20 mil, pagando numa conta de outro banco": a verb of action in the gerund, right after a
    comma, says how what came before is done: one clause with it."""
    lex = lexicon(language)
    first = [w for w in right if w not in PUNCTUATION][:1]
    endings = [str(e) for e in lex.cue_words("gerund_endings")]
    return bool(first) and a_verb_of_action(first[0], lex) and any(first[0].endswith(e) for e in endings)


def another_bill_told(left: list[str], right: list[str], language: str) -> bool:
    """After a comma, what becomes of another bill than the one said before: after a correction ("mejor la de la
    luz, el agua la pago la semana que viene"), or put off or refused ("só a de água, a luz eu pago no fim do mês")."""
    return corrected_then_another_bill(left, right, language) or another_bill_put_off(left, right, language)


def greets_only(words: list[str], language: str) -> bool:
    """ "buenas parce, tengo una compra…": a greeting (and the words said to be kind) before a comma is a clause of
    its own, so what follows is read on its own."""
    greeting = greeting_phrases(language)
    said = " ".join(w for w in words if w not in PUNCTUATION)
    if greeting is None or greeting.search(said) is None:
        return False
    return said_only(words, [greeting, lexicon(language).cue("courtesy")])


def only_courtesy(rest: list[str], language: str) -> bool:
    """The words are only said to be kind ("…, por favor")."""
    return said_only(rest, [lexicon(language).cue("courtesy")])
