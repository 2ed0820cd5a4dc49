"""Which card rulings and rules do the scenarios cover, and do those scenarios pass?

A scenario names what it checks in its free-text ``source``. This module reads two kinds of
reference out of it, separated by ``;``:

- **rules**: ``CR 722.3c``, ``722.3c``, ``CR 702.145d, CR 702.145f`` (a rule number is three
  digits, a dot, digits, and an optional letter);
- **rulings**: ``ruling [DATE][,] [CARD[ / CARD...]]: TEXT``, e.g.
  ``ruling 2021-09-24, Tavern Ruffian: If it is night, permanents with daybound ...``.
  TEXT is a fragment of the ruling's comment, possibly several fragments joined by ``...``;
  each must occur in the comment, in order, after normalising case, quotes, dashes and
  spaces, so a scenario may quote the leading words, a middle sentence, or skip parts. The
  card names (full ``A // B`` names or any face name) and the date narrow the match; without
  a card name the fragment links every card whose ruling has that text (shared rulings, such
  as the day/night reminders printed on many cards, are then covered for all of them).

A reference that matches no ruling is reported as *unresolved* (a stale or mistyped link),
never silently dropped; one that names a card with no rulings in the data at hand (the embedded
sample has fewer cards than the real data) is reported apart, as *no rulings for that card*.
Matching is pure text work; the caller supplies the rulings (from the database or the embedded
sample) and runs the scenarios.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RULE_NUMBER = re.compile(r"(?<![\d.])(\d{3}\.\d+[a-z]?)(?![\d])")
_RULING_HEAD = re.compile(r"^\s*rulings?\b\s*(?P<date>\d{4}-\d{2}-\d{2})?\s*,?\s*(?P<rest>.*)$",
                          re.IGNORECASE | re.DOTALL)
_PIECE_HEAD = re.compile(r"^\s*(?:rulings?\b|CR\b|\d{3}\.\d|mtgwiki\b|https?:|[^:;]{0,60}"
                         r"\boracle\b|release notes?\b|wiki\b)", re.IGNORECASE)
_ELLIPSIS = re.compile(r"\.\.\.|…")
_MIN_FRAGMENT = 12


def normalise(text: str) -> str:
    """Lower case, straight quotes, plain dashes, single spaces (for matching only)."""
    text = text.lower()
    for a, b in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("—", "-"), ("–", "-"),
                 ("−", "-")):
        text = text.replace(a, b)
    return " ".join(text.split())


@dataclass(frozen=True)
class Ruling:
    """One card ruling: its card (full name and face names), date and comment."""

    oracle_id: str
    card: str
    names: tuple[str, ...]
    date: str | None
    comment: str

    @property
    def key(self) -> tuple[str, str | None, str]:
        return (self.oracle_id, self.date, self.comment)


@dataclass
class RulingRef:
    """A ruling reference read from a scenario source."""

    text: str  # the piece as written
    date: str | None
    cards: list[str]  # oracle ids named
    fragments: list[str]  # normalised text fragments
    unknown_card: str | None = None  # a card name the rulings do not know: links nothing


@dataclass
class SourceRefs:
    rules: list[str] = field(default_factory=list)
    rulings: list[RulingRef] = field(default_factory=list)


class CardIndex:
    """Card names (full and per face, normalised) -> oracle ids, for reading source pieces."""

    def __init__(self, rulings: Iterable[Ruling]) -> None:
        self.by_name: dict[str, set[str]] = {}
        for r in rulings:
            for name in (r.card, *r.names):
                if name:
                    self.by_name.setdefault(normalise(name), set()).add(r.oracle_id)

    def find(self, text: str) -> list[str]:
        """The oracle ids of the card names in ``text`` (``A / B`` lists, commas in names)."""
        text_n = normalise(text).strip(" .,:")
        if not text_n:
            return []
        whole = self.by_name.get(text_n)
        if whole:
            return sorted(whole)
        found: set[str] = set()
        for part in re.split(r"\s/\s|\s+and\s+|\s*&\s*", text_n):
            ids = self.by_name.get(part.strip(" .,"))
            if ids:
                found |= ids
        if found:
            return sorted(found)
        for name, ids in self.by_name.items():  # last resort: any known name inside the text
            if len(name) >= 4 and re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", text_n):
                found |= ids
        return sorted(found)


def split_pieces(source: str) -> list[str]:
    """Split a source on ``;`` where the next piece starts a new reference (not inside a quote)."""
    raw = source.split(";")
    pieces: list[str] = []
    for part in raw:
        if pieces and not _PIECE_HEAD.match(part):
            pieces[-1] += ";" + part  # a ';' inside quoted ruling text
        else:
            pieces.append(part)
    return [p.strip() for p in pieces if p.strip()]


def parse_source(source: str | None, cards: CardIndex) -> SourceRefs:
    """Rule numbers and ruling references of one scenario ``source``."""
    refs = SourceRefs()
    if not source:
        return refs
    for piece in split_pieces(str(source)):
        m = _RULING_HEAD.match(piece)
        if m is None:
            for num in RULE_NUMBER.findall(piece):
                if num not in refs.rules:
                    refs.rules.append(num)
            continue
        date, rest = m.group("date"), m.group("rest")
        names_part, sep, text = rest.partition(":")
        card_ids = cards.find(names_part) if sep else []
        unknown = None
        if sep and not card_ids and len(names_part) > 60:
            text = rest  # no card named: the colon was inside the ruling text
        elif sep and not card_ids and names_part.strip(" ,.;"):
            # a card is named but has no rulings here (e.g. the embedded sample lacks it): the
            # reference must not fall back to "every card with this text", which would count
            # the ruling as covered for cards the scenario never played
            unknown = names_part.strip(" ,.;")
        elif not sep:
            card_ids = cards.find(rest)
            text = "" if card_ids else rest
        fragments = [normalise(f).strip(" .\"'") for f in _ELLIPSIS.split(text)]
        fragments = [f for f in fragments if len(f) >= _MIN_FRAGMENT] or (
            [f for f in fragments if f] if text.strip() else [])
        refs.rulings.append(RulingRef(piece, date, card_ids, fragments, unknown))
    return refs


def _contains_in_order(haystack: str, fragments: list[str]) -> bool:
    pos = 0
    for frag in fragments:
        i = haystack.find(frag, pos)
        if i < 0:
            return False
        pos = i + len(frag)
    return True


def match_ref(ref: RulingRef, rulings: list[Ruling],
              normalised: dict[tuple[str, str | None, str], str]) -> list[Ruling]:
    """The rulings a reference names (empty when it names none: an unresolved reference)."""
    if ref.unknown_card is not None:
        return []
    pool = [r for r in rulings if (not ref.cards or r.oracle_id in ref.cards)
            and (ref.date is None or r.date == ref.date)]
    if not ref.fragments:
        # card (and date) only: a link only when that leaves exactly one ruling
        return pool if ref.cards and len(pool) == 1 else []
    return [r for r in pool if _contains_in_order(normalised[r.key], ref.fragments)]


def select_cards(rulings: list[Ruling], names: Iterable[str]) -> list[Ruling]:
    """The rulings of the cards named (full ``A // B`` name or any face name, any case).

    A name that matches no card with rulings raises ValueError naming it, so a mistyped name
    can't silently shrink a report.
    """
    wanted = {normalise(n): n for n in names}
    found: set[str] = set()
    kept = []
    for r in rulings:
        hit = [k for k in (normalise(r.card), *(normalise(x) for x in r.names)) if k in wanted]
        if hit:
            found.update(hit)
            kept.append(r)
    missing = [n for k, n in wanted.items() if k not in found]
    if missing:
        raise ValueError(f"no rulings for: {', '.join(missing)}")
    return kept


# -- coverage ------------------------------------------------------------------------------------

@dataclass
class ScenarioInfo:
    """A scenario's identity, its references, and (after running) whether it passed."""

    file: str
    name: str
    source: str
    refs: SourceRefs
    passed: bool | None = None
    failures: list[str] = field(default_factory=list)


@dataclass
class Coverage:
    """Per ruling and per rule: which scenarios cover it."""

    rulings: list[Ruling]
    by_ruling: dict[tuple[str, str | None, str], list[ScenarioInfo]]
    by_rule: dict[str, list[ScenarioInfo]]
    unresolved: list[tuple[ScenarioInfo, RulingRef]]
    # references naming a card these rulings do not cover at all (not checked here)
    no_rulings: list[tuple[ScenarioInfo, RulingRef]] = field(default_factory=list)

    def status(self, scenarios: list[ScenarioInfo]) -> str:
        if not scenarios:
            return "uncovered"
        if any(s.passed is None for s in scenarios):
            return "not run"
        return "pass" if all(s.passed for s in scenarios) else "FAIL"

    def counts(self) -> dict[str, int]:
        out = {"rulings": len(self.rulings), "covered": 0, "pass": 0, "fail": 0,
               "rules": len(self.by_rule), "rules_pass": 0, "rules_fail": 0,
               "unresolved": len(self.unresolved), "no_rulings_for_card": len(self.no_rulings)}
        for r in self.rulings:
            st = self.status(self.by_ruling.get(r.key, []))
            if st != "uncovered":
                out["covered"] += 1
                out["pass" if st == "pass" else "fail"] += 1
        for scns in self.by_rule.values():
            out["rules_pass" if self.status(scns) == "pass" else "rules_fail"] += 1
        return out


def link(scenarios: list[ScenarioInfo], rulings: list[Ruling]) -> Coverage:
    """Tie every scenario to the rulings and rules its source names."""
    normalised = {r.key: normalise(r.comment) for r in rulings}
    by_ruling: dict[tuple[str, str | None, str], list[ScenarioInfo]] = {}
    by_rule: dict[str, list[ScenarioInfo]] = {}
    unresolved: list[tuple[ScenarioInfo, RulingRef]] = []
    no_rulings: list[tuple[ScenarioInfo, RulingRef]] = []
    for scn in scenarios:
        for num in scn.refs.rules:
            by_rule.setdefault(num, []).append(scn)
        for ref in scn.refs.rulings:
            hits = match_ref(ref, rulings, normalised)
            if not hits:
                (no_rulings if ref.unknown_card else unresolved).append((scn, ref))
            for r in hits:
                lst = by_ruling.setdefault(r.key, [])
                if scn not in lst:
                    lst.append(scn)
    return Coverage(rulings, by_ruling, dict(sorted(by_rule.items(), key=_rule_key)),
                    unresolved, no_rulings)


def _rule_key(item: tuple[str, Any]) -> tuple[int, int, str]:
    num = item[0]
    major, _, minor = num.partition(".")
    digits = re.match(r"\d+", minor)
    return (int(major), int(digits.group(0)) if digits else 0, minor)


_CR_LINE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s", re.MULTILINE)


def rule_numbers_in(cr_text: str) -> set[str]:
    """Every rule number the Comprehensive Rules text defines (``722.3c``, ``500.7``...)."""
    return set(_CR_LINE.findall(cr_text))


def is_linked(refs: SourceRefs) -> bool:
    return bool(refs.rules or refs.rulings)


# -- rulings from the embedded sample (no database) ----------------------------------------------

def rulings_from_files(cards_path: Path | str, rulings_path: Path | str) -> list[Ruling]:
    """Rulings (``rulings.jsonl``) joined to card names (``cards.jsonl``) by ``oracle_id``."""
    cards: dict[str, tuple[str, tuple[str, ...]]] = {}
    for line in Path(cards_path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            c = json.loads(line)
            faces = tuple(f.get("name", "") for f in c.get("card_faces") or ())
            cards[c.get("oracle_id", "")] = (c["name"], faces)
    out = []
    for line in Path(rulings_path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        card = cards.get(r.get("oracle_id", ""))
        if card is None:
            continue
        out.append(Ruling(r["oracle_id"], card[0], card[1], r.get("published_at"),
                          r.get("comment", "")))
    out.sort(key=lambda r: (r.card, r.date or "", r.comment))
    return out


def rulings_from_rows(rows: Iterable[dict[str, Any]]) -> list[Ruling]:
    """Rulings from ``db.sim.rulings_with_cards`` rows."""
    return [Ruling(r["oracle_id"], r["name"], tuple(r.get("faces") or ()), r.get("published_at"),
                   r["comment"]) for r in rows]
