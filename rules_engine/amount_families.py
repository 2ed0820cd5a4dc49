"""More families of worded quantities (107.1, 107.3, 608.2h): the shapes of "for each ...",
"where X is ..." and "equal to ..." that :mod:`rules_engine.amounts` did not know.

Each family reads one *shape* of noun phrase, never one card's sentence, and counts it from the
game state:

* objects on the battlefield, of every player: "for each creature on the battlefield", "the
  number of other Goblins on the battlefield" (the same counted words, no controller);
* kicker: "for each time it was kicked", "the number of times ~ was kicked" (702.33d);
* what players did this turn, from the event log: "cards you've discarded this turn", "cards
  your opponents have drawn this turn", "the greatest number of cards an opponent has drawn
  this turn", "tokens you created this turn", "permanents you've sacrificed this turn",
  "Zubera that died this turn", "creatures that died under your control this turn",
  "creatures put into your graveyard from the battlefield this turn", "creatures that left the
  battlefield under your control this turn", "1 life you gained this turn", "the total life lost
  by your opponents this turn", "nontoken creatures you control that entered this turn",
  "creatures you controlled that dealt combat damage to a player this turn", "the greatest
  amount of damage dealt by a source to a permanent or player this turn" (500, 120);
* what this resolution did (608.2c "this way"): "the damage dealt this way", "charge counters
  removed this way", "the greatest number of cards a player discarded this way";
* players with a property: "opponents who control more lands than you", "opponents who have
  less life than you", "opponents who have three or more poison counters" (122.1f), "opponents
  who have one or fewer cards in hand", "opponents who were dealt damage this turn", "players who
  have lost the game" (104.3), "opponents whose life total is less than half their starting life
  total" (103.4);
* combat: "creatures attacking you", "opponents you're attacking", "opponents you attacked this
  turn", "players being attacked" (506.2, 508.1), "creatures blocking it beyond the first"
  (509.1), "attacking creatures other than ~" (= "other attacking creatures"), "other attacking ~"
  (creatures named ~, 201.2);
* life totals: "the highest life total among all players" (119);
* one object: "~'s loyalty" (306.5b: its loyalty counters), "the number of colors that spell is"
  (105.2);
* counters among objects: "lore counters among Sagas you control" (122.1);
* mana symbols: "red mana symbols in the mana costs of permanents you control" (107.4e: a hybrid
  symbol is a symbol of each of its colors; the same count as devotion, 700.5), "blue mana
  symbols in that spell's mana cost" (107.4);
* turns: "the number of turns you have begun" (500.1).

Every family returns None for words it does not read, and counts only with filters whose every
qualifier :func:`rules_engine.targeting.qualifier_understood` checks (a qualifier it does not
check would let every object through, so such words stay unsupported). The families are
registered into :mod:`rules_engine.amounts` (``register_families``), whose ``understood`` probe
asks them too: the audit and the engine read one grammar.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rules_engine import amounts, compiled, targeting
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks


def _sub(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    return amounts._sub(game, text, controller, source, ctx)


def _honest_filter(words: str) -> Any:
    """The filter of counted words, or None when a qualifier in it is one the matcher would
    not check (it would count every object)."""
    flt = amounts._filter(words)
    if flt is None:
        return None
    for part in (flt, *flt.any_of):
        if any(not targeting.qualifier_understood(q) for q in part.qualifiers):
            return None
    return flt


def _matches(game: Game, obj: Any, flt: Any, controller: Player, source: Any) -> bool:
    return isinstance(obj, GameObject) and targeting.matches(
        game, obj, replace(flt, zone=None, controller=None, owner=None), controller, source,
        zone_check=False)


# -- who: the players a phrase names ------------------------------------------------------------
_WHO = (r"(?P<who>you|they|target opponent|target player|that player|your opponents|opponents|"
        r"each opponent|an opponent|a player|each player|players)")


def _who(game: Game, who: str, controller: Player, source: Any,
         ctx: Any) -> tuple[str, list[Player]] | None:
    """("sum" or "max", players): whose deeds are counted. "an opponent"/"a player" is the one
    with the greatest number (read with "the greatest number of")."""
    who = who.lower()
    if who == "you":
        return "sum", [controller]
    if who in ("your opponents", "opponents", "each opponent"):
        return "sum", game.opponents(controller)
    if who in ("each player", "players"):
        return "sum", list(game.living)
    if who == "an opponent":
        return "max", game.opponents(controller)
    if who == "a player":
        return "max", list(game.living)
    named = amounts._players_named(game, who, controller, source, ctx)
    return None if named is None else ("sum", named[1])


def _per_player(how: str, players: list[Player], value: Any) -> int:
    values = [value(p) for p in players]
    if how == "max":
        return max(values, default=0)
    return sum(values)


# -- on the battlefield ---------------------------------------------------------------------------
def _on_battlefield(game: Game, text: str, controller: Player, source: Any,
                    ctx: Any) -> int | None:
    """"creatures on the battlefield": the counted words with no controller (every player's
    permanents, 110.1); "<A> other than ~" is "other <A>" (the source itself left out)."""
    m = re.fullmatch(r"(?:the number of )?(?P<what>.+?) on the battlefield", text, re.I)
    if m and _honest_filter(re.sub(r"\s+named ~$", "", m.group("what"))) is not None:
        return _sub(game, m.group("what"), controller, source, ctx)
    m = re.fullmatch(r"(?:the number of )?(?P<what>.+?) other than (?:~|it|this creature)",
                     text, re.I)
    if m and _honest_filter("other " + m.group("what")) is not None:
        return _sub(game, "other " + m.group("what"), controller, source, ctx)
    # "for each other attacking ~": creatures with the source's name (the compiler wrote ~)
    m = re.fullmatch(r"(?:the number of )?(?P<what>(?:other )?(?:(?:attacking|blocking|"
                     r"tapped|untapped) )?)~", text, re.I)
    if m and m.group("what"):
        return _sub(game, m.group("what") + "creatures named ~", controller, source, ctx)
    return None


# -- kicker -------------------------------------------------------------------------------------
def _kicked(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """702.33d: how many times the spell was kicked (casting keeps it in ``choices_made``; the
    permanent the spell became keeps it, "enters with a counter for each time it was
    kicked")."""
    if not re.fullmatch(r"(?:the number of )?times? (?:it|~|this spell|that spell) was kicked",
                        text, re.I):
        return None
    src = amounts._source(ctx, source)
    return int((getattr(src, "choices_made", None) or {}).get("kicked", 0) or 0)


def _convoked(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """702.51a: "for each creature that convoked it": the creatures tapped for the spell's
    convoke as it was cast (casting logs each)."""
    if not re.fullmatch(r"(?:the number of )?creatures? (?:that )?convoked (?:it|~|this spell)",
                        text, re.I):
        return None
    src = amounts._source(ctx, source)
    pending = found = 0  # each convoke tap is paid while casting, before its spell_cast event
    for e in game.events:
        if e.name == "convoked":
            pending += 1
        elif e.name == "spell_cast":
            if e.data.get("obj") is src:
                found = pending  # (the last time this object was cast)
            pending = 0
    return found


# -- deeds of this turn ---------------------------------------------------------------------
_DEED_EVENTS = {"drawn": "drew", "drew": "drew", "discarded": "discarded",
                "created": "token_created", "sacrificed": "sacrificed"}


def _deeds(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """"cards you've discarded this turn", "cards your opponents have drawn this turn", "the
    greatest number of cards an opponent has drawn this turn", "tokens you created this turn",
    "permanents you've sacrificed this turn": the events of this turn (500) by those players."""
    m = re.fullmatch(rf"(?P<great>(?:the )?greatest number of )?(?:the number of )?(?P<noun>.+?) "
                     rf"{_WHO}(?:'ve| have| has)? (?P<verb>drawn|drew|discarded|created|"
                     r"sacrificed) this turn", text, re.I)
    if m is None:
        return None
    flt = _honest_filter(m.group("noun"))
    if flt is None:
        return None
    named = _who(game, m.group("who"), controller, source, ctx)
    if named is None:
        return None
    how, players = named
    if m.group("great") is None and how == "max":
        return None  # ("cards an opponent has drawn": only with "the greatest number of")
    events = game.events_this_turn(_DEED_EVENTS[m.group("verb").lower()])

    def count(p: Player) -> int:
        return sum(1 for e in events if e.data.get("player") is p and (
            e.data.get("obj") is None or _matches(game, e.data["obj"], flt, controller,
                                                  source)))

    return _per_player(how, players, count)


def _lki_matches(game: Game, ev: Any, flt: Any, controller: Player, source: Any) -> bool:
    """A permanent that left the battlefield is judged as it last existed there (608.2h): a
    creature then is a creature now, whatever its card is."""
    obj, lki = ev.data.get("obj"), ev.data.get("lki")
    if not isinstance(obj, GameObject):
        return False
    if lki is not None and "creature" in flt.card_types and lki.is_creature:
        flt = replace(flt, card_types=tuple(t for t in flt.card_types if t != "creature"))
    return _matches(game, obj, flt, controller, source)


def _whose(game: Game, words: str | None, controller: Player) -> list[Player] | None:
    """"your" / "an opponent's" / "their" / "a" -> the players meant (None: anyone)."""
    if not words:
        return None
    w = words.lower()
    if w in ("your", "you"):
        return [controller]
    if w in ("an opponent's", "your opponents'", "opponents'", "an opponent"):
        return game.opponents(controller)
    return None


def _left_battlefield(game: Game, text: str, controller: Player, source: Any,
                      ctx: Any) -> int | None:
    """"Zubera that died this turn", "creatures that died under your control this turn" (700.4),
    "creatures put into your graveyard from the battlefield this turn", "creatures that left
    the battlefield under your control this turn": the zone changes of this turn (603.10a)."""
    m = re.fullmatch(r"(?:the number of )?(?P<noun>.+?) that (?:died|have died)(?: under "
                     r"(?P<whose>your|an opponent's|your opponents') control)? this turn",
                     text, re.I)
    kind, to = "dies", None
    if m is None:
        m = re.fullmatch(r"(?:the number of )?(?P<noun>.+?) (?:that were |that was )?put into "
                         r"(?P<owner>your|an opponent's|a|your opponents') graveyards? from "
                         r"the battlefield this turn", text, re.I)
        kind, to = "left_battlefield", "graveyard"
    if m is None:
        m = re.fullmatch(r"(?:the number of )?(?P<noun>.+?) that left the battlefield(?: under "
                         r"(?P<whose>your|an opponent's) control)? this turn", text, re.I)
        kind = "left_battlefield"
    if m is None:
        return None
    flt = _honest_filter(m.group("noun"))
    if flt is None:
        return None
    groups = m.groupdict()
    controllers = _whose(game, groups.get("whose"), controller)
    owners = _whose(game, groups.get("owner"), controller)
    n = 0
    for ev in game.events_this_turn(kind):
        if to is not None and ev.data.get("to") != to:
            continue
        lki, obj = ev.data.get("lki"), ev.data.get("obj")
        if controllers is not None and getattr(lki, "controller", None) not in controllers:
            continue
        if owners is not None and getattr(obj, "owner", None) not in owners:
            continue
        if _lki_matches(game, ev, flt, controller, source):
            n += 1
    return n


def _life_this_turn(game: Game, text: str, controller: Player, source: Any,
                    ctx: Any) -> int | None:
    """"for each 1 life you gained this turn" (119.9: the amount), "the total life lost by your
    opponents this turn", "the life your opponents lost this turn"."""
    low = text.lower()
    m = re.fullmatch(rf"(?:1 |the total |the amount of )?life {_WHO}(?:'ve| have| has)? "
                     r"(?P<verb>gained|lost) this turn", low) or re.fullmatch(
        rf"(?:the )?(?:total )?(?:amount of )?life (?P<verb>gained|lost) by {_WHO} this turn",
        low)
    if m is None:
        return None
    named = _who(game, m.group("who"), controller, source, ctx)
    if named is None:
        return None
    how, players = named
    if m.group("verb") == "lost":
        return _per_player(how, players, lambda p: p.life_lost_turn)
    return _per_player(how, players, lambda p: p.life_gained_turn)


def _entered_this_turn(game: Game, text: str, controller: Player, source: Any,
                       ctx: Any) -> int | None:
    """"nontoken creatures you control that entered this turn": permanents now on the
    battlefield that entered it this turn as the objects they are (400.7)."""
    m = re.fullmatch(r"(?:the number of )?(?P<noun>.+?) that entered(?: the battlefield)? this "
                     r"turn", text, re.I)
    if m is None:
        return None
    flt = _honest_filter(m.group("noun"))
    if flt is None:
        return None
    entered = {id(e.data.get("obj")) for e in game.events_this_turn("entered")}
    return sum(1 for o in game.permanents() if id(o) in entered and targeting.matches(
        game, o, flt, controller, source))


def _damage_this_turn(game: Game, text: str, controller: Player, source: Any,
                      ctx: Any) -> int | None:
    """"creatures you controlled that dealt combat damage to a player this turn" (510.2) and
    "the greatest amount of damage dealt by a source to a permanent or player this turn" (120:
    each source's total to each recipient)."""
    low = text.lower()
    m = re.fullmatch(r"(?:the number of )?(?P<noun>creatures?|permanents?|sources?) (?:you "
                     r"control(?:led)? )?that dealt (?P<combat>combat )?damage to (?:a player|"
                     r"an opponent|a player or planeswalker) this turn", low)
    if m:
        seen: set[int] = set()
        for e in game.events_this_turn("damage_dealt"):
            src, to = e.data.get("source"), e.data.get("recipient")
            if not isinstance(to, Player) or (m.group("combat") and not e.data.get("combat")):
                continue
            if "you control" in low and getattr(src, "controller", None) is not controller:
                continue
            if to is controller and "opponent" in low:
                continue
            if isinstance(src, GameObject) and (m.group("noun").startswith("source")
                                                or src.is_creature
                                                or m.group("noun").startswith("perm")):
                seen.add(id(src))
        return len(seen)
    if re.fullmatch(r"(?:the )?greatest amount of damage dealt by a source to a permanent or "
                    r"player this turn", low):
        totals: dict[tuple[int, int], int] = {}
        for e in game.events_this_turn("damage_dealt"):
            key = (id(e.data.get("source")), id(e.data.get("recipient")))
            totals[key] = totals.get(key, 0) + int(e.data.get("amount", 0))
        return max(totals.values(), default=0)
    return None


# -- what this resolution did (608.2c) ----------------------------------------------------------
def _this_resolution(game: Game, ctx: Any, name: str) -> list[Any]:
    """Events of ``name`` since the resolving spell or ability began to resolve (608.2)."""
    item = getattr(ctx, "item", None) if ctx is not None else None
    if item is None:
        # a replacement applied while a spell resolves ("As Sin enters, remove ... Sin enters
        # with X counters, where X is ... removed this way", 614.12): that spell's resolution
        item = getattr(game, "resolving", None) or getattr(ctx, "source", None)
    if item is None:
        return []
    found = []
    for ev in reversed(game.events):
        if ev.name in ("spell_resolving", "ability_resolving") and ev.data.get("obj") is item:
            break
        if ev.name == name:
            found.append(ev)
    else:
        return []
    return found


def removed_as_cost(ctx: Any, kind: str | None = None) -> int:
    """The counters removed to pay the cost of the resolving ability ("Remove any number of
    charge counters from ~: ...", 602.2b), kept with what was paid (effects/costs.py)."""
    item = getattr(ctx, "item", None) if ctx is not None else None
    paid = (getattr(item, "choices_made", None) or {}).get("cost_paid", ()) or ()
    return sum(int(p[2]) for p in paid if isinstance(p, tuple) and len(p) == 3 and
               p[0] == "counters_removed" and (kind is None or p[1] == kind))


def _this_way(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """"the damage dealt this way" (120.3: what was dealt, after prevention), "charge counters
    removed this way" (122.8), "the greatest number of cards a player discarded this way"."""
    low = text.lower()
    if re.fullmatch(r"(?:the )?(?:amount of |total )?damage (?:dealt|that was dealt) this way",
                    low):
        src = amounts._source(ctx, source)
        return sum(int(e.data.get("amount", 0)) for e in _this_resolution(game, ctx,
                                                                           "damage_dealt")
                   if e.data.get("source") is src or not isinstance(src, GameObject))
    m = re.fullmatch(r"(?:the )?(?:amount of )?excess damage dealt(?: to (?P<to>.+?))? this "
                     r"way", low)
    if m:
        return _excess(game, ctx, m.group("to"), controller, source)
    m = re.fullmatch(r"(?:the number of )?(?:(?P<kind>\S+) )?counters? removed this way", low)
    if m:
        kind = m.group("kind")
        per = amounts._number(kind) if kind else None
        if per:  # "for each five counters removed this way" (Sage of Hours): whole fives
            total = _this_way(game, "counters removed this way", controller, source, ctx) or 0
            return total // per
        found = sum(int(e.data.get("amount", 0)) for e in _this_resolution(game, ctx,
                                                                            "counters_removed")
                    if kind is None or e.data.get("counter") == kind)
        return found or removed_as_cost(ctx, kind)
    m = re.fullmatch(rf"(?:the )?greatest number of cards {_WHO} (?P<verb>discarded|drew) this "
                     r"way", low)
    if m:
        named = _who(game, m.group("who"), controller, source, ctx)
        if named is None:
            return None
        events = _this_resolution(game, ctx, _DEED_EVENTS[m.group("verb")])
        return max((sum(1 for e in events if e.data.get("player") is p) for p in named[1]),
                   default=0)
    return None


def _excess(game: Game, ctx: Any, to: str | None, controller: Player, source: Any) -> int:
    """120.4a / 120.10: damage this resolution dealt to a creature beyond lethal damage: its
    toughness less the damage already marked before (120.6); with a deathtouch source any
    damage past 1 is excess (702.2c). (State-based actions wait until the resolution ends, so
    the creature is still there with the damage marked.)"""
    only = amounts._object(game, to, controller, source, ctx) if to else None
    dealt: dict[int, list[Any]] = {}
    for e in _this_resolution(game, ctx, "damage_dealt"):
        obj = e.data.get("recipient")
        if not isinstance(obj, GameObject) or not obj.is_creature or (
                to and obj is not only):
            continue
        row = dealt.setdefault(id(obj), [obj, 0, False])
        row[1] += int(e.data.get("amount", 0))
        src = e.data.get("source")
        row[2] = row[2] or (isinstance(src, GameObject) and compiled.has_keyword(
            src, "deathtouch"))
    total = 0
    for obj, amount, deathtouch in dealt.values():
        before = max(obj.damage - amount, 0)
        lethal = max(obj.toughness - before, 0)
        if deathtouch:
            lethal = min(lethal, 1)
        total += max(amount - lethal, 0)
    return total


# -- players with a property ----------------------------------------------------------------------
_CMP = {"more": lambda a, b: a > b, "greater": lambda a, b: a > b,
        "fewer": lambda a, b: a < b, "less": lambda a, b: a < b}


def _poison(game: Game, player: Player) -> int:
    """122.1f: the poison counters a player has (kept by the combat code)."""
    return int(game.__dict__.get("poison_counters", {}).get(player.name, 0))


def _player_value(game: Game, what: str, player: Player, source: Any, ctx: Any) -> int | None:
    what = what.lower()
    if what in ("life", "life total"):
        return player.life
    if what in ("poison counters", "poison counter"):
        return _poison(game, player)
    if what in ("cards in hand", "cards in their hand", "card in hand", "cards in his or her "
                                                                        "hand"):
        return len(player.hand)
    return None


def _has_property(game: Game, pred: str, p: Player, controller: Player, source: Any,
                  ctx: Any) -> bool | None:
    """Whether player ``p`` fits the words after "who": None when they are not understood."""
    m = re.fullmatch(r"(?:controls?|control) (?P<cmp>more|fewer) (?P<noun>.+?) than you", pred)
    if m:
        if _honest_filter(m.group("noun")) is None:
            return None
        theirs = _sub(game, m.group("noun") + " you control", p, source, ctx)
        mine = _sub(game, m.group("noun") + " you control", controller, source, ctx)
        if theirs is None or mine is None:
            return None
        return _CMP[m.group("cmp")](theirs, mine)
    m = re.fullmatch(r"(?:has|have) (?P<cmp>more|less) life than you", pred)
    if m:
        return _CMP[m.group("cmp")](p.life, controller.life)
    m = re.fullmatch(r"(?:has|have) (?P<n>\w+) or (?P<cmp>more|fewer|greater|less) (?P<what>.+)",
                     pred)
    if m and amounts._number(m.group("n")) is not None:
        value = _player_value(game, m.group("what"), p, source, ctx)
        if value is None:
            return None
        n = amounts._number(m.group("n")) or 0
        return value >= n if m.group("cmp") in ("more", "greater") else value <= n
    if re.fullmatch(r"(?:was|were|has been|have been) dealt damage this turn", pred):
        return any(e.data.get("recipient") is p for e in game.events_this_turn("damage_dealt"))
    if re.fullmatch(r"(?:has|have) lost the game", pred):
        return p.lost
    if re.fullmatch(r"(?:lost|has lost|have lost) life this turn", pred):
        return p.life_lost_turn > 0
    if re.fullmatch(r"(?:has|have) no cards in (?:hand|their hand)", pred):
        return not p.hand
    m = re.fullmatch(r"whose life total is (?P<cmp>less|greater) than half (?:their|his or her) "
                     r"starting life total", pred)
    if m:  # 103.4: a two-player game starts at 20 life
        start = int(game.__dict__.get("starting_life", 20))
        half = start / 2
        return p.life < half if m.group("cmp") == "less" else p.life > half
    return None


def _players_who(game: Game, text: str, controller: Player, source: Any,
                 ctx: Any) -> int | None:
    """"opponents who control more lands than you", "players who have lost the game",
    "opponents whose life total is less than half their starting life total"."""
    m = re.fullmatch(r"(?:the number of )?(?P<group>opponents?|players?|other players?) "
                     r"(?P<pred>(?:who|that) .+|whose .+)", text.strip(), re.I)
    if m is None:
        return None
    pred = re.sub(r"^(?:who|that) ", "", m.group("pred").lower())
    group = m.group("group").lower()
    if "opponent" in group:
        players = game.opponents(controller)
    elif group.startswith("other"):
        players = [p for p in game.living if p is not controller]
    else:
        players = list(game.players)  # ("players who have lost the game" are out of it)
        if not re.fullmatch(r"(?:has|have) lost the game", pred):
            players = list(game.living)
    if _has_property(game, pred, controller, controller, source, ctx) is None:
        return None  # (asked once of the controller, so an empty group still reads the words)
    n = 0
    for p in players:
        fits = _has_property(game, pred, p, controller, source, ctx)
        if fits is None:
            return None
        n += fits
    return n


# -- combat -------------------------------------------------------------------------------------
def _combat(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """506.2-506.4: who is attacked and by whom, now or this turn."""
    low = text.lower()
    m = re.fullmatch(r"(?:the number of )?(?P<noun>.+?) attacking (?:you|(?P<them>that player|"
                     r"target player|target opponent))", text, re.I)
    if m:
        flt = _honest_filter(m.group("noun"))
        if flt is None:
            return None
        attacked = [controller]
        if m.group("them"):
            named = amounts._players_named(game, m.group("them"), controller, source, ctx)
            if named is None:
                return None
            attacked = named[1]
        return sum(1 for o in game.permanents() if o.attacking in attacked and
                   targeting.matches(game, o, flt, controller, source))
    m = re.fullmatch(r"(?:the number of )?(?P<who>opponents?|players?) (?:you're attacking|you "
                     r"are attacking|being attacked|you attacked this turn|you've attacked this "
                     r"turn)", low)
    if m:
        if "this turn" in low:
            defenders = [e.data.get("defender") for e in game.events_this_turn("attacks")
                         if getattr(e.data.get("obj"), "controller", None) is controller]
        else:
            defenders = [o.attacking for o in game.permanents() if o.attacking is not None and
                         ("being" in low or o.controller is controller)]
        players = {id(d) for d in defenders if isinstance(d, Player) and (
            not m.group("who").startswith("opponent") or d is not controller)}
        return len(players)
    m = re.fullmatch(r"(?:the number of )?(?P<noun>creatures?) blocking (?:it|~)(?P<beyond> "
                     r"beyond the first)?", low)
    if m:
        # "it" is the blocked creature: the one the ability names, else its source (a "blocks"
        # event names a blocker, which no creature blocks)
        found = [o for o in (amounts._object(game, "it", controller, source, ctx),
                             amounts._source(ctx, source)) if isinstance(o, GameObject)]
        src = next((o for o in found if o.blockers), found[0] if found else None)
        blockers = len(getattr(src, "blockers", None) or ()) if src is not None else 0
        return max(blockers - 1, 0) if m.group("beyond") else blockers
    return None


# -- life totals, loyalty, colors ---------------------------------------------------------------
def _totals(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    low = text.lower()
    m = re.fullmatch(r"(?:the )?(?P<how>highest|greatest|lowest|smallest) life total among "
                     r"(?:all )?(?P<who>players|opponents|your opponents|other players)", low)
    if m:
        players = list(game.living) if m.group("who") == "players" else game.opponents(
            controller)
        lives = [p.life for p in players]
        return (max if m.group("how") in ("highest", "greatest") else min)(lives, default=0)
    m = re.fullmatch(r"(?P<obj>~|it|this planeswalker|that planeswalker)'s? loyalty",
                     text, re.I)
    if m:  # 306.5b: a planeswalker's loyalty is the number of loyalty counters on it
        words = m.group("obj")
        obj = amounts._object(game, "~" if words.lower() == "this planeswalker" else words,
                              controller, source, ctx)
        if obj is None:
            return 0 if amounts._names_an_object(words) else None
        known = amounts._last_known(ctx, obj)
        return (known.counters if known is not None else obj.counters).get("loyalty", 0)
    m = re.fullmatch(r"(?:the number of )?colors (?P<obj>that spell|that card|it|~|that "
                     r"creature|that permanent) (?:is|has)", low)
    if m:  # 105.2
        obj = amounts._object(game, m.group("obj"), controller, source, ctx)
        return 0 if obj is None else len(obj.colors)
    m = re.fullmatch(r"(?:the number of )?(?:different )?colors? among (?P<set>them|those "
                     r"\w+|the \w+ \w+)", low)
    if m:
        found = amounts._this_way_set(game, m.group("set"), controller, source, ctx)
        if found is None:
            return None
        return len({c for o in found if isinstance(o, GameObject) for c in o.colors})
    m = re.fullmatch(r"(?:the number of )?(?P<color>white|blue|black|red|green) mana symbols in "
                     r"the mana costs of permanents you control", low)
    if m:  # 107.4e: a hybrid symbol is a symbol of each of its colors (as devotion, 700.5)
        return amounts._devotion(game, f"devotion to {m.group('color')}", controller, source,
                                 ctx)
    m = re.fullmatch(r"(?:the number of )?(?P<color>white|blue|black|red|green) mana symbols in "
                     r"(?P<obj>that spell|that card|it|~|that permanent)(?:'s|s)? mana cost", low)
    if m:  # 107.4 / 107.4e: the symbols of one object's mana cost
        obj = amounts._object(game, m.group("obj"), controller, source, ctx)
        return 0 if obj is None else targeting.color_symbols(obj, m.group("color"))
    if re.fullmatch(r"(?:the number of )?turns you(?:'ve| have) begun", low):
        return targeting.turns_begun(game, controller)  # 500.1
    m = re.fullmatch(r"(?:the number of )?(?:(?P<kind>\S+) )?counters? among (?P<set>.+)", text,
                     re.I)
    if m and m.group("set").lower() not in ("them", "those") and "player" not in \
            m.group("set").lower():  # 122.1 (counters on players are not kept, but poison)
        if _honest_filter(m.group("set")) is None:
            return None
        objs = hooks.matching(game, m.group("set"), controller, source)
        if objs is None:
            return None
        kind = m.group("kind")
        return sum((o.counters.get(kind, 0) if kind else sum(o.counters.values())) for o in objs)
    return None


FAMILIES = (_on_battlefield, _kicked, _convoked, _deeds, _left_battlefield, _life_this_turn,
            _entered_this_turn, _damage_this_turn, _this_way, _players_who, _combat, _totals)

amounts.register_families(FAMILIES)

__all__ = ["FAMILIES"]
