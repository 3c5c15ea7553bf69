"""Who may read and write which table: the secret links (a random token per table, another for
the organiser) and the CSRF token every form carries. Without tokens (the server bound to the
loopback address) everyone on this machine is the organiser; forms still carry CSRF tokens."""

from __future__ import annotations

import hashlib
import hmac
import secrets

ORGANISER = "organiser"


class Access:
    def __init__(self, with_tokens: bool):
        self.with_tokens = with_tokens
        self.secret = secrets.token_bytes(32)  # signs the CSRF tokens and the session cookie
        self.organiser = secrets.token_urlsafe(24) if with_tokens else ""
        self._tables: dict[str, str] = {}

    def token_for(self, table_id: str) -> str:
        """The table's secret (made the first time it is asked: a round drawn later gets its own)."""
        if not self.with_tokens:
            return ""
        token = self._tables.get(table_id)
        if token is None:
            token = self._tables[table_id] = secrets.token_urlsafe(24)
        return token

    def who(self, token: str | None) -> str | None:
        """ORGANISER, a table's id, or None for a token that is no one's."""
        if not self.with_tokens:
            return ORGANISER
        token = token or ""
        if token and hmac.compare_digest(token, self.organiser):
            return ORGANISER
        for table_id, secret in self._tables.items():
            if token and hmac.compare_digest(token, secret):
                return table_id
        return None

    def csrf(self, nonce: str, token: str, scope: str) -> str:
        """The CSRF token of a form: tied to the browser's session (`nonce`), the link it was
        opened with and what it changes."""
        message = "\x1f".join((nonce, token or "", scope)).encode("utf-8", "surrogateescape")
        return hmac.new(self.secret, message, hashlib.sha256).hexdigest()

    def csrf_ok(self, given: str | None, nonce: str, token: str, scope: str) -> bool:
        return bool(given) and bool(nonce) and hmac.compare_digest(str(given), self.csrf(nonce, token, scope))
