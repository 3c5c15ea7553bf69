"""What reading a season file and a season rule file share: each value's kind checked at its
line, one refusal (SeasonFormatError) naming the file and the line."""

from __future__ import annotations

import datetime
import os
import stat

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.i18n import M_, Message
from scorekeeper.names import name_refusal, text_refusal
from scorekeeper.sheet.yaml_lines import LineDict, LineList, unknown_key

MAX_WORD = 80  # an id: a union's, a member's, a rule file's name


class SeasonFormatError(SheetFormatError):
    """A season file or a season rule file that cannot be read as one."""


def named_file_problem(folder: str, written: str) -> Message | None:
    """Why a file the season file names (a registry, an event) cannot be read from it, or None:
    it leads out of the season's folder (strangers' files: a bundle never reaches elsewhere), or
    it is there but is no regular file (a directory; a FIFO or a device, which would hang or fail
    the reader without saying where the season names it). A file not there yet (the final, before
    `season final` writes it) is the reader's to refuse."""
    if os.path.isabs(written) or "\0" in written:
        return M_("{file}: a season names only files in its own folder", file=quoted(written))
    real_folder = os.path.realpath(folder or os.curdir)
    target = os.path.realpath(os.path.join(real_folder, written))
    if os.path.commonpath([real_folder, target]) != real_folder:
        return M_("{file}: a season names only files in its own folder", file=quoted(written))
    try:
        mode = os.stat(target).st_mode  # stat, not open: a FIFO is never opened here
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(mode):
        return M_("{key}: {problem}", key=written, problem=M_("is a directory, not a file"))
    if not stat.S_ISREG(mode):
        return M_(
            "{key}: {problem}", key=written, problem=M_("is not a regular file (a pipe, device or socket): refused")
        )
    return None


class Reader:
    """Reads the values of one file's mappings, refusing the first that cannot be used."""

    def __init__(self, source: str) -> None:
        self.source = source

    def refuse(self, message, line: int | None) -> SeasonFormatError:
        return SeasonFormatError(message, self.source, line)

    def mapping(self, value: object, key: str, line: int | None, allowed: tuple[str, ...] | None) -> LineDict:
        if not isinstance(value, LineDict):
            raise self.refuse(M_("{key}: expected a mapping", key=key), line)
        if allowed is not None:
            for name in value:
                if name not in allowed:
                    raise self.refuse(unknown_key(name, allowed), value.line_of(name))
        return value

    def sequence(self, value: object, key: str, line: int | None, most: int) -> LineList:
        if value is None:
            empty = LineList()
            empty.line, empty.item_lines = line or 1, []
            return empty
        if not isinstance(value, LineList):
            raise self.refuse(M_("{key}: expected a list", key=key), line)
        if len(value) > most:
            raise self.refuse(M_("{key}: more than {most} items", key=key, most=most), line)
        return value

    def word(self, item: LineDict, key: str, required: bool = True) -> str | None:
        """An id (a union's, a member's, a file's): text or a number, one line, no odd character."""
        value = item.get(key)
        if value is None:
            if required:
                raise self.refuse(M_("{key} is missing", key=key), item.line)
            return None
        if isinstance(value, bool) or not isinstance(value, (str, int)) or not str(value).strip():
            raise self.refuse(
                M_("{key}: expected a word, got {value}", key=key, value=quoted(value)), item.line_of(key)
            )
        text = str(value).strip()
        problem = name_refusal(text)
        if problem is None and len(text) > MAX_WORD:
            problem = M_("{name} is longer than a name ({most} characters)", name=quoted(text), most=MAX_WORD)
        if problem is not None:
            raise self.refuse(M_("{key}: {problem}", key=key, problem=problem), item.line_of(key))
        return text

    def text(self, item: LineDict, key: str, required: bool = True) -> str | None:
        """A title or a name as written: one line of text."""
        value = item.get(key)
        if value is None:
            if required:
                raise self.refuse(M_("{key} is missing", key=key), item.line)
            return None
        if not isinstance(value, str):
            raise self.refuse(
                M_("{key}: expected a text, got {value}", key=key, value=quoted(value)), item.line_of(key)
            )
        problem = text_refusal(value)
        if problem is not None:
            raise self.refuse(M_("{key}: {problem}", key=key, problem=problem), item.line_of(key))
        return value

    def date(self, item: LineDict, key: str) -> datetime.date:
        value = item.get(key)
        if isinstance(value, datetime.datetime) or not isinstance(value, datetime.date):
            raise self.refuse(
                M_("{key}: expected a date (YYYY-MM-DD), got {value}", key=key, value=quoted(value)),
                item.line_of(key),
            )
        return value

    def count(self, value: object, key: str, line: int | None, least: int = 0, most: int = 10_000) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            raise self.refuse(
                M_(
                    "{key}: expected a whole number from {least} to {most}, got {value}",
                    key=key,
                    least=least,
                    most=most,
                    value=quoted(value),
                ),
                line,
            )
        return value

    def counts(self, item: LineDict, key: str, unions: tuple[str, ...] | None) -> dict[str, int]:
        """A mapping of union: number (quotas), each union one of `unions` when they are known."""
        found = self.mapping(item.get(key), key, item.line_of(key), unions)
        return {str(union): self.count(found[union], f"{key}: {union}", found.line_of(union)) for union in found}
