"""Salted argon2id password hashes; an unknown user still pays for one verification."""

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError


class Passwords:
    def __init__(self, hasher: PasswordHasher | None = None):
        self._hasher = hasher or PasswordHasher()
        self._decoy = self._hasher.hash("decoy password that no account has")

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, stored_hash: str | None, password: str) -> bool:
        """True when password matches; with no stored hash, spends the same time and says False."""
        try:
            return self._hasher.verify(stored_hash or self._decoy, password) and stored_hash is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False
