"""Evaluating the composed conditions of :mod:`rules_engine.text.conditions_more`: a subject (a
player or an object) and a predicate about it.

A condition asked while an ability resolves (608.2c) reads its subject through that ability's
:class:`rules_engine.context.Ctx` ("that player", "that creature", "its mana value"); the
resolving handler passes it (``conditions.holds(..., ctx=ctx)``, kept in :data:`CURRENT` for the
one question). Asked without one (an intervening "if" as the ability triggers, 603.4, or a
static ability's "as long as"), "it" is the source itself and "that player" the active player
(the player of "at the beginning of each opponent's upkeep", the common shape).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from rules_engine import compiled, targeting
from rules_engine.abilities import Ref
from rules_engine.context import Ctx
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks

# the resolving ability's context while ``conditions.holds`` answers one question
CURRENT: ContextVar[Ctx | None] = ContextVar("condition_ctx", default=None)
# the event that triggered the ability whose intervening "if" is asked (603.4), set by
# ``conditions.holds(..., event=)``: "if that creature entered this turn" is about its object
TRIGGER_EVENT: ContextVar[Any] = ContextVar("condition_event", default=None)


def _compare(value: int, amt: Any) -> bool:
    """107.1: "N or more" (``amount.text`` None), "N or fewer", "exactly N"."""
    need = int(amt.value) if amt is not None and amt.value is not None else 1
    text = getattr(amt, "text", None)
    if text == "or fewer":
        return value <= need
    if text == "exactly":
        return value == need
    return value >= need


def _this_turn(game: Game):
    for ev in reversed(game.events):
        if ev.turn != game.turn:
            return
        yield ev


# -- players -------------------------------------------------------------------------------------
def _players(game: Game, kind: str, controller: Player) -> tuple[str, list[Player]]:
    """("any"/"all"/"none", the players a subject names)."""
    ctx = CURRENT.get()
    if kind == "you":
        return "all", [controller]
    if kind in ("opponent_any", "opponent_each", "opponent_none"):
        return {"opponent_any": "any", "opponent_each": "all", "opponent_none": "none"}[kind], \
            game.opponents(controller)
    if kind in ("player_any", "player_each", "player_none"):
        return {"player_any": "any", "player_each": "all", "player_none": "none"}[kind], \
            list(game.living)
    if kind == "others_each":
        return "all", [p for p in game.living if p is not controller]
    if kind == "defending_player":
        return "all", [_defender(game, controller)]
    if kind == "that_player":
        if ctx is not None:
            found = [p for p in hooks.resolve_ref(ctx, _ref("that_player")) if
                     isinstance(p, Player)]
            return "all", found[:1]
        return "all", [game.active]
    return "all", []


def _ref(kind: str) -> Ref:
    return Ref(kind)


def _defender(game: Game, controller: Player) -> Player:
    """506.2: the player the source (or, from a trigger, the attacking creatures) attack; the
    next opponent when nothing attacks a player yet."""
    ctx = CURRENT.get()
    src = getattr(ctx, "source", None) if ctx is not None else None
    src = getattr(src, "source", src)
    target = getattr(src, "attacking", None)
    if isinstance(target, Player):
        return target
    for o in game.battlefield:
        if o.controller is controller and isinstance(o.attacking, Player):
            return o.attacking
    foes = game.opponents(controller)
    return foes[0] if foes else controller


def _poison(game: Game, player: Player) -> int:
    return int(game.__dict__.get("poison_counters", {}).get(player.name, 0))  # 122.1f


def _measure(game: Game, player: Player, cond: Any, controller: Player, source: Any) -> int:
    """The number a player predicate compares (119 life, 122.1f poison, 402 hand, 404
    graveyard, 401 library, 107.14 energy; this turn's deeds from the player's counts and the
    event log)."""
    what = cond.detail
    flt = cond.filter
    if what == "hand":
        cards = player.hand
    elif what == "graveyard":
        cards = player.graveyard
    elif what == "library":
        cards = player.library
    elif what == "controls":
        return sum(1 for o in game.permanents(player)
                   if targeting.matches(game, o, _no_controller(flt), controller, source))
    else:
        return _scalar(game, player, what)
    if flt is None:
        return len(cards)
    return sum(1 for c in cards if targeting.matches(game, c, flt, controller, source,
                                                     zone_check=False))


def _scalar(game: Game, player: Player, what: str) -> int:
    if what == "life":
        return player.life
    if what == "poison":
        return _poison(game, player)
    if what == "energy":
        return int(game.__dict__.get("energy", {}).get(player.name, 0))
    if what == "monarch":
        return int(game.monarch is player)
    if what == "life_gained":
        return player.life_gained_turn
    if what == "life_lost":
        return player.life_lost_turn
    if what == "drawn":
        return player.drawn_turn
    if what == "spells_cast":
        return player.spells_cast_this_turn
    if what == "discarded":
        return sum(1 for ev in _this_turn(game) if ev.name == "discarded"
                   and ev.data.get("player") is player)
    if what == "searched":  # 701.23
        return sum(1 for ev in _this_turn(game) if ev.name in ("searched_library", "searched")
                   and ev.data.get("player") is player)
    return 0


def _no_controller(flt: Any) -> Any:
    """The filter of "<player> controls <noun>": the noun itself (the player is the subject)."""
    if flt is None or getattr(flt, "controller", None) is None:
        return flt
    from dataclasses import replace

    return replace(flt, controller=None)


def player_measure(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"an opponent has three or more poison counters", "that player has one or fewer cards in
    hand", "defending player controls no Walls", "an opponent drew three or more cards this
    turn": each named player's number against the amount."""
    how, players = _players(game, cond.subject.kind, controller)
    results = [_compare(_measure(game, p, cond, controller, source), cond.amount)
               for p in players]
    if how == "any":
        return any(results)
    if how == "none":
        return not any(results)
    return bool(results) and all(results)


def player_compare(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"that player has more cards in hand than you", "defending player controls more lands
    than you", "you have more cards in hand than each opponent", "an opponent controls at least
    four more creatures than you": the subject's number against each player on the other side
    (by at least ``amount``)."""
    measure, direction, than = (cond.detail or "::").split(":")
    how, players = _players(game, cond.subject.kind, controller)
    _, others = _players(game, than, controller)
    by = int(cond.amount.value) if cond.amount is not None and cond.amount.value else 1
    probe = type("Probe", (), {"detail": measure, "filter": cond.filter})()

    def beats(p: Player) -> bool:
        mine = _measure(game, p, probe, controller, source)
        rivals = [o for o in others if o is not p]
        if not rivals:
            return False
        if direction == "more":
            return all(mine - _measure(game, o, probe, controller, source) >= by
                       for o in rivals)
        return all(_measure(game, o, probe, controller, source) - mine >= by for o in rivals)

    results = [beats(p) for p in players]
    return any(results) if how == "any" else bool(results) and all(results)


def compared_difference(game: Game, cond: Any, controller: Any, source: Any) -> int | None:
    """"If that player has more cards in hand than you, draw cards equal to the difference":
    how far apart the two numbers a "player_compare" condition compared are (the subject's
    against the first player on the other side); None for another kind of condition."""
    if getattr(cond, "kind", None) != "player_compare":
        return None
    measure, _direction, than = (cond.detail or "::").split(":")
    _, players = _players(game, cond.subject.kind, controller)
    _, others = _players(game, than, controller)
    probe = type("Probe", (), {"detail": measure, "filter": cond.filter})()
    for p in players:
        rivals = [o for o in others if o is not p]
        if rivals:
            return abs(_measure(game, p, probe, controller, source) -
                       _measure(game, rivals[0], probe, controller, source))
    return 0


# -- objects -------------------------------------------------------------------------------------
def _objects(game: Game, cond: Any, source: Any) -> list[Any]:
    """The objects a subject names: through the resolving ability when there is one, else the
    source (or what it is attached to)."""
    ref = cond.subject
    ctx = CURRENT.get()
    if ref.kind in ("enchanted", "equipped"):
        host = getattr(source, "attached_to", None)
        return [host] if isinstance(host, GameObject) else []
    if (ref.text or "").lower().startswith("the sacrificed ") or \
            (ref.text or "").lower() == "the discarded card":
        return _sacrificed(ctx, source)
    if ctx is not None and ref.kind != "self":
        return [o for o in hooks.resolve_ref(ctx, ref) if isinstance(o, GameObject)]
    return [source] if isinstance(source, GameObject) else []


def _sacrificed(ctx: Ctx | None, source: Any) -> list[Any]:
    """"the sacrificed creature", "the discarded card" (608.2h): the object sacrificed or
    discarded to pay the cost of this ability
    (602.2b) or of the spell (601.2h), remembered by casting as ``choices_made["cost_paid"]``."""
    holders = [getattr(ctx, "item", None), getattr(ctx, "source", None)] if ctx is not None \
        else [source]
    for holder in holders:
        paid = [o for o in (getattr(holder, "choices_made", None) or {}).get("cost_paid", ())
                if isinstance(o, GameObject)]
        if paid:
            return paid[-1:]
    return []


def _last_known(game: Game, obj: GameObject) -> Any:
    """608.2h: the object as it last existed on the battlefield, once it has left."""
    if obj.zone == "battlefield":
        return obj
    for ev in reversed(game.events[-500:]):
        if ev.name == "left_battlefield" and ev.data.get("obj") is obj:
            return ev.data.get("lki") or obj
    return obj


def _stat(game: Game, obj: Any, stat: str) -> int:
    if stat == "mana value":
        return game.mana_value_of(obj) if isinstance(obj, GameObject) else int(
            getattr(obj, "mana_value", 0) or 0)
    return int(getattr(obj, stat, 0) or 0)


def object_measure(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"its mana value was 3 or less", "enchanted creature's power is 4 or greater" (202.3,
    208.1; last known information for an object that has left the battlefield, 608.2h)."""
    found = _objects(game, cond, source)
    stat = cond.detail or "power"
    for obj in found:
        seen = _last_known(game, obj) if stat != "mana value" else obj
        if _compare(_stat(game, seen, stat), cond.amount):
            return True
    return False


_VS = {"less than or equal to": lambda a, b: a <= b,
       "greater than or equal to": lambda a, b: a >= b, "less than": lambda a, b: a < b,
       "greater than": lambda a, b: a > b,
       "equal to": lambda a, b: a == b}


def object_vs_amount(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if its mana value is less than or equal to the number of cards in your graveyard" (202.3,
    208.1): the object's characteristic (as it last existed, 608.2h) against an amount counted
    now (rules_engine.amounts); an amount not understood makes the condition false."""
    stat, _, how = (cond.detail or "power|equal to").partition("|")
    ctx = CURRENT.get()
    n = hooks.described_amount(game, (cond.amount.text if cond.amount else "") or "",
                               controller, source, ctx)
    if n is None:
        return False
    for obj in _objects(game, cond, source):
        seen = _last_known(game, obj) if stat != "mana value" else obj
        if _VS.get(how, _VS["equal to"])(_stat(game, seen, stat), n):
            return True
    return False


def object_has(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"that creature has toxic", "it has unearth": the keyword ability (702) it has now."""
    return any(compiled.has_keyword(o, cond.detail or "") for o in _objects(game, cond, source))


def object_is(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"the sacrificed creature was a Human", "that land is a Mountain": the filter matches the
    object (as it is, in any zone; 608.2h: the types it had as it left the battlefield)."""
    for obj in _objects(game, cond, source):
        lki = _last_known(game, obj)
        flt = cond.filter
        if lki is not obj and flt is not None and (flt.card_types or flt.subtypes) and \
                not flt.supertypes and not flt.excluded_subtypes and not flt.excluded_types:
            # (subtypes as it last existed, 603.10a: "if it wasn't a Demon")
            subs = getattr(lki, "subtypes", ())
            if all(lki.is_creature if t == "creature" else t.capitalize() in lki.types
                   for t in flt.card_types) and (not flt.subtypes or (
                    all if flt.subtypes_all else any)(s in subs for s in flt.subtypes)):
                return True
            continue
        if targeting.matches(game, obj, cond.filter, controller, None, zone_check=False):
            return True
    return False


def object_state(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"that creature is attacking / blocking / tapped / untapped" (506.4, 302.6; phased-out
    permanents are treated as nonexistent, 702.26b)."""
    for obj in _objects(game, cond, source):
        if obj.zone != "battlefield" or obj.phased_out:
            continue
        state = cond.detail
        if (state == "attacking" and obj.attacking is not None) or (
                state == "blocking" and obj.blocking) or (state == "tapped" and obj.tapped) or (
                state == "untapped" and not obj.tapped):
            return True
    return False


def object_zone(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if ~ is in your graveyard", "if ~ is on the battlefield" (400.1; "your": its owner's)."""
    for obj in _objects(game, cond, source):
        if obj.zone == cond.detail and (cond.detail != "graveyard" or obj.owner is controller):
            return True
    return False


def object_counters(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"it has a counter on it", "there are no mining counters on ~" (122.1; the counters it had
    as it left the battlefield, 608.2h)."""
    for obj in _objects(game, cond, source):
        counters = getattr(_last_known(game, obj), "counters", None) or {}
        n = counters.get(cond.detail, 0) if cond.detail else sum(counters.values())
        if not _compare(n, cond.amount):
            return False
    return True


# -- the turn, combat, the spell ----------------------------------------------------------------
def attacking_count(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if four or more creatures are attacking", "if a white creature is attacking" (506.4)."""
    n = sum(1 for o in game.battlefield if o.attacking is not None and not o.phased_out
            and targeting.matches(game, o, _no_controller(cond.filter), controller, source))
    return _compare(n, cond.amount)


def x_value(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"If X is 5 or more" (107.3: the value announced for X, 601.2b)."""
    ctx = CURRENT.get()
    x = ctx.x if ctx is not None else (getattr(source, "x", 0) or 0)
    return _compare(int(x), cond.amount)


def left_battlefield_this_turn(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """Revolt (ability word): "if a permanent you controlled left the battlefield this turn"
    (``detail`` "you": under your control as it left, 603.10a), "a nonland permanent left the
    battlefield this turn" (anyone's)."""
    flt = cond.filter
    for ev in _this_turn(game):
        if ev.name != "left_battlefield":
            continue
        lki = ev.data.get("lki")
        if lki is None:
            continue
        if cond.detail == "you" and lki.controller is not controller:
            continue
        if flt is not None and not _lki_matches(lki, flt):
            continue
        return True
    return False


def _lki_matches(lki: Any, flt: Any) -> bool:
    """Card types of a permanent as it left (608.2h): "creature", "nonland permanent"."""
    types = {t.lower() for t in lki.types} | ({"creature"} if lki.is_creature else set())
    if any(t not in types for t in flt.card_types):
        return False
    return not any(t in types for t in flt.excluded_types)


def cast_during_main(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"If you cast ~ during your main phase" (505.1): the spell was cast in a main phase of its
    controller's turn."""
    ctx = CURRENT.get()
    spell = getattr(ctx, "source", None) if ctx is not None else None
    spell = spell if isinstance(spell, GameObject) else source
    for ev in reversed(game.events[-3000:]):
        if ev.name == "spell_cast" and ev.data.get("obj") is spell:
            # (the event keeps no active player: a spell cast in an earlier turn is judged by
            # that turn's parity of the two players' turns)
            return ev.step in ("main1", "main2") and ev.turn == game.turn and \
                game.active is ev.data.get("player")
    return False


def during_main(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if it's your main phase" (505.1)."""
    return game.active is controller and game.step in ("main1", "main2")


def first_combat(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if it's the first combat phase of the turn" (500.8: additional combat phases follow)."""
    return sum(1 for ev in _this_turn(game) if ev.name == "step_began"
               and ev.data.get("step") == "beginning_of_combat") <= 1


def attacking_that_player(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"each opponent attacking that player" (508.1b): the player checked controls a creature
    attacking the player the trigger names ("Whenever enchanted player is attacked")."""
    ctx = CURRENT.get()
    ev = getattr(ctx, "event", None) if ctx is not None else None
    that = ev.data.get("player") if ev is not None else None
    if not isinstance(that, Player) or that is controller:
        return False
    return any(o.controller is controller and o.attacking is that for o in game.battlefield)


def controls_greatest_power(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"you control the creature with the greatest power [or tied for the greatest power]"
    (208.1): among all creatures on the battlefield; without "or tied", only a creature whose
    power no other creature's equals."""
    creatures = [o for o in game.battlefield if o.is_creature and not o.phased_out]
    if not creatures:
        return False
    top = max(o.power for o in creatures)
    best = [o for o in creatures if o.power == top]
    if cond.detail != "tied" and len(best) > 1:
        return False
    return any(o.controller is controller for o in best)


MORE_KINDS: dict[str, Any] = {
    "attacking_that_player": attacking_that_player,
    "controls_greatest_power": controls_greatest_power,
    "player_measure": player_measure, "player_compare": player_compare,
    "object_measure": object_measure, "object_has": object_has, "object_is": object_is,
    "object_vs_amount": object_vs_amount,
    "object_zone": object_zone, "object_state": object_state, "object_counters": object_counters,
    "attacking_count": attacking_count, "x_value": x_value,
    "left_battlefield_this_turn": left_battlefield_this_turn,
    "cast_during_main": cast_during_main, "during_main": during_main,
    "first_combat": first_combat,
}
