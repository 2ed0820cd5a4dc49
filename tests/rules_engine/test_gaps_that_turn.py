""""At the beginning of that turn's end step" (603.7, Final Fortune-like): an extra turn
created by an effect carries a marker that the delayed ability made with it remembers;
effects.that_turn_matches says whether the current turn is that turn once turn.py reports
the turn's marker (effects.extra_turn_taken / effects.turn_started)."""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import effects
from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from rules_engine.text.compiler import compile_face_text

TEXT = "Take an extra turn after this one. At the beginning of that turn's end step, you lose " \
       "the game."


def test_marker_follows_the_extra_turn() -> None:
    game = Runner({"name": "x", "state": {}}, DictCardSource([])).setup()
    alice = game.players[0]
    spell = compile_face_text(TEXT, "Gap Last Gamble", "Gap Last Gamble", "Instant").abilities[0]
    ctx = effects.Ctx(game, None, alice)
    effects.run(game, ctx, spell.effects)
    delayed = game.delayed[-1].ability
    assert delayed.trigger.detail == "that_turn"
    assert not effects.that_turn_matches(game, delayed)  # this turn is not that turn
    assert game.extra_turns == [alice]
    game.extra_turns.pop()  # turn.py takes the extra turn ...
    marker = effects.extra_turn_taken(game)  # ... and asks for its marker
    effects.turn_started(game, marker)
    assert effects.that_turn_matches(game, delayed)
    effects.turn_started(game, None)  # a later, ordinary turn
    assert not effects.that_turn_matches(game, delayed)
    assert isinstance(spell, ab.SpellAbility)
