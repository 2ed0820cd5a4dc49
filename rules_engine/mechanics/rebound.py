"""Rebound (702.88).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.88a: "Rebound" means "If this spell was cast from your hand, instead of putting it into
  your graveyard as it resolves, exile it and, at the beginning of your next upkeep, you may
  cast this card from exile without paying its mana cost." ``turn.resolve_top`` asks
  :func:`resolved_zone` where the resolved instant or sorcery goes (a replacement of the last
  step of 608.2n, 614.1a); the upkeep ability is a delayed triggered ability (603.7) of its
  owner's next upkeep, created here as it is exiled.
- 702.88b: casting it is optional; if it isn't cast (or can't be), it stays in exile. The cast
  happens while the delayed ability resolves (608.2g: timing ignored), an alternative cost of
  nothing (118.9), so X is 0 (107.3b); cast from exile, it doesn't rebound again.
- 400.7: the delayed ability finds the card only while it is the same object in exile.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, triggers
from rules_engine.context import Ctx
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player

_CAST = ab.KeywordAction(name="rebound cast", subject=ab.Ref("self"),
                         text="you may cast this card from exile without paying its mana cost "
                              "(702.88a)")


def resolved_zone(game: Game, obj: GameObject, dest: str) -> str:
    """Where a resolved instant or sorcery goes instead of ``dest`` (the graveyard)."""
    if obj.cast_from != "hand" or obj.spell_copy or obj.card_copy or \
            compiled.keyword_ability(obj, "rebound") is None:
        return dest
    game.__dict__.setdefault("rebounding", []).append((obj.owner, obj, game.turn))
    game.log("rebound_exiled", obj=obj, player=obj.owner)
    return "exile"


@registry.turn_based("upkeep", "702.88a")
def _upkeep(game: Game, active: Player) -> None:
    """"At the beginning of your next upkeep": the delayed ability triggers once (603.7c)."""
    waiting = game.__dict__.get("rebounding")
    if not waiting:
        return
    keep = []
    for owner, card, turn in waiting:
        if owner is not active or turn == game.turn:
            keep.append((owner, card, turn))
            continue
        triggers.add_inherent(game, card.name, owner, (_CAST,), source=card)
    game.__dict__["rebounding"] = keep


def _ka_cast(ctx: Ctx, eff: Any) -> None:
    game, obj, player = ctx.game, ctx.source, ctx.controller
    if not isinstance(obj, GameObject) or obj.zone != "exile":
        return  # it left exile: a new object (400.7)
    if not game.decider.may(player.name, f"cast {obj.name} from exile without paying its mana "
                                         "cost (rebound, 702.88a)"):
        return
    try:
        casting.put_on_stack_as_cast(game, player, obj, None, "")
    except IllegalActionError as exc:
        game.note(f"{obj.name} can't be cast (rebound): {exc}; it stays in exile")
        return
    game.log("cast_without_paying", obj=obj, player=player)


registry.register_keyword_actions({"rebound cast": _ka_cast})
registry.provide(resolved_spell_zone=resolved_zone)
