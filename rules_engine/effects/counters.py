"""Counters (122): putting them on, removing them, moving them from one object to another.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.combat import _poison
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import (
    _lki_of,
    _objects,
    _players,
    _triggering,
    amount,
    resolve_ref,
)
from rules_engine.objects import GameObject, Player

# 122.1: the kinds of counter a player can get (poison 122.1f, energy 107.14, experience 122.1g,
# rad 122.1h, ticket 122.1i)
PLAYER_COUNTERS = frozenset({"poison", "energy", "experience", "rad", "ticket"})


def player_counters(game: Any, player: Player, kind: str, n: int, by: Any = None) -> None:
    """122.1: counters on a player - poison (122.1f, 704.5c), energy ({E}, 107.14: "you get
    {E}{E}"), experience, rad, ticket ... - kept per game by kind; replacements of counters put
    on a player apply (614.1a, ``by`` the player putting them)."""
    n = game.counters_to_put(None, kind, n, by=by if by is not None else player, player=player)
    if n <= 0:
        return
    if kind == "poison":
        _poison(game, player, n)
        return
    table = game.__dict__.setdefault("energy" if kind == "energy" else f"player_{kind}", {})
    table[player.name] = table.get(player.name, 0) + n
    game.log("player_counters_put", player=player, counter=kind, amount=n)


def h_counters(ctx: Ctx, eff: ab.PutCounters) -> None:
    n = amount(ctx, eff.amount)
    if eff.counter in PLAYER_COUNTERS:  # "you get {E}{E}" (122.1, 107.14)
        for p in _players(ctx, eff.subject):
            player_counters(ctx.game, p, eff.counter, n, by=ctx.controller)
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield":
            continue
        k = ctx.game.counters_to_put(obj, eff.counter, n, by=ctx.controller)  # 614.1a
        if k <= 0:
            continue
        obj.counters[eff.counter] = obj.counters.get(eff.counter, 0) + k
        ctx.game.log("counters_put", obj=obj, counter=eff.counter, amount=k,
                     player=ctx.controller)


def h_remove_counters(ctx: Ctx, eff: ab.RemoveCounters) -> None:
    """122.1 / 122.8: remove N counters of a kind ("remove all landmark counters": every one);
    a permanent without enough loses what it has."""
    everything = eff.amount is not None and (eff.amount.text or "").lower() == "all"
    n = 0 if everything else amount(ctx, eff.amount)
    if eff.counter == "any":
        _remove_any_counter(ctx, eff)
        return
    for obj in _objects(ctx, eff.subject):
        have = obj.counters.get(eff.counter, 0)
        gone = have if everything else min(have, n)
        if not gone:
            continue
        obj.counters[eff.counter] = have - gone
        ctx.game.log("counters_removed", obj=obj, counter=eff.counter, amount=gone)


def _remove_any_counter(ctx: Ctx, eff: ab.RemoveCounters) -> None:
    """"Remove a counter from her" (122.8): the player chooses the kind among those on the
    permanent; with none there nothing is removed and a "you may" is not done (608.2c)."""
    removed = 0
    for obj in _objects(ctx, eff.subject):
        kinds = sorted(k for k, v in obj.counters.items() if v > 0)
        if not kinds:
            continue
        kind = kinds[0] if len(kinds) == 1 else ctx.game.decider.choose(
            ctx.controller.name, f"kind of counter to remove from {obj.name}", kinds)
        obj.counters[kind] -= 1
        removed += 1
        ctx.game.log("counters_removed", obj=obj, counter=kind, amount=1)
    if not removed:
        ctx.stopped = True
    ctx.count = removed


def h_put_counters_of(ctx: Ctx, eff: Any) -> None:
    """122.1 / 608.2h: "put its counters on target creature": each kind of counter the source
    had (its last known information when it has left the battlefield) on the subject."""
    game = ctx.game
    counts: dict[str, int] = {}
    sources = resolve_ref(ctx, eff.source)
    if eff.source is not None and eff.source.kind == "it" and ctx.it is None:
        # "put its counters on target creature": "its" comes before the target it would
        # otherwise stand for, so it is the triggering object (or the source itself)
        trig = _triggering(ctx)
        sources = [trig] if trig is not None else [_source_obj(ctx)]
    for src in sources:
        if isinstance(src, GameObject) and src.zone == "battlefield":
            counts = dict(src.counters)
            break
        lki = _lki_of(ctx, src)
        if lki is not None:
            counts = dict(getattr(lki, "counters", None) or {})
            break
    if not any(counts.values()):
        return
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield":
            continue
        for kind, n in counts.items():
            n = game.counters_to_put(obj, kind, n, by=ctx.controller)  # 614.1a
            if n > 0:
                obj.counters[kind] = obj.counters.get(kind, 0) + n
                game.log("counters_put", obj=obj, counter=kind, amount=n)


registry.register_effects({
    ab.PutCounters: h_counters,
    ab.RemoveCounters: h_remove_counters,
    ab.PutCountersOf: h_put_counters_of,
})
