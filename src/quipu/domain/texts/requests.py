"""Questions code asks to complete a plain request, and the notes on a statement photo."""

QUESTIONS = {
    "block_card": {
        "es": "¿Cuál tarjeta quieres bloquear: {options}?",
        "pt": "Qual cartão você quer bloquear: {options}?",
    },
    "cancel_card": {
        "es": "¿Cuál tarjeta quieres cancelar: {options}?",
        "pt": "Qual cartão você quer cancelar: {options}?",
    },
    "card_option": {"es": "la terminada en {last4}", "pt": "o final {last4}"},
    "not_your_card": {
        "es": "No tienes una tarjeta terminada en {said}; la tuya es {options}. ¿Es esa la que quieres {verb}?",
        "pt": "Você não tem um cartão com final {said}; o seu é {options}. É esse que você quer {verb}?",
    },
    "not_your_cards": {
        "es": "No tienes una tarjeta terminada en {said}; tus tarjetas: {options}. ¿Cuál quieres {verb}?",
        "pt": "Você não tem um cartão com final {said}; seus cartões: {options}. Qual você quer {verb}?",
    },
    "block_card_verb": {"es": "bloquear", "pt": "bloquear"},
    "cancel_card_verb": {"es": "cancelar", "pt": "cancelar"},
    "or": {"es": " o ", "pt": " ou "},
    "set_alert": {
        "es": "¿Qué alerta quieres: cargos duplicados, aviso de fecha de pago o aviso de tus compras?",
        "pt": "Qual alerta você quer: cobranças duplicadas, aviso de vencimento ou aviso das suas compras?",
    },
    "alert_not_offered": {
        "es": (
            "Esa alerta no la tengo: puedo avisarte de cargos duplicados, de la fecha de pago o de tus compras "
            "(todas, o las mayores a un monto que elijas). ¿Quieres alguna de esas?"
        ),
        "pt": (
            "Esse alerta eu não tenho: posso te avisar de cobranças duplicadas, da data de vencimento ou das suas "
            "compras (todas, ou as acima de um valor que você escolher). Quer algum desses?"
        ),
    },
    "purchases_above": {
        "es": "¿A partir de qué monto quieres que te avise de cada compra?",
        "pt": "A partir de qual valor você quer que eu avise de cada compra?",
    },
    "purchases_above_in": {
        "es": "Tus tarjetas están en {currency}: ¿a partir de qué monto en {currency} quieres que te avise de cada "
        "compra?",
        "pt": "Seus cartões são em {currency}: a partir de qual valor em {currency} você quer que eu avise de cada "
        "compra?",
    },
    "request_callback": {
        "es": "¿En qué horario prefieres que te llamemos: mañana, tarde o noche?",
        "pt": "Em qual horário prefere que liguemos: manhã, tarde ou noite?",
    },
    "send_summary_email": {
        "es": "¿De qué quieres el resumen por correo: tus saldos o el estado de tus pagos?",
        "pt": "De que você quer o resumo por e-mail: seus saldos ou a situação dos seus pagamentos?",
    },
}
STATEMENT_NOTE = {
    "es": (
        "Cargos leídos de la foto del estado de cuenta (lectura automática, puede tener errores; compáralos con los "
        "registros del banco): {rows}"
    ),
    "pt": (
        "Cobranças lidas da foto do extrato (leitura automática, pode ter erros; compare com os registros do banco): "
        "{rows}"
    ),
}
STATEMENT_UNREADABLE = {
    "es": "El cliente adjuntó una foto del estado de cuenta, pero no se pudo leer ningún cargo en ella.",
    "pt": "O cliente anexou uma foto do extrato, mas não foi possível ler nenhuma cobrança nela.",
}
