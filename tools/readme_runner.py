"""Run the README as a reader would: its shell sessions in order, in one folder, compared with what it shows.

The README's ```console blocks are one shell session. Each `$ scorekeeper ...` line is run and
what it prints (stdout and stderr, as a terminal shows them) is compared with the lines under
it: exactly (trailing spaces aside), except that a line `...` stands for any number of lines and
`...` inside a line stands for any text (a path that differs by machine). The answers to the
prompts of an interactive command are read from the block: when the program asks, the answer is
what the next README line that starts with that prompt has after it, and it is echoed into the
output as a terminal would show it. The ```sh blocks' commands are run too and must exit 0,
except the set-up blocks listed in NOT_RUN (they install the package, or make the tour's folder,
which `Session` makes itself).

Exit codes: a command whose shown output starts with `Error:` must exit 2; `check` or `import`
showing an `error:` finding must exit 1; any other command must exit 0.

    python tools/readme_runner.py            # run the README, print what differs
    python tools/readme_runner.py --update   # rewrite the README's outputs to what the program prints
    python tools/readme_runner.py --leiame [--update]   # the same for LEIAME.md, the Portuguese guide
    python tools/readme_runner.py --docs [--update]     # the same for every docs/*.md page, each its own session

A docs page is run as the README is, in English, in a session of its own that starts where the
README's tour does (tour/ with a copy of examples/, beside rules/).
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import pathlib
import re
import select
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent

# Set-up blocks that are not run: what they do is done by Session (the tour's folder), or needs a
# network and a checkout (pip, pytest). Any other ```sh block is run command by command.
TOUR_FOLDER = "mkdir tour && cp -r examples tour/ && cd tour"
# LEIAME.md (the Portuguese guide) speaks pt_PT: its reader sets SCOREKEEPER_LANG, Session does.
LANGUAGE_SETUP = "export SCOREKEEPER_LANG=pt_PT"
# The score pad's server runs until Ctrl-C: the browser tests start it (tests/serve/test_serve_browser.py).
SERVE = "scorekeeper serve examples/championship-king/final.yaml --host 0.0.0.0"
SET_UP = {
    "README.md": {
        "pip install . && scorekeeper check examples/king-final-nacional-mesa1.yaml": "installs the package",
        "pip install '.[test]' && pytest": "runs this very test suite",
        TOUR_FOLDER: "made by Session: tour/ with a copy of examples/, beside rules/",
        SERVE: "a server that runs until Ctrl-C; tests/serve/test_serve_browser.py starts it and records through it",
    },
    "LEIAME.md": {
        "pip install . && scorekeeper --lang pt_PT check examples/king-final-nacional-mesa1.yaml": "installs the package",
        LANGUAGE_SETUP: "done by Session: the guide's language",
        TOUR_FOLDER: "made by Session: tour/ with a copy of examples/, beside rules/",
        SERVE: "a server that runs until Ctrl-C; tests/serve/test_serve_browser.py starts it and records through it",
    },
    "docs": {  # every docs/*.md page
        TOUR_FOLDER: "made by Session: tour/ with a copy of examples/, beside rules/",
        "pip install '.[docs]' && mkdocs build --strict": "builds this site from a checkout (CI does)",
        "python tools/gen_docs.py": "rewrites the generated pages from a checkout (a test compares them)",
        "python tools/readme_runner.py --docs --update": "runs these very pages",
        SERVE: "a server that runs until Ctrl-C; tests/serve/test_serve_browser.py starts it and records through it",
    },
}
NOT_RUN = {**SET_UP["README.md"], **SET_UP["LEIAME.md"], **SET_UP["docs"]}

# An error that makes a command unusable (exit 2), and an error finding (exit 1), in each language.
UNUSABLE_WORDS = ("Error:", "Erro:")
ERROR_FINDING = re.compile(r": (error|erro)( \[|: )")

# The terminal the README's outputs were taken from (issue 8: a scorer's 80x24 terminal).
COLUMNS, LINES = "80", "24"
TIMEOUT = 120  # seconds for one command; an export through openpyxl takes about a second

# Printed (and flushed) by the child just before it reads a line of stdin, so that the driver
# knows the text since the last newline is a prompt waiting for its answer.
_ASKING = b"\x00readme-runner: reading stdin\x00"
_CHILD = r"""
import io, os, sys

class _AnswerReader(io.TextIOBase):
    # input() reads through sys.stdin.readline when stdin is no terminal: announce each read
    def readable(self):
        return True

    def isatty(self):
        return False

    def readline(self, size=-1):
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        os.write(1, ASKING)
        return sys.__stdin__.readline()

    def read(self, size=-1):
        return self.readline() if size else ""

sys.stdin = _AnswerReader()
sys.argv[0] = "scorekeeper"
from scorekeeper.launch import main
main()
""".replace("ASKING", repr(_ASKING))


GUIDES = {"README.md": None, "LEIAME.md": "pt_PT"}  # each guide and the language its session speaks


def find_readme(name: str = "README.md") -> tuple[str, str] | None:
    """(where, text) of the README (or LEIAME.md): beside tools/ in a checkout, else, for the
    README, the installed package's long description."""
    path = HERE.parent / name
    if path.is_file():
        return str(path), path.read_text(encoding="utf-8")
    if name != "README.md":
        return None
    try:
        from importlib import metadata

        body = metadata.metadata("scorekeeper").get_payload()
    except Exception:  # no installed metadata: nothing to run
        return None
    return ("README.md (the installed package's description)", body) if body else None


def find_docs() -> list[tuple[str, str]]:
    """(where, text) of every docs/*.md page beside tools/, in name order (none outside a checkout
    or CI's copy of docs/)."""
    folder = HERE.parent / "docs"
    return [(f"docs/{path.name}", path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.md"))]


def find_examples() -> pathlib.Path:
    return HERE.parent / "examples"


# --- the README's blocks -------------------------------------------------------------------


@dataclasses.dataclass
class Command:
    """One command of a block: `$ ...` with the lines shown under it, or one line of an sh block."""

    block: Block
    line: int  # 1-based line of the command in the README
    text: str
    expected: list[str] | None  # None: an sh command, whose output is not shown

    @property
    def words(self) -> list[str]:
        return shlex.split(self.text, comments=True)

    def expected_exit(self) -> int:
        if not self.expected:
            return 0
        if self.expected[0].startswith(UNUSABLE_WORDS):
            return 2
        words = self.words[3:] if self.words[1:2] == ["--lang"] else self.words[1:]  # the command after --lang X
        if words[:1] in (["check"], ["import"]) and any(ERROR_FINDING.search(x) for x in self.expected):
            return 1
        return 0

    def label(self) -> str:
        return f"{self.block.where}:{self.line}: {self.text}"


@dataclasses.dataclass
class Block:
    where: str
    kind: str  # console or sh
    line: int  # 1-based line of the opening fence
    body: list[str]
    commands: list[Command] = dataclasses.field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.body).strip()


def parse(where: str, text: str) -> list[Block]:
    """The ```console and ```sh blocks of a Markdown text, with their commands."""
    blocks, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        end = i + 1
        while end < len(lines) and lines[end].rstrip() != "```":
            end += 1
        if fence.group(1) in ("console", "sh"):
            block = Block(where, fence.group(1), i + 1, lines[i + 1 : end])
            _commands(block)
            blocks.append(block)
        i = end + 1
    return blocks


def yaml_blocks(text: str) -> list[tuple[int, str]]:
    """(line of the fence, text) of each ```yaml block: the README's example sheets."""
    found, lines = [], text.splitlines()
    for i, line in enumerate(lines):
        if line.rstrip() == "```yaml":
            end = next(k for k in range(i + 1, len(lines)) if lines[k].rstrip() == "```")
            found.append((i + 1, "\n".join(lines[i + 1 : end]) + "\n"))
    return found


def _commands(block: Block) -> None:
    first = block.line + 1
    for n, raw in enumerate(block.body):
        if block.kind == "sh":
            if raw.strip() and not raw.lstrip().startswith("#"):
                block.commands.append(Command(block, first + n, raw.strip(), None))
        elif raw.startswith("$ "):
            block.commands.append(Command(block, first + n, raw[2:].strip(), []))
        elif block.commands:
            block.commands[-1].expected.append(raw.rstrip())
        else:
            raise ValueError(f"{block.where}:{first + n}: a console block's output before its first `$ ` command")


def commands(blocks: list[Block]) -> list[Command]:
    return [c for b in blocks if b.text not in NOT_RUN for c in b.commands]


# --- comparing ------------------------------------------------------------------------------


def _line_pattern(expected: str):
    return re.compile("^" + ".*".join(re.escape(part) for part in expected.split("...")) + "$")


def align(expected: list[str], actual: list[str]) -> tuple[bool, list[str]]:
    """Whether `actual` is what `expected` shows, and the expected lines rewritten to match
    `actual` (keeping each `...` where it still fits), to paste into the README.

    A min-cost alignment: a line matching its pattern costs 0, a line swallowed by a `...`
    line costs 0; an expected line missing, replaced by another or an actual line extra costs 1.
    """
    pats = [None if e.strip() == "..." else _line_pattern(e) for e in expected]
    cost = _alignment_costs(pats, actual)
    return cost[0][0] == 0, _suggested(expected, actual, pats, cost)


def _alignment_costs(pats: list[re.Pattern[str] | None], actual: list[str]) -> list[list[int]]:
    """cost[i][j]: the least cost of aligning the expected lines from i with the actual lines
    from j (a None pattern is a `...` line)."""
    n, m = len(pats), len(actual)
    inf = n + m + 1
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    cost[n][m] = 0
    for i in range(n, -1, -1):
        for j in range(m, -1, -1):
            if i < n or j < m:
                cost[i][j] = _best_step(pats, actual, cost, i, j)
    return cost


def _best_step(pats: list[re.Pattern[str] | None], actual: list[str], cost: list[list[int]], i: int, j: int) -> int:
    """The least cost from (i, j), the costs after it known."""
    n, m = len(pats), len(actual)
    pattern = pats[i] if i < n else None
    best = n + m + 1
    if i < n and pattern is None:
        best = cost[i + 1][j]  # `...` takes no more lines
        if j < m:
            best = min(best, cost[i][j + 1])  # `...` takes actual[j]
    elif pattern is not None and j < m and pattern.match(actual[j]):
        best = cost[i + 1][j + 1]
    if pattern is not None:
        best = min(best, 1 + cost[i + 1][j])  # expected[i] is not printed
        if j < m:
            best = min(best, 1 + cost[i + 1][j + 1])  # actual[j] is printed instead
    if j < m:
        best = min(best, 1 + cost[i][j + 1])  # actual[j] is not shown
    return best


def _suggested(
    expected: list[str], actual: list[str], pats: list[re.Pattern[str] | None], cost: list[list[int]]
) -> list[str]:
    """The expected lines rewritten along the cheapest alignment (`cost`)."""
    n, m = len(expected), len(actual)
    suggested, i, j = [], 0, 0
    while i < n or j < m:
        here = cost[i][j]
        pattern = pats[i] if i < n else None
        if i < n and pattern is None:  # a `...` takes as few lines as it can
            if cost[i + 1][j] == here:
                suggested.append(expected[i])
                i += 1
                continue
            if j < m and cost[i][j + 1] == here:
                j += 1
                continue
        elif pattern is not None and j < m and pattern.match(actual[j]) and cost[i + 1][j + 1] == here:
            suggested.append(expected[i])
            i, j = i + 1, j + 1
            continue
        if pattern is not None and j < m and 1 + cost[i + 1][j + 1] == here:
            suggested.append(actual[j])
            i, j = i + 1, j + 1
            continue
        if pattern is not None and 1 + cost[i + 1][j] == here:
            i += 1
            continue
        suggested.append(actual[j])
        j += 1
    return suggested


# --- running --------------------------------------------------------------------------------


@dataclasses.dataclass
class Outcome:
    command: Command
    output: str  # as a terminal shows it, answers to prompts included
    code: int

    @property
    def lines(self) -> list[str]:
        return [x.rstrip() for x in self.output.splitlines()]

    def problem(self) -> str | None:
        """None when the README is right about this command; else what to change, in words."""
        cmd, notes = self.command, []
        expected_code = cmd.expected_exit()
        if self.code != expected_code:
            notes.append(f"exit code {self.code}, but the README's output means {expected_code}")
        if cmd.expected is None:
            if notes:
                notes.append("it printed:\n" + self.output)
        else:
            ok, suggested = align(cmd.expected, self.lines)
            if not ok:
                diff = difflib.unified_diff(
                    cmd.expected, suggested, "README (shown)", "program (printed)", lineterm="", n=2
                )
                first, last = cmd.line + 1, cmd.line + len(cmd.expected)
                where = f"lines {first}-{last}" if cmd.expected else f"none yet, after line {cmd.line}"
                notes.append(
                    "the output differs:\n"
                    + "\n".join(diff)
                    + f"\n\nwrite these lines under the command in the README ({where}):\n"
                    + "\n".join(suggested)
                )
        if not notes:
            return None
        return f"{cmd.label()}\n  (the ```{cmd.block.kind} block at line {cmd.block.line})\n" + "\n".join(notes)


class Session:
    """One shell session for the whole README: a folder `tour/` with a copy of examples/,
    beside `rules/` (the shipped rule files), as the tour's first block makes them in a checkout."""

    def __init__(self, root: str, examples: pathlib.Path | None = None, language: str | None = None):
        from scorekeeper.rulebook.registry import rules_dir

        self.root = pathlib.Path(root)
        shutil.copytree(rules_dir(), self.root / "rules")
        self.cwd = self.root / "tour"
        shutil.copytree(examples or find_examples(), self.cwd / "examples")
        self.env = dict(
            os.environ, PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8", PYTHONUTF8="1", COLUMNS=COLUMNS, LINES=LINES
        )
        self.env.pop("PYTHONWARNINGS", None)
        for variable in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
            self.env.pop(variable, None)
        if language:
            self.env["SCOREKEEPER_LANG"] = language

    def run(self, cmd: Command) -> Outcome:
        words = cmd.words
        if len(words) == 2 and words[0] == "cd" and cmd.expected is None:
            return self._cd(cmd, words[1])
        if words and words[0] == "scorekeeper":
            return self._scorekeeper(cmd, words[1:])
        if cmd.expected is not None:
            return Outcome(cmd, "the runner only runs `$ scorekeeper ...` lines in console blocks", -1)
        done = subprocess.run(
            ["bash", "-c", cmd.text],
            cwd=self.cwd,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=TIMEOUT,
        )
        return Outcome(cmd, done.stdout, done.returncode)

    def _cd(self, cmd: Command, where: str) -> Outcome:
        """A guide's `cd FOLDER` line: the session goes on there (as a shell would), inside the
        session's own folder only."""
        target = (self.cwd / where).resolve()
        if not target.is_dir() or not target.is_relative_to(self.root.resolve()):
            return Outcome(cmd, f"cd: {where}: no such folder in the session", 1)
        self.cwd = target
        return Outcome(cmd, "", 0)

    def _scorekeeper(self, cmd: Command, args: list[str]) -> Outcome:
        """Run the console script's main() on args; answer its prompts from the README's lines."""
        proc = subprocess.Popen(
            [sys.executable, "-c", _CHILD, *args],
            cwd=self.cwd,
            env=self.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        shown, answers_from, raw = "", 0, b""
        try:
            while True:
                ready, _, _ = select.select([proc.stdout], [], [], TIMEOUT)
                if not ready:
                    raise subprocess.TimeoutExpired(cmd.text, TIMEOUT)
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                raw += chunk
                while _ASKING in raw:
                    before, raw = raw.split(_ASKING, 1)
                    shown += before.decode("utf-8", "replace")
                    answer, answers_from = _answer(cmd.expected or [], shown, answers_from)
                    if answer is None:
                        if not proc.stdin.closed:
                            proc.stdin.close()  # end of input, as Ctrl-D
                        continue
                    shown += answer + "\n"  # the terminal echoes what is typed
                    proc.stdin.write(answer.encode() + b"\n")
                    proc.stdin.flush()
        finally:
            if not proc.stdin.closed:
                proc.stdin.close()
            if proc.poll() is None:
                try:
                    proc.wait(TIMEOUT)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        return Outcome(cmd, shown + raw.decode("utf-8", "replace"), proc.returncode)


def _answer(expected: list[str], shown: str, start: int) -> tuple[str | None, int]:
    """The answer the README types at the prompt now shown, and where the next search starts."""
    prompt = shown.rsplit("\n", 1)[-1].rstrip()
    if not prompt:
        return None, start
    for k in range(start, len(expected)):
        if expected[k].startswith(prompt):
            return expected[k][len(prompt) :].strip(), k + 1
    return None, start


def run_in_order(commands: list[Command], root: str, language: str | None = None) -> dict[int, Outcome]:
    """A guide's commands run in order in one session in `root` (its blocks build on each other),
    by the line each command stands on."""
    session = Session(root, language=language)
    return {c.line: session.run(c) for c in commands}


def command_id(command: Command) -> str:
    """A command's name in a test report: its guide line and the words after `scorekeeper`."""
    return f"L{command.line}-{' '.join(command.words[1:3])}"


def run_readme(where: str, text: str, root: str, language: str | None = None) -> tuple[list[Block], list[Outcome]]:
    blocks = parse(where, text)
    return blocks, list(run_in_order(commands(blocks), root, language).values())


def update(text: str, outcomes: list[Outcome]) -> str:
    """The README with every console command's shown output replaced by what was printed."""
    lines = text.splitlines()
    for outcome in sorted(outcomes, key=lambda o: -o.command.line):
        cmd = outcome.command
        if cmd.expected is None:
            continue
        _ok, suggested = align(cmd.expected, outcome.lines)
        lines[cmd.line : cmd.line + len(cmd.expected)] = suggested
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def main(argv: list[str]) -> int:
    if "--docs" in argv:
        guides = [(where, text, None) for where, text in find_docs()]
        if not guides:
            print("no docs/*.md found", file=sys.stderr)
            return 2
    else:
        name = "LEIAME.md" if "--leiame" in argv else "README.md"
        found = find_readme(name)
        if found is None:
            print(f"no {name} found", file=sys.stderr)
            return 2
        guides = [(*found, GUIDES[name])]
    worst = 0
    for where, text, language in guides:
        worst = max(worst, _run_guide(where, text, language, "--update" in argv))
    return worst


def _run_guide(where: str, text: str, language: str | None, rewrite: bool) -> int:
    """Run one guide in its own session; print what differs (and rewrite it with --update)."""
    with tempfile.TemporaryDirectory() as root:
        _blocks, outcomes = run_readme(where, text, root, language)
    problems = [p for p in (o.problem() for o in outcomes) if p]
    for p in problems:
        print(p, end="\n\n")
    if rewrite and problems:
        path = HERE.parent / where
        if not path.is_file():
            print(f"cannot update {where}", file=sys.stderr)
            return 2
        path.write_text(update(text, outcomes), encoding="utf-8")
        print(f"rewrote the outputs in {where}; exit codes and sh commands are not rewritten: check those by hand")
    print(f"{where}: {len(outcomes)} commands run, {len(problems)} differ from what it shows")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
