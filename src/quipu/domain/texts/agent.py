"""What the agent says by code (hand-off, outage, greeting...), never the model's words."""

AGENT = {
    "handoff": {
        "es": "Te paso con una persona del banco. Ya tiene el resumen de tu caso; te responderá por este chat.",
        "pt": "Vou passar você para uma pessoa do banco. Ela já tem o resumo do seu caso e responderá por este chat.",
    },
    "still_with_a_person": {
        "es": "Tu caso sigue con una persona del banco; te responderá por este chat.",
        "pt": "Seu caso continua com uma pessoa do banco; ela responderá por este chat.",
    },
    "outage": {
        "es": "Estamos teniendo problemas técnicos. Te paso con una persona del banco para que te ayude.",
        "pt": "Estamos com problemas técnicos. Vou passar você para uma pessoa do banco.",
    },
    "sign_in": {
        "es": "Para eso necesitas iniciar sesión en la app o la web del banco.",
        "pt": "Para isso você precisa entrar no app ou no site do banco.",
    },
    "out_of_scope": {
        "es": (
            "Puedo ayudarte con tus saldos y deudas, cargos que no reconoces, tus movimientos y gastos, acciones "
            "sobre tus tarjetas y transferencias entre tus cuentas. ¿Qué necesitas?"
        ),
        "pt": (
            "Posso ajudar com seus saldos e dívidas, cobranças que você não reconhece, suas movimentações e gastos, "
            "ações nos seus cartões e transferências entre suas contas. Do que você precisa?"
        ),
    },
    "unsafe_reply": {
        "es": (
            "No pude preparar esa respuesta con seguridad. ¿Me lo cuentas de nuevo, o prefieres hablar con una persona?"
        ),
        "pt": "Não consegui preparar essa resposta com segurança. Pode repetir, ou prefere falar com uma pessoa?",
    },
    "too_many_steps": {
        "es": "No logré terminar esa consulta. ¿Puedes decirlo de otra forma o prefieres hablar con una persona?",
        "pt": "Não consegui concluir essa consulta. Pode dizer de outra forma ou prefere falar com uma pessoa?",
    },
    "waiting": {
        "es": "Tu mensaje quedó registrado; una persona del banco te responderá por aquí.",
        "pt": "Sua mensagem foi registrada; uma pessoa do banco responderá por aqui.",
    },
    "refused": {"es": "{reason}", "pt": "{reason}"},
    # what only a person does, asked about: said, and the customer may have it passed on
    "refused_offer": {
        "es": "{reason} Si quieres, le paso tu caso.",
        "pt": "{reason} Se quiser, passo seu caso para ela.",
    },
    "refused_person": {
        "es": "{reason} Ya le pasé tu caso a una persona del banco.",
        "pt": "{reason} Já passei seu caso para uma pessoa do banco.",
    },
    "proposal_ready": {
        "es": "Te dejé la propuesta en el recuadro con el botón Confirmar: nada se hace hasta que lo presiones.",
        "pt": "Deixei a proposta no quadro com o botão Confirmar: nada é feito até você apertá-lo.",
    },
    # a turn that could not be answered: the customer's message stays in the thread, with this note after it
    "turn_busy": {
        "es": "Hay mucha demanda y no pudimos responder este mensaje. Envíalo de nuevo en un momento.",
        "pt": "Há muita demanda e não conseguimos responder esta mensagem. Envie de novo em um momento.",
    },
    "turn_failed": {
        "es": "No pudimos responder este mensaje. Envíalo de nuevo, por favor.",
        "pt": "Não conseguimos responder esta mensagem. Envie de novo, por favor.",
    },
    "released": {
        "es": "La persona del banco cerró su atención. Puedes seguir escribiéndome cuando quieras.",
        "pt": "A pessoa do banco encerrou o atendimento. Você pode continuar falando comigo quando quiser.",
    },
    "greeting": {
        "es": (
            "¡Hola! Soy el asistente del banco. Puedo revisar tus saldos y deudas, los cargos que no reconoces, tus "
            "movimientos y gastos, bloquear o cancelar una tarjeta y preparar transferencias entre tus cuentas. ¿En "
            "qué te ayudo?"
        ),
        "pt": (
            "Olá! Sou o assistente do banco. Posso ver seus saldos e dívidas, cobranças que você não reconhece, suas "
            "movimentações e gastos, bloquear ou cancelar um cartão e preparar transferências entre suas contas. Como "
            "posso ajudar?"
        ),
    },
    "thanks": {
        "es": "¡Con gusto! Si necesitas algo más de tus cuentas, tarjetas o movimientos, aquí estoy.",
        "pt": "Por nada! Se precisar de mais alguma coisa das suas contas, cartões ou movimentações, estou aqui.",
    },
    "hold": {"es": "Claro, aquí espero.", "pt": "Claro, fico esperando."},
    "hold_card_waits": {
        "es": "Claro, aquí espero. Lo que te preparé sigue esperando tu botón: nada se hace hasta que lo confirmes.",
        "pt": "Claro, fico esperando. O que preparei continua esperando o seu botão: nada é feito até você confirmar.",
    },
    "affirm_card_waits": {
        "es": "Para que se haga, presiona Confirmar en el recuadro: ese botón es tuyo y yo no puedo presionarlo.",
        "pt": "Para que seja feito, aperte Confirmar no quadro: esse botão é seu e eu não posso apertá-lo.",
    },
    "about_the_button": {
        "es": (
            "Nada se hace sin tu botón: si no presionas Confirmar, la propuesta vence sola en unos minutos y no se "
            "mueve dinero ni se cambia nada. Si prefieres quitarla antes, dime «cancélala»."
        ),
        "pt": (
            "Nada é feito sem o seu botão: se você não apertar Confirmar, a proposta vence sozinha em alguns minutos e "
            "nenhum dinheiro é movido, nada muda. Se preferir tirá-la antes, é só dizer «cancela»."
        ),
    },
    "bye": {"es": "¡Hasta luego! Aquí estaré cuando me necesites.", "pt": "Até logo! Estarei aqui quando precisar."},
    "who_are_you": {
        "es": (
            "Soy el asistente virtual del banco: un programa, no una persona. Reviso tus cuentas, tarjetas y "
            "movimientos y preparo lo que me pidas para que lo confirmes. Si prefieres hablar con una persona, dímelo "
            "y te paso."
        ),
        "pt": (
            "Sou o assistente virtual do banco: um programa, não uma pessoa. Vejo suas contas, cartões e "
            "movimentações e preparo o que você pedir para você confirmar. Se preferir falar com uma pessoa, é só "
            "dizer que eu transfiro."
        ),
    },
    "clarify": {
        "es": "¿Me das un poco más de detalle de lo que necesitas?",
        "pt": "Pode me dar um pouco mais de detalhe do que você precisa?",
    },
}
