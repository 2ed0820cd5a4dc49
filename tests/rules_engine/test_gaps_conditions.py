"""Condition kinds added for the rules-engine gaps (rules_engine.conditions), checked on games
set up by the scenario runner: each condition is asked of a real game state."""

from __future__ import annotations

from functools import partial
from typing import Any

from rules_engine import abilities as ab
from rules_engine import combat, conditions
from rules_engine.cards import ChainCardSource, DictCardSource
from rules_engine.scenario import Runner
from tests.rules_engine.cardfactory import card

_card = partial(card, mana_cost="{1}")  # these tests' cards cost {1}


CARDS = [
    _card("Cond Test Bear", "Creature — Bear", power="2", toughness="2"),
    _card("Cond Test Giant", "Creature — Giant", power="5", toughness="5"),
    _card("Cond Test Racer", "Creature — Human Pilot", "Start your engines!", power="1",
          toughness="1", keywords=["Start your engines!"]),
    _card("Cond Test Spell", "Sorcery", "Draw a card."),
]


def _game(state: dict[str, Any], sample_source=None):
    source = DictCardSource(CARDS)
    if sample_source is not None:
        source = ChainCardSource([source, sample_source])
    runner = Runner({"name": "conditions", "state": state}, source)
    game = runner.setup()
    return game, game.players[0], game.players[1]


def _obj(game, name: str):
    return next(o for o in game.battlefield if o.name == name)


def test_opponent_controls_more_and_more_life() -> None:
    game, alice, bob = _game({"players": {
        "alice": {"life": 12, "battlefield": ["Cond Test Bear"]},
        "bob": {"battlefield": ["Cond Test Bear", "Cond Test Giant"]}}})
    flt = ab.ObjectFilter(card_types=("creature",), text="creatures")
    assert conditions.holds(game, ab.Condition("opponent_controls_more", filter=flt), alice)
    assert not conditions.holds(game, ab.Condition("opponent_controls_more", filter=flt), bob)
    assert conditions.holds(game, ab.Condition("opponent_more_life"), alice)
    assert conditions.holds(game, ab.Condition("more_life_than_opponent"), bob)


def test_total_power_and_graveyard_card_types() -> None:
    game, alice, _ = _game({"players": {"alice": {
        "battlefield": ["Cond Test Bear", "Cond Test Giant"],
        "graveyard": ["Cond Test Spell", "Cond Test Bear"]}}})
    assert conditions.holds(game, ab.Condition("control_total_power", amount=ab.Amount(7)), alice)
    assert not conditions.holds(game, ab.Condition("control_total_power", amount=ab.Amount(8)),
                                alice)
    assert conditions.holds(game, ab.Condition("graveyard_card_types", amount=ab.Amount(2)),
                            alice)
    assert not conditions.holds(game, ab.Condition("graveyard_card_types", amount=ab.Amount(3)),
                                alice)


def test_attacking_alone_and_self_is_attacking() -> None:
    game, alice, bob = _game({"players": {"alice": {
        "battlefield": ["Cond Test Bear", "Cond Test Giant"]}}})
    bear, giant = _obj(game, "Cond Test Bear"), _obj(game, "Cond Test Giant")
    combat.declare_attackers(game, {bear: bob})
    assert conditions.holds(game, ab.Condition("attacking_alone"), alice, bear)
    assert conditions.holds(game, ab.Condition("self_is", detail="attacking"), alice, bear)
    assert not conditions.holds(game, ab.Condition("self_is", detail="attacking"), alice, giant)
    assert conditions.holds(game, ab.Condition("self_is", detail="tapped"), alice, bear)
    assert conditions.holds(game, ab.Condition("attacked_this_turn"), alice)
    assert not conditions.holds(game, ab.Condition("attacking_total_power",
                                                   amount=ab.Amount(5)), alice)


def test_initiative_you_or_the_player_you_attack() -> None:
    game, alice, bob = _game({"players": {"alice": {"battlefield": ["Cond Test Bear"]}}})
    cond = ab.Condition("you_or_defender_has_initiative")
    assert not conditions.holds(game, cond, alice)
    game.initiative = bob
    assert not conditions.holds(game, cond, alice)
    combat.declare_attackers(game, {_obj(game, "Cond Test Bear"): bob})
    assert conditions.holds(game, cond, alice)  # 726: a player you're attacking has it


def test_speed_starts_and_rises_once_per_turn() -> None:
    game, alice, bob = _game({"players": {"alice": {"battlefield": ["Cond Test Racer"]}}})
    assert conditions.speed(game, alice) == 1  # 704.5z
    combat.deal_damage(game, _obj(game, "Cond Test Racer"), bob, 1)
    combat.deal_damage(game, _obj(game, "Cond Test Racer"), bob, 1)
    assert conditions.speed(game, alice) == 2  # 702.179d: once each turn
    assert not conditions.holds(game, ab.Condition("max_speed"), alice)
    game.__dict__["speed"][alice.name] = 4
    assert conditions.holds(game, ab.Condition("max_speed"), alice)


def test_amounts_described_in_words() -> None:
    from rules_engine import effects

    game, alice, bob = _game({"players": {
        "alice": {"life": 17, "battlefield": ["Cond Test Bear", "Cond Test Giant"],
                  "graveyard": ["Cond Test Spell", "Cond Test Bear"], "hand": ["Cond Test Spell"]},
        "bob": {"battlefield": ["Cond Test Bear"], "graveyard": ["Cond Test Spell"]}}})
    giant = _obj(game, "Cond Test Giant")
    cases = {
        "for each creature you control": 2,
        "equal to the number of creatures you control": 2,
        "for each creature card in your graveyard": 1,
        "equal to the number of cards in your hand": 1,
        "equal to your life total": 17,
        "for each opponent": 1,
        "equal to the number of cards in all graveyards": 3,
        "equal to twice the number of cards in your hand": 2,
        "for each Bear you control": 1,
        "equal to its power": 5,
        "for each other creature you control": 1,
    }
    for text, want in cases.items():
        assert effects.described_amount(game, text, alice, giant) == want, text
    assert effects.described_amount(game, "for each time you dreamed", alice, giant) is None


def test_understood_tables_match_what_runs() -> None:
    """amount_understood / qualifier_understood say True only for words that are computed."""
    from rules_engine import effects, targeting

    assert effects.amount_understood("for each creature you control")
    assert effects.amount_understood("equal to her power")
    assert effects.amount_understood("equal to the life lost this way")
    assert not effects.amount_understood("for each time you dreamed")
    assert targeting.qualifier_understood("with power 2 or less")
    assert targeting.qualifier_understood("with flying")
    assert targeting.qualifier_understood("nonblack")
    # (understood since rules_engine.amounts: each creature tied for the greatest power)
    assert targeting.qualifier_understood("with the greatest power among creatures")
    assert not targeting.qualifier_understood("with art by the artist of your choice")


def test_attack_requirement_attacks_each_combat() -> None:
    """508.1d: a creature that attacks each combat if able must be in the declaration."""
    import pytest

    from rules_engine.errors import IllegalActionError

    cards = CARDS + [_card("Cond Test Hound", "Creature — Dog",
                           "This creature attacks each combat if able.", power="3",
                           toughness="1")]
    runner = Runner({"name": "req", "state": {"step": "beginning_of_combat", "players": {
        "alice": {"battlefield": ["Cond Test Hound", "Cond Test Bear"]}}}}, DictCardSource(cards))
    game = runner.setup()
    bob = game.players[1]
    hound, bear = _obj(game, "Cond Test Hound"), _obj(game, "Cond Test Bear")
    with pytest.raises(IllegalActionError, match="508.1d"):
        combat.attack_requirements(game, {bear: bob})
    combat.attack_requirements(game, {hound: bob})  # obeyed
    hound.tapped = True
    combat.attack_requirements(game, {bear: bob})  # it can't attack: nothing required
