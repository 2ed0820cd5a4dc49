"""Card sources: a card's own name beats another card's secondary face (prepare spell, back)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.cards import CardDef, ChainCardSource, DictCardSource, read_card_file
from rules_engine.errors import BadCardData

PREP = {"name": "Emeritus of Conflict // Lightning Bolt", "layout": "prepare",
        "card_faces": [{"name": "Emeritus of Conflict", "type_line": "Creature — Human",
                        "mana_cost": "{1}{R}", "power": "2", "toughness": "2"},
                       {"name": "Lightning Bolt", "type_line": "Instant", "mana_cost": "{R}"}]}
BOLT = {"name": "Lightning Bolt", "layout": "normal", "type_line": "Instant", "mana_cost": "{R}"}


class _OneCardStore:
    """A source without get_primary (like the database adapter)."""

    def get(self, name: str):
        return PREP if name.lower() in ("lightning bolt", "emeritus of conflict") else None


def test_primary_name_beats_secondary_face() -> None:
    assert DictCardSource([PREP, BOLT]).get("Lightning Bolt") is BOLT
    assert DictCardSource([PREP]).get("Lightning Bolt") is PREP  # only a face matches
    chain = ChainCardSource([_OneCardStore(), DictCardSource([BOLT])])
    assert chain.get("Lightning Bolt") is BOLT
    assert chain.get("Emeritus of Conflict") is PREP
    assert ChainCardSource([_OneCardStore()]).get("Lightning Bolt") is PREP


def test_prepare_layout_faces() -> None:
    card = CardDef.from_scryfall(PREP)
    assert card.front.name == "Emeritus of Conflict" and card.back is None
    assert card.prepare is not None and card.prepare.types == ("Instant",)


def test_bad_card_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"name": "A"}\n{oops\n', encoding="utf-8")
    with pytest.raises(BadCardData, match="bad.jsonl:2"):
        read_card_file(path)
