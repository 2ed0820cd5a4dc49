"""Coin-flip triggers (705): "Whenever you win a coin flip", "Whenever you lose a coin flip"
(705.2: the player who called wins when the coin shows the call). ``effects/chance.flip_coin``
logs ``coin_flipped`` (player, won); the trigger kind ``coin_flip`` (``detail`` "win" or
"lose", read by ``text/triggers.py``) is matched here.
"""

from __future__ import annotations

from typing import Any

from rules_engine import triggers
from rules_engine.game import Game
from rules_engine.objects import Player
from rules_engine.triggers import _player_ok


def _coin_flip(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    data = event.data
    if not _player_ok(game, trig.player, data["player"], controller):
        return False
    want = (trig.detail or "").lower()
    return want not in ("win", "lose") or bool(data.get("won")) == (want == "win")


triggers.register_kind("coin_flip", ("coin_flipped",), _coin_flip)
