"""Deck lists in the common text format (``4 Tavern Ruffian``), read with errors naming file:line.

Accepted, line by line:

- ``4 Tavern Ruffian``, ``4x Tavern Ruffian``, or ``Tavern Ruffian`` (one copy);
- an Arena-style set/collector suffix is dropped: ``4 Tavern Ruffian (MID) 159``;
- ``#`` and ``//`` start a comment line; ``Deck``/``Main``/``Mainboard``/``Commander`` headers
  are skipped;
- the sideboard is read but not played: it starts at a ``Sideboard`` header line, at lines
  prefixed ``SB:``, or (the MTGO export convention) at the first blank line that follows some
  main-deck cards and is followed by more cards. Sample decks therefore keep their main deck in
  one block (comments may separate groups, blank lines may not).

Card names may be written in English or, as printed on Japanese cards, in Japanese
(``4 灰色熊``, ``8 山``): :func:`check_names` reads a name its card source does not know as the
English name the source gives for that Japanese printing (``english_name``, the same lookup a
scenario's Japanese names go through: rules_engine.cards.ChainCardSource.english_name).

Limits (issue 10; documented in docs/cli.md, ``mtgkit simulate``), each a clear ``file:line``
error, checked as lines are read so a huge deck is refused at the line that passes the limit:
a file of at most :data:`MAX_FILE_BYTES`, a count per line of at most :data:`MAX_ENTRY_COUNT`,
at most :data:`MAX_DECK_CARDS` cards in the main deck and as many in the sideboard.

Only :func:`check_names` needs a card source: parsing is pure, so a deck file's syntax errors
are reported even when no card data is at hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rules_engine.errors import RulesEngineError

_LINE = re.compile(r"^(?:(?P<count>\d+)\s*[xX]?\s+)?(?P<name>.+?)\s*$")
_LETTER = re.compile(r"[^\W\d_]")  # a letter of any script: English or Japanese names

MAX_FILE_BYTES = 1_048_576   # a deck file's size (1 MiB)
MAX_ENTRY_COUNT = 250        # copies on one line
MAX_DECK_CARDS = 1_000       # cards in the main deck (and, separately, in the sideboard)
_SET_SUFFIX = re.compile(r"\s+\([A-Za-z0-9]{2,6}\)(?:\s+[\w★-]+)?$")
_HEADERS = {"deck", "main", "maindeck", "mainboard", "main deck", "commander", "companion"}
_SIDEBOARD = re.compile(r"^side\s*board\s*:?$", re.IGNORECASE)


class DeckError(RulesEngineError):
    """A deck file cannot be used; the message names ``file:line`` where one applies."""


@dataclass(frozen=True)
class DeckEntry:
    """One line of a deck: how many copies of which card, and where it was written."""

    count: int
    name: str
    line: int
    written: str = ""  # the name as the file wrote it, when check_names translated it


@dataclass
class Deck:
    """A parsed deck: its main deck (played) and sideboard (kept for information only)."""

    path: str
    name: str
    main: list[DeckEntry] = field(default_factory=list)
    sideboard: list[DeckEntry] = field(default_factory=list)

    def card_names(self) -> list[str]:
        """The main deck expanded to one name per card, in file order."""
        return [e.name for e in self.main for _ in range(e.count)]

    @property
    def size(self) -> int:
        return sum(e.count for e in self.main)

    @property
    def sideboard_size(self) -> int:
        return sum(e.count for e in self.sideboard)


def parse_deck_text(text: str, path: str = "<deck>") -> Deck:
    """Parse deck text; raise :class:`DeckError` naming ``path:line`` for a malformed line."""
    deck = Deck(path=path, name=Path(path).stem)
    in_side = False
    pending_blank = False
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            pending_blank = bool(deck.main)
            continue
        if line.startswith("#") or line.startswith("//"):
            continue
        if _SIDEBOARD.match(line):
            in_side = True
            pending_blank = False
            continue
        if line.lower().rstrip(":") in _HEADERS:
            continue
        side_line = False
        if line[:3].upper() == "SB:":
            side_line = True
            line = line[3:].strip()
        if pending_blank and not in_side:
            in_side = True  # MTGO convention: a blank line separates main deck and sideboard
        pending_blank = False
        entry = _parse_line(line, path, lineno)
        part = deck.sideboard if in_side or side_line else deck.main
        part.append(entry)
        cards = sum(e.count for e in part)
        if cards > MAX_DECK_CARDS:
            which = "main deck" if part is deck.main else "sideboard"
            raise DeckError(f"{path}:{lineno}: the {which} passes {MAX_DECK_CARDS:,} cards "
                            f"({cards:,} so far), the limit for a deck (MAX_DECK_CARDS)")
    if not deck.main:
        raise DeckError(f"{path}: no main-deck cards (expected lines like '4 Tavern Ruffian')")
    return deck


def _parse_line(line: str, path: str, lineno: int) -> DeckEntry:
    match = _LINE.match(line)
    if match is None:  # pragma: no cover - the pattern accepts any non-empty line
        raise DeckError(f"{path}:{lineno}: cannot read deck line {line!r}")
    count_text, name = match.group("count"), match.group("name")
    name = _SET_SUFFIX.sub("", name).strip()
    if count_text is None and re.match(r"^[-+−]?\d+(?:[.,]\d*)?\s*[xX]?(?:\s|$)", name):
        if re.fullmatch(r"\d+\s*[xX]?", name):
            raise DeckError(f"{path}:{lineno}: missing card name after the count in "
                            f"{_short(line)}")
        raise DeckError(f"{path}:{lineno}: a count is a whole number from 1 to "
                        f"{MAX_ENTRY_COUNT} in {_short(line)}")
    if count_text is not None and len(count_text.lstrip("0")) > len(str(MAX_ENTRY_COUNT)):
        shown = count_text if len(count_text) <= 12 else count_text[:12] + "..."
        raise DeckError(f"{path}:{lineno}: count {shown} is implausible: over "
                        f"{MAX_ENTRY_COUNT} copies (MAX_ENTRY_COUNT) in {_short(line)}")
    count = int(count_text) if count_text is not None else 1
    if count <= 0:
        raise DeckError(f"{path}:{lineno}: count must be at least 1 in {_short(line)}")
    if count > MAX_ENTRY_COUNT:
        raise DeckError(f"{path}:{lineno}: count {count} is implausible: over "
                        f"{MAX_ENTRY_COUNT} copies (MAX_ENTRY_COUNT) in {_short(line)}")
    if not name or not _LETTER.search(name):
        raise DeckError(f"{path}:{lineno}: missing card name in {line!r}")
    return DeckEntry(count=count, name=name, line=lineno)


def _short(line: str) -> str:
    """A deck line for an error message (a 1 MB line is not echoed whole)."""
    return repr(line if len(line) <= 120 else line[:117] + "...")


def read_deck(path: Path | str) -> Deck:
    """Read and parse a deck file (UTF-8); an unreadable file is a :class:`DeckError`."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError as exc:
        raise DeckError(f"{p}: no such deck file") from exc
    except OSError as exc:
        raise DeckError(f"{p}: cannot read deck file ({exc.strerror or exc})") from exc
    if len(data) > MAX_FILE_BYTES:
        raise DeckError(f"{p}: larger than {MAX_FILE_BYTES:,} bytes, the limit for a deck file "
                        "(MAX_FILE_BYTES)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise DeckError(f"{p}:{line}: not UTF-8 text (byte {exc.start})") from exc
    return parse_deck_text(text, str(p))


def check_names(deck: Deck, source: Any) -> None:
    """Raise :class:`DeckError` at the first main-deck line whose card the source cannot find.

    ``source`` is a card source (``get(name)``, and ``english_name(name)`` when it knows
    Japanese printings, as :class:`rules_engine.cards.ChainCardSource` does) or a bare lookup
    function; a bound ``source.get`` counts as its source. A name the source does not know but
    whose Japanese printing it does is replaced in ``deck.main`` by the English name (the
    entry keeps the written name in ``written``), so :meth:`Deck.card_names` gives names the
    engine can look up; a scenario's Japanese names are read the same way.
    """
    lookup = getattr(source, "get", source)
    owner = source if hasattr(source, "get") else getattr(source, "__self__", None)
    english = getattr(owner, "english_name", None)
    for i, entry in enumerate(deck.main):
        if lookup(entry.name) is not None:
            continue
        found = english(entry.name) if english is not None and not entry.name.isascii() \
            else None
        if found and lookup(found) is not None:
            deck.main[i] = replace(entry, name=found, written=entry.name)
            continue
        raise DeckError(f"{deck.path}:{entry.line}: unknown card {entry.name!r} "
                        "(not in --cards files, the database or the embedded sample, in "
                        "English or as a Japanese printed name)")


def sample_decks_dir() -> Path:
    """The sample decks shipped with the package (``rules_engine/decks``)."""
    return Path(__file__).resolve().parent / "decks"


def sample_decks() -> list[Path]:
    """Every shipped sample deck file, sorted by name."""
    return sorted(sample_decks_dir().glob("*.txt"))
