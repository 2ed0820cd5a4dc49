"""More keyword actions (701) through :data:`rules_engine.registry.KEYWORD_ACTIONS`: amass
(701.47), incubate (701.53), populate (701.36), discover (701.57), time travel (701.56),
collect evidence (701.59), suspect (701.60), forage (701.61), harness (701.64), blight
(701.68). (Support, 701.41, is compiled to its targets and counters by the grammar; explore,
701.44, is its own record.)

Why here: each is a rule-defined sequence of ordinary steps (create a token, put counters,
copy a token, exile until and cast) with no text of its own on the card beyond "Amass Orcs 2",
so each is one handler reading the action's number and detail.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry
from rules_engine.cards import CardDef, Face
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects, amount
from rules_engine.effects.tokens import copy_card_of, copy_face_of
from rules_engine.errors import IllegalActionError
from rules_engine.objects import GameObject, Mod


def _singular(word: str) -> str:
    """"Orcs" -> "Orc", "Zombies" -> "Zombie" (amass names the subtype in the plural)."""
    if word.endswith("ies") and word.lower() != "zombies":
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _ka_amass(ctx: Ctx, eff: Any) -> None:
    """701.47a: "If you don't control an Army creature, create a 0/0 black [subtype] Army
    creature token. Choose an Army creature you control. Put N +1/+1 counters on that
    creature. If it isn't a [subtype], it becomes a [subtype] in addition to its other types."
    (701.47d: an old "amass N" is "amass Zombies N".)"""
    game = ctx.game
    player = ctx.controller
    sub = _singular(eff.detail or "Zombies")
    n = amount(ctx, eff.amount, 0)
    armies = [o for o in game.permanents(player) if o.is_creature and "Army" in o.subtypes]
    if not armies:
        face = Face(name=f"{sub} Army", type_line=f"Token Creature — {sub} Army", power=0,
                    toughness=0, colors=("B",), types=("Creature",), subtypes=(sub, "Army"),
                    abilities=[])
        armies = [game.create_token(player, face)]
        game.log("token_created", obj=armies[0], player=player)
    army = armies[0] if len(armies) == 1 else game.decider.choose(
        player.name, "Army to amass onto", armies)
    if n > 0:
        army.counters["+1/+1"] = army.counters.get("+1/+1", 0) + \
            game.counters_to_put(army, "+1/+1", n)
        game.log("counters_put", obj=army, counter="+1/+1", amount=n, player=player)
    if sub not in army.subtypes:
        army.mods.append(Mod(add_subtypes=(sub,), until="permanent",
                             timestamp=game.next_timestamp()))
    ctx.it = army  # "the Army you amassed" (701.47c)
    game.log("amassed", player=player, obj=army, amount=n)


_INCUBATOR: CardDef | None = None


def _incubator() -> CardDef:
    """111.10i / 701.53b: the Incubator token, a double-faced token: a colorless Incubator
    artifact with "{2}: Transform this artifact." and a 0/0 colorless Phyrexian artifact
    creature named Phyrexian Token on its back."""
    global _INCUBATOR
    if _INCUBATOR is None:
        _INCUBATOR = CardDef.from_scryfall({
            "name": "Incubator // Phyrexian Token", "layout": "transform", "colors": [],
            "card_faces": [
                {"name": "Incubator", "type_line": "Token Artifact — Incubator",
                 "oracle_text": "{2}: Transform this artifact.", "colors": []},
                {"name": "Phyrexian Token", "type_line": "Token Artifact Creature — Phyrexian",
                 "oracle_text": "", "power": "0", "toughness": "0", "colors": []}]})
        compiled.ensure_compiled(_INCUBATOR)
    return _INCUBATOR


def _ka_incubate(ctx: Ctx, eff: Any) -> None:
    """701.53a: create an Incubator token that enters with N +1/+1 counters on it."""
    game = ctx.game
    n = amount(ctx, eff.amount, 0)
    obj = game.create_token(ctx.controller, None, card=_incubator())
    if n > 0:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + game.counters_to_put(obj, "+1/+1", n)
    game.log("token_created", obj=obj, player=ctx.controller)
    game.log("incubated", player=ctx.controller, obj=obj, amount=n)
    ctx.it = obj


def _ka_populate(ctx: Ctx, eff: Any) -> None:
    """701.36a-b: choose a creature token you control and create a token that's a copy of it
    (707.2, with a double-faced token's two faces, 707.8a); none: no token."""
    game = ctx.game
    player = ctx.controller
    tokens = [o for o in game.permanents(player) if o.token and o.is_creature]
    if not tokens:
        return
    original = tokens[0] if len(tokens) == 1 else game.decider.choose(
        player.name, "creature token to populate", tokens)
    spec = ab.TokenSpec(text="a copy")
    if original.card is not None and original.card.back is not None and \
            original.copy_values is None:
        obj = game.create_token(player, None, card=copy_card_of(ctx, original, spec),
                                transformed=original.transformed)
    else:
        face, card = copy_face_of(ctx, original, spec)
        obj = game.create_token(player, face, card=card)
    game.log("token_created", obj=obj, player=player)
    game.log("populated", player=player, obj=obj)
    ctx.it = obj


def _ka_discover(ctx: Ctx, eff: Any) -> None:
    """701.57a: exile cards from the top of your library until you exile a nonland card with
    mana value N or less; you may cast it without paying its mana cost (118.9) if the spell's
    mana value is N or less, else (or if you don't) put it into your hand; the other exiled
    cards go to the bottom in a random order. Cast during the resolution (608.2g)."""
    game = ctx.game
    player = ctx.controller
    n = amount(ctx, eff.amount, 0)
    exiled: list[GameObject] = []
    hit = None
    while player.library:
        card = player.library[0]
        game.move(card, "exile")
        exiled.append(card)
        if not card.is_land and game.mana_value_of(card) <= n:
            hit = card
            break
    cast = False
    if hit is not None and game.decider.may(
            player.name, f"cast {hit.name} without paying its mana cost (discover, 701.57a)"):
        try:
            casting.put_on_stack_as_cast(game, player, hit, None)
            game.log("cast_without_paying", obj=hit, player=player)
            cast = True
        except IllegalActionError as exc:  # no legal targets: it goes to the hand instead
            game.note(f"{hit.name} can't be cast: {exc}")
    if hit is not None and not cast and hit.zone == "exile":
        game.move(hit, "hand")
    rest = [c for c in exiled if c.zone == "exile" and c is not hit]
    game.rng.shuffle(rest)
    for card in rest:
        game.move(card, "library", top=False)
    game.log("discovered", player=player, obj=hit, amount=n)
    ctx.it = hit


def _designate(game: Any, key: str, obj: GameObject) -> bool:
    """Give ``obj`` a designation kept until it leaves the battlefield (400.7); False when it
    already has it."""
    marks = game.__dict__.setdefault(key, [])
    if any(o is obj and t == obj.timestamp for o, t in marks):
        return False
    marks.append((obj, obj.timestamp))
    return True


def _subjects(ctx: Ctx, eff: Any) -> list[GameObject]:
    if eff.subject is None or eff.subject.kind == "you":
        src = ctx.source
        return [src] if isinstance(src, GameObject) else []
    return [o for o in _objects(ctx, eff.subject) if isinstance(o, GameObject)]


_SUSPECTED: tuple[Any, ...] | None = None


def _suspected_abilities() -> tuple[Any, ...]:
    """701.60c: menace and "This creature can't block"."""
    global _SUSPECTED
    if _SUSPECTED is None:
        from rules_engine.text.compiler import compile_face_text

        _SUSPECTED = (ab.KeywordAbility(name="menace", text="Menace"),) + tuple(
            compile_face_text("This creature can't block.", "this creature", "this creature",
                              "Creature").abilities)
    return _SUSPECTED


def _ka_suspect(ctx: Ctx, eff: Any) -> None:
    """701.60a-d: the creature becomes suspected (a designation until it leaves the
    battlefield); a suspected permanent has menace and can't block; it can't become suspected
    again."""
    game = ctx.game
    for obj in _subjects(ctx, eff):
        if obj.zone == "battlefield" and _designate(game, "suspected", obj):
            obj.mods.append(Mod(keywords=("menace",), abilities=_suspected_abilities(),
                                until="permanent", timestamp=game.next_timestamp()))
            game.log("suspected", obj=obj)


def _ka_harness(ctx: Ctx, eff: Any) -> None:
    """701.64a: "If this permanent isn't harnessed, it becomes harnessed" (a designation)."""
    for obj in _subjects(ctx, eff):
        if obj.zone == "battlefield" and _designate(ctx.game, "harnessed", obj):
            ctx.game.log("harnessed", obj=obj)


def _ka_blight(ctx: Ctx, eff: Any) -> None:
    """701.68a-c: put N -1/-1 counters on a creature you control (the blighted creature); a
    player who controls no creature can't blight."""
    game = ctx.game
    player = ctx.controller
    n = amount(ctx, eff.amount, 0)
    mine = [o for o in game.permanents(player) if o.is_creature]
    if not mine:
        ctx.stopped = True
        return
    pick = mine[0] if len(mine) == 1 else game.decider.choose(
        player.name, f"creature to blight {n} (701.68a)", mine)
    pick.counters["-1/-1"] = pick.counters.get("-1/-1", 0) + game.counters_to_put(pick, "-1/-1", n)
    game.log("counters_put", obj=pick, counter="-1/-1", amount=n, player=player)
    game.log("blighted", player=player, obj=pick, amount=n)
    ctx.it = pick
    ctx.did = True


def _ka_time_travel(ctx: Ctx, eff: Any) -> None:
    """701.56a: for any number of permanents you control and suspended cards you own in exile
    with time counters, put a time counter on each or remove one (the player's choice, one
    question each: "add", "remove" or "no")."""
    game = ctx.game
    player = ctx.controller
    objs = [o for o in game.permanents(player) if o.counters.get("time", 0) > 0]
    objs += [o for o in player.exile if o.counters.get("time", 0) > 0]
    for obj in objs:
        pick = game.decider.choose(player.name, f"time travel: {obj.name}",
                                   ["add", "remove", "no"])
        if pick == "add":
            obj.counters["time"] += 1
            game.log("counters_put", obj=obj, counter="time", amount=1, player=player)
        elif pick == "remove":
            obj.counters["time"] -= 1
            game.log("counters_removed", obj=obj, counter="time", amount=1)
    game.log("time_traveled", player=player)


def _ka_collect_evidence(ctx: Ctx, eff: Any) -> None:
    """701.59a-b: exile any number of cards from your graveyard with total mana value N or
    greater; a player who can't can't choose to (``ctx.stopped``, so "if you do" is false)."""
    game = ctx.game
    player = ctx.controller
    n = amount(ctx, eff.amount, 0)
    cards = list(player.graveyard)
    if sum(game.mana_value_of(c) for c in cards) < n:
        ctx.stopped = True
        return
    chosen = game.decider.choose_many(player.name, f"cards to exile (collect evidence {n})",
                                      cards, len(cards), minimum=1)
    if sum(game.mana_value_of(c) for c in chosen) < n:  # unscripted: the largest first
        chosen = []
        for c in sorted(cards, key=game.mana_value_of, reverse=True):
            chosen.append(c)
            if sum(game.mana_value_of(x) for x in chosen) >= n:
                break
    for c in chosen:
        game.move(c, "exile")
        # 607.2a: exiled by this object's instruction or cost ("cards exiled with ~")
        c.exiled_with = (ctx.source, getattr(ctx.source, "timestamp", 0))
    game.log("collected_evidence", player=player, amount=n, count=len(chosen))
    ctx.did = True


def _ka_forage(ctx: Ctx, eff: Any) -> None:
    """701.61a: "Exile three cards from your graveyard or sacrifice a Food." """
    game = ctx.game
    player = ctx.controller
    foods = [o for o in game.permanents(player) if "Food" in o.subtypes]
    can_exile = len(player.graveyard) >= 3
    if not foods and not can_exile:
        ctx.stopped = True
        return
    use_food = bool(foods) and (not can_exile or game.decider.choose(
        player.name, "forage (701.61a)", ["exile three cards", "sacrifice a Food"])
        == "sacrifice a Food")
    if use_food:
        food = foods[0] if len(foods) == 1 else game.decider.choose(
            player.name, "Food to sacrifice", foods)
        game.move(food, "graveyard")
        game.log("sacrificed", obj=food, player=player)
    else:
        for c in game.decider.choose_many(player.name, "cards to exile (forage)",
                                          list(player.graveyard), 3):
            game.move(c, "exile")
    game.log("foraged", player=player)
    ctx.did = True


registry.register_keyword_actions({
    "suspect": _ka_suspect, "harness": _ka_harness, "blight": _ka_blight,
    "time travel": _ka_time_travel, "collect evidence": _ka_collect_evidence,
    "forage": _ka_forage,
    "amass": _ka_amass, "incubate": _ka_incubate, "populate": _ka_populate,
    "discover": _ka_discover,
})
