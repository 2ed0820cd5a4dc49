"""Filter qualifiers the matcher now judges (targeting.qualifier_understood lists them): words
compiled from invented cards, then matched on a real game: X in a filter (107.3), "during
your turn", the greatest power among a player's creatures, "{X} in its mana cost", "power or
toughness N or less", "not named ~", "power less than or equal to ~'s power"."""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import targeting
from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from rules_engine.text.compiler import compile_card
from tests.rules_engine.cardfactory import card as _card


def _qualifiers(text: str) -> set[str]:
    face = compile_card(_card("Qual Probe", "Sorcery", text)).faces[0]
    found: set[str] = set()
    for eff in ab.iter_effects(tuple(face.abilities)):
        for slot in getattr(type(eff), "__slots__", ()):
            value = getattr(eff, slot, None)
            flt = getattr(value, "filter", None) or getattr(getattr(value, "target", None),
                                                            "filter", None)
            if isinstance(flt, ab.ObjectFilter):
                found.update(flt.qualifiers)
    return found


def test_grammar_words_are_understood() -> None:
    texts = {
        "Destroy each creature with mana value X or less.": "with mana value X or less",
        "Destroy target creature with power or toughness 1 or less.":
            "with power or toughness 1 or less",
        "Exile up to two target cards from a single graveyard.": "single_graveyard",
    }
    for text, word in texts.items():
        quals = {q.lower() for q in _qualifiers(text)}
        assert word.lower() in quals, (text, quals)
        assert targeting.qualifier_understood(word), word
    for word in ("during your turn", "not named ~", "with toughness X or less",
                 "with the greatest power among creatures they control",
                 "with power less than or equal to ~'s power"):
        assert targeting.qualifier_understood(word), word
    # (the set is a filter of its own: "creatures that entered this turn" is understood since
    # the qualifier "that entered this turn" is, rules_engine.effects.zones_more)
    assert targeting.qualifier_understood("with the greatest power among creatures that "
                                          "entered this turn")
    assert not targeting.qualifier_understood("with the greatest power among creatures that "
                                              "blocked a Wall this game")


CARDS = [_card("Qual Small", "Creature — Elf", power="1", toughness="4"),
         _card("Qual Big", "Creature — Giant", power="5", toughness="5"),
         _card("Qual X", "Sorcery", mana_cost="{X}{R}")]


def _game() -> Any:
    runner = Runner({"name": "quals", "state": {"players": {
        "alice": {"battlefield": ["Qual Small", "Qual Big"], "hand": ["Qual X"]},
        "bob": {"battlefield": ["Qual Small"]}}}}, DictCardSource(CARDS))
    game = runner.setup()
    return game, game.players[0], game.players[1]


def _flt(*quals: str) -> ab.ObjectFilter:
    return ab.ObjectFilter(qualifiers=quals)


def test_matching() -> None:
    game, alice, bob = _game()
    small, big = (next(o for o in game.battlefield if o.name == n and o.controller is alice)
                  for n in ("Qual Small", "Qual Big"))
    bob_small = next(o for o in game.battlefield if o.controller is bob)
    m = targeting.matches
    assert m(game, small, _flt("with power or toughness 1 or less"), alice)
    assert not m(game, big, _flt("with power or toughness 1 or less"), alice)
    assert not m(game, small, _flt("not named ~"), alice, bob_small)
    assert m(game, big, _flt("not named ~"), alice, bob_small)
    assert m(game, small, _flt("with power less than or equal to ~'s power"), alice, big)
    assert not m(game, big, _flt("with power less than or equal to ~'s power"), alice, small)
    greatest = _flt("with the greatest power among creatures they control")
    assert m(game, big, greatest, alice) and not m(game, small, greatest, alice)
    assert m(game, bob_small, greatest, alice)  # the greatest among bob's own
    assert m(game, small, _flt("during your turn"), alice)  # alice's turn
    assert not m(game, small, _flt("during your turn"), bob)
    assert m(game, alice.hand[0], _flt("with {X} in its mana cost"), alice, zone_check=False)
    assert not m(game, big, _flt("with {X} in its mana cost"), alice)
    with targeting.XInForce(game, 4):
        assert m(game, small, _flt("with toughness X or less"), alice)
        assert not m(game, big, _flt("with toughness X or less"), alice)
        assert m(game, small, _flt("with mana value X or less"), alice)
    assert targeting.x_in_force(game) == 0  # restored after the block
    assert not m(game, small, _flt("with mana value X"), alice)  # X is 0: mana value 2


def test_attached_to_that_creature_and_deck_construction_statics() -> None:
    quals = _qualifiers("Qual Probe deals 2 damage to target creature. Destroy all Equipment "
                        "attached to that creature.")
    assert "attached to that creature" in quals
    assert targeting.qualifier_understood("attached to that creature")
    from rules_engine import statics
    from rules_engine.support import not_run

    card = _card("Qual Commander", "Legendary Creature — Elf", "Qual Commander can be your "
                 "commander.", power="1", toughness="1")
    (restriction,) = [e for a in compile_card(card).faces[0].abilities
                      if isinstance(a, ab.StaticAbility) for e in a.effects]
    assert statics.before_the_game(restriction)  # 903.3a: deck construction only
    assert not_run(compile_card(card)) == ()
