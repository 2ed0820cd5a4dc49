"""Cost increases and reductions (601.2f, 118.7): rules_engine.mana.modified_cost, checked on
games set up by the scenario runner with cards written for the test."""

from __future__ import annotations

from typing import Any

from rules_engine.cards import DictCardSource
from rules_engine.cost_modifiers import modified_cost
from rules_engine.mana import parse_cost
from rules_engine.scenario import Runner


def _card(name: str, type_line: str, text: str, cost: str = "{1}", **extra: Any) -> dict:
    return {"object": "card", "name": name, "layout": "normal", "mana_cost": cost,
            "type_line": type_line, "oracle_text": text, "colors": [], "keywords": [], **extra}


CARDS = [
    _card("Cost Test Adept", "Creature — Human Wizard",
          "Instant and sorcery spells you cast cost {1} less to cast.", power="1",
          toughness="1"),
    _card("Cost Test Warden", "Creature — Human Soldier",
          "Spells your opponents cast cost {1} more to cast.", power="2", toughness="2"),
    _card("Cost Test Bolt", "Instant", "This spell costs {2} less to cast if it targets a "
          "tapped creature.\nDestroy target creature.", cost="{3}{B}"),
    _card("Cost Test Surge", "Sorcery", "This spell costs {1}{U} more to cast for each target "
          "beyond the first.\nReturn any number of target creatures to their owners' hands.",
          cost="{U}"),
    _card("Cost Test Ghoul", "Creature — Zombie", "", power="2", toughness="2"),
    _card("Cost Test Chill", "Instant", "This spell costs {1} less to cast if you control a "
          "Zombie.\nDraw a card.", cost="{2}{U}"),
    _card("Cost Test Bear", "Creature — Bear", "", cost="{1}{G}", power="2", toughness="2"),
]


def _game(alice: list[Any], bob: list[Any] | None = None, active: str = "alice"):
    scn = {"name": "costs", "state": {"active": active, "players": {
        "alice": {"battlefield": alice, "hand": [c["name"] for c in CARDS]},
        "bob": {"battlefield": bob or []}}}}
    runner = Runner(scn, DictCardSource(CARDS))
    game = runner.setup()
    return game, game.players[0], game.players[1]


def _in_hand(player, name: str):
    return next(o for o in player.hand if o.name == name)


def _total(cost) -> tuple[int, dict[str, int]]:
    return cost.generic, dict(cost.colored)


def test_reduction_from_a_permanent_applies_to_matching_spells_only() -> None:
    game, alice, _ = _game(["Cost Test Adept"])
    chill = _in_hand(alice, "Cost Test Chill")
    assert _total(modified_cost(game, alice, chill, parse_cost("{2}{U}"), [])) == (1, {"U": 1})
    bear = _in_hand(alice, "Cost Test Bear")
    base = parse_cost("{1}{G}")
    assert modified_cost(game, alice, bear, base, []) is base  # a creature spell: unchanged


def test_increase_applies_to_opponents_only() -> None:
    game, alice, bob = _game(["Cost Test Warden"])
    chill = _in_hand(alice, "Cost Test Chill")
    assert _total(modified_cost(game, alice, chill, parse_cost("{2}{U}"), [])) == (2, {"U": 1})
    bob_game, alice2, bob2 = _game([], ["Cost Test Warden"])
    chill2 = _in_hand(alice2, "Cost Test Chill")
    assert _total(modified_cost(bob_game, alice2, chill2, parse_cost("{2}{U}"), [])) == \
        (3, {"U": 1})


def test_self_reduction_with_a_target_condition() -> None:
    game, alice, bob = _game([], [{"card": "Cost Test Bear", "tapped": True},
                                  {"card": "Cost Test Ghoul"}])
    bolt = _in_hand(alice, "Cost Test Bolt")
    tapped = next(o for o in bob.hand + game.battlefield if o.name == "Cost Test Bear")
    untapped = next(o for o in game.battlefield if o.name == "Cost Test Ghoul")
    base = parse_cost("{3}{B}")
    assert _total(modified_cost(game, alice, bolt, base, [tapped])) == (1, {"B": 1})
    assert _total(modified_cost(game, alice, bolt, base, [untapped])) == (3, {"B": 1})


def test_self_reduction_with_a_control_condition_and_generic_floor() -> None:
    game, alice, _ = _game(["Cost Test Ghoul", "Cost Test Adept"])
    chill = _in_hand(alice, "Cost Test Chill")
    # {2}{U} - {1} (Zombie) - {1} (Adept) = {U}; never below {0} generic (601.2f)
    assert _total(modified_cost(game, alice, chill, parse_cost("{2}{U}"), [])) == (0, {"U": 1})


def test_increase_for_each_target_beyond_the_first() -> None:
    game, alice, bob = _game([], ["Cost Test Bear", "Cost Test Ghoul"])
    surge = _in_hand(alice, "Cost Test Surge")
    targets = [o for o in game.battlefield]
    assert _total(modified_cost(game, alice, surge, parse_cost("{U}"), targets[:1])) == \
        (0, {"U": 1})
    assert _total(modified_cost(game, alice, surge, parse_cost("{U}"), targets)) == (1, {"U": 2})
