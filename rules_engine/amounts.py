"""Quantities described in words, the general families (107.1, 107.3, 608.2h).

:func:`rules_engine.effects.described_amount` computes the common phrases itself ("for each
creature you control", "equal to its power", "your life total"); what it does not know comes
here, a small grammar over the same atoms instead of one phrase per card:

* arithmetic: "<A> and each <B>" (a sum), "<A> plus <B>", "<A> minus <B>", "half <A>,
  rounded up", "<A>, to a maximum of N", "N minus <A>";
* another player's view: "Mountains target opponent controls", "cards in that player's hand",
  "creature cards in defending player's graveyard", "the hand of the opponent with the most
  cards in hand", "the greatest number of creatures a player controls" (counted as if that
  player said "you");
* what the resolving ability acted on (608.2c): "creature tapped this way", "cards revealed
  this way", "of those creatures", "counters on them", "the greatest power among creatures
  sacrificed this way", "the total mana value of the discarded cards";
* characteristics of one object: "the power of target creature you control", "that card's
  mana value", "the milled card's mana value", "each of its creature types" (205.3m), "that
  spell's colors" (105.2);
* this turn: "the life they lost this turn", "the damage dealt to your opponents this turn",
  "the damage already dealt to it this turn" (120.6), "other spells cast this turn",
  "the number of times this ability has resolved this turn";
* sets: "creatures in your party" (700.8), "kinds of counters among permanents you control"
  (122.1), "permanents you control that are Spirits and/or enchantments", "cards you own in
  exile and in your graveyard", "Angels you already control", "other creatures you control
  that share a creature type with it", "... with the same name as that creature" (201.2).

More shapes (battlefield-wide counts, kicker, deeds of this turn, players with a property,
combat, life totals, loyalty) are in :mod:`rules_engine.amount_families`, registered into this
grammar's list of families.

Every function returns None for words it does not understand; :func:`understood` asks the same
functions about an empty game, so the audit (``rules_engine.support``) and the engine cannot
disagree about which words are computed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import permutations
from typing import Any

from rules_engine import abilities as ab
from rules_engine import targeting
from rules_engine.cards import Face
from rules_engine.context import Ctx
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks

_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _number(words: str) -> int | None:
    w = words.strip().lower()
    if w.isdigit():
        return int(w)
    return _NUMBERS.get(w)


def evaluate(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """The number these words describe now, or None when they are not understood."""
    text = text.strip().rstrip(".")
    if _number(text) is not None:  # "up to two"
        return _number(text)
    if text == "X":  # (a part of "twice X", "X plus 1": the X already announced, 107.3)
        return getattr(ctx, "x", 0) if ctx is not None else 0
    m = re.fullmatch(r"(?P<n>two|three|four|five|six|seven|eight|nine|ten) times (?P<a>.+)", text,
                     re.I)
    if m:
        inner = _sub(game, m.group("a"), controller, source, ctx)
        return None if inner is None else (_number(m.group("n")) or 0) * inner
    m = re.match(r"(?:the total number of|the number of|the total amount of|the amount of) "
                 r"(?P<rest>.+)", text, re.I)
    if m and not re.match(r"(?:the )?(?:total )?amount of (?:life|damage|mana)", text, re.I):
        return _sub(game, m.group("rest"), controller, source, ctx)
    for fn in _FAMILIES:
        value = fn(game, text, controller, source, ctx)
        if value is not None:
            return value
    return None


def _sub(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """A part of a compound amount: a number, X, or any described amount."""
    n = _number(text)
    if n is not None:
        return n
    if text.strip() == "X":
        return getattr(ctx, "x", 0) if ctx is not None else 0
    return hooks.described_amount(game, text, controller, source, ctx)


# -- arithmetic ------------------------------------------------------------------------------
def _compound(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    low = text.lower()
    m = re.fullmatch(r"(?P<a>.+), to a maximum of (?P<n>\w+)", text, re.I)
    if m and _number(m.group("n")) is not None:
        inner = _sub(game, m.group("a"), controller, source, ctx)
        return None if inner is None else min(inner, _number(m.group("n")) or 0)
    m = re.fullmatch(r"half (?P<a>.+?),? rounded (?P<way>up|down)", text, re.I)
    if m:
        inner = _sub(game, m.group("a"), controller, source, ctx)
        if inner is None:
            return None
        return (inner + 1) // 2 if m.group("way").lower() == "up" else inner // 2
    for word, sign in ((" minus ", -1), (" plus ", 1)):
        at = low.find(word)
        while at > 0:
            a = _sub(game, text[:at], controller, source, ctx)
            b = _sub(game, text[at + len(word):], controller, source, ctx) if a is not None \
                else None
            if a is not None and b is not None:
                return a + sign * b
            at = low.find(word, at + 1)
    # "for each card in your hand and each foretold card you own in exile": a sum
    for sep in (" and each ", " and for each "):
        at = low.find(sep)
        if at > 0:
            a = _sub(game, text[:at], controller, source, ctx)
            b = _sub(game, text[at + len(sep):], controller, source, ctx)
            if a is not None and b is not None:
                return a + b
    return None


# -- another player's point of view -----------------------------------------------------------
_PLAYER = (r"(?P<who>target player|target opponent|that player|defending player|the defending "
           r"player|its controller|its owner|that creature's controller|that spell's "
           r"controller|the chosen player|they|he or she|(?:the|an) opponent with the "
           r"(?:most|fewest) [^,]+|(?:the|a) player with the (?:most|fewest) [^,]+|a player|an "
           r"opponent)")
_VIEWS = (
    (re.compile(rf"^(?P<head>.*?)\b{_PLAYER} (?:controls?|control)(?P<tail>.*)$", re.I),
     r"\g<head>you control\g<tail>"),
    (re.compile(rf"^(?P<head>.*?)\b{_PLAYER} owns?(?P<tail>.*)$", re.I),
     r"\g<head>you own\g<tail>"),
    (re.compile(rf"^(?P<head>.*?)\b{_PLAYER}'s? (?P<zone>hand|graveyard|library|life total)"
                r"(?P<tail>.*)$",
                re.I), r"\g<head>your \g<zone>\g<tail>"),
    (re.compile(rf"^(?P<head>.*?)\bthe (?P<zone>hand|graveyard|library) of {_PLAYER}"
                r"(?P<tail>.*)$", re.I), r"\g<head>your \g<zone>\g<tail>"),
    (re.compile(rf"^(?P<head>.*?)\b{_PLAYER} (?P<verb>lost|gained|drew)(?P<tail>.*)$", re.I),
     r"\g<head>you \g<verb>\g<tail>"),
    (re.compile(rf"^(?P<head>.*?)\bthe life total of {_PLAYER}(?P<tail>.*)$", re.I),
     r"\g<head>your life total\g<tail>"),
    (re.compile(r"^(?P<head>.*?)\b(?P<who>their) (?P<zone>hand|graveyard|library|life total)"
                r"(?P<tail>.*)$", re.I), r"\g<head>your \g<zone>\g<tail>"),
)


def _players_named(game: Game, who: str, controller: Player, source: Any,
                   ctx: Any) -> tuple[str, list[Player]] | None:
    """("one" or "max", players) for a player phrase: the player it names, or the group whose
    greatest value is meant ("a player", "the opponent with the most cards in hand")."""
    who = who.lower()
    if who in ("a player",):
        return "max", list(game.living)
    if who == "an opponent":
        return "max", game.opponents(controller)
    m = re.fullmatch(r"(?:the|an|a) (opponent|player) with the (most|fewest) (.+)", who)
    if m:
        group = game.opponents(controller) if m.group(1) == "opponent" else list(game.living)
        thing = m.group(3)
        thing = {"cards in hand": "cards in your hand", "life": "your life total"}.get(
            thing, thing)
        scored = [(_sub(game, thing, p, source, ctx), p) for p in group]
        if any(s is None for s, _ in scored):
            return None
        if not scored:
            return "one", []
        best = (max if m.group(2) == "most" else min)(s for s, _ in scored)
        return "one", [next(p for s, p in scored if s == best)]
    if ctx is None:
        return "one", [controller]
    if who in ("target player", "target opponent"):
        found = [t for t in ctx.targets if isinstance(t, Player)]
        return "one", found[:1] or [p for p in game.opponents(controller)][:1]
    if who in ("its controller", "its owner", "that creature's controller",
               "that spell's controller"):
        obj = ctx.it if isinstance(ctx.it, GameObject) else _source(ctx, source)
        if not isinstance(obj, GameObject):
            return None
        return "one", [obj.owner if who.endswith("owner") else obj.controller]
    if who in ("they", "their", "he or she", "that player") and isinstance(ctx.focus, Player):
        return "one", [ctx.focus]  # the player following the instruction now (each opponent)
    kind = "defending_player" if "defending" in who else "that_player"
    return "one", hooks.resolve_ref(ctx, ab.Ref(kind)) or [controller]


def _their_view(game: Game, text: str, controller: Player, source: Any,
                ctx: Any) -> int | None:
    for pattern, repl in _VIEWS:
        m = pattern.match(text)
        if not m:
            continue
        named = _players_named(game, m.group("who"), controller, source, ctx)
        if named is None:
            continue
        how, players = named
        words = pattern.sub(repl, text)
        values = [_sub(game, words, p, source, ctx) for p in players]
        if any(v is None for v in values):
            continue
        if how == "max":
            return max((v for v in values if v is not None), default=0)
        return sum(v for v in values if v is not None)
    m = re.fullmatch(r"(?:the )?greatest number of (?P<what>.+?) (?:a|an|any) (?P<who>player|"
                     r"opponent) controls", text, re.I)
    if m:
        group = game.opponents(controller) if m.group("who").lower() == "opponent" else \
            list(game.living)
        values = [_sub(game, m.group("what") + " you control", p, source, ctx)
                  for p in group]
        if any(v is None for v in values):
            return None
        return max((v for v in values if v is not None), default=0)
    return None


# -- what the ability acted on ----------------------------------------------------------------
def _source(ctx: Any, source: Any) -> Any:
    src = getattr(ctx, "source", None) if ctx is not None else None
    src = getattr(src, "source", src) if src is not None and not isinstance(
        src, GameObject) else src
    return src if src is not None else source


def _acted_on(ctx: Any) -> list[Any]:
    """The objects the earlier instructions of this resolution acted on (608.2c: "this way"),
    else the costs paid for it (601.2h: "the sacrificed creatures")."""
    if ctx is None:
        return []
    found = [o for o in ctx.those if isinstance(o, GameObject | Player)]
    if found:
        return found
    if isinstance(ctx.it, GameObject):
        return [ctx.it]
    paid = (getattr(ctx.item, "choices_made", None) or {}).get("cost_paid", ())
    found = [o for o in paid if isinstance(o, GameObject)]
    if not found and ctx.event is not None and ctx.event.data.get("attackers"):
        # "Whenever you attack with one or more creatures, ... among those creatures": the
        # attackers the triggering declaration names (603.2, 508.1)
        found = [o for o in ctx.event.data["attackers"] if isinstance(o, GameObject)]
    return found


def _filter(words: str) -> Any:
    words = re.sub(r"\s+", " ", words.strip())
    flt = hooks.parse_counted(words)
    if flt is None and " " in words:
        head, rest = words.split(" ", 1)
        flt = hooks.parse_counted(head + "s " + rest)
    if flt is None and " " not in words and words:
        flt = hooks.parse_counted(words + "s")
    return flt


def _noun_prefix(words: str) -> Any:
    """The filter of the longest leading noun phrase ("creature card" of "creature card put
    into your graveyard this way")."""
    parts = words.split()
    for n in range(len(parts), 0, -1):
        flt = _filter(" ".join(parts[:n]))
        if flt is not None:
            return flt
    return None


def _this_way_set(game: Game, words: str, controller: Player, source: Any,
                  ctx: Any) -> list[Any] | None:
    """Objects a phrase names among what the ability acted on: "creatures tapped this way",
    "the discarded cards", "those creatures", "them"."""
    low = words.lower().strip()
    if low in ("them", "those", "those cards", "those creatures", "those permanents",
               "those players", "those objects", "those tokens", "those artifacts",
               "those lands", "those spells"):
        return _acted_on(ctx)
    m = re.fullmatch(r"(?:the )?(?P<noun>.+?) (?:\w+ed|put|dealt|drawn|chosen|milled|taken|"
                     r"cast|revealed|exiled|sacrificed|returned|destroyed|goaded|tapped|"
                     r"discarded|you \w+|they \w+)\b.* this way", words.strip(), re.I)
    if m:
        flt = _noun_prefix(m.group("noun"))
        if flt is None:
            return None
        pool = _acted_on(ctx)
        # "put into your graveyard this way": where the objects went (608.2c)
        went = re.search(r"\b(?:into|onto|in) (?:your |their |its owner's |a |the )?"
                         r"(graveyard|hand|library|exile|battlefield)", words, re.I)
        if went:
            pool = [o for o in pool if getattr(o, "zone", None) == went.group(1).lower()]
        came = re.search(r"\bfrom (?:your |their |its owner's |a |the )?(graveyard|hand|library)"
                         r"\b", words, re.I)
        if came:  # "exiled from their hand this way": where the objects were (608.2c)
            pool = [o for o in pool if getattr(o, "came_from", None) == came.group(1).lower()]
        return [o for o in pool if isinstance(o, GameObject) and targeting.matches(
            game, o, replace(flt, zone=None, controller=None, owner=None), controller, source,
            zone_check=False)]
    m = re.fullmatch(r"the (?P<verb>\w+ed|milled|revealed|discarded|exiled|sacrificed|chosen|"
                     r"returned|drawn) (?P<noun>cards?|creatures?|permanents?|artifacts?|"
                     r"lands?|spells?)", low)
    if m:
        return [o for o in _acted_on(ctx) if isinstance(o, GameObject)]
    return None


def _those(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    low = text.lower()
    m = re.fullmatch(r"(?:the )?(?P<how>greatest|highest|total|least|smallest) (?P<stat>power|"
                     r"toughness|mana value) (?:among|of) (?P<set>.+)", low)
    if m:
        found = _this_way_set(game, m.group("set"), controller, source, ctx)
        if found is None:
            found = _objects_of(game, m.group("set"), controller, source, ctx)
        if found is None:
            return None
        values = [_stat(game, o, m.group("stat"), ctx) for o in found
                  if isinstance(o, GameObject)]
        how = m.group("how")
        if how == "total":
            return sum(values)
        return (max if how in ("greatest", "highest") else min)(values, default=0)
    m = re.fullmatch(r"(?:each )?of (?P<set>them|those|those \w+|the \w+ \w+)", low)
    if m:
        found = _this_way_set(game, m.group("set"), controller, source, ctx)
        return None if found is None else len(found)
    if re.fullmatch(r"(?:\S+ )?damage prevented this way", low):  # "1 damage", 615
        return ctx.count if ctx is not None else 0
    if low.endswith(" this way"):
        found = _this_way_set(game, text, controller, source, ctx)
        return None if found is None else len(found)
    m = re.fullmatch(r"(?:the number of )?(?:(?P<kind>\S+) )?counters? on (?:them|those \w+)",
                     low)
    if m:
        pool = _acted_on(ctx) if ctx is not None and ctx.those else (
            [ctx.it] if ctx is not None and isinstance(ctx.it, GameObject) else [])
        kind = m.group("kind")
        return sum((o.counters.get(kind, 0) if kind else sum(o.counters.values()))
                   for o in pool if isinstance(o, GameObject))
    return None


# -- one object's characteristics -------------------------------------------------------------
def _stat(game: Game, obj: GameObject, stat: str, ctx: Any = None) -> int:
    known = _last_known(ctx, obj)
    if stat == "power":
        return known.power if known is not None else obj.power
    if stat == "toughness":
        return known.toughness if known is not None else obj.toughness
    return game.mana_value_of(obj)


def _last_known(ctx: Any, obj: Any) -> Any:
    """608.2h: a permanent that left the battlefield is looked at as it last existed there (the
    triggering event keeps that: "the number of +1/+1 counters on that creature" as it died)."""
    if ctx is None or getattr(obj, "zone", None) == "battlefield":
        return None
    lki = ctx.event.data.get("lki") if ctx.event is not None else None
    if lki is not None and getattr(lki, "obj", None) is obj:
        return lki
    # the ability's own source sacrificed to pay its cost ("Sacrifice ~: It deals damage equal
    # to the number of charge counters on it", 602.2b): as it last existed there, this
    # incarnation only (its move set a new timestamp, 400.7)
    paid = (getattr(getattr(ctx, "item", None), "choices_made", None) or {}).get("cost_paid", ())
    if obj not in paid:
        return None
    for ev in reversed(ctx.game.events[-400:]):
        if ev.name == "left_battlefield" and ev.data.get("obj") is obj:
            return ev.data.get("lki")
    return None


def _object(game: Game, words: str, controller: Player, source: Any,
            ctx: Any) -> GameObject | None:
    """The one object a phrase names: "~", "it", "that card", "target creature you control",
    "enchanted creature", "the milled card", "the card revealed by the other player"."""
    low = words.lower().strip()
    src = _source(ctx, source)
    if low in ("~", "this creature", "this permanent", "this card", "this spell",
               "this artifact", "this enchantment", "this vehicle"):
        return src if isinstance(src, GameObject) else None
    if low in ("enchanted creature", "equipped creature", "enchanted permanent",
               "enchanted land", "equipped permanent"):
        att = getattr(src, "attached_to", None)
        return att if isinstance(att, GameObject) else None
    if low.startswith("target "):
        if ctx is None:
            return src if isinstance(src, GameObject) else None
        found = [t for t in ctx.targets if isinstance(t, GameObject)]
        return found[0] if found else None
    if low in ("it", "that creature", "that card", "that permanent", "that spell", "that land",
               "that artifact", "that object") or re.fullmatch(
                   r"the (?:\w+ed|milled|revealed|discarded|exiled|sacrificed|chosen|returned|"
                   r"drawn|stolen) (?:card|creature|permanent|spell|artifact|land)(?: .*)?",
                   low) or re.fullmatch(r"the (?:card|creature|permanent) (?:\w+ed|revealed|"
                                        r"milled|discarded|exiled|chosen) .*", low):
        if ctx is None:
            return src if isinstance(src, GameObject) else None
        if isinstance(ctx.it, GameObject):
            return ctx.it
        if ctx.event is not None and isinstance(ctx.event.data.get("obj"), GameObject):
            return ctx.event.data["obj"]
        acted = [o for o in _acted_on(ctx) if isinstance(o, GameObject)]
        if acted:
            return acted[-1]
        # "it" in an ability about its own source ("the damage already dealt to it")
        return src if isinstance(src, GameObject) and low == "it" else None
    return None


def _objects_of(game: Game, words: str, controller: Player, source: Any,
                ctx: Any) -> list[Any] | None:
    obj = _object(game, words, controller, source, ctx)
    if obj is not None:
        return [obj]
    words = re.sub(r" with (?:one or more )?(\S+) counters on them$", r" with a \1 counter on it",
                   words.strip(), flags=re.I)
    return hooks.matching(game, words, controller, source)


_CREATURE_TYPES_CACHE: dict[str, frozenset[str]] = {}


def _characteristics(game: Game, text: str, controller: Player, source: Any,
                     ctx: Any) -> int | None:
    m = re.fullmatch(r"(?:the )?(?P<stat>power|toughness|mana value) of (?P<obj>.+)", text, re.I)
    if m is None:
        m = re.fullmatch(r"(?P<obj>.+?)'s? (?P<stat>power|toughness|mana value)", text, re.I)
    if m:
        words = m.group("obj")
        obj = _object(game, words, controller, source, ctx)
        if obj is None and _names_an_object(words):
            return 0  # (the object is gone and nothing was remembered: 0, 608.2h)
        return None if obj is None else _stat(game, obj, m.group("stat").lower(), ctx)
    # "the number of +1/+1 counters on target creature you control" (122.1)
    m = re.fullmatch(r"(?:the number of )?(?:(?P<kind>\S+) )?counters? on (?P<obj>.+)", text,
                     re.I)
    if m and m.group("obj").lower() not in ("them", "those"):
        obj = _object(game, m.group("obj"), controller, source, ctx)
        if obj is not None:
            kind = m.group("kind")
            known = _last_known(ctx, obj)
            counters = known.counters if known is not None else obj.counters
            return counters.get(kind, 0) if kind else sum(counters.values())
        if _names_an_object(m.group("obj")):
            return 0
    m = re.fullmatch(r"(?:each |the number )?of (?P<obj>.+?)'s? (?P<what>colors|creature types|"
                     r"card types|subtypes)", text, re.I) or re.fullmatch(
        r"(?:each |the number )?of (?P<obj>its|their) (?P<what>colors|creature types|card types|"
        r"subtypes)", text, re.I)
    if m:
        words = m.group("obj")
        if words.lower() in ("its", "their"):
            words = "it"
        obj = _object(game, words, controller, source, ctx)
        if obj is None:
            return 0 if _names_an_object(words) else None
        what = m.group("what").lower()
        if what == "colors":
            return len(obj.colors)
        if what == "card types":
            return sum(1 for t in ("Artifact", "Battle", "Creature", "Enchantment", "Instant",
                                   "Kindred", "Land", "Planeswalker", "Sorcery")
                       if obj.has_type(t))
        return len(obj.subtypes)
    return None


def _names_an_object(words: str) -> bool:
    low = words.lower()
    return low in ("it", "~") or low.startswith(("that ", "the ", "target ", "enchanted ",
                                                 "equipped ", "this "))


# -- this turn --------------------------------------------------------------------------------
def _turn_events(game: Game, name: str) -> list[Any]:
    return game.events_this_turn(name)


def _this_turn(game: Game, text: str, controller: Player, source: Any,
               ctx: Any) -> int | None:
    low = text.lower()
    m = re.fullmatch(r"(?:the )?(?:amount of )?life you(?:'ve)? lost this turn", low)
    if m:
        return controller.life_lost_turn
    m = re.fullmatch(r"(?:the )?(?:amount of |total )?damage (?:already )?(?:dealt|that was "
                     r"dealt) to (?P<to>.+?) this turn", low)
    if m:
        to = m.group("to")
        if to in ("it", "~", "that creature", "this creature"):
            obj = _object(game, to, controller, source, ctx)
            return None if obj is None else obj.damage  # 120.6: marked damage
        who: list[Any]
        if to in ("you",):
            who = [controller]
        elif to in ("your opponents", "each opponent", "opponents"):
            who = game.opponents(controller)
        elif to in ("players", "each player"):
            who = list(game.living)
        else:
            return None
        return sum(e.data.get("amount", 0) for e in _turn_events(game, "damage_dealt")
                   if e.data.get("recipient") in who)
    m = re.fullmatch(r"(?:the )?(?:amount of )?damage (?P<src>~|it|that creature) dealt to "
                     r"(?P<to>that player|that creature|it|target \w+) this turn", low) or \
        re.fullmatch(r"(?:the )?(?:amount of )?damage (?P<src>~|it|that creature) dealt to "
                     r"(?P<to>that player|that creature|it|target \w+)", low)
    if m:
        src = _object(game, m.group("src"), controller, source, ctx)
        to = m.group("to")
        if to == "that player" and ctx is not None:
            targets = hooks.resolve_ref(ctx, ab.Ref("that_player"))
        else:
            obj = _object(game, to, controller, source, ctx)
            targets = [obj] if obj is not None else []
        events = _turn_events(game, "damage_dealt")
        if ctx is not None and ctx.event is not None and ctx.event.name == "damage_dealt" and \
                ctx.event.data.get("source") is src:
            return int(ctx.event.data.get("amount", 0))  # the triggering damage (603.2)
        return sum(e.data.get("amount", 0) for e in events
                   if e.data.get("source") is src and e.data.get("recipient") in targets)
    m = re.fullmatch(r"(?:the number of )?(?P<other>other )?spells? cast this turn", low)
    if m:
        spell = _source(ctx, source)
        return sum(1 for e in _turn_events(game, "spell_cast")
                   if not (m.group("other") and e.data.get("obj") is spell))
    # "nontoken creatures you had enter under your control this turn" (the entered events)
    m = re.fullmatch(r"(?:the number of )?(?P<what>.+?) (?:you had enter|that entered|that "
                     r"entered the battlefield|you've had enter)(?: the battlefield)? under your "
                     r"control this turn", text, re.I)
    if m:
        flt = _filter(m.group("what"))
        if flt is None:
            return None
        flt = replace(flt, controller=None, zone=None)
        return sum(1 for e in _turn_events(game, "entered")
                   if e.data.get("player") is controller and isinstance(e.data.get("obj"),
                                                                       GameObject)
                   and targeting.matches(game, e.data["obj"], flt, controller, source,
                                         zone_check=False))
    if re.fullmatch(r"(?:the number of )?times (?:this ability|it) has resolved this turn", low):
        if ctx is None:
            return 1
        return hooks.times_resolved(ctx)
    return None


# -- sets -------------------------------------------------------------------------------------
_PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")


def _party(game: Game, controller: Player, source: Any) -> int:
    """700.8: up to one each of Cleric, Rogue, Warrior and Wizard among creatures you
    control; a creature with several of the types fills one place (the largest party)."""
    creatures = [o for o in game.permanents() if o.controller is controller and o.is_creature]
    best = 0
    for order in permutations(_PARTY):
        used: set[int] = set()
        n = 0
        for role in order:
            for o in creatures:
                if id(o) not in used and role in o.subtypes:
                    used.add(id(o))
                    n += 1
                    break
        best = max(best, n)
    return best


def _sets(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    low = text.lower()
    if re.fullmatch(r"(?:the number of )?creatures? in your party", low):
        return _party(game, controller, source)
    m = re.fullmatch(r"(?:the number of )?(?:different )?kinds? of counters? (?:on|among) "
                     r"(?P<set>.+)", text, re.I)
    if m:
        objs = _objects_of(game, m.group("set"), controller, source, ctx)
        if objs is None:
            return None
        return len({k for o in objs if isinstance(o, GameObject) for k, v in o.counters.items()
                    if v > 0})
    m = re.fullmatch(r"(?:the number of )?different (?P<what>mana values?|names?|powers?) "
                     r"among (?P<set>.+)", text, re.I)
    if m:
        objs = _objects_of(game, m.group("set"), controller, source, ctx)
        if objs is None:
            return None
        what = m.group("what").lower()
        if what.startswith("mana"):
            return len({game.mana_value_of(o) for o in objs})
        if what.startswith("name"):
            return len({o.name for o in objs})
        return len({o.power for o in objs})
    # "permanents you control that are Spirits and/or enchantments"
    m = re.fullmatch(r"(?P<head>\w+) (?P<whose>you control|you own|an opponent controls) that "
                     r"(?:are|is) (?P<what>.+)", text, re.I)
    if m:
        words = f"{m.group('what')} {m.group('whose')}"
        either = union_count(game, words, controller, source)
        return either if either is not None else _sub(game, words, controller, source, ctx)
    # "nonland cards in your opponents' graveyards": the sum over each opponent's zone
    m = re.fullmatch(r"(?P<what>.+?) in (?P<whose>your opponents'|opponents'|each opponent's|an "
                     r"opponent's) (?P<zone>graveyards?|hands?|librar(?:y|ies))", text, re.I)
    if m:
        zone = {"graveyards": "graveyard", "hands": "hand", "libraries": "library"}.get(
            m.group("zone").lower(), m.group("zone").lower())
        values = [_sub(game, f"{m.group('what')} in your {zone}", p, source, ctx)
                  for p in game.opponents(controller)]
        return None if any(v is None for v in values) else sum(v or 0 for v in values)
    # "+1/+1 counters on creatures you control" (122.1): counters summed over the objects
    m = re.fullmatch(r"(?:the number of )?(?:(?P<kind>\S+) )?counters? on (?P<set>.+)", text,
                     re.I)
    if m and not _names_an_object(m.group("set")) and m.group("set").lower() not in (
            "them", "those"):
        objs = hooks.matching(game, m.group("set"), controller, source)
        if objs is None:
            return None
        kind = m.group("kind")
        return sum((o.counters.get(kind, 0) if kind else sum(o.counters.values())) for o in objs)
    if re.fullmatch(r"(?:the number of )?opponents? who lost life this turn", low):
        return sum(1 for p in game.opponents(controller) if p.life_lost_turn > 0)
    m = re.fullmatch(r"(?:the number of )?differently named (?P<what>.+)", text, re.I)
    if m:
        objs = hooks.matching(game, m.group("what"), controller, source)
        return None if objs is None else len({o.name for o in objs})
    # "cards named ~ in your graveyard" (201.2: the same name as the source)
    m = re.fullmatch(r"(?P<what>.+?) named ~(?P<rest>.*)", text, re.I)
    if m:
        objs = _objects_of(game, m.group("what") + m.group("rest"), controller, source, ctx)
        src = _source(ctx, source)
        if objs is None or not isinstance(src, GameObject):
            return None
        return sum(1 for o in objs if isinstance(o, GameObject) and o.name == src.name)
    # "Angels you already control": the ones there as the count is taken
    if " already " in low:
        return _sub(game, re.sub(r"\s+already\s+", " ", text, flags=re.I), controller, source,
                    ctx)
    # "instant and sorcery cards you own in exile and in your graveyard"
    m = re.fullmatch(r"(?P<what>.+?) in (?P<z1>exile|your graveyard|your hand|your library) "
                     r"and in (?P<z2>exile|your graveyard|your hand|your library)", text, re.I)
    if m:
        a = _sub(game, f"{m.group('what')} in {m.group('z1')}", controller, source, ctx)
        b = _sub(game, f"{m.group('what')} in {m.group('z2')}", controller, source, ctx)
        return None if a is None or b is None else a + b
    # "other creatures you control that share a creature type with it" / "with the same
    # name as that creature" (205.3m, 201.2): a relation with one object
    m = re.fullmatch(r"(?P<what>.+?) (?:that shares?|which shares?) (?:a|at least one) "
                     r"creature type with (?P<obj>.+)", text, re.I) or re.fullmatch(
        r"(?P<what>.+?) with the same name as (?P<obj>.+)", text, re.I)
    if m:
        objs = hooks.matching(game, m.group("what"), controller, source)
        if objs is None:
            flt = _filter(m.group("what"))
            if flt is None:
                return None
            objs = [o for o in game.permanents()
                    if targeting.matches(game, o, flt, controller, source)]
        other = _object(game, m.group("obj"), controller, source, ctx)
        if other is None:
            return 0 if _names_an_object(m.group("obj")) else None
        if "same name" in low:
            return sum(1 for o in objs if o is not other and o.name == other.name)
        types = set(other.subtypes)
        return sum(1 for o in objs if o is not other and o.is_creature and
                   types.intersection(o.subtypes))
    # "cards fewer than three in their hand" (Nezumi Shortfang): N minus a count, at least 0
    m = re.fullmatch(r"(?P<noun>cards?) (?:fewer|less) than (?P<n>\w+) in (?P<zone>your hand|"
                     r"their hand)", text, re.I)
    if m and _number(m.group("n")) is not None:
        have = _sub(game, "cards in your hand", controller, source, ctx)
        if m.group("zone").lower() == "their hand" and ctx is not None:
            players = hooks.resolve_ref(ctx, ab.Ref("that_player"))
            have = sum(len(p.hand) for p in players if isinstance(p, Player))
        return max((_number(m.group("n")) or 0) - (have or 0), 0)
    return None


# arithmetic first: each side of "<A> minus <B>" may take another player's view of its own
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _devotion(game: Game, text: str, controller: Player, source: Any, ctx: Any) -> int | None:
    """700.5: devotion to a color is the number of its mana symbols among the mana costs of
    permanents you control ("devotion to black and red": symbols of either, hybrid once)."""
    m = re.fullmatch(r"(?:your )?devotion to (?P<colors>white|blue|black|red|green)"
                     r"(?: and (?P<second>white|blue|black|red|green))?", text, re.I)
    if m is None:
        return None
    wanted = {_COLOR_LETTERS[m.group("colors").lower()]}
    if m.group("second"):
        wanted.add(_COLOR_LETTERS[m.group("second").lower()])
    n = 0
    for obj in game.permanents():
        if obj.controller is not controller:
            continue
        for symbol in re.findall(r"\{([^}]+)\}", obj.face.mana_cost or ""):
            if wanted.intersection(symbol.split("/")):
                n += 1
    return n


_FAMILIES = [_compound, _this_turn, _those, _characteristics, _sets, _devotion, _their_view]


def register_families(families: Any) -> None:
    """Add families read after these (``rules_engine.amount_families``, imported by the
    effects that ask for amounts): one list, so ``understood`` asks them too."""
    for fn in families:
        if fn not in _FAMILIES:
            _FAMILIES.append(fn)


_EITHER = re.compile(r"^(?P<a>[\w-]+) and/or (?P<b>[\w-]+) (?P<whose>you control|you own|an "
                     r"opponent controls|on the battlefield)$", re.I)


def union_count(game: Game, text: str, controller: Player, source: Any) -> int | None:
    """"Spirits and/or enchantments you control": objects that are either (a subtype and a
    card type are alternatives here, each object counted once)."""
    m = _EITHER.match(text.strip())
    if m is None:
        return None
    whose = m.group("whose")
    whose = "" if whose == "on the battlefield" else " " + whose
    a = hooks.matching(game, m.group("a") + whose, controller, source)
    b = hooks.matching(game, m.group("b") + whose, controller, source)
    if a is None or b is None:
        return None
    return len({id(o) for o in a} | {id(o) for o in b})


# -- the audit's question ---------------------------------------------------------------------
_PROBE: dict[str, bool] = {}


def understood(text: str) -> bool:
    """Whether :func:`evaluate` computes these words: asked about an empty two-player game
    with a creature as the source, so the answer comes from the same code that runs."""
    key = text.strip().lower()
    found = _PROBE.get(key)
    if found is not None:
        return found

    game = Game(["a", "b"], None)  # type: ignore[arg-type]  # (no card is looked up)
    you = game.players[0]
    src = game.new_object(None, you, "battlefield")
    src.copy_values = Face(name="Probe", type_line="Creature", types=("Creature",))
    ctx = Ctx(game, src, you)
    try:
        value = evaluate(game, text, you, src, ctx)
    except Exception:  # noqa: BLE001 - words the grammar half-reads are not understood
        value = None
    _PROBE[key] = value is not None
    return value is not None


__all__ = ["evaluate", "understood"]
