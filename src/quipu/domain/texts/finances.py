"""The finances page's words: categories, short months, and the notes written from the figures."""

CATEGORY_NAMES = {
    "Food": {"es": "Comida", "pt": "Alimentação"},
    "Transport": {"es": "Transporte", "pt": "Transporte"},
    "Services": {"es": "Servicios", "pt": "Serviços"},
    "Entertainment": {"es": "Entretenimiento", "pt": "Entretenimento"},
    "Health": {"es": "Salud", "pt": "Saúde"},
    "Other": {"es": "Otros", "pt": "Outros"},
    "Uncategorized": {"es": "Sin categoría", "pt": "Sem categoria"},
}
OTHERS = {"es": "Otros", "pt": "Outros"}
SHORT_MONTHS = {
    "es": ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"),
    "pt": ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"),
}
NOTES = {
    "spending": {
        "es": (
            "En los últimos {days} días gastaste {spend} en {count} compras. La más grande fue en {merchant} por "
            "{biggest}."
        ),
        "pt": "Nos últimos {days} dias você gastou {spend} em {count} compras. A maior foi em {merchant}, "
        "de {biggest}.",
    },
    "monthly": {
        "es": "Tu mes con más gasto fue {month}, con {amount}.",
        "pt": "Seu mês com mais gastos foi {month}, com {amount}.",
    },
    "tip_duplicates": {
        "es": "Marcamos {n} posibles cargos repetidos. Si no los reconoces, podemos revisarlos.",
        "pt": "Marcamos {n} possíveis cobranças repetidas. Se você não as reconhece, podemos revisá-las.",
    },
    "tip_duplicate": {
        "es": "Marcamos un posible cargo repetido. Si no lo reconoces, podemos revisarlo.",
        "pt": "Marcamos uma possível cobrança repetida. Se você não a reconhece, podemos revisá-la.",
    },
    "tip_category": {
        "es": "{category} concentra el {pct}% de tu gasto del periodo.",
        "pt": "{category} concentra {pct}% dos seus gastos do período.",
    },
    "tip_disputed": {
        "es": "Ya abriste una aclaración por el cargo repetido; el banco te responderá en el plazo que te dio.",
        "pt": "Você já abriu uma contestação da cobrança repetida; o banco vai responder no prazo que informou.",
    },
    "tip_default": {
        "es": "Puedes activar alertas de cargos repetidos para enterarte al momento.",
        "pt": "Você pode ativar alertas de cobranças repetidas para saber na hora.",
    },
}
# What the alert's own button sends to the chat: the pair it shows, named by code (merchant, amount, day and time).
ALERT_QUESTION = {
    "es": (
        "Tengo dos cargos de {merchant} por {amount} del {when}, con {seconds} segundos de diferencia. ¿Me ayudas a "
        "revisarlos?"
    ),
    "pt": (
        "Tenho duas cobranças de {merchant} de {amount} de {when}, com {seconds} segundos de diferença. Pode me "
        "ajudar a revisá-las?"
    ),
}
FINANCES_PAGE = {
    "fin_title": {"es": "Mis finanzas", "pt": "Minhas finanças"},
    "fin_window": {"es": "Últimos días", "pt": "Últimos dias"},
    "fin_spend": {"es": "Gasto", "pt": "Gasto"},
    "fin_transactions": {"es": "Compras", "pt": "Compras"},
    "fin_avg": {"es": "Ticket promedio", "pt": "Tíquete médio"},
    "fin_categories": {"es": "Por categoría", "pt": "Por categoria"},
    "fin_monthly": {"es": "Por mes", "pt": "Por mês"},
    "fin_merchants": {"es": "Dónde más compras", "pt": "Onde você mais compra"},
    "fin_alerts": {"es": "Posibles cobros duplicados", "pt": "Possíveis cobranças duplicadas"},
    "fin_alert_line": {
        "es": "{merchant}: dos cargos de {amount} {currency} con {seconds} s de diferencia ({date})",
        "pt": "{merchant}: duas cobranças de {amount} {currency} com {seconds} s de diferença ({date})",
    },
    "fin_alert_review": {"es": "Revisar este par en el chat", "pt": "Revisar este par no chat"},
    "fin_alert_disputed": {
        "es": "Ya abriste la aclaración {reference} el {date}: {status}.",
        "pt": "Você já abriu a contestação {reference} em {date}: {status}.",
    },
    "fin_alert_see_dispute": {"es": "Ver mis aclaraciones", "pt": "Ver minhas contestações"},
    "fin_others": {"es": "Otras monedas (no se suman)", "pt": "Outras moedas (não são somadas)"},
    "fin_unavailable": {
        "es": (
            "No podemos mostrar tus finanzas ahora mismo; preferimos no mostrarte datos incompletos. Intenta más tarde."
        ),
        "pt": "Não podemos mostrar suas finanças agora; preferimos não mostrar dados incompletos. Tente mais tarde.",
    },
    "fin_empty": {"es": "No tienes compras en este periodo.", "pt": "Você não tem compras neste período."},
    "fin_show_alerts": {"es": "Mostrar alertas de duplicados", "pt": "Mostrar alertas de duplicidade"},
}
