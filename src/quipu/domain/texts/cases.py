"""What a case file asks the person who takes it. Operators read Spanish; the Portuguese is kept alongside."""

QUESTIONS = {
    "customer_asked": {
        "es": "¿Qué necesita el cliente? Pidió hablar con una persona.",
        "pt": "Do que o cliente precisa? Pediu para falar com uma pessoa.",
    },
    "assistant_error": {
        "es": "El asistente falló en este turno: ¿qué necesitaba el cliente?",
        "pt": "O assistente falhou neste turno: do que o cliente precisava?",
    },
    "model_requested": {
        "es": "El asistente pidió ayuda: revisar la solicitud del cliente.",
        "pt": "O assistente pediu ajuda: revisar a solicitação do cliente.",
    },
    "action_escalated": {
        "es": "Revisar las acciones que el sistema no automatiza.",
        "pt": "Revisar as ações que o sistema não automatiza.",
    },
    "scam_report": {
        "es": "El cliente cuenta que alguien (quizá haciéndose pasar por el banco) le pidió mover dinero o dar un "
        "código: "
        "confirmar que no transfirió ni compartió nada y valorar bloqueo.",
        "pt": "O cliente conta que alguém (talvez se passando pelo banco) pediu para mover dinheiro ou passar um "
        "código: "
        "confirmar que não transferiu nem compartilhou nada e avaliar bloqueio.",
    },
    "possible_fraud": {
        "es": "Los registros marcan posible fraude: ¿el cliente reconoce estos cargos? Valorar bloqueo.",
        "pt": "Os registros indicam possível fraude: o cliente reconhece estas cobranças? Avaliar bloqueio.",
    },
    "inquiry_possible_fraud": {"es": "¿El cliente tiene la tarjeta en su poder?", "pt": "O cliente está com o cartão?"},
    "inquiry_duplicate": {
        "es": "¿El comercio cobró dos veces el mismo servicio?",
        "pt": "O estabelecimento cobrou duas vezes o mesmo serviço?",
    },
    "inquiry_foreign_purchase": {
        "es": "¿El cliente compró en el exterior o en un sitio extranjero?",
        "pt": "O cliente comprou no exterior ou em um site estrangeiro?",
    },
    "inquiry_pending": {"es": "¿El cargo se confirmó o se liberó?", "pt": "A cobrança foi confirmada ou liberada?"},
    "inquiry_default": {"es": "¿El cliente reconoce el cargo?", "pt": "O cliente reconhece a cobrança?"},
}
OPERATOR_LANGUAGE = "es"
