"""Evaluating the deed and object-state conditions of :mod:`rules_engine.text.conditions_deeds`
from the turn's events (500: the log of this turn, newest first) and the objects' state;
registered in ``conditions._MORE``:

- ``player_deed``: "<player> created a token this turn" (111.2, ``token_created``), "committed a
  crime" (700.13: a spell, activated or triggered ability of theirs that targets an opponent,
  an opponent's permanent, spell or ability or a card in an opponent's graveyard), "descended"
  (700.? ability word of LCI: a permanent card was put into their graveyard from anywhere),
  "put a counter on a creature / on ~" (122.1, ``counters_put``), "discarded a card"
  (701.9), "cast a blue and/or black spell" (601.2i: the spell's characteristics as cast),
  "was dealt N or more combat damage" (120.3);
- ``object_deed``: "that creature entered this turn" (603.6a), "~ didn't attack this turn"
  (508.1), "it was dealt damage this turn" (120.3);
- ``died_this_turn``: "a Phyrexian died under your control this turn" (700.4: the creature as
  it last existed on the battlefield, 608.2h);
- ``graveyard_entered``: "a creature card was put into your graveyard from anywhere this
  turn" (400.7, the moves ``Game.move`` keeps as ``graveyard_entries``);
- ``spell_warped_this_turn``: "a spell was warped this turn" (702.185a);
- ``object_quality``: "~ is modified / equipped / enchanted" (700.9, 301.5, 303.4: the filter
  words of ``registry.QUALIFIERS``); ``object_attached``: "~ is attached to a creature";
  ``object_controlled_by``: "you control that creature" (108.4); ``object_compare``: "that
  creature has greater power or toughness than ~" (208.1).

An intervening "if" (603.4) is checked without a resolving ability: "that creature" there is
the object of the triggering event (``conditions_more.TRIGGER_EVENT``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_engine import amount_families, compiled, conditions, conditions_more, registry, targeting
from rules_engine.abilities import Ref
from rules_engine.game import Game
from rules_engine.mechanics import suspend, the_ring
from rules_engine.mechanics.trigger_events import commits_crime
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks

_CRIME_EVENTS = ("spell_cast", "ability_activated", "ability_triggered_on_stack")


def _bare(flt: Any) -> Any:
    """The filter without the zone or controller words the noun grammar may add: the deed's
    subject says whose it was."""
    if flt is None:
        return None
    return replace(flt, zone=None, controller=None, owner=None)


def _fits(game: Game, obj: Any, flt: Any, controller: Player, source: Any) -> bool:
    if flt is None:
        return True
    if not isinstance(obj, GameObject):
        return False
    return targeting.matches(game, obj, _bare(flt), controller, source, zone_check=False)


# -- players ----------------------------------------------------------------------------------
def _deed_count(game: Game, player: Player, cond: Any, controller: Player, source: Any) -> int:
    """How many times ``player`` did the deed this turn (``cond.detail``)."""
    deed, _, rest = (cond.detail or "").partition(":")
    kind, _, on = rest.partition("@") if "@" in rest else (rest, "", "")
    kind = kind.split(":")[0]  # ("combat:by": a source filter is given)
    if "@" in deed:
        deed, _, on = deed.partition("@")
    flt = cond.filter
    n = 0
    if deed == "created":
        for ev in game.events_this_turn("token_created"):
            if ev.data.get("player") is player and _fits(game, ev.data.get("obj"), flt,
                                                         controller, source):
                n += 1
    elif deed == "crime":
        for name in _CRIME_EVENTS:
            n += sum(1 for ev in game.events_this_turn(name) if ev.data.get("player") is player
                     and commits_crime(ev.data.get("obj"), player))
    elif deed == "descended":
        n = sum(1 for turn, obj, owner, _frm, permanent in game.__dict__.get(
            "graveyard_entries", ()) if turn == game.turn and owner is player and permanent)
    elif deed == "counters_put":
        for ev in game.events_this_turn("counters_put"):
            obj = ev.data.get("obj")
            if ev.data.get("player") is not player or not ev.data.get("amount", 1):
                continue
            if kind and ev.data.get("counter") != kind:
                continue
            if on == "self" and obj is not source:
                continue
            if on != "self" and not _fits(game, obj, flt, controller, source):
                continue
            n += 1
    elif deed == "discarded":
        n = sum(1 for ev in game.events_this_turn("discarded") if ev.data.get("player") is player
                and _fits(game, ev.data.get("obj"), flt, controller, source))
    elif deed == "cast":  # ("cast:other": another spell than the source itself)
        n = sum(1 for ev in game.events_this_turn("spell_cast") if ev.data.get("player") is player
                and not (kind == "other" and ev.data.get("obj") is source)
                and _fits(game, ev.data.get("obj"), flt, controller, source))
    elif deed == "entered":  # 603.6a: permanents that entered under the player's control
        n = sum(1 for ev in game.events_this_turn("entered") if ev.data.get("player") is player
                and _fits(game, ev.data.get("obj"), flt, controller, source))
    elif deed == "to_graveyard":  # 400.7: cards put into the player's graveyard this turn
        n = sum(1 for turn, _obj, owner, _frm, _perm in game.__dict__.get(
            "graveyard_entries", ()) if turn == game.turn and owner is player)
    elif deed == "played_land":  # 305.1
        n = sum(1 for ev in game.events_this_turn("land_played")
                if ev.data.get("player") is player)
    elif deed == "played_from_exile":  # 601.2a, 305.1: spells cast or lands played from exile
        n = sum(1 for ev in game.events_this_turn("spell_cast") if ev.data.get("player") is player
                and getattr(ev.data.get("obj"), "cast_from", None) == "exile")
        n += sum(1 for ev in game.events_this_turn("land_played")
                 if ev.data.get("player") is player
                 and getattr(ev.data.get("obj"), "came_from", None) == "exile")
    elif deed == "left_graveyard":  # 400.7: cards that left their graveyard, any zone
        n = sum(1 for ev in game.events_this_turn("left_graveyard")
                if ev.data.get("player") is player)
    elif deed == "dealt_damage":
        for ev in game.events_this_turn("damage_dealt"):
            if ev.data.get("recipient") is not player:
                continue
            if flt is not None and not _fits(game, getattr(ev.data.get("source"), "source",
                                                           ev.data.get("source")),
                                             flt, controller, source):
                continue  # "dealt combat damage by a legendary creature"
            if kind == "combat" and not ev.data.get("combat"):
                continue
            if kind == "noncombat" and ev.data.get("combat"):
                continue
            n += int(ev.data.get("amount", 0))
    return n


def player_deed(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """Each player the subject names against the amount ("an opponent": any of them, "each
    opponent": all, "no player": none)."""
    how, players = conditions_more._players(game, cond.subject.kind, controller)
    results = [conditions_more._compare(_deed_count(game, p, cond, controller, source),
                                        cond.amount) for p in players]
    if how == "any":
        return any(results)
    if how == "none":
        return not any(results)
    return bool(results) and all(results)


# -- objects ----------------------------------------------------------------------------------
def _objects(game: Game, cond: Any, source: Any) -> list[Any]:
    """The objects a subject names. In an intervening "if" (no resolving ability, 603.4), "it"
    and "that creature" are the triggering event's object (of a damage event, the creature
    dealt damage or the one that dealt it, whichever is not the source). "The discarded card"
    is the card discarded to pay the cost (601.2h, 602.2b). An Aura's "that creature" is the
    creature it enchants (303.4)."""
    ref = cond.subject
    text = (ref.text or "").lower() if ref is not None else ""
    ctx = conditions_more.CURRENT.get()
    ev = conditions_more.TRIGGER_EVENT.get()
    if text == "the discarded card":
        return conditions_more._sacrificed(ctx, source)
    if ctx is None and ev is not None and ref is not None and ref.kind == "it":
        found = [ev.data.get("recipient"), ev.data.get("source")] if \
            ev.name == "damage_dealt" else [ev.data.get("obj")]
        found = [getattr(o, "source", o) for o in found]
        found = [o for o in found if isinstance(o, GameObject)]
        if found:
            others = [o for o in found if o is not source]
            return (others or found)[:1]
    objs = conditions_more._objects(game, cond, source)
    if text.startswith("that creature") and isinstance(source, GameObject) and \
            not source.is_creature and isinstance(source.attached_to, GameObject):
        objs = [source.attached_to if o is source else o for o in objs]
    return objs


def object_deed(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """The object's own events this turn: it entered (603.6a), attacked (508.1), blocked
    (509.1), was dealt [combat / noncombat] damage (120.3)."""
    deed, _, kind = (cond.detail or "").partition(":")
    for obj in _objects(game, cond, source):
        if deed == "counters_times":  # how many times counters were put on it this turn
            times = sum(1 for ev in game.events_this_turn("counters_put")
                        if ev.data.get("obj") is obj and ev.data.get("amount", 1))
            if conditions_more._compare(times, cond.amount):
                return True
        elif deed == "damage_total":  # "if 4 or more damage was dealt to it this turn"
            total = sum(int(ev.data.get("amount", 0)) for ev in game.events_this_turn(
                "damage_dealt") if ev.data.get("recipient") is obj)
            if conditions_more._compare(total, cond.amount):
                return True
        elif deed == "was_blocked":  # 509.1h: it became blocked
            if any(ev.data.get("obj") is obj for ev in game.events_this_turn("became_blocked")):
                return True
        elif deed.startswith("dealt_to_"):  # 120.3: it dealt damage to a player
            for ev in game.events_this_turn("damage_dealt"):
                who = ev.data.get("recipient")
                if getattr(ev.data.get("source"), "source", ev.data.get("source")) is obj and \
                        isinstance(who, Player) and ev.data.get("amount") and (
                            kind != "combat" or ev.data.get("combat")) and (
                            deed == "dealt_to_player" or who is not controller):
                    return True
        elif deed == "entered":
            if any(ev.data.get("obj") is obj for ev in game.events_this_turn("entered")):
                return True
        elif deed in ("attacked", "blocked"):
            name = "attacks" if deed == "attacked" else "blocks"
            if any(ev.data.get("obj") is obj for ev in game.events_this_turn(name)):
                return True
        elif deed == "dealt_damage":
            for ev in game.events_this_turn("damage_dealt"):
                if ev.data.get("recipient") is not obj or not ev.data.get("amount"):
                    continue
                if kind == "excess":  # 120.10 (``combat.deal_damage`` records it)
                    if ev.data.get("excess"):
                        return True
                    continue
                if kind and (kind == "combat") != bool(ev.data.get("combat")):
                    continue
                return True
    return False


def died_this_turn(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """700.4: creatures put into a graveyard from the battlefield this turn, judged as they last
    existed (608.2h); "under your control" by their controller then; "another" not the
    source."""
    whose, _, other = (cond.detail or "any").partition(":")
    n = 0
    for ev in game.events_this_turn("dies"):
        obj, lki = ev.data.get("obj"), ev.data.get("lki")
        if lki is None or (whose == "you" and lki.controller is not controller):
            continue
        if other and obj is source:
            continue
        if cond.filter is not None and not _lki_fits(game, obj, lki, cond.filter, controller):
            continue
        n += 1
    return conditions_more._compare(n, cond.amount)


def _lki_fits(game: Game, obj: Any, lki: Any, flt: Any, controller: Player) -> bool:
    """The filter against the object as it last existed (608.2h): its card types and
    creature-ness from the last known information, the rest (subtypes, colours: unchanged by
    the move for a card) from the card itself."""
    types = {t.lower() for t in lki.types} | ({"creature"} if lki.is_creature else set())
    if flt.card_types and not any(t in types or t == "permanent" for t in flt.card_types):
        return False  # (alternatives: "an artifact or creature")
    if any(t in types for t in flt.excluded_types):
        return False
    rest = replace(_bare(flt), card_types=(), excluded_types=())
    return not isinstance(obj, GameObject) or targeting.matches(
        game, obj, rest, controller, None, zone_check=False)


def graveyard_entered(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """400.7: cards put into a graveyard this turn (``detail`` "you"/"any" whose graveyard,
    "any"/"battlefield" from where)."""
    whose, _, frm = (cond.detail or "any:any").partition(":")
    n = 0
    for turn, obj, owner, from_zone, _perm in game.__dict__.get("graveyard_entries", ()):
        if turn != game.turn or (whose == "you" and owner is not controller):
            continue
        if frm == "battlefield" and from_zone != "battlefield":
            continue
        if cond.filter is not None and not targeting.matches(
                game, obj, _bare(cond.filter), controller, None, zone_check=False):
            continue
        n += 1
    return conditions_more._compare(n, cond.amount)


def spell_warped_this_turn(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702.185a: a spell was cast for its warp cost this turn (anyone's)."""
    return bool(game.events_this_turn("warp_paid"))


_DESIGNATIONS = ("suspected", "monstrous", "renowned")


def object_quality(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"~ is modified / equipped / enchanted": the filter word's own test
    (``registry.QUALIFIERS``, 700.9, 301.5, 303.4)."""
    if cond.detail in _DESIGNATIONS:
        # 701.60b suspected, 701.37b monstrous, 702.112b renowned: kept until it leaves the
        # battlefield (400.7); one that left is judged as it last existed (608.2h)
        for o in _objects(game, cond, source):
            seen = conditions_more._last_known(game, o)
            stamp = getattr(seen, "timestamp", None)
            if any(d is o and t == stamp for d, t in game.__dict__.get(cond.detail, ())):
                return True
        return False
    test = registry.QUALIFIERS.get(cond.detail or "")
    if test is None:
        return False
    for o in _objects(game, cond, source):
        if not isinstance(o, GameObject):
            continue
        if o.zone == "battlefield":
            if test(game, o, source):
                return True
            continue
        # 608.2h: as it last existed: the Auras / Equipment attached as it left
        lki = conditions_more._last_known(game, o)
        kind = {"enchanted": "Aura", "equipped": "Equipment"}.get(cond.detail or "")
        if kind and lki is not o and any(kind in getattr(a.face, "subtypes", ())
                                         for a in getattr(lki, "attached", ())):
            return True
    return False


def object_attached(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"~ is attached to a creature" (301.5, 303.4: what it is attached to fits the filter)."""
    for obj in _objects(game, cond, source):
        host = getattr(obj, "attached_to", None)
        if isinstance(host, GameObject) and targeting.matches(
                game, host, _bare(cond.filter), controller, source, zone_check=False):
            return True
    return False


def object_controlled_by(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """108.4: the object's controller (as it last existed once it has left, 608.2h) is one of
    the players the subject names."""
    how, players = conditions_more._players(game, cond.detail or "you", controller)
    for obj in _objects(game, cond, source):
        seen = conditions_more._last_known(game, obj)
        owner_of = getattr(seen, "controller", None)
        if how == "none":
            return owner_of not in players
        if owner_of in players:
            return True
    return False


def object_compare(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """208.1: "greater power or toughness than ~": either of the named characteristics is
    greater than the source's."""
    if not isinstance(source, GameObject):
        return False
    stats = (cond.detail or "power").split("|")
    for obj in _objects(game, cond, source):
        seen = conditions_more._last_known(game, obj)
        if any(int(getattr(seen, s, 0) or 0) > int(getattr(source, s, 0) or 0) for s in stats):
            return True
    return False


def _payer(cond: Any, source: Any) -> Any:
    """Whose payment "mana ... was spent to cast it / activate this ability" asks about: the
    resolving ability itself, the triggering spell ("Whenever you cast a spell, if ... to cast
    it"), else the source (the spell resolving, or the permanent it became)."""
    ctx = conditions_more.CURRENT.get()
    if cond.detail == "activate":
        return getattr(ctx, "item", None) if ctx is not None else None
    if cond.detail == "it":
        ev = conditions_more.TRIGGER_EVENT.get() or getattr(ctx, "event", None)
        if ev is not None and ev.name == "spell_cast" and ev.data.get("obj") is not source:
            return ev.data.get("obj")
    return source


def mana_from(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """106.3, 601.2h: how much of the mana spent came from sources the filter names (their card
    types and subtypes as they produced it: a Treasure, a creature)."""
    payer = _payer(cond, source)
    sources = (getattr(payer, "choices_made", None) or {}).get("mana_sources") or ()
    flt = cond.filter
    n = 0
    for words, _obj in sources:
        if flt is not None and flt.card_types and not any(t in words for t in flt.card_types):
            continue
        if flt is not None and flt.subtypes and not any(t.lower() in words
                                                        for t in flt.subtypes):
            continue
        n += 1
    return conditions_more._compare(n, cond.amount)


def printed_alt_cost_paid(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """118.9: the spell (or the permanent it became) was cast for its printed alternative cost
    ("You may pay {1}{B} rather than pay this spell's mana cost. If the {1}{B} cost was paid,
    ..."; marked by ``mechanics/alt_costs``)."""
    return bool((getattr(source, "choices_made", None) or {}).get("alternative_cost"))


def object_keyword(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702: the object has the keyword now; one that left the battlefield is judged by the
    abilities its card or token still shows (its last known information, 608.2h)."""
    return any(isinstance(o, GameObject) and compiled.has_keyword(o, cond.detail or "")
               for o in _objects(game, cond, source))


def shares_card_type(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """205.2a: the object and the other have a card type in common ("the exiled card": the
    cards exiled with the source, 607.2a)."""
    others = [source] if cond.detail == "self" else conditions._exiled_with(game, source)
    mine = {t for o in _objects(game, cond, source) if isinstance(o, GameObject)
            for t in o.face.types}
    return any(mine & set(getattr(getattr(o, "face", None), "types", ()) or ()) for o in others)


def ring_bearer(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """701.54e: "~ is your Ring-bearer" (the source is), "you control a Ring-bearer" (you have
    one on the battlefield)."""
    bearer = the_ring.ring_bearer(game, controller)
    if cond.subject is not None and cond.subject.kind == "self":
        return bearer is not None and bearer is source
    return bearer is not None


def ring_tempted(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """701.54c: how many times the Ring has tempted you this game."""
    entry = game.__dict__.get("ring", {}).get(controller.name) or {}
    return conditions_more._compare(int(entry.get("count", 0)), cond.amount)


def control_sharing_type(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """205.3m: N or more of your creatures (the filter) with one creature type in common; a
    changeling has every creature type (702.73a)."""
    mine = [o for o in game.permanents(controller)
            if targeting.matches(game, o, _bare(cond.filter), controller, source)]
    every = [o for o in mine if compiled.has_keyword(o, "changeling")]
    counts: dict[str, int] = {}
    for o in mine:
        if o in every:
            continue
        for t in set(o.face.subtypes):
            counts[t] = counts.get(t, 0) + 1
    best = max(counts.values(), default=0) + len(every)
    return conditions_more._compare(best, cond.amount)


def madness_paid(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702.35b: the spell was cast for its madness cost (marked by ``mechanics/madness``)."""
    return bool((getattr(source, "choices_made", None) or {}).get("madness_paid"))


def life_over_starting(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """103.4: life at least N more than the starting life total (20 in a two-player game)."""
    how, players = conditions_more._players(game, cond.subject.kind, controller)
    need = int(cond.amount.value) if cond.amount is not None and cond.amount.value else 0
    start = int(game.__dict__.get("starting_life", 20))
    results = [p.life >= start + need for p in players]
    return any(results) if how == "any" else bool(results) and all(results)


def creatures_attacked_this_turn(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """508.1: one or more creatures were declared as attackers this turn (anyone's)."""
    return bool(game.events_this_turn("attacks"))


def shares_creature_type(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """205.3m: a creature type in common with the source; changeling is every type (702.73a)."""
    if not isinstance(source, GameObject):
        return False
    for obj in _objects(game, cond, source):
        if not isinstance(obj, GameObject):
            continue
        if (compiled.has_keyword(obj, "changeling") and compiled.has_keyword(source,
                                                                              "changeling")):
            return True
        mine, theirs = set(obj.face.subtypes), set(source.face.subtypes)
        creature_like = {"Creature", "Kindred", "Tribal"}
        if compiled.has_keyword(obj, "changeling") and theirs and \
                creature_like & set(source.face.types):
            return True
        if compiled.has_keyword(source, "changeling") and mine and \
                creature_like & set(obj.face.types):
            return True
        if mine & theirs and creature_like & set(obj.face.types) and \
                creature_like & set(source.face.types):
            return True
    return False


def drew_this_way(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """608.2c: cards you drew while this spell or ability resolves ("If you don't draw a card
    this way", "If you draw one or more cards this way")."""
    ctx = conditions_more.CURRENT.get()
    n = sum(1 for ev in amount_families._this_resolution(game, ctx, "drew")
            if ev.data.get("player") is controller)
    return conditions_more._compare(n, cond.amount)


def put_into_hand_this_way(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """608.2c: one of the cards the instruction before looked at or revealed ("it", "them") is
    now in your hand ("If you didn't put a card into your hand this way, draw a card")."""
    ctx = conditions_more.CURRENT.get()
    if ctx is None:
        return False
    seen = [*ctx.those, *([ctx.it] if ctx.it is not None else []), *ctx.chosen]
    return any(isinstance(o, GameObject) and o.zone == "hand" and o.owner is controller
               for o in seen)


def object_cast(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """601.2i: the object came from a spell that was cast [from that zone] ("if it wasn't
    cast": put onto the battlefield otherwise, 400.7)."""
    return any(conditions._cast_from(game, cond, controller, o)
               for o in _objects(game, cond, source) if isinstance(o, GameObject))


def step_is(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """500.1: the current step is one of those named (anyone's turn)."""
    return game.step in (cond.detail or "").split("|")


def blocking_self(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """509.1: how many creatures block the source."""
    blockers = getattr(source, "blockers", None) or []
    return conditions_more._compare(len(blockers), cond.amount)


def attacked_you(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """508.1: a creature attacked you (or a planeswalker you control) this step / combat /
    turn ("if you've been attacked this step")."""
    for ev in game.events_this_turn("attacks"):
        if cond.detail == "step" and ev.step != game.step:
            continue
        target = ev.data.get("defender")
        if target is controller or getattr(target, "controller", None) is controller:
            return True
    return False


def control_same_name(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """201.2: N or more of your permanents the filter names share one name."""
    counts: dict[str, int] = {}
    for o in game.permanents(controller):
        if targeting.matches(game, o, _bare(cond.filter), controller, source):
            counts[o.name] = counts.get(o.name, 0) + 1
    return conditions_more._compare(max(counts.values(), default=0), cond.amount)


def control_pt(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """208.1: a permanent of yours with exactly that power and toughness."""
    p, _, t = (cond.detail or "0/0").partition("/")
    return any(o.power == int(p) and o.toughness == int(t) and targeting.matches(
        game, o, _bare(cond.filter), controller, source) for o in game.permanents(controller))


def controlled_since_turn(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """302.6: under its controller's control continuously since their most recent turn began
    (the summoning-sickness test, without regard to haste)."""
    return isinstance(source, GameObject) and source.zone == "battlefield" and \
        source.controller is controller and not source.sick


def suspended_now(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702.62b: in exile, with suspend and a time counter on it."""
    return isinstance(source, GameObject) and suspend.suspended(source)


def life_under_half_starting(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """103.4, 119.1: a life total below half the starting life total (20 in a two-player game,
    so 9 or less)."""
    how, players = conditions_more._players(game, cond.subject.kind, controller)
    start = int(game.__dict__.get("starting_life", 20))
    results = [p.life * 2 < start for p in players]
    return any(results) if how == "any" else bool(results) and all(results)


def _spell(cond: Any, source: Any) -> Any:
    """The spell "it" / "that spell" names: the triggering spell ("Whenever a player casts a
    spell, if no colored mana was spent to cast it"), the spell an instruction targeted
    ("Counter target spell. If the amount of mana spent to cast that spell ..."), else the
    source itself."""
    if cond.detail == "~":
        return source
    ev = conditions_more.TRIGGER_EVENT.get()
    ctx = conditions_more.CURRENT.get()
    ev = ev or getattr(ctx, "event", None)
    if ev is not None and ev.name == "spell_cast":
        return ev.data.get("obj")
    if ctx is not None:
        found = [o for o in hooks.resolve_ref(ctx, Ref("it")) if isinstance(o, GameObject)]
        if found:
            return found[0]
    return source


def mana_spent_under_mv(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """601.2h, 202.3: less mana was spent to cast the spell than its mana value."""
    spell = _spell(cond, source)
    spent = (getattr(spell, "choices_made", None) or {}).get("mana_spent") or {}
    return isinstance(spell, GameObject) and sum(spent.values()) < game.mana_value_of(spell)


def colored_mana_spent(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """106.1, 601.2h: some coloured mana was spent to cast the spell."""
    spent = (getattr(_spell(cond, source), "choices_made", None) or {}).get("mana_spent") or {}
    return any(spent.get(c, 0) for c in "WUBRG")


def ring_bearer_other(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """701.54a: your Ring-bearer is a creature other than the source."""
    bearer = the_ring.ring_bearer(game, controller)
    return bearer is not None and bearer is not source


def counters_put_on_yours(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """122.1: a counter of that kind was put this turn on a permanent the filter names that you
    control (by anyone)."""
    for ev in game.events_this_turn("counters_put"):
        obj = ev.data.get("obj")
        if not ev.data.get("amount", 1) or (cond.detail and ev.data.get("counter") !=
                                             cond.detail):
            continue
        if isinstance(obj, GameObject) and obj.controller is controller and _fits(
                game, obj, cond.filter, controller, source):
            return True
    return False


def dealt_damage_this_way(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """120.3, 608.2c: the resolving instruction dealt damage to an object the filter names."""
    ctx = conditions_more.CURRENT.get()
    return any(isinstance(ev.data.get("recipient"), GameObject) and ev.data.get("amount") and
               _fits(game, ev.data.get("recipient"), cond.filter, controller, source)
               for ev in amount_families._this_resolution(game, ctx, "damage_dealt"))


def object_pt(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """208.1: exactly that power and toughness (as it last existed, 608.2h)."""
    p, _, t = (cond.detail or "0/0").partition("/")
    for obj in _objects(game, cond, source):
        seen = conditions_more._last_known(game, obj)
        if int(getattr(seen, "power", -99)) == int(p) and \
                int(getattr(seen, "toughness", -99)) == int(t):
            return True
    return False


def attached_count(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """303.4, 301.5: how many Auras (or Equipment) are attached to the object."""
    for obj in _objects(game, cond, source):
        n = sum(1 for o in game.battlefield if o.attached_to is obj and
                cond.detail in o.face.subtypes)
        if conditions_more._compare(n, cond.amount):
            return True
    return False


def control_greatest(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """208.1: a creature you control has the greatest power (or toughness) among creatures on
    the battlefield, alone or tied."""
    stat = cond.detail or "power"
    creatures = [o for o in game.battlefield if o.is_creature and not o.phased_out]
    if not creatures:
        return False
    best = max(getattr(o, stat) for o in creatures)
    return any(o.controller is controller and getattr(o, stat) == best for o in creatures)


def entered_from(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """400.7: the source came to the battlefield from that zone (``came_from``; a spell from
    the stack, whose card was cast from there, counts as cast, not as entered from it)."""
    return isinstance(source, GameObject) and source.zone == "battlefield" and \
        getattr(source, "came_from", None) == cond.detail


def first_spell_this_game(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """601.2i: the source is the first spell its controller cast this game (asked as it is
    being cast, before it became cast: no spell of theirs was cast yet)."""
    for ev in game.events:
        if ev.name == "spell_cast" and ev.data.get("player") is controller:
            return ev.data.get("obj") is source
    return True


def control_named(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """201.2: a permanent with that name under your control."""
    return any(o.name == cond.detail for o in game.permanents(controller))


def attacked_player_poisoned(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """506.4, 122.1f: a player being attacked this combat has a poison counter."""
    attacked = {id(o.attacking): o.attacking for o in game.battlefield
                if isinstance(o.attacking, Player)}
    return any(conditions_more._poison(game, p) > 0 for p in attacked.values())


def colors_spent(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """106.1, 601.2h: how many colours of mana were spent on the payment (the ability's own,
    or the spell's)."""
    payer = _payer(cond, source)
    spent = (getattr(payer, "choices_made", None) or {}).get("mana_spent") or {}
    return conditions_more._compare(sum(1 for c in "WUBRG" if spent.get(c)), cond.amount)


def object_all_colors(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """105.2: white, blue, black, red and green, all five."""
    objs = _objects(game, cond, source)
    ev = conditions_more.TRIGGER_EVENT.get()
    ctx = conditions_more.CURRENT.get()
    ev = ev or getattr(ctx, "event", None)
    if ev is not None and ev.name == "spell_cast" and (cond.subject.text or "") == "that spell":
        objs = [ev.data.get("obj")]  # "Whenever you cast a multicolored spell ... that spell"
    return any(isinstance(o, GameObject) and set("WUBRG") <= set(o.colors) for o in objs)


conditions._MORE.update({
    "object_all_colors": object_all_colors,
    "control_named": control_named, "attacked_player_poisoned": attacked_player_poisoned,
    "colors_spent": colors_spent,
    "entered_from": entered_from, "first_spell_this_game": first_spell_this_game,
    "control_greatest": control_greatest,
    "attached_count": attached_count,
    "counters_put_on_yours": counters_put_on_yours,
    "dealt_damage_this_way": dealt_damage_this_way, "object_pt": object_pt,
    "mana_spent_under_mv": mana_spent_under_mv, "colored_mana_spent": colored_mana_spent,
    "ring_bearer_other": ring_bearer_other,
    "suspended": suspended_now, "life_under_half_starting": life_under_half_starting,
    "step_is": step_is, "blocking_self": blocking_self, "attacked_you": attacked_you,
    "control_same_name": control_same_name, "control_pt": control_pt,
    "controlled_since_turn": controlled_since_turn,
    "object_cast": object_cast,
    "drew_this_way": drew_this_way, "put_into_hand_this_way": put_into_hand_this_way,
    "madness_paid": madness_paid, "life_over_starting": life_over_starting,
    "creatures_attacked_this_turn": creatures_attacked_this_turn,
    "shares_creature_type": shares_creature_type,
    "ring_bearer": ring_bearer, "ring_tempted": ring_tempted,
    "control_sharing_type": control_sharing_type,
    "printed_alt_cost_paid": printed_alt_cost_paid, "object_keyword": object_keyword,
    "shares_card_type": shares_card_type,
    "mana_from": mana_from,
    "player_deed": player_deed, "object_deed": object_deed, "died_this_turn": died_this_turn,
    "graveyard_entered": graveyard_entered, "spell_warped_this_turn": spell_warped_this_turn,
    "object_quality": object_quality, "object_attached": object_attached,
    "object_controlled_by": object_controlled_by, "object_compare": object_compare,
})
