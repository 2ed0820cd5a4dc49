"""The filter qualifier "dealt damage by ~ this turn" (120.3, 400.7): "If a creature dealt
damage by ~ this turn would die, exile it instead", "If a permanent dealt damage by ~ would die
this turn, exile it instead".

An object fits when this turn's log holds damage dealt to it, as the object it is now (a
permanent that changed zones is a new object, 400.7: its timestamp is newer than the damage),
by the filter's source (for a spell, the spell itself, which resolves as the damage is dealt).
The compiler reads the words in ``text/nouns._POSTFIX``.
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.game import Game


def _dealt_damage_by_source(game: Game, obj: Any, source: Any) -> bool:
    if source is None:
        return False
    for ev in game.events_this_turn("damage_dealt"):
        data = ev.data
        if data.get("recipient") is obj and data.get("source") is source:
            return True
    return False


registry.QUALIFIERS["dealt damage by ~ this turn"] = _dealt_damage_by_source
