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

Only :func:`check_names` needs a card source: parsing is pure, so a deck file's syntax errors
are reported even when no card data is at hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_engine.errors import RulesEngineError

_LINE = re.compile(r"^(?:(?P<count>\d+)\s*[xX]?\s+)?(?P<name>.+?)\s*$")
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
        (deck.sideboard if in_side or side_line else deck.main).append(entry)
    if not deck.main:
        raise DeckError(f"{path}: no main-deck cards (expected lines like '4 Tavern Ruffian')")
    return deck


def _parse_line(line: str, path: str, lineno: int) -> DeckEntry:
    match = _LINE.match(line)
    if match is None:  # pragma: no cover - the pattern accepts any non-empty line
        raise DeckError(f"{path}:{lineno}: cannot read deck line {line!r}")
    count_text, name = match.group("count"), match.group("name")
    name = _SET_SUFFIX.sub("", name).strip()
    if count_text is None and re.match(r"^\d", name):
        raise DeckError(f"{path}:{lineno}: missing card name after the count in {line!r}")
    count = int(count_text) if count_text is not None else 1
    if count <= 0:
        raise DeckError(f"{path}:{lineno}: count must be at least 1 in {line!r}")
    if count > 250:
        raise DeckError(f"{path}:{lineno}: count {count} is implausible in {line!r}")
    if not name or not re.search(r"[A-Za-z]", name):
        raise DeckError(f"{path}:{lineno}: missing card name in {line!r}")
    return DeckEntry(count=count, name=name, line=lineno)


def read_deck(path: Path | str) -> Deck:
    """Read and parse a deck file (UTF-8); an unreadable file is a :class:`DeckError`."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise DeckError(f"{p}: no such deck file") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(f"{p}: cannot read deck file ({exc})") from exc
    return parse_deck_text(text, str(p))


def check_names(deck: Deck, lookup: Callable[[str], Any]) -> None:
    """Raise :class:`DeckError` at the first main-deck line whose card ``lookup`` cannot find."""
    for entry in deck.main:
        if lookup(entry.name) is None:
            raise DeckError(f"{deck.path}:{entry.line}: unknown card {entry.name!r} "
                            "(not in --cards files, the database or the embedded sample)")


def sample_decks_dir() -> Path:
    """The sample decks shipped with the package (``rules_engine/decks``)."""
    return Path(__file__).resolve().parent / "decks"


def sample_decks() -> list[Path]:
    """Every shipped sample deck file, sorted by name."""
    return sorted(sample_decks_dir().glob("*.txt"))
