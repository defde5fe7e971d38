"""The rules of the reading: what in a clause's words tells its mood, its polarity and who speaks. Each rule
reads the lexicon's cues of the clause's language; the learned reader weighs what no rule settles."""

from dataclasses import dataclass

from quipu.domain.reading.after_a_comma import leads_its_question
from quipu.domain.reading.alternatives import another_way
from quipu.domain.reading.asked_politely import asked_as_a_favour, asked_politely, asked_to_be_told
from quipu.domain.reading.commanded import LEAD_IN, commanded
from quipu.domain.reading.conditional import would_do
from quipu.domain.reading.lexicon import Found, Lexicon, Phrases, lexicon
from quipu.domain.reading.model import Mood, Polarity, Speaker
from quipu.domain.reading.openers import OPENING, opens_with, past_fillers, past_openers
from quipu.domain.reading.past import done, done_by_others
from quipu.domain.reading.polarity import (
    followed_by_comma,
    negatable_verbs,
    negated,
    negation_words,
    none_at_all,
    put_off,
    refusal,
    refused_for_now,
)
from quipu.domain.reading.reasons import reason_then_request
from quipu.domain.reading.refusals import (
    declined,
    nothing_of_it,
    paid_in_person,
    refused_after_its_verb,
    refused_as_unwanted,
    withdrawn_by_its_verb,
)
from quipu.domain.reading.what_it_does import asks_what_doing_would_do
from quipu.domain.reading.who_acts import (
    named_after_its_verb,
    past_what_the_bank_does,
    someone_else_acts,
    wished_of_another,
)
from quipu.domain.reading.wishes import wished, wished_action
from quipu.domain.reading.words import PUNCTUATION, Words


@dataclass(frozen=True)
class Cues:
    """What the rules found in one clause."""

    report: bool = False
    hypothetical: bool = False
    about_action: bool = False
    polite_request: bool = False
    request: bool = False
    question: bool = False
    refuses: bool = False
    postpones: bool = False
    switch_off: bool = False
    others: bool = False  # someone else is the one acting ("mi papá paga el agua", "me van a depositar")
    done_by_others: bool = False  # what someone else did to the customer's things, told ("me la bloquearon")
    pays: bool = False  # a verb of paying ("abónele", "paga"), as "me regala" is not
    done: bool = False  # the customer says they already did it themselves ("pagué la luz en el Oxxo")
    tell: bool = False  # a request to be told ("dime si fue por internet", "me diz quanto devo"): a question
    how_to: bool = False  # asks to be told how an action is done ("me regala info de cómo se abre…"), however politely
    habit: bool = False  # what the customer does every time ("con la 1005 nomás pago el agua cada mes"): told
    # the form of a verb asks ("bloqueia o cartão", reading/commanded.py), before anything done is told ("ayer abrí
    # la aclaración" is no command)
    commands: bool = False

    @property
    def speaker(self) -> Speaker:
        return Speaker.THIRD_PARTY if self.report or self.others or self.done_by_others else Speaker.CUSTOMER

    @property
    def polarity(self) -> Polarity:
        if self.postpones:
            return Polarity.POSTPONES
        return Polarity.REFUSES if self.refuses else Polarity.ASKS

    def settled_mood(self) -> Mood | None:
        """The mood the rules settle on their own; None leaves it to the learned reader."""
        if self.report:
            return Mood.REPORT
        if self.hypothetical:
            return Mood.HYPOTHETICAL
        if self.others:
            return Mood.STATEMENT
        # "Bloqueia o meu cartão 4877, passei o número… pra um golpista": what was done is told beside a command
        if (self.done and not (self.polite_request or self.commands)) or self.done_by_others:
            return Mood.QUESTION if self.question else Mood.STATEMENT
        if self.about_action and (self.how_to or not self.polite_request):
            return Mood.ACTION_QUESTION
        if self.tell:  # "nomás dime si fue compra por internet": what is asked is to know, never an action
            return Mood.QUESTION
        if self.habit and not (self.request or self.polite_request):  # "pago el agua cada mes" tells how it goes
            return Mood.QUESTION if self.question else Mood.STATEMENT
        if self.polite_request or self.request:
            return Mood.REQUEST
        return None


def read_cues(clause: Words, language: str) -> Cues:
    lex = lexicon(language)
    whole = clause
    clause = _past_opening(clause, lex)  # "una pregunta que no tiene nada que ver, ¿me bloquean…?": no refusal
    text = clause.text
    opened = past_fillers(past_openers(list(clause.content), lex), lex)
    opening = " ".join(opened[: OPENING + 2])
    # what a negation may negate: a verb of action ("no la bloquees", "não transfira", "no la des de baja"); a negated
    # verb of another kind ("no lo reconozco") leaves a request in the same words asked ("levanta una disputa, no lo
    # reconozco")
    anchors = negatable_verbs(text, lex)
    because = reason_then_request(opening, text, lex)
    # "como ya vence, págala": a reason, then what is asked; "o banco manda…?" asks what the bank does
    requested = lex.cue("request").search(past_what_the_bank_does(text, lex)) is not None
    favour = asked_as_a_favour(whole.content, lex)  # read before the openers are passed over: courtesy is one
    requested = requested or favour
    # "¿me lo pueden mandar al correo o toca ir a la oficina?": the other way offered asks whether it can be done here
    how_to = (
        _early(lex.cue("how_to"), text, OPENING + 2)
        or any(lex.cue("other_way").search(t) for t in (text, " ".join(lex.cue("only_joiners").blanked(text).split())))
        or _here_or_elsewhere(clause, opening, text, lex, requested)
    )
    # "de la cuenta de ahorros | cancele todo lo que debo": the product named first may push the imperative past it
    commands = commanded(whole, " ".join(opened[: OPENING + 2 + LEAD_IN]), language)
    # "vocês podem me dizer até que dia…": the embedded question may stand a word past the opening
    tell = opens_with(lex.cue("tell"), opening) or asked_to_be_told(" ".join(opened[: OPENING + 3]), lex)
    tell = tell or opens_with(lex.cue("to_see"), opening)  # "quiero ver si me alcanza para…": to know, not to act
    return Cues(
        commands=commands and not done(_up_to_a_comma(clause), language),
        # "imagínate que Mariana me pide prestado, yo le pasaría…": what someone says, only supposed
        report=_reported(text, opening, lex, tell) and not opens_with(lex.cue("supposing"), opening),
        hypothetical=_hypothetical(clause, language) and not favour,
        about_action=(
            (
                opens_with(lex.cue("about_action"), opening)
                or bool(lex.cue("about_action").search(text) and clause.asked and _early(lex.cue("about_action"), text))
            )
            and not because
        )
        or how_to
        or _led_by_its_question(clause, language)
        or asks_what_doing_would_do(opening, text, lex),
        polite_request=asked_politely(opening, lex, text),
        request=requested or commands or wished_action(clause, language) or because,
        question=(clause.asked or opens_with(lex.cue("question_words"), opening)) and not because,
        refuses=negated(clause, language, [m.start() for m in anchors])
        or refused_after_its_verb(clause, language)
        or refused_as_unwanted(clause, language)
        or withdrawn_by_its_verb(clause, language)
        or declined(clause, language)
        or paid_in_person(clause, language)
        or nothing_of_it(clause, language)
        or refusal(text, lex, " ".join(clause.words))
        or none_at_all(clause, language),
        postpones=put_off(text, lex, " ".join(clause.words)) or refused_for_now(clause, language, anchors),
        switch_off=bool(lex.cue("switch_off").search(text)),
        # "que la pague él", "que ele pague": a wish that someone else act is theirs to act on, not the bank's
        others=(someone_else_acts(opening, lex) and not wished(clause, language))
        or named_after_its_verb(clause.said, lex)
        or (wished(clause, language) and wished_of_another(clause.said, lex))
        or bool(lex.cue("incoming").search(text)),
        done=done(clause, language),
        done_by_others=bool(lex.cue("done_by_others").search(text)) or done_by_others(clause, language),
        pays=bool(lex.cue("pay_verbs").search(lex.cue("paying_asked_about").blanked(text))),
        tell=tell,
        how_to=how_to,
        habit=bool(lex.cue("habit").search(text)),
    )


def _up_to_a_comma(clause: Words) -> Words:
    """The clause's words before its first comma (all of them when it has none)."""
    if "," not in clause.words:
        return clause
    return Words(clause.words[: clause.words.index(",")], clause.said.split(",")[0].strip(), clause.asked)


def _led_by_its_question(clause: Words, language: str) -> bool:
    """ "oye y vos qué harías, pagar todo o el mínimo": which is better, asked before a comma with only words that
    open it, is what the clause asks of all that follows (one clause with it, see `leads_its_question`)."""
    comma = clause.words.index(",") if "," in clause.words else None
    return comma is not None and leads_its_question(list(clause.words[:comma]), language)


def _past_opening(clause: Words, lex: Lexicon) -> Words:
    """The clause's words from the first that is not an opener (with the punctuation right after the openers)."""
    drop = len(clause.content) - len(past_openers(list(clause.content), lex))
    at = seen = 0
    while at < len(clause.words) and (seen < drop or clause.words[at] in PUNCTUATION):
        seen += clause.words[at] not in PUNCTUATION
        at += 1
    return clause if drop == 0 else Words(clause.words[at:], clause.said, clause.asked)


def _here_or_elsewhere(clause: Words, opening: str, text: str, lex: Lexicon, requested: bool) -> bool:
    """A question that offers another way of the bank's ("…al correo o toca ir a la oficina?") or names this very
    chat ("¿por aquí me pueden bloquear la tarjeta…?", "vcs conseguem… por aqui mesmo?"): whether the bank can do it
    here is asked, not that it be done."""
    asked = clause.asked or asked_politely(opening, lex, text)
    # "necesito que me amplíen el cupo, ¿se puede por acá?": asked outright first, the chat named is only where; a way
    # the bank has no option for ("…o resumo por email em português?") is asked about the same way
    here = any(lex.cue(c).search(text) for c in ("this_channel", "way_not_offered")) and not requested
    return another_way(clause.content, asked, lex) or (asked and here)


def _reported(text: str, opening: str, lex: Lexicon, tell: bool) -> bool:
    """Someone else's words told ("me dijo que transfiera…"). Where the clause opens on a request to be told ("y me
    dice de cuánto es la cuota"), the telling words there are the customer's own: only a report further on counts ("me
    dice si es cierto que el del banco me dijo que transfiera…")."""
    found = [f for f in lex.cue("report").find(text) if not _made_nothing_done(f, text, lex)]
    # "…todavía no me dicen nada", "ninguém me falou": a telling denied tells nobody's words
    found = [f for f in found if not set(text[: f.start()].split()[-1:]) & negation_words(lex.language)]
    head = " ".join(opening.split()[:OPENING])
    return any(not (tell and f.covered in head) for f in found)


def _made_nothing_done(found: Found, text: str, lex: Lexicon) -> bool:
    """ "me hicieron transferir…" tells what someone made the customer do; "el cargo que me hicieron a la 4544" only
    says who made a charge: "made" reports only before the action it made done."""
    if found.covered not in lex.cue_words("made_to"):
        return False
    return not opens_with(lex.cue("infinitive"), text[found.end() :].strip())


def _early(phrases: Phrases, text: str, reach: int = OPENING) -> bool:
    found = phrases.search(text)
    return found is not None and len(text[: found.start()].split()) <= reach


def _hypothetical(clause: Words, language: str) -> bool:
    """ "si me roban la tarjeta…" supposes; a "sí" that answers does not ("si, bloqueala", "si porfa", "si abranme la
    aclaración": a "sí" before an imperative), nor an
    "if" inside a request ("bloquéala si puedes"): a one-word cue counts only where the clause opens."""
    lex = lexicon(language)
    if would_do(clause, language):  # "yo pagaría la luz con la de ahorro, pero…": what they would do
        return True
    # "una pregunta, si les pido pasar 10 mil… ¿me cobran?": the supposition opens past the words that only open
    words = past_openers(list(clause.content), lex)
    courtesy = lex.cue("courtesy").search(" ".join(words))
    if courtesy is not None and courtesy.start() == 0:  # "si puedes, ¿me la bloqueas?", "se puder, paga…": asked
        after = " ".join(words)[courtesy.end() :].split()
        # "se der tudo certo com a venda, transfiro…": a condition of its own, no courtesy
        asked = followed_by_comma(clause, len(clause.content) - len(after) - 1) or _opens_asking(after, lex)
        words = after if asked else words
    opened = len(clause.content) - len(words)
    if _early(lex.cue("maybe"), " ".join(words), reach=0):  # "talvez eu conteste a compra…": only maybe
        return True
    found = lex.cue("hypothetical").search(" ".join(words))
    if found is None:
        return False
    openers = {p for p in lex.cue_words("hypothetical") if " " not in p}
    if words and words[0] in openers:
        rest = words[1:]
        if len(rest) < 3 or followed_by_comma(clause, opened):
            return False
        return rest[0] not in _answer_words(language) and not opens_with(
            lex.cue("imperative"), " ".join(rest[:OPENING])
        )
    # "ativa um alerta pra quando eu comprar acima de 100", "bloquea la tarjeta en caso de que la pierda": the
    # condition of a request said outright first is the request's own
    commanded_first = lex.cue("imperative").search(" ".join(words[:OPENING]))
    if found.start() > 0 and commanded_first is not None and commanded_first.start() == 0:
        return False
    return " " in found.group(0).strip() or _if_inside_a_question(clause, openers, lex)


ACTION_WORDS = 4  # "doy de baja la": the longest verb of action the lexicon names, in words


def _opens_asking(words: list[str], lex: Lexicon) -> bool:
    """The words open on an imperative, a request or a verb of action ("se der paga a luz", "si puedes mándame…")."""
    opening = " ".join(words[:ACTION_WORDS])
    return any(
        opens_with(lex.cue(name), opening) for name in ("imperative", "request", "action_verbs", "polite_request")
    )


def _if_inside_a_question(clause: Words, openers: set[str], lex: Lexicon) -> bool:
    """ "¿qué pasa con la compra de Best Buy si bloqueo la 4322?": inside a question, an "if" right before a verb of
    action (its subject between at most) supposes that action."""
    if not clause.asked:
        return False
    words = list(clause.content)
    subjects = set(lex.cue_words("subject_pronouns"))
    for i, word in enumerate(words[1:-1], start=1):
        if word not in openers:
            continue
        # "si bloqueo", "se eu bloquear", "si doy de baja": the action's words start right there
        start = i + 2 if words[i + 1] in subjects else i + 1
        found = lex.cue("action_verbs").search(" ".join(words[start : start + ACTION_WORDS]))
        if found is not None and found.start() == 0:
            return True
    return False


def _answer_words(language: str) -> frozenset[str]:
    """Words that follow a "sí" that answers: "sí porfa", "sí claro", "sim pode"."""
    lex = lexicon(language)
    single = [p for p in lex.cue_words("affirm") + lex.cue_words("request") if " " not in p]
    return frozenset(single)
