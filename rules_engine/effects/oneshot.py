"""One-shot effects of helper "effA" (issue 12) that no older family module holds.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 601.2d: "distribute N counters among one, two, or three targets": the division is the
  controller's, announced with the targets, each target getting at least one; scripted as a
  mapping {target: n}, and unanswered one to each target with the rest to the first. A target
  that became illegal gets none, and its share goes to no other (608.2b). 122.1: the counters
  are put on the permanents.
- 101.4 / 608.2c: "each player who <condition> <does X>": the condition is checked for each
  player as the effect resolves, and those players act in APNAP order.
- 701.10b-c: doubling a creature's power and toughness gives it +X/+Y, its own values as the
  effect resolves (a negative power gives -X).
- 122.5: moving counters removes them from one object and puts them onto another; if either
  can't be done, nothing moves.
- 120.1 / 510.2: the filter words "that dealt [combat] damage [to you] this turn" read the
  damage events of this turn.
"""

from __future__ import annotations

from typing import Any

from rules_engine import conditions, registry
from rules_engine.combat import deal_damage
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects, _players, _until, run
from rules_engine.objects import Mod
from rules_engine.records import (
    DealToEachOther,
    DeclareTargets,
    DoublePT,
    PlayersWho,
)


def h_players_who(ctx: Ctx, eff: PlayersWho) -> None:
    """Each player of the group for whom the condition holds (checked from that player's side
    as the effect resolves, 608.2c) follows the instruction, one at a time in APNAP order
    (101.4): "they" / "each player" of those effects is that player (``ctx.focus``)."""
    game = ctx.game
    src = _source_obj(ctx)
    players = [p for p in _players(ctx, eff.players)
               if conditions.holds(game, eff.condition, p, src, ctx)]
    for p in players:
        saved = ctx.focus
        ctx.focus = p
        try:
            run(game, ctx, eff.effects)
        finally:
            ctx.focus = saved


def _dealt_damage(combat: bool, to_you: bool):
    """"<creature> that dealt [combat] damage [to you] this turn" (120.1, 510.2): a damage
    event of this turn whose source is that object (while it is the same object, 400.7) and,
    for "to you", whose recipient is the controller of the effect's source."""

    def holds(game: Any, obj: Any, source: Any) -> bool:
        you = getattr(source, "controller", None)
        for ev in game.events_this_turn("damage_dealt"):
            if ev.data.get("source") is not obj or (combat and not ev.data.get("combat")):
                continue
            if to_you and ev.data.get("recipient") is not you:
                continue
            return True
        return False

    return holds


def h_double_pt(ctx: Ctx, eff: DoublePT) -> None:
    """701.10b-c: +X/+Y with X and Y each creature's own power and toughness now (negative
    values give -X / -Y); one modification per creature, ending with the effect's duration."""
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield" or not obj.is_creature:
            continue
        obj.mods.append(Mod(obj.power, obj.toughness if eff.both else 0,
                            until=_until(eff.duration, ctx), timestamp=game.next_timestamp()))
        game.log("pt_doubled", obj=obj)


registry.register_effects({PlayersWho: h_players_who, DoublePT: h_double_pt})
registry.QUALIFIERS.update({
    "that dealt damage this turn": _dealt_damage(False, False),
    "that dealt combat damage this turn": _dealt_damage(True, False),
    "that dealt damage to you this turn": _dealt_damage(False, True),
    "that dealt combat damage to you this turn": _dealt_damage(True, True),
})


def h_declare_targets(ctx: Ctx, eff: Any) -> None:
    """601.2c: the targets were chosen as the spell was cast; this sentence does nothing more."""


def h_deal_to_each_other(ctx: Ctx, eff: DealToEachOther) -> None:
    """120.3: both deal their damage at once, each its own power or toughness now; a creature
    no longer on the battlefield (or an illegal target, 608.2b) deals and is dealt none."""
    game = ctx.game
    a = [o for o in _objects(ctx, eff.first) if o.zone == "battlefield"]
    b = [o for o in _objects(ctx, eff.second) if o.zone == "battlefield"]
    if not a or not b:
        return
    x, y = a[0], b[0]
    nx, ny = (x.toughness, y.toughness) if eff.stat == "toughness" else (x.power, y.power)
    deal_damage(game, x, y, max(nx, 0))
    deal_damage(game, y, x, max(ny, 0))


registry.register_effects({DeclareTargets: h_declare_targets,
                           DealToEachOther: h_deal_to_each_other})
