"""Emblems (114): the "gets an emblem with" grammar with invented cards, the audit walking the
emblem's abilities as abilities (not as effects of the planeswalker's), and the engine running
them from the command zone: statics (114.4), triggers and the trigger index, dungeons beside
them, and a player leaving the game with theirs (800.4a)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import abilities as ab
from rules_engine import statics, triggers
from rules_engine.cards import DictCardSource
from rules_engine.mechanics import emblems, initiative, leave_game
from rules_engine.scenario import Runner
from rules_engine.support import engine_tables, not_run
from rules_engine.text.compiler import compile_card
from tests.rules_engine.cardfactory import card as _card

WALKER = _card("Emb Tester", "Legendary Planeswalker — Emb", (
    "+1: You get an emblem with \"Creatures you control get +2/+0.\"\n"
    "−1: You get an emblem with \"At the beginning of each upkeep, you gain 1 life.\"\n"
    "−2: You get an emblem with \"Whenever a creature you control dies, you draw a card.\""),
    loyalty="5")
CARDS = [WALKER, _card("Emb Pup", "Creature — Dog", power="1", toughness="1")]


def _emblem(card: dict, index: int) -> ab.CreateEmblem:
    face = compile_card(card).faces[0]
    acts = [a for a in face.abilities if isinstance(a, ab.ActivatedAbility)]
    return next(e for e in ab.iter_effects((acts[index],)) if isinstance(e, ab.CreateEmblem))


def test_grammar_compiles_the_quoted_abilities() -> None:
    static = _emblem(WALKER, 0)
    assert [type(a).__name__ for a in static.abilities] == ["StaticAbility"]
    assert isinstance(static.abilities[0].effects[0], ab.ModifyPT)
    trig = _emblem(WALKER, 1)
    assert isinstance(trig.abilities[0], ab.TriggeredAbility)
    assert trig.abilities[0].trigger.event == "phase"
    assert static.player.kind == "you"


def test_audit_walks_emblem_abilities_as_abilities() -> None:
    assert not_run(compile_card(WALKER)) == ()
    # a trigger kind no engine code matches, inside an emblem, is reported as a trigger
    odd = _card("Emb Odd", "Legendary Planeswalker — Emb", (
        "−3: You get an emblem with \"Whenever you cycle a card, you gain 1 life.\""),
        loyalty="3")
    (trig,) = _emblem(odd, 0).abilities
    assert isinstance(trig, ab.TriggeredAbility) and trig.trigger.event == "cycle"
    # (another helper may teach triggers.py this kind: the label follows the engine's table)
    runs = "cycle" in engine_tables().trigger_kinds
    assert not_run(compile_card(odd)) == (() if runs else ("trigger:cycle",))


def _game() -> Any:
    runner = Runner({"name": "emblems", "state": {"players": {
        "alice": {"battlefield": ["Emb Pup"], "library": [{"card": "Emb Pup", "count": 3}]},
        "bob": {"battlefield": ["Emb Pup"]}}}}, DictCardSource(CARDS))
    game = runner.setup()
    return game, game.players[0], game.players[1]


def test_static_emblem_applies_to_its_controllers_creatures_only() -> None:
    game, alice, bob = _game()
    mine = next(o for o in game.battlefield if o.controller is alice)
    theirs = next(o for o in game.battlefield if o.controller is bob)
    statics.apply(game)  # nothing static yet: the "no statics" shortcut is taken
    emblem = emblems.create(game, alice, _emblem(WALKER, 0).abilities, "Emb Tester")
    statics.apply(game)  # the shortcut must notice the new source (ABILITY_CHANGES moved)
    assert (mine.power, theirs.power) == (3, 1)
    assert emblem.zone == "command" and emblem in alice.command
    assert emblem.name == "Emb Tester Emblem" and emblems.is_emblem(emblem)
    assert not emblem.is_creature and emblem.colors == ()  # 114.3
    assert game.events[-1].name == "emblem_created"


def test_emblem_triggers_are_indexed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(triggers, "VERIFY_INDEX", True)
    game, alice, bob = _game()
    game.log("step_began", step="upkeep", player=game.active)  # index built with no listener
    assert not game.pending_triggers
    emblems.create(game, alice, _emblem(WALKER, 1).abilities, "Emb Tester")
    game.log("step_began", step="upkeep", player=game.active)
    assert [p.name for p in game.pending_triggers] == ["Emb Tester Emblem"]
    assert "step_began" in game.trigger_index[1]


def test_emblem_beside_a_dungeon_does_not_become_the_rooms_source() -> None:
    game, alice, bob = _game()
    emblems.create(game, alice, _emblem(WALKER, 1).abilities, "Emb Tester")
    initiative.venture(game, alice)
    dungeon = initiative._dungeon_object(alice)
    assert dungeon is not None and not emblems.is_emblem(dungeon)
    sources = {p.source for p in game.pending_triggers}
    assert sources == {dungeon}


def test_player_leaving_takes_their_emblems() -> None:
    game, alice, bob = _game()
    emblems.create(game, bob, _emblem(WALKER, 0).abilities, "Emb Tester")
    leave_game.leave(game, bob)
    assert emblems.active(game) == []
    statics.apply(game)
    mine = next(o for o in game.battlefield if o.controller is alice)
    assert mine.power == 1


def test_grammar_this_emblem_and_loyalty_timing() -> None:
    fire = _card("Emb Fire", "Legendary Planeswalker — Emb", (
        "−2: You get an emblem with \"Whenever you cast a red spell, this emblem deals 1 damage "
        "to any target.\""), loyalty="3")
    (trig,) = _emblem(fire, 0).abilities
    (dmg,) = trig.effects
    assert isinstance(dmg, ab.DealDamage) and dmg.source.kind == "self"  # ~ = the emblem
    assert not_run(compile_card(fire)) == ()
    clock = _card("Emb Clock", "Legendary Planeswalker — Emb", (
        "−2: You get an emblem with \"You may activate loyalty abilities of planeswalkers you "
        "control on any player's turn any time you could cast an instant.\""), loyalty="3")
    (static,) = _emblem(clock, 0).abilities
    (perm,) = static.effects
    assert isinstance(perm, ab.Restriction) and perm.kind == "loyalty_instant_speed"
    assert not_run(compile_card(clock)) == ()
