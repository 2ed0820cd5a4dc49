"""Moving objects between zones (400.7): destroy (701.7), exile, return/put, sacrifice (701.17).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import combat, compiled, permanents, registry, statics, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects, _players, _without_zone, amount
from rules_engine.effects.keyword_actions import regenerate, umbra_armor
from rules_engine.objects import GameObject, Player


def h_destroy(ctx: Ctx, eff: ab.Destroy) -> None:
    """701.8: destroy = move to the graveyard, unless indestructible (702.12b) or regenerated
    (701.19a; "can't be regenerated" skips the shield)."""
    destroyed = []
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield" and not compiled.has_keyword(obj, "indestructible"):
            if regenerate(ctx.game, obj) if not eff.no_regenerate else \
                    umbra_armor(ctx.game, obj):  # (umbra armor is no regeneration, 702.89a)
                continue
            ctx.game.move(obj, "graveyard")
            destroyed.append(obj)
    if destroyed or eff.subject is None or eff.subject.kind == "each":
        ctx.those = destroyed  # "for each creature destroyed this way" (608.2c)
        ctx.count = len(destroyed)


def h_exile(ctx: Ctx, eff: ab.Exile) -> None:
    """701.13; "exile the top N cards of your library" takes them from the library top."""
    game = ctx.game
    if eff.until is not None and eff.from_zone == "library":
        _exile_until(ctx, eff)
        return
    if eff.from_zone == "library" and eff.amount is not None:
        moved = []
        whose = eff.subject.of if eff.subject is not None and eff.subject.kind == \
            "library_top" and eff.subject.of is not None else eff.subject  # "that player's"
        for p in _players(ctx, whose) or [ctx.controller]:
            for card in list(p.library[:amount(ctx, eff.amount)]):
                game.move(card, "exile")
                moved.append(card)
        ctx.those = moved
        ctx.count = len(moved)
        if len(moved) == 1:
            ctx.it = moved[0]  # "exile the top card ... You may play that card" (608.2c)
        return
    subject = eff.subject
    if subject is not None and subject.kind in ("chosen", "chosen_one") and not ctx.those and \
            eff.from_zone in ("graveyard", "hand") and eff.amount is not None:
        _exile_chosen_from_zone(ctx, eff)
        return
    moved = []
    for obj in _objects(ctx, eff.subject):
        if obj.zone not in ("gone", "exile"):
            if eff.until_source_leaves:  # 610.3: it comes back when the source leaves
                if not registry.hooks.exile_until_leaves(game, _source_obj(ctx), obj):
                    continue
            else:
                game.move(obj, "exile")
            moved.append(obj)
    ctx.those = moved or ctx.those
    ctx.count = len(moved)


def _exile_until(ctx: Ctx, eff: ab.Exile) -> None:
    """701.13a: "exile cards from the top of your library until you exile a nonland card" (the
    last card exiled is "that card"), or "... until you exile cards with total mana value 4 or
    greater" (202.3: their mana values added up); the library may run out first."""
    game = ctx.game
    p = ctx.controller
    total_mv = eff.amount is not None and eff.amount.text == "total mana value"
    need = (eff.amount.value or 0) if total_mv and eff.amount is not None else 0
    moved: list[GameObject] = []
    total = 0
    while p.library:
        card = p.library[0]
        game.move(card, "exile")
        moved.append(card)
        if total_mv:
            total += game.mana_value_of(card)
            if total >= need:
                break
        elif targeting.matches(game, card, _without_zone(eff.until), p, None, zone_check=False):
            break
    ctx.those = moved
    ctx.count = len(moved)
    if moved:
        ctx.it = moved[-1]


def _exile_chosen_from_zone(ctx: Ctx, eff: Any) -> None:
    """"Exile eight cards from your graveyard": the player chooses that many cards matching the
    filter from their own zone. Fewer than that many can't be exiled "this way": nothing is
    exiled and a following "If you do" is not met (608.2c, as for a cost)."""
    game = ctx.game
    p = ctx.controller
    flt = eff.subject.filter
    pool = [o for o in getattr(p, eff.from_zone) if flt is None or targeting.matches(
        game, o, _without_zone(flt), p, None, zone_check=False)]
    n = amount(ctx, eff.amount)
    if len(pool) < n:
        ctx.stopped = True
        ctx.did = False
        ctx.count = 0
        game.note(f"{p.name} can't exile {n} cards from their {eff.from_zone}")
        return
    if eff.random:  # "exile a card at random from your graveyard" (chosen by the game)
        chosen = game.rng.sample(pool, n)
    else:
        chosen = pool if len(pool) == n else game.decider.choose_many(
            p.name, f"cards to exile ({eff.text})", pool, n)
    for obj in chosen:
        game.move(obj, "exile")
    if chosen:
        ctx.it = chosen[-1]  # "You may play that card this turn"
    ctx.those = list(chosen)
    ctx.count = len(chosen)
    ctx.did = True


def h_move(ctx: Ctx, eff: ab.MoveToZone) -> None:
    game = ctx.game
    if eff.to_zone == "library_shuffled":
        # "shuffle them into their owners' libraries" (701.24a): moved, then each library
        # that got a card is shuffled once
        owners: list[Player] = []
        for obj in _objects(ctx, eff.subject):
            if obj.zone in ("battlefield", "graveyard", "hand", "exile", "stack", "resolving"):
                game.move(obj, "library")
                if obj.owner not in owners:
                    owners.append(obj.owner)
        for owner in owners:
            game.shuffle(owner)
        return
    moved = []
    for obj in _objects(ctx, eff.subject):
        before = obj.zone
        _move_one(ctx, eff, obj)
        if obj.zone != before:
            moved.append(obj)
    if eff.subject is not None and eff.subject.kind == "target":
        # "If a permanent was returned this way, ..." (608.2c): what this moved of its targets
        ctx.those = moved
        ctx.count = len(moved)


def _move_one(ctx: Ctx, eff: ab.MoveToZone, obj: Any) -> None:
    """Move one object to the record's zone."""
    game = ctx.game
    if eff.to_zone == "battlefield":
        ctrl = ctx.controller if eff.under_control == "you" else obj.owner
        if eff.transformed and (obj.card is None or obj.card.back is None):
            # 712.14a: a card that isn't double-faced stays in its current zone
            game.note(f"{obj.name} isn't a double-faced card: it stays in its zone (712.14a)")
            return
        permanents.enter_battlefield(game, obj, ctrl, tapped=eff.tapped,
                                     counters=eff.counters, transformed=eff.transformed)
        if eff.attacking:  # "... onto the battlefield tapped and attacking" (508.4)
            combat.enter_attacking(game, obj, obj.controller)
    elif eff.to_zone.startswith("library_bottom"):
        game.move(obj, "library", top=False)  # any/random order among several: listed order
    elif eff.to_zone.startswith("library"):
        owner = obj.owner
        game.move(obj, "library")
        depth = eff.to_zone.split("_")[1]
        if depth.isdigit():  # "library_3_from_top": third from the top (401.4)
            put_nth_from_top(owner, obj, int(depth))
    elif eff.to_zone in ("hand", "graveyard", "exile"):
        game.move(obj, eff.to_zone)
    else:
        game.note(f"zone '{eff.to_zone}' in '{eff.text}' is not known to this engine")


def put_nth_from_top(owner: Player, obj: GameObject, n: int) -> None:
    """401.4: "second from the top": the card moved to the top goes under the n-1 cards above
    it (fewer cards in the library: as deep as there are)."""
    library = owner.library
    if obj in library:
        library.remove(obj)
        library.insert(min(n - 1, len(library)), obj)


def h_sacrifice(ctx: Ctx, eff: ab.Sacrifice) -> None:
    """701.21: a player sacrifices a permanent they control (chosen when described by a filter)."""
    game = ctx.game
    subject = eff.subject
    sacrificed: list[GameObject] = []
    if subject is not None and subject.kind in ("each", "chosen") and subject.filter is not None:
        for p in _players(ctx, eff.player) or [ctx.controller]:
            options = [o for o in game.permanents(p)
                       if targeting.matches(game, o, subject.filter, p, _source_obj(ctx))
                       and not statics.restricted(game, "cant_be_sacrificed", o)]  # 701.21a
            for obj in game.decider.choose_many(p.name, f"permanent to sacrifice "
                                                        f"({subject.filter.text})", options,
                                                amount(ctx, eff.amount)):
                game.move(obj, "graveyard")
                sacrificed.append(obj)
                game.log("sacrificed", obj=obj, player=p)
                ctx.did = True
        ctx.those = sacrificed  # "creatures sacrificed this way" (608.2c)
        ctx.count = len(sacrificed)
        return
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield" and statics.restricted(game, "cant_be_sacrificed", obj):
            game.note(f"{obj.name} can't be sacrificed (701.21a)")
            continue
        if obj.zone == "battlefield":
            player = obj.controller
            game.move(obj, "graveyard")
            sacrificed.append(obj)
            game.log("sacrificed", obj=obj, player=player)
            ctx.did = True
    if sacrificed:
        ctx.those = sacrificed
        ctx.count = len(sacrificed)


registry.register_effects({
    ab.Destroy: h_destroy,
    ab.Exile: h_exile,
    ab.MoveToZone: h_move,
    ab.Sacrifice: h_sacrifice,
})
