"""Every sentence about an action, written by code from the stored action, in Spanish and Portuguese."""

from decimal import Decimal
from typing import Any

from quipu.domain.contact import mask_email
from quipu.domain.money import format_money

PROPOSED = {
    "es": {
        "block_card": "Bloquear temporalmente tu tarjeta terminada en {last4}.",
        "cancel_card": "Cancelar definitivamente tu tarjeta terminada en {last4}. No se puede deshacer.",
        "open_payment_inquiry": "Abrir una aclaración por el cargo de {merchant} por {amount} del {date}.",
        "send_summary_email": "Enviar {topic} a {email}.",
        "set_alert": "{switch} la alerta de {kind}.",
        "request_callback": "Pedir que una persona del banco te llame por la {window}.",
    },
    "pt": {
        "block_card": "Bloquear temporariamente seu cartão final {last4}.",
        "cancel_card": "Cancelar definitivamente seu cartão final {last4}. Não pode ser desfeito.",
        "open_payment_inquiry": "Abrir uma contestação da cobrança de {merchant} de {amount} em {date}.",
        "send_summary_email": "Enviar {topic} para {email}.",
        "set_alert": "{switch} o alerta de {kind}.",
        "request_callback": "Pedir que uma pessoa do banco ligue para você {window}.",
    },
}
DONE = {
    "es": {
        "block_card": "Tu tarjeta terminada en {last4} quedó bloqueada.",
        "cancel_card": "Tu tarjeta terminada en {last4} quedó cancelada.",
        "open_payment_inquiry": "Abrimos la aclaración {reference}; te responderemos en {sla_hours} horas como máximo.",
        "send_summary_email": "Enviamos {topic} a {email}.",
        "set_alert": "La alerta de {kind} quedó {state}.",
        "request_callback": "Registramos tu pedido de llamada ({reference}).",
    },
    "pt": {
        "block_card": "Seu cartão final {last4} foi bloqueado.",
        "cancel_card": "Seu cartão final {last4} foi cancelado.",
        "open_payment_inquiry": "Abrimos a contestação {reference}; responderemos em até {sla_hours} horas.",
        "send_summary_email": "Enviamos {topic} para {email}.",
        "set_alert": "O alerta de {kind} ficou {state}.",
        "request_callback": "Registramos seu pedido de ligação ({reference}).",
    },
}
WORDS = {
    "es": {
        "balances": "un resumen de tus saldos",
        "payment_status": "el estado de tus pagos",
        "case_receipt": "el comprobante de tu aclaración",
        "duplicate_charge": "cargos repetidos",
        "payment_due": "pagos por vencer",
        "on": "Activar",
        "off": "Desactivar",
        "enabled": "activada",
        "disabled": "desactivada",
        "morning": "mañana",
        "afternoon": "tarde",
        "evening": "noche",
    },
    "pt": {
        "balances": "um resumo dos seus saldos",
        "payment_status": "a situação dos seus pagamentos",
        "case_receipt": "o comprovante da sua contestação",
        "duplicate_charge": "cobranças repetidas",
        "payment_due": "pagamentos a vencer",
        "on": "Ativar",
        "off": "Desativar",
        "enabled": "ativado",
        "disabled": "desativado",
        "morning": "de manhã",
        "afternoon": "à tarde",
        "evening": "à noite",
    },
}
REASONS = {
    "es": {
        "not_found": "No encontramos ese producto o cargo entre los tuyos.",
        "not_a_card": "Ese producto no es una tarjeta.",
        "already_blocked": "Esa tarjeta ya está bloqueada.",
        "card_closed": "Esa tarjeta ya está cerrada o cancelada.",
        "card_suspended": "Esa tarjeta está suspendida; una persona del banco revisará tu caso.",
        "unknown_card_status": "No podemos confirmar el estado de esa tarjeta; una persona lo revisará.",
        "blocked_by_bank": "El banco bloqueó esa tarjeta; una persona revisará la cancelación.",
        "past_due": "La tarjeta tiene pagos atrasados; una persona revisará la cancelación.",
        "outstanding_balance": "La tarjeta tiene saldo pendiente; una persona revisará la cancelación.",
        "already_reversed": "Ese cargo ya fue revertido: no hay nada que aclarar.",
        "was_declined": "Ese cargo fue rechazado: no se te cobró.",
        "still_pending": "Ese cargo sigue pendiente; suele liberarse solo en unos días.",
        "no_contact_on_file": "No tenemos un correo registrado para enviarte el mensaje.",
        "no_case_to_confirm": "No hay una aclaración abierta para enviarte el comprobante.",
        "money_movement_not_authorized": "Por este medio no puedo mover dinero con esa solicitud.",
        "needs_human_approval": "Los reembolsos y reversos los decide una persona del banco.",
        "identity_change": "Los cambios de datos de contacto los hace una persona del banco, por seguridad.",
        "credit_policy": "Los límites y la evaluación de crédito los revisa una persona del banco.",
        "physical_card": "La reposición de una tarjeta la gestiona una persona del banco.",
        "unfreeze_needs_review": "Desbloquear una tarjeta requiere la revisión de una persona del banco.",
        "unknown_action": "No reconozco esa solicitud, así que no hice nada.",
        "case_already_open": "Una persona del banco ya tiene tu caso abierto y lo verá ahí; no abrimos otro.",
        "escalation_limit": "Hoy ya pasamos varias solicitudes a una persona del banco; no abrimos otro caso.",
        "email_limit": "Ya enviamos los correos posibles por ahora; no enviamos otro.",
        "invalid_params": "La solicitud llegó incompleta o con datos inválidos.",
        "too_many_actions": "Solo preparo hasta tres acciones a la vez.",
        "changed_since_proposal": "Algo cambió desde la propuesta; no la ejecutamos.",
        "dependency_failed": "No se hizo porque la acción de la que dependía no se completó.",
        "verification_failed": "No pudimos comprobar que se hizo; una persona del banco lo revisará.",
        "send_failed": "No pudimos enviar el mensaje.",
        "temporary_error": "Tuvimos un problema temporal; no se hizo.",
        "error": "Tuvimos un problema; no se hizo.",
        "superseded": "Esta propuesta fue reemplazada por una más reciente.",
        "expired": "La propuesta venció sin confirmación.",
        "cancelled_by_customer": "Cancelaste esta propuesta.",
    },
    "pt": {
        "not_found": "Não encontramos esse produto ou cobrança entre os seus.",
        "not_a_card": "Esse produto não é um cartão.",
        "already_blocked": "Esse cartão já está bloqueado.",
        "card_closed": "Esse cartão já está encerrado ou cancelado.",
        "card_suspended": "Esse cartão está suspenso; uma pessoa do banco vai revisar seu caso.",
        "unknown_card_status": "Não conseguimos confirmar a situação desse cartão; uma pessoa vai revisar.",
        "blocked_by_bank": "O banco bloqueou esse cartão; uma pessoa vai revisar o cancelamento.",
        "past_due": "O cartão tem pagamentos atrasados; uma pessoa vai revisar o cancelamento.",
        "outstanding_balance": "O cartão tem saldo devedor; uma pessoa vai revisar o cancelamento.",
        "already_reversed": "Essa cobrança já foi estornada: não há nada a contestar.",
        "was_declined": "Essa cobrança foi recusada: você não foi cobrado.",
        "still_pending": "Essa cobrança ainda está pendente; costuma ser liberada sozinha em alguns dias.",
        "no_contact_on_file": "Não temos um e-mail cadastrado para enviar a mensagem.",
        "no_case_to_confirm": "Não há contestação aberta para enviar o comprovante.",
        "money_movement_not_authorized": "Por aqui não posso movimentar dinheiro com esse pedido.",
        "needs_human_approval": "Reembolsos e estornos são decididos por uma pessoa do banco.",
        "identity_change": "Mudanças de dados de contato são feitas por uma pessoa do banco, por segurança.",
        "credit_policy": "Limites e análise de crédito são revisados por uma pessoa do banco.",
        "physical_card": "A reposição de um cartão é feita por uma pessoa do banco.",
        "unfreeze_needs_review": "Desbloquear um cartão exige a revisão de uma pessoa do banco.",
        "unknown_action": "Não reconheço esse pedido, então não fiz nada.",
        "case_already_open": "Uma pessoa do banco já tem seu caso aberto e vai ver isso ali; não abrimos outro.",
        "escalation_limit": "Hoje já passamos vários pedidos para uma pessoa do banco; não abrimos outro caso.",
        "email_limit": "Já enviamos os e-mails possíveis por agora; não enviamos outro.",
        "invalid_params": "O pedido chegou incompleto ou com dados inválidos.",
        "too_many_actions": "Preparo no máximo três ações de cada vez.",
        "changed_since_proposal": "Algo mudou desde a proposta; não a executamos.",
        "dependency_failed": "Não foi feito porque a ação da qual dependia não foi concluída.",
        "verification_failed": "Não conseguimos confirmar que foi feito; uma pessoa do banco vai revisar.",
        "send_failed": "Não conseguimos enviar a mensagem.",
        "temporary_error": "Tivemos um problema temporário; não foi feito.",
        "error": "Tivemos um problema; não foi feito.",
        "superseded": "Esta proposta foi substituída por uma mais recente.",
        "expired": "A proposta venceu sem confirmação.",
        "cancelled_by_customer": "Você cancelou esta proposta.",
    },
}
STATES = {
    "es": {
        "awaiting_confirmation": "Espera tu confirmación",
        "confirmed": "Confirmada",
        "executing": "En curso",
        "verified": "Hecho y comprobado",
        "failed": "No se pudo hacer",
        "cancelled": "Cancelada",
        "expired": "Vencida",
        "refused": "No permitida",
        "escalated": "Pasa a una persona",
        "skipped": "No se hizo",
    },
    "pt": {
        "awaiting_confirmation": "Aguarda sua confirmação",
        "confirmed": "Confirmada",
        "executing": "Em andamento",
        "verified": "Feito e verificado",
        "failed": "Não foi possível fazer",
        "cancelled": "Cancelada",
        "expired": "Vencida",
        "refused": "Não permitida",
        "escalated": "Vai para uma pessoa",
        "skipped": "Não foi feito",
    },
}
TONES = {
    "verified": "ok",
    "awaiting_confirmation": "info",
    "confirmed": "info",
    "executing": "info",
    "refused": "warn",
    "escalated": "info",
    "failed": "error",
    "cancelled": "info",
    "expired": "info",
    "skipped": "warn",
}
UNKNOWN_ACTION = {"es": "Solicitud: {action}.", "pt": "Pedido: {action}."}
# The names of what the bank never automates, and of a request code does not know: never the model's words.
REQUEST_NAMES = {
    "es": {
        "transfer_money": "mover dinero",
        "make_payment": "hacer un pago",
        "schedule_payment": "programar un pago",
        "pay_card": "pagar la tarjeta",
        "refund": "un reembolso",
        "reverse_charge": "reversar un cargo",
        "compensation": "una compensación",
        "provisional_credit": "un crédito provisional",
        "change_phone": "cambiar el teléfono",
        "change_email": "cambiar el correo",
        "change_address": "cambiar la dirección",
        "change_contact": "cambiar los datos de contacto",
        "raise_limit": "aumentar el límite",
        "credit_eligibility": "evaluar un crédito",
        "reissue_card": "reponer la tarjeta",
        "unblock_card": "desbloquear la tarjeta",
        "unknown": "una solicitud que no reconozco",
    },
    "pt": {
        "transfer_money": "movimentar dinheiro",
        "make_payment": "fazer um pagamento",
        "schedule_payment": "agendar um pagamento",
        "pay_card": "pagar o cartão",
        "refund": "um reembolso",
        "reverse_charge": "estornar uma cobrança",
        "compensation": "uma compensação",
        "provisional_credit": "um crédito provisório",
        "change_phone": "mudar o telefone",
        "change_email": "mudar o e-mail",
        "change_address": "mudar o endereço",
        "change_contact": "mudar os dados de contato",
        "raise_limit": "aumentar o limite",
        "credit_eligibility": "analisar um crédito",
        "reissue_card": "repor o cartão",
        "unblock_card": "desbloquear o cartão",
        "unknown": "um pedido que não reconheço",
    },
}


def language_of(language: str | None) -> str:
    return language if language in PROPOSED else "es"


def fill(template: str, values: dict[str, Any]) -> str:
    """A template filled only with what code computed; a missing value reads as a dash, never invented."""

    class Safe(dict[str, Any]):
        def __missing__(self, key: str) -> str:
            return "—"

    return template.format_map(Safe(values))


def describe(action: str, params: dict[str, Any], facts_view: dict[str, Any], language: str) -> str:
    lang = language_of(language)
    template = PROPOSED[lang].get(action)
    if template is None:
        names = REQUEST_NAMES[lang]
        return fill(UNKNOWN_ACTION[lang], {"action": names.get(action, names["unknown"])})
    return fill(template, _values(params, facts_view, lang))


def done(action: str, params: dict[str, Any], facts_view: dict[str, Any], result: dict[str, Any], language: str) -> str:
    lang = language_of(language)
    return fill(DONE[lang][action], {**_values(params, facts_view, lang), **result})


def _values(params: dict[str, Any], facts_view: dict[str, Any], lang: str) -> dict[str, Any]:
    words = WORDS[lang]
    values = dict(facts_view)
    if "amount" in facts_view and "currency" in facts_view:
        values["amount"] = format_money(Decimal(str(facts_view["amount"])), facts_view["currency"], lang)
    if "email" in facts_view:
        values["email"] = mask_email(facts_view["email"])
    if params.get("topic"):
        values["topic"] = words.get(str(params["topic"]), "—")
    if params.get("kind"):
        values["kind"] = words.get(str(params["kind"]), "—")
        values["switch"] = words["on" if params.get("enabled", True) else "off"]
        values["state"] = words["enabled" if params.get("enabled", True) else "disabled"]
    if params.get("window"):
        values["window"] = words.get(str(params["window"]), "—")
    return values


def reason_text(reason: str | None, language: str) -> str | None:
    return REASONS[language_of(language)].get(reason) if reason else None


def state_text(status: str, language: str) -> str:
    return STATES[language_of(language)][status]
