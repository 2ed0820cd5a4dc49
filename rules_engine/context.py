"""What a resolving spell or ability knows (608.2): the :class:`Ctx` every effect handler gets.

Plain data, in the state layer, because the questions of the characteristics layer (amounts,
targets, conditions) are asked "as this resolves" too and build one; the handlers that use it
live in :mod:`rules_engine.effects`.
"""

from __future__ import annotations

from typing import Any

from rules_engine.game import Game
from rules_engine.objects import Player, StackAbility


class Ctx:
    """What a resolving spell or ability knows: its source, controller, targets, and "it"."""

    __slots__ = ("game", "source", "controller", "targets", "target_map", "it", "event",
                 "x", "those", "did", "item", "stopped", "count", "focus", "chosen", "cond_it",
                 "counted_for")

    def __init__(self, game: Game, source: Any, controller: Player, item: Any = None) -> None:
        self.game = game
        self.source = source
        self.controller = controller
        self.item = item
        self.targets: list[Any] = list(getattr(item, "targets", []) or [])
        self.target_map: dict[Any, list[Any]] = dict(
            (getattr(item, "choices_made", {}) or {}).get("target_map", {}))
        self.event = getattr(item, "event", None)
        self.it: Any = None
        self.x = getattr(item, "x", 0) or 0
        self.those: list[Any] = []
        self.did = False
        self.stopped = False
        self.count = 0  # how many things the last effect did ("that many", 608.2c)
        self.focus: Player | None = None  # "each player ... unless they ...": one at a time
        self.chosen: list[Any] = []  # cards chosen from "those" ("one of them"; the rest)
        # "If it's a land card, ... If it's a nonland card, ...": the object the first "if
        # it's" of this resolution asked about, the same for the next ones (608.2c)
        self.cond_it: Any = None
        # "Each player discards their hand, then draws that many cards": each player's own
        # count of the last instruction (with ctx.count as it was then), 608.2c
        self.counted_for: tuple[int, dict[int, int]] | None = None

def _source_obj(ctx: Ctx) -> Any:
    """The object an ability resolves for (its source), or the resolving spell itself."""
    src = ctx.source
    if isinstance(src, StackAbility):
        return src.source
    return src

