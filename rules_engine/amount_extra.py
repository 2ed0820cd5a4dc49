"""Worded quantities, a third set of shapes (helper amt, session 7), registered into
:mod:`rules_engine.amounts` like :mod:`rules_engine.amount_families` (one grammar: the audit's
``amounts.understood`` asks these functions too):

- players who answered or could not follow the instruction before (608.2c-d): "for each
  opponent who does", "... who doesn't", "... who can't" (the ``may_answered`` events of this
  resolution, logged by ``effects.flow.h_may``);
- counters an object had as it last existed (608.2h): "the number of counters it had on it";
- spells cast from a zone this turn (601.2a): "spells you've cast from anywhere other than your
  hand this turn";
- ownership against control (108.3, 110.2): "permanents you own that your opponents control",
  "creatures you control but don't own";
- "creatures you control of that type" (the chosen type, 607.2d);
- every counter of the game (122.1): "counters among players and permanents";
- the Ring-bearer's power (701.54a);
- keyword abilities found among creatures (702, 113.3): "the number of abilities from among
  flying, first strike, ... found among creatures you control";
- dungeons completed (309.7): "differently named dungeons you've completed";
- "cards in your graveyard that were put there from the battlefield this turn" (400.7: the card
  is still the object that went there);
- "the greatest power among Dragon cards in your graveyard or other Dragons you control" (one
  set made of two);
- "cards you own in exile and in your graveyard that are Oozes or are named ~" / "that's an
  instant card, a sorcery card, or a card that has an Adventure" (715: an adventurer card);
- "unlocked doors among Rooms you control" (709.5c);
- "foretold cards you own in exile" (702.143), "suspended cards you own" (702.62b: in exile).

Each returns None for words it does not read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rules_engine import (
    amount_families,  # noqa: F401  (its families are asked first)
    amounts,
    compiled,
    targeting,
)
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks

_RESOLVING = ("spell_resolving", "ability_resolving")


def _this_resolution(game: Game) -> list[Any]:
    """The events since the resolving spell or ability began to resolve (608.2), oldest first."""
    found = []
    for e in reversed(game.events):
        if e.name in _RESOLVING:
            break
        found.append(e)
    return found[::-1]


# the events of an instruction a player followed ("each opponent discards a card")
_DEEDS = frozenset({"discarded", "sacrificed", "drew", "life_lost", "milled", "token_created",
                    "exiled", "paid", "cost_paid"})


def _answered(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """608.2d: "for each opponent who does" - the players who chose to follow the optional
    instruction before; "who doesn't" / "who didn't" those who declined; "who can't" those
    who did not follow the instruction before (nothing to discard, 701.9b)."""
    m = re.fullmatch(r"(?:the number of )?(?P<who>opponents?|players?) who (?P<what>does|do|did|"
                     r"doesn't|don't|didn't|does not|can't|cannot|couldn't)", text.strip(), re.I)
    if m is None:
        return None
    group = game.opponents(controller) if m.group("who").lower().startswith("opponent") \
        else list(game.living)
    what = m.group("what").lower()
    events = _this_resolution(game)
    if what in ("can't", "cannot", "couldn't"):
        acted = {id(e.data.get("player")) for e in events if e.name in _DEEDS}
        acted |= {id(getattr(e.data.get("obj"), "owner", None)) for e in events
                  if e.name in ("discarded", "sacrificed")}
        return sum(1 for p in group if id(p) not in acted)
    yes = what in ("does", "do", "did")
    answers: dict[int, bool] = {}
    for e in events:
        if e.name == "may_answered" and isinstance(e.data.get("player"), Player):
            answers[id(e.data["player"])] = bool(e.data.get("yes"))
    return sum(1 for p in group if id(p) in answers and answers[id(p)] == yes)


def _had_counters(game: Game, text: str, controller: Player, source: Any,
                  ctx: Any) -> int | None:
    """608.2h: "the number of counters it had on it" - as the object last existed on the
    battlefield (the triggering event keeps it)."""
    m = re.fullmatch(r"(?:the number of )?(?:(?P<kind>\S+) )?counters? (?P<obj>it|that creature|"
                     r"~|that permanent) had on it", text.strip(), re.I)
    if m is None:
        return None
    obj = amounts._object(game, m.group("obj"), controller, source, ctx)
    if obj is None:
        return 0
    known = amounts._last_known(ctx, obj)
    if known is None and ctx is not None and ctx.event is not None:
        lki = ctx.event.data.get("lki")
        known = lki if getattr(lki, "obj", None) is obj else None
    counters = known.counters if known is not None else obj.counters
    kind = m.group("kind")
    return counters.get(kind, 0) if kind else sum(counters.values())


def _cast_from(game: Game, text: str, controller: Player, source: Any,
               ctx: Any) -> int | None:
    """601.2a: the spells cast this turn from a zone ("from anywhere other than your hand")."""
    m = re.fullmatch(r"(?:the number of )?(?P<what>.*?)spells? (?P<who>you|they)(?:'ve| have)? "
                     r"cast from (?P<zone>anywhere other than (?:your|their) hand|(?:your|their) "
                     r"graveyard|exile|(?:your|their) hand|(?:your|their) library) this turn",
                     text.strip(), re.I)
    if m is None:
        return None
    flt = None
    if m.group("what").strip():
        flt = amounts._filter(m.group("what").strip() + " spells")
        if flt is None:
            return None
    zone = m.group("zone").lower()
    player: Any = controller
    if m.group("who").lower() == "they" and ctx is not None and isinstance(ctx.focus, Player):
        player = ctx.focus
    n = 0
    for e in game.events_this_turn("spell_cast"):
        obj = e.data.get("obj")
        if e.data.get("player") is not player or not isinstance(obj, GameObject):
            continue
        came = getattr(obj, "cast_from", None) or "hand"
        if zone.startswith("anywhere"):
            if came == "hand":
                continue
        elif zone.split()[-1] != came:
            continue
        if flt is not None and not targeting.matches(
                game, obj, replace(flt, zone=None, controller=None, owner=None), controller,
                source, zone_check=False):
            continue
        n += 1
    return n


def _owned_controlled(game: Game, text: str, controller: Player, source: Any,
                      ctx: Any) -> int | None:
    """108.3 / 110.2: "permanents you own that your opponents control", "creatures you
    control but don't own"."""
    low = text.strip()
    m = re.fullmatch(r"(?:the number of )?(?P<noun>.+?) you own that (?:your opponents|an "
                     r"opponent|opponents) controls?", low, re.I)
    if m:
        owner_is_you, ctl_is_you = True, False
    else:
        m = re.fullmatch(r"(?:the number of )?(?P<noun>.+?) you control but (?:don't|do not) own",
                         low, re.I)
        owner_is_you, ctl_is_you = False, True
    if m is None:
        return None
    flt = amounts._filter(m.group("noun"))
    if flt is None or any(not targeting.qualifier_understood(q) for q in flt.qualifiers):
        return None
    plain = replace(flt, controller=None, owner=None, zone=None)
    return sum(1 for o in game.permanents()
               if (o.owner is controller) == owner_is_you and
               (o.controller is controller) == ctl_is_you and
               targeting.matches(game, o, plain, controller, source))


def _of_that_type(game: Game, text: str, controller: Player, source: Any,
                  ctx: Any) -> int | None:
    """607.2d: "creatures you control of that type" after "Choose a creature type" is the
    chosen type."""
    m = re.fullmatch(r"(?P<head>.+?) of that (?P<what>type|color|creature type)(?P<tail>.*)",
                     text.strip(), re.I)
    if m is None:
        return None
    what = "color" if m.group("what").lower() == "color" else "type"
    words = f"{m.group('head')} of the chosen {what}{m.group('tail')}"
    return amounts._sub(game, words, controller, source, ctx)


def _every_counter(game: Game, text: str, controller: Player, source: Any,
                   ctx: Any) -> int | None:
    """122.1: "for each counter among players and permanents": every counter on every
    permanent and every player (poison 122.1f, energy 122.1f, other kinds kept per player)."""
    if not re.fullmatch(r"(?:the number of )?counters? (?:among|on) (?:players and permanents|"
                        r"permanents and players)", text.strip(), re.I):
        return None
    n = sum(sum(o.counters.values()) for o in game.permanents())
    d = game.__dict__
    names = {p.name for p in game.players}
    for key, table in d.items():
        if isinstance(table, dict) and (key == "energy" or key == "poison_counters" or
                                        key.startswith("player_")):
            n += sum(int(v) for k, v in table.items() if k in names and isinstance(v, int))
    return n


def _ring_bearer(game: Game, text: str, controller: Player, source: Any,
                 ctx: Any) -> int | None:
    """701.54a: "your Ring-bearer's power" (0 without a Ring-bearer)."""
    m = re.fullmatch(r"your ring-bearer's (?P<stat>power|toughness|mana value)", text.strip(),
                     re.I)
    if m is None:
        return None
    entry = game.__dict__.get("ring", {}).get(controller.name) or {}
    obj, stamp = entry.get("bearer") or (None, None)
    if not isinstance(obj, GameObject) or obj.zone != "battlefield" or \
            obj.timestamp != stamp or obj.controller is not controller:
        return 0  # (701.54e: kept by mechanics/the_ring as the object and its timestamp)
    bearer = obj
    return amounts._stat(game, bearer, m.group("stat").lower(), ctx)


def _abilities_among(game: Game, text: str, controller: Player, source: Any,
                     ctx: Any) -> int | None:
    """702 / 113.3: "the number of abilities from among flying, first strike, ... found among
    creatures you control": each listed keyword that one of those creatures has."""
    m = re.fullmatch(r"(?:the number of )?abilities from among (?P<list>.+?) found among "
                     r"(?P<set>.+)", text.strip(), re.I)
    if m is None:
        return None
    names = [w.strip().lower() for w in re.split(r",\s*(?:and |or )?|\s+and\s+|\s+or\s+",
                                                  m.group("list")) if w.strip()]
    objs = hooks.matching(game, m.group("set"), controller, source)
    if objs is None:
        return None
    return sum(1 for k in names if any(compiled.has_keyword(o, k) for o in objs))


def _dungeons(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """309.7: "differently named dungeons you've completed" (each completion is logged)."""
    m = re.fullmatch(r"(?:the number of )?(?P<diff>differently named )?dungeons? you(?:'ve| have)"
                     r" completed", text.strip(), re.I)
    if m is None:
        return None
    done = [e.data.get("dungeon") for e in game.events if e.name == "dungeon_completed" and
            e.data.get("player") is controller]
    return len(set(done)) if m.group("diff") else len(done)


def _from_battlefield(game: Game, text: str, controller: Player, source: Any,
                      ctx: Any) -> int | None:
    """"nonland cards in that player's graveyard that were put there from the battlefield this
    turn": the cards now there whose last move, this turn, was from the battlefield (400.7)."""
    m = re.fullmatch(r"(?:the number of )?(?P<noun>.+?) in (?P<whose>your|their|that player's|"
                     r"target player's|target opponent's|all|an opponent's) graveyards? that "
                     r"(?:was|"
                     r"were) put there from the battlefield this turn", text.strip(), re.I)
    if m is None:
        return None
    flt = amounts._filter(m.group("noun") + " in your graveyard")
    if flt is None or any(not targeting.qualifier_understood(q) for q in flt.qualifiers):
        return None
    whose = m.group("whose").lower()
    if whose == "your":
        players = [controller]
    elif whose == "all":
        players = list(game.players)
    elif whose == "an opponent's":
        players = game.opponents(controller)
    else:
        named = amounts._players_named(game, whose[:-2], controller, source, ctx)
        if named is None:
            return None
        players = named[1]
    went = {id(e.data.get("obj")) for e in game.events_this_turn("left_battlefield")
            if e.data.get("to") == "graveyard"}
    plain = replace(flt, zone=None, controller=None, owner=None)
    return sum(1 for p in players for o in p.graveyard
               if id(o) in went and o.came_from == "battlefield" and
               targeting.matches(game, o, plain, controller, source, zone_check=False))


def _greatest_of_either(game: Game, text: str, controller: Player, source: Any,
                        ctx: Any) -> int | None:
    """"the greatest power among Dragon cards in your graveyard or other Dragons you control":
    one set made of two groups."""
    m = re.fullmatch(r"(?:the )?(?P<how>greatest|highest|least|smallest) (?P<stat>power|toughness|"
                     r"mana value) among (?P<a>.+?) or (?P<b>.+)", text.strip(), re.I)
    if m is None or not re.search(r"\b(?:in (?:your|all|their)|you control|you own|on the "
                                  r"battlefield)\b", m.group("a"), re.I):
        return None  # ("creatures or planeswalkers you control" is one group, not two)
    a = hooks.matching(game, m.group("a"), controller, source)
    b = hooks.matching(game, m.group("b"), controller, source)
    if a is None or b is None:
        return None
    objs = {id(o): o for o in (*a, *b)}.values()
    values = [amounts._stat(game, o, m.group("stat").lower(), ctx) for o in objs]
    how = m.group("how").lower()
    return (max if how in ("greatest", "highest") else min)(values, default=0)


def _predicate(game: Game, words: str, obj: GameObject, controller: Player,
               source: Any) -> bool | None:
    """One alternative of "that's an instant card, a sorcery card, or a card that has an
    Adventure" / "that are Oozes or are named ~"; None when not understood."""
    w = re.sub(r"^(?:are|is|that's|that is|a|an|have|has)\s+", "", words.strip(), flags=re.I)
    w = re.sub(r"^(?:a|an)\s+", "", w, flags=re.I)
    low = w.lower()
    if low in ("named ~",):
        src = amounts._source(None, source)
        return isinstance(src, GameObject) and obj.name == src.name
    if re.fullmatch(r"(?:cards? (?:that )?(?:has|have) )?(?:an )?adventure", low):
        card = getattr(obj, "card", None)
        return getattr(card, "layout", "") == "adventure"  # 715.1
    flt = amounts._filter(w)
    if flt is None or any(not targeting.qualifier_understood(q) for q in flt.qualifiers):
        return None
    return targeting.matches(game, obj, replace(flt, zone=None, controller=None, owner=None),
                             controller, source, zone_check=False)


def _zones_with_predicate(game: Game, text: str, controller: Player, source: Any,
                          ctx: Any) -> int | None:
    """"cards you own in exile and in your graveyard that are Oozes or are named ~" (each card
    of those zones that fits one of the alternatives, counted once)."""
    m = re.fullmatch(r"(?:the (?:total )?number of )?(?P<noun>cards?) you own in (?P<zones>exile "
                     r"and in your graveyard|your graveyard and in exile|exile|your graveyard) "
                     r"(?:that's|that is|that are|which are) (?P<pred>.+)", text.strip(), re.I)
    if m is None:
        return None
    parts = [p for p in re.split(r",\s*(?:and/or |or |and )?|\s+and/or\s+|\s+or\s+",
                                 m.group("pred")) if p.strip()]
    zones = [z for z in ("exile", "graveyard") if z in m.group("zones").lower()]
    n = 0
    for zone in zones:
        for obj in getattr(controller, zone):
            answers = [_predicate(game, p, obj, controller, source) for p in parts]
            if any(a is None for a in answers):
                return None
            n += any(answers)
    return n


def _doors(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """709.5c: "unlocked doors among Rooms you control" (each half's designation)."""
    m = re.fullmatch(r"(?:the number of )?unlocked doors? (?:among|of) (?P<set>.+)", text.strip(),
                     re.I)
    if m is None:
        return None
    objs = hooks.matching(game, m.group("set"), controller, source)
    if objs is None:
        return None
    return sum(bin(int(getattr(o, "doors", 0) or 0)).count("1") for o in objs)


def _in_exile_states(game: Game, text: str, controller: Player, source: Any,
                     ctx: Any) -> int | None:
    """"suspended cards you own" (702.62b: only in exile) are "suspended cards you own in
    exile"; "foretold card you own in exile" (702.143) read the same way."""
    m = re.fullmatch(r"(?:the number of )?(?P<state>suspended|foretold) (?P<noun>cards?|[\w-]+ "
                     r"cards?) you own(?: in exile)?", text.strip(), re.I)
    if m is None:
        return None
    state = m.group("state").lower()
    flt = amounts._filter(m.group("noun") + " you own in exile")
    if flt is None:
        return None
    holds = targeting.QUALIFIERS.get(state)
    if holds is None:
        return None
    plain = replace(flt, zone=None, controller=None, owner=None)
    return sum(1 for o in controller.exile if holds(game, o, source) and targeting.matches(
        game, o, plain, controller, source, zone_check=False))


def _those_players(game: Game, text: str, controller: Player, source: Any,
                   ctx: Any) -> int | None:
    """"the number of creatures those opponents control" after "Choose any number of target
    opponents" (608.2c: the players chosen before): the sum over those players."""
    m = re.fullmatch(r"(?:the number of )?(?P<what>.+?) those (?:players|opponents) "
                     r"control", text.strip(), re.I)
    if m is None:
        return None
    players = [p for p in (ctx.those if ctx is not None else []) if isinstance(p, Player)]
    if ctx is None or (not players and ctx.item is None):
        players = [controller]  # (the audit's probe: no resolution to name them)
    values = [amounts._sub(game, f"{m.group('what')} you control", p, source, ctx)
              for p in players]
    return None if any(v is None for v in values) else sum(v or 0 for v in values)


def _difference(game: Game, text: str, controller: Player, source: Any,
                ctx: Any) -> int | None:
    """"If that player has more cards in hand than you, draw cards equal to the difference"
    (the two numbers the condition just compared, kept by ``effects.flow.h_conditional``)."""
    if text.strip().lower() not in ("the difference", "equal to the difference"):
        return None
    if ctx is None or ctx.item is None:
        return 0  # (the audit's probe)
    kept = game.__dict__.get("compared_difference")
    if not kept or kept[0] is not ctx:
        return None
    return kept[1]


def _of_each(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """"where X is the power of each creature you control" (701.10b, "Double the power of each
    creature you control"): counted for each creature in turn by ``effects.flow.h_with_x``,
    that creature being "it" then."""
    m = re.fullmatch(r"the (?P<stat>power|toughness) of each .+", text.strip(), re.I)
    if m is None:
        return None
    obj = ctx.it if ctx is not None else None
    if isinstance(obj, GameObject):
        return obj.power if m.group("stat").lower() == "power" else obj.toughness
    return 0 if ctx is None or ctx.item is None else None


amounts.register_families([_answered, _had_counters, _cast_from, _owned_controlled,
                           _of_that_type, _every_counter, _ring_bearer, _abilities_among,
                           _dungeons, _from_battlefield, _zones_with_predicate, _doors,
                           _in_exile_states, _greatest_of_either, _those_players,
                           _difference, _of_each])

__all__ = ["_answered"]
