"""Writing sheet files safely: atomic saves, one writer at a time, and edits that keep
the scorer's own layout and comments (only the edited hand's text changes)."""
from __future__ import annotations

import contextlib
import os

import yaml

from scorekeeper.errors import SheetFormatError, SheetLockedError


def flow(value) -> str:
    """A value (a hand entry, a list, a name) as one line of YAML flow style, keys in order."""
    text = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=10**6, allow_unicode=True)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def atomic_write(path: str, content: str | bytes) -> None:
    """Replace `path` with `content` so that a crash leaves either the old or the new file whole:
    write a temporary file beside it, fsync it, rename it over, fsync the folder."""
    folder = os.path.dirname(os.path.abspath(path))
    temp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    try:
        mode = os.stat(path).st_mode & 0o777
    except FileNotFoundError:
        mode = 0o644
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        data = content.encode("utf-8") if isinstance(content, str) else content
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


@contextlib.contextmanager
def writer_lock(path: str):
    """Hold the sheet's writer lock; a second writer is refused with SheetLockedError.

    The lock is an flock on `.NAME.lock` beside the sheet: the kernel releases it when the
    process dies (even by kill -9), so a crash never leaves the sheet locked.
    """
    lock_path = os.path.join(os.path.dirname(os.path.abspath(path)), f".{os.path.basename(path)}.lock")
    while True:
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise SheetFormatError(f"cannot create the lock file {lock_path}: {exc.strerror}", path) from None
        try:
            _lock_nonblocking(fd)
        except (BlockingIOError, PermissionError):
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            who = f" (process {holder})" if holder.isdigit() else ""
            raise SheetLockedError(f"another scorekeeper is writing this sheet{who}; try again when it is done",
                                   path) from None
        # The holder before us may have removed the file between our open and our lock.
        try:
            same = os.stat(lock_path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(lock_path)
        os.close(fd)


def _lock_nonblocking(fd: int) -> None:
    """An exclusive lock on the open file, or BlockingIOError/PermissionError when it is held."""
    try:
        import fcntl
    except ImportError:  # Windows: a byte-range lock, also released when the process dies
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _hands_nodes(text: str, source: str, list_key: str = "hands"):
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if not isinstance(root, yaml.MappingNode):
        raise SheetFormatError("not a score sheet: expected a mapping", source)
    for key, value in root.value:
        if isinstance(key, yaml.ScalarNode) and key.value == list_key:
            return key, value
    return None, None


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _line_end(text: str, index: int) -> int:
    end = text.find("\n", index)
    return len(text) if end == -1 else end


def _block(items: list[str], indent: str) -> str:
    return "".join(f"\n{indent}- {item}" for item in items)


def append_entry(text: str, entry: dict, source: str, list_key: str = "hands") -> str:
    """The sheet text with `entry` added at the end of its hands (or deals) list."""
    key, value = _hands_nodes(text, source, list_key)
    line = flow(entry)
    if key is None:
        body = text if text.endswith("\n") or not text else text + "\n"
        return f"{body}{list_key}:\n  - {line}\n"
    if isinstance(value, yaml.SequenceNode) and value.value and not value.flow_style:
        last = value.value[-1]
        end = _line_end(text, _node_end(text, last))
        indent = " " * value.start_mark.column
        return text[:end] + f"\n{indent}- {line}" + text[end:]
    return _rewrite_list(text, key, value, [*_item_texts(text, value), line])


def replace_entry(text: str, position: int, entry: dict, source: str, list_key: str = "hands") -> str:
    """The sheet text with hand `position` (0-based) replaced by `entry`."""
    _key, value = _hands_nodes(text, source, list_key)
    node = value.value[position]
    end = _node_end(text, node)
    return text[:node.start_mark.index] + flow(entry) + text[end:]


def remove_entry(text: str, position: int, source: str, list_key: str = "hands") -> str:
    """The sheet text without hand `position` (0-based)."""
    key, value = _hands_nodes(text, source, list_key)
    if value.flow_style or len(value.value) == 1:
        items = _item_texts(text, value)
        del items[position]
        return _rewrite_list(text, key, value, items)
    node = value.value[position]
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


def _item_texts(text: str, value) -> list[str]:
    if not isinstance(value, yaml.SequenceNode):
        return []
    items = []
    for node in value.value:
        chunk = text[node.start_mark.index:_node_end(text, node)]
        if "\n" in chunk:  # a multi-line entry inside a flow list: re-emit it on one line
            chunk = flow(yaml.safe_load(chunk))
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
