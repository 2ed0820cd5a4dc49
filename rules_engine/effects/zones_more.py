"""Zone-changing and library effects beyond :mod:`rules_engine.effects.zones` and
:mod:`rules_engine.effects.library` (compiled by :mod:`rules_engine.text.verbs_zones`):

- searching any player's library, for a count that may be X, "that many" or "any number",
  "with different names" (701.23; :class:`~rules_engine.records.SearchFor`);
- moving every card of a description among the cards revealed, looked at or milled "this way"
  (608.2c; :class:`~rules_engine.records.MoveAllAmong`), "the rest" being the others;
- moving cards chosen at random from a zone (:class:`~rules_engine.records.MoveAtRandom`);
- removing counters of any kind, all of them or up to a number (122.1;
  :class:`~rules_engine.records.RemoveCountersChosen`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules_engine import abilities as ab
from rules_engine import records, registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects import zones
from rules_engine.effects.core import _objects, _players, _without_zone, amount, run
from rules_engine.effects.zones import _move_one
from rules_engine.objects import GameObject, Player

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
    if eff.still_in is not None:
        pool = [o for o in pool if getattr(o, "zone", None) == eff.still_in]
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


def h_remove_counters_chosen(ctx: Ctx, eff: records.RemoveCountersChosen) -> None:
    """122.1, 608.2d: the counters go one at a time, the controller choosing the kind of each
    when there is a choice; "up to" / "any number" may stop early."""
    game = ctx.game
    total = 0
    for obj in _objects(ctx, eff.subject):
        def kinds(obj: GameObject = obj) -> list[str]:
            return sorted(k for k, v in obj.counters.items()
                          if v > 0 and (eff.counter is None or k == eff.counter))
        if eff.amount is None and not eff.up_to:  # "remove all counters"
            for kind in kinds():
                n = obj.counters[kind]
                obj.counters[kind] = 0
                total += n
                game.log("counters_removed", obj=obj, counter=kind, amount=n)
            continue
        limit = 10 ** 6 if eff.amount is None else amount(ctx, eff.amount)
        removed = 0
        while removed < limit and kinds():
            options = kinds()
            if eff.up_to:
                kind = game.decider.choose(ctx.controller.name, f"counter to remove from "
                                           f"{obj.name} ({eff.text})", options, optional=True)
                if kind is None:
                    break
            else:
                kind = options[0] if len(options) == 1 else game.decider.choose(
                    ctx.controller.name, f"counter to remove from {obj.name}", options)
            obj.counters[kind] -= 1
            removed += 1
            game.log("counters_removed", obj=obj, counter=kind, amount=1)
        total += removed
    ctx.count = total
    ctx.did = total > 0


registry.register_effects({records.RemoveCountersChosen: h_remove_counters_chosen})


def _targets_holds(words: str) -> Any:
    """The test of "that targets <words>": one of the spell's or ability's targets (115.1) is
    you (the source's controller), a player, an opponent, or a creature / permanent /
    planeswalker (that you control)."""
    alternatives = words.split(" or ")

    def one(game: Any, target: Any, you: Any, alt: str) -> bool:
        mine = alt.endswith(" you control")
        noun = alt.removesuffix(" you control")
        if isinstance(target, Player):
            return (noun == "you" and target is you) or noun == "a player" or (
                noun == "an opponent" and target is not you)
        if not isinstance(target, GameObject) or target.zone != "battlefield":
            return False
        if mine and target.controller is not you:
            return False
        return noun == "a permanent" or (noun == "a creature" and target.is_creature) or (
            noun == "a planeswalker" and "Planeswalker" in target.types)

    def holds(game: Any, obj: Any, source: Any) -> bool:
        you = getattr(source, "controller", None)
        return any(one(game, t, you, alt) for t in getattr(obj, "targets", None) or ()
                   for alt in alternatives)

    return holds


_TARGET_NOUNS = ("you", "a player", "an opponent", "a creature", "a permanent", "a planeswalker")
registry.QUALIFIERS.update({
    f"that targets {first}{noun}{mine}": _targets_holds(f"{first}{noun}{mine}")
    for first in ("", "you or ") for noun in _TARGET_NOUNS for mine in ("", " you control")})


def _entered_this_turn(game: Any, obj: Any, source: Any) -> bool:
    """"that entered this turn": the permanent entered the battlefield this turn as the object
    it is now (400.7: a permanent that left and came back is a new object)."""
    return obj.zone == "battlefield" and any(
        e.data.get("obj") is obj for e in game.events_this_turn("entered"))


registry.QUALIFIERS["that entered this turn"] = _entered_this_turn


def _put_there(origin: str | None) -> Any:
    """"... in a graveyard that was put there [from the battlefield] this turn": the card was
    put into the zone it is in during this turn (from that zone, when one is named)."""
    def holds(game: Any, obj: Any, source: Any) -> bool:
        return getattr(obj, "zone_turn", 0) == game.turn and (
            origin is None or getattr(obj, "came_from", None) == origin)
    return holds


def _basic_land_type(game: Any, obj: Any, source: Any) -> bool:
    """205.3i: the basic land types."""
    return bool({"Plains", "Island", "Swamp", "Mountain", "Forest"} & set(obj.subtypes))


def _attacking_you(walkers: bool) -> Any:
    """506.3: the creature attacks the source's controller (or a planeswalker they control)."""
    def holds(game: Any, obj: Any, source: Any) -> bool:
        you = getattr(source, "controller", None)
        att = getattr(obj, "attacking", None)
        if att is None or you is None:
            return False
        return att is you or (walkers and isinstance(att, GameObject) and
                              att.controller is you and att.has_type("Planeswalker"))
    return holds


def _defending_players_graveyard(game: Any, obj: Any, source: Any) -> bool:
    """506.2: the defending player is the one the source is attacking (or the controller of
    the planeswalker or protector of the battle it attacks); outside combat there is none."""
    att = getattr(source, "attacking", None)
    if isinstance(att, GameObject):
        att = att.controller
    return att is not None and getattr(obj, "owner", None) is att


registry.QUALIFIERS["in defending player's graveyard"] = _defending_players_graveyard
registry.QUALIFIERS["attacking you"] = _attacking_you(False)
registry.QUALIFIERS["attacking you or a planeswalker you control"] = _attacking_you(True)
def _double_faced(game: Any, obj: Any, source: Any) -> bool:
    """712.1: a card with a Magic card face on each side (transforming and modal double-faced
    cards, meld cards); not a flip card (710)."""
    card = getattr(obj, "card", None)
    return getattr(card, "layout", None) in ("transform", "modal_dfc", "meld",
                                             "double_faced_token")


registry.QUALIFIERS["double-faced"] = _double_faced
registry.QUALIFIERS["not a basic land card"] = lambda game, obj, source: not (
    obj.is_land and "Basic" in obj.face.supertypes)  # 205.4a
registry.QUALIFIERS["with a basic land type"] = _basic_land_type
registry.QUALIFIERS["put there this turn"] = _put_there(None)
registry.QUALIFIERS["put there from the battlefield this turn"] = _put_there("battlefield")
registry.QUALIFIERS["put there from the library this turn"] = _put_there("library")


def h_search_zones_for_name(ctx: Ctx, eff: records.SearchZonesForName) -> None:
    """701.23a over a player's graveyard, hand and library; "up to four" is the searcher's
    choice (701.23b lets them find fewer), "all" / "any number" exiles every one found."""
    game = ctx.game
    named = ctx.it if isinstance(ctx.it, GameObject) else next(
        (t for t in reversed(ctx.targets) if isinstance(t, GameObject)), None)
    source = _source_obj(ctx)
    if eff.player.kind in ("owner_of", "controller_of"):
        players = [] if named is None else [
            named.owner if eff.player.kind == "owner_of" else named.controller]
    else:
        players = _players(ctx, eff.player)

    def has_name(card: GameObject) -> bool:
        if named is not None:
            return card.name == named.name  # 201.2: the same English name
        return targeting.has_chosen_name(game, card, source)

    exiled: list[GameObject] = []
    for p in players:
        pool = [c for zone in eff.zones for c in getattr(p, zone) if has_name(c)]
        if eff.max_count is not None and len(pool) > eff.max_count:
            pool = game.decider.choose_many(ctx.controller.name, f"cards to exile ({eff.text})",
                                            pool, eff.max_count)
        for card in pool:
            game.move(card, "exile")
            exiled.append(card)
        game.log("searched_library", player=ctx.controller)
    ctx.those = exiled
    ctx.count = len(exiled)
    if players:
        ctx.it = players[0]  # "That player shuffles"


registry.register_effects({records.SearchZonesForName: h_search_zones_for_name})


def h_with_same_name(ctx: Ctx, eff: records.WithSameName) -> None:
    """201.2: the same English name as the target as the effect resolves; "that player" in
    the description is the target's controller."""
    game = ctx.game
    firsts = _objects(ctx, eff.subject)
    if not firsts:
        return
    first = firsts[0]
    if eff.move is not None:
        # the other cards of that name in the same zone (its owner's graveyard), 201.2
        zone = getattr(first.owner, first.zone, []) if first.zone != "battlefield" else []
        ctx.those = [first] + [o for o in zone if o is not first and o.name == first.name]
        zones.h_move(ctx, dataclasses.replace(eff.move, subject=ab.Ref("those")))
        return
    flt = eff.filter
    theirs = flt is not None and flt.controller == "that_player"
    if theirs:
        flt = dataclasses.replace(flt, controller=None)
    others = [o for o in game.permanents() if o is not first and o.name == first.name and
              (not theirs or o.controller is first.controller) and
              (flt is None or targeting.matches(game, o, flt, ctx.controller, _source_obj(ctx)))]
    ctx.those = [first] + others
    if eff.exile:
        zones.h_exile(ctx, ab.Exile(subject=ab.Ref("those"), text=eff.text))
    else:
        zones.h_destroy(ctx, ab.Destroy(subject=ab.Ref("those"), text=eff.text))


def h_put_into_chosen_zone(ctx: Ctx, eff: records.PutIntoChosenZone) -> None:
    """608.2d: the chooser names the zone as the instruction is followed; the card goes there
    (its owner's hand or graveyard, 400.3)."""
    game = ctx.game
    chooser = (_players(ctx, eff.chooser) or [ctx.controller])[0]
    for obj in _objects(ctx, eff.subject):
        if obj.zone in ("gone",):
            continue
        where = game.decider.choose(chooser.name, f"zone for {obj.name} ({eff.text})",
                                    list(eff.zones))
        game.move(obj, where or eff.zones[0])


def h_shuffle_searchers(ctx: Ctx, eff: records.ShuffleSearchers) -> None:
    """701.24a: each player who searched their library during this resolution (the events
    logged since it began) shuffles it, in APNAP order."""
    game = ctx.game
    searched: list[Any] = []
    for ev in reversed(game.events):
        if ev.name in ("spell_resolving", "ability_resolving"):
            break
        if ev.name == "searched_library" and ev.data.get("player") not in searched:
            searched.append(ev.data.get("player"))
    for p in game.apnap():
        if p in searched:
            game.shuffle(p)


def h_each_player_does(ctx: Ctx, eff: records.EachPlayerDoes) -> None:
    """101.4 / 608.2d: each player in APNAP order follows the instructions, choosing for
    themselves; the cards they moved are "those" afterwards."""
    game = ctx.game
    moved: list[Any] = []
    for p in [q for q in game.apnap() if q in _players(ctx, eff.player)]:
        sub = Ctx(game, ctx.source, p, ctx.item)
        sub.targets = ctx.targets
        sub.target_map = ctx.target_map
        run(game, sub, eff.effects)
        moved.extend(sub.those)
    ctx.those = moved
    ctx.count = len(moved)


registry.register_effects({records.EachPlayerDoes: h_each_player_does,
                           records.ShuffleSearchers: h_shuffle_searchers,
                           records.WithSameName: h_with_same_name,
                           records.PutIntoChosenZone: h_put_into_chosen_zone})
