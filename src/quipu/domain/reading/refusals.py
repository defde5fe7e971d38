"""Refusals known by their shape, whatever verb they refuse: the thing named and then its "no" ("alerta de
vencimento não, obrigada"), wanting negated ("tampoco quiero la alerta"), a withdrawal of an action named by its verb
("cancele eso de abonarle 300 mil"), a Brazilian "não" after the imperative ("bloqueia não"), one word that declines
("paso, ya tengo recordatorio")."""

from quipu.domain.reading.bills_named import only_another_refused
from quipu.domain.reading.lexicon import Lexicon, an_infinitive, articles, common_words, lexicon
from quipu.domain.reading.model import Polarity, Slots
from quipu.domain.reading.polarity import (
    a_verb_of_action,
    after_an_alternative,
    followed_by_comma,
    negation_words,
)
from quipu.domain.reading.pronouns import past_the_pronouns
from quipu.domain.reading.words import PUNCTUATION, Words, said_only

NOUN_AND_NO = 3  # "el bloqueo no": an article, the action's noun and its "no"


def refused_after_its_noun(clause: Words, language: str) -> bool:
    """ "alerta de vencimento não, obrigada", "el aviso de pago no": what is refused is named first and the "no" ends
    the clause, with no verb of action before it (a verb takes its own negation: "bloquéala, no")."""
    lex = lexicon(language)
    words = _without_courtesy_at_the_end(list(clause.content), lex)
    negators = negation_words(lex.language)
    if words[-1:] and words[-1] not in negators:  # "lo de la alerta tampoco, no me hace falta": refused at a pause
        words = _before_the_first_pause(clause, lex)
    if len(words) < 2 or words[-1] not in negators or words[-2] in negators:
        return False
    still = {w for p in lex.cue_words("not_yet") for w in p.split()}
    if after_an_alternative([w for w in words[:-1] if w not in still], lex):  # "¿ya cayó o todavía no?"
        return False
    # "quero meu dinheiro de volta, não…": a request said outright keeps its own "no"; after an article the action's
    # word is its noun ("el bloqueo no, gracias"), which the "no" refuses, and so after a noun's link ("el aviso de
    # pago no")
    things = articles() | common_words("noun_links")
    nouns = set(lex.cue_words("action_nouns"))  # "Bloqueo NO, la tengo aquí": the action's own noun
    # "cancelar tarjeta → no", "bloquearla no": an infinitive, with its pronouns or without, names the action as its
    # noun does
    named = nouns | {w for w in words if an_infinitive(w, lex)}
    verbs = [w for i, w in enumerate(words[:-1]) if (i == 0 or words[i - 1] not in things) and w not in named]
    return (
        lex.cue("action_verbs").search(" ".join(verbs)) is None
        and lex.cue("request").search(" ".join(words[:-1])) is None
    )


def _before_the_first_pause(clause: Words, lex: Lexicon) -> list[str]:
    """The clause's words before its first comma, when what follows it only says why ("…tampoco, no me hace falta",
    "…não, já tenho"); "el del internet no, solo el agua" keeps another thing, and stays one clause."""
    words = list(clause.words)
    if "," not in words:
        return []
    end = words.index(",")
    after = [w for w in words[end + 1 :] if w not in PUNCTUATION]
    why = negation_words(lex.language) | {str(w) for cue in ("because", "already") for w in lex.cue_words(cue)}
    before = [w for w in words[:end] if w not in PUNCTUATION]
    # "Bloqueo NO, la tarjeta la tengo aquí": an action named by its noun alone is refused whatever reason follows,
    # unless what follows keeps something else ("el bloqueo no, solo la alerta")
    keeps = any(lex.cue(cue).search(" ".join(after[:2])) for cue in ("only", "correction"))
    by_its_noun = len(before) <= NOUN_AND_NO and bool(set(before) & set(lex.cue_words("action_nouns")))
    return before if after[:1] and (after[0] in why or (by_its_noun and not keeps)) else []


def refused_as_unwanted(clause: Words, language: str) -> bool:
    """ "tampoco quiero la alerta de fecha de pago", "não quero o alerta de vencimento": wanting negated, then the thing
    named with no verb of action anywhere after it, refuses the thing ("no quiero que me la bloqueen" has its verb, read
    by `negated`; "ya no quiero la alerta" switches it off, read by the switch)."""
    lex = lexicon(language)
    words = list(clause.content)
    negators = negation_words(lex.language)
    wanting = lex.cue("wanting")
    for index, word in enumerate(words[:-1]):
        if word not in negators or followed_by_comma(clause, index):
            continue
        if lex.cue("action_verbs").search(" ".join(words[:index])):  # "bloquea la 4100, no quiero que me sigan…": why
            return False
        # "el aviso de vencimiento no lo quiero prendido": the thing named first, its pronoun before the wanting
        rest = " ".join(past_the_pronouns(words[index + 1 :], lex))
        wanted = wanting.search(rest)
        if wanted is None or wanted.start() != 0:
            continue
        after = rest[wanted.end() :].split()
        # a thing named by its article ("la alerta de fecha de pago") is refused whatever nouns follow ("pago")
        thing = bool(after) and after[0] in articles()
        return thing or (bool(after) and lex.cue("action_verbs").search(" ".join(after)) is None)
    return False


def withdrawn_by_its_verb(clause: Words, language: str) -> bool:
    """ "cancele eso de abonarle 300 mil a la tarjeta", "esquece isso de pagar a luz": a withdrawal whose object is an
    action named by its verb refuses that action ("cancela lo de la tarjeta" names no verb: it is no refusal)."""
    lex = lexicon(language)
    text = " ".join(clause.content)
    for found in lex.cue("withdrawing").find(text):
        verb = past_the_pronouns(text[found.end() :].split(), lex)
        if verb and a_verb_of_action(verb[0], lex):
            return True
        # "olvida lo del bloqueo de la 4100", "esquece aquilo da transferência": or the action named by its noun
        noun = verb[1:2] if verb[:1] and verb[0] in articles() else []
        if noun and lex.cue("action_verbs").search(noun[0]) is not None:
            return True
    return False


def refused_after_its_verb(clause: Words, language: str) -> bool:
    """ "bloqueia não", "paga não, deixa que eu pago": Brazilian Portuguese negates an imperative with a "não" said
    after it; the languages that do declare it (`closing_negation`)."""
    lex = lexicon(language)
    closing = set(lex.cue_words("closing_negation"))
    words = list(clause.words)
    for i, word in enumerate(words[1:], start=1):
        # "bloqueia não, pfv": only words said to be kind may follow
        ends = i + 1 == len(words) or words[i + 1] in PUNCTUATION or said_only(words[i + 1 :], [lex.cue("courtesy")])
        if word in closing and ends and a_verb_of_action(words[i - 1], lex):
            return True
    return False


def declined(clause: Words, language: str) -> bool:
    """ "paso, ya tengo recordatorio", "passo, obrigada": one word that declines, first and alone before a comma or
    the end ("paso 500 a la de ahorro" is no refusal)."""
    lex = lexicon(language)
    words = list(clause.words)
    content = [i for i, w in enumerate(words) if w not in PUNCTUATION]
    if not content or words[content[0]] not in set(lex.cue_words("declines")):
        return False
    after = words[content[0] + 1 : content[0] + 2]
    return not after or after[0] in PUNCTUATION


def _without_courtesy_at_the_end(words: list[str], lex: Lexicon) -> list[str]:
    """ "el bloqueo no, parce", "a transferência não, amiga, obrigada": a courtesy or a name the customer calls
    the bank by ends the clause after its "no" and changes nothing of what the "no" refuses."""
    while words:
        text = " ".join(words)
        last = [f for f in lex.cue("courtesy").find(text) if f.end() == len(text)]
        if not last or last[0].start() == 0:
            return words
        words = text[: last[0].start()].split()
    return words


IN_PERSON_REACH = 4  # "vou pagar | na agência", "lo pago mañana | en el Oxxo": the place a few words after the verb


def paid_in_person(clause: Words, language: str) -> bool:
    """ "vou pagar na agência no dia 28 mesmo", "mejor lo pago en el Oxxo": the customer pays it themselves, in
    person; the bank is asked to pay nothing."""
    return paid_at_a_place(clause, lexicon(language), "i_pay")


def paid_at_a_place(clause: Words, lex: Lexicon, paid_by: str) -> bool:
    """A payment (the cue `paid_by` names its words) a few words before a place the bank pays nothing at: a shop, a
    branch's window, cash."""
    text = " ".join(clause.content)
    places = [m.start() for m in lex.cue("in_person").find(text)]
    return any(
        0 <= len(text[paid.end() : place].split()) <= IN_PERSON_REACH
        for paid in lex.cue(paid_by).find(text)
        for place in places
    )


def opens_with_its_action(clause: Words, language: str) -> bool:
    """ "Bloqueo NO, la tarjeta la tengo aquí", "el pago no, …": the words open on an action's noun, so a product
    named after them is the reason's, not a product refused in place of another."""
    words = [w for w in clause.content[:2] if w not in articles()]
    return bool(words) and words[0] in set(lexicon(language).cue_words("action_nouns"))


def nothing_of_it(clause: Words, language: str) -> bool:
    """ "Nada de alerta de vencimento pro cartão", "nada de bloquear la tarjeta": "nothing of" before an action, by
    its noun or its verb, refuses it ("no tengo nada de saldo" names no action)."""
    lex = lexicon(language)
    text = " ".join(clause.content)
    nouns = set(lex.cue_words("action_nouns"))
    for found in lex.cue("nothing_of").find(text):
        after = [w for w in text[found.end() :].split() if w not in articles()][:1]
        if after and (after[0] in nouns or a_verb_of_action(after[0], lex)):
            return True
    return False


def things_refused(polarity: Polarity, words: Words, slots: Slots, language: str) -> Polarity:
    """The clause's polarity once the things it names are weighed: a thing refused after its noun refuses the request
    ("el bloqueo no"), but a product refused beside another ("la de débito, la de crédito no") refuses that product,
    and a bill refused beside one kept ("paga la luz, el agua no") that bill, not the request."""
    products_named = bool(slots.products or slots.last4) and not opens_with_its_action(words, language)
    if polarity == Polarity.ASKS and refused_after_its_noun(words, language) and not products_named:
        polarity = Polarity.REFUSES
    if slots.refused_services and only_another_refused(words.text, slots.services, language):
        polarity = Polarity.ASKS
    # "mejor sácalo de la de cheques, el ahorro no lo quiero tocar": the product refused beside the one money moves
    # from or to is what the "no" is about; the request stands
    if slots.refused_product and any(p.role for p in slots.products):
        polarity = Polarity.ASKS
    return polarity
