"""The customer's products the words name: by kind ("la de ahorro", "a corrente"), by an account's number or an
ending of their own ("de mi cuenta 4000000033", "con la que termina en 0022"), each with the role the words give
it (where money leaves from, where it goes) and any named only to be refused ("la de crédito no")."""

from dataclasses import replace

from quipu.domain.reading.draft import CUE_REACH, Draft, digits_of
from quipu.domain.reading.lexicon import Lexicon, common, compiled_region_table, compiled_table, lexicon
from quipu.domain.reading.model import Clause, Mood, Product, ReadingContext, Slots, Speaker
from quipu.domain.reading.polarity import a_verb_of_action
from quipu.domain.reading.products import ACCOUNT_KINDS
from quipu.domain.reading.words import PUNCTUATION

LEFT_ALONE_WORDS = 5  # "déjenla tal cual": the longest way of leaving a product as it is
ARTICLES = ("la", "el", "los", "las", "a", "o", "os", "as", "mi", "mis", "meu", "minha")


def products_named(text: str, language: str, region: str | None = None) -> tuple[list[Product], bool]:
    """The customer's products named by kind, the longest name first, each with the role its preposition
    gives ("de mi ahorro" is where money leaves, "a la corriente" where it goes, "con el ahorro" pays), and
    whether one was named only to be refused ("la de débito, la de crédito no"), which is left out. `text` keeps
    the clause's commas: "no, la de débito" answers, "no la de débito" refuses."""
    lex = lexicon(language)
    spans: list[tuple[int, int, str]] = []
    named = (*compiled_table(language, "products"), *compiled_region_table(language, "region_products", region))
    for kind, phrases in named:
        for match in phrases.find(text):
            spans.append((match.start(), match.end(), kind))
    chosen: list[tuple[int, int, str]] = []
    for start, end, kind in sorted(spans, key=lambda s: s[0] - s[1]):
        if not any(start < e and s < end for s, e, _ in chosen):
            chosen.append((start, end, kind))
    found, refused = [], False
    for start, end, kind in sorted(chosen):
        if refused_here(text[:start].split(), text[end:].split(), lex):
            refused = True
            continue
        before = [w for w in text[:start].split() if w not in PUNCTUATION][-3:]
        found.append(Product(kind, _role(" ".join(before), lex)))
    return found, refused


def refused_here(before: list[str], after: list[str], lex: Lexicon) -> bool:
    """A negation right before the thing named (a product, a bill; an article between at most) or right after it,
    closing the clause or its comma, or the thing left as it is right after it: "no la de crédito", "la de crédito
    no", "la del agua no, nomás la luz", "la de crédito déjenla como está"."""
    negators = set(lex.cue_words("negation"))
    while before and before[-1] in ARTICLES:
        before = before[:-1]
    if before and before[-1] in negators:
        return True
    left = lex.cue("left_alone").search(" ".join(after[:LEFT_ALONE_WORDS]))
    if left is not None and left.start() == 0:  # "la de crédito déjenla como está"
        return True
    if len(after) > 1 and after[0] in lex.cue_words("not_yet") and after[1] in negators:  # "el internet todavía no"
        after = after[1:]
    if not after or after[0] not in negators:
        return False
    courtesy = {str(c) for c in lex.cue_words("courtesy") if " " not in str(c)}  # "la de crédito no eh, esa…"
    rest = after[1:]
    while rest and rest[0] in courtesy:
        rest = rest[1:]
    # "el internet no, que ese ya lo pagó mi hermano": the refusal, then why
    return not rest or rest[0] in PUNCTUATION or rest[0] in lex.cue_words("refusal_reason")


# the words that name an account before its number ("de la cuenta de ahorro 4000000011"): set aside to find its role
ACCOUNT_NOUNS = frozenset({"cuenta", "conta", "cta", "numero", "nro", "ahorro", "ahorros", "corriente", "poupanca"})
OF = frozenset({"de", "da", "do"})


def held_kind(product: Product, context: ReadingContext) -> Product:
    """A word that names either of two kinds ("el crédito": the card, or a loan) names the one the customer holds;
    the first when they hold both or neither. An account named by its currency is the customer's one account in it."""
    currencies = (common().get("by_currency") or {}).get(product.kind)
    if currencies:
        return _held_in(product, currencies, context)
    kinds = (common().get("either_kind") or {}).get(product.kind)
    if not kinds:
        return product
    held = [k for k in kinds if any(p.kind == k for p in context.products)]
    return replace(product, kind=held[0] if len(held) == 1 else kinds[0])


def _held_in(product: Product, currencies: list[str], context: ReadingContext) -> Product:
    """ "con lo de la cuenta de dólares": the one savings or checking account the customer holds in that currency,
    with its ending; of several, an account in that currency, which one code asks. The currency is the one they
    hold ("la de pesos": MXN in Mexico), none when their records do not say."""
    held = [p for p in context.products if p.kind in ACCOUNT_KINDS and p.currency in currencies]
    codes = {p.currency for p in held}
    currency = codes.pop() if len(codes) == 1 else (currencies[0] if len(currencies) == 1 else None)
    if len(held) != 1:
        return replace(product, kind="account", currency=currency)
    return replace(product, kind=held[0].kind, last4=held[0].last4, currency=currency)


def own_accounts(
    accounts: list[str], products: list[Product], draft: Draft, lex: Lexicon, context: ReadingContext
) -> tuple[list[str], list[Product]]:
    """The customer's own accounts named by number are their products, with the role the words give them ("de
    la cuenta 4000000022 a la cuenta 4000000011"): money between them never goes to "someone else's" account."""
    own = {p.account_number: p for p in context.products if p.account_number}
    kept, found = [], list(products)
    for number in accounts:
        if number not in own:
            kept.append(number)
            continue
        at = next((i for i, w in enumerate(draft.words) if digits_of(w) == number), None)
        role = _role(" ".join(_before_the_account(draft.words[:at] if at else [])), lex)
        _name(found, Product(own[number].kind, role, own[number].last4))
    return kept, found


def own_endings(
    last4: list[str], products: list[Product], draft: Draft, lex: Lexicon, context: ReadingContext
) -> list[Product]:
    """An account of the customer's own named by its ending ("con la que termina en 0022", "desde a final 0011") is
    that product, with the role the words before the ending give it; which of two accounts of one kind it is, too."""
    own = {p.last4: p for p in context.products if p.account_number and p.last4}
    found = list(products)
    cues = [(draft.index(m.start()), draft.index(m.end())) for m in lex.cue("card_ending").find(draft.text)]
    for ending in (e for e in last4 if e in own):
        at = next((i for i, w in enumerate(draft.words) if w == ending), 0)
        # the words before the ending's cue give the role ("con la | que termina en | 0022")
        start = next((s for s, e in cues if at - CUE_REACH <= e <= at), at)
        # "de mi cuenta 0011": the account's nouns set aside, as before its number
        _name(found, Product(own[ending].kind, _role(" ".join(_before_the_account(draft.words[:start])), lex), ending))
    return found


def _name(found: list[Product], named: Product) -> None:
    """ "de mi cuenta de ahorro 4000000011": a product already named by kind is that one, its role kept or given;
    "de mi cuenta 0011 a mi cuenta 0022": an account named by no kind, with the same role, is the one the number
    names; else the product is added."""
    same = [i for i, p in enumerate(found) if p.kind == named.kind]
    same = same or [i for i, p in enumerate(found) if p.kind == "account" and p.role == named.role and named.role]
    if same:
        found[same[0]] = Product(named.kind, found[same[0]].role or named.role, named.last4)
    else:
        found.append(named)


def _before_the_account(words: list[str]) -> list[str]:
    """The words before an account's number, its nouns set aside ("de la cuenta de ahorro" → "de la")."""
    words = list(words)
    while words and (words[-1] in ACCOUNT_NOUNS or (words[-1] in OF and len(words) > 1 and words[-2] in ACCOUNT_NOUNS)):
        words.pop()
    return words[-3:]


# the cues of a role, in order: "con la", "de mi", "con lo que tengo en" send from there; "a la" sends to it
ROLE_CUES = (("from", "with_words"), ("from", "from_words"), ("from", "kept_in_words"), ("to", "to_words"))


def _role(before: str, lex: Lexicon) -> str | None:
    """The role the words right before the product give it; the longest cue that ends there counts ("saindo da
    minha poupança": "da minha", not the "saindo da" that starts earlier)."""
    words = before.split()
    while words:  # "para a minha conta corrente": "para a minha", then "para a" once the possessive is set aside
        for size in range(len(words), 0, -1):
            tail = " ".join(words[-size:])
            for role, cue in ROLE_CUES:
                found = lex.cue(cue).search(tail)
                if found is not None and found.start() == 0 and found.end() == len(tail):
                    return role
        if words[-1] not in ARTICLES:
            return None
        words = words[:-1]
    return None


def named_by_its_pronoun(before: Slots, now: Slots, words: tuple[str, ...], language: str) -> Slots:
    """ "perdí mi tarjeta de débito en el metro, me la bloquean porfa": a request that names no product of its own and
    points with a pronoun takes the product the clause before named by its kind ("…con las dos tarjetas adentro,
    bloquéenmelas": both of them)."""
    specific = tuple(p for p in before.products if p.kind not in ("card", "account"))
    # "…, la de crédito déjala así": a product named only to be refused is the one its pronoun points at
    if now.products or now.last4 or now.other_one or not (specific or before.last4 or before.both):
        return now
    lex = lexicon(language)
    pronouns = set(lex.cue_words("thing_pronouns"))
    clitics = tuple(lex.cue_words("thing_clitics"))
    attached = bool(clitics) and any(w.endswith(clitics) and a_verb_of_action(w, lex) for w in words)
    if not (pronouns & set(words) or attached):
        return now
    return replace(now, products=specific, last4=before.last4, both=now.both or before.both)


def the_account_pointed_at(before: Slots, now: Slots) -> Slots:
    """ "saber cuánta plata tengo en la caja de ahorro y después pagar la tarjeta con esa plata": an account pointed at
    ("con esa plata", "desde ahí") by a clause that names none is the one account the clause before it named."""
    if not now.same_one or any(p.kind in ACCOUNT_KINDS for p in now.products):
        return now
    accounts = [p for p in before.products if p.kind in ACCOUNT_KINDS]
    if len(accounts) != 1:
        return now
    return replace(now, products=(*now.products, replace(accounts[0], role="from")))


def the_account_told_before(before: Clause, clause: Clause) -> Slots:
    """ "la cuenta de mi tía es 4000001003, pásale 500": the one account the customer told in the clause before, as a
    plain statement of their own, is where a request that names none sends the money (never one someone gave them:
    "me pasaron la cuenta…, ¿le transfiero?" is read as it is)."""
    told = before.mood == Mood.STATEMENT and len(before.slots.accounts) == 1  # "mi hermana tiene la cuenta …" too
    told = told and not (before.slots.given_account or before.slots.impersonation or before.slots.stranger)
    asks = clause.mood == Mood.REQUEST and clause.speaker == Speaker.CUSTOMER
    if not (told and asks) or clause.slots.accounts or any(p.role == "to" for p in clause.slots.products):
        return clause.slots
    return replace(clause.slots, accounts=before.slots.accounts)


def named_before(before: Clause, clause: Clause, language: str) -> Clause:
    """The clause with the products and the account it takes from the clause before it in the same message: the card
    a pronoun points at ("…tarjeta de débito, me la bloquean"), the account "esa plata" points at, the account told
    before; with that clause's words too when it takes its account (code keeps only an account the customer's words
    stand for)."""
    slots = clause.slots
    if clause.mood == Mood.REQUEST:
        slots = named_by_its_pronoun(before.slots, slots, clause.words, language)
    slots = the_account_pointed_at(before.slots, slots)
    slots = the_account_told_before(before, replace(clause, slots=slots))
    told = bool(slots.accounts) and not clause.slots.accounts
    return replace(clause, slots=slots, text=f"{before.text} {clause.text}" if told else clause.text)
