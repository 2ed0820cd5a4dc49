"""Fragments of Oracle text to build fuzz inputs from: built-in ones (so the fuzz runs without
../shared), plus, when ../shared is present, every sentence and clause of its 2,281 real cards.

Why fragments: random characters almost never reach the grammar's deeper rules (they fail at
the first word); texts assembled from real clauses, joined and cut in odd places, do, and that
is where a pattern can recurse, loop or index past the end."""

from __future__ import annotations

import json
import re
from functools import lru_cache

from tests.conftest import SHARED

BUILTIN = (
    "Flying", "First strike", "Deathtouch, lifelink", "Trample", "Haste", "Vigilance",
    "Ward {2}", "Equip {3}", "Cleave {1}{W}", "Level up {2}", "LEVEL 1-3", "LEVEL 4+", "2/2",
    "Station", "8+ | Flying", "{2}{U}: Level 2", "Chapter I", "I —", "II, III —",
    "Prepare {1}{G}", "Daybound", "Nightbound", "Disturb {1}{W}", "Cycling {2}",
    "When this creature enters, you take the initiative.",
    "If it's neither day nor night, it becomes day as this creature enters.",
    "At the beginning of your upkeep, venture into the dungeon.",
    "End the turn.", "Draw a card.", "Draw two cards, then discard a card.",
    "Destroy target [nonblack] creature.", "Target creature gets +2/+0 until end of turn.",
    "Create a 1/1 white Human creature token.", "You may sacrifice a creature.",
    "If you do, draw a card.", "Otherwise, you lose 2 life.", "instead",
    "Exile target card from a graveyard.", "Counter target spell unless its controller pays {3}.",
    "{T}: Add {G}.", "{1}, {T}, Sacrifice ~: Draw a card.", "Activate only as a sorcery.",
    "Whenever a creature you control dies, each opponent loses 1 life.",
    "As long as it's night, ~ gets +1/+1.", "This spell costs {1} less to cast.",
    "Choose one —", "• Deal 3 damage to any target.", "• You gain 3 life.",
    "Put a +1/+1 counter on each creature you control.", "Return it to its owner's hand.",
    "(This is reminder text.)", "for each", "X", "{X}{X}{R}", "where X is the number of",
    "Forge — Put two +1/+1 counters on target creature. (→ Lost Well or Trap!)",
    "Scry 2.", "Surveil 1.", "Search your library for a basic land card, put it onto the "
    "battlefield tapped, then shuffle.", "Transform ~.", "~ deals damage equal to its power",
    "Each player", "target opponent", "that", "it", "they", "their", "an additional",
)


@lru_cache(maxsize=1)
def fragments() -> tuple[str, ...]:
    """The built-in fragments, plus the shared cards' sentences and clauses when present."""
    found = dict.fromkeys(BUILTIN)
    path = SHARED / "data" / "cards" / "cards.jsonl"
    if path.exists():
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                card = json.loads(line)
                for face in card.get("card_faces") or [card]:
                    text = face.get("oracle_text") or ""
                    for sentence in re.split(r"(?<=[.)])\s+|\n", text):
                        if sentence:
                            found.setdefault(sentence)
                            for clause in sentence.split(", "):
                                found.setdefault(clause)
    return tuple(found)


@lru_cache(maxsize=1)
def type_lines() -> tuple[str, ...]:
    base = ["Instant", "Sorcery", "Creature — Human Wizard", "Enchantment — Class",
            "Dungeon", "Enchantment — Saga", "Artifact — Equipment", "Land", "",
            "Legendary Planeswalker — Jace", "Artifact — Spacecraft", "Creature — Werewolf",
            "Kindred Instant — Faerie", "Enchantment — Room", "Battle — Siege"]
    path = SHARED / "data" / "cards" / "cards.jsonl"
    if path.exists():
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                base.append(json.loads(line).get("type_line") or "")
    return tuple(dict.fromkeys(base))
