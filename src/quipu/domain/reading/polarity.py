"""A clause's polarity, by the rules of the reading: whether its words ask, refuse ("no la bloquees", "mejor no",
"alerta de vencimento não") or put off ("todavía no", "a fin de mes") what they name."""

from functools import cache

from quipu.domain.reading.lexicon import Found, Lexicon, compiled_table, lexicon
from quipu.domain.reading.openers import if_words
from quipu.domain.reading.pronouns import past_the_pronouns
from quipu.domain.reading.words import PUNCTUATION, Words

BECAUSE = frozenset({"que", "q", "porque", "pq", "pois", "pues"})  # a reason follows a request ("…que ya no la uso")
NEED_REACH = 2  # "la necesito pa | la otra semana": at most this many words between a need and its time
BRIDGE = 4  # at most this many words between a negation and the verb it negates
IDIOM_WORDS = 2  # "ni | de | riesgos", "nem | por | um decreto": the words of an idiom of never after its preposition
SUBJECT_REACH = 4  # "mi tarjeta de crédito | no pasa": the words before a negation that may name what it tells of


@cache
def negation_words(language: str) -> frozenset[str]:
    """The single words of the language's negations ("no", "não", "nunca")."""
    return frozenset(w for p in lexicon(language).cue_words("negation") for w in str(p).split())


def after_an_alternative(words: list[str], lex: Lexicon) -> bool:
    """ "¿ya cayó o todavía no?", "já caiu ou ainda não?": the words end on an "or", one of two states asked."""
    return bool(words) and words[-1] in lex.cue_words("alternative")


def negatable_verbs(text: str, lex: Lexicon) -> list[Found]:
    """The verbs of action a negation may reach. After an imperative, a state the thing is wanted in is the
    request's reason ("bloquéeme la tarjeta…, no la quiero activa"), no verb negated."""
    states, asked = set(lex.cue_words("states")), lex.cue("imperative").search(text)
    return [
        m
        for m in lex.cue("action_verbs").find(text)
        if not (asked and m.start() > asked.start() and text[m.start() : m.end()] in states)
    ]


def a_verb_of_action(word: str, lex: Lexicon) -> bool:
    """The whole word is a verb of action, with any pronouns attached ("bloqueia", "bloquéenmela")."""
    found = lex.cue("action_verbs").search(word)
    return found is not None and found.start() == 0 and found.end() == len(word)


def none_at_all(clause: Words, language: str) -> bool:
    """ "no me mandes ningún mail", "não manda e-mail nenhum": a negation with "ningún" reaches the whole clause;
    a request said before the negation stays asked ("bloquee mi tarjeta, no la encuentro por ningún lado")."""
    lex = lexicon(language)
    negators = negation_words(lex.language)
    words = list(clause.content)
    first_negation = next((i for i, w in enumerate(words) if w in negators), None)
    text = clause.text
    for only in lex.cue("only").find(text):  # "no espera, mejor nomás 1800": "nada más" is "only"
        text = text[: only.start()] + " " * len(only.group(0)) + text[only.end() :]
    if first_negation is None or not lex.cue("none_at_all").search(text):
        return False
    before = words[:first_negation]
    # "quiero que me suban el cupo porque no me sirve para nada": the "no" is inside the reason a request gives
    asked = lex.cue("request").search(" ".join(before))
    past_the_request = before[len(" ".join(before)[: asked.end()].split()) + 1 :] if asked is not None else []
    reason = any(w in BECAUSE for w in past_the_request)  # the "que" of "quiero que…" is the request's own
    # "quiero una aclaración por el cargo de Best Buy…, no me llegó nada": told after a comma, what did not happen is
    # the request's reason
    said = list(clause.words)
    negated_at = next(i for i, w in enumerate(said) if w in negators)
    told_after = asked is not None and "," in said[:negated_at]
    # "yo no compré nada en amazon, ábrame una reclamación": what did not happen, told before a comma, is the reason
    # of the request said after it
    comma = next((i for i in range(negated_at, len(said)) if said[i] == ","), None)
    after = " ".join(w for w in said[comma + 1 :] if w not in PUNCTUATION) if comma is not None else ""
    opens = any(
        (found := lex.cue(c).search(after)) is not None and found.start() == 0 for c in ("imperative", "request")
    )
    return not lex.cue("action_verbs").find(" ".join(before)) and not reason and not told_after and not opens


def refused_for_now(clause: Words, language: str, anchors: list[Found]) -> bool:
    """ "no bloquees mi tarjeta todavía": negated, but only for now."""
    lex = lexicon(language)
    refused = negated(clause, language, [m.start() for m in anchors])
    return refused and bool(lex.cue("not_yet").search(clause.text))


def without_reminders(text: str, lex: Lexicon) -> str:
    """ "e não esquece a luz", "y no te olvides del agua": a forgetting negated reminds to do, and "ya no vivo ahí"
    tells what no longer is; their words (blanked, so that the positions of the rest stay) neither refuse nor take
    anything back."""
    for cue in ("reminder", "no_longer"):
        for found in lex.cue(cue).find(text):
            text = text[: found.start()] + " " * (found.end() - found.start()) + text[found.end() :]
    return text


def refusal(text: str, lex: Lexicon, said: str = "") -> bool:
    """ "mejor no", "para nada": refused; inside the reason given after a request ("cancélenme esa tarjeta que ya no
    la uso pa nada") the same words refuse nothing, nor do they inside a reminder ("não esquece a luz"). `said` keeps
    the commas: "…a Martina no va, arreglamos en efectivo" says it will not happen at a pause ("no va en ningún lado"
    tells a state)."""
    said = without_reminders(said or text, lex)
    text = without_reminders(text, lex)
    paused = [f for f in lex.cue("refusal_at_a_pause").find(said) if said[f.end() :].split()[:1] in ([], [","])]
    found = [*((f, text) for f in lex.cue("refusal").find(text)), *((f, said) for f in paused)]
    return any(not _emphasis_of_a_no(where, f, lex) and not _a_reason(where, f, lex) for f, where in found)


def _a_reason(text: str, found: Found, lex: Lexicon) -> bool:
    """ "…que ya no la uso pa nada" gives a reason for the request before it; "…, así que ni la toques" concludes,
    and refuses."""
    verb = lex.cue("action_verbs").search(text[: found.start()])
    between = text[verb.end() : found.start()] if verb is not None else ""
    return any(w in BECAUSE for w in between.split()) and lex.cue("consequence").search(between) is None


def put_off(text: str, lex: Lexicon, said: str | None = None) -> bool:
    """ "eso después", "la otra semana": put off. A time said as when it is needed by is no delay ("la necesito pa
    la otra semana", "preciso dele até semana que vem"): the request stands. `said` keeps the commas: words of a
    delay said across one are two ("bloquéala ahora, no sé dónde quedó")."""
    needs = [m.end() for m in lex.cue("needed_by").find(text)]
    if _later_at_the_end(text, lex):
        return True
    return any(
        not any(end <= m.start() and len(text[end : m.start()].split()) <= NEED_REACH for end in needs)
        and not _happened_yet(text, m, lex)
        and not _tells_a_state(text, m, lex)
        and not _made_it_to(text, m, lex)
        and not _the_rest_put_off(text, m, lex)
        and (said is None or m.group(0) in said)
        for m in lex.cue("postpone").find(text)
    )


NAMED_BEFORE_LATER = 2  # "la de luz | después": what is put off, named in a few words before the word of later


def _later_at_the_end(text: str, lex: Lexicon) -> bool:
    """ "solo la del agua, la de luz después", "o internet mais tarde": a word of later ending the clause, after the
    thing it puts off ("¿y después?" names nothing put off)."""
    found = [m for m in lex.cue("later_at_the_end").find(text) if m.end() == len(text.rstrip())]
    return any(
        len(text[: m.start()].split()) >= NAMED_BEFORE_LATER and not _the_rest_put_off(text, m, lex) for m in found
    )


def _the_rest_put_off(text: str, delay: Found, lex: Lexicon) -> bool:
    """ "págale 5 mil y lo demás a fin de mes", "paga 300 e o resto depois": a delay of the rest, after a request,
    puts off only the rest; what was asked before it stands."""
    rest = [
        m for m in lex.cue("the_rest").find(text[: delay.start()]) if len(text[m.end() : delay.start()].split()) <= 1
    ]
    return bool(rest) and lex.cue("action_verbs").search(text[: rest[-1].start()]) is not None


def _emphasis_of_a_no(text: str, found: Found, lex: Lexicon) -> bool:
    """ "con eso no me alcanza pa nada", "não acho ele em lugar nenhum": words that only strengthen a "no" said a few
    words before them refuse nothing of their own."""
    emphasis = lex.cue("emphasis").search(text[found.start() :])
    if emphasis is None or emphasis.start() != 0:
        return False
    before = text[: found.start()].split()[-BRIDGE:]
    return any(w in negation_words(lex.language) for w in before)


def _tells_a_state(text: str, delay: Found, lex: Lexicon) -> bool:
    """ "bloqueia meu cartão agora, não acho ele": a "not now" whose "no" goes on to a verb of a state tells that state;
    it puts nothing off ("todavía no la bloquees" does)."""
    if delay.group(0).split()[-1] not in negation_words(lex.language):
        return False
    verb = past_the_pronouns(text[delay.end() :].split(), lex)
    state = lex.cue("state_verbs").search(" ".join(verb[:2]))
    return state is not None and state.start() == 0


def _made_it_to(text: str, delay: Found, lex: Lexicon) -> bool:
    """ "con lo que tengo no llego a fin de mes", "não chego no fim do mês": a time the money lasts to, said with a
    verb of reaching it, tells the customer's straits; it puts nothing off."""
    before = text[: delay.start()].split()
    return bool(before) and before[-1] in lex.cue_words("reach_verbs")


def _happened_yet(text: str, delay: Found, lex: Lexicon) -> bool:
    """ "¿todavía no me lo han descontado?", "ainda não caiu o estorno", "¿ya me lo cobraron o todavía no?": what
    has or has not happened yet is a state, told or asked; only what the customer asks, put off, is a delay
    ("todavía no la bloquees")."""
    negators = negation_words(lex.language)
    if delay.group(0).split()[-1] not in negators:  # "semana que vem, tá?": only a "not yet" tells a state
        return False
    found = lex.cue("not_yet_happened").search(text[delay.end() :].strip())
    alternative = after_an_alternative(text[: delay.start()].split(), lex)  # "…o todavía no?": one of two states
    return (found is not None and found.start() == 0) or alternative


def negated(clause: Words, language: str, anchors: list[int]) -> bool:
    """A negation before the verb of an intent, with only pronouns and auxiliaries between ("no me la
    bloquees", "não quero transferir"); a "no" standing alone answers instead ("no, la otra")."""
    lex = lexicon(language)
    words = list(clause.content)
    negators = negation_words(lex.language)
    bridge = {w for p in lex.cue_words("negation_bridge") for w in p.split()}
    text = " ".join(words)
    starts = sorted({len(text[:a].split()) for a in anchors})
    for index, word in enumerate(words):
        if word not in negators:
            continue
        if index + 1 < len(clause.words) and followed_by_comma(clause, index):
            continue
        # "…que si no consigno 650 mil, me embargan", "se eu não pagar hoje…": a condition, its subject between or not
        if _after_an_if(words[:index], language):
            continue
        idiom = _never_idiom(words, index, lex)  # "ni de riesgos me mande…": the idiom's words bridge too
        for start in starts:
            between = words[index + 1 + idiom : start]
            if start > index + idiom and len(between) <= BRIDGE and all(w in bridge for w in between):
                if not between and _said_of_a_product(words[:index], language):
                    continue
                return True
    return False


def _after_an_if(before: list[str], language: str) -> bool:
    subjects = {str(w) for w in lexicon(language).cue_words("first_person")}
    opened = before[-2:-1] if before[-1:] and before[-1] in subjects else before[-1:]
    return bool(opened) and opened[0] in if_words(language)


def _never_idiom(words: list[str], index: int, lex: Lexicon) -> int:
    """How many words after the negation at `index` are an idiom of never ("ni de riesgos", "ni por error", "nem a
    pau"): the preposition and at most IDIOM_WORDS words after it, none of them a verb of action."""
    opened = " ".join(words[index : index + 2])
    if not any(opened == str(p) for p in lex.cue_words("never_idioms")):
        return 0
    taken = 1
    for word in words[index + 2 : index + 2 + IDIOM_WORDS]:
        if a_verb_of_action(word, lex) or word in {w for p in lex.cue_words("negation_bridge") for w in p.split()}:
            break
        taken += 1
    return taken


def _said_of_a_product(before: list[str], language: str) -> bool:
    """ "mi tarjeta de crédito no pasa en ningún lado": a product named right before a negation with its verb next to
    it is what the verb tells of (it does not go through), not an action the customer refuses ("la tarjeta no la
    bloquees" has its pronoun between)."""
    near = " ".join(before[-SUBJECT_REACH:])
    return any(phrases.search(near) for _, phrases in compiled_table(language, "products"))


def followed_by_comma(clause: Words, content_index: int) -> bool:
    """The content word at `content_index` is followed by a comma in the clause's words ("no, la otra")."""
    seen = -1
    for position, word in enumerate(clause.words):
        if word in PUNCTUATION:
            continue
        seen += 1
        if seen == content_index:
            return clause.words[position + 1 : position + 2] in ((",",), (":",))
    return False
