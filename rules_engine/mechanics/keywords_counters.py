"""Keyword abilities (702) about +1/+1 counters whose wording the grammar can't read: mentor,
renown, bloodthirst, riot, evolve, graft, devour, unleash, sunburst, melee. Each is built as
the records its rule defines, with a small keyword action for the step no existing effect
record does, and registered through :func:`rules_engine.registry.register_keyword_builders`.

Why not text: "target attacking creature with lesser power", "if it isn't renowned", "your
choice of a +1/+1 counter or haste", "move a +1/+1 counter from this creature onto that
creature" have no grammar yet; the rule itself is short enough to build directly.
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine import conditions, registry, targeting
from rules_engine.effects.core import _objects
from rules_engine.objects import GameObject, Mod, Player
from rules_engine.text.nouns import parse_filter

_SELF = ab.Ref("self", text="this creature")


def _num(kw: Any) -> int | None:
    param = (kw.parameter or "").strip()
    return int(param) if param.isdigit() else None


def _counters_on_self(n: int) -> ab.PutCounters:
    return ab.PutCounters(subject=_SELF, counter="+1/+1", amount=ab.Amount(n),
                          text=f"put {n} +1/+1 counters on it")


# -- 702.134 mentor -------------------------------------------------------------------------------
def _mentor(kw: Any) -> tuple[Any, ...]:
    """702.134a: "Whenever this creature attacks, put a +1/+1 counter on target attacking
    creature with lesser power." (lesser than this creature's, as the target is chosen and as
    the ability resolves, 608.2b)"""
    flt = ab.ObjectFilter(card_types=("creature",), qualifiers=(
        "attacking", "with power less than ~'s power"),
        text="attacking creature with lesser power")
    target = ab.Target(kind="permanent", filter=flt, min_count=1, max_count=1, index=0,
                       text="target attacking creature with lesser power")
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("attacks", subject=_SELF, text="this creature attacks"),
        effects=(ab.PutCounters(subject=ab.Ref("target", target=target, text="it"),
                                counter="+1/+1", amount=ab.Amount(1),
                                text="put a +1/+1 counter on target attacking creature with "
                                     "lesser power"),),
        text=kw.text or "Mentor"),)


# -- 702.112 renown -------------------------------------------------------------------------------
def _renown(kw: Any) -> tuple[Any, ...]:
    """702.112a: "When this creature deals combat damage to a player, if it isn't renowned,
    put N +1/+1 counters on it and it becomes renowned." Renowned (702.112b) is a designation
    kept until the permanent leaves the battlefield."""
    n = _num(kw)
    if n is None:
        return ()
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("deals_combat_damage_to_player", subject=_SELF,
                           text="this creature deals combat damage to a player"),
        condition=ab.Condition("not_renowned", text="if it isn't renowned"),
        effects=(_counters_on_self(n), ab.KeywordAction(name="become renowned",
                                                        text="it becomes renowned")),
        text=kw.text or f"Renown {n}"),)


def is_renowned(game: Any, obj: Any) -> bool:
    """702.112b: the designation, for this object (a new object after a zone change, 400.7)."""
    return any(o is obj and t == obj.timestamp for o, t in game.__dict__.get("renowned", ()))


def _not_renowned(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    return isinstance(source, GameObject) and not is_renowned(game, source)


def _ka_become_renowned(ctx: Any, eff: Any) -> None:
    obj = ctx.source
    if isinstance(obj, GameObject) and obj.zone == "battlefield" and \
            not is_renowned(ctx.game, obj):
        ctx.game.__dict__.setdefault("renowned", []).append((obj, obj.timestamp))
        ctx.game.log("became_renowned", obj=obj)


# -- 702.54 bloodthirst ---------------------------------------------------------------------------
def _bloodthirst(kw: Any) -> tuple[Any, ...]:
    """702.54a: "If an opponent was dealt damage this turn, this permanent enters with N +1/+1
    counters on it." (a replacement as it enters, 614.1c)"""
    n = _num(kw)
    if n is None:
        return ()
    return (ab.EntersReplacement(
        kind="as_enters", condition=ab.Condition("opponent_dealt_damage_this_turn",
                                                 text="an opponent was dealt damage this turn"),
        effects=(_counters_on_self(n),), subject=_SELF, text=kw.text or f"Bloodthirst {n}"),)


def _opponent_dealt_damage(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    return any(ev.name == "damage_dealt" and isinstance(ev.data.get("recipient"), Player)
               and ev.data["recipient"] is not controller and ev.data.get("amount", 0) > 0
               for ev in conditions._this_turn(game))


# -- 702.136 riot ---------------------------------------------------------------------------------
def _riot(kw: Any) -> tuple[Any, ...]:
    """702.136a: "You may have this permanent enter with an additional +1/+1 counter on it. If
    you don't, it gains haste." (a choice as it enters, 614.12)"""
    return (ab.EntersReplacement(
        kind="as_enters", effects=(ab.KeywordAction(name="riot", text="counter or haste"),),
        subject=_SELF, text=kw.text or "Riot"),)


def _ka_riot(ctx: Any, eff: Any) -> None:
    game = ctx.game
    obj = ctx.source
    if not isinstance(obj, GameObject):
        return
    if game.decider.may(ctx.controller.name, f"{obj.name} enters with a +1/+1 counter "
                                             "(riot; no: it gains haste)"):
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + game.counters_to_put(obj, "+1/+1", 1)
        game.log("counters_put", obj=obj, counter="+1/+1", amount=1, player=ctx.controller)
    else:
        obj.mods.append(Mod(keywords=("haste",), abilities=(ab.KeywordAbility(name="haste"),),
                            until="permanent", timestamp=game.next_timestamp()))
        game.log("riot_haste", obj=obj)


# -- 702.100 evolve -------------------------------------------------------------------------------
def _evolve(kw: Any) -> tuple[Any, ...]:
    """702.100a: "Whenever a creature you control enters, if that creature's power is greater
    than this creature's power and/or that creature's toughness is greater than this
    creature's toughness, put a +1/+1 counter on this creature." (702.100c: the comparison
    is made as it triggers and again as it resolves, the "evolve" action's check.)"""
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("enters", filter=ab.ObjectFilter(
            card_types=("creature",), controller="you", other=True,
            text="another creature you control"), text="a creature you control enters"),
        condition=ab.Condition("evolve_greater", text="that creature's power is greater ..."),
        effects=(ab.KeywordAction(name="evolve", text="put a +1/+1 counter on this creature"),),
        text=kw.text or "Evolve"),)


def _evolve_greater(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """The intervening "if" of evolve as it triggers: the creature that just entered (the
    latest "entered" event of another creature of the controller) is greater in power or
    toughness. The resolution check is the action's, against the triggering creature."""
    if not isinstance(source, GameObject):
        return False
    for ev in reversed(game.events[-50:]):
        new = ev.data.get("obj") if ev.name == "entered" else None
        if isinstance(new, GameObject) and new is not source and new.is_creature and \
                new.controller is controller:
            return new.power > source.power or new.toughness > source.toughness
    return True  # (no entering creature to compare: the action checks on resolution)


def _ka_evolve(ctx: Any, eff: Any) -> None:
    ev = ctx.event
    new = ev.data.get("obj") if ev is not None else None
    obj = ctx.source
    if not isinstance(new, GameObject) or not isinstance(obj, GameObject) or \
            obj.zone != "battlefield" or new.zone != "battlefield" or not new.is_creature:
        return  # 702.100b: an entering creature that left is compared as it last existed;
        # here the ability then does nothing (its power can't be known to be greater)
    if new.power > obj.power or new.toughness > obj.toughness:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + \
            ctx.game.counters_to_put(obj, "+1/+1", 1)
        ctx.game.log("counters_put", obj=obj, counter="+1/+1", amount=1, player=ctx.controller)
        ctx.game.log("evolved", obj=obj)


# -- 702.58 graft ---------------------------------------------------------------------------------
def _graft(kw: Any) -> tuple[Any, ...]:
    """702.58a: "This permanent enters with N +1/+1 counters on it" and "Whenever another
    creature enters, if this permanent has a +1/+1 counter on it, you may move a +1/+1 counter
    from this permanent onto that creature.\""""
    n = _num(kw)
    if n is None:
        return ()
    enters = ab.EntersReplacement(kind="counters", effects=(_counters_on_self(n),),
                                  subject=_SELF, text=f"enters with {n} +1/+1 counters")
    move = ab.KeywordAction(name="graft move", text="move a +1/+1 counter onto that creature")
    trigger = ab.TriggeredAbility(
        trigger=ab.Trigger("enters", filter=ab.ObjectFilter(
            card_types=("creature",), other=True, text="another creature"),
            text="another creature enters"),
        condition=ab.Condition("counters_on", amount=ab.Amount(1), subject=_SELF,
                               detail="+1/+1", text="this permanent has a +1/+1 counter"),
        effects=(ab.MayEffect(effects=(move,), text="you may move ..."),), optional=True,
        text=kw.text or f"Graft {n}")
    return (enters, trigger)


def _ka_graft_move(ctx: Any, eff: Any) -> None:
    ev = ctx.event
    new = ev.data.get("obj") if ev is not None else None
    obj = ctx.source
    if not isinstance(new, GameObject) or not isinstance(obj, GameObject) or \
            new.zone != "battlefield" or obj.counters.get("+1/+1", 0) <= 0:
        return
    obj.counters["+1/+1"] -= 1
    new.counters["+1/+1"] = new.counters.get("+1/+1", 0) + ctx.game.counters_to_put(new, "+1/+1", 1)
    ctx.game.log("counters_removed", obj=obj, counter="+1/+1", amount=1)
    ctx.game.log("counters_put", obj=new, counter="+1/+1", amount=1, player=ctx.controller)


# -- 702.82 devour --------------------------------------------------------------------------------
def _devour(kw: Any) -> tuple[Any, ...]:
    """702.82a: "As this object enters, you may sacrifice any number of creatures. This
    permanent enters with N times that many +1/+1 counters on it." (702.82b: the number it
    devoured is remembered for "each creature it devoured".)"""
    n = _num(kw)
    if n is None and re.search(r"^devour x, where x is the number of creatures devoured this "
                               r"way$", (kw.text or "").strip().rstrip("."), re.I):
        # "Devour X, where X is the number of creatures devoured this way" (107.3a): X counters
        # for each, X being how many were sacrificed (the count is known as they are)
        return (ab.EntersReplacement(
            kind="as_enters", effects=(ab.KeywordAction(
                name="devour", amount=ab.Amount(variable="X", text="devoured"),
                text="devour X"),), subject=_SELF, text=kw.text),)
    if n is None:
        return ()
    # 702.82b: "Devour [quality] N" sacrifices [quality] permanents
    q = re.match(r"devour ([a-z]+) \d+$", (kw.text or "").strip().rstrip("."), re.I)
    return (ab.EntersReplacement(
        kind="as_enters", effects=(ab.KeywordAction(name="devour", amount=ab.Amount(n),
                                                    detail=q.group(1) if q else None,
                                                    text=f"devour {n}"),),
        subject=_SELF, text=kw.text or f"Devour {n}"),)


def _ka_devour(ctx: Any, eff: Any) -> None:
    game = ctx.game
    obj = ctx.source
    player = ctx.controller
    n = eff.amount.value if eff.amount is not None and eff.amount.value else 1
    flt = parse_filter(eff.detail) if eff.detail else None
    options = [o for o in game.permanents(player) if o is not obj and (
        targeting.matches(game, o, flt, player, obj) if flt is not None else o.is_creature)]
    what = f"{eff.detail} permanents" if eff.detail else "creatures"
    eaten = game.decider.choose_many(player.name, f"{what} to sacrifice (devour {n})",
                                     options, len(options), minimum=0) if options else []
    for o in eaten:
        game.move(o, "graveyard")
        game.log("sacrificed", obj=o, player=player)
    if eff.amount is not None and eff.amount.text == "devoured":
        n = len(eaten)  # "Devour X, where X is the number of creatures devoured this way"
    if eaten and isinstance(obj, GameObject):
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + \
            game.counters_to_put(obj, "+1/+1", n * len(eaten))
        game.log("counters_put", obj=obj, counter="+1/+1", amount=n * len(eaten),
                 player=player)
    game.__dict__.setdefault("devoured", {})[id(obj)] = len(eaten)
    game.log("devoured", obj=obj, count=len(eaten))


# -- 702.98 unleash -------------------------------------------------------------------------------
def _unleash(kw: Any) -> tuple[Any, ...]:
    """702.98a: "You may have this permanent enter with an additional +1/+1 counter on it" and
    "This permanent can't block as long as it has a +1/+1 counter on it." """
    from rules_engine.text.compiler import compile_face_text

    static = compile_face_text("This creature can't block as long as it has a +1/+1 counter "
                               "on it.", "this creature", "this creature", "Creature").abilities
    if not static or not isinstance(static[0], ab.StaticAbility):
        return ()
    return (ab.EntersReplacement(
        kind="as_enters", effects=(ab.KeywordAction(name="unleash", text="may enter with a "
                                                                         "+1/+1 counter"),),
        subject=_SELF, text=kw.text or "Unleash"), static[0])


def _ka_unleash(ctx: Any, eff: Any) -> None:
    obj = ctx.source
    if isinstance(obj, GameObject) and ctx.game.decider.may(
            ctx.controller.name, f"{obj.name} enters with a +1/+1 counter (unleash)"):
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + \
            ctx.game.counters_to_put(obj, "+1/+1", 1)
        ctx.game.log("counters_put", obj=obj, counter="+1/+1", amount=1, player=ctx.controller)


# -- 702.44 sunburst ------------------------------------------------------------------------------
def _sunburst(kw: Any) -> tuple[Any, ...]:
    """702.44a: "If this object is entering the battlefield from the stack as a creature, it
    enters with a +1/+1 counter on it for each color of mana spent to cast it. Otherwise, it
    enters with a charge counter on it for each color of mana spent to cast it." (702.44b:
    cast without mana, or not cast, it gets none.)"""
    return (ab.EntersReplacement(
        kind="as_enters", effects=(ab.KeywordAction(name="sunburst", text="counters for each "
                                                                          "color spent"),),
        subject=_SELF, text=kw.text or "Sunburst"),)


def _ka_sunburst(ctx: Any, eff: Any) -> None:
    obj = ctx.source
    if not isinstance(obj, GameObject):
        return
    spent = (getattr(obj, "choices_made", None) or {}).get("mana_spent") or {}
    n = sum(1 for color in "WUBRG" if spent.get(color, 0) > 0)
    if n <= 0:
        return
    kind = "+1/+1" if obj.is_creature else "charge"
    obj.counters[kind] = obj.counters.get(kind, 0) + n
    ctx.game.log("counters_put", obj=obj, counter=kind, amount=n, player=ctx.controller)


# -- 702.121 melee --------------------------------------------------------------------------------
def _melee(kw: Any) -> tuple[Any, ...]:
    """702.121a: "Whenever this creature attacks, it gets +1/+1 until end of turn for each
    opponent you attacked this combat." In a two-player game that is +1/+1 when a creature of
    yours attacks the opponent (not only planeswalkers or battles), the "melee" action."""
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("attacks", subject=_SELF, text="this creature attacks"),
        effects=(ab.KeywordAction(name="melee", text="+1/+1 for each opponent attacked"),),
        text=kw.text or "Melee"),)


def _ka_melee(ctx: Any, eff: Any) -> None:
    game = ctx.game
    obj = ctx.source
    attacked = {id(o.attacking) for o in game.battlefield
                if o.controller is ctx.controller and isinstance(o.attacking, Player)}
    n = len(attacked)
    if n and isinstance(obj, GameObject) and obj.zone == "battlefield":
        obj.mods.append(Mod(n, n, until="eot", timestamp=game.next_timestamp()))
        game.log("melee", obj=obj, amount=n)


# -- 702.104 tribute ------------------------------------------------------------------------------
def _tribute(kw: Any) -> tuple[Any, ...]:
    """702.104a: "As this creature enters, choose an opponent. That player may put an
    additional N +1/+1 counters on it." 702.104b: "if tribute wasn't paid" looks at that
    choice (the "tribute_not_paid" condition)."""
    n = _num(kw)
    if n is None:
        return ()
    return (ab.EntersReplacement(
        kind="as_enters", effects=(ab.KeywordAction(name="tribute", amount=ab.Amount(n),
                                                    text=f"tribute {n}"),),
        subject=_SELF, text=kw.text or f"Tribute {n}"),)


def _ka_tribute(ctx: Any, eff: Any) -> None:
    game = ctx.game
    obj = ctx.source
    if not isinstance(obj, GameObject):
        return
    n = eff.amount.value if eff.amount is not None and eff.amount.value else 0
    opponents = list(game.opponents(ctx.controller))
    if not opponents:
        return
    who = opponents[0] if len(opponents) == 1 else game.decider.choose(
        ctx.controller.name, "opponent for tribute (702.104a)", opponents)
    paid = game.decider.may(who.name, f"put {n} +1/+1 counters on {obj.name} (tribute)")
    if paid:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + game.counters_to_put(obj, "+1/+1", n)
        game.log("counters_put", obj=obj, counter="+1/+1", amount=n, player=who)
    game.__dict__.setdefault("tribute", {})[id(obj)] = (obj.timestamp, paid)
    game.log("tribute", obj=obj, player=who, paid=paid)


def _tribute_not_paid(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    stamp, paid = game.__dict__.get("tribute", {}).get(id(source), (None, True))
    return stamp == getattr(source, "timestamp", None) and not paid


# -- 702.165 backup -------------------------------------------------------------------------------
def _backup(kw: Any) -> tuple[Any, ...]:
    """702.165a: "Backup N" means "When this creature enters, put N +1/+1 counters on target
    creature. If that's another creature, it gains the following abilities until end of
    turn." (the abilities printed after backup on the card, 702.165b; the "backup" action
    reads them from the card as it resolves)."""
    n = _num(kw)
    if n is None:
        return ()
    target = ab.Target(kind="creature", filter=ab.ObjectFilter(card_types=("creature",),
                                                              text="creature"),
                       min_count=1, max_count=1, index=0, text="target creature")
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("enters", subject=_SELF, text="this creature enters"),
        effects=(ab.KeywordAction(name="backup", amount=ab.Amount(n), subject=ab.Ref(
            "target", target=target, text="target creature"), text=f"backup {n}"),),
        text=kw.text or f"Backup {n}"),)


def _following(obj: GameObject) -> tuple[Any, ...]:
    """The abilities printed after the backup keyword on ``obj`` (702.165b), without the
    records backup itself stands for."""
    from rules_engine import compiled

    abilities = list(compiled.object_abilities(obj))
    for i, a in enumerate(abilities):
        if isinstance(a, ab.KeywordAbility) and a.name == "backup":
            own = {id(r) for r in compiled.keyword_records(a, obj.name, obj.face.name,
                                                           obj.face.type_line)}
            return tuple(x for x in abilities[i + 1:] if id(x) not in own)
    return ()


def _ka_backup(ctx: Any, eff: Any) -> None:
    game = ctx.game
    src = ctx.source
    n = eff.amount.value if eff.amount is not None and eff.amount.value else 0
    for obj in _objects(ctx, eff.subject):
        if not isinstance(obj, GameObject) or obj.zone != "battlefield":
            continue
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + game.counters_to_put(obj, "+1/+1", n)
        game.log("counters_put", obj=obj, counter="+1/+1", amount=n, player=ctx.controller)
        if obj is not src and isinstance(src, GameObject):
            following = _following(src)
            if following:
                names = tuple(a.name for a in following if isinstance(a, ab.KeywordAbility))
                obj.mods.append(Mod(keywords=names, abilities=following, until="eot",
                                    timestamp=game.next_timestamp()))
                game.log("backup_abilities", obj=obj, source=src)


# -- 702.156 ravenous -----------------------------------------------------------------------------
def _ravenous(kw: Any) -> tuple[Any, ...]:
    """702.156a: "This permanent enters with X +1/+1 counters on it" and "When this permanent
    enters, if X is 5 or more, draw a card." (X is the X paid as it was cast, 107.3m)"""
    from rules_engine.text.compiler import compile_face_text

    enters = compile_face_text("This creature enters with X +1/+1 counters on it.",
                               "this creature", "this creature", "Creature").abilities
    if not enters or not isinstance(enters[0], ab.EntersReplacement):
        return ()
    draw = ab.TriggeredAbility(
        trigger=ab.Trigger("enters", subject=_SELF, text="this permanent enters"),
        condition=ab.Condition("x_at_least", amount=ab.Amount(5), text="if X is 5 or more"),
        effects=(ab.Draw(player=ab.Ref("you"), amount=ab.Amount(1), text="draw a card"),),
        text="When this permanent enters, if X is 5 or more, draw a card.")
    return (enters[0], draw)


def _x_at_least(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    need = cond.amount.value if cond.amount is not None and cond.amount.value else 0
    return int(getattr(source, "x", 0) or 0) >= need


registry.register_keyword_builders({
    "ravenous": _ravenous,
    "backup": _backup,
    "tribute": _tribute,
    "unleash": _unleash, "sunburst": _sunburst, "melee": _melee,
    "mentor": _mentor, "renown": _renown, "bloodthirst": _bloodthirst, "riot": _riot,
    "evolve": _evolve, "graft": _graft, "devour": _devour,
})
registry.register_keyword_actions({
    "become renowned": _ka_become_renowned, "riot": _ka_riot, "evolve": _ka_evolve,
    "graft move": _ka_graft_move, "devour": _ka_devour, "unleash": _ka_unleash,
    "sunburst": _ka_sunburst, "melee": _ka_melee, "tribute": _ka_tribute,
    "backup": _ka_backup,
})
conditions._MORE.update({"tribute_not_paid": _tribute_not_paid, "x_at_least": _x_at_least,
                         "not_renowned": _not_renowned, "evolve_greater": _evolve_greater,
                         "opponent_dealt_damage_this_turn": _opponent_dealt_damage})
