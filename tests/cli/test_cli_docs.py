"""Keep ``docs/cli.md`` and ``README.md`` true: every command and option documented, every
example re-run.

The reference is only useful while it matches the program, so this test reads it the way a
user would: each registered command needs a ``## `mtgkit NAME` `` heading in docs/cli.md, each
option its argparse parser defines must be named in that section, and the console examples of
both documents are replayed, each document in its own temporary directory (the blocks share
it, in document order, like a terminal session), and their output compared line by line:

- ``console offline`` blocks run everywhere, on the sample embedded in the package;
- ``console shared`` blocks need the real data in ``../shared``: they run (in a second
  session per document, with the file blocks but without the offline blocks) when it exists,
  and are reported as skipped otherwise; the session directory has ``../shared`` beside it;
- a plain ``console`` block is not replayed, and must be listed in :data:`NOT_REPLAYED` with
  the reason (a local HTTP server for the scrapers): the list is kept short, and a block
  missing from it, or an entry that matches no block, fails the test.

(`sh` blocks are installation steps, not examples, and are not run.)

Conventions of the replay (documented at the top of docs/cli.md):

- ``$ mtgkit ARGS`` runs :func:`mtgkit.cli.main` in process (stdout, then stderr); a ``#``
  comment after the command is ignored; ``| head -n N`` / ``| tail -n N`` cut stdout.
- ``$ echo $?`` prints the previous command's exit status; ``$ cat FILE`` / ``$ head -n N
  FILE`` print a file of the temporary directory.
- The directory has ``tests`` linked to the repository's ``tests/`` folder, as if run from a
  checkout (``mtgkit play tests/scenarios/``).
- A fenced block whose info string is ``LANG file=NAME`` is written to NAME before the
  commands after it run.
- In expected output, a line that is exactly ``...`` stands for any number of lines, and
  ``...`` inside a line for any text (timings, temporary paths). Trailing blanks are ignored.

When a change to the program or to the embedded sample changes an answer on purpose,
``python -m tests.cli.test_cli_docs --update`` (from the repository root) rewrites the output of
the steps that no longer match with what they print now (and keeps the others, wildcards
included), in both documents (the ``shared`` blocks too when ../shared exists); review the
diff, then put ``...`` back where a new line varies.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from mtgkit.cli import build_parser, main

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "cli.md"
README = REPO / "README.md"
DOCUMENTS = (DOC, README)
SHARED = Path(os.environ.get("MTGKIT_SHARED", REPO.parent / "shared"))
# (document, first command of the block): console examples that are not replayed, and why
NOT_REPLAYED = {
    ("docs/cli.md", "mtgkit scrape wiki --base-url http://127.0.0.1:8765/ --delay 0 --title 昼 "
                    "--follow-links 1"): "needs the test wiki served on 127.0.0.1:8765",
    ("docs/cli.md", "mtgkit scrape cards --api-base http://127.0.0.1:8766/ --delay 0 --bulk "
                    "oracle_cards"): "needs the Scryfall look-alike served on 127.0.0.1:8766",
    ("README.md", "mtgkit scrape wiki --title 昼 --follow-links 1          # default base "
                  "http://mtgwiki.com/"): "reaches the network (its output is the cli.md one's)",
    ("docs/cli.md", "mtgkit simulate --deck day_night --deck initiative --games 100000 --seed 7 "
                    "--backend ray --out runs"): "100,000 games on Ray: minutes, not a replay",
    ("README.md", "pip install -e \".[ray]\""): "installs a package (needs the network)",
    ("docs/cli.md", "mtgkit scrape wiki --base-url http://127.0.0.1:8765/ --delay 0 --no-api "
                    "--title 夜 --title 昼 --deadline 1"): "needs the hostile test wiki "
                    "(tests/scraper/test_scraper_hostile_sources.py runs it)",
    ("docs/cli.md", "mtgkit scrape cards --api-base http://127.0.0.1:8766/ --delay 0 "
                    "--search-delay 0 --query x"): "needs the hostile Scryfall look-alike "
                    "(tests/scraper/test_scraper_hostile_sources.py runs it)",
    ("docs/cli.md", "mtgkit serve --port 8080"): "a server until Ctrl-C (tests/web runs it)",
    ("README.md", "mtgkit serve                      # http://127.0.0.1:8000/ (--host, --port, "
                  "--db PATH)"): "a server until Ctrl-C (tests/web runs it)",
}
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)
# documented once, under "Global options", not in each command's section
GLOBAL_OPTIONS = ("--help", "--db", "--version")
HEADING = re.compile(r"^## `mtgkit ([a-z-]+)[^`]*`", re.M)


@dataclass
class Block:
    """One fenced block: a file to write, or a console session to replay."""

    info: str
    body: str
    line: int  # 1-based line of the opening fence, for messages

    @property
    def kind(self) -> str | None:
        """``offline``, ``shared``, ``plain`` (a console block not replayed) or None."""
        words = self.info.split()
        if words[:1] != ["console"]:
            return None
        return words[1] if len(words) > 1 and words[1] in ("offline", "shared") else "plain"

    @property
    def offline(self) -> bool:
        return self.kind == "offline"

    @property
    def file_name(self) -> str | None:
        for word in self.info.split()[1:]:
            if word.startswith("file="):
                return word[len("file="):]
        return None


@dataclass
class Step:
    """``$ command`` and the output the document promises for it."""

    command: str
    expected: list[str] = field(default_factory=list)


def blocks(text: str) -> list[Block]:
    return [Block(m.group(1).strip(), m.group(2), text.count("\n", 0, m.start()) + 1)
            for m in FENCE.finditer(text)]


def steps(block: Block) -> list[Step]:
    out: list[Step] = []
    for line in block.body.splitlines():
        if line.startswith("$ "):
            out.append(Step(line[2:]))
        elif out:
            out[-1].expected.append(line)
    return out


def _cut(text: str, pipe: list[str]) -> str:
    """Apply ``head -n N`` / ``tail -n N`` (the only pipes the document uses)."""
    if not pipe:
        return text
    if len(pipe) != 3 or pipe[0] not in ("head", "tail") or pipe[1] != "-n":
        raise ValueError(f"unsupported pipe: {' '.join(pipe)}")
    lines = text.splitlines(keepends=True)
    n = int(pipe[2])
    return "".join(lines[:n] if pipe[0] == "head" else lines[-n:])


class Session:
    """A shell-like replay of console blocks in one directory (the caller chdirs into it)."""

    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.status = 0

    def run(self, command: str) -> str:
        words = shlex.split(command, comments=True)
        pipe: list[str] = []
        if "|" in words:
            at = words.index("|")
            words, pipe = words[:at], words[at + 1:]
        if words == ["echo", "$?"]:
            return f"{self.status}\n"
        if words[:1] == ["cat"]:
            self.status = 0
            return _cut((self.cwd / words[1]).read_text(encoding="utf-8"), pipe)
        if words[:1] == ["head"]:
            n = int(words[2]) if words[1] == "-n" else 10
            text = (self.cwd / words[-1]).read_text(encoding="utf-8")
            self.status = 0
            return "".join(text.splitlines(keepends=True)[:n])
        if words[:1] != ["mtgkit"]:
            raise ValueError(f"the replay runs only mtgkit, echo $?, cat, head: {command}")
        # stdout with a byte layer, like a real one (``export --out -`` writes bytes)
        out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                self.status = main(words[1:])
            except SystemExit as exc:  # argparse errors and --help
                self.status = exc.code if isinstance(exc.code, int) else 2
        out.flush()
        text = out.buffer.getvalue().decode("utf-8")
        return _cut(text, pipe) + err.getvalue()


def _pattern(line: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(part) for part in line.rstrip().split("...")))


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` fits ``expected`` (``...`` lines: any lines; inline: any text)."""
    exp = [e.rstrip() for e in expected]
    act = [a.rstrip() for a in actual]
    while exp and not exp[-1]:
        exp.pop()
    while act and not act[-1]:
        act.pop()

    def fit(i: int, j: int) -> bool:
        if i == len(exp):
            return j == len(act)
        if exp[i] == "...":
            return any(fit(i + 1, k) for k in range(j, len(act) + 1))
        return j < len(act) and _pattern(exp[i]).fullmatch(act[j]) is not None \
            and fit(i + 1, j + 1)

    return fit(0, 0)


def replay(text: str, cwd: Path,
           kind: str = "offline") -> Iterator[tuple[Block, Step, list[str]]]:
    """Run the document's ``kind`` blocks in ``cwd``; yield each step with its real output."""
    prepare(cwd)
    session = Session(cwd)
    for block in blocks(text):
        name = block.file_name
        if name:
            (cwd / name).write_text(block.body, encoding="utf-8")
        elif block.kind == kind:
            for step in steps(block):
                yield block, step, session.run(step.command).splitlines()


def prepare(cwd: Path) -> None:
    """``tests`` -> the repository's tests; ``../shared`` -> the real data, when it exists."""
    if not (cwd / "tests").exists():
        (cwd / "tests").symlink_to(REPO / "tests")
    shared = cwd.parent / "shared"
    if SHARED.exists() and not shared.exists():
        shared.symlink_to(SHARED.resolve())


def has_shared() -> bool:
    return (SHARED / "data" / "cards" / "cards.jsonl").exists()


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _options(parser: argparse.ArgumentParser) -> Iterator[str]:
    """Every long option of a parser and of its own subcommands (``scrape wiki``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                yield from _options(child)
        elif action.help != argparse.SUPPRESS:
            yield from (o for o in action.option_strings
                        if o.startswith("--") and o not in GLOBAL_OPTIONS)


def _sections(text: str) -> dict[str, str]:
    found = list(HEADING.finditer(text))
    return {m.group(1): text[m.start(): found[i + 1].start() if i + 1 < len(found) else None]
            for i, m in enumerate(found)}


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def test_every_command_has_a_section_naming_each_option(doc):
    sections = _sections(doc)
    commands = _commands()
    assert set(commands) <= set(sections), f"undocumented: {set(commands) - set(sections)}"
    for name, parser in commands.items():
        missing = sorted({o for o in _options(parser) if f"`{o}" not in sections[name]})
        assert not missing, f"docs/cli.md, mtgkit {name}: options not documented: {missing}"


def test_every_command_help_has_a_description_with_examples():
    for name, parser in _commands().items():
        description = parser.description or ""
        assert f"mtgkit {name}" in description and "Examples" in description, name
        examples = [ln for ln in description.splitlines() if ln.strip().startswith("mtgkit ")]
        assert examples, f"mtgkit {name} --help shows no example"


def _clean_env(monkeypatch) -> None:
    for var in ("MTGKIT_DB", "MTGKIT_CONTACT", "MTGKIT_LOAD_MEMORY", "COLUMNS"):
        monkeypatch.delenv(var, raising=False)


def _check(document: Path, cwd: Path, kind: str) -> int:
    ran = 0
    for block, step, actual in replay(document.read_text(encoding="utf-8"), cwd, kind):
        ran += 1
        assert matches(step.expected, actual), (
            f"{document.name} block at line {block.line}: $ {step.command}\n"
            "expected:\n" + "\n".join(step.expected) + "\nactual:\n" + "\n".join(actual)
            + "\n(an intended change? python -m tests.cli.test_cli_docs --update)")
    return ran


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.name)
def test_offline_examples_give_the_documented_output(document, tmp_path, monkeypatch):
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    _clean_env(monkeypatch)
    ran = _check(document, work, "offline")
    assert ran >= (20 if document == DOC else 10)  # the examples exist and were run


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.name)
def test_shared_examples_give_the_documented_output(document, tmp_path, monkeypatch):
    if not has_shared():
        pytest.skip(f"the console shared examples need ../shared (looked in {SHARED})")
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    _clean_env(monkeypatch)
    assert _check(document, work, "shared") >= 2


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.name)
def test_every_console_example_is_replayed_or_listed(document):
    name = str(document.relative_to(REPO))
    plain = set()
    for block in blocks(document.read_text(encoding="utf-8")):
        if block.kind == "plain":
            first = steps(block)[0].command if steps(block) else ""
            plain.add((name, first))
            assert (name, first) in NOT_REPLAYED, (
                f"{name} line {block.line}: a console block that is neither `console offline`"
                " nor `console shared`: make it replayable or list it in NOT_REPLAYED")
    stale = {k for k in NOT_REPLAYED if k[0] == name} - plain
    assert not stale, f"NOT_REPLAYED entries that match no block: {stale}"


def test_matcher_wildcards():
    assert matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert matches(["a", "...", "z"], ["a", "z"])
    assert matches(["took ... s"], ["took 4.2 s"])
    assert not matches(["a", "z"], ["a", "b", "z"])
    assert not matches(["took ... s"], ["took 4.2 ms!"])


def update(doc_path: Path = DOC) -> int:
    """Rewrite the output of replayed steps that no longer match; return how many changed."""
    import tempfile

    text = doc_path.read_text(encoding="utf-8")
    for var in ("MTGKIT_DB", "MTGKIT_CONTACT", "MTGKIT_LOAD_MEMORY", "COLUMNS"):
        os.environ.pop(var, None)
    fresh: dict[int, list[str]] = {}  # block line -> new body lines
    changed = 0
    here = Path.cwd()
    for kind in ("offline", "shared") if has_shared() else ("offline",):
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp) / "work"
            work.mkdir()
            os.chdir(work)
            try:
                for block, step, actual in replay(text, work, kind):
                    body = fresh.setdefault(block.line, [])
                    body.append(f"$ {step.command}")
                    if matches(step.expected, actual):
                        body.extend(step.expected)
                    else:
                        changed += 1
                        body.extend(line.rstrip() for line in actual)
            finally:
                os.chdir(here)

    def redo(m: re.Match[str]) -> str:
        line = text.count("\n", 0, m.start()) + 1
        if line not in fresh:
            return m.group(0)
        return f"```{m.group(1)}\n" + "\n".join(fresh[line]) + "\n```"

    doc_path.write_text(FENCE.sub(redo, text), encoding="utf-8")
    return changed


if __name__ == "__main__":  # pragma: no cover - a maintenance tool, see the module docstring
    import sys

    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python -m tests.cli.test_cli_docs --update")
    for document in DOCUMENTS:
        print(f"{document.name}: {update(document)} example output(s) rewritten")
