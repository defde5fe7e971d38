"""Bearer tokens on /mcp are the same customer tokens the API issues; the subject is the customer."""

from collections.abc import Callable

from fastmcp.server.auth import AccessToken, TokenVerifier

from quipu.application.identity import Identity
from quipu.application.ports import AuthError


class CustomerTokenVerifier(TokenVerifier):
    def __init__(self, identity: Callable[[], Identity]):
        super().__init__()
        self._identity = identity

    async def verify_token(self, token: str) -> AccessToken | None:
        try:
            who = await self._identity().customer(token)
        except AuthError:
            return None
        return AccessToken(
            token=token, client_id=who.customer_id, scopes=[], claims={"sub": who.customer_id, "sid": who.session_id}
        )
