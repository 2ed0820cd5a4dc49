"""Static rules about players (101.2, 119.7, 305.2a, 402.2) and the block requirement "must be
blocked if able" (509.1c): the grammar with invented cards, statics.player_restrictions
deciding whom a restriction is about, and the audit counting them as run."""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import casting, statics
from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from rules_engine.support import not_run
from rules_engine.text.compiler import compile_card
from tests.rules_engine.cardfactory import card as _card

TEXTS = {
    "additional_land_play": "You may play an additional land on each of your turns.",
    "cant_gain_life": "Players can't gain life.",
    "no_max_hand_size": "You have no maximum hand size.",
    "cant_cast_during_your_turn": "Your opponents can't cast spells during your turn.",
    "must_be_blocked": "Prl Lure must be blocked if able.",
}
CARDS = [_card(f"Prl {kind}", "Enchantment", text) for kind, text in TEXTS.items()
         if kind != "must_be_blocked"] + [
    _card("Prl Lure", "Creature — Beast", TEXTS["must_be_blocked"], power="2", toughness="2"),
    _card("Prl Flasher", "Creature — Spirit", "You may cast Spirit spells as though they had "
          "flash.", power="1", toughness="1")]


def test_grammar() -> None:
    for kind, text in TEXTS.items():
        name = "Prl Lure" if kind == "must_be_blocked" else f"Prl {kind}"
        card = next(c for c in CARDS if c["name"] == name)
        face = compile_card(card).faces[0]
        (eff,) = [e for a in face.abilities if isinstance(a, ab.StaticAbility)
                  for e in a.effects]
        assert isinstance(eff, ab.Restriction) and eff.kind == kind, text
        assert not_run(compile_card(card)) == (), text
    flasher = compile_card(CARDS[-1]).faces[0]
    (perm,) = [e for a in flasher.abilities if isinstance(a, ab.StaticAbility)
               for e in a.effects]
    assert casting.other_flash_permission(perm) and not casting.self_flash_permission(perm)
    assert not_run(compile_card(CARDS[-1])) == ()


def test_whom_each_is_about() -> None:
    runner = Runner({"name": "prl", "state": {"players": {
        "alice": {"battlefield": ["Prl additional_land_play", "Prl no_max_hand_size",
                                  "Prl cant_cast_during_your_turn"]},
        "bob": {"battlefield": ["Prl cant_gain_life"]}}}}, DictCardSource(CARDS))
    game = runner.setup()
    alice, bob = game.players
    pr = statics.player_restrictions
    assert pr(game, "additional_land_play", alice) and not pr(game, "additional_land_play", bob)
    assert casting.land_plays_allowed(game, alice) == 2
    assert casting.land_plays_allowed(game, bob) == 1
    assert pr(game, "no_max_hand_size", alice) and not pr(game, "no_max_hand_size", bob)
    assert pr(game, "cant_cast_during_your_turn", bob)
    assert not pr(game, "cant_cast_during_your_turn", alice)
    assert pr(game, "cant_gain_life", alice) and pr(game, "cant_gain_life", bob)  # "Players"
    game.gain_life(alice, 3)
    assert alice.life == 20


def test_grammar_spells_own_restrictions() -> None:
    from rules_engine import effects

    kinds = {"Cast this spell only during combat.": "cast_only_during_combat",
             "Cast this spell only during your turn.": "cast_only_during_your_turn",
             "This spell can't be copied.": "cant_be_copied"}
    for text, kind in kinds.items():
        card = _card("Prl Spell", "Instant", text + "\nDraw a card.")
        found = [e for a in compile_card(card).faces[0].abilities
                 if isinstance(a, ab.StaticAbility) for e in a.effects]
        assert [e.kind for e in found] == [kind], text
        assert not_run(compile_card(card)) == (), text
    assert callable(effects.uncopyable) and callable(casting.own_cast_restriction)
