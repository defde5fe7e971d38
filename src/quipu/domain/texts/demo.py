"""The demo sign-in page: what each demo customer's case shows."""

DEMO = {
    "demo_title": {
        "es": "Accesos de demostración (solo en modo local)",
        "pt": "Acessos de demonstração (só no modo local)",
    },
    "demo_use": {"es": "Usar", "pt": "Usar"},
    "demo_statement": {"es": "estado de cuenta (foto)", "pt": "extrato (foto)"},
    "demo_role_operator": {"es": "operador/a", "pt": "operador(a)"},
    "demo_role_supervisor": {"es": "supervisor/a", "pt": "supervisor(a)"},
    "demo_case_DEMO-MX-DUPLICATE": {
        "es": "Dos cargos de Uber de 312,40 MXN con 4 segundos de diferencia",
        "pt": "Duas cobranças da Uber de 312,40 MXN com 4 segundos de diferença",
    },
    "demo_case_DEMO-CO-PENDING": {
        "es": "Un cargo de Amazon todavía pendiente",
        "pt": "Uma cobrança da Amazon ainda pendente",
    },
    "demo_case_DEMO-MX-FX": {"es": "Una compra en Best Buy en el exterior", "pt": "Uma compra na Best Buy no exterior"},
    "demo_case_DEMO-AR-FRAUD": {
        "es": "Tres cargos de Electromax con señales de fraude: necesita una persona",
        "pt": "Três cobranças da Electromax com sinais de fraude: precisa de uma pessoa",
    },
    "demo_case_DEMO-CO-AMBIGUOUS": {
        "es": "Cuatro cargos el mismo día: hay que preguntar cuál",
        "pt": "Quatro cobranças no mesmo dia: é preciso perguntar qual",
    },
    "demo_case_DEMO-MX-OWN-PURCHASE": {
        "es": "Una compra propia en Liverpool, con su sesión en la app",
        "pt": "Uma compra própria na Liverpool, com a sessão no app",
    },
    "demo_case_DEMO-AR-REVERSED": {
        "es": "Un cargo de Mercado Libre ya revertido",
        "pt": "Uma cobrança do Mercado Libre já estornada",
    },
    "demo_case_DEMO-BR-PORTUGUESE": {
        "es": "En portugués: dos cargos de iFood con 6 segundos de diferencia",
        "pt": "Em português: duas cobranças do iFood com 6 segundos de diferença",
    },
    "demo_case_DEMO-MX-KHIPU": {
        "es": "Dos cuentas, una tarjeta, un préstamo y tres facturas: mover dinero",
        "pt": "Duas contas, um cartão, um empréstimo e três contas a pagar: movimentar dinheiro",
    },
    "demo_case_DEMO-MX-RECIBE": {"es": "Recibe transferencias", "pt": "Recebe transferências"},
}
