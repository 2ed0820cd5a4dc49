"""613.1f: a permanent that loses all abilities loses its static abilities too (their layer 6-7
effects stop: statics.apply reads what the object still has), while other permanents with the
same face keep theirs (the per-face cache holds only printed abilities)."""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import statics
from rules_engine.cards import CardLibrary, DictCardSource
from rules_engine.game import Game
from rules_engine.objects import Mod

ANTHEM = {"object": "card", "layout": "normal", "name": "Speed Test Banner", "mana_cost": "{2}",
          "type_line": "Artifact", "oracle_text": "Creatures you control get +1/+1.",
          "colors": [], "keywords": []}
BEAR = {"object": "card", "layout": "normal", "name": "Speed Test Bear", "mana_cost": "{1}{G}",
        "type_line": "Creature — Bear", "oracle_text": "", "power": "2", "toughness": "2",
        "colors": ["G"], "keywords": []}


def _game() -> tuple[Game, object, object, object]:
    game = Game(["a", "b"], CardLibrary(DictCardSource([ANTHEM, BEAR])))
    a = game.players[0]
    first = game.new_object(game.card_def(ANTHEM["name"]), a, "battlefield")
    second = game.new_object(game.card_def(ANTHEM["name"]), a, "battlefield")
    bear = game.new_object(game.card_def(BEAR["name"]), a, "battlefield")
    return game, first, second, bear


def _lose_all(obj: object) -> None:
    obj.mods.append(Mod(abilities=(ab.LoseAbility(all_abilities=True),), until="eot"))


def test_two_banners_pump_then_one_loses_its_ability() -> None:
    game, first, _second, bear = _game()
    statics.apply(game)
    assert (bear.power, bear.toughness) == (4, 4)
    _lose_all(first)
    statics.apply(game)
    assert (bear.power, bear.toughness) == (3, 3)


def test_a_banner_that_lost_its_ability_first_does_not_empty_the_shared_cache() -> None:
    game, first, second, bear = _game()
    _lose_all(first)  # before any look at the face's static abilities
    statics.apply(game)
    assert (bear.power, bear.toughness) == (3, 3)
    assert statics.battlefield_statics(second) and not statics.battlefield_statics(first)
