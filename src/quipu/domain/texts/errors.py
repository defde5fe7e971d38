"""Every error the API can answer, with its status, a precise English text and the customer's ES and PT."""

from dataclasses import dataclass


@dataclass(frozen=True)
class ErrorText:
    status: int
    en: str
    es: str
    pt: str


ERRORS: dict[str, ErrorText] = {
    "invalid_credentials": ErrorText(
        401, "Unknown user or wrong password.", "Usuario o contraseña incorrectos.", "Usuário ou senha incorretos."
    ),
    "account_locked": ErrorText(
        423,
        "Too many failed sign-ins; the account is locked for a while.",
        "Demasiados intentos fallidos. Tu acceso está bloqueado por unos minutos.",
        "Muitas tentativas sem sucesso. Seu acesso está bloqueado por alguns minutos.",
    ),
    "too_many_attempts": ErrorText(
        429,
        "Too many sign-in attempts from this client; wait a minute.",
        "Demasiados intentos desde este dispositivo. Espera un minuto.",
        "Muitas tentativas deste dispositivo. Aguarde um minuto.",
    ),
    "token_missing": ErrorText(
        401,
        "An Authorization: Bearer token is required.",
        "Necesitas iniciar sesión.",
        "Você precisa entrar na sua conta.",
    ),
    "invalid_token": ErrorText(
        401,
        "The token is not valid for this service.",
        "Tu sesión no es válida. Inicia sesión de nuevo.",
        "Sua sessão não é válida. Entre novamente.",
    ),
    "token_expired": ErrorText(
        401,
        "The token has expired.",
        "Tu sesión expiró. Inicia sesión de nuevo.",
        "Sua sessão expirou. Entre novamente.",
    ),
    "wrong_customer": ErrorText(
        403,
        "customer_id differs from the signed-in customer.",
        "No puedes consultar datos de otro cliente.",
        "Você não pode consultar dados de outro cliente.",
    ),
    "supervisor_only": ErrorText(
        403,
        "Only a supervisor may do this.",
        "Solo un supervisor puede hacer esto.",
        "Somente um supervisor pode fazer isso.",
    ),
    "not_found": ErrorText(
        404, "No such resource.", "No encontramos lo que buscas.", "Não encontramos o que você procura."
    ),
    "unknown_product": ErrorText(
        404,
        "No product with that id for this customer.",
        "No encontramos ese producto entre los tuyos.",
        "Não encontramos esse produto entre os seus.",
    ),
    "unknown_conversation": ErrorText(
        404,
        "No conversation with that thread id for this customer.",
        "No encontramos esa conversación.",
        "Não encontramos essa conversa.",
    ),
    "no_spending_in_period": ErrorText(
        404,
        "No approved purchase in that window.",
        "No encontramos compras en ese periodo.",
        "Não encontramos compras nesse período.",
    ),
    "unknown_customer": ErrorText(
        404, "The signed-in customer has no records.", "No encontramos tus datos.", "Não encontramos seus dados."
    ),
    "finances_unavailable": ErrorText(
        503,
        "A lookup failed; the page is not shown rather than shown partly.",
        "No pudimos preparar tu resumen ahora. Intenta más tarde.",
        "Não conseguimos preparar seu resumo agora. Tente mais tarde.",
    ),
    "invalid_image": ErrorText(
        400,
        "The image is not valid base64.",
        "No pudimos leer la foto. Vuelve a adjuntarla.",
        "Não conseguimos ler a foto. Anexe de novo.",
    ),
    "empty_image": ErrorText(
        400, "The image is empty.", "La foto está vacía. Adjunta otra.", "A foto está vazia. Anexe outra."
    ),
    "image_too_large": ErrorText(
        413,
        "The image is larger than 4 MB.",
        "La foto pesa más de 4 MB. Envía una más liviana.",
        "A foto tem mais de 4 MB. Envie uma mais leve.",
    ),
    "unsupported_image": ErrorText(
        415,
        "Only JPEG, PNG or WebP images are read (checked by their bytes).",
        "Solo podemos leer fotos JPEG, PNG o WebP.",
        "Só conseguimos ler fotos JPEG, PNG ou WebP.",
    ),
    "empty_message": ErrorText(
        422,
        "Send a message, an image, or both.",
        "Escribe un mensaje o adjunta una foto.",
        "Escreva uma mensagem ou anexe uma foto.",
    ),
    "empty_audio": ErrorText(400, "The audio is empty.", "La grabación está vacía.", "A gravação está vazia."),
    "unsupported_audio": ErrorText(
        415,
        "The body is not audio the decoder understands.",
        "No pudimos reconocer ese audio. Graba de nuevo.",
        "Não reconhecemos esse áudio. Grave de novo.",
    ),
    "audio_too_long": ErrorText(
        413,
        "The recording is longer than the limit.",
        "La grabación es demasiado larga. Intenta con un mensaje más corto.",
        "A gravação é longa demais. Tente uma mensagem mais curta.",
    ),
    "no_speech": ErrorText(
        422,
        "No words were heard in the recording.",
        "No escuchamos ninguna palabra. Intenta de nuevo más cerca del micrófono.",
        "Não ouvimos nenhuma palavra. Tente de novo mais perto do microfone.",
    ),
    "unsupported_language": ErrorText(
        422,
        "Only es and pt are supported.",
        "Por ahora solo hablamos español y portugués.",
        "Por enquanto só falamos espanhol e português.",
    ),
    "speech_unavailable": ErrorText(
        503,
        "Speech is not installed on this server (quipu model install; Debian espeak-ng).",
        "La voz no está disponible en este momento. Puedes escribir tu mensaje.",
        "A voz não está disponível agora. Você pode escrever sua mensagem.",
    ),
    "actions_disabled": ErrorText(
        404,
        "Actions are switched off on this deployment (QUIPU_ACTIONS_ENABLED=false).",
        "Esta función no está disponible.",
        "Esta função não está disponível.",
    ),
    "unknown_batch": ErrorText(
        404,
        "No such batch of actions for this customer.",
        "No encontramos esa propuesta.",
        "Não encontramos essa proposta.",
    ),
    "unknown_transfer": ErrorText(
        404, "No such transfer for this customer.", "No encontramos esa operación.", "Não encontramos essa operação."
    ),
    "method_not_allowed": ErrorText(
        405, "Method not allowed on this path.", "Esta operación no está permitida.", "Esta operação não é permitida."
    ),
    "malformed_json": ErrorText(
        400, "The body is not valid JSON.", "No pudimos leer tu solicitud.", "Não conseguimos ler sua solicitação."
    ),
    "invalid_request": ErrorText(
        422,
        "The request does not match the expected fields.",
        "Faltan datos o hay datos inválidos en tu solicitud.",
        "Faltam dados ou há dados inválidos na sua solicitação.",
    ),
    "body_too_large": ErrorText(
        413,
        "The body is larger than this service accepts.",
        "El contenido enviado es demasiado grande.",
        "O conteúdo enviado é grande demais.",
    ),
    "unsupported_media_type": ErrorText(
        415,
        "Send the body as application/json.",
        "No pudimos leer el formato enviado.",
        "Não conseguimos ler o formato enviado.",
    ),
    "step_up_not_requested": ErrorText(
        400,
        "No step-up code is waiting for this session; request one first.",
        "Primero pide un código de verificación.",
        "Primeiro peça um código de verificação.",
    ),
    "step_up_code_invalid": ErrorText(
        400,
        "The step-up code is wrong, expired or used up.",
        "El código no es correcto o ya no es válido. Revísalo o pide uno nuevo.",
        "O código não está correto ou não é mais válido. Confira ou peça um novo.",
    ),
    "step_up_too_many_codes": ErrorText(
        429,
        "Too many step-up codes were requested in the last 15 minutes.",
        "Ya pediste varios códigos. Espera unos minutos antes de pedir otro.",
        "Você já pediu vários códigos. Aguarde alguns minutos antes de pedir outro.",
    ),
    "step_up_session_locked": ErrorText(
        423,
        "Too many wrong step-up codes in this session; sign in again.",
        "Demasiados códigos incorrectos. Inicia sesión de nuevo para volver a intentarlo.",
        "Muitos códigos incorretos. Entre novamente para tentar de novo.",
    ),
    "step_up_locked": ErrorText(
        423,
        "Too many wrong step-up codes today; a person must clear the lock.",
        "Demasiados códigos incorrectos hoy. Por seguridad, comunícate con el banco para desbloquear la verificación.",
        "Muitos códigos incorretos hoje. Por segurança, fale com o banco para desbloquear a verificação.",
    ),
    "too_many_requests": ErrorText(
        429,
        "Too many requests; wait a minute.",
        "Demasiadas solicitudes. Espera un minuto.",
        "Muitas solicitações. Aguarde um minuto.",
    ),
    "account_unavailable": ErrorText(
        401,
        "The customer's status does not allow access.",
        "Tu acceso no está disponible. Comunícate con el banco.",
        "Seu acesso não está disponível. Fale com o banco.",
    ),
    "step_up_required": ErrorText(
        403,
        "A step-up verification in the last minutes is required.",
        "Por seguridad, confirma tu identidad con el código que te enviamos.",
        "Por segurança, confirme sua identidade com o código que enviamos.",
    ),
    "service_unavailable": ErrorText(
        503,
        "A dependency is not reachable.",
        "El servicio no está disponible. Intenta más tarde.",
        "O serviço não está disponível. Tente mais tarde.",
    ),
    "internal_error": ErrorText(
        500,
        "Unexpected error; it has been logged.",
        "Tuvimos un problema. Intenta de nuevo.",
        "Tivemos um problema. Tente novamente.",
    ),
    "model_busy": ErrorText(
        503,
        "The model is saturated or did not answer within the turn's deadline; nothing was stored, send the turn again.",
        "Hay mucha demanda, inténtalo en un momento.",
        "Há muita demanda, tente novamente em um momento.",
    ),
    "too_many_messages": ErrorText(
        429,
        "Too many chat messages from this customer; wait a few seconds.",
        "Estás enviando mensajes muy rápido. Espera unos segundos e inténtalo de nuevo.",
        "Você está enviando mensagens muito rápido. Aguarde alguns segundos e tente novamente.",
    ),
    "turn_in_flight": ErrorText(
        429,
        "This customer already has a turn being answered (one at a time, across every API process); wait for it.",
        "Todavía estoy respondiendo tu mensaje anterior. Espera la respuesta y vuelve a escribir.",
        "Ainda estou respondendo sua mensagem anterior. Aguarde a resposta e escreva de novo.",
    ),
    "not_handed_off": ErrorText(
        409,
        "This conversation was not handed to a person; staff may read it but not answer or take it.",
        "Esta conversación no fue derivada a una persona: puedes leerla, pero no responderla.",
        "Esta conversa não foi encaminhada a uma pessoa: você pode lê-la, mas não respondê-la.",
    ),
    "held_by_another": ErrorText(
        409,
        "Another operator holds this case; a supervisor may reassign it.",
        "Otra persona del equipo atiende este caso. Un supervisor puede reasignarlo.",
        "Outra pessoa da equipe atende este caso. Um supervisor pode reatribuí-lo.",
    ),
    "hold_the_case_first": ErrorText(
        409,
        "Take the case before acting on the customer's behalf.",
        "Toma el caso antes de actuar por el cliente.",
        "Assuma o caso antes de agir pelo cliente.",
    ),
    "unknown_operator": ErrorText(
        404,
        "No active operator with that id.",
        "No existe una persona activa del equipo con ese identificador.",
        "Não existe uma pessoa ativa da equipe com esse identificador.",
    ),
    "operator_action_not_offered": ErrorText(
        422,
        "Operators may block a card or open a payment inquiry here.",
        "Desde la consola puedes bloquear una tarjeta o abrir una aclaración.",
        "Pelo console você pode bloquear um cartão ou abrir uma contestação.",
    ),
}
