"""Trigger kinds added for the sagas area: copy triggers (707.10, magecraft 207.2c) and, below,
the others. Cards are invented; each case compiles the text, checks the engine runs every
compiled record (support.not_run), then plays it through the scenario runner."""

from __future__ import annotations

from typing import Any

from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from rules_engine.support import not_run
from rules_engine.text import compile_card


def _card(name: str, type_line: str, text: str = "", cost: str = "{1}", **extra: Any) -> dict:
    return {"object": "card", "name": name, "layout": "normal", "mana_cost": cost,
            "type_line": type_line, "oracle_text": text, "colors": [], "keywords": [], **extra}


def _basic(name: str, sub: str, color: str) -> dict:
    return _card(name, f"Basic Land — {sub}", f"({{T}}: Add {{{color}}}.)", cost="")


LANDS = [_basic("Mountain", "Mountain", "R"), _basic("Island", "Island", "U")]


def _play(scn: dict[str, Any], cards: list[dict]) -> Any:
    result = Runner(scn, DictCardSource(cards + LANDS)).run()
    assert result.passed, (result.failures, result.log[-30:])
    return result


def _runs(card: dict) -> None:
    compiled = compile_card(card)
    assert compiled.unsupported == (), compiled.unsupported
    assert not_run(compiled) == (), not_run(compiled)


# -- copy triggers --------------------------------------------------------------------------------
COPY_CARDS = [
    _card("Glyph Scholar", "Creature — Elf Wizard",
          "Magecraft — Whenever you cast or copy an instant or sorcery spell, you gain 1 life.",
          power="1", toughness="1"),
    _card("Rival Mimic", "Creature — Human", "Whenever an opponent casts or copies an instant "
          "spell, put a +1/+1 counter on Rival Mimic.", power="1", toughness="1"),
    _card("Copy Counter", "Artifact", "Whenever a player copies a spell, draw a card."),
    _card("Twin Sigil", "Instant", "Copy target instant or sorcery spell. You may choose new "
          "targets for the copy.", cost="{U}"),
    _card("Small Jolt", "Instant", "Small Jolt deals 1 damage to any target.", cost="{R}"),
]


def test_copy_trigger_texts_compile_and_run() -> None:
    for card in COPY_CARDS[:3]:
        _runs(card)
    trig = compile_card(COPY_CARDS[2]).faces[0].abilities[0].trigger
    assert (trig.event, trig.player) == ("copy", "any")


def test_copy_by_an_opponent_triggers_the_right_abilities() -> None:
    """bob casts a Jolt and copies it with Twin Sigil: alice's magecraft ("you") sees none of
    it; "an opponent casts or copies an instant spell" sees the Jolt, the Sigil and the copy
    (3 counters); "a player copies a spell" sees the copy once (one card drawn)."""
    scn = {"name": "opponent copies", "state": {"active": "bob", "players": {
        "alice": {"battlefield": ["Glyph Scholar", {"card": "Rival Mimic", "id": "mimic"},
                                  "Copy Counter"],
                  "library": [{"card": "Island", "count": 3}]},
        "bob": {"hand": ["Small Jolt", "Twin Sigil"], "battlefield": ["Mountain", "Island"]}}},
        "actions": [{"bob": {"cast": "Small Jolt", "targets": ["alice"]}},
                    {"resolve": {}},
                    {"bob": {"cast": "Twin Sigil", "targets": ["Small Jolt"]}},
                    {"resolve": {}},
                    {"resolve": {"choices": {"bob": ["no"]}}},
                    {"expect": {"stack": ["Copy Counter", "Rival Mimic", "Small Jolt",
                                          "Small Jolt"]}},
                    {"resolve": {}}, {"resolve": {}}, {"resolve": {}}, {"resolve": {}}],
        "expect": {"life": {"alice": 18},
                   "objects": {"mimic": {"counters": {"+1/+1": 3}}},
                   "zones": {"alice": {"hand_count": 1}}}}
    _play(scn, COPY_CARDS)
