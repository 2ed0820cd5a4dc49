"""Split cards off the stack have the combined characteristics of both halves (709.4);
CardDef.halves keeps the halves, each with its own compiled abilities (709.1, 709.3)."""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import compiled
from rules_engine.cards import CardDef
from rules_engine.mana import parse_cost

SPLIT = {
    "object": "card", "name": "Gap Rise // Fall", "layout": "split",
    "mana_cost": "{1}{W} // {2}{B}", "type_line": "Instant // Sorcery", "colors": ["W", "B"],
    "keywords": [],
    "card_faces": [
        {"name": "Gap Rise", "mana_cost": "{1}{W}", "type_line": "Instant",
         "oracle_text": "You gain 3 life.", "colors": ["W"]},
        {"name": "Gap Fall", "mana_cost": "{2}{B}", "type_line": "Sorcery",
         "oracle_text": "Target player discards a card.", "colors": ["B"]},
    ],
}


def test_combined_characteristics_and_halves() -> None:
    card = CardDef.from_scryfall(SPLIT)
    assert card.front.name == "Gap Rise // Fall"
    assert parse_cost(card.front.mana_cost).mana_value == 5  # 709.4d: both costs
    assert set(card.front.colors) == {"W", "B"}
    assert set(card.front.types) == {"Instant", "Sorcery"}
    left, right = card.halves
    assert (left.name, right.name) == ("Gap Rise", "Gap Fall")
    front = compiled.face_abilities(card, card.front)
    assert [type(a) for a in front] == [ab.SpellAbility, ab.SpellAbility]
    assert isinstance(left.abilities[0].effects[0], ab.GainLife)
    assert isinstance(right.abilities[0].effects[0], ab.Discard)
