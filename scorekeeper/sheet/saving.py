"""Writing sheet files safely: atomic saves, one writer at a time, and edits that keep
the scorer's own layout and comments (only the edited hand's text changes).

Nothing but the sheet, its lock (`.NAME.lock`) and its temporary file (`.NAME.RANDOM.tmp`)
is ever created, written or replaced: both are created with O_CREAT | O_EXCL | O_NOFOLLOW
beside the sheet's real path, so a planted symlink, hard link or FIFO is never written.
"""
from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import secrets
import stat

import yaml

from scorekeeper.errors import SheetFormatError, SheetLockedError
from scorekeeper.i18n import _
from scorekeeper.output.terminal import saved
from scorekeeper.sheet.yaml_lines import TextDumper, malformed

NAME_MAX = 255  # bytes in one file name on every common file system
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_CREATE_FLAGS = os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY
_TEMP_TAIL = re.compile(r"\.(?:[0-9a-f]{16}|[0-9]{1,10})\.tmp")  # ours, and the pid names of older versions


class SheetWriteError(SheetFormatError):
    """A sheet (or workbook) that cannot be saved: read-only, no such folder, disk full, a planted lock."""


def flow(value) -> str:
    """A value (a hand entry, a list, a name) as one line of YAML flow style, keys in order,
    that the sheet loader reads back as the same value (`1e5` quoted: YAML 1.2 reads a number)."""
    text = yaml.dump(value, Dumper=TextDumper, default_flow_style=True, sort_keys=False, width=10**6,
                     allow_unicode=True)
    # Only YAML's own line ends and spaces: str.strip() would take a name's no-break spaces too.
    return text.removesuffix("\n").removesuffix("\n...").strip(" \n")


# --- where the sheet, its lock and its temporary files are ------------------------------

def real_path(path: str, name: str | None = None) -> str:
    """The sheet's real path (symlinks resolved once: the lock and the save both use it);
    a symlink to nothing, or a loop, is refused naming `name`."""
    name = name or path
    target = os.path.realpath(path)
    if (os.path.lexists(path) and not os.path.lexists(target)) or os.path.islink(target):
        raise SheetWriteError(_("is a symbolic link to nothing (or a loop of links): refused"), name)
    return target


def _stem(target: str) -> str:
    """The sheet's name as used in its lock and temporary file names: a name so long that
    `.NAME.<16 hex>.tmp` would pass NAME_MAX is cut and completed with a hash of the whole."""
    base = os.path.basename(target)
    raw = base.encode("utf-8", "surrogateescape")
    if len(raw) + len(".0123456789abcdef.tmp") + 1 <= NAME_MAX:
        return base
    digest = hashlib.sha256(raw).hexdigest()[:16]
    return raw[:100].decode("utf-8", "ignore") + "~" + digest


def lock_path_of(target: str) -> str:
    """The lock file of the sheet at real path `target`."""
    return os.path.join(os.path.dirname(target), f".{_stem(target)}.lock")


def _temp_path(target: str) -> str:
    return os.path.join(os.path.dirname(target), f".{_stem(target)}.{secrets.token_hex(8)}.tmp")


def _is_temp_of(file_name: str, stem: str) -> bool:
    prefix = f".{stem}"
    return file_name.startswith(prefix) and _TEMP_TAIL.fullmatch(file_name, len(prefix)) is not None


def remove_stale_temps(target: str, names: list[str] | None = None) -> list[str]:
    """Remove the temporary files of this sheet that killed runs left behind (call it holding
    the writer lock, so none of them is being written). Only regular files and symlinks (the
    link, never what it points to) are removed. Returns the names removed. `names`: the
    folder's file names ending in .tmp, when the caller listed them once for many sheets."""
    folder, stem = os.path.dirname(target), _stem(target)
    removed = []
    if names is None:
        try:
            names = [entry.name for entry in os.scandir(folder)]
        except OSError:
            return removed
    for name in names:
        if not _is_temp_of(name, stem):
            continue
        path = os.path.join(folder, name)
        try:
            mode = os.lstat(path).st_mode
            if stat.S_ISREG(mode) or stat.S_ISLNK(mode):
                os.unlink(path)
                removed.append(name)
        except OSError:
            continue  # someone else's, or gone already: not ours to fight over
    return removed


def temp_names(folder: str) -> list[str]:
    """The names in `folder` that may be temporary files (for writer_lock's `temps`)."""
    try:
        return [entry.name for entry in os.scandir(folder or os.curdir) if entry.name.endswith(".tmp")]
    except OSError:
        return []


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return _("no space left on the disk")
    if exc.errno == getattr(errno, "EDQUOT", errno.ENOSPC):
        return _("disk quota exceeded")
    if exc.errno == errno.ENAMETOOLONG:
        return _("file name too long")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return _("permission denied")
    if exc.errno == errno.EROFS:
        return _("read-only file system")
    return (exc.strerror or str(exc)).lower()  # the system's own words


def _check_folder(target: str, name: str) -> None:
    """The folder the file goes in must exist (named as typed)."""
    if not os.path.isdir(os.path.dirname(target)):
        raise SheetWriteError(_("the folder {folder} does not exist").format(folder=os.path.dirname(name) or "."), name)


def _check_writable(target: str, name: str) -> None:
    """A read-only sheet is refused before anything is written (root included: the mode bits count)."""
    try:
        st = os.stat(target)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise SheetWriteError(_("cannot save: {reason}").format(reason=_why(exc)), name) from None
    if not stat.S_ISREG(st.st_mode):
        raise SheetWriteError(_("is not a regular file: refused"), name)
    if not st.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise SheetWriteError(_("is read-only: not changed (make it writable first)"), name)


# --- saving -----------------------------------------------------------------------------

def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def atomic_write(path: str, content: str | bytes, name: str | None = None) -> None:
    """Replace `path` (written through to its real path when it is a symlink) with `content`, so
    that a crash leaves either the old or the new file whole: write a temporary file beside it,
    fsync it, rename it over, fsync the folder. Call it holding writer_lock (write_new does).
    Any failure is a SheetWriteError naming `name` (default: `path`), and leaves no temporary file."""
    name = name or path
    target = real_path(path, name)
    _check_folder(target, name)
    _check_writable(target, name)
    try:
        mode = os.stat(target).st_mode & 0o777
    except FileNotFoundError:
        mode = None  # a new file: 0o644 narrowed by the umask, as the user asks
    data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
    temp = None
    try:
        for _attempt in range(8):
            temp = _temp_path(target)
            try:
                fd = os.open(temp, os.O_WRONLY | _CREATE_FLAGS, 0o644 if mode is None else mode)
                break
            except FileExistsError:  # planted, or a one in 2**64 coincidence: another name
                temp = None
        else:
            raise SheetWriteError(_("cannot create a temporary file beside it"), name)
        try:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)  # the sheet's own mode: the umask must not narrow it
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
        temp = None
        saved(name)  # from here on, output that cannot be written does not fail the command
    except OSError as exc:
        raise SheetWriteError(_("cannot save: {reason}").format(reason=_why(exc)), name) from None
    finally:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)
    with contextlib.suppress(OSError):
        dir_fd = os.open(os.path.dirname(target), os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def write_new(path: str, content: str | bytes, force: bool) -> None:
    """Create (or with `force`, replace) the file at `path` under its writer lock, atomically:
    `new`, `import` and `export` write through this, so a `record` running on the same sheet
    blocks them (and they block it). An existing file without `force`, a symlink (even with
    `force`: in a shared folder a planted `out.xlsx -> ~/.bashrc` would have root's export
    replace that file; `record` writes through a symlinked sheet because it first reads it as a
    sheet), a directory or other non-regular file, or a missing folder is refused with one line."""
    if os.path.islink(path):
        raise SheetWriteError(_("is a symbolic link: refused (name the file it points to, if that is what you mean)"),
                              path)
    target = real_path(path)
    _check_folder(target, path)
    if os.path.lexists(target) and not force:
        raise SheetWriteError(_("already exists; use --force to overwrite it"), path)
    with writer_lock(path) as locked:
        if os.path.lexists(locked) and not force:  # created while we waited for the lock
            raise SheetWriteError(_("already exists; use --force to overwrite it"), path)
        atomic_write(locked, content, name=path)


# --- the writer lock --------------------------------------------------------------------

@contextlib.contextmanager
def writer_lock(path: str, temps: list[str] | None = None):
    """Hold the sheet's writer lock; a second writer is refused with SheetLockedError.
    Yields the sheet's real path, which the holder reads and writes. `temps` (temp_names of the
    folder, listed once): a draw creating hundreds of sheets in a folder of thousands does not
    list the folder again for each one.

    The lock is an flock on `.NAME.lock` beside the sheet's real path (so a symlink and its
    target block each other): the kernel releases it when the process dies (even by kill -9),
    so a crash never leaves the sheet locked. The lock file is removed on the way out, whatever
    the exception; one left by a killed run is replaced, never written.
    """
    target = real_path(path)
    _check_folder(target, path)
    _check_writable(target, path)
    lock_path = lock_path_of(target)
    fd, ours = _acquire(lock_path, path)
    try:
        remove_stale_temps(target, temps)
        yield target
    finally:
        try:
            if ours:
                _unlink_if_same(lock_path, fd)
        finally:
            os.close(fd)


def _acquire(lock_path: str, name: str) -> tuple[int, bool]:
    """A descriptor holding the flock on the file now at `lock_path`, and whether we created
    that file (only then is it ours to write and to remove)."""
    for _attempt in range(100):
        fd, created = _open_lock(lock_path, name)
        held = False
        try:
            try:
                _lock_nonblocking(fd)
            except (BlockingIOError, PermissionError):
                holder = _read_small(fd)
                if holder.isdigit():
                    message = _("another scorekeeper is writing this file (process {process}); try again when it is "
                                "done").format(process=holder)
                else:
                    message = _("another scorekeeper is writing this file; try again when it is done")
                raise SheetLockedError(message, name) from None
            held = True
            if _same_file(lock_path, fd):
                if created:
                    with contextlib.suppress(OSError):  # the id only helps the message; a full disk may refuse it
                        _write_all(fd, str(os.getpid()).encode())
                    return fd, True
                # Left by a run that died (we hold its flock): remove it and create our own with
                # O_EXCL; where we may not remove it (another user's), hold it read-only as it is.
                try:
                    os.unlink(lock_path)
                except FileNotFoundError:
                    pass
                except OSError:
                    return fd, False
            # else the holder before us removed the file between our open and our lock
        except BaseException:
            if created and held:
                _unlink_if_same(lock_path, fd)
            os.close(fd)
            raise
        os.close(fd)
    raise SheetLockedError(_("the lock file keeps changing; try again"), name)


def _open_lock(lock_path: str, name: str) -> tuple[int, bool]:
    """Create the lock file with O_EXCL (then it is ours), or open the existing one read-only
    without following a symlink; anything but a regular file is refused naming the lock file."""
    while True:
        try:
            fd = os.open(lock_path, os.O_RDWR | _CREATE_FLAGS, 0o644)
        except FileExistsError:
            pass
        except OSError as exc:
            raise SheetWriteError(_("cannot create the lock file {lock}: {reason}").format(
                lock=lock_path, reason=_why(exc)), name) from None
        else:
            if hasattr(os, "fchmod"):
                with contextlib.suppress(OSError):
                    os.fchmod(fd, 0o644)  # readable by every user, so theirs can take the flock too
            return fd, True
        try:
            fd = os.open(lock_path, os.O_RDONLY | _NOFOLLOW | _CLOEXEC | getattr(os, "O_NONBLOCK", 0) | _BINARY)
        except FileNotFoundError:
            continue  # its holder removed it just now: create it again
        except OSError as exc:
            if exc.errno == errno.ELOOP or os.path.islink(lock_path):
                raise SheetWriteError(_("the lock file {lock} is a symbolic link: refused; remove it").format(
                    lock=lock_path), name) from None
            raise SheetWriteError(_("cannot open the lock file {lock}: {reason}; remove it if no scorekeeper is "
                                    "running").format(lock=lock_path, reason=_why(exc)), name) from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise SheetWriteError(_("the lock file {lock} is not a regular file: refused; remove it").format(
                lock=lock_path), name)
        return fd, False


def _read_small(fd: int) -> str:
    """The process id a lock file holds (at most 32 bytes of it)."""
    with contextlib.suppress(OSError):
        os.lseek(fd, 0, os.SEEK_SET)
        return os.read(fd, 32).decode("ascii", "replace").strip()
    return ""


def _same_file(path: str, fd: int) -> bool:
    try:
        st = os.lstat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)


def _unlink_if_same(path: str, fd: int) -> None:
    """Remove our lock file, and only ours (not a file put in its place meanwhile)."""
    if _same_file(path, fd):
        with contextlib.suppress(OSError):
            os.unlink(path)


def _lock_nonblocking(fd: int) -> None:
    """An exclusive lock on the open file, or BlockingIOError/PermissionError when it is held."""
    try:
        import fcntl  # POSIX only
    except ImportError:  # Windows: a byte-range lock, also released when the process dies
        import msvcrt  # Windows only

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _compose(text: str, source: str):
    """The YAML node tree of the sheet; a YAML problem is one line naming the sheet."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise SheetFormatError(malformed(exc.problem or exc.context), source,
                               mark.line + 1 if mark is not None else None) from None
    except (yaml.YAMLError, RecursionError):
        raise SheetFormatError(malformed(None), source) from None


def _hands_nodes(text: str, source: str, list_key: str = "hands"):
    _root, key, value = _root_and_hands(text, source, list_key)
    return key, value


def _root_and_hands(text: str, source: str, list_key: str):
    """The document's node tree, and the key and value nodes of its hands (or deals) list."""
    root = _compose(text, source)
    if not isinstance(root, yaml.MappingNode):
        raise SheetFormatError(_("not a score sheet: expected a mapping"), source)
    for key, value in root.value:
        if isinstance(key, yaml.ScalarNode) and key.value == list_key:
            return root, key, value
    return root, None, None


def _uses(root) -> dict[int, int]:
    """How many times each node of the document is reached: more than once means it is an
    anchor's node that an alias names again (the alias has no text of its own in the tree)."""
    uses: dict[int, int] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        uses[id(node)] = uses.get(id(node), 0) + 1
        if uses[id(node)] > 1:
            continue
        if isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend(part for pair in node.value for part in pair)
    return uses


def _refuse_shared(root, source: str, node, position: int, list_key: str) -> None:
    """An entry that is an alias (`- *d`), or holds an anchor that an alias names, has no text
    of its own to edit: removing or replacing it by position would change another entry (the
    anchor's) and leave an alias to nothing. Refused with one line; the sheet is not touched."""
    uses = _uses(root)
    stack = [node]
    while stack:
        current = stack.pop()
        if uses.get(id(current), 0) > 1:
            if list_key == "deals":
                message = _("deal {number} shares its text with another entry through a YAML alias (&, *): edit "
                            "the sheet by hand")
            else:
                message = _("hand {number} shares its text with another entry through a YAML alias (&, *): edit "
                            "the sheet by hand")
            raise SheetFormatError(message.format(number=position + 1), source, node.start_mark.line + 1)
        if isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, yaml.MappingNode):
            stack.extend(part for pair in current.value for part in pair)


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _line_end(text: str, index: int) -> int:
    end = text.find("\n", index)
    return len(text) if end == -1 else end


def _block(items: list[str], indent: str) -> str:
    return "".join(f"\n{indent}- {item}" for item in items)


def _entry_text(entry, indent: str) -> str:
    """An entry as the text after its `- `: a mapping as one flow line, or lines of block YAML
    already written (a tournament's round), its later lines indented under the first."""
    if isinstance(entry, dict):
        return flow(entry)
    first, *rest = entry
    return first + "".join(f"\n{indent}  {line}" for line in rest)


def append_entry(text: str, entry, source: str, list_key: str = "hands") -> str:
    """The sheet text with `entry` added at the end of its hands (or deals) list: a mapping, on
    one line, or the lines of a block mapping (a tournament's round)."""
    key, value = _hands_nodes(text, source, list_key)
    if key is None:
        body = text if text.endswith("\n") or not text else text + "\n"
        return f"{body}{list_key}:\n  - {_entry_text(entry, '  ')}\n"
    if isinstance(value, yaml.SequenceNode) and value.value and not value.flow_style:
        last = value.value[-1]
        end = _line_end(text, _node_end(text, last))
        indent = " " * value.start_mark.column
        return text[:end] + f"\n{indent}- {_entry_text(entry, indent)}" + text[end:]
    line = _entry_text(entry, " " * (key.start_mark.column + 2))
    return _rewrite_list(text, key, value, [*_item_texts(text, value, source), line])


def replace_entry(text: str, position: int, entry: dict, source: str, list_key: str = "hands") -> str:
    """The sheet text with hand `position` (0-based) replaced by `entry`; the comments written
    inside the old entry (a multi-line one) follow the new one on its line."""
    root, _key, value = _root_and_hands(text, source, list_key)
    node = value.value[position]
    _refuse_shared(root, source, node, position, list_key)
    start, end = node.start_mark.index, _node_end(text, node)
    new = flow(entry)
    comments = _comments_in(text, start, end)
    if comments:
        new += "  " + "  ".join(comments)
        rest = text[end:_line_end(text, end)].strip()
        if rest and not rest.startswith("#"):  # more of a flow list follows on this line
            new += "\n" + " " * node.start_mark.column
    return text[:start] + new + text[end:]


def _comments_in(text: str, start: int, end: int) -> list[str]:
    """The comments between text[start:end], found between YAML tokens (a `#` inside a quoted
    value is not a comment)."""
    gaps, previous = [], start
    for token in yaml.scan(text, Loader=yaml.SafeLoader):
        first, last = token.start_mark.index, token.end_mark.index
        if first >= end:
            break
        if last <= start:
            continue
        if first > previous:
            gaps.append((previous, first))
        previous = max(previous, last)
    if previous < end:
        gaps.append((previous, end))
    comments = []
    for gap_start, gap_end in gaps:
        index = text.find("#", gap_start, gap_end)
        while index != -1:
            line_end = min(_line_end(text, index), gap_end)
            comments.append(text[index:line_end].rstrip())
            index = text.find("#", line_end, gap_end)
    return comments


def remove_entry(text: str, position: int, source: str, list_key: str = "hands") -> str:
    """The sheet text without hand `position` (0-based)."""
    root, key, value = _root_and_hands(text, source, list_key)
    if value.flow_style or len(value.value) == 1:
        items = _item_texts(text, value, source)
        del items[position]
        return _rewrite_list(text, key, value, items)
    node = value.value[position]
    _refuse_shared(root, source, node, position, list_key)
    start = _line_start(text, node.start_mark.index)
    end = _line_end(text, _node_end(text, node))
    if end < len(text):
        end += 1
    return text[:start] + text[end:]


def _last_content(text: str, start: int, end: int) -> int:
    """The index just after the node's last character that is not blank or a comment line."""
    chunk = text[start:end]
    lines = chunk.split("\n")
    while len(lines) > 1 and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
        lines.pop()
    return start + len("\n".join(lines).rstrip())


def _node_end(text: str, node) -> int:
    """Where a node's own text ends: a block mapping's end mark is the start of whatever follows
    it, so trailing blank and comment lines are not the node's."""
    return _last_content(text, node.start_mark.index, node.end_mark.index)


def _item_texts(text: str, value, source: str = "") -> list[str]:
    """Each entry of a list as one line of text: a one-line entry as written; a multi-line one
    (inside a flow list) re-emitted from its composed node, so an alias to an anchor written
    elsewhere in the sheet still has its value. When a re-emitted entry defines an anchor, every
    entry is re-emitted, so no alias is left pointing at an anchor that is gone."""
    if not isinstance(value, yaml.SequenceNode):
        return []
    chunks = [text[node.start_mark.index:_node_end(text, node)] for node in value.value]
    every = any("\n" in chunk and "&" in chunk for chunk in chunks)
    items = []
    for node, chunk in zip(value.value, chunks):
        if every or "\n" in chunk:
            try:
                chunk = flow(yaml.constructor.SafeConstructor().construct_document(node))
            except (yaml.YAMLError, RecursionError, TypeError, ValueError):
                raise SheetFormatError(_("an entry that cannot be rewritten on one line"), source,
                                       node.start_mark.line + 1) from None
        items.append(chunk)
    return items


def _rewrite_list(text: str, key, value, items: list[str]) -> str:
    """Replace the whole `hands` value (empty, null, flow or block) with a block list of `items`,
    keeping a comment that followed the value on its line."""
    indent = " " * (key.start_mark.column + 2)
    colon = text.index(":", key.end_mark.index) + 1
    if value.start_mark.index == value.end_mark.index:  # `hands:` with nothing after it
        value_end = colon
    else:
        value_end = _node_end(text, value)
    line_end = _line_end(text, value_end)
    rest = text[value_end:line_end]  # spaces and a comment, if any
    new = rest + _block(items, indent) if items else " []" + rest
    return text[:colon] + new + text[line_end:]
