"""Effects on a combat in progress (helper effB, issue 12), as keyword actions of
``registry.KEYWORD_ACTIONS``: "Target unblocked attacking creature becomes blocked" (509.1h: an
effect may make an attacking creature blocked; with no blockers it assigns no combat damage
unless an ability lets it, 510.1c; 509.3c: "becomes blocked" triggers see it). Grammar in
:mod:`rules_engine.text.verbs_actions`."""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects


def _ka_become_blocked(ctx: Ctx, eff: Any) -> None:
    """509.1h: an unblocked attacking creature becomes blocked (by no creature)."""
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield" and obj.attacking is not None and not obj.blocked:
            obj.blocked = True
            game.log("became_blocked", obj=obj, blockers=())


registry.register_keyword_actions({"become blocked": _ka_become_blocked})
