"""Block restrictions with more than yes or no (509.1a-b): "can block an additional creature
each combat" and "can block only creatures with flying", compiled from invented cards and run
by combat.py; "becomes blocked" triggers for each attacker a multi-blocker blocks (509.3c)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import abilities as ab
from rules_engine import combat
from rules_engine.cards import DictCardSource
from rules_engine.errors import IllegalActionError
from rules_engine.scenario import Runner
from rules_engine.support import not_run
from rules_engine.text.compiler import compile_card
from tests.rules_engine.cardfactory import card as _card

EXTRA = _card("Blk Twohands", "Creature — Giant",
              "Blk Twohands can block an additional creature each combat.",
              power="2", toughness="5")
ONLY = _card("Blk Skywatch", "Creature — Bird", "Flying\nThis creature can block only "
             "creatures with flying.", power="1", toughness="3")
ALERT = _card("Blk Alarm Ox", "Creature — Ox", "Whenever this creature becomes blocked, you gain "
              "1 life.", power="2", toughness="2")
CARDS = [EXTRA, ONLY, ALERT, _card("Blk Kite", "Creature — Bird", "Flying", power="1",
                                   toughness="1")]


def _restriction(card: dict) -> ab.Restriction:
    face = compile_card(card).faces[0]
    return next(e for a in face.abilities if isinstance(a, ab.StaticAbility)
                for e in a.effects if isinstance(e, ab.Restriction))


def test_grammar() -> None:
    assert _restriction(EXTRA).kind == "block_additional"
    only = _restriction(ONLY)
    assert only.kind == "can_block_only" and only.filter.qualifiers == ("with flying",)
    assert not_run(compile_card(EXTRA)) == () and not_run(compile_card(ONLY)) == ()


def _game() -> Any:
    runner = Runner({"name": "blocks", "state": {"players": {
        "alice": {"battlefield": [{"card": "Blk Alarm Ox", "id": "ox1"},
                                  {"card": "Blk Alarm Ox", "id": "ox2"}, "Blk Kite"]},
        "bob": {"battlefield": ["Blk Twohands", "Blk Skywatch"]}}}}, DictCardSource(CARDS))
    return runner, runner.setup()


def test_limits_and_filters() -> None:
    runner, game = _game()
    two, sky = (next(o for o in game.battlefield if o.name == n)
                for n in ("Blk Twohands", "Blk Skywatch"))
    assert combat.block_limit(game, two) == 2 and combat.block_limit(game, sky) == 1
    runner.advance({"turn": 1, "step": "beginning_of_combat"})
    runner.attack(game.player("alice"), {"ox1": "bob", "ox2": "bob", "Blk Kite": "bob"})
    ox1 = runner.obj("ox1", "battlefield")
    kite = next(o for o in game.battlefield if o.name == "Blk Kite")
    with pytest.raises(IllegalActionError, match="509.1b"):
        combat.can_block(game, sky, ox1)
    combat.can_block(game, sky, kite)  # a flyer: allowed


def test_becomes_blocked_triggers_for_each_attacker() -> None:
    runner, game = _game()
    runner.advance({"turn": 1, "step": "beginning_of_combat"})
    runner.attack(game.player("alice"), {"ox1": "bob", "ox2": "bob"})
    runner.block(game.player("bob"), {"Blk Twohands": ["ox1", "ox2"]})
    assert sorted(p.name for p in game.stack) == ["Blk Alarm Ox", "Blk Alarm Ox"]
    assert [e.name for e in game.events].count("blocks") == 1  # 509.3a: it blocks once
