"""Plot's trigger (702.170): "When this card becomes plotted, ..." triggers as the card is
exiled from its owner's hand by its plot ability (``casting`` logs ``plotted``); the ability
works from exile, where the card is then (``triggers.check`` looks at the plotted card itself,
as it does for "When you cycle ~"). The kind is registered here so the trigger index and the
support audit know it; no permanent on the battlefield is the card that became plotted.
"""

from __future__ import annotations

from typing import Any

from rules_engine import triggers
from rules_engine.game import Game
from rules_engine.objects import Player


def _plotted(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """702.170: only the card that became plotted (a permanent's copy of the text never)."""
    return event.data.get("obj") is source and getattr(source, "zone", None) == "exile"


triggers.register_kind("becomes_plotted", ("plotted",), _plotted)
