"""Worded amounts added by the second gaps pass (effects._MORE_AMOUNTS): each is computed on a
real game set up by the scenario runner, with events logged as the engine logs them, and
amount_understood agrees with what described_amount computes."""

from __future__ import annotations

from typing import Any

from rules_engine import effects
from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from tests.rules_engine.cardfactory import card as _card

CARDS = [
    _card("Amt Bear", "Creature — Bear", power="2", toughness="3"),
    _card("Amt Giant", "Creature — Giant", power="5", toughness="4"),
    _card("Amt Bolt", "Instant", "Amt Bolt deals 1 damage to any target."),
]


def _game() -> Any:
    runner = Runner({"name": "amounts", "state": {"players": {
        "alice": {"battlefield": ["Amt Bear", {"card": "Amt Giant", "counters": {"plague": 2,
                                                                                 "+1/+1": 1}}],
                  "graveyard": ["Amt Giant"]},
        "bob": {"battlefield": ["Amt Bear"]}}}}, DictCardSource(CARDS))
    game = runner.setup()
    return game, game.players[0], game.players[1]


def test_greatest_among_and_plus() -> None:
    game, alice, bob = _game()
    giant = next(o for o in game.battlefield if o.name == "Amt Giant")
    cases = {
        "equal to the greatest power among creatures you control": 6,  # 5 + a +1/+1 counter
        "the greatest toughness among creatures you control": 5,
        "the highest mana value among creatures you control": 2,
        "equal to the greatest power among creature cards in your graveyard": 5,
        "for each plague counter on ~": 2,
        "the number of counters on ~": 3,
        "two plus the number of creatures you control": 4,
        "equal to the number of creatures you control plus one": 3,
    }
    for text, want in cases.items():
        assert effects.amount_understood(text), text
        assert effects.described_amount(game, text, alice, giant) == want, text
    # bob controls only a Bear: "among" is judged for the player asking
    assert effects.described_amount(game, "the greatest power among creatures you control",
                                    bob, giant) == 2


def test_this_turn_counts_read_the_turns_events() -> None:
    game, alice, bob = _game()
    giant = next(o for o in game.battlefield if o.name == "Amt Giant")
    game.gain_life(alice, 3)
    game.gain_life(bob, 5)
    bolt = game.new_object(game.card_def("Amt Bolt"), alice, "hand")
    game.log("spell_cast", player=alice, obj=bolt, nth=1)
    game.log("spell_cast", player=bob, obj=bolt, nth=1)
    bear = next(o for o in game.battlefield if o.name == "Amt Bear" and o.controller is bob)
    game.move(bear, "graveyard")
    cases = {
        "the amount of life you gained this turn": 3,
        "for each instant and sorcery spell you've cast this turn": 1,
        "for each creature spell you've cast this turn": 0,
        "the number of creatures that died this turn": 1,
        "the number of cards you've drawn this turn": 0,
    }
    for text, want in cases.items():
        assert effects.amount_understood(text), text
        assert effects.described_amount(game, text, alice, giant) == want, text
    game.turn += 1  # another turn: nothing of the last one counts
    assert effects.described_amount(game, "the amount of life you gained this turn", alice,
                                    giant) == 0


def test_unknown_words_stay_unknown() -> None:
    assert not effects.amount_understood("the number of times you dreamed this turn")
    game, alice, _bob = _game()
    assert effects.described_amount(game, "the greatest sparkle among creatures you control",
                                    alice, None) is None


def test_distinct_among_totals_and_targets() -> None:
    from rules_engine.objects import StackAbility

    cards = CARDS + [
        _card("Amt Forest", "Land — Forest"), _card("Amt Dual", "Land — Island Swamp"),
        _card("Amt Red", "Creature — Goblin", colors=["R"], power="1", toughness="1"),
        _card("Amt Zombie", "Creature — Zombie", colors=["B"], power="2", toughness="2"),
    ]
    runner = Runner({"name": "amounts", "state": {"players": {
        "alice": {"battlefield": ["Amt Forest", "Amt Dual", "Amt Red", "Amt Zombie",
                                  "Amt Zombie"],
                  "graveyard": ["Amt Bolt", "Amt Bear", "Amt Forest"], "hand": ["Amt Bolt"]},
        "bob": {"hand": ["Amt Bolt", "Amt Bolt"]}}}}, DictCardSource(cards))
    game = runner.setup()
    alice, bob = game.players
    cases = {
        "the number of colors among permanents you control": 2,
        "for each card type among cards in your graveyard": 3,  # instant, creature, land
        "for each basic land type among lands you control": 3,  # Forest, Island, Swamp
        "equal to the total number of cards in all players' hands": 3,
        "the total mana value of instant and sorcery cards in your graveyard": 2,
        "two plus the number of Zombies you control": 4,
        "for each counter on ~": 0,
    }
    zombie = next(o for o in game.battlefield if o.name == "Amt Zombie")
    for text, want in cases.items():
        assert effects.amount_understood(text), text
        assert effects.described_amount(game, text, alice, zombie) == want, text
    item = StackAbility(0, "Amt Bolt", None, alice, [])
    item.targets = [bob, zombie, alice]
    ctx = effects.Ctx(game, None, alice, item)
    assert effects.described_amount(game, "for each target", alice, None, ctx) == 3
    assert effects.described_amount(game, "for each target beyond the first", alice, None,
                                    ctx) == 2
