"""Zone-changing and library effects beyond :mod:`rules_engine.effects.zones` and
:mod:`rules_engine.effects.library` (compiled by :mod:`rules_engine.text.verbs_zones`):

- searching any player's library, for a count that may be X, "that many" or "any number",
  "with different names" (701.23; :class:`~rules_engine.records.SearchFor`);
- moving every card of a description among the cards revealed, looked at or milled "this way"
  (608.2c; :class:`~rules_engine.records.MoveAllAmong`), "the rest" being the others;
- moving cards chosen at random from a zone (:class:`~rules_engine.records.MoveAtRandom`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules_engine import abilities as ab
from rules_engine import records, registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _players, _without_zone, amount
from rules_engine.effects.zones import _move_one
from rules_engine.objects import GameObject

# the self-reference "a card named ~" (201.4b: ~ is this object's name)
_SELF_NAMED = "named ~"


def _named_filter(flt: ab.ObjectFilter | None, source: Any) -> ab.ObjectFilter | None:
    """``flt`` with "named ~" spelled with the source's name (201.2, 201.4b), the form
    :func:`rules_engine.targeting.matches` compares."""
    if flt is None or _SELF_NAMED not in flt.qualifiers:
        return flt
    name = getattr(source, "name", "") or ""
    return dataclasses.replace(flt, qualifiers=tuple(
        f"named:{name}" if q == _SELF_NAMED else q for q in flt.qualifiers))


def _matching(ctx: Ctx, cards: list[Any], flt: ab.ObjectFilter | None) -> list[Any]:
    if flt is None:
        return [c for c in cards if isinstance(c, GameObject)]
    flt = _without_zone(_named_filter(flt, _source_obj(ctx)))
    return [c for c in cards if isinstance(c, GameObject) and targeting.matches(
        ctx.game, c, flt, ctx.controller, _source_obj(ctx), zone_check=False)]


def h_search_for(ctx: Ctx, eff: records.SearchFor) -> None:
    """701.23a: the searcher looks at every card of that library and finds cards matching the
    description, one at a time (a stated quality may find fewer, 701.23b; "three cards" finds
    three if it can, 701.23d); "with different names" never finds a second card of a name
    already found. The library is not shuffled here: "then shuffle" is its own instruction."""
    game = ctx.game
    searcher = (_players(ctx, eff.searcher) or [ctx.controller])[0]
    found: list[Any] = []
    for owner in _players(ctx, eff.library) or [ctx.controller]:
        options = _matching(ctx, list(owner.library), eff.filter)
        limit = len(options) if eff.count is None else amount(ctx, eff.count)
        chosen: list[Any] = []
        while len(chosen) < limit:
            names = {c.name for c in chosen}
            pool = [o for o in options if o not in chosen and
                    not (eff.distinct_names and o.name in names)]
            if not pool:
                break
            pick = game.decider.choose(searcher.name, f"card to search for ({eff.text})", pool,
                                       optional=len(chosen) >= eff.min_count)
            if pick is None:
                break
            chosen.append(pick)
            game.log("searched_for", player=searcher, obj=pick)
        game.log("searched_library", player=searcher)  # 701.23f: it searched, found or not
        found.extend(chosen)
    ctx.those = found
    ctx.chosen = []
    ctx.count = len(found)
    ctx.did = bool(found)
    if found:
        ctx.it = found[-1]


def h_move_all_among(ctx: Ctx, eff: records.MoveAllAmong) -> None:
    """608.2c: the cards "revealed this way" are the ones the previous instruction showed; all
    of them that match go, and only those are then "chosen" (the rest are the others)."""
    pool = list(ctx.those)
    if eff.other:
        skip = list(ctx.chosen) + ([ctx.it] if ctx.it is not None else [])
        pool = [o for o in pool if o not in skip]
    moving = _matching(ctx, pool, eff.filter)
    move = ab.MoveToZone(subject=ab.Ref("those"), to_zone=eff.to_zone, tapped=eff.tapped,
                         under_control=eff.under_control, text=eff.text)
    moved = []
    for obj in moving:
        before = obj.zone
        _move_one(ctx, move, obj)
        if obj.zone != before or eff.to_zone.startswith("library"):
            moved.append(obj)
    ctx.chosen = list(ctx.chosen) + moved if eff.other else moved
    ctx.count = len(moved)
    ctx.did = bool(moved)
    if moved:
        ctx.it = moved[-1]


def h_move_at_random(ctx: Ctx, eff: records.MoveAtRandom) -> None:
    """Cards chosen at random by the game (no player chooses, so no decision is asked): up to
    that many of the matching cards of that zone move, each with the same chance."""
    game = ctx.game
    moved: list[Any] = []
    for owner in _players(ctx, eff.owner) or [ctx.controller]:
        pool = _matching(ctx, list(getattr(owner, eff.from_zone)), eff.filter)
        n = min(amount(ctx, eff.count), len(pool))
        move = ab.MoveToZone(subject=ab.Ref("those"), to_zone=eff.to_zone, text=eff.text)
        for obj in game.rng.sample(pool, n):
            _move_one(ctx, move, obj)
            moved.append(obj)
    ctx.those = moved
    ctx.count = len(moved)
    ctx.did = bool(moved)
    if moved:
        ctx.it = moved[-1]


registry.register_effects({
    records.SearchFor: h_search_for,
    records.MoveAllAmong: h_move_all_among,
    records.MoveAtRandom: h_move_at_random,
})
