"""Regular expressions that route without a model: asks for a person, what the bank never automates, and a
fallback router per skill. Used by the guard, as the router's safety net, and as the eval's baseline."""

import re

from quipu.domain.lookup_words import MERCHANTS
from quipu.domain.plain_requests import asks_for_a_call, fold, names_an_action

HANDOFF = re.compile(
    r"\b(humano|una persona|con alguien|asesor(a)?|ejecutivo|agente|operador(a)?|pessoa|atendente|"
    r"falar com algu[ée]m|ser humano|comun[ií]ca(me|rme)? con)\b",
    re.IGNORECASE,
)
ASK = (
    r"(quiero|quisiera|necesito|hazme|haz|dame|pido|solicito|exijo|p[oó]dr[ií]as|puedes|me pueden|quero|preciso|"
    r"pe[çc]o|fa[çc]a|pode|podem|me d[êe]|gostaria)"
)
REFUSED_ACTIONS = {
    # "que me devuelvan la llamada" asks for a call back, not money back
    "refund": r"(reembols|devu[ée]lv(?!\w*\s+(la\s+)?llamada)|devoluci[oó]n|reintegr|estorn|reembolso|devolvam)",
    "reverse_charge": r"(revert|reversar|anul(a|e|ar) (el|ese|este) cargo|cancel(a|ar) (el|ese|este) cargo|"
    r"cancelar a cobran[çc]a)",
    "change_phone": r"(cambi|actualiz|mud|alter|troc)\w* (mi |meu |o |el )?(n[uú]mero de )?(tel[eé]fono|celular|telefone)",
    "change_email": r"(cambi|actualiz|mud|alter|troc)\w* (mi |meu |o |el )?(correo|e-?mail)",
    "change_address": r"(cambi|actualiz|mud|alter|troc)\w* (mi |meu |o |el |de )?(direcci[oó]n|endere[çc]o|domicilio)",
    "raise_limit": r"(aument|sub|subir|ampli|elev)\w* (el |mi |o |meu )?(l[ií]mite|cupo)",
    "reissue_card": r"(reposici[oó]n|reimpr|nueva tarjeta|tarjeta nueva|novo cart[ãa]o|cart[ãa]o novo|segunda via)",
    "unblock_card": r"(desbloque)",
}
SKILL_PATTERNS = (
    (
        "account_actions",
        r"(bloque|congel|cancel\w* (\d+ |una |un |uma |um )?(de )?(mi|mis|la|o|meu|meus)? ?(tarjetas?|cart[ãa]o|cart[õo]es)|rob(aron|ada|ado|o)\b|perd[ií]|"
        r"extravi|roubad|furtad|alerta|ll[aá]m(en|ame|enme|arme)\b|(pueden|puedan|podr[ií]an) llamar|me liguem|me ligue?\b|me liga\b|liga[çc][ãa]o|aclaraci[oó]n|"
        r"contesta[çc][ãa]o|disputa|contest(ar|a|o|e|em) (a|o|essa|esse|esta|este|aquela|aquele)? ?(cobran|compra|lan[cç]amento)|av[ií]s(ame|enme|e|en)\b|me avis(a|e|en|es|em)\b|notif[ií]ca(me|r)?\b|impugn|(env[ií]a|m[aá]nda)(me)? (un|el) (resumen|correo)|manda(me)? (um|o) resumo|"
        r"(cu[aá]les|quais) (son |s[ãa]o )?(mis |las |os |meus )?(tarjetas|cart[õo]es)\b|"
        r"(qu[eé]|que) (tarjetas|cart[õo]es) (tengo|tenho|eu tenho|hay|tiene|tem)\b|"
        r"^\W*(ver |mostrar |veja |mostra )?(mis |meus |os meus |las )?(tarjetas|cart[õo]es)\W*$)",
    ),
    (
        "money_movement",
        r"(khip|quip|transf(er|ie|ir)|env[ií]a(r)? \d|manda(r)? \d|(mand|envi|pas)\w* (plata|dinero|lana|dinheiro)|\bpix\b|paga(r)? (la|el|mi|a|o|meu|minha) "
        r"(tarjeta|pr[eé]stamo|luz|agua|tel[eé]fono|internet|cable|cart[ãa]o|empr[eé]stimo|conta)|"
        r"pasa(r)? .* a mi cuenta|(facturas?|recibos?|boletos?|contas?|cuentas?) (\w+ )?(pendientes|pendentes|por pagar|a pagar)|pagar (la|a) luz)",
    ),
    (
        "charge_investigation",
        r"(no reconozco|n[ãa]o reconhe[çc]o|compra estranha|(cobro|cargo) raro|clonaron|clonad|alguien us[oó]|"
        r"n[ãa]o fui eu|no fui yo|yo no fui|hacke\w*|cobraram|em dobro|(cobro|cargo|cobrado|cobraron|cobran[çc]a) (al |en |a |por )?doble|(no|n[ãa]o) (\w+ )?(reconozco|reconosco|reconoc[ií]|reconhe[çc]o|reconheci)|consumos? rar|descontaron|descontaram|no (me )?acuerdo|no recuerdo|no me suena|n[ãa]o me soa|desconozco|desconhe[çc]o|n[ãa]o (me )?lembro|cargo|cobro|cobran[çc]a|compra que no|cobr(aron|ado|ada|[óo]u?)\b|"
        r"(cobros|cargos|compras|cobran[çc]as|d[eé]bitos) (\w+ )?(iguales|iguais|repetid\w*|id[eé]ntic\w*)|no hice|n[ãa]o fiz|duplicad|dobrad|(dos|2|duas) ve[csz]es|sospech|suspeit|fraude|extracto|"
        r"estado de cuenta|(salieron|aparecieron|aparecen|salen|llegaron|cayeron|apareceram|aparecem|chegaram) (\w+ ){0,3}(compras|cargos|cobros|consumos|cobran[çc]as)|"
        # something odd on the card or account, nothing named ("tem algo estranho no meu cartão"): its charges
        r"\b(algo|alguma coisa|cosas?|coisas?) (\w+ )?(rar[oa]s?|extra[ñn][oa]s?|estranh[oa]s?|esquisit[oa]s?)\b)",
    ),
    (
        "balance_inquiry",
        r"(saldo|(cu[aá]nto|cto|cnto) (yo )?(debo|tengo|traigo)|(qto|qnto|qnt) (eu )?(devo|tenho|tem)|pagar (el |o )?m[ií]nimo|m[ií]nimo a pagar|cu[aá]nta (lana|plata|feria|guita) (tengo|me queda)|fatura|pago m[ií]nimo|"
        r"(el|o|la) m[ií]nimo|quanto (tem|tenho) na|"
        r"l[ií]mite dispon|vencid|al d[ií]a con|falta (por |para |de )?(pagar|terminar|liquidar|cubrir|quitar)|cuotas|parcelas|quanto (eu )?(devo|tenho)|devendo|debiendo|cu[aá]nto me queda|quanto (me )?(sobra|resta|sobrou)|deuda|d[ií]vida|pago m[ií]nimo|"
        r"pagamento m[ií]nimo|vencimiento|vencimento|l[ií]mite disponible|disponible)",
    ),
    (
        "data_lookup",
        r"(movimientos|movimenta[çc]|(cu[aá]nto|quanto) (le |lhe )?(he|ha|has|hemos|tenho|tem) (metid|dejad|soltad|fundid|torrad|deixad)o|se me (va|van|fue|fueron|ha ido)\b|\b(vai|va|van|foi|fue|se fue) (mais |m[aá]s )?(o |el |la |mi |meu )?(dinheiro|grana|plata|dinero|lana|feria|guita)\b|compras (de )?(arriba|encima|mayores|acima|maiores|m[aá]s de|mais de)|compar(a|ar|e|ame)\b|"
        r"(a|en) c[uoó][aá]?(nto|mo) (est[aá]|anda|cotiza) (el|o) (verde|d[oó]lar|euro)|en qu[eé] gasto|onde gasto|\bgast\w*|cu[aá]nto gast|(cu[aá]nto|quanto) (llevo|levo) (gastad|en |no |com )|quanto gastei|(mis|minhas) compras|"
        r"compras? m[aá]s (caras?|grandes?)|compras? mais (caras?|altas?)|(mayor|maior)(es)? compras?|quejas?|reclam|"
        r"comisi[oó]n|comiss[ãa]o|tipo de cambio|c[aâ]mbio|d[oó]lar|categor[ií]a|comercio|historial|\bextrato\b|[uú]ltim[oa]s? compras|"
        r"compras (que )?(hice|he hecho|hicimos|fiz|realic\w*)|qu[eé] compr[eé]|o que (eu )?comprei|"
        r"(cu[aá]nto|quanto) (pagu[eé]|he pagado|hemos pagado|paguei|pagamos)\b|"
        # what happened to their money over a time ("¿qué pasó con mi plata esta semana?"): the movements
        r"qu[eé] (ha )?(pas[oó]|pasado|ocurri[oó]|sucedi[oó]) con (mi|mis) (plata|dinero|lana|feria|guita|cuentas?)\b|"
        r"o que (aconteceu|houve|rolou) com (o |a |os |as )?(meu|minha|meus|minhas) (dinheiro|grana|contas?)\b)",
    ),
)


def wants_person(text: str) -> bool:
    """A person, now, in this chat; a person who calls them back is the callback action, proposed like any other."""
    return bool(HANDOFF.search(text or "")) and not asks_for_a_call(text)


def refused_action(text: str) -> str | None:
    """A request for something the bank never automates, when explicitly asked for."""
    lowered = (text or "").lower()
    if not re.search(ASK, lowered):
        return None
    for action, pattern in REFUSED_ACTIONS.items():
        if re.search(pattern, lowered):
            return action
    return None


DUE_DATE = re.compile(
    r"\b(vence|vencen|venc[eí]|vencimiento|vencimento|fecha (l[ií]mite )?de pago|data de pagamento|"
    r"(cu[aá]ndo|qu[eé] d[ií]a|hasta cu[aá]ndo|quando|que dia|at[eé] quando) (\w+ ){0,3}(pag|vence))",
    re.IGNORECASE,
)
QUESTION = r"(cu[aá]ndo|cu[aá]nto|qu[eé] d[ií]a|quando|quanto|que dia|hasta cu[aá]ndo|at[eé] quando)"
MONEY_WORDS = r"(\d[\d.,]*|plata|dinero|lana|feria|guita|dinheiro|grana|pesos|reais|d[oó]lares)"
# "cancela 1 tarjeta", "cancelar 2 de mis tarjetas": a count of things, not an amount of a debt to pay
COUNTED = (
    r"(?![\d.,]*\s*(tarjetas?|cargos?|compras?|cuentas?|cobros?|cart[aã]o|cart[oõ]es|cobran[cç]as?|transac\w*|"
    r"movimientos?|suscrip\w*|de\s+(mis|las|los|meus|minhas|as|os)\s+\w+s\b))"
)
MOVE_MONEY = re.compile(
    r"\b(transf(ie|e)r(e|a|as|an|o|ir)?(me|le|lo|la)?|transfi(era|ere|ra|ro)(me|le)?|"
    r"(hac|haz|hag|fa[zç]|realiz|quiero|quero|necesito|preciso)\w*\s+(una?|uma|otra|outra)?\s*transfer[eê]ncia|pix|deposit(a|á|ar|e|ale|ále)|"
    r"pag(a|á|ar|arle|ale|ále)|abon(a|á|ar|e|ale|ále|arle|ales)|liquid(a|á|ar|e|ale|arle)|quit(á|ar)\b la deuda|"
    rf"cancel(a|á|ar|e)\s+(\$\s*)?\d+{COUNTED}|"
    rf"(m[aá]nd|envi|env[ií]|pas|pass|mov|muev|p[aá]g)(a|á|ar|er|ale|ále|arle|e|ame|áme|ele)\b(\s+\S+){{0,3}}?\s+{MONEY_WORDS}|"
    rf"quit(ar|a|e)\b(\s+\S+){{0,2}}?\s+{MONEY_WORDS})\b",
    re.IGNORECASE,
)


def asks_due_date(text: str) -> bool:
    """When a bill or card payment falls due: a balance question, even though it names paying."""
    return bool(DUE_DATE.search(text or ""))


def asks_to_move_money(text: str) -> bool:
    """The words ask to pay or send money (not a question of when or how much, not a past payment)."""
    lowered = fold(text).lower()
    return bool(MOVE_MONEY.search(lowered)) and not asks_due_date(lowered) and not re.search(
        rf"\b{QUESTION}\b[^.?!]*\b(pag|transf|liquid)|\b(minimo|monto|valor|total|importe|cantidad) a pagar\b", lowered
    )


# what a merchant's charge became ("¿me devolvieron lo de Mercado Libre?", "lo de Amazon sale pendiente")
CHARGE_STATE = re.compile(r"pendient|pendent|devolv|devoluc|devoluç|reembols|estorn|revert|revers|reintegr")
# a merchant named with an amount and nothing else ("¿qué onda con los 2899 de Liverpool?"): that charge
AMOUNT_OF_A_CHARGE = re.compile(r"(?<![\d.,])\d[\d.,]*\d")
# a service bill's amount ("¿cuánto debo de luz?", "quanto deu a conta de água"): the bills, not the debts
BILL_OWED = re.compile(
    r"\b(cu[aá]nto|quanto|de cu[aá]nto|de quanto)\b[^.?!]*\b(debo|devo|debemos|adeudo|recibos?|facturas?|boletos?|conta|"
    r"cuenta|vino|veio|lleg[oó]|chegou|sale|sai|t[aá]|est[aá]|viene|vem|es|son|cuesta|custa|[eé])\b[^.?!]*\b(luz|agua|água|internet|tel[eé]fono|"
    r"telefone|gas|cable)\b"
)
# how a claim already made is going ("¿ya hay respuesta de mi aclaración?", "como está minha contestação"): complaints
CLAIM_STATUS = re.compile(
    r"\b(respuesta|resposta|c[oó]mo va|como vai|c[oó]mo est[aá]|en qu[eé] qued\w*|estatus|status|avance|seguimiento|"
    r"novedad\w*|novidade\w*|andamento|resolvieron|contestaron|respondieron|resolveram|responderam)\b[^.?!]*"
    r"\b(mis?|la|las|minhas?|a|as)\s+(aclaraci\w*|reclam\w*|quejas?|disputas?|contesta\w*|impugnac\w*)"
)
COST_OF_A_PAST_MOVE = re.compile(r"\b(comisi[oó]n|comiss[ãa]o|cu[aá]nto me (cobraron|cost[oó])|quanto (me )?(cobraram|custou))\b")


def guess_skill(text: str, available: list[str] | tuple[str, ...]) -> str | None:
    """The fallback router: the first skill whose words appear (a due date is a balance question, a request
    to pay or send money is a transfer, before the broader patterns)."""
    named = skills_named(text)
    found = [skill for skill in named if skill in available]
    return found[0] if found else None


def skills_named(text: str) -> list[str]:
    """Every skill whose words appear, in the order the fallback router tries them."""
    lowered = (text or "").lower()
    named = [skill for skill, pattern in SKILL_PATTERNS if re.search(pattern, lowered)]
    if names_an_action(lowered) and "account_actions" not in named:
        named.insert(0, "account_actions")  # "mándame por correo un resumen de mis saldos": the action's object names another skill
    if named[:1] == ["account_actions"] and "charge_investigation" in named and not names_an_action(lowered):
        named.remove("charge_investigation")  # "cargos que no hice, ¿me robaron la tarjeta?": look first
        named.insert(0, "charge_investigation")
    if "money_movement" in named and COST_OF_A_PAST_MOVE.search(lowered) and not asks_to_move_money(lowered):
        named.remove("money_movement")  # "¿cuánto me cobraron de comisión por la transferencia?": a lookup
        named.insert(0, "data_lookup")
    if CLAIM_STATUS.search(lowered):
        named = ["data_lookup", *(s for s in named if s not in ("data_lookup", "account_actions"))]
    said_merchant = not named and MERCHANTS.search(fold(lowered))
    if said_merchant and (CHARGE_STATE.search(fold(lowered)) or AMOUNT_OF_A_CHARGE.search(lowered)):
        named = ["charge_investigation"]
    if BILL_OWED.search(lowered) and not asks_due_date(lowered) and "data_lookup" not in named:
        named = ["money_movement", *(s for s in named if s not in ("money_movement", "balance_inquiry"))]
    elif named[:2] == ["money_movement", "balance_inquiry"] and re.search(rf"\b{QUESTION}\b", fold(lowered)):
        named = ["balance_inquiry", *named[2:]]  # "¿cuánto me falta para terminar de pagar el préstamo?": a balance
    if asks_due_date(lowered):
        named.insert(1 if named[:1] == ["account_actions"] else 0, "balance_inquiry")
    elif asks_to_move_money(lowered):
        named.insert(1 if named[:1] == ["account_actions"] else 0, "money_movement")
    return list(dict.fromkeys(named))


def plainly_one_skill(text: str, available: list[str] | tuple[str, ...]) -> bool:
    """Exactly one skill's words appear, and it is offered: code routes without asking a model."""
    named = skills_named(text)
    return len(named) == 1 and named[0] in available


ACTING_SKILLS = frozenset({"account_actions", "money_movement"})


def acting_skill_asked(text: str) -> str | None:
    """The acting skill the words plainly ask for: one action of the catalog, or paying or sending money."""
    if CLAIM_STATUS.search((text or "").lower()):
        return None  # how a claim already made is going: a lookup, not a new claim
    if names_an_action(text):
        return "account_actions"
    return "money_movement" if asks_to_move_money(text) else None


def settle_route(model_skill: str | None, regex_skill: str | None, *, asked: str | None = None) -> str | None:
    """Code has the last word. `asked` is the acting skill the words plainly ask for (an action of the
    catalog, paying or sending money), if any. An acting skill is reached only with words that ask to act
    (a joke never reaches a button); a model pick of an acting skill yields to the regex when the words ask
    for information; an informational pick yields when the words ask to act."""
    if model_skill is None:
        return regex_skill
    if model_skill in ACTING_SKILLS:
        if asked:
            return asked
        if regex_skill is not None and regex_skill not in ACTING_SKILLS:
            return regex_skill
        return model_skill if regex_skill is not None else None
    return asked or model_skill


SMALL_TALK = (
    ("greeting", r"hola|holi|buen[oa]s( d[ií]as| tardes| noches)?|qu[eé] tal|hey|ol[aá]|oi|bom dia|boa tarde|boa noite|saludos|al[oó]"),
    ("thanks", r"(muchas |mil )?gracias|obrigad[oa]|valeu|perfecto|genial|excelente|ok|vale|listo|de nada|beleza"),
    ("bye", r"adi[oó]s|chao|chau|hasta (luego|pronto|ma[ñn]ana)|nos vemos|tchau|at[eé] (logo|mais)"),
)
PUNCTUATION = re.compile(r"[\s!¡.,;:?¿)(*]+")


def small_talk(text: str) -> str | None:
    """"greeting", "thanks" or "bye" when that is all the words say (a name may follow); anything more goes on."""
    lowered = (text or "").strip().lower()
    if not lowered or guess_skill(lowered, ALL_SKILLS) or refused_action(lowered) or wants_person(lowered):
        return None
    for kind, pattern in SMALL_TALK:
        rest = [w for w in PUNCTUATION.split(re.sub(rf"\b({pattern})\b", " ", lowered)) if w]
        if re.search(rf"\b({pattern})\b", lowered) and len(rest) <= 1:
            return kind
    return None


ALL_SKILLS = tuple(skill for skill, _ in SKILL_PATTERNS)
