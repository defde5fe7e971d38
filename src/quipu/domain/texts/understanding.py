"""What code says when it reads the customer's words without acting on them: a scam warning, a refusal or a
postponement acknowledged, how an action works (with an offer), a question between the two likeliest readings,
what the bank cannot answer here, and a proposal replaced or forgotten."""

# each intent in the customer's words, as a choice in a question ("¿Quieres {a}, o {b}?")
INTENT_CHOICES = {
    "list_cards": {"es": "ver tus tarjetas", "pt": "ver seus cartões"},
    "dispute_status": {"es": "saber cómo va una aclaración", "pt": "saber como está uma contestação"},
    "recall_earlier": {"es": "retomar lo de una conversación anterior", "pt": "retomar uma conversa anterior"},
    "block_card": {"es": "bloquear tu tarjeta", "pt": "bloquear seu cartão"},
    "cancel_card": {"es": "cancelar tu tarjeta", "pt": "cancelar seu cartão"},
    "dispute_charge": {"es": "abrir una aclaración de un cargo", "pt": "abrir uma contestação de uma cobrança"},
    "request_callback": {"es": "que te llamemos", "pt": "que a gente te ligue"},
    "alert_on": {"es": "activar una alerta", "pt": "ativar um alerta"},
    "alert_off": {"es": "desactivar una alerta", "pt": "desativar um alerta"},
    "email_summary": {"es": "recibir un resumen por correo", "pt": "receber um resumo por e-mail"},
    "transfer": {"es": "hacer una transferencia", "pt": "fazer uma transferência"},
    "pay_debt": {"es": "pagar tu tarjeta o tu préstamo", "pt": "pagar seu cartão ou seu empréstimo"},
    "pay_bill": {"es": "pagar un servicio", "pt": "pagar uma conta de serviço"},
    "list_bills": {"es": "ver tus recibos pendientes", "pt": "ver suas contas pendentes"},
    "balance": {"es": "saber cuánto tienes en tus cuentas", "pt": "saber quanto você tem nas suas contas"},
    "debt": {"es": "saber cuánto debes y cuándo vence", "pt": "saber quanto você deve e quando vence"},
    "credit_limit": {"es": "saber cuánto crédito te queda", "pt": "saber quanto limite você tem"},
    "interest_rate": {"es": "saber la tasa de interés", "pt": "saber a taxa de juros"},
    "installments": {"es": "saber cuántas cuotas te faltan", "pt": "saber quantas parcelas faltam"},
    "profile": {"es": "ver tus datos de cliente", "pt": "ver seus dados de cliente"},
    "unrecognized_charge": {
        "es": "revisar un cargo que no reconoces",
        "pt": "verificar uma cobrança que você não reconhece",
    },
    "charge_status": {"es": "saber en qué quedó un cargo", "pt": "saber o que aconteceu com uma cobrança"},
    "spending": {"es": "saber cuánto gastaste", "pt": "saber quanto você gastou"},
    "largest_purchase": {"es": "ver tu compra más grande", "pt": "ver sua maior compra"},
    "compare_spending": {"es": "comparar tus gastos de dos periodos", "pt": "comparar seus gastos de dois períodos"},
    "movements": {"es": "ver tus movimientos", "pt": "ver suas movimentações"},
    "exchange_rate": {"es": "saber el tipo de cambio", "pt": "saber a cotação do dólar"},
    "complaints": {"es": "saber cómo van tus quejas y aclaraciones", "pt": "saber como estão suas reclamações"},
    "human": {"es": "hablar con una persona", "pt": "falar com uma pessoa"},
    "refund": {"es": "pedir un reembolso", "pt": "pedir um reembolso"},
    "unblock_card": {"es": "desbloquear tu tarjeta", "pt": "desbloquear seu cartão"},
    "reissue_card": {"es": "pedir una tarjeta nueva", "pt": "pedir um cartão novo"},
    "raise_limit": {"es": "aumentar tu límite", "pt": "aumentar seu limite"},
    "change_contact": {"es": "cambiar tus datos de contacto", "pt": "mudar seus dados de contato"},
}

# what code says of each intent the bank can act on, when the customer asks how it works (then offers it)
HOW_IT_WORKS = {
    "block_card": {
        "es": "Puedo bloquear tu tarjeta desde aquí: el bloqueo es temporal y lo confirmas tú con un botón; mientras "
        "está bloqueada no pasa ningún cargo nuevo.",
        "pt": "Posso bloquear seu cartão por aqui: o bloqueio é temporário e você confirma com um botão; enquanto "
        "estiver bloqueado, nenhuma compra nova passa.",
    },
    "cancel_card": {
        "es": "La cancelación de una tarjeta es definitiva: la preparo aquí, la confirmas tú con un botón y, si la "
        "tarjeta tiene saldo, una persona del banco revisa el caso.",
        "pt": "O cancelamento de um cartão é definitivo: eu preparo por aqui, você confirma com um botão e, se o "
        "cartão tiver saldo, uma pessoa do banco revisa o caso.",
    },
    "dispute_charge": {
        "es": "Para un cargo que no reconoces abro una aclaración: reviso primero tus registros, te muestro el cargo y "
        "la confirmas tú con un botón; el banco te responde en el plazo que indica el caso.",
        "pt": "Para uma cobrança que você não reconhece, eu abro uma contestação: verifico seus registros, mostro a "
        "cobrança e você confirma com um botão; o banco responde no prazo indicado no caso.",
    },
    "request_callback": {
        "es": "Puedo pedir que te llamemos por la mañana, la tarde o la noche; lo confirmas tú con un botón.",
        "pt": "Posso pedir que a gente te ligue de manhã, à tarde ou à noite; você confirma com um botão.",
    },
    "alert_on": {
        "es": "Puedo activarte alertas de cargos duplicados o de fechas de pago; las confirmas tú con un botón.",
        "pt": "Posso ativar alertas de cobranças duplicadas ou de vencimento; você confirma com um botão.",
    },
    "alert_off": {
        "es": "Puedo desactivar tus alertas de cargos duplicados o de fechas de pago; lo confirmas tú con un botón.",
        "pt": "Posso desativar seus alertas de cobranças duplicadas ou de vencimento; você confirma com um botão.",
    },
    "email_summary": {
        "es": "Puedo enviarte por correo un resumen de tus saldos, tus pagos o tus movimientos; lo confirmas tú con "
        "un botón.",
        "pt": "Posso enviar por e-mail um resumo dos seus saldos, pagamentos ou movimentações; você confirma com um "
        "botão.",
    },
    "transfer": {
        "es": "Puedo preparar una transferencia entre tus cuentas o a la cuenta de otra persona del banco: dime "
        "cuánto, desde qué cuenta y a qué número de cuenta. Te muestro todo antes, la confirmas con un botón y un "
        "código de seguridad, y el dinero no se mueve hasta entonces.",
        "pt": "Posso preparar uma transferência entre suas contas ou para a conta de outra pessoa do banco: diga "
        "quanto, de qual conta e para qual número de conta. Mostro tudo antes, você confirma com um botão e um "
        "código de segurança, e o dinheiro só se move depois disso.",
    },
    "pay_debt": {
        "es": "Puedo preparar el pago de tu tarjeta o de tu préstamo desde una de tus cuentas: dime cuánto. Lo "
        "confirmas con un botón y un código de seguridad.",
        "pt": "Posso preparar o pagamento do seu cartão ou do seu empréstimo a partir de uma das suas contas: diga "
        "quanto. Você confirma com um botão e um código de segurança.",
    },
    "pay_bill": {
        "es": "Puedo pagar un recibo pendiente completo (luz, agua, internet…) desde una de tus cuentas; lo "
        "confirmas con un botón y un código de seguridad.",
        "pt": "Posso pagar uma conta pendente inteira (luz, água, internet…) a partir de uma das suas contas; você "
        "confirma com um botão e um código de segurança.",
    },
}

UNDERSTANDING = {
    "offer": {"es": "¿Quieres que lo prepare?", "pt": "Quer que eu prepare?"},
    # its cost or how long it takes, asked: the records hold neither, and that is said plainly
    "terms_not_held": {
        "es": "Su costo o cuánto tarda no está en los registros que consulto; eso te lo confirma el banco.",
        "pt": "O custo ou o prazo disso não estão nos registros que eu consulto; isso o banco confirma.",
    },
    "not_on_a_schedule": {
        "es": "Pagos y transferencias automáticos o recurrentes no los puedo programar: cada uno lo preparo cuando me "
        "lo pides y lo confirmas tú.",
        "pt": "Pagamentos e transferências automáticos ou recorrentes eu não consigo programar: cada um eu preparo "
        "quando você pede e você confirma.",
    },
    "terms_waiting": {
        "es": "Lo que te preparé sigue esperando tu botón: nada se hace hasta que lo presiones.",
        "pt": "O que preparei segue esperando seu botão: nada é feito até você apertá-lo.",
    },
    "offer_intent": {
        "es": "Si quieres {choice}, dímelo y lo preparo.",
        "pt": "Se quiser {choice}, é só dizer que eu preparo.",
    },
    "acknowledged": {
        "es": "De acuerdo, no voy a {choice}. Aquí estoy si necesitas otra cosa.",
        "pt": "Combinado, não vou {choice}. Estou aqui se precisar de outra coisa.",
    },
    "recognised": {
        "es": "Perfecto, entonces ese cargo es tuyo y no hace falta hacer nada. Aquí estoy si necesitas otra cosa.",
        "pt": "Beleza, então essa cobrança é sua e não precisa fazer nada. Estou aqui se precisar de outra coisa.",
    },
    "postponed": {
        "es": "De acuerdo, no hago nada por ahora. Cuando quieras {choice}, dímelo y lo preparo.",
        "pt": "Combinado, não faço nada por enquanto. Quando quiser {choice}, é só dizer que eu preparo.",
    },
    "reported_advice": {
        "es": "Lo decides tú: no actúo por lo que otra persona diga o pida, solo por lo que tú me pidas.",
        "pt": "Quem decide é você: não faço nada pelo que outra pessoa diga ou peça, só pelo que você me pedir.",
    },
    "reported": {
        "es": "Lo decides tú: no actúo por lo que otra persona diga o pida. Si tú quieres {choice}, dímelo y lo "
        "preparo para que lo confirmes.",
        "pt": "Quem decide é você: não faço nada pelo que outra pessoa diga ou peça. Se você quiser {choice}, é só "
        "dizer que eu preparo para você confirmar.",
    },
    "scam_warning": {
        "es": "Cuidado: esto parece una estafa. El banco nunca te pide que transfieras dinero a una «cuenta segura» "
        "ni que compartas códigos, claves, tu NIP o tu token, ni por teléfono ni por mensaje. No transfieras ni "
        "compartas nada y cuelga si te vuelven a llamar.",
        "pt": "Cuidado: isso parece um golpe. O banco nunca pede que você transfira dinheiro para uma «conta segura» "
        "nem que compartilhe códigos, senhas ou token, nem por telefone nem por mensagem. Não transfira nem "
        "compartilhe nada e desligue se ligarem de novo.",
    },
    "either": {
        "es": "{first} o {second}",
        "pt": "{first} ou {second}",
    },
    "clarify_two": {
        "es": "¿Quieres {first}, o {second}?",
        "pt": "Você quer {first}, ou {second}?",
    },
    "clarify_open": {
        "es": "No estoy seguro de haberte entendido. ¿Me lo dices con otras palabras? Puedo ayudarte con tus saldos, "
        "cargos, gastos, tarjetas y transferencias.",
        "pt": "Não tenho certeza de ter entendido. Pode dizer com outras palavras? Posso ajudar com saldos, "
        "cobranças, gastos, cartões e transferências.",
    },
    "not_in_records": {
        "es": "Eso no lo tengo en tus registros, así que no puedo darte ese dato desde aquí. Puedo ayudarte con tus "
        "saldos, deudas, cargos, gastos, tarjetas y transferencias.",
        "pt": "Isso não está nos seus registros, então não consigo te dar essa informação por aqui. Posso ajudar com "
        "saldos, dívidas, cobranças, gastos, cartões e transferências.",
    },
    "pending_cancelled": {
        "es": "Listo, dejé sin efecto lo que te había preparado; no se hizo nada.",
        "pt": "Pronto, desfiz o que eu tinha preparado; nada foi feito.",
    },
    "pending_cancelled_these": {
        "es": "Listo, dejé sin efecto lo que te había preparado ({what}); no se hizo nada.",
        "pt": "Pronto, desfiz o que eu tinha preparado ({what}); nada foi feito.",
    },
    "pending_partly_done": {
        "es": (
            "Esto ya se hizo con el botón y desde aquí no puedo deshacerlo: {done}. "
            "Dejé sin efecto lo demás ({undone}); eso no se hizo."
        ),
        "pt": (
            "Isto já foi feito com o botão e daqui não consigo desfazer: {done}. "
            "Desfiz o resto ({undone}); isso não foi feito."
        ),
    },
    "pending_already_done": {
        "es": "Eso ya se hizo: lo confirmaste con el botón, y desde aquí no puedo deshacerlo.",
        "pt": "Isso já foi feito: você confirmou com o botão, e daqui não consigo desfazer.",
    },
    "bill_not_prepared": {
        "es": "De acuerdo, no preparo el pago de {what}. Lo que te preparé antes sigue esperando tu botón.",
        "pt": "Combinado, não preparo o pagamento de {what}. O que preparei antes segue esperando seu botão.",
    },
    "nothing_pending": {
        "es": "No tengo nada preparado esperando tu confirmación.",
        "pt": "Não tenho nada preparado esperando a sua confirmação.",
    },
    "replaced": {
        "es": "Dejé sin efecto la propuesta anterior ({what}); esta es la nueva.",
        "pt": "Desfiz a proposta anterior ({what}); esta é a nova.",
    },
    "statement_offer": {
        "es": "Entiendo. ¿Quieres {choice}?",
        "pt": "Entendi. Você quer {choice}?",
    },
    "okay": {"es": "De acuerdo. Aquí estoy si necesitas algo más.", "pt": "Combinado. Estou aqui se precisar de algo."},
    "yes_choice": {"es": "Sí, {choice}", "pt": "Sim, {choice}"},
    "no_thanks": {"es": "No, gracias", "pt": "Não, obrigado"},
}
