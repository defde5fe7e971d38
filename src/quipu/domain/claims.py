"""What a reply must not say: that something was done, that money will move or be refunded, or that a
confirmation card is below when none exists. Used by the claims check and by the evaluation.

Only the reply's own voice is read: a merchant's text quoted from the records (“Listo, ya bloqueé tu…” is a
name a merchant chose) is not the bank's claim, and once hid every listing that held it."""

import re

from quipu.domain.records_text import without_records

CLAIMED_DONE = re.compile(
    r"\b(ya )?(bloqueé|bloqué|cancelé|envié|transferí|pagué|abr[ií] (la|una) aclaraci[oó]n|"
    r"he (bloqueado|cancelado|enviado|transferido|pagado|abierto)|qued[oó] (bloqueada|cancelada|pagad[ao])|"
    r"bloqueei|cancelei|enviei|transferi|paguei|abri (a|uma) contesta[çc][ãa]o|"
    r"foi (bloqueado|cancelado|enviado|transferido|pago)|listo,? (ya )?(est[aá]|qued[oó])|activé|ativei|"
    r"(qued[oó]|est[aá]|fue|foi|ha sido|foram) (activad|ativad|programad|agendad)[ao]s?)\b",
    re.IGNORECASE,
)
PROMISED_MONEY = re.compile(
    r"\b(puedo|voy a|vamos a|te vamos a|podemos|posso|vou|vamos)\s+(\w+\s+){0,2}?"
    r"(transferir|reembolsar|devolver|estornar|reintegrar|depositar|abonar)\b",
    re.IGNORECASE,
)
HANDING_OVER = re.compile(
    r"(con|a|para|com) (una|uma|un|um) (persona|pessoa|agente|asesor|atendente|ejecutivo)|"
    r"(transferir|pasar)te (con|a)",
    re.IGNORECASE,
)
POINTS_TO_CARD = re.compile(
    r"\b(revisa|confirma|confirme|revise|presiona|pulsa|toca|aperte|clique)\b.{0,60}?"
    r"\b(abajo|a continuaci[oó]n|abaixo|a seguir|el bot[oó]n|o bot[ãa]o)\b",
    re.IGNORECASE | re.DOTALL,
)


def claims(reply: str, *, has_proposal: bool, done_allowed: bool = False) -> list[str]:
    """The kinds of forbidden claim the reply makes; empty when it is safe."""
    reply = without_records(reply)
    found = []
    if CLAIMED_DONE.search(reply or "") and not done_allowed:
        found.append("claimed_something_not_done")
    promise = PROMISED_MONEY.search(reply or "")
    if promise and not HANDING_OVER.search(reply[promise.start() : promise.end() + 40]):
        found.append("promised_what_the_bank_never_does")
    if POINTS_TO_CARD.search(reply or "") and not has_proposal:
        found.append("pointed_to_a_proposal_that_does_not_exist")
    return found
