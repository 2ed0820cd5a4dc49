"""Zone-change replacement effects (614.1a, 614.6): effects.zone_change_replacement says where
an object goes instead. Checked on games set up by the scenario runner with test cards."""

from __future__ import annotations

from functools import partial

from rules_engine import abilities as ab
from rules_engine import compiled, effects
from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from tests.rules_engine.cardfactory import card

_card = partial(card, mana_cost="{1}")  # these tests' cards cost {1}


CARDS = [
    _card("Zone Test Spirit", "Creature — Spirit", "Flying\nIf Zone Test Spirit would be put "
          "into a graveyard from anywhere, exile it instead.", power="1", toughness="1"),
    _card("Zone Test Bear", "Creature — Bear", power="2", toughness="2"),
    _card("Zone Test Scorch", "Instant", "Zone Test Scorch deals 2 damage to target creature. "
          "If that creature would die this turn, exile it instead."),
]


def _game():
    runner = Runner({"name": "zones", "state": {"players": {"alice": {
        "battlefield": ["Zone Test Spirit", "Zone Test Bear"], "hand": ["Zone Test Spirit"]}}}},
        DictCardSource(CARDS))
    game = runner.setup()
    return game, game.players[0]


def _obj(game, name: str):
    return next(o for o in game.battlefield if o.name == name)


def test_own_static_replacement_from_anywhere() -> None:
    game, alice = _game()
    spirit = _obj(game, "Zone Test Spirit")
    bear = _obj(game, "Zone Test Bear")
    assert effects.zone_change_replacement(game, spirit, "battlefield", "graveyard") == "exile"
    assert effects.zone_change_replacement(game, alice.hand[0], "hand", "graveyard") == "exile"
    assert effects.zone_change_replacement(game, spirit, "battlefield", "hand") == "hand"
    assert effects.zone_change_replacement(game, bear, "battlefield", "graveyard") == "graveyard"


def test_resolved_shield_applies_once_to_that_object_this_turn() -> None:
    game, alice = _game()
    bear = _obj(game, "Zone Test Bear")
    spell = next(a for a in compiled.face_abilities(None, _scorch_face())
                 if isinstance(a, ab.SpellAbility))
    repl = next(e for e in spell.effects if isinstance(e, ab.ReplacementEffect))
    ctx = effects.Ctx(game, bear, alice)
    ctx.it = bear
    effects.h_replacement(ctx, repl)
    assert effects.zone_change_replacement(game, bear, "battlefield", "hand") == "hand"
    assert effects.zone_change_replacement(game, bear, "battlefield", "graveyard") == "exile"
    assert effects.zone_change_replacement(game, bear, "battlefield", "graveyard") == \
        "graveyard"  # used up
    game.turn += 1
    ctx2 = effects.Ctx(game, bear, alice)
    ctx2.it = bear
    effects.h_replacement(ctx2, repl)
    game.turn += 1  # "this turn" is over
    assert effects.zone_change_replacement(game, bear, "battlefield", "graveyard") == \
        "graveyard"


def _scorch_face():
    from rules_engine.cards import CardDef

    card = CardDef.from_scryfall(CARDS[2])
    compiled.ensure_compiled(card)
    return card.front
