"""Non-mana costs of activated abilities (118, 601.2h, 602.2b).
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, statics, statics_more, targeting
from rules_engine.combat import tap_creatures_cost
from rules_engine.context import Ctx
from rules_engine.effects import chance, described
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player

OTHER_COST_KINDS = frozenset({"sacrifice", "discard", "pay_life", "remove_counters",
                              "tap_untapped", "exile", "return", "tap_creatures_power", "blight",
                              "energy", "forage", "collect_evidence", "reveal", "untap",
                              "assist", "remove_counters_among", "exert", "mill", "behold",
                              "behold_exile", "discard_random", "put_counters", "tap_enchanted",
                              "poison", "draw", "flip_coin"})
# (waterbend, 701.67, is paid with the mana: casting.waterbend_sources)


def _cost_count(part: Any) -> int:
    amt = part.amount
    if amt is not None and amt.value is None and amt.text in ("all", "any number"):
        return 0  # "Remove all / any number of <kind> counters from ~": zero can be paid (122.8)
    return int(amt.value) if amt is not None and amt.value is not None else 1


def _life_to_pay(game: Game, player: Player, source: Any, part: Any) -> int:
    """119.4: the life a "Pay N life" part costs; a counted one ("Pay life equal to ~'s power",
    "Pay 1 life for each card in your hand", "Pay half your life, rounded up" 107.1a) is
    counted as it is paid (601.2h / 602.2b)."""
    amt = part.amount
    words = amt.text if amt is not None and amt.value is None else None
    if not words:
        return _cost_count(part)
    low = words.lower()
    m = re.match(r"^half your life, rounded (up|down)$", low)
    if m:
        life = max(player.life, 0)
        return (life + 1) // 2 if m.group(1) == "up" else life // 2
    m = re.match(r"^(\d+) life for each (.+)$", low)
    if m:  # (the text grammar writes the number in digits)
        each = int(m.group(1))
        n = described.described_amount(game, "for each " + m.group(2), player, source)
        return each * max(n or 0, 0)
    n = described.described_amount(game, re.sub(r"^life ", "", low), player, source)
    return max(n or 0, 0)


def _counters_to_remove(game: Game, player: Player, source: Any, part: Any, key: str) -> int:
    """How many counters "Remove all / any number of <kind> counters from ~" removes: all of
    them, or the number the payer chooses (the most first, 601.2h / 602.2b)."""
    have = max(source.counters.get(key, 0), 0) if isinstance(source, GameObject) else 0
    if part.amount is None or part.amount.text != "any number" or have == 0:
        return have
    return int(game.decider.choose(player.name, f"number of {key} counters to remove from "
                                                f"{source.name}", list(range(have, -1, -1))))


def _cost_options(game: Game, player: Player, source: Any, part: Any) -> list[Any]:
    """What can pay one cost part: the source itself ("Sacrifice ~") or objects matching its
    filter ("Sacrifice a creature", "Discard a card", "Exile a creature card from your
    graveyard", "Tap an untapped creature you control")."""
    what = part.what
    kind = part.kind
    if isinstance(what, ab.Ref) and what.kind in ("self", "it") or (what is None and kind in (
            "sacrifice", "exile", "return")):
        if kind == "sacrifice" and isinstance(source, GameObject) and statics.restricted(
                game, "cant_be_sacrificed", source):
            return []  # 701.21a
        return [source] if isinstance(source, GameObject) else []
    flt = what if isinstance(what, ab.ObjectFilter) else None
    if kind == "discard":
        pool = list(player.hand)
    elif kind == "reveal":  # "Reveal a white card in your hand" (a morph cost, 702.37e)
        pool = [o for o in player.hand if o is not source]
    elif kind in ("behold", "behold_exile"):
        # 701.4a: a permanent you control or a card in your hand (the spell itself is on the
        # stack, 601.2a)
        pool = list(game.permanents(player)) + [o for o in player.hand if o is not source]
    elif kind == "exile":
        zone = (flt.zone if flt is not None and flt.zone else "graveyard")
        if zone == "battlefield_or_graveyard":
            # 702.167b (craft's materials): permanents you control and/or cards in your graveyard
            pool = list(game.permanents(player)) + list(player.graveyard)
        elif flt is not None and "single_graveyard" in flt.qualifiers:
            # "Exile two creature cards from a single graveyard": any one player's
            pool = [o for p in game.players for o in getattr(p, zone, [])]
        else:
            pool = list(getattr(player, zone, []))
    else:  # sacrifice, tap_untapped, return: permanents the player controls
        pool = list(game.permanents(player))
        if kind == "tap_untapped":
            pool = [o for o in pool if not o.tapped]
        if kind == "sacrifice":  # 701.21a: "~ can't be sacrificed"
            pool = [o for o in pool if not statics.restricted(game, "cant_be_sacrificed", o)]
    if flt is None:
        return pool
    return [o for o in pool if targeting.matches(game, o, flt, player, source, zone_check=False)]


def _from_single_graveyard(part: Any) -> bool:
    what = part.what
    return isinstance(what, ab.ObjectFilter) and "single_graveyard" in what.qualifiers


def _single_graveyards(part: Any, options: list[Any], n: int) -> list[tuple[Player, list[Any]]]:
    """For a cost "from a single graveyard": the graveyards holding at least ``n`` of the
    options, by owner ([] for any other cost part, and when none does)."""
    what = part.what
    if not isinstance(what, ab.ObjectFilter) or "single_graveyard" not in what.qualifiers:
        return []
    piles: dict[int, tuple[Player, list[Any]]] = {}
    for o in options:
        piles.setdefault(id(o.owner), (o.owner, []))[1].append(o)
    return [(p, cards) for p, cards in piles.values() if len(cards) >= n]


def cost_refusal(game: Game, player: Player, source: Any, parts: tuple[Any, ...]) -> str | None:
    """Why the non-mana cost parts can't be paid now (None when they can): 118.3 - a player
    can't pay a cost without the resources (119.4: life; 122.8: counters)."""
    for part in parts:
        kind = part.kind
        if kind not in OTHER_COST_KINDS:
            continue
        n = _cost_count(part)
        if kind == "assist":  # 702.132a: the assisting player can pay that much
            helper = _assisting(game, part)
            if helper is None or not casting.can_pay(game, helper, parse_cost(part.mana or ""),
                                                     0, None):
                return f"702.132a: the assisting player can't pay {part.mana}"
            continue
        if kind == "waterbend":  # 701.67a: tapped artifacts/creatures and mana together
            need = _waterbend_generic(part)
            helpers = len(_waterbend_helpers(game, player))
            mana = len(casting.mana_sources(game, player)) + sum(player.mana_pool.values())
            if helpers + mana < need:
                return f"701.67a: {player.name} can't pay {part.text}"
            continue
        if kind == "untap":  # 107.6: {Q}, "untap this permanent"
            if not isinstance(source, GameObject) or not source.tapped:
                return f"107.6: {getattr(source, 'name', '~')} is already untapped"
            if source.is_creature and source.sick and not compiled.has_keyword(source, "haste"):
                return f"302.6: {source.name} has summoning sickness"
        elif kind == "mill":  # 701.17b / 118.3: that many cards must be in the library
            if len(player.library) < n:
                return f"701.17b: {player.name} can't mill {n} card(s)"
        elif kind in ("poison", "draw", "flip_coin"):
            continue  # 118.3: these need no resources (122.1f, 121.1, 705.1)
        elif kind == "pay_life":
            n = _life_to_pay(game, player, source, part)
            if player.life < n:  # 119.4
                return f"119.4: {player.name} can't pay {n} life"
        elif kind == "blight":  # 701.68b: a creature you control is needed
            if not any(o.is_creature for o in game.permanents(player)):
                return f"701.68b: {player.name} controls no creature to blight"
        elif kind == "forage":  # 701.61a
            if len(player.graveyard) < 3 and not any(
                    "Food" in o.subtypes for o in game.permanents(player)):
                return f"701.61a: {player.name} can't forage"
        elif kind == "collect_evidence":  # 701.59b
            if sum(game.mana_value_of(c) for c in player.graveyard) < n:
                return f"701.59b: {player.name} can't collect evidence {n}"
        elif kind == "energy":  # 107.14: paying {E} removes an energy counter from you
            if game.__dict__.get("energy", {}).get(player.name, 0) < n:
                return f"107.14: {player.name} doesn't have {n} energy"
        elif kind == "discard_random":  # 701.9b
            if not player.hand:
                return f"602.2b: {player.name} has no card to discard"
        elif kind == "put_counters":  # 122.1 (on ~, or on a creature the player controls)
            if isinstance(part.what, ab.ObjectFilter) and not _counter_targets(
                    game, player, source, part):
                return f"602.2b: {player.name} has nothing to pay '{part.text}' with"
            if not isinstance(part.what, ab.ObjectFilter) and not (
                    isinstance(source, GameObject) and source.zone == "battlefield"):
                return f"602.2b: {part.text} can't be paid"
        elif kind == "tap_enchanted":  # 303.4: the enchanted permanent, untapped
            host = getattr(source, "attached_to", None)
            if not isinstance(host, GameObject) or host.tapped:
                return f"602.2b: {part.text} can't be paid (no untapped enchanted permanent)"
        elif kind in ("remove_counters", "remove_counters_among") and isinstance(
                part.what, ab.ObjectFilter):
            if not _counter_holders(game, player, source, part, n):
                return f"122.8: {player.name} has no {part.text.lower()[7:]}"
        elif kind == "remove_counters":
            have = source.counters.get(part.counter or "+1/+1", 0) if isinstance(
                source, GameObject) else 0
            if part.counter == "any" and isinstance(source, GameObject):
                have = sum(v for v in source.counters.values() if v > 0)
            if have < n:
                return f"122.8: {source.name} doesn't have {n} {part.counter} counter(s)"
        elif kind == "tap_creatures_power":
            need = n
            pool = [o for o in game.permanents(player) if o.is_creature and not o.tapped
                    and not (getattr(part.what, "other", False) and o is source)]
            saddle = bool(getattr(part.what, "other", False))
            if sum(max(0, statics_more.tap_power(game, o, saddle)) for o in pool) < need:
                return f"702.122a: not enough untapped creature power to pay {part.text}"
        else:
            options = _cost_options(game, player, source, part)
            if isinstance(part.what, ab.Ref) or part.what is None:
                if not options or (kind == "sacrifice" and options[0].zone != "battlefield"):
                    return f"602.2b: {part.text} can't be paid"
            elif len(options) < n or (_from_single_graveyard(part) and not _single_graveyards(
                    part, options, n)):
                return f"602.2b: {player.name} has nothing to pay '{part.text}' with"
    return None


def _assisting(game: Game, part: Any) -> Player | None:
    """The player an assist cost part names (702.132a)."""
    name = getattr(part.what, "text", None)
    return next((p for p in game.living if p.name == name), None)


def _waterbend_generic(part: Any) -> int:
    """The generic mana of a waterbend cost ("waterbend {3}": 3)."""
    return parse_cost(part.mana or "").generic


def _waterbend_helpers(game: Game, player: Player) -> list[Any]:
    """701.67a: the untapped artifacts and creatures the player controls (each may pay {1})."""
    return [o for o in game.permanents(player) if not o.tapped and (
        o.is_creature or o.has_type("Artifact"))]


def _waterbend(game: Game, player: Player, source: Any, part: Any) -> list[Any]:
    """701.67a: "Waterbend {N}": for each generic mana the player may tap an untapped artifact
    or creature they control instead of paying it (which ones: the scripted answer, a list;
    else as many as can help, in order); the rest is paid with mana (601.2h). 701.67b: only the
    waterbend cost's own generic mana can be paid this way. 701.67c: "whenever you waterbend"
    sees the event ``waterbent``."""
    need = _waterbend_generic(part)
    helpers = _waterbend_helpers(game, player)
    tapped = game.decider.choose_many(player.name, f"artifacts/creatures to tap for "
                                      f"'{part.text}'", helpers, min(need, len(helpers)))
    for obj in tapped[:need]:
        obj.tapped = True
        game.log("tapped_for_cost", obj=obj, player=player, source=source)
    rest = need - len(tapped[:need])
    if rest > 0:
        casting.pay_mana(game, player, parse_cost(f"{{{rest}}}"), 0,
                         getattr(source, "name", "waterbend"))
    game.log("waterbent", player=player, source=source, amount=need)
    return list(tapped[:need])


def _collect_evidence(game: Game, player: Player, source: Any, n: int) -> list[Any]:
    """701.59a: "collect evidence N" - exile any number of cards from your graveyard with total
    mana value N or greater; the player picks cards one at a time until the total is reached
    (cost_refusal checked that the graveyard holds enough)."""
    chosen: list[Any] = []
    total = 0
    while total < n:
        options = [o for o in player.graveyard if o not in chosen]
        if not options:
            break
        pick = game.decider.choose(player.name, f"card to exile to collect evidence {n} "
                                                f"({total} so far)", options)
        chosen.append(pick)
        total += game.mana_value_of(pick)
    for obj in chosen:
        game.move(obj, "exile")
        obj.exiled_with = (source, getattr(source, "timestamp", 0))  # 607.2a
    game.log("evidence_collected", player=player, amount=n)
    return chosen


def pay_costs(game: Game, player: Player, source: Any, parts: tuple[Any, ...]) -> list[Any]:
    """601.2h / 602.2b: pay the non-mana cost parts (after cost_refusal said they can be).
    Choices come from the player's scripted answers (names or ids, or one list), else the
    first options. Returns what was sacrificed/discarded/exiled/tapped ("the sacrificed
    creature" of the effect, 608.2h)."""
    paid: list[Any] = []
    for part in parts:
        kind = part.kind
        if kind not in OTHER_COST_KINDS:
            continue
        n = _cost_count(part)
        if kind == "assist":  # 702.132a: paid by the assisting player, before the caster
            helper = _assisting(game, part)
            if helper is not None:
                casting.pay_mana(game, helper, parse_cost(part.mana or ""), 0,
                                 f"assist {getattr(source, 'name', '')}")
                game.log("assist_paid", player=helper, obj=source, mana=part.mana)
            continue
        if kind == "waterbend":
            paid += _waterbend(game, player, source, part)
            continue
        if kind == "untap":  # 107.6 (cost_refusal checked it is tapped)
            source.tapped = False
            game.log("untapped", obj=source)  # 603.2e: it "becomes untapped"
            continue
        if kind == "mill":  # 701.17a: the top N cards into the graveyard, paid
            milled = []
            for _ in range(n):
                if player.library:
                    card = player.library[0]
                    game.move(card, "graveyard")
                    milled.append(card)
            if milled:
                game.log("milled", player=player, count=len(milled))

            continue
        if kind == "poison":  # 122.1f: the payer gets the counters (704.5c may follow)
            table = game.__dict__.setdefault("poison_counters", {})
            table[player.name] = table.get(player.name, 0) + n
            game.log("poison_counters_put", player=player, amount=n)
            continue
        if kind == "flip_coin":  # 705.1: the payer calls and flips, win or lose (705.2)
            for _ in range(n):
                chance.flip_coin(Ctx(game, source, player), player)
            continue
        if kind == "draw":  # 121.1 as a cost (an empty library is no bar, 121.4 / 704.5b)
            game.draw(player, n)
            continue
        if kind == "pay_life":
            n = _life_to_pay(game, player, source, part)
            if n > 0:
                game.lose_life(player, n)
                game.log("life_paid", player=player, amount=n)
            continue
        if kind in ("forage", "collect_evidence"):  # through their keyword actions (701.59, 701.61)
            paid += _keyword_action_cost(game, player, source, kind, n)
            continue
        if kind == "energy":
            table = game.__dict__.setdefault("energy", {})
            table[player.name] = table.get(player.name, 0) - n
            game.log("energy_paid", player=player, amount=n)
            continue
        if kind == "discard_random":  # 701.9b: chosen at random (the game's generator)
            for _ in range(min(n, len(player.hand))):
                card = game.rng.choice(list(player.hand))
                game.discard(player, card)
                paid.append(card)
            continue
        if kind == "put_counters":  # 122.1: "Put a -1/-1 counter on ~" as a cost
            if isinstance(part.what, ab.ObjectFilter):
                options = _counter_targets(game, player, source, part)
                chosen = game.decider.choose_many(player.name, f"to pay '{part.text}'", options, 1)
            else:
                chosen = [source]
            for obj in chosen:
                obj.counters[part.counter] = obj.counters.get(part.counter, 0) + n
                game.log("counters_put", obj=obj, counter=part.counter, amount=n, player=player)
            continue
        if kind == "tap_enchanted":  # 303.4
            host = source.attached_to
            host.tapped = True
            game.log("tapped_for_cost", obj=host, source=source)
            paid.append(host)  # "the creature tapped this way"
            continue
        if kind == "exert":  # 701.43a: it won't untap during its controller's next untap step
            if isinstance(source, GameObject):
                game.__dict__.setdefault("skip_next_untap", []).append((source, source.timestamp))
                game.log("exerted", obj=source, player=player)
            continue
        if kind in ("remove_counters", "remove_counters_among") and isinstance(
                part.what, ab.ObjectFilter):
            _remove_from_permanents(game, player, source, part, n)  # not "the sacrificed" one
            continue
        if kind == "remove_counters":
            key = part.counter or "+1/+1"
            if key == "any":  # "Remove a counter from ~": the payer picks the kind (122.8)
                kinds = sorted(k for k, v in source.counters.items() if v > 0)
                key = kinds[0] if len(kinds) == 1 else game.decider.choose(
                    player.name, f"kind of counter to remove from {source.name}", kinds)
            if part.amount is not None and part.amount.text in ("all", "any number"):
                n = _counters_to_remove(game, player, source, part, key)
                # remembered with what was paid: "for each charge counter removed this way",
                # "create that many tokens" (608.2c; rules_engine.amount_families)
                paid.append(("counters_removed", key, n))
            source.counters[key] = source.counters.get(key, 0) - n
            game.log("counters_removed", obj=source, counter=key, amount=n)
            continue
        if kind == "tap_creatures_power":
            paid += tap_creatures_cost(game, player, source, part)
            continue
        if kind == "blight":
            paid += _blight(game, player, n)
            continue
        if kind == "collect_evidence":
            paid += _collect_evidence(game, player, source, n)
            continue
        options = _cost_options(game, player, source, part)
        if isinstance(part.what, ab.Ref) or part.what is None:
            chosen = options[:1]
        elif _from_single_graveyard(part) and _single_graveyards(part, options, n):
            # all from one graveyard: the player picks the graveyard, then the cards
            piles = _single_graveyards(part, options, n)
            owner = piles[0][0] if len(piles) == 1 else game.decider.choose(
                player.name, f"graveyard to pay '{part.text}' from", [p for p, _ in piles])
            pile = next(cards for p, cards in piles if p is owner)
            chosen = game.decider.choose_many(player.name, f"to pay '{part.text}'", pile, n)
        else:
            chosen = game.decider.choose_many(player.name, f"to pay '{part.text}'", options, n)
        for obj in chosen:
            if kind == "sacrifice":
                game.move(obj, "graveyard")
                game.log("sacrificed", obj=obj, player=player)
            elif kind == "discard":
                game.discard(player, obj)
            elif kind == "reveal":  # shown to all players; it stays in the hand
                game.log("revealed", obj=obj, player=player)
            elif kind in ("behold", "behold_exile"):  # 701.4a (a card in hand is revealed)
                if obj.zone == "hand":
                    game.log("revealed", obj=obj, player=player)
                game.log("beheld", obj=obj, player=player)
                if kind == "behold_exile":  # "behold a Goblin and exile it"
                    game.move(obj, "exile")
                    obj.exiled_with = (source, getattr(source, "timestamp", 0))
            elif kind == "exile":
                game.move(obj, "exile")
                # 607.2a: exiled by an instruction of this object's ability (its cost)
                obj.exiled_with = (source, getattr(source, "timestamp", 0))
            elif kind == "return":
                game.move(obj, "hand")
            elif kind == "tap_untapped":
                obj.tapped = True
                game.log("tapped_for_cost", obj=obj, source=source)
        paid += chosen
    return paid


def _counter_targets(game: Game, player: Player, source: Any, part: Any) -> list[GameObject]:
    """The permanents a "put a -1/-1 counter on a creature you control" cost may use (any
    player's, as the filter says: "on a creature an opponent controls")."""
    return [o for p in game.players for o in game.permanents(p)
            if targeting.matches(game, o, part.what, player, source, zone_check=False)]


def _counter_kinds(part: Any, obj: GameObject) -> list[str]:
    """The kinds of counter on ``obj`` the cost part may remove ("any", one kind, or "A or B")."""
    wanted = (part.counter or "any").split(" or ")
    return sorted(k for k, v in obj.counters.items() if v > 0 and (
        wanted == ["any"] or k.lower() in [w.lower() for w in wanted]))


def _counter_holders(game: Game, player: Player, source: Any, part: Any,
                     n: int) -> list[GameObject]:
    """Permanents matching the cost's filter that can give counters: for one object, it holds
    ``n`` counters of one allowed kind; "from among", all holders (when they hold ``n`` in all,
    else none), 118.3."""
    flt = part.what
    pool = [o for o in game.permanents(player)
            if targeting.matches(game, o, flt, player, source, zone_check=False)]
    if part.kind == "remove_counters":
        return [o for o in pool if any(o.counters[k] >= n for k in _counter_kinds(part, o))]
    holders = [o for o in pool if _counter_kinds(part, o)]
    total = sum(o.counters[k] for o in holders for k in _counter_kinds(part, o))
    return holders if total >= n else []


def _remove_from_permanents(game: Game, player: Player, source: Any, part: Any,
                            n: int) -> list[Any]:
    """122.8 / 602.2b: "Remove a +1/+1 counter from a creature you control" (one permanent
    gives all ``n``) or "... from among creatures you control" (one counter at a time, from
    permanents the player picks). The kind, when several are allowed, is the player's choice.
    Returns the permanents counters were removed from."""
    touched: list[Any] = []
    left = n
    while left > 0:
        holders = _counter_holders(game, player, source, part,
                                   n if part.kind == "remove_counters" else 1)
        if not holders:
            break
        obj = holders[0] if len(holders) == 1 else game.decider.choose(
            player.name, f"permanent to remove counters from for '{part.text}'", holders)
        kinds = [k for k in _counter_kinds(part, obj)
                 if part.kind == "remove_counters_among" or obj.counters[k] >= n]
        key = kinds[0] if len(kinds) == 1 else game.decider.choose(
            player.name, f"kind of counter to remove from {obj.name}", kinds)
        take = n if part.kind == "remove_counters" else 1
        obj.counters[key] -= take
        left -= take
        game.log("counters_removed", obj=obj, counter=key, amount=take)
        if obj not in touched:
            touched.append(obj)
    return touched


def _blight(game: Game, player: Player, n: int) -> list[Any]:
    """701.68a: blight N as a cost - N -1/-1 counters on one creature the player controls,
    the "blighted creature" (701.68c); 701.68d: "whenever you blight" sees it once done."""
    options = [o for o in game.permanents(player) if o.is_creature]
    chosen = game.decider.choose_many(player.name, f"creature to blight {n}", options, 1)
    for obj in chosen:
        obj.counters["-1/-1"] = obj.counters.get("-1/-1", 0) + n
        game.log("counters_put", obj=obj, counter="-1/-1", amount=n, player=player)
        game.log("blighted", obj=obj, player=player, amount=n)
    return list(chosen)


def _keyword_action_cost(game: Game, player: Player, source: Any, kind: str,
                         n: int) -> list[Any]:
    """A keyword action paid as a cost (blight 701.68a, forage 701.61a, collect evidence
    701.59a): done through its handler (``registry.KEYWORD_ACTIONS``)."""
    from rules_engine.context import Ctx

    ctx = Ctx(game, source, player)
    eff = ab.KeywordAction(name=kind.replace("_", " "), amount=ab.Amount(n), text=kind)
    registry.KEYWORD_ACTIONS[eff.name](ctx, eff)
    return [ctx.it] if ctx.it is not None else []


registry.provide(other_cost_kinds=OTHER_COST_KINDS, cost_refusal=cost_refusal, pay_costs=pay_costs)
