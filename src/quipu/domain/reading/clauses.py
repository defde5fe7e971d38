"""A message's clauses: sentences, then the joins a customer uses to ask a second thing ("y también", "e também",
"pero", "y" before a new question or request, a comma before an imperative or a correction)."""

from functools import cache

from quipu.domain.reading.after_a_comma import (
    another_bill_dictated,
    another_bill_told,
    asks_the_bank,
    asks_what_to_do_of_it,
    corrected_aloud,
    corrects,
    greets_only,
    leads_its_question,
    says_how,
    stands_apart,
    topic_of_the_question,
)
from quipu.domain.reading.alternatives import after_an_alternative
from quipu.domain.reading.in_place import said_in_place
from quipu.domain.reading.kept_together import (
    SHORT,
    also_at_the_end,
    also_of_the_verb_after,
    joins_nothing,
    limits_the_verb_after_a_correction,
    merged,
    of_the_words_before,
    opens_on_an_imperative,
    restricts,
    right_away_then_a_detail,
    said_first,
    supposes,
)
from quipu.domain.reading.lexicon import Found, lexicon
from quipu.domain.reading.openers import if_words, looks_over, past_openers
from quipu.domain.reading.reactions import past_reactions, reacts_only
from quipu.domain.reading.starts import SUBORDINATING, said_count, second_request, starts_anew, tells_another
from quipu.domain.reading.words import AND, ENDS, PUNCTUATION, Words, normalise, said_only

DETAIL_ONLY = 3  # at most this many words after "pero"/"solo" that start nothing anew only qualify the clause before
# "antes do vencimento", "después de pagar", "depois que eu pagar": a joiner followed by these joins no clause
PREPOSITION_AFTER = frozenset({"de", "do", "da", "dos", "das", "del", "que"})


def clauses(text: str, language: str) -> list[Words]:
    """The message's clauses, in order."""
    words, said = normalise(text, language)
    pieces: list[tuple[list[str], list[str], bool]] = []
    current: list[str] = []
    current_said: list[str] = []
    before_a_question: set[int] = set()  # the pieces cut off by a "¿" that follows them
    for word, raw in zip(words, said, strict=True):
        # "¿" opens a question of its own, unless it is what an "if" said before supposes ("si no me alcanza, ¿…?")
        if (
            word == "¿"
            and len([w for w in current if w not in PUNCTUATION]) >= SHORT
            and not supposes(current, language)
        ):
            before_a_question.add(len(pieces))
            pieces.append((current, current_said, False))
            current, current_said = [], []
        if word in ENDS:
            if current:
                pieces.append((current, current_said, word == "?"))
            current, current_said = [], []
            continue
        current.append(word)
        current_said.append(raw)
    if current:
        pieces.append((current, current_said, False))
    # "las alertas de compras en el extranjero ¿tienen costo?", "el pago de la factura de internet, ¿se puede
    # programar…?": words before the question that ask nothing outright are its topic, one clause with it
    for i in sorted(before_a_question, reverse=True):
        topic, topic_said, _ = pieces[i]
        if i + 1 < len(pieces) and pieces[i + 1][2] and not _asks_outright(topic, language):
            question, question_said, _ = pieces[i + 1]
            if _asks_about_an_action(question, language) or leads_its_question(topic, language):
                pieces[i : i + 2] = [(topic + question, topic_said + question_said, True)]
            else:
                pieces[i] = (topic, topic_said, True)
    split = [past_reactions(part, language) for piece in pieces for part in _joined(piece, language)]
    asking = [part for part in split if not reacts_only(part[0], language)] or split  # "uy. y en mayo?"
    return merged([Words(tuple(w), _said(s), asked) for w, s, asked in asking if w], language)


def _said(raw: list[str]) -> str:
    """The customer's own words (a word the spellings expanded into several is said once)."""
    kept = [word for i, word in enumerate(raw) if i == 0 or raw[i - 1] is not word]
    return " ".join(kept)


def _joined(piece: tuple[list[str], list[str], bool], language: str) -> list[tuple[list[str], list[str], bool]]:
    """Splits a sentence where a second request or question starts."""
    words, said, asked = piece
    joined = " ".join(words)
    lex = lexicon(language)
    corrections = [m.span() for m in lex.cue("correction").find(joined)]  # "igual pero con 650" is one correction
    only = {m.span() for m in lex.cue("only_joiners").find(joined)}
    joiners = sorted([*lex.cue("clause_joiners").find(joined), *lex.cue("only_joiners").find(joined)], key=_first)
    for match in joiners:
        if any(match.start() < e and s < match.end() for s, e in corrections):
            continue
        start = len(joined[: match.start()].split())
        end = start + len(match.group(0).split())
        rest = words[end:]
        # "um aviso antes do vencimento": a time of what is asked; "mi jefa dice que nomás pague…", "¿…o solo con la
        # de ahorro?": the same clause
        # "…o eso solo lo hace la sucursal?": one question; "dice que es solo…": what someone said, one clause
        after_an_or = after_an_alternative(words[:start], lex) or of_the_words_before(match.covered, words[:start], lex)
        # "¿qué pasa con mi tarjeta si solo pago el mínimo?": an "only" right after an "if" is of the supposition
        after_if = start and words[start - 1] in SUBORDINATING | if_words(language)
        if (rest and rest[0] in PREPOSITION_AFTER) or after_if or after_an_or:
            continue
        if start and words[start - 1] in _subjects(language):  # "…dice que yo también pague": "me too", no clause
            continue
        # "bloquéeme la tarjeta de una vez, no la quiero activa", "págala de una vez con lo de ahorro": "right away"
        if not rest or rest[0] in PUNCTUATION or right_away_then_a_detail(match.group(0), rest, language):
            continue
        thing = also_of_the_verb_after(match.group(0), words[:start], rest, language)  # "y la luz también págamela"
        if thing == 0:
            continue
        start, end, rest = (thing - 1, thing, words[thing:]) if thing else (start, end, rest)  # after its "y"
        # "caso o salário caia antes eu pagaria…": a joiner inside a supposition, before its comma, is part of it
        if supposes(words[:start], language) and "," not in words[:start]:
            continue
        # "compárame mayo contra abril pero en total": a few words of detail after "pero" qualify what came before
        # "…3 lucas nomás en la de ahorro?", "pagar só o mínimo", "…la luz y el internet… nada más la luz": an "only"
        # that says how much or keeps one of what was named starts nothing, unless what follows starts anew
        of_a_figure = match.span() in only and restricts(words[:start], rest, language)
        if match.span() in only and limits_the_verb_after_a_correction(words[:start], rest, language):
            continue
        asks_more = (len(rest) > DETAIL_ONLY and not of_a_figure) or starts_anew(rest, language)
        # "e já que estamos paga também a luz": the words that only open the sentence are no clause before the joiner
        said_before = _said_before(words[:start], language)
        if said_before >= SHORT and len(rest) >= SHORT and asks_more:
            # "y el recibo del cable también pero ese me lo saca de la corriente": an "also" before another joiner
            # ends the words before it ("the cable too"), and the next clause starts at that joiner
            if also_at_the_end(match.group(0), rest, language):
                start = end
            head, tail = (words[:start], said[:start], _asked_with(words[:start], asked, language)), words[end:]
            rest_read = _joined((tail, said[end:], asked), language)
            return [*rest_read, head] if said_first(match.group(0), language) else [head, *rest_read]
    for index, word in enumerate(words):
        left, right = words[:index], words[index + 1 :]
        if index < SHORT or (len(right) < SHORT and not opens_on_an_imperative(right, language)):
            continue
        # "quiero pagar la luz y el internet ah no espera el internet no…": dictated, a correction opens a clause,
        # unless what it takes back is said right before it ("a la cuenta 4000001006 no perdón la 4000001003")
        dictated_correction = left[-1] not in PUNCTUATION and corrected_aloud(left, words[index:], language)
        if dictated_correction and said_count(left) > SHORT and said_in_place(tuple(words), language) == tuple(words):
            head = (left, said[:index], _asked_with(left, asked, language))
            return [head, *_joined((words[index:], said[index:], asked), language)]
        # "mi tarjeta no pasa en ningún lado me la pueden reactivar": dictated with no comma, the bank asked to act
        # "…dice que yo | pague los 44.800": a verb after its subject is the subject's
        kept_with = PUNCTUATION | SUBORDINATING | if_words(language) | _clitics_and_subjects(language)
        dictated = said_count(left) > SHORT and left[-1] not in kept_with
        # "caso o salário caia antes eu pagaria a internet": what follows an "if" is part of the supposition
        if dictated and asks_the_bank(words[index:], language) and not supposes(left, language):
            head = (left, said[:index], _asked_with(left, asked, language))
            return [head, *_joined((words[index:], said[index:], asked), language)]
        # "…páguelo con la corriente la luz la dejamos para la otra semana": another bill put off, dictated
        if dictated and another_bill_dictated(left, words[index:], language):
            head = (left, said[:index], _asked_with(left, asked, language))
            return [head, *_joined((words[index:], said[index:], asked), language)]
        # "hágame el favor y me pasa 150…": a favour asked only opens what is asked after the "y"
        joins = (
            word in AND and not joins_nothing(said[index], left, right, language) and not _opens_only(left, language)
        )
        # "…que si no entro al link y pongo mi clave, me bloquean…": a joiner inside an "if" still open is part of it
        joins = joins and not (supposes(left, language) and "," not in left)
        # "tô olhando o extrato e o ifood me cobrou 2x": what the customer was looking over ends at the "and"
        if joins and (second_request(left, right, language) or looks_over(left, lexicon(language))):
            head = (left, said[:index], _asked_with(left, asked, language))
            return [head, *_joined((right, said[index + 1 :], asked), language)]
        # "se me cayó en el metro, bloquéala": an imperative after a comma is a request of its own, one word or more
        enough = said_count(right) >= SHORT or opens_on_an_imperative(right, language)
        split_here = said_count(left) >= SHORT and enough and not supposes(left, language)
        opens_only = _opens_only(left, language)  # "outra coisa, qual o endereço…": the words before only open it
        if (
            word == ","
            and split_here
            and not opens_only
            and not topic_of_the_question(left, right, language)
            and not (leads_its_question(left, language) or asks_what_to_do_of_it(right, language))
            and not says_how(right, language)
            and (
                starts_anew(right, language)
                or greets_only(left, language)
                or corrects(right, language)
                or another_bill_told(left, right, language)
                or (
                    _asks_outright(left, language)
                    and (stands_apart(right, language) or tells_another(left, right, language))
                )
            )
        ):
            head = (left, said[:index], _asked_with(left, asked, language))
            return [head, *_joined((right, said[index + 1 :], asked), language)]
    return [piece]


def _first(found: Found) -> tuple[int, int]:
    """Joiners in the order said, the longer first where two start together ("mejor solo" before "solo")."""
    return found.start(), -found.end()


def _asked_with(head: list[str], asked: bool, language: str) -> bool:
    """The first part of a sentence that ends in "?" is asked with it, unless it asks for something outright
    ("o resumo vem com as movimentações ou só o saldo?" asks; "bloquea mi tarjeta y ¿cuánto debo?" requests)."""
    return asked and not _asks_outright(head, language)


def _asks_outright(words: list[str], language: str) -> bool:
    """A request said in so many words: "quiero…", an imperative, "¿me puedes…?"."""
    lex = lexicon(language)
    text = " ".join(w for w in words if w not in PUNCTUATION)
    imperative = lex.cue("imperative").search(" ".join(text.split()[:SHORT]))
    return imperative is not None or any(lex.cue(name).search(text) for name in ("request", "polite_request"))


def _asks_about_an_action(question: list[str], language: str) -> bool:
    """The question opens by asking about an action ("¿se puede…?", "¿cómo hago para…?")."""
    opening = " ".join(w for w in question if w not in PUNCTUATION)
    found = lexicon(language).cue("about_action").search(opening)
    return found is not None and found.start() == 0


def _said_before(words: list[str], language: str) -> int:
    """How many words before a joiner say something: openers, "y" and fillers say nothing ("y ya de paso…")."""
    if _opens_only(words, language):
        return 0
    lex = lexicon(language)
    silent = AND | set(lex.cue_words("fillers"))
    return len([w for w in past_openers(words, lex) if w not in silent])


def _opens_only(words: list[str], language: str) -> bool:
    """The words only open a turn ("otra cosa", "outra coisa", "o sea que"), with "y" and fillers between them ("y ya
    de paso", "e bom, outra coisa"): what follows is the clause."""
    lex = lexicon(language)
    opening = [lex.cue("openers"), lex.cue("concludes")]
    silent = AND | set(lex.cue_words("fillers"))  # "ya" is also a word of openers ("ya que estoy")
    return said_only(words, opening) or said_only([w for w in words if w not in silent], opening)


@cache
def _subjects(language: str) -> frozenset[str]:
    return frozenset(lexicon(language).cue_words("subject_pronouns"))


@cache
def _clitics_and_subjects(language: str) -> frozenset[str]:
    return frozenset(lexicon(language).cue_words("clitics")) | _subjects(language)
