"""More worded quantities (helper "amt"), registered into :mod:`rules_engine.amounts` like
:mod:`rules_engine.amount_families` (so ``amounts.understood`` asks them too):

- counters on a player (122.1): "experience counters you have", "poison counters its
  controller has", "rad counters among players" (kept per kind by
  ``effects.counters.player_counters``; poison on the player, 122.1f);
- "the number of times you've cast your commander from the command zone this game" (903.8:
  the spells you cast from the command zone; a game without one has none);
- "cards exiled with ~" / "creature cards exiled with it" (607.2a, 406.6: the cards in exile
  that an instruction of this object, this incarnation of it, exiled);
- "that damage", "the damage" in a triggered ability of a damage event (603.2: the amount the
  triggering event dealt);
- "noncreature spells they've cast this turn" (601.2i: the turn's spell_cast events by that
  player, the spell judged by the filter);
- "cards with a cycling ability" (702: read as the filter word "with cycling");
- "opponents who drew a card this way" (608.2c: the players the events of this resolution
  name).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rules_engine import amounts, targeting
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player

_COUNTER_OWNER = re.compile(
    r"(?:the number of )?(?P<kind>[a-z]+) counters? (?P<who>you have|its controller has|"
    r"that player has|they have|among players)", re.I)


def _player_counters(game: Game, text: str, controller: Player, source: Any,
                     ctx: Any) -> int | None:
    """122.1: counters of one kind on a player."""
    m = _COUNTER_OWNER.fullmatch(text.strip())
    if m is None:
        return None
    kind, who = m.group("kind").lower(), m.group("who").lower()
    if who == "among players":
        players = list(game.players)
    elif who == "you have":
        players = [controller]
    elif who == "its controller has":
        obj = ctx.focus if ctx is not None and isinstance(ctx.focus, GameObject) else (
            ctx.it if ctx is not None and isinstance(ctx.it, GameObject) else None)
        if obj is None:
            obj = amounts._source(ctx, source)
        if not isinstance(obj, GameObject):
            return None
        players = [obj.controller]
    else:
        focus = ctx.focus if ctx is not None else None
        players = [focus] if isinstance(focus, Player) else [controller]
    return sum(_on_player(game, p, kind) for p in players)


def _on_player(game: Game, player: Player, kind: str) -> int:
    if kind == "poison":  # (combat._poison keeps them, 122.1f)
        return int(game.__dict__.get("poison_counters", {}).get(player.name, 0))
    table = game.__dict__.get("energy" if kind == "energy" else f"player_{kind}", {})
    return int(table.get(player.name, 0))


def _commander_casts(game: Game, text: str, controller: Player, source: Any,
                     ctx: Any) -> int | None:
    """903.8: each time you've cast a commander from the command zone this game."""
    if not re.fullmatch(r"(?:the number of )?times? you've cast (?:your|a) commander from the "
                        r"command zone this game", text.strip(), re.I):
        return None
    return sum(1 for e in game.events if e.name == "spell_cast" and
               e.data.get("player") is controller and
               getattr(e.data.get("obj"), "cast_from", None) == "command")


def _exiled_with(game: Game, text: str, controller: Player, source: Any,
                 ctx: Any) -> int | None:
    """607.2a: the cards an instruction of this object exiled (``GameObject.exiled_with``)."""
    m = re.fullmatch(r"(?:the number of )?(?P<noun>.+?) exiled with (?:it|~|this \w+)",
                     text.strip(), re.I)
    if m is None:
        return None
    flt = amounts._filter(m.group("noun"))
    if flt is None or any(not targeting.qualifier_understood(q) for q in flt.qualifiers):
        return None
    src = amounts._source(ctx, source)
    if not isinstance(src, GameObject):
        return 0
    key = (src, src.timestamp)
    plain = replace(flt, zone=None, controller=None, owner=None)
    return sum(1 for p in game.players for c in p.exile if c.exiled_with == key and
               targeting.matches(game, c, plain, controller, source, zone_check=False))


def _that_damage(game: Game, text: str, controller: Player, source: Any,
                 ctx: Any) -> int | None:
    """603.2: "that damage" is what the triggering damage event dealt."""
    if text.strip().lower() not in ("that damage", "the damage", "that much damage",
                                    "equal to that damage", "equal to the damage"):
        return None
    if ctx is None or ctx.event is None:
        return 0 if ctx is not None and ctx.item is None else None
    data = ctx.event.data
    if ctx.event.name == "damage_dealt":
        return int(data.get("amount", 0) or 0)
    if ctx.event.name == "combat_damage_to_player":
        # 510.2: the combat damage this step from the source to that player (one event for
        # all its sources; the damage events just before it say how much each dealt)
        src = amounts._source(ctx, source)
        total = 0
        for e in reversed(game.events):
            if e.name == "step_began":
                break
            if e.name == "damage_dealt" and e.data.get("combat") and e.data.get(
                    "source") is src and e.data.get("recipient") is data.get("player"):
                total += int(e.data.get("amount", 0) or 0)
        return total
    return None


def _spells_by(game: Game, text: str, controller: Player, source: Any,
               ctx: Any) -> int | None:
    """601.2i: "noncreature spells they've cast this turn" (the turn's spell_cast events)."""
    m = re.fullmatch(r"(?:the number of )?(?P<what>.+?) (?:spells?) (?P<who>you|they|that player)"
                     r"(?:'ve| have| has)? cast this turn", text.strip(), re.I)
    if m is None:
        return None
    flt = amounts._filter(m.group("what") + " spells")
    if flt is None or any(not targeting.qualifier_understood(q) for q in flt.qualifiers):
        return None
    who = m.group("who").lower()
    player: Any = controller
    if who != "you" and ctx is not None:
        ev_player = ctx.event.data.get("player") if ctx.event is not None else None
        player = ctx.focus if isinstance(ctx.focus, Player) else ev_player
        if ctx.item is None and ctx.event is None:
            player = controller  # (the audit's probe: no trigger to name the player)
        if not isinstance(player, Player):
            return None
    plain = replace(flt, zone=None, controller=None, owner=None)
    return sum(1 for e in game.events_this_turn("spell_cast")
               if e.data.get("player") is player and isinstance(e.data.get("obj"), GameObject)
               and targeting.matches(game, e.data["obj"], plain, controller, source,
                                     zone_check=False))


_WHO_DID = {"drew": "drew", "discarded": "discarded", "sacrificed": "sacrificed",
            "lost life": "life_lost", "gained life": "life_gained", "created": "token_created"}


def _players_who_did(game: Game, text: str, controller: Player, source: Any,
                     ctx: Any) -> int | None:
    """608.2c: "for each opponent who drew a card this way": the players an event of that
    kind names since this resolution began (the resolving event of the spell or ability)."""
    m = re.fullmatch(r"(?:the number of )?(?P<who>opponents?|players?) who (?P<verb>drew|"
                     r"discarded|sacrificed|lost life|gained life|created)\b.*? this way",
                     text.strip(), re.I)
    if m is None:
        return None
    group = game.opponents(controller) if m.group("who").lower().startswith("opponent") \
        else list(game.players)
    name = _WHO_DID[m.group("verb").lower()]
    found: set[int] = set()
    for e in reversed(game.events):
        if e.name in ("spell_resolving", "ability_resolving"):
            break
        who = e.data.get("player")
        if e.name == name and isinstance(who, Player) and who in group:
            found.add(id(who))
    return len(found)


def _keyword_ability(game: Game, text: str, controller: Player, source: Any,
                     ctx: Any) -> int | None:
    """"cards with a cycling ability in your graveyard": the keyword itself (702.29), the
    filter word ``with cycling`` (mechanics/filter_words)."""
    m = re.search(r"\bwith an? (?P<kw>[a-z-]+(?: [a-z-]+)?) ability\b", text, re.I)
    if m is None:
        return None
    words = text[:m.start()] + f"with {m.group('kw')}" + text[m.end():]
    return amounts._sub(game, words, controller, source, ctx)


amounts.register_families([_player_counters, _commander_casts, _exiled_with, _that_damage,
                           _spells_by, _players_who_did, _keyword_ability])
