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


def test_x_targets_take_exactly_x() -> None:
    """601.2b-c: "Tap X target creatures" - X announced first, then exactly X targets."""
    from rules_engine import targeting
    from rules_engine.objects import StackAbility

    bear = {"object": "card", "name": "Gap X Bear", "layout": "normal", "mana_cost": "{1}",
            "type_line": "Creature — Bear", "oracle_text": "", "power": "2", "toughness": "2",
            "colors": [], "keywords": []}
    game = Runner({"name": "x", "state": {"players": {"bob": {"battlefield": [
        {"card": "Gap X Bear", "id": "b1"}, {"card": "Gap X Bear", "id": "b2"},
        {"card": "Gap X Bear", "id": "b3"}]}}}}, DictCardSource([bear])).setup()
    alice = game.players[0]
    spell = compile_face_text("Tap X target creatures.", "Gap Mass Freeze", "Gap Mass Freeze",
                              "Sorcery").abilities[0]
    wanted = targeting.collect_targets(spell.effects)
    bears = [o for o in game.battlefield]
    item = StackAbility(0, "Gap Mass Freeze", None, alice, [])
    item.x = 2
    assert targeting.choose_targets(game, item, wanted, alice, ["b1", "b2"])
    assert item.targets == bears[:2]
    up_to = compile_face_text("Destroy up to X target creatures.", "Gap Q", "Gap Q",
                              "Sorcery").abilities[0]
    item0 = StackAbility(0, "Gap Q", None, alice, [])
    item0.x = 3
    assert targeting.choose_targets(game, item0, targeting.collect_targets(up_to.effects),
                                    alice, ["b1"])
    assert item0.targets == bears[:1]
