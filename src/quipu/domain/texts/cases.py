"""What a case file asks the person who takes it. Operators read Spanish; the Portuguese is kept alongside."""

QUESTIONS = {
    "es": {
        "customer_asked": "¿Qué necesita el cliente? Pidió hablar con una persona.",
        "assistant_error": "El asistente falló en este turno: ¿qué necesitaba el cliente?",
        "model_requested": "El asistente pidió ayuda: revisar la solicitud del cliente.",
        "action_escalated": "Revisar las acciones que el sistema no automatiza.",
        "possible_fraud": "Los registros marcan posible fraude: ¿el cliente reconoce estos cargos? Valorar bloqueo.",
        "inquiry_possible_fraud": "¿El cliente tiene la tarjeta en su poder?",
        "inquiry_duplicate": "¿El comercio cobró dos veces el mismo servicio?",
        "inquiry_foreign_purchase": "¿El cliente compró en el exterior o en un sitio extranjero?",
        "inquiry_pending": "¿El cargo se confirmó o se liberó?",
        "inquiry_default": "¿El cliente reconoce el cargo?",
    },
    "pt": {
        "customer_asked": "Do que o cliente precisa? Pediu para falar com uma pessoa.",
        "assistant_error": "O assistente falhou neste turno: do que o cliente precisava?",
        "model_requested": "O assistente pediu ajuda: revisar a solicitação do cliente.",
        "action_escalated": "Revisar as ações que o sistema não automatiza.",
        "possible_fraud": "Os registros indicam possível fraude: o cliente reconhece estas cobranças? Avaliar bloqueio.",
        "inquiry_possible_fraud": "O cliente está com o cartão?",
        "inquiry_duplicate": "O estabelecimento cobrou duas vezes o mesmo serviço?",
        "inquiry_foreign_purchase": "O cliente comprou no exterior ou em um site estrangeiro?",
        "inquiry_pending": "A cobrança foi confirmada ou liberada?",
        "inquiry_default": "O cliente reconhece a cobrança?",
    },
}
OPERATOR_LANGUAGE = "es"
