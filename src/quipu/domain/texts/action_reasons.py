"""Why an action was refused or sent to a person, and the names of requests code does not automate."""

# The names of what the bank never automates, and of a request code does not know: never the model's words.
REQUEST_NAMES = {
    "transfer_money": {"es": "mover dinero", "pt": "movimentar dinheiro"},
    "make_payment": {"es": "hacer un pago", "pt": "fazer um pagamento"},
    "schedule_payment": {"es": "programar un pago", "pt": "agendar um pagamento"},
    "pay_card": {"es": "pagar la tarjeta", "pt": "pagar o cartão"},
    "refund": {"es": "un reembolso", "pt": "um reembolso"},
    "reverse_charge": {"es": "reversar un cargo", "pt": "estornar uma cobrança"},
    "compensation": {"es": "una compensación", "pt": "uma compensação"},
    "provisional_credit": {"es": "un crédito provisional", "pt": "um crédito provisório"},
    "change_phone": {"es": "cambiar el teléfono", "pt": "mudar o telefone"},
    "change_email": {"es": "cambiar el correo", "pt": "mudar o e-mail"},
    "change_address": {"es": "cambiar la dirección", "pt": "mudar o endereço"},
    "change_contact": {"es": "cambiar los datos de contacto", "pt": "mudar os dados de contato"},
    "raise_limit": {"es": "aumentar el límite", "pt": "aumentar o limite"},
    "credit_eligibility": {"es": "evaluar un crédito", "pt": "analisar um crédito"},
    "reissue_card": {"es": "reponer la tarjeta", "pt": "repor o cartão"},
    "unblock_card": {"es": "desbloquear la tarjeta", "pt": "desbloquear o cartão"},
    "unknown": {"es": "una solicitud que no reconozco", "pt": "um pedido que não reconheço"},
}
REASONS = {
    "not_found": {
        "es": "No encontramos ese producto o cargo entre los tuyos.",
        "pt": "Não encontramos esse produto ou cobrança entre os seus.",
    },
    "not_a_card": {"es": "Ese producto no es una tarjeta.", "pt": "Esse produto não é um cartão."},
    "already_blocked": {"es": "Esa tarjeta ya está bloqueada.", "pt": "Esse cartão já está bloqueado."},
    "card_closed": {
        "es": "Esa tarjeta ya está cerrada o cancelada.",
        "pt": "Esse cartão já está encerrado ou cancelado.",
    },
    "card_suspended": {
        "es": "Esa tarjeta está suspendida; una persona del banco revisará tu caso.",
        "pt": "Esse cartão está suspenso; uma pessoa do banco vai revisar seu caso.",
    },
    "unknown_card_status": {
        "es": "No podemos confirmar el estado de esa tarjeta; una persona lo revisará.",
        "pt": "Não conseguimos confirmar a situação desse cartão; uma pessoa vai revisar.",
    },
    "blocked_by_bank": {
        "es": "El banco bloqueó esa tarjeta; una persona revisará la cancelación.",
        "pt": "O banco bloqueou esse cartão; uma pessoa vai revisar o cancelamento.",
    },
    "past_due": {
        "es": "La tarjeta tiene pagos atrasados; una persona revisará la cancelación.",
        "pt": "O cartão tem pagamentos atrasados; uma pessoa vai revisar o cancelamento.",
    },
    "outstanding_balance": {
        "es": "La tarjeta tiene saldo pendiente; una persona revisará la cancelación.",
        "pt": "O cartão tem saldo devedor; uma pessoa vai revisar o cancelamento.",
    },
    "already_reversed": {
        "es": "Ese cargo ya fue revertido: no hay nada que aclarar.",
        "pt": "Essa cobrança já foi estornada: não há nada a contestar.",
    },
    "was_declined": {
        "es": "Ese cargo fue rechazado: no se te cobró.",
        "pt": "Essa cobrança foi recusada: você não foi cobrado.",
    },
    "still_pending": {
        "es": "Ese cargo sigue pendiente; suele liberarse solo en unos días.",
        "pt": "Essa cobrança ainda está pendente; costuma ser liberada sozinha em alguns dias.",
    },
    "no_contact_on_file": {
        "es": "No tenemos un correo registrado para enviarte el mensaje.",
        "pt": "Não temos um e-mail cadastrado para enviar a mensagem.",
    },
    "no_case_to_confirm": {
        "es": "No hay una aclaración abierta para enviarte el comprobante.",
        "pt": "Não há contestação aberta para enviar o comprovante.",
    },
    "money_movement_not_authorized": {
        "es": "Por este medio no puedo mover dinero con esa solicitud.",
        "pt": "Por aqui não posso movimentar dinheiro com esse pedido.",
    },
    "needs_human_approval": {
        "es": "Los reembolsos y reversos los decide una persona del banco.",
        "pt": "Reembolsos e estornos são decididos por uma pessoa do banco.",
    },
    "identity_change": {
        "es": "Los cambios de datos de contacto los hace una persona del banco, por seguridad.",
        "pt": "Mudanças de dados de contato são feitas por uma pessoa do banco, por segurança.",
    },
    "credit_policy": {
        "es": "Los límites y la evaluación de crédito los revisa una persona del banco.",
        "pt": "Limites e análise de crédito são revisados por uma pessoa do banco.",
    },
    "physical_card": {
        "es": "La reposición de una tarjeta la gestiona una persona del banco.",
        "pt": "A reposição de um cartão é feita por uma pessoa do banco.",
    },
    "unfreeze_needs_review": {
        "es": "Desbloquear una tarjeta requiere la revisión de una persona del banco.",
        "pt": "Desbloquear um cartão exige a revisão de uma pessoa do banco.",
    },
    "unknown_action": {
        "es": "No reconozco esa solicitud, así que no hice nada.",
        "pt": "Não reconheço esse pedido, então não fiz nada.",
    },
    "case_already_open": {
        "es": "Una persona del banco ya tiene tu caso abierto y lo verá ahí; no abrimos otro.",
        "pt": "Uma pessoa do banco já tem seu caso aberto e vai ver isso ali; não abrimos outro.",
    },
    # {reference} and {since} come from the dispute already open on the charge (code's figures, never the model's)
    "dispute_already_open": {
        "es": "Ya tienes abierta la aclaración {reference} por este cargo desde el {since}; no abrimos otra.",
        "pt": "Você já tem a contestação {reference} aberta para esta cobrança desde {since}; não abrimos outra.",
    },
    "escalation_limit": {
        "es": "Hoy ya pasamos varias solicitudes a una persona del banco; no abrimos otro caso.",
        "pt": "Hoje já passamos vários pedidos para uma pessoa do banco; não abrimos outro caso.",
    },
    "email_limit": {
        "es": "Ya enviamos los correos posibles por ahora; no enviamos otro.",
        "pt": "Já enviamos os e-mails possíveis por agora; não enviamos outro.",
    },
    "invalid_params": {
        "es": "La solicitud llegó incompleta o con datos inválidos.",
        "pt": "O pedido chegou incompleto ou com dados inválidos.",
    },
    "too_many_actions": {
        "es": "Solo preparo hasta tres acciones a la vez.",
        "pt": "Preparo no máximo três ações de cada vez.",
    },
    "changed_since_proposal": {
        "es": "Algo cambió desde la propuesta; no la ejecutamos.",
        "pt": "Algo mudou desde a proposta; não a executamos.",
    },
    "dependency_failed": {
        "es": "No se hizo porque la acción de la que dependía no se completó.",
        "pt": "Não foi feito porque a ação da qual dependia não foi concluída.",
    },
    "verification_failed": {
        "es": "No pudimos comprobar que se hizo; una persona del banco lo revisará.",
        "pt": "Não conseguimos confirmar que foi feito; uma pessoa do banco vai revisar.",
    },
    "send_failed": {"es": "No pudimos enviar el mensaje.", "pt": "Não conseguimos enviar a mensagem."},
    "temporary_error": {
        "es": "Tuvimos un problema temporal; no se hizo.",
        "pt": "Tivemos um problema temporário; não foi feito.",
    },
    "error": {"es": "Tuvimos un problema; no se hizo.", "pt": "Tivemos um problema; não foi feito."},
    "superseded": {
        "es": "Esta propuesta fue reemplazada por una más reciente.",
        "pt": "Esta proposta foi substituída por uma mais recente.",
    },
    "expired": {"es": "La propuesta venció sin confirmación.", "pt": "A proposta venceu sem confirmação."},
    "cancelled_by_customer": {"es": "Cancelaste esta propuesta.", "pt": "Você cancelou esta proposta."},
}
