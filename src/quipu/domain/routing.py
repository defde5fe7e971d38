"""Regular expressions that route without a model: asks for a person, what the bank never automates, and a
fallback router per skill. Used by the guard, as the router's safety net, and as the eval's baseline."""

import re

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
    "refund": r"(reembols|devu[ée]lv|devoluci[oó]n|reintegr|estorn|reembolso|me devuelvan|devolvam)",
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
        r"(bloque|congel|cancel\w* (mi|la|o|meu) (tarjeta|cart[ãa]o)|rob(aron|ada|o)|perd[ií]|"
        r"extravi|roubad|furtad|alerta|ll[aá]m(en|ame)|me liguem|liga[çc][ãa]o|aclaraci[oó]n|"
        r"contesta[çc][ãa]o|disputa|(env[ií]a|m[aá]nda)(me)? (un|el) (resumen|correo)|manda(me)? (um|o) resumo)",
    ),
    (
        "money_movement",
        r"(khip|quip|transf(er|ie|ir)|env[ií]a(r)? \d|manda(r)? \d|(mand|envi|pas)\w* (plata|dinero|lana|dinheiro)|\bpix\b|paga(r)? (la|el|mi|a|o|meu|minha) "
        r"(tarjeta|pr[eé]stamo|luz|agua|tel[eé]fono|internet|cable|cart[ãa]o|empr[eé]stimo|conta)|"
        r"pasa(r)? .* a mi cuenta|facturas? pendientes|contas? pendentes|pagar (la|a) luz)",
    ),
    (
        "charge_investigation",
        r"(no reconozco|n[ãa]o reconhe[çc]o|cargo|cobro|cobran[çc]a|compra que no|cobr(aron|ado|ada|[óo]u?)\b|"
        r"no hice|n[ãa]o fiz|duplicad|dobrad|(dos|2|duas) ve[csz]es|sospech|suspeit|fraude|extracto|"
        r"estado de cuenta|fatura)",
    ),
    (
        "balance_inquiry",
        r"(saldo|cu[aá]nto (debo|tengo)|quanto (devo|tenho)|deuda|d[ií]vida|pago m[ií]nimo|"
        r"pagamento m[ií]nimo|vencimiento|vencimento|l[ií]mite disponible|disponible)",
    ),
    (
        "data_lookup",
        r"(movimientos|movimenta[çc]|gast(o|é|os|ei)|cu[aá]nto gast|quanto gastei|quejas?|reclam|"
        r"tipo de cambio|c[aâ]mbio|d[oó]lar|categor[ií]a|comercio|historial|[uú]ltim[oa]s? compras)",
    ),
)


def wants_person(text: str) -> bool:
    return bool(HANDOFF.search(text or ""))


def refused_action(text: str) -> str | None:
    """A request for something the bank never automates, when explicitly asked for."""
    lowered = (text or "").lower()
    if not re.search(ASK, lowered):
        return None
    for action, pattern in REFUSED_ACTIONS.items():
        if re.search(pattern, lowered):
            return action
    return None


def guess_skill(text: str, available: list[str] | tuple[str, ...]) -> str | None:
    lowered = (text or "").lower()
    for skill, pattern in SKILL_PATTERNS:
        if skill in available and re.search(pattern, lowered):
            return skill
    return None


def plainly_one_skill(text: str, available: list[str] | tuple[str, ...]) -> bool:
    """Exactly one skill's words appear, and it is offered: code routes without asking a model."""
    lowered = (text or "").lower()
    named = [skill for skill, pattern in SKILL_PATTERNS if re.search(pattern, lowered)]
    return len(named) == 1 and named[0] in available


ACTING_SKILLS = frozenset({"account_actions", "money_movement"})


def settle_route(model_skill: str | None, regex_skill: str | None, *, asks_to_act: bool = False) -> str | None:
    """Code has the last word: the regex routes when the model picks nothing; a model pick of an acting
    skill yields to the regex when the words plainly ask for information, and an informational pick yields
    when the words plainly ask for one of the catalog's actions."""
    if model_skill is None:
        return regex_skill
    if model_skill in ACTING_SKILLS and regex_skill is not None and regex_skill not in ACTING_SKILLS:
        return regex_skill
    if model_skill in ACTING_SKILLS and regex_skill is None and not asks_to_act:
        return None  # an acting skill needs words that ask to act: a joke never reaches a button
    if asks_to_act and regex_skill in ACTING_SKILLS and model_skill not in ACTING_SKILLS:
        return regex_skill
    return model_skill


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
