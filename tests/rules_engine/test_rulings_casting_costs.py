"""casting.cast pays the 601.2f total cost (mana.modified_cost) and refuses an activated
ability whose "Activate only if ..." condition does not hold (602.5b).

Why: the cost modifiers were computed but never used by casting, so "Spells you cast cost {1}
less" changed nothing in a game; a cast must be refused or allowed by the total cost.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import casting
from rules_engine.cards import DictCardSource
from rules_engine.errors import IllegalActionError
from rules_engine.scenario import Runner


def _card(name: str, type_line: str, text: str, cost: str = "{1}", **extra: Any) -> dict:
    return {"object": "card", "name": name, "layout": "normal", "mana_cost": cost,
            "type_line": type_line, "oracle_text": text, "colors": [], "keywords": [], **extra}


CARDS = [
    _card("Cast Test Adept", "Creature — Human Wizard",
          "Instant and sorcery spells you cast cost {1} less to cast.", power="1", toughness="1"),
    _card("Cast Test Warden", "Creature — Human Soldier",
          "Spells your opponents cast cost {1} more to cast.", power="2", toughness="2"),
    _card("Cast Test Chill", "Instant", "Draw a card.", cost="{2}{U}"),
    _card("Island", "Basic Land — Island", "({T}: Add {U}.)", cost=""),
]


def _game(alice_field: list[Any], bob_field: list[Any]):
    scn = {"name": "costs", "state": {"players": {
        "alice": {"battlefield": alice_field, "hand": ["Cast Test Chill"],
                  "library": [{"card": "Island", "count": 3}]},
        "bob": {"battlefield": bob_field}}}}
    runner = Runner(scn, DictCardSource(CARDS))
    game = runner.setup()
    return game, game.players[0]


def test_a_reduction_lets_two_lands_pay_a_three_mana_spell() -> None:
    game, alice = _game(["Cast Test Adept", "Island", "Island"], [])
    casting.cast(game, alice, "Cast Test Chill")
    assert [o.name for o in game.stack] == ["Cast Test Chill"]
    assert any(e.name == "cost_modified" for e in game.events)


def test_without_the_reduction_two_lands_are_refused() -> None:
    game, alice = _game(["Island", "Island"], [])
    with pytest.raises(IllegalActionError) as err:
        casting.cast(game, alice, "Cast Test Chill")
    assert err.value.rule == "601.2h" and not game.stack


def test_an_increase_is_paid_too() -> None:
    game, alice = _game(["Island", "Island", "Island"], ["Cast Test Warden"])
    with pytest.raises(IllegalActionError) as err:
        casting.cast(game, alice, "Cast Test Chill")
    assert "total cost" in str(err.value)


GATED = _card("Cast Test Gate", "Artifact", "{T}: Draw a card. Activate only if you control a "
              "Zombie.")
ZOMBIE = _card("Cast Test Ghoul", "Creature — Zombie", "", power="2", toughness="2")


def _gate_game(field: list[Any]):
    scn = {"name": "gate", "state": {"players": {
        "alice": {"battlefield": field, "library": [{"card": "Island", "count": 3}]}}}}
    runner = Runner(scn, DictCardSource(CARDS + [GATED, ZOMBIE]))
    game = runner.setup()
    return game, game.players[0]


def test_activate_only_if_is_checked() -> None:
    game, alice = _gate_game(["Cast Test Gate"])
    with pytest.raises(IllegalActionError) as err:
        casting.activate(game, alice, "Cast Test Gate", 1)
    assert err.value.rule == "602.5b"
    game, alice = _gate_game(["Cast Test Gate", "Cast Test Ghoul"])
    casting.activate(game, alice, "Cast Test Gate", 1)
    assert game.stack
