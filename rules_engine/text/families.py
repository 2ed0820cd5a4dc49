"""Families of unsupported clauses: the coverage ranking grouped by template (issue 12 item 1).

A single clause ranking spreads one missing rule over hundreds of rows ("Target creature can't
block ~ this turn", "Target creature can't block ~ this turn." on another card with another
subtype ...). Work goes where it unblocks most when clauses that share a template are counted
together, so a clause is reduced to its *family key*:

- the card's own name is already ``~`` (the compiler canonicalises self-references, 201.5);
- reminder text is gone (the compiler strips it);
- runs of mana symbols become ``{M}`` (``{T}``, ``{Q}`` and ``{E}`` are kept: they are costs, not
  amounts of mana, 107.4);
- numbers (digits, number words, ``+2/+2``-style modifiers) become ``N``;
- card types, supertypes and subtypes become ``NOUN`` (a run of them, "legendary artifact
  creature", is one ``NOUN``); subtypes are those named on the type lines of the cards measured
  (205.3), so no list is written here, and only a capitalised word is taken for one (Oracle
  text capitalises subtypes: "Island" is a land type, "any time" is not a Time Lord);
- colour words become ``COLOR``; "an" becomes "a" (the article follows the noun replaced).

The record kinds the engine compiles but does not run (``keyword:morph``, ``amount:for each``)
are families already and are ranked beside the clause families. For each family the report
gives the cards it blocks (the ranking) and the cards it blocks *alone* (the cards that would
become fully supported if that family alone were done).

Pure text: no game, no engine import (base layer, like the rest of ``text/``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules_engine.text.nouns import CARD_TYPES, COLORS, NUMBERS, SUPERTYPES, singular

_MANA_RUN = re.compile(r"(?:\{(?![TQE]\})[^}]+\})+")
_PT_MOD = re.compile(r"[+-]?(?:\d+|X)/[+-]?(?:\d+|X)")
_DIGITS = re.compile(r"\b\d+\b")
_WORD = re.compile(r"\{[^}]*\}|[A-Za-z][A-Za-z'-]*")
# number words that are amounts ("two", "three"); "a"/"an" are articles in templates
_NUMBER_WORDS = frozenset(w for w in NUMBERS if w not in ("a", "an"))
_NOUN_RUN = re.compile(r"\bNOUN(?:(?:\s+|-)NOUN)+\b")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Family:
    """One family: its key, where it comes from ("clause": unsupported text; "engine": a record
    kind compiled but not run), the distinct clauses in it, the cards it blocks and the cards
    it blocks alone."""

    key: str
    source: str
    clauses: tuple[str, ...]
    cards: tuple[str, ...]
    alone: tuple[str, ...]

    def to_json(self) -> dict:
        return {"family": self.key, "source": self.source, "cards_blocked": len(self.cards),
                "cards_blocked_alone": len(self.alone), "clauses": len(self.clauses),
                "examples": list(self.clauses[:3]), "cards": list(self.cards)}


def subtypes_of(type_lines: Iterable[str]) -> frozenset[str]:
    """Subtypes (lower case, singular) named after the dash of type lines (205.3)."""
    found: set[str] = set()
    for line in type_lines:
        for face in (line or "").split("//"):
            _, dash, subs = face.partition("—")
            if dash:
                found.update(singular(w) for w in subs.split())
    return frozenset(found)


def family_key(clause: str, subtypes: frozenset[str] = frozenset()) -> str:
    """The template of ``clause``: nouns, numbers, mana and colours normalised (see module)."""
    text = _SPACES.sub(" ", clause.strip()).rstrip(".")
    text = _MANA_RUN.sub("{M}", text)
    text = _PT_MOD.sub("N/N", text)
    text = _DIGITS.sub("N", text)
    types = frozenset(CARD_TYPES) | frozenset(SUPERTYPES)

    def word(m: re.Match[str]) -> str:
        w = m.group(0)
        if w.startswith("{") or w == "N":
            return w  # a symbol, or a number already normalised
        low = w.lower()
        if low in _NUMBER_WORDS:
            return "N"
        if low == "an":
            return "a"  # "an Island or a Mountain" and "a Plains or an Island": one template
        if low in COLORS:
            return "COLOR"
        base = low[:-2] if low.endswith("'s") else low
        if base in types or singular(base) in types:
            return "NOUN"
        if w[0].isupper() and (base in subtypes or singular(base) in subtypes):
            return "NOUN"  # Oracle text capitalises subtypes; "any time" is not a Time Lord
        return low
    text = _WORD.sub(word, text)
    text = _NOUN_RUN.sub("NOUN", text)
    return text


def families(unsupported: Sequence[tuple[str, Sequence[str]]],
             not_run: Sequence[tuple[str, Sequence[str]]],
             subtypes: frozenset[str] = frozenset()) -> list[Family]:
    """Group a coverage report's rankings (clause -> cards, label -> cards) into families,
    most cards blocked first, then most cards blocked alone, then by key."""
    clauses: dict[str, dict[str, None]] = {}
    cards: dict[str, set[str]] = {}
    source: dict[str, str] = {}
    per_card: dict[str, set[str]] = {}
    rows: list[tuple[str, str, str, Sequence[str]]] = [
        (family_key(c, subtypes), "clause", c, names) for c, names in unsupported]
    rows += [(label, "engine", label, names) for label, names in not_run]
    for key, src, text, names in rows:
        source.setdefault(key, src)
        clauses.setdefault(key, {})[text] = None
        cards.setdefault(key, set()).update(names)
        for n in names:
            per_card.setdefault(n, set()).add(key)
    alone: dict[str, set[str]] = {}
    for name, keys in per_card.items():
        if len(keys) == 1:
            alone.setdefault(next(iter(keys)), set()).add(name)
    out = [Family(key, source[key], tuple(clauses[key]), tuple(sorted(cards[key])),
                  tuple(sorted(alone.get(key, ())))) for key in cards]
    out.sort(key=lambda f: (-len(f.cards), -len(f.alone), f.key))
    return out


def blockers_by_card(unsupported: Sequence[tuple[str, Sequence[str]]],
                     not_run: Sequence[tuple[str, Sequence[str]]]) -> Mapping[str, list[str]]:
    """card name -> what blocks it (unsupported clauses first, then engine labels)."""
    out: dict[str, list[str]] = {}
    for text, names in list(unsupported) + list(not_run):
        for n in names:
            out.setdefault(n, []).append(text)
    return out


__all__ = ["Family", "blockers_by_card", "families", "family_key", "subtypes_of"]
