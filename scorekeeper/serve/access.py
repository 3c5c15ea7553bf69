"""Who may read and write which table: the secret links (a token per table, another for the
organiser) and the CSRF token every form carries. Without tokens (the server bound to the
loopback address) everyone on this machine is the organiser; forms still carry CSRF tokens.

The secrets are kept in the links file beside what is served (link_file.py), so a table's link
belongs to the table for the whole event: the same after a restart and in every round. A token
given a table anew there (`scorekeeper links --new-link`) is seen by a running server at its
next request (the file's identity is looked at, a stat, and it is read again only when it
changed), and the old token is refused from then on."""

from __future__ import annotations

import hashlib
import hmac
import os
import threading

from scorekeeper.errors import ScorekeeperError
from scorekeeper.serve import link_file
from scorekeeper.sheet.saving import SheetWriteError

ORGANISER = "organiser"
MAX_TOKEN = 128  # a token is 32 characters: a longer one is no one's, and is not even hashed


class Access:
    def __init__(self, with_tokens: bool, links_path: str | None = None):
        """`links_path`: the links file (None: secrets for this run only, kept nowhere)."""
        self.with_tokens = with_tokens
        self.links_path = links_path
        self._writing = threading.Lock()  # one thread at a time adds a table's token to the file
        self._seen: tuple | None = None
        self.unkept: str | None = None  # why the links could not be kept (they last for this run)
        found = link_file.read(links_path) if links_path is not None else None
        if found is None and links_path is not None:
            try:
                found = link_file.update(links_path, lambda s: None)
            except (link_file.LinkFileWriteError, SheetWriteError) as exc:  # a read-only folder
                self.unkept, self.links_path = str(exc), None
        self._use(found if found is not None else link_file.fresh())
        self._seen = self._identity()

    @property
    def secret(self) -> bytes:
        """The key that signs the CSRF tokens and the session cookie."""
        return self._secrets["key"].encode("ascii")

    @property
    def organiser(self) -> str:
        self._refresh()
        return self._secrets["organiser"] if self.with_tokens else ""

    def token_for(self, table_id: str) -> str:
        """The table's secret: the one kept for its id, else a new one, kept from now on."""
        if not self.with_tokens:
            return ""
        self._refresh()
        token = self._secrets["tables"].get(table_id)
        if token is not None:
            return token
        with self._writing:
            token = self._secrets["tables"].get(table_id)
            if token is None:
                token = self._add(table_id)
        return token

    def who(self, token: str | None) -> str | None:
        """ORGANISER, a table's id, or None for a token that is no one's."""
        if not self.with_tokens:
            return ORGANISER
        if not token or len(token) > MAX_TOKEN:
            return None
        self._refresh()
        if hmac.compare_digest(token.encode("utf-8", "surrogateescape"), self._secrets["organiser"].encode()):
            return ORGANISER
        # Looked up by the token's hash: the time taken says nothing of any table's token.
        return self._by_digest.get(_digest(token))

    def csrf(self, nonce: str, token: str, scope: str) -> str:
        """The CSRF token of a form: tied to the browser's session (`nonce`), the link it was
        opened with and what it changes."""
        message = "\x1f".join((nonce, token or "", scope)).encode("utf-8", "surrogateescape")
        return hmac.new(self.secret, message, hashlib.sha256).hexdigest()

    def csrf_ok(self, given: str | None, nonce: str, token: str, scope: str) -> bool:
        return bool(given) and bool(nonce) and hmac.compare_digest(str(given), self.csrf(nonce, token, scope))

    # --- the links file ---------------------------------------------------------------------

    def _use(self, secrets_: dict) -> None:
        """Take `secrets_` as they are now (one assignment each: a thread reading meanwhile sees
        the old ones or the new ones, never half)."""
        self._by_digest = {_digest(token): table_id for table_id, token in secrets_["tables"].items()}
        self._secrets = secrets_

    def _identity(self) -> tuple | None:
        if self.links_path is None:
            return None
        try:
            st = os.stat(self.links_path, follow_symlinks=False)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size, st.st_ctime_ns)

    def _refresh(self) -> None:
        """Read the links file again when it changed since it was last read (a table given a new
        link by `scorekeeper links`). One that is gone, or cannot be used now, leaves the
        secrets as they were: serving goes on, and `links` says what is wrong with it."""
        if self.links_path is None:
            return
        seen = self._identity()
        if seen == self._seen or seen is None:
            return
        try:
            found = link_file.read(self.links_path)
        except ScorekeeperError:
            found = None
        self._seen = seen
        if found is not None:  # the signing key stays this run's: Flask signs the session with it
            self._use({**found, "key": self._secrets["key"]})

    def _add(self, table_id: str) -> str:
        """A new token for `table_id`, written to the links file with the others (another
        process may have given it one meanwhile: that one is kept)."""
        made = link_file.new_token()
        if self.links_path is None:
            self._use({**self._secrets, "tables": {**self._secrets["tables"], table_id: made}})
            return made

        def add(secrets_: dict) -> None:
            secrets_["tables"].setdefault(table_id, made)

        try:
            written = link_file.update(self.links_path, add)
        except ScorekeeperError:  # the folder became read-only: the link works for this run
            written = {**self._secrets, "tables": {**self._secrets["tables"], table_id: made}}
        self._use(written)
        self._seen = self._identity()
        return written["tables"][table_id]


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).digest()
