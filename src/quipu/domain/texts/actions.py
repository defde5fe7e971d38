"""Every sentence about an action: as proposed, as done, its state, and the words it is built from."""

PROPOSED = {
    "block_card": {
        "es": "Bloquear temporalmente tu tarjeta terminada en {last4}.",
        "pt": "Bloquear temporariamente seu cartão final {last4}.",
    },
    "cancel_card": {
        "es": "Cancelar definitivamente tu tarjeta terminada en {last4}. No se puede deshacer.",
        "pt": "Cancelar definitivamente seu cartão final {last4}. Não pode ser desfeito.",
    },
    "open_payment_inquiry": {
        "es": "Abrir una aclaración por el cargo de {merchant} por {amount} del {date}.",
        "pt": "Abrir uma contestação da cobrança de {merchant} de {amount} em {date}.",
    },
    "send_summary_email": {"es": "Enviar {topic} a {email}.", "pt": "Enviar {topic} para {email}."},
    "set_alert": {"es": "{switch} la alerta de {kind}.", "pt": "{switch} o alerta de {kind}."},
    "request_callback": {
        "es": "Pedir que una persona del banco te llame por la {window}.",
        "pt": "Pedir que uma pessoa do banco ligue para você {window}.",
    },
}
DONE = {
    "block_card": {
        "es": "Tu tarjeta terminada en {last4} quedó bloqueada.",
        "pt": "Seu cartão final {last4} foi bloqueado.",
    },
    "cancel_card": {
        "es": "Tu tarjeta terminada en {last4} quedó cancelada.",
        "pt": "Seu cartão final {last4} foi cancelado.",
    },
    "open_payment_inquiry": {
        "es": "Abrimos la aclaración {reference}; te responderemos en {sla_hours} horas como máximo.",
        "pt": "Abrimos a contestação {reference}; responderemos em até {sla_hours} horas.",
    },
    "send_summary_email": {"es": "Enviamos {topic} a {email}.", "pt": "Enviamos {topic} para {email}."},
    "set_alert": {"es": "La alerta de {kind} quedó {state}.", "pt": "O alerta de {kind} ficou {state}."},
    "request_callback": {
        "es": "Registramos tu pedido de llamada ({reference}).",
        "pt": "Registramos seu pedido de ligação ({reference}).",
    },
}
# What happened, in a few words: the subject of a receipt in Mensajes.
HEADLINES = {
    "block_card": {"es": "tarjeta terminada en {last4} bloqueada", "pt": "cartão final {last4} bloqueado"},
    "cancel_card": {"es": "tarjeta terminada en {last4} cancelada", "pt": "cartão final {last4} cancelado"},
    "open_payment_inquiry": {"es": "aclaración {reference} abierta", "pt": "contestação {reference} aberta"},
    "send_summary_email": {"es": "te enviamos {topic}", "pt": "enviamos {topic}"},
    "set_alert": {"es": "alerta de {kind} {state}", "pt": "alerta de {kind} {state}"},
    "request_callback": {"es": "llamada pedida ({reference})", "pt": "ligação pedida ({reference})"},
}
ACTION_WORDS = {
    "balances": {"es": "un resumen de tus saldos", "pt": "um resumo dos seus saldos"},
    "movements": {
        "es": "un resumen de tus movimientos de los últimos 30 días",
        "pt": "um resumo das suas movimentações dos últimos 30 dias",
    },
    "payment_status": {"es": "el estado de tus pagos", "pt": "a situação dos seus pagamentos"},
    "case_receipt": {"es": "el comprobante de tu aclaración", "pt": "o comprovante da sua contestação"},
    "duplicate_charge": {"es": "cargos repetidos", "pt": "cobranças repetidas"},
    "payment_due": {"es": "pagos por vencer", "pt": "pagamentos a vencer"},
    "purchases": {"es": "cada compra", "pt": "cada compra"},
    "purchases_above": {"es": "compras mayores a {above}", "pt": "compras acima de {above}"},
    "on": {"es": "Activar", "pt": "Ativar"},
    "off": {"es": "Desactivar", "pt": "Desativar"},
    "enabled": {"es": "activada", "pt": "ativado"},
    "disabled": {"es": "desactivada", "pt": "desativado"},
    "morning": {"es": "mañana", "pt": "de manhã"},
    "afternoon": {"es": "tarde", "pt": "à tarde"},
    "evening": {"es": "noche", "pt": "à noite"},
}
STATES = {
    "awaiting_confirmation": {"es": "Espera tu confirmación", "pt": "Aguarda sua confirmação"},
    "confirmed": {"es": "Confirmada", "pt": "Confirmada"},
    "executing": {"es": "En curso", "pt": "Em andamento"},
    "verified": {"es": "Hecho y comprobado", "pt": "Feito e verificado"},
    "failed": {"es": "No se pudo hacer", "pt": "Não foi possível fazer"},
    "cancelled": {"es": "Cancelada", "pt": "Cancelada"},
    "expired": {"es": "Vencida", "pt": "Vencida"},
    "refused": {"es": "No permitida", "pt": "Não permitida"},
    "escalated": {"es": "Pasa a una persona", "pt": "Vai para uma pessoa"},
    "skipped": {"es": "No se hizo", "pt": "Não foi feito"},
}
UNKNOWN_ACTION = {"es": "Solicitud: {action}.", "pt": "Pedido: {action}."}
