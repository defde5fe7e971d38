"""What the assistant remembers of a customer's earlier conversations, written by code from the records."""

MEMORY = {
    "intro": {
        "es": "Lo que tengo de tus conversaciones anteriores:",
        "pt": "O que tenho das suas conversas anteriores:",
    },
    "dispute": {
        "es": (
            "Tu aclaración {reference} por el cargo de {merchant} de {amount} {status}; te prometimos respuesta antes "
            "del {promised}."
        ),
        "pt": (
            "Sua contestação {reference} da cobrança de {merchant} de {amount} {status}; prometemos resposta até "
            "{promised}."
        ),
    },
    "dispute_overdue": {
        "es": (
            "Tu aclaración {reference} por el cargo de {merchant} de {amount} {status}; el plazo prometido, "
            "{promised}, ya pasó."
        ),
        "pt": (
            "Sua contestação {reference} da cobrança de {merchant} de {amount} {status}; o prazo prometido, "
            "{promised}, já passou."
        ),
    },
    "status_open": {"es": "sigue abierta, en espera de revisión", "pt": "continua aberta, aguardando análise"},
    "status_in_review": {
        "es": "está en revisión con una persona del banco",
        "pt": "está em análise com uma pessoa do banco",
    },
    "waiting": {
        "es": "Espera tu confirmación (vence el {expires}): {text}",
        "pt": "Aguarda sua confirmação (vence em {expires}): {text}",
    },
    "person_waiting": {
        "es": "Tu caso del {opened} espera a una persona del banco (prioridad {priority}).",
        "pt": "Seu caso de {opened} aguarda uma pessoa do banco (prioridade {priority}).",
    },
    "person_holding": {
        "es": "Una persona del banco atiende tu caso del {opened}.",
        "pt": "Uma pessoa do banco está atendendo seu caso de {opened}.",
    },
    "finding": {
        "es": "El {seen} revisé el cargo de {merchant} de {amount} del {date}: {kinds}.",
        "pt": "Em {seen} conferi a cobrança de {merchant} de {amount} de {date}: {kinds}.",
    },
    "nothing": {
        "es": "No tengo nada pendiente de tus conversaciones anteriores.",
        "pt": "Não tenho nada pendente das suas conversas anteriores.",
    },
}
PRIORITY = {
    "High": {"es": "alta", "pt": "alta"},
    "Medium": {"es": "media", "pt": "média"},
    "Low": {"es": "baja", "pt": "baixa"},
}
FINDING = {
    "duplicate": {"es": "parecía un cobro duplicado", "pt": "parecia uma cobrança duplicada"},
    "pending": {"es": "estaba pendiente", "pt": "estava pendente"},
    "reversed": {"es": "ya estaba revertido", "pt": "já estava estornada"},
    "foreign_purchase": {"es": "se hizo fuera de tu país", "pt": "foi feita fora do seu país"},
    "possible_fraud": {
        "es": "los registros lo marcaban como posible fraude",
        "pt": "os registros a marcavam como possível fraude",
    },
    "own_app_session": {"es": "coincidía con una sesión de tu app", "pt": "coincidia com uma sessão do seu app"},
}
