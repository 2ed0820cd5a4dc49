"""Effects on libraries, hands and graveyards as card piles (121 draw, 701.8 discard, 701.13 mill,
701.18/701.25 scry and surveil, 701.19 search, look at, reveal, shuffle, explore, conjure).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules_engine import abilities as ab
from rules_engine import permanents, records, registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.decisions import match_option
from rules_engine.effects.choose_among import h_choose_among
from rules_engine.effects.core import _amount_for, _objects, _players, amount, resolve_ref
from rules_engine.errors import DecisionError
from rules_engine.game import Game
from rules_engine.objects import GameObject


def h_draw(ctx: Ctx, eff: ab.Draw) -> None:
    drawn = []
    for p in _players(ctx, eff.player):
        drawn.extend(ctx.game.draw(p, _amount_for(ctx, eff.amount, p)))
    ctx.those = drawn  # "reveal them", "one of them"
    ctx.count = len(drawn)


def h_discard(ctx: Ctx, eff: ab.Discard) -> None:
    game = ctx.game
    card_ref = getattr(eff, "card", None)  # "discards that card"
    each: dict[int, int] = {}
    for p in _players(ctx, eff.player):
        if card_ref is not None:
            chosen = [o for o in resolve_ref(ctx, card_ref)
                      if isinstance(o, GameObject) and o in p.hand]
        elif eff.whole_hand:
            chosen = list(p.hand)
        elif eff.any_number:
            chosen = _any_number(game, p.name, "cards to discard (any number)", list(p.hand))
        else:
            n = min(_amount_for(ctx, eff.amount, p), len(p.hand))
            chosen = game.decider.choose_many(p.name, "card to discard", list(p.hand), n)
        for card in chosen:
            game.discard(p, card)
        ctx.did = bool(chosen)
        ctx.count = len(chosen)
        each[id(p)] = len(chosen)
    ctx.counted_for = (ctx.count, each)  # "then draws that many cards" (each their own)


def h_mill(ctx: Ctx, eff: ab.Mill) -> None:
    """701.17: the milled cards are "them" / "milled this way" for the next effects."""
    milled = []
    for p in _players(ctx, eff.player):
        for _ in range(_amount_for(ctx, eff.amount, p)):
            if p.library:
                card = p.library[0]
                ctx.game.move(card, "graveyard")
                milled.append(card)
        if milled and any(c.owner is p for c in milled):
            ctx.game.log("milled", player=p, count=sum(c.owner is p for c in milled),
                         cards=tuple(c for c in milled if c.owner is p))
    ctx.those = milled
    ctx.count = len(milled)


def _any_number(game: Game, player: str, prompt: str, options: list[Any]) -> list[Any]:
    """"Any number": the scripted answers that name options, in order; unanswered, none
    (a strict game wants an answer: an empty list ``[]`` says none)."""
    queue = game.decider.queues.get(player)
    if queue and isinstance(queue[0], list):
        return [match_option(player, prompt, a, options) for a in queue.popleft()]
    chosen: list[Any] = []
    while queue:
        pool = [o for o in options if o not in chosen]
        try:
            pick = match_option(player, prompt, queue[0], pool)
        except Exception:  # noqa: BLE001 - the next answer is for a later decision
            break
        queue.popleft()
        chosen.append(pick)
    if not chosen and not queue and game.decider.strict and game.decider.policy is None:
        raise DecisionError(f"{player} was not told {prompt} (answer [] for none)")
    if game.decider.policy is not None and not chosen:
        chosen = [o for o in options if game.decider.policy(player, prompt, [False, True])]
    return chosen


def h_scry(ctx: Ctx, eff: Any) -> None:
    """701.22 / 701.25: look at the top N; the answers name the cards put on the bottom
    (scry) or into the graveyard (surveil); unanswered, all stay on top."""
    game = ctx.game
    for p in _players(ctx, eff.player):
        top = p.library[:amount(ctx, eff.amount)]
        moved = []
        for _ in range(len(top)):
            pick = game.decider.choose(p.name, f"card to move ({eff.text})",
                                       [c for c in top if c not in moved], optional=True) \
                if game.decider.queues.get(p.name) else None
            if pick is None:
                break
            moved.append(pick)
        for card in moved:
            if isinstance(eff, ab.Surveil):
                game.move(card, "graveyard")
            else:
                p.library.remove(card)
                p.library.append(card)
        game.log("scried" if isinstance(eff, ab.Scry) else "surveilled", player=p)


def h_search(ctx: Ctx, eff: ab.SearchLibrary) -> None:
    """701.23: find cards matching the filter; put them where the effect says; shuffle."""
    game = ctx.game

    source = _source_obj(ctx)  # "a card named ~" / "not named ~" ask its name (201.2)
    for p in _players(ctx, eff.player):
        options = [c for c in p.library
                   if targeting.matches(game, c, eff.filter, p, source, zone_check=False)]
        chosen = []
        for _ in range(eff.max_count):
            pick = game.decider.choose(p.name, f"card to search for ({eff.filter.text})",
                                       [o for o in options if o not in chosen], optional=True)
            if pick is None:
                break
            chosen.append(pick)
        for card in chosen:
            if eff.destination == "found":
                continue  # the next effects say where they go (Ref "chosen"/"those")
            if eff.destination == "battlefield":
                permanents.enter_battlefield(game, card, p, tapped=eff.tapped)
            elif eff.destination == "library_top":
                game.move(card, "library")
            else:
                game.move(card, eff.destination)
            game.log("searched_for", player=p, obj=card)
        # 701.23a: the player searched, whatever was found ("Whenever an opponent searches
        # their library", 603.2)
        game.log("searched_library", player=p)
        ctx.those = chosen
        if chosen:
            ctx.it = chosen[-1]
        if eff.shuffle and eff.destination != "found":
            game.shuffle(p)


def h_look(ctx: Ctx, eff: ab.LookAtTop) -> None:
    """Look at the top N; choose some for ``destination``; the rest go to ``rest``."""
    game = ctx.game

    for p in _players(ctx, eff.player):
        top = list(p.library[:amount(ctx, eff.amount)])
        ctx.those = top
        if len(top) == 1:
            ctx.it = top[0]  # "look at the top card ... put that card ..." (608.2c)
        if eff.choose_max == 0 and eff.rest is None:
            game.log("looked_at", player=p, count=len(top))
            continue  # what happens to them is said by the next effects ("one of them")
        chosen = []
        opts = [c for c in top if eff.choose_filter is None or
                targeting.matches(game, c, eff.choose_filter, p, None, zone_check=False)]
        for _ in range(eff.choose_max):
            pick = game.decider.choose(p.name, f"card to take ({eff.text})",
                                       [o for o in opts if o not in chosen],
                                       optional=len(chosen) >= eff.choose_min)
            if pick is None:
                break
            chosen.append(pick)
        for card in chosen:
            dest = eff.destination or "hand"
            if dest == "battlefield":
                permanents.enter_battlefield(game, card, p, counters=eff.counters)
            else:
                game.move(card, dest)
        rest = [c for c in top if c not in chosen]
        if eff.rest == "graveyard":
            for card in rest:
                game.move(card, "graveyard")
        elif eff.rest in ("library_bottom_any", "library_bottom_random"):
            for card in rest:
                p.library.remove(card)
                p.library.append(card)
        elif eff.rest == "hand":
            for card in rest:
                game.move(card, "hand")
        elif eff.rest == "shuffle":
            game.shuffle(p)


def h_explore(ctx: Ctx, eff: Any) -> None:
    """701.44: reveal the top card; a land goes to hand, otherwise a +1/+1 counter and the
    card may go to the graveyard."""
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        p = obj.controller
        if not p.library:
            continue
        top = p.library[0]
        if top.is_land:
            game.move(top, "hand")
        else:
            if obj.zone == "battlefield":
                obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + \
                    game.counters_to_put(obj, "+1/+1", 1)
            if game.decider.may(p.name, f"put {top.name} into your graveyard (explore)"):
                game.move(top, "graveyard")
        game.log("explored", obj=obj, player=p)


def h_shuffle(ctx: Ctx, eff: ab.Shuffle) -> None:
    """701.24a; "shuffle your hand into your library, then draw that many cards": the cards
    each player shuffled in are counted (608.2c)."""
    game = ctx.game
    each: dict[int, int] = {}
    for p in _players(ctx, eff.player):
        moved = 0
        for zone in eff.zones:
            for card in list(getattr(p, zone)):
                game.move(card, "library")
                moved += 1
        game.shuffle(p)
        each[id(p)] = moved
    if eff.zones:
        ctx.count = sum(each.values())
        ctx.counted_for = (ctx.count, each)


def h_reveal_until(ctx: Ctx, eff: Any) -> None:
    """701.20: reveal cards from the top of the library until ``amount`` cards matching the
    filter are revealed (or the library runs out). They stay in the library until later
    instructions move them: "that card" is the last match, "the rest" the other cards."""
    game = ctx.game
    for p in _players(ctx, eff.player) or [ctx.controller]:
        want = amount(ctx, eff.amount)
        revealed: list[Any] = []
        matched: list[Any] = []
        for card in list(p.library):
            if len(matched) >= want:
                break
            revealed.append(card)
            if targeting.matches(game, card, eff.filter, p, None, zone_check=False):
                matched.append(card)
        ctx.those = revealed
        ctx.chosen = matched
        ctx.count = len(matched)
        ctx.it = matched[-1] if matched else None
        game.log("revealed", player=p, count=len(revealed))


def h_conjure(ctx: Ctx, eff: Any) -> None:
    """Conjure (digital-only cards, no CR rule): create a card by name from the card pool in
    the player's hand/library/graveyard, or put it onto the battlefield. The card is owned by
    the player and is a card, not a token."""
    game = ctx.game
    try:
        card = game.card_def(eff.name)
    except Exception:  # noqa: BLE001 - a name the card pool doesn't have
        card = None
    if card is None:
        game.note(f"conjure: no card named {eff.name!r} in the card pool")
        return
    made = []
    for p in _players(ctx, getattr(eff, "player", None) or ab.Ref("you")) or [ctx.controller]:
        for _ in range(amount(ctx, eff.amount)):
            zone = eff.zone if eff.zone in ("hand", "graveyard", "exile", "library") else "hand"
            obj = game.new_object(card, p, "hand" if eff.zone == "battlefield" else zone)
            if eff.zone == "battlefield":
                permanents.enter_battlefield(game, obj, p)
            made.append(obj)
            game.log("conjured", player=p, obj=obj)
        if made and made[-1].owner is p:
            # "Whenever you conjure one or more cards" triggers once per conjure (603.2c-like
            # batch: one event for the cards one player conjured by this effect)
            game.log("cards_conjured", player=p, count=sum(o.owner is p for o in made))
    ctx.those = made
    if made:
        ctx.it = made[-1]


def h_reveal(ctx: Ctx, eff: Any) -> None:
    """701.20a: reveal. "Reveal any number of green cards from/in your hand" (a Ref "chosen"
    of the hand, ``count:any`` or ``count:N``): the player picks them (they stay in the hand);
    "the cards revealed this way" are they (608.2c: ``ctx.those``, ``ctx.count``)."""
    subj = getattr(eff, "subject", None)
    flt = getattr(subj, "filter", None) if getattr(subj, "kind", None) == "chosen" else None
    if flt is None or flt.zone != "hand":
        ctx.game.log("revealed", text=getattr(eff, "text", ""))
        return
    game = ctx.game
    p = ctx.controller
    count = next((q[6:] for q in flt.qualifiers if q.startswith("count:")), "1")
    rest = dataclasses.replace(flt, zone=None, qualifiers=tuple(
        q for q in flt.qualifiers if not q.startswith("count:")))
    options = [o for o in p.hand if targeting.matches(game, o, rest, p, None, zone_check=False)]
    n = len(options) if count == "any" else min(int(count) if count.isdigit() else 1,
                                                len(options))
    chosen = game.decider.choose_many(p.name, f"cards to reveal ({eff.text})", options, n,
                                      minimum=0 if count == "any" else None)
    for card in chosen:
        game.log("revealed", obj=card, player=p)
    ctx.those = list(chosen)
    ctx.count = len(chosen)
    ctx.it = chosen[-1] if chosen else None


def h_choose_card(ctx: Ctx, eff: Any) -> None:
    game = ctx.game
    chooser = (_players(ctx, eff.chooser) or [ctx.controller])[0]
    if eff.zone == "among":  # "choose a creature card from among them" (608.2c: those cards)
        h_choose_among(ctx, records.ChooseAmong(chooser=eff.chooser, filter=eff.filter,
                                                text=eff.text))
        return
    if eff.zone == "battlefield":  # "choose a creature on the battlefield" (608.2d)
        options = [o for o in game.permanents()
                   if targeting.matches(game, o, eff.filter, chooser, _source_obj(ctx))]
    else:
        owners = _players(ctx, eff.owner) or [ctx.controller]
        options = [o for p in owners for o in getattr(p, eff.zone, [])
                   if targeting.matches(game, o, eff.filter, chooser, None, zone_check=False)]
    pick = game.decider.choose(chooser.name, f"card to choose ({eff.text})", options)
    if pick is not None:
        ctx.it = pick
        ctx.those = [pick]


registry.register_effects({
    ab.Draw: h_draw,
    ab.Discard: h_discard,
    ab.Mill: h_mill,
    ab.Scry: h_scry,
    ab.Surveil: h_scry,
    ab.SearchLibrary: h_search,
    ab.LookAtTop: h_look,
    ab.Reveal: h_reveal,
    ab.Shuffle: h_shuffle,
    ab.ChooseCard: h_choose_card,
    ab.Explore: h_explore,
    ab.RevealUntil: h_reveal_until,
    ab.Conjure: h_conjure,
})
