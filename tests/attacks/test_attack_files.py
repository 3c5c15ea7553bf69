"""Attack suite, files: nothing but the sheet, its lock and its temporary file is ever created,
written or replaced; planted links and FIFOs are refused; every failure is one line naming the
sheet; saves keep the sheet's newlines and comments (issue 7)."""

import errno
import os
import re
import time

import pytest
from conftest import files_in, run

from scorekeeper.errors import SheetFormatError, SheetLockedError
from scorekeeper.sheet import saving as sheet_file
from scorekeeper.sheet import yaml_edit
from scorekeeper.sheet.saving import SheetWriteError, lock_path_of, write_new, writer_lock
from scorekeeper.sheet.yaml_edit import append_entry, remove_entry

NEW = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n"
ONE = NEW.replace("hands: []", "hands:\n  - {hand: vazas, counts: [3, 3, 3, 4]}")
VAZAS = ["vazas", "3", "3", "3", "4"]


def listing(folder) -> list[str]:
    return files_in(folder)


@pytest.fixture
def sheet(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(NEW)
    return path


# --- the lock file -------------------------------------------------------------------------


def test_a_planted_symlink_lock_is_refused_and_its_target_untouched(sheet, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / ".s.yaml.lock").symlink_to(victim)
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {sheet}: the lock file {tmp_path}/.s.yaml.lock is a symbolic link: refused; remove it\n"
    )
    assert victim.read_text() == "precious\n"
    assert sheet.read_text() == NEW
    assert os.readlink(tmp_path / ".s.yaml.lock") == str(victim)
    assert listing(tmp_path) == [".s.yaml.lock", "s.yaml", "victim.txt"]


def test_a_planted_hard_link_lock_is_never_written(sheet, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    os.link(victim, tmp_path / ".s.yaml.lock")
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 0, result.output
    assert victim.read_text() == "precious\n"
    assert os.stat(victim).st_nlink == 1  # the planted name was removed, the file itself never written
    assert sheet.read_text() == ONE
    assert listing(tmp_path) == ["s.yaml", "victim.txt"]


@pytest.mark.parametrize("plant", ["fifo", "folder"])
def test_a_lock_that_is_not_a_regular_file_is_refused_at_once(sheet, tmp_path, plant):
    lock = tmp_path / ".s.yaml.lock"
    os.mkfifo(lock) if plant == "fifo" else lock.mkdir()
    started = time.monotonic()
    result = run("record", sheet, *VAZAS)
    assert time.monotonic() - started < 5
    assert result.exit_code == 2
    assert result.stderr == f"Error: {sheet}: the lock file {lock} is not a regular file: refused; remove it\n"
    assert sheet.read_text() == NEW


def test_a_lock_left_by_a_killed_run_is_replaced_not_written(sheet, tmp_path, monkeypatch):
    stale = tmp_path / ".s.yaml.lock"
    stale.write_text("99999999")
    stale_inode = os.stat(stale).st_ino
    os.link(stale, tmp_path / "keep")  # so that its inode is not reused for ours
    from scorekeeper.sheet import editing

    real = editing._build
    seen = []

    def build(*args):
        seen.append((os.stat(stale).st_ino, stale.read_text()))
        return real(*args)

    monkeypatch.setattr(editing, "_build", build)
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 0, result.output
    assert seen[0][0] != stale_inode  # a new file of ours, created with O_EXCL
    assert seen[0][1] == str(os.getpid())
    assert (tmp_path / "keep").read_text() == "99999999"
    assert sheet.read_text() == ONE
    assert listing(tmp_path) == ["keep", "s.yaml"]


def test_a_stale_lock_of_another_user_does_not_block_and_is_not_written(sheet, tmp_path, monkeypatch):
    stale = tmp_path / ".s.yaml.lock"
    stale.write_text("4242")
    os.chmod(stale, 0o444)
    real_unlink = os.unlink

    def unlink(path, *args, **kwargs):  # a sticky shared folder: not ours to remove
        if os.fspath(path) == str(stale):
            raise PermissionError(errno.EPERM, "Operation not permitted", str(path))
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", unlink)
    with writer_lock(str(sheet)):
        # held read-only, it still blocks a second writer
        blocked = run("record", sheet, *VAZAS)
        assert blocked.exit_code == 2
        assert blocked.stderr.startswith(f"Error: {sheet}: another scorekeeper is writing this file")
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 0, result.output
    assert sheet.read_text() == ONE
    assert stale.read_text() == "4242"
    assert listing(tmp_path) == [".s.yaml.lock", "s.yaml"]


def test_the_lock_survives_its_file_being_removed_between_open_and_lock(sheet, tmp_path, monkeypatch):
    calls = []
    real = sheet_file._lock_nonblocking

    def lock(fd):
        calls.append(fd)
        if len(calls) == 1:  # the holder before us removes the file now
            os.unlink(tmp_path / ".s.yaml.lock")
        real(fd)

    monkeypatch.setattr(sheet_file, "_lock_nonblocking", lock)
    with writer_lock(str(sheet)):
        assert os.path.isfile(tmp_path / ".s.yaml.lock")
        assert (tmp_path / ".s.yaml.lock").read_text() == str(os.getpid())
    assert len(calls) == 2
    assert listing(tmp_path) == ["s.yaml"]


class Interrupt(BaseException):
    """Not an Exception: what a signal handler may raise."""


@pytest.mark.parametrize("exception", [KeyboardInterrupt, Interrupt, SystemExit])
def test_the_lock_file_goes_whatever_passes_through(sheet, tmp_path, exception):
    with pytest.raises(exception), writer_lock(str(sheet)):
        assert listing(tmp_path) == [".s.yaml.lock", "s.yaml"]
        raise exception()
    assert listing(tmp_path) == ["s.yaml"]


def test_the_lock_file_goes_when_interrupted_while_saving(sheet, tmp_path, monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    from scorekeeper.sheet import editing

    with pytest.raises(KeyboardInterrupt):
        editing.record_hand(str(sheet), "vazas", ["3", "3", "3", "4"], say=lambda text: None)
    assert sheet.read_text() == NEW
    assert listing(tmp_path) == ["s.yaml"]


# --- a symlinked sheet ------------------------------------------------------------------------


@pytest.fixture
def linked(tmp_path):
    """A sheet in one folder and a link to it in another."""
    (tmp_path / "real").mkdir()
    (tmp_path / "links").mkdir()
    target = tmp_path / "real" / "s.yaml"
    target.write_text(NEW)
    link = tmp_path / "links" / "link.yaml"
    link.symlink_to(target)
    return link, target


def test_a_symlinked_sheet_is_written_through_and_stays_a_link(linked, tmp_path):
    link, target = linked
    result = run("record", link, *VAZAS)
    assert result.exit_code == 0, result.output
    assert os.path.islink(link)
    assert os.readlink(link) == str(target)
    assert target.read_text() == ONE
    assert run("fix", link, "1", "vazas", "3", "2", "2", "6").exit_code == 0
    assert target.read_text() == ONE.replace("[3, 3, 3, 4]", "[3, 2, 2, 6]")
    assert run("undo", link).exit_code == 0
    assert target.read_text() == NEW
    assert os.path.islink(link)
    assert listing(tmp_path / "links") == ["link.yaml"]
    assert listing(tmp_path / "real") == ["s.yaml"]


@pytest.mark.parametrize("held, recorded", [("target", "link"), ("link", "target")])
def test_two_names_for_one_sheet_block_each_other(linked, held, recorded):
    link, target = linked
    names = {"link": link, "target": target}
    with writer_lock(str(names[held])):
        assert os.path.isfile(target.parent / ".s.yaml.lock")
        result = run("record", names[recorded], *VAZAS)
        assert result.exit_code == 2
        assert result.stderr == (
            f"Error: {names[recorded]}: another scorekeeper is writing this file "
            f"(process {os.getpid()}); try again when it is done\n"
        )
    assert target.read_text() == NEW


def test_a_symlink_to_nothing_is_refused(tmp_path):
    link = tmp_path / "gone.yaml"
    link.symlink_to(tmp_path / "nowhere.yaml")
    result = run("record", link, *VAZAS)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {link}: is a symbolic link to nothing (or a loop of links): refused\n"
    assert listing(tmp_path) == ["gone.yaml"]


# --- temporary files and names ------------------------------------------------------------------


def test_stale_temporary_files_of_killed_runs_are_removed_and_nothing_else(sheet, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / f".s.yaml.{os.getpid()}.tmp").write_text("half a sheet")  # what an older version left
    (tmp_path / ".s.yaml.0123456789abcdef.tmp").write_text("half a sheet")
    (tmp_path / ".s.yaml.77.tmp").symlink_to(victim)
    (tmp_path / ".s.yaml.78.tmp").mkdir()  # not a file: left alone
    (tmp_path / ".t.yaml.79.tmp").write_text("another sheet's")
    (tmp_path / ".s.yaml.x.tmp").write_text("not a name of ours")
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 0, result.output
    assert sheet.read_text() == ONE
    assert victim.read_text() == "precious\n"
    assert listing(tmp_path) == [".s.yaml.78.tmp", ".s.yaml.x.tmp", ".t.yaml.79.tmp", "s.yaml", "victim.txt"]


def test_temporary_names_are_unpredictable(sheet, tmp_path, monkeypatch):
    created = []
    real_open = os.open

    def spy(path, flags, *args, **kwargs):
        if flags & os.O_CREAT:
            created.append((os.fspath(path), flags))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", spy)
    for values in (VAZAS, ["copas", "1", "2", "3", "7"]):
        assert run("record", sheet, *values).exit_code == 0
    temps = [path for path, _flags in created if path.endswith(".tmp")]
    assert len(temps) == 2 and temps[0] != temps[1]
    for path in temps:
        assert re.fullmatch(re.escape(f"{tmp_path}/.s.yaml.") + r"[0-9a-f]{16}\.tmp", path)
    wanted = os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
    assert all(flags & wanted == wanted for _path, flags in created)
    # nothing but the sheet's lock and temporary files is ever created
    assert {path for path, _flags in created} == {str(tmp_path / ".s.yaml.lock"), *temps}


def test_only_the_sheet_is_replaced(sheet, monkeypatch):
    replaced = []
    real_replace = os.replace

    def spy(src, dst, *args, **kwargs):
        replaced.append(os.fspath(dst))
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", spy)
    assert run("record", sheet, *VAZAS).exit_code == 0
    assert run("fix", sheet, "1", "vazas", "3", "2", "2", "6").exit_code == 0
    assert run("undo", sheet).exit_code == 0
    assert replaced == [str(sheet)] * 3


def test_a_sheet_with_a_245_character_name(tmp_path):
    sheet = tmp_path / ("m" * 240 + ".yaml")
    sheet.write_text(NEW)
    with writer_lock(str(sheet)):
        names = listing(tmp_path)
        assert len(names) == 2 and all(len(name.encode()) <= 255 for name in names)
        assert os.path.basename(lock_path_of(str(sheet))) in names
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 0, result.output
    assert sheet.read_text() == ONE
    assert run("undo", sheet).exit_code == 0
    assert sheet.read_text() == NEW
    assert listing(tmp_path) == [sheet.name]


def test_long_names_that_share_a_beginning_get_different_locks(tmp_path):
    first, second = ("m" * 240 + "1.yaml"), ("m" * 240 + "2.yaml")
    assert lock_path_of(str(tmp_path / first)) != lock_path_of(str(tmp_path / second))


def test_a_name_too_long_for_the_file_system_is_one_line(tmp_path):
    path = tmp_path / ("n" * 300 + ".yaml")
    with pytest.raises(SheetWriteError) as failed:
        write_new(str(path), NEW, force=False)
    assert str(failed.value) == f"{path}: cannot save: file name too long"
    assert listing(tmp_path) == []


# --- refusals before anything is written --------------------------------------------------------


def test_a_read_only_sheet_is_refused_before_anything_is_written(sheet, tmp_path):
    os.chmod(sheet, 0o444)  # tests run as root: the mode bits decide, not os.access
    for args in (["record", sheet, *VAZAS], ["undo", sheet], ["fix", sheet, "1", "vazas", "3", "3", "3", "4"]):
        result = run(*args)
        assert result.exit_code == 2
        assert result.stderr == f"Error: {sheet}: is read-only: not changed (make it writable first)\n"
    assert sheet.read_text() == NEW
    assert os.stat(sheet).st_mode & 0o777 == 0o444
    assert listing(tmp_path) == ["s.yaml"]


def test_a_sheet_we_may_not_write_is_refused(sheet, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "access", lambda path, mode, **kwargs: not mode & os.W_OK)
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {sheet}: is read-only: not changed (make it writable first)\n"
    assert listing(tmp_path) == ["s.yaml"]


def _failing_open(error_number, when):
    real_open = os.open

    def fake(path, flags, *args, **kwargs):
        if when(os.fspath(path), flags):
            raise OSError(error_number, os.strerror(error_number), os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    return fake


def test_a_read_only_folder_is_one_line(sheet, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "open", _failing_open(errno.EACCES, lambda path, flags: flags & os.O_CREAT))
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {sheet}: cannot create the lock file {tmp_path}/.s.yaml.lock: permission denied\n"
    assert sheet.read_text() == NEW
    assert listing(tmp_path) == ["s.yaml"]


def test_a_folder_that_turns_read_only_while_saving(sheet, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "open", _failing_open(errno.EROFS, lambda path, flags: path.endswith(".tmp")))
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {sheet}: cannot save: read-only file system\n"
    assert sheet.read_text() == NEW
    assert listing(tmp_path) == ["s.yaml"]


@pytest.mark.parametrize("broken", ["write", "fsync"])
def test_a_full_disk_is_one_line_and_keeps_the_sheet(sheet, tmp_path, monkeypatch, broken):
    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, broken, full)
    result = run("record", sheet, *VAZAS)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {sheet}: cannot save: no space left on the disk\n"
    assert sheet.read_text() == NEW
    assert listing(tmp_path) == ["s.yaml"]


def test_a_hand_refused_leaves_no_lock_or_temporary_file(sheet, tmp_path):
    sheet.write_text(ONE)
    result = run("record", sheet, *VAZAS)  # vazas twice
    assert result.exit_code == 2
    assert sheet.read_text() == ONE
    assert listing(tmp_path) == ["s.yaml"]


def test_the_mode_of_the_sheet_is_kept_whatever_the_umask(sheet):
    os.chmod(sheet, 0o664)
    old = os.umask(0o077)
    try:
        assert run("record", sheet, *VAZAS).exit_code == 0
    finally:
        os.umask(old)
    assert os.stat(sheet).st_mode & 0o777 == 0o664


# --- write_new: new, import and export take the lock too ------------------------------------------


def test_write_new_creates_a_file_under_the_lock(tmp_path):
    path = tmp_path / "mesa.yaml"
    write_new(str(path), NEW, force=False)
    assert path.read_text() == NEW
    assert listing(tmp_path) == ["mesa.yaml"]
    write_new(str(tmp_path / "b.xlsx"), b"PK\x03\x04", force=False)
    assert (tmp_path / "b.xlsx").read_bytes() == b"PK\x03\x04"


def test_write_new_refuses_an_existing_file_without_force(sheet, tmp_path):
    with pytest.raises(SheetWriteError) as failed:
        write_new(str(sheet), ONE, force=False)
    assert str(failed.value) == f"{sheet}: already exists; use --force to overwrite it"
    assert sheet.read_text() == NEW
    write_new(str(sheet), ONE, force=True)
    assert sheet.read_text() == ONE
    assert listing(tmp_path) == ["s.yaml"]


def test_force_waits_for_no_one_but_is_refused_while_a_record_holds_the_lock(sheet, tmp_path):
    with writer_lock(str(sheet)), pytest.raises(SheetLockedError) as failed:
        write_new(str(sheet), ONE, force=True)
    assert str(failed.value) == (
        f"{sheet}: another scorekeeper is writing this file (process {os.getpid()}); try again when it is done"
    )
    assert sheet.read_text() == NEW
    assert listing(tmp_path) == ["s.yaml"]


def test_a_record_is_refused_while_write_new_holds_the_lock(sheet, monkeypatch):
    seen = []
    real = sheet_file.atomic_write

    def slow(path, content, name=None):
        seen.append(run("record", sheet, *VAZAS))
        real(path, content, name)

    monkeypatch.setattr(sheet_file, "atomic_write", slow)
    write_new(str(sheet), NEW + "# new\n", force=True)
    assert seen[0].exit_code == 2
    assert "another scorekeeper is writing this file" in seen[0].stderr
    assert sheet.read_text() == NEW + "# new\n"


def test_write_new_never_writes_through_a_symlink_even_forced(linked):
    # In a shared folder a planted `out.xlsx -> ~/.bashrc` would have root's `export --force`
    # replace that file: new, import and export refuse a symlink; record writes through one,
    # because it reads the target as a sheet first.
    link, target = linked
    before = target.read_text()
    with pytest.raises(SheetWriteError) as failed:
        write_new(str(link), ONE, force=True)
    assert (
        str(failed.value) == f"{link}: is a symbolic link: refused (name the file it points to, if that is what "
        "you mean)"
    )
    assert os.path.islink(link) and target.read_text() == before


def test_write_new_refuses_what_is_not_a_regular_file(tmp_path):
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    (tmp_path / "dir.yaml").mkdir()
    os.mkfifo(tmp_path / "fifo.yaml")
    expected = {
        "gone.yaml": "is a symbolic link: refused (name the file it points to, if that is what you mean)",
        "dir.yaml": "is not a regular file: refused",
        "fifo.yaml": "is not a regular file: refused",
    }
    for name, message in expected.items():
        with pytest.raises(SheetWriteError) as failed:
            write_new(str(tmp_path / name), NEW, force=True)
        assert str(failed.value) == f"{tmp_path / name}: {message}"
    assert listing(tmp_path) == ["dir.yaml", "fifo.yaml", "gone.yaml"]


def test_write_new_refuses_a_missing_folder(tmp_path):
    path = tmp_path / "no" / "such" / "mesa.yaml"
    with pytest.raises(SheetWriteError) as failed:
        write_new(str(path), NEW, force=False)
    assert str(failed.value) == f"{path}: the folder {tmp_path}/no/such does not exist"
    assert listing(tmp_path) == []


# --- options of another game --------------------------------------------------------------------


def test_an_option_of_another_game_is_refused_naming_the_sheet(sheet):
    result = run("record", sheet, *VAZAS, "--all-tricks")
    assert result.exit_code == 2
    assert result.stderr == f"Error: {sheet}: --all-tricks is not used in King\n"
    result = run("fix", sheet, "1", *VAZAS, "--all-tricks")
    assert result.exit_code == 2
    assert sheet.read_text() == NEW


# --- line endings, comments, aliases ------------------------------------------------------------


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_line_endings_survive_record_fix_and_undo(tmp_path, newline):
    sheet = tmp_path / "s.yaml"
    sheet.write_bytes(ONE.replace("\n", newline).encode())
    assert run("check", sheet).exit_code == 0
    result = run("record", sheet, "copas", "1", "2", "3", "7")
    assert result.exit_code == 0, result.output
    recorded = ONE + "  - {hand: copas, counts: [1, 2, 3, 7]}\n"
    assert sheet.read_bytes() == recorded.replace("\n", newline).encode()
    assert run("fix", sheet, "1", "vazas", "3", "2", "2", "6").exit_code == 0
    fixed = recorded.replace("[3, 3, 3, 4]", "[3, 2, 2, 6]")
    assert sheet.read_bytes() == fixed.replace("\n", newline).encode()
    assert run("undo", sheet).exit_code == 0
    assert sheet.read_bytes() == ONE.replace("[3, 3, 3, 4]", "[3, 2, 2, 6]").replace("\n", newline).encode()


def test_fix_keeps_the_comments_of_a_multi_line_entry(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text(
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n"
        "  - hand: vazas   # typed late\n    counts: [3, 2, 1, 7]  # 'sure' # twice\n"
        "  - {hand: copas, counts: [1, 2, 3, 7]}  # ok\n"
    )
    result = run("fix", sheet, "1", "vazas", "3", "2", "2", "6")
    assert result.exit_code == 0, result.output
    assert sheet.read_text() == (
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n"
        "  - {hand: vazas, counts: [3, 2, 2, 6]}  # typed late  # 'sure' # twice\n"
        "  - {hand: copas, counts: [1, 2, 3, 7]}  # ok\n"
    )


def test_fix_keeps_comments_inside_a_flow_list_without_breaking_it(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text(
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\n"
        "hands: [{hand: vazas,  # typed late\n"
        "  counts: [3, 2, 1, 7]}, {hand: copas, counts: [1, 2, 3, 7]}]\n"
    )
    result = run("fix", sheet, "1", "vazas", "3", "2", "2", "6")
    assert result.exit_code == 0, result.output
    assert sheet.read_text() == (
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\n"
        "hands: [{hand: vazas, counts: [3, 2, 2, 6]}  # typed late\n"
        "        , {hand: copas, counts: [1, 2, 3, 7]}]\n"
    )


def test_a_hash_in_a_quoted_value_is_not_a_comment(tmp_path):
    text = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n  - hand: 'vazas'\n    counts: [3, 2, 1, 7]\n"
    fixed = yaml_edit.replace_entry(
        text.replace("'vazas'", '"vaz#as"'), 0, {"hand": "vazas", "counts": [1, 1, 1, 1]}, "s.yaml"
    )
    assert fixed == text.replace(
        "  - hand: 'vazas'\n    counts: [3, 2, 1, 7]", "  - {hand: vazas, counts: [1, 1, 1, 1]}"
    )


ALIASED = (
    "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\n"
    "hands: [{hand: vazas, counts: &c [3, 2, 1, 7]},\n  {hand: copas,\n   counts: *c}]\n"
)


def test_record_and_undo_of_a_flow_list_with_an_aliased_multi_line_entry(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text(ALIASED)
    result = run("record", sheet, "damas", "1", "1", "1", "1")
    assert result.exit_code == 0, result.output
    block = (
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n"
        "  - {hand: vazas, counts: &c [3, 2, 1, 7]}\n  - {hand: copas, counts: [3, 2, 1, 7]}\n"
    )
    assert sheet.read_text() == block + "  - {hand: damas, counts: [1, 1, 1, 1]}\n"
    sheet.write_text(ALIASED)
    result = run("undo", sheet)
    assert result.exit_code == 0, result.output
    assert sheet.read_text() == (
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n  - {hand: vazas, counts: &c [3, 2, 1, 7]}\n"
    )


def test_an_anchor_in_a_rewritten_entry_takes_every_entry_with_it():
    text = (
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\n"
        "hands: [{hand: vazas,\n  counts: &c [3, 2, 1, 7]}, {hand: copas, counts: *c}]\n"
    )
    appended = append_entry(text, {"hand": "damas", "counts": [1, 1, 1, 1]}, "s.yaml")
    assert appended == (
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n"
        "  - {hand: vazas, counts: [3, 2, 1, 7]}\n  - {hand: copas, counts: [3, 2, 1, 7]}\n"
        "  - {hand: damas, counts: [1, 1, 1, 1]}\n"
    )


def test_malformed_yaml_in_an_edit_is_one_line():
    with pytest.raises(SheetFormatError) as failed:
        remove_entry("rules: king\nhands: [{hand: *nowhere}]\n", 0, "s.yaml")
    assert str(failed.value) == "s.yaml:2: malformed YAML: found undefined alias 'nowhere'"


def test_a_new_file_follows_the_umask(tmp_path):
    old = os.umask(0o077)
    try:
        write_new(str(tmp_path / "private.yaml"), NEW, force=False)
    finally:
        os.umask(old)
    assert os.stat(tmp_path / "private.yaml").st_mode & 0o777 == 0o600


def test_recording_a_missing_sheet_leaves_nothing_behind(tmp_path):
    result = run("record", tmp_path / "missing.yaml", *VAZAS)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {tmp_path / 'missing.yaml'}: no such file\n"
    assert listing(tmp_path) == []


def test_an_entry_shared_through_an_alias_is_never_edited_by_position(tmp_path):
    # `- *d` has no text of its own: undoing it used to delete deal 1 (the anchor's line) and
    # leave an alias to nothing, with exit 0. Now undo and fix refuse such an entry, and the
    # sheet is untouched; other entries are still edited as usual.
    text = (
        "rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\ndeals:\n"
        "  - &d {points: [72, 48]}  # first\n  - {points: [60, 60]}\n  - *d\n"
    )
    sheet = tmp_path / "sa.yaml"
    sheet.write_text(text, encoding="utf-8")
    undone = run("undo", sheet)
    assert (undone.exit_code, undone.output) == (
        2,
        f"Error: {sheet}:4: deal 3 shares its text with another entry "
        "through a YAML alias (&, *): edit the sheet by hand\n",
    )
    fixed = run("fix", sheet, "1", "30", "90")
    assert fixed.exit_code == 2 and "deal 1 shares its text with another entry" in fixed.output
    assert sheet.read_text(encoding="utf-8") == text
    assert run("fix", sheet, "2", "30", "90").exit_code == 0
    assert sheet.read_text(encoding="utf-8") == text.replace("{points: [60, 60]}", "{points: [30, 90]}")
    assert files_in(tmp_path) == ["sa.yaml"]
