"""Expend (700.14): "Whenever you expend N" triggers when a player pays a cost to cast a spell
and the mana they had spent this turn to cast spells was less than N before that payment and
at least N after it.

``casting.put_on_stack_as_cast`` logs ``mana_spent_to_cast`` (player, ``before``, ``after``:
the turn's running total of mana spent on spells, kept by :func:`note_spent`) once it has paid
a spell's mana; the trigger kind ``expend`` (read by ``text/triggers.py``, ``ordinal`` = N)
is matched here.
"""

from __future__ import annotations

from typing import Any

from rules_engine import triggers
from rules_engine.game import Game
from rules_engine.objects import Player
from rules_engine.triggers import _player_ok


def spent_this_turn(game: Game, player: Player) -> int:
    """The mana ``player`` spent this turn to cast spells (700.14)."""
    key = game.__dict__.get("mana_spent_casting")
    if not key or key[0] != game.turn:
        return 0
    return key[1].get(player.name, 0)


def _expend(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """700.14: the payment took the player's total from below N to N or more."""
    n = trig.ordinal or 0
    data = event.data
    return _player_ok(game, trig.player, data["player"], controller) and \
        data["before"] < n <= data["after"]


triggers.register_kind("expend", ("mana_spent_to_cast",), _expend)
