"""Split cards with aftermath (709.3, 702.127a): the cast half's characteristics exist only on
the stack, and a refused cast leaves the card as it was.

Why: rules_engine.mechanics.split gives the spell its half's face while it is on the stack and
relies on the next zone change to give the card back its own characteristics; if that ever
stopped happening, a split card in a graveyard would keep a half's characteristics.
"""

from __future__ import annotations

import pytest
import yaml

from rules_engine.errors import IllegalActionError
from rules_engine.scenario import Runner

SETUP = """
name: split probe
state:
  players:
    alice:
      hand: [{card: Prepare // Fight, id: pf}]
      battlefield: [{card: Grizzly Bears, id: bears}, Plains, Plains, Forest, Forest, Forest,
                    Forest]
    bob:
      battlefield: [{card: Savannah Lions, id: lions}]
"""


def _game(sample_source):
    runner = Runner(yaml.safe_load(SETUP), sample_source)
    game = runner.setup()
    return runner, game


def test_half_face_only_on_the_stack(sample_source) -> None:
    from rules_engine import casting, turn

    runner, game = _game(sample_source)
    alice = game.player("alice")
    pf = runner.labels["pf"]
    front = pf.face
    casting.cast(game, alice, "Prepare", targets=["bears"])
    assert pf.zone == "stack" and pf.face.name == "Prepare"
    while game.stack:
        turn.resolve_top(game)
    assert pf.zone == "graveyard" and pf.face is front
    casting.cast(game, alice, "Fight", from_zone="graveyard", targets=["bears", "lions"])
    assert pf.zone == "stack" and pf.face.name == "Fight" and "Sorcery" in pf.face.types
    while game.stack:
        turn.resolve_top(game)
    assert pf.zone == "exile" and pf.face is front  # 702.127a, and its own face again


def test_refused_half_keeps_the_card_face(sample_source) -> None:
    from rules_engine import casting

    runner, game = _game(sample_source)
    pf = runner.labels["pf"]
    front = pf.face
    with pytest.raises(IllegalActionError) as err:
        casting.cast(game, game.player("alice"), "Fight", targets=["bears", "lions"])
    assert err.value.rule == "702.127a"
    assert pf.zone == "hand" and pf.face is front
