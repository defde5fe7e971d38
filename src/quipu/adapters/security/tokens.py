"""HS256 access tokens: issuer and audience checked, algorithm pinned, exp/iat/sub required."""

import uuid
from datetime import UTC, datetime, timedelta

import jwt

from quipu.application.ports import AuthError, Claims

ISSUER = "quipu"
ALGORITHM = "HS256"


class Tokens:
    def __init__(self, key: str, ttl: timedelta):
        self._key = key
        self.ttl = ttl

    def issue(
        self, subject: str, audience: str, *, now: datetime, session_id: str | None = None, role: str | None = None
    ) -> tuple[str, datetime]:
        expires = now + self.ttl
        payload = {"iss": ISSUER, "aud": audience, "sub": subject, "iat": now, "exp": expires, "jti": uuid.uuid4().hex}
        if session_id:
            payload["sid"] = session_id
        if role:
            payload["role"] = role
        return jwt.encode(payload, self._key, algorithm=ALGORITHM), expires

    def read(self, token: str, audience: str) -> Claims:
        try:
            payload = jwt.decode(
                token,
                self._key,
                algorithms=[ALGORITHM],
                audience=audience,
                issuer=ISSUER,
                options={"require": ["exp", "iat", "sub", "iss", "aud"]},
            )
        except jwt.ExpiredSignatureError:
            raise AuthError("token_expired") from None
        except jwt.PyJWTError:
            raise AuthError("invalid_token") from None
        if not isinstance(payload.get("sub"), str) or not payload["sub"]:
            raise AuthError("invalid_token")
        return Claims(
            payload["sub"],
            audience,
            payload.get("sid"),
            payload.get("role"),
            datetime.fromtimestamp(payload["exp"], UTC),
        )
