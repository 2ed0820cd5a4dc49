"""Warp (702.185).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.185a: "Warp [cost]" means "You may cast this card from your hand by paying [cost] rather
  than its mana cost" (offered by ``casting._warp_offer``, an alternative cost, 118.9) and "If
  this spell's warp cost was paid, exile the permanent this spell becomes at the beginning of
  the next end step. Its owner may cast this card after the current turn has ended for as long
  as it remains exiled."
- 608.3g: the delayed triggered ability (603.7) is created as the permanent is put onto the
  battlefield; here it is created in the state-based-action pass after it entered (117.5: before
  anyone gets priority, so before any end step can begin), bound to that permanent (603.7c: if
  it has left the battlefield, it is a new object and is not exiled, 400.7).
- the permission to cast it from exile starts with the next turn (the untap step of any later
  turn grants it) and lasts while the card stays in exile (a new object if it leaves, 400.7).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects
from rules_engine.game import Game
from rules_engine.objects import GameObject
from rules_engine.triggers import bind_delayed, cast_spells_now_permanents

_EXILE = ab.KeywordAction(name="warp exile", subject=ab.Ref("it"),
                          text="exile the permanent this spell became")
_ABILITY = ab.TriggeredAbility(
    trigger=ab.Trigger(event="phase", step="end", text="at the beginning of the next end step"),
    effects=(_EXILE,), text="At the beginning of the next end step, exile it (702.185a).")


@registry.state_based(order=5)
def _warped_entered(game: Game) -> bool:
    """Bind the delayed exile to each warped spell that became a permanent (608.3g)."""
    for obj in cast_spells_now_permanents(game, "warp_cast"):
        if obj.choices_made.get("warped"):
            bind_delayed(game, _ABILITY, obj)
    return False  # a delayed ability was created; no state-based action was performed


def _ka_warp_exile(ctx: Ctx, eff: Any) -> None:
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield":
            continue
        owner = obj.owner
        game.move(obj, "exile")
        game.log("warp_exiled", obj=obj, player=owner)
        game.__dict__.setdefault("warp_exiled", []).append((owner, obj, obj.timestamp,
                                                            game.turn))


@registry.turn_based("untap", "702.185a")
def _grant_cast_from_exile(game: Game, active: Any) -> None:
    """"Its owner may cast this card after the current turn has ended for as long as it
    remains exiled": from the next turn on, a permission to cast it from exile (601.3)."""
    waiting = game.__dict__.get("warp_exiled")
    if not waiting:
        return
    keep = []
    for owner, card, stamp, turn in waiting:
        if not isinstance(card, GameObject) or card.zone != "exile" or card.timestamp != stamp:
            continue  # it left exile: a new object (400.7)
        if game.turn > turn:
            game.play_permissions.append((owner, [card], "permanent", False))
        else:
            keep.append((owner, card, stamp, turn))
    game.__dict__["warp_exiled"] = keep


registry.register_keyword_actions({"warp exile": _ka_warp_exile})
