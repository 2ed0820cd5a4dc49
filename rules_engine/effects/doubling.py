"""Effects of the deck-blocking families of issue 12 (helper dk3):

- doubling counters (701.10e): "double the number of +1/+1 counters on each creature you
  control" gives each of those permanents as many of those counters as it already has;
- moving the cards exiled with this object (406.6, 607.2a): "put each card exiled with ~ into
  its owner's graveyard";
- choosing among the milled cards (701.17, 608.2c): "you may put a permanent card from among
  the milled cards into your hand".
"""

from __future__ import annotations

from rules_engine import records, registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects


def h_double_counters(ctx: Ctx, eff: records.DoubleCounters) -> None:
    """701.10e: each permanent of the subject gets as many counters of the kind as it has
    (each one counted for itself, so a creature with none gets none)."""
    done = 0
    for obj in _objects(ctx, eff.subject):
        have = obj.counters.get(eff.counter, 0) if obj.zone == "battlefield" else 0
        if have <= 0:
            continue
        obj.counters[eff.counter] = have + have
        done += 1
        ctx.game.log("counters_put", obj=obj, counter=eff.counter, amount=have,
                     player=ctx.controller)
    ctx.count = done


def h_move_exiled_with(ctx: Ctx, eff: records.MoveExiledWith) -> None:
    """406.6 / 607.2a: the cards in exile an instruction of this very object put there (the
    same object only: a new one after a zone change has no such cards, 400.7) go to their
    owners' graveyards or hands, or onto the battlefield; they are what "this way" names
    afterwards (608.2c)."""
    game = ctx.game
    src = _source_obj(ctx)
    key = (src, getattr(src, "timestamp", None))
    cards = [c for p in game.players for c in p.exile if c.exiled_with == key and (
        eff.filter is None or targeting.matches(game, c, eff.filter, ctx.controller, src,
                                                zone_check=False))]
    if getattr(eff, "one", False) and cards:  # "a creature card exiled with ~": one, chosen
        cards = [cards[0] if len(cards) == 1 else game.decider.choose(
            ctx.controller.name, f"card exiled with {getattr(src, 'name', '~')} ({eff.text})",
            cards)]
    if eff.count is not None and len(cards) > eff.count:
        cards = game.decider.choose_many(ctx.controller.name, f"card to move ({eff.text})",
                                         cards, eff.count)
    if eff.count is not None and cards:
        ctx.it = cards[-1]  # "If it's a land card, ..." (608.2c)
    moved = []
    for card in cards:
        if eff.destination == "battlefield":  # 110.2: under its owner's control, or yours
            game.move(card, "battlefield", controller=ctx.controller if eff.controller == "you"
                      else card.owner)
        else:
            game.move(card, eff.destination)
        moved.append(card)
    ctx.those = moved
    ctx.count = len(moved)
    ctx.did = bool(moved)


def h_put_from_milled(ctx: Ctx, eff: records.PutFromMilled) -> None:
    """701.17 / 608.2c: among the cards this resolution milled that are still in a graveyard
    (a card that left it is a new object, 400.7), the controller chooses up to the number
    described of the kind described; they go to the destination (their owner's hand)."""
    game = ctx.game
    pool = [o for o in ctx.those if getattr(o, "zone", None) == "graveyard" and
            targeting.matches(game, o, eff.filter, ctx.controller, None, zone_check=False)]
    if not pool:
        ctx.did = False
        return
    text = eff.filter.text if eff.filter is not None else "card"
    n = min(eff.max_count, len(pool))
    chosen = game.decider.choose_many(ctx.controller.name, f"{text} to put into your "
                                      f"{eff.destination} ({eff.text})", pool, n,
                                      minimum=eff.min_count)
    for card in chosen:
        game.move(card, eff.destination)
    ctx.did = bool(chosen)


registry.register_effects({records.PutFromMilled: h_put_from_milled,
                           records.DoubleCounters: h_double_counters,
                           records.MoveExiledWith: h_move_exiled_with})
