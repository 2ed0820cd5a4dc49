"""Targets (115) and object filters: who can be chosen, and whether a choice is still legal."""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, records
from rules_engine.context import Ctx
from rules_engine.decisions import match_option
from rules_engine.errors import DecisionError, IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player, StackAbility
from rules_engine.registry import QUALIFIER_PATTERNS, QUALIFIERS, hooks

_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
          "land": "Land", "planeswalker": "Planeswalker", "battle": "Battle",
          "instant": "Instant", "sorcery": "Sorcery"}


def _cap(word: str) -> str:
    return _TYPES.get(word.lower(), word[:1].upper() + word[1:])


def matches(game: Game, obj: Any, flt: Any, controller: Player, source: Any = None,
            zone_check: bool = True) -> bool:
    """Whether ``obj`` fits an :class:`~rules_engine.abilities.ObjectFilter` (None = anything)."""
    if flt is None:
        return True
    if isinstance(obj, Player):
        return False
    if flt.any_of:  # "basic land cards and/or Gate cards"
        if flt.other and obj is source:
            return False  # "other target creature or spell": never the source itself
        return any(matches(game, obj, alt, controller, source, zone_check) for alt in flt.any_of)
    if flt.card_types and not any(obj.has_type(_cap(t)) or (t.lower() == "permanent"
                                                            and obj.face.is_permanent_type)
                                  or (t.lower() == "card") for t in flt.card_types):
        return False
    if flt.subtypes and not any(_cap(s) in obj.subtypes for s in flt.subtypes):
        return False
    if flt.supertypes and not any(_cap(s) in obj.face.supertypes for s in flt.supertypes):
        return False
    if flt.excluded_types and any(obj.has_type(_cap(t)) for t in flt.excluded_types):
        return False
    if flt.excluded_subtypes and any(_cap(s) in obj.subtypes for s in flt.excluded_subtypes):
        return False
    if flt.colors and not _color_ok(obj.colors, flt.colors):
        return False
    if flt.controller == "you" and obj.controller is not controller:
        return False
    if flt.controller in ("opponent", "an opponent", "not_you") and obj.controller is controller:
        return False
    if flt.owner == "you" and obj.owner is not controller:
        return False
    if flt.other and obj is source:
        return False
    if zone_check and flt.zone and obj.zone != flt.zone:
        return False
    for q in flt.qualifiers:
        if q == FIRST_EACH_TURN:
            if not _first_of_kind_this_turn(game, obj, flt, controller, source):
                return False
            continue
        if q == "tapped" and not obj.tapped:
            return False
        if q == "untapped" and obj.tapped:
            return False
        if q == "attacking" and obj.attacking is None:
            return False
        if q == "unblocked" and (obj.attacking is None or obj.blocked or obj.blockers):
            return False  # 509.1h: an attacking creature no creature blocked
        if q in ("face-down", "face-up"):  # 708.2: a face-down spell or permanent
            if (q == "face-down") != (getattr(obj, "face_down", None) is not None):
                return False
            continue
        if q == "token" and not obj.token:
            return False
        if q in ("nontoken", "non-token") and obj.token:
            return False
        if q == "basic" and "Basic" not in obj.face.supertypes:
            return False
        if q == "nonlegendary" and "Legendary" in obj.face.supertypes:  # 205.4d
            return False
        if q in ("outlaw", "non-outlaw", "nonoutlaw"):
            # 700.12: an outlaw has the Assassin, Mercenary, Pirate, Rogue and/or Warlock
            # creature types
            if (q == "outlaw") != bool(_OUTLAW_TYPES.intersection(obj.subtypes)):
                return False
            continue
        holds = QUALIFIERS.get(q)  # a mechanic's own word ("modified", 700.9)
        if holds is not None:
            if not holds(game, obj, source):
                return False
            continue
        shaped = _qualifier_pattern(q)
        if shaped is not None:
            if not shaped[0](game, obj, source, shaped[1]):
                return False
            continue
        if q == "permanent" and obj.zone != "battlefield":
            # 110.4b: a "permanent card" / "permanent spell" is one with a permanent type
            # (artifact, battle, creature, enchantment, land, planeswalker)
            face = getattr(obj, "face", None)
            if face is not None and not face.is_permanent_type:
                return False
            continue
        if q in _SIMPLE_QUALIFIERS:
            continue
        if q.startswith("named "):  # "a card named <name>" (201.2; partner with, 702.124j)
            # ("a card named ~": one with the source's name, 201.2)
            wanted = source.name if q == "named ~" and source is not None else q[6:]
            if wanted.lower() not in {n.lower() for n in obj_names(obj)}:
                return False
            continue
        if q == "with the chosen name":  # 201.4 / 709.4a: one of its names is the name
            if not has_chosen_name(game, obj, source):  # the source chose ("As ~ enters")
                return False
            continue
        if q == "of the chosen type":  # "creatures you control of the chosen type" (205.3m,
            if not has_chosen_type(game, obj, source):  # the type its source chose, 607.2d)
                return False
            continue
        if q == "blocking_source":  # "each creature blocking it" (it = the source)
            if source is None or obj not in (getattr(source, "blockers", None) or ()):
                return False
            continue
        if q in _CONTEXT_QUALIFIERS:
            if not _context_qualifier(game, obj, q, controller, source):
                return False
            continue
        if q.startswith("with the ") and _GREATEST.match(q):
            if flt.controller == "that_player" and q.endswith(" among creatures"):
                # "... among creatures that player controls" (the words went to the filter's
                # controller): among the creatures of the player it speaks of, the object's
                q += " they control"
            if not _greatest_among(game, obj, q, controller, source):
                return False
            continue
        if q.startswith("with ") and _AMOUNT_COMPARE.match(q) and not _TURNS_BEGUN.match(q):
            if not _amount_compare(game, obj, q, controller, source):
                return False
            continue
        if not _qualifier_holds(game, obj, q):
            return False
    return True


# qualifiers that need the filter's controller or source (checked by _context_qualifier)
_CONTEXT_QUALIFIERS = frozenset({"during your turn", "during an opponent's turn", "not named ~"})
# "The first instant or sorcery spell you cast each turn costs {3} less to cast": the spell
# is its caster's first spell *of that description* this turn
FIRST_EACH_TURN = "first you cast each turn"


def _first_of_kind_this_turn(game: Game, obj: Any, flt: Any, controller: Player,
                             source: Any) -> bool:
    """No other spell its caster cast this turn (601.2i) fits the rest of ``flt``: a creature
    spell cast before does not use up "the first instant or sorcery spell each turn"."""
    from dataclasses import replace

    rest = replace(flt, qualifiers=tuple(q for q in flt.qualifiers if q != FIRST_EACH_TURN))
    caster = obj.controller
    for ev in game.events_this_turn("spell_cast"):
        other = ev.data.get("obj")
        if other is obj or ev.data.get("player") is not caster:
            continue
        if matches(game, other, rest, controller, source, zone_check=False):
            return False
    return True


def _context_qualifier(game: Game, obj: Any, q: str, controller: Player, source: Any) -> bool:
    """Qualifiers judged against the player the filter speaks for ("your") or its source (~):
    "spells your opponents cast during your turn" (the turn is that player's, 500); "not
    named ~" (201.2)."""
    if q == "during your turn":
        return game.active is controller
    if q == "during an opponent's turn":  # "during your opponents' turns"
        return game.active is not controller
    return source is None or obj.name != source.name  # "not named ~"


# "with mana value less than or equal to the number of lands you control", "with power X or
# less" (X of the spell or ability, 107.3): a characteristic compared with an amount counted now
_AMOUNT_COMPARE = re.compile(r"^with (?P<what>power|toughness|mana value) (?:(?P<cmp>less than or "
                             r"equal to|greater than or equal to|less than|greater than|equal to)"
                             r" (?P<amt>.+)|X(?P<way> or (?:less|greater))?)$")


def _characteristic(game: Game, obj: Any, what: str) -> int:
    """Power, toughness (0 for a noncreature without them) or mana value (202.3) of ``obj``."""
    if what == "power":
        return obj.power if obj.is_creature or obj.face.power is not None else 0
    if what == "toughness":
        return obj.toughness if obj.is_creature or obj.face.toughness is not None else 0
    return game.mana_value_of(obj)


def _amount_compare(game: Game, obj: Any, q: str, controller: Player, source: Any) -> bool:
    m = _AMOUNT_COMPARE.match(q)
    if m is None:
        return True
    value = _characteristic(game, obj, m.group("what"))
    if m.group("amt") is None:
        # X while targets are chosen or the spell or ability resolves (x_in_force), else the
        # source's own (a permanent's X, 107.3)
        x = x_in_force(game) or int(getattr(source, "x", 0) or 0)
        way = (m.group("way") or "").strip()
        return value <= x if way == "or less" else value >= x if way == "or greater" else \
            value == x
    you = controller if controller is not None else getattr(source, "controller", None)
    base = _BASE.fullmatch(m.group("amt").strip())
    n = _base_value(obj, base.group(1)) if base else \
        hooks.described_amount(game, _possessive(m.group("amt"), m.group("what")), you, source)
    if n is None:
        return True  # (not understood: qualifier_understood says so to the audit)
    cmp = m.group("cmp")
    return {"less than or equal to": value <= n, "greater than or equal to": value >= n,
            "less than": value < n, "greater than": value > n, "equal to": value == n}[cmp]


# "creature with the greatest power among creatures they control" (a tie: each of them)
_GREATEST = re.compile(r"^with the (?P<how>greatest|least|highest|lowest) (?P<what>power|"
                       r"toughness|mana value) among (?P<set>.+)$")


def _stat_of(game: Game, obj: Any, what: str) -> int:
    if what == "power":
        return obj.power
    if what == "toughness":
        return obj.toughness
    return game.mana_value_of(obj)


def _greatest_among(game: Game, obj: Any, q: str, controller: Player, source: Any) -> bool:
    m = _GREATEST.match(q)
    if m is None:
        return True
    words = m.group("set")
    who = controller
    if words.endswith(" they control"):  # the object's controller's (109.5)
        words, who = words[: -len(" they control")] + " you control", obj.controller
    pool = hooks.matching(game, words, who, source)
    if pool is None:
        return True
    values = [_stat_of(game, o, m.group("what")) for o in pool]
    if not values:
        return False
    best = max(values) if m.group("how") in ("greatest", "highest") else min(values)
    return _stat_of(game, obj, m.group("what")) == best


_BASE = re.compile(r"its base (power|toughness)")


def _base_value(obj: Any, what: str) -> int:
    """"with power greater than its base power": the object's own power or toughness as set by
    its card and layer 7b effects, before modifications and counters (613.4b)."""
    face = obj.face
    p, t = face.power or 0, face.toughness or 0
    for mod in getattr(obj, "static_mods", []) + getattr(obj, "mods", []):
        if mod.set_pt is not None:
            p = p if mod.set_pt[0] is None else mod.set_pt[0]
            t = t if mod.set_pt[1] is None else mod.set_pt[1]
    return p if what == "power" else t


def _possessive(amt: str, what: str) -> str:
    """"with power less than ~'s": ~'s power (the same characteristic, 208.1)."""
    return f"{amt} {what}" if re.fullmatch(r"(?:~|it|that creature)'s", amt.strip()) else amt


def _amount_compare_understood(q: str) -> bool:
    gm = _GREATEST.match(q)
    if gm is not None:
        words = gm.group("set")
        if words.endswith(" they control"):
            words = words[: -len(" they control")] + " you control"
        return hooks.parse_counted(words) is not None
    m = _AMOUNT_COMPARE.match(q)
    if m is None:
        return False
    if m.group("amt") is None or _BASE.fullmatch(m.group("amt").strip()):
        return True
    return hooks.amount_understood(_possessive(m.group("amt"), m.group("what")))


# "target player shuffles up to four target cards from their graveyard ...": cards owned by
# the player targeted before them (601.2c: targets are chosen in order; `_choose_targets`)
THAT_PLAYERS_GRAVEYARD = "in that player's graveyard"
# "two target creature cards that share a creature type": each one chosen shares a creature
# type with those chosen before it (205.3m; `_choose_targets`)
SHARE_CREATURE_TYPE = "share a creature type"
# qualifiers that say what kind of thing is meant (checked elsewhere) or are handled above
_SIMPLE_QUALIFIERS = frozenset({"card", "spell", "permanent", "player", "ability", "triggered",
                                "activated", "opponent", "tapped", "untapped", "attacking",
                                "unblocked",
                                "token", "nontoken", "non-token", "basic", "nonlegendary",
                                "outlaw", "non-outlaw", "nonoutlaw", THAT_PLAYERS_GRAVEYARD,
                                SHARE_CREATURE_TYPE, "one for each description",
                                "different names"})
_OUTLAW_TYPES = frozenset({"Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"})  # 700.12
_COMPARE = re.compile(r"^with (power|toughness|mana value) (\d+) or (less|greater|more)$")
_EITHER = re.compile(r"^with power or toughness (\d+) or (less|greater|more)$")
_EXACTLY = re.compile(r"^with (power|toughness|mana value) (\d+)$")  # "with mana value 2"


def x_in_force(game: Game) -> int:
    """The value of X for a filter that mentions it (107.3a): set while targets are chosen
    (choose_targets: announced, or defined by the ability's words) and while a spell or
    ability resolves (effects.resolve_*, h_with_x); 0 elsewhere."""
    return game.__dict__.get("_x_in_force", 0)


class XInForce:
    """``with XInForce(game, x): ...``: X for filters inside the block (restored after)."""

    __slots__ = ("game", "x", "saved")

    def __init__(self, game: Game, x: int) -> None:
        self.game, self.x, self.saved = game, x, 0

    def __enter__(self) -> None:
        self.saved = self.game.__dict__.get("_x_in_force", 0)
        self.game.__dict__["_x_in_force"] = self.x

    def __exit__(self, *exc: object) -> None:
        self.game.__dict__["_x_in_force"] = self.saved
# "spells with mana value greater than the number of turns they have begun" ("they": the
# player the object belongs to now - a spell's caster, 110.2/112.2)
_TURNS_BEGUN = re.compile(r"^with mana value (greater|less) than the number of turns "
                          r"(?:they have|its controller has) begun$")


def turns_begun(game: Game, player: Any) -> int:
    """How many turns ``player`` has begun (500.1: a turn begins with its untap step; the
    engine logs turn_began then). The turns before the first logged one (a game set up at turn
    N) are counted in turn order from the first player, the current turn included."""
    logged = [e for e in game.events if e.name == "turn_began"]
    first = logged[0].turn if logged else game.turn + 1
    players = [p for p in game.players]
    seat = (players.index(player) - players.index(game.first_player)) % len(players)
    before = sum(1 for t in range(1, first) if (t - 1) % len(players) == seat)
    return before + sum(1 for e in logged if e.data.get("player") is player)


# "spell with one or more blue mana symbols in its mana cost" (107.4: the colored symbols of a
# mana cost; 107.4e: a hybrid symbol is a symbol of each of its colors)
COLOR_SYMBOLS = re.compile(r"^with (one|two|three|four|five|\d+) or more (white|blue|black|red|"
                           r"green) mana symbols in its mana cost$", re.I)
_SYMBOL_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                   **{str(n): n for n in range(10)}}
_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def color_symbols(obj: Any, color: str) -> int:
    """107.4 / 107.4e: how many mana symbols of ``color`` the object's mana cost has (a hybrid
    or Phyrexian symbol of that color counts once)."""
    letter = _COLOR_LETTER.get(color.lower())
    face = getattr(obj, "face", None)
    cost = getattr(face, "mana_cost", None) or ""
    return sum(1 for sym in re.findall(r"\{([^}]+)\}", cost) if letter in sym.split("/"))


def _qualifier_holds(game: Game, obj: Any, q: str) -> bool:
    """The less common filter qualifiers the compiler keeps as words (rule 109.3's
    characteristics). A qualifier not understood here does not exclude anything."""
    m = _COMPARE.match(q)
    if m:
        what, n, way = m.group(1), int(m.group(2)), m.group(3)
        value = _characteristic(game, obj, what)
        return value <= n if way == "less" else value >= n
    m = _EXACTLY.match(q)
    if m:
        return _characteristic(game, obj, m.group(1)) == int(m.group(2))
    m = _TURNS_BEGUN.match(q)
    if m:
        value, turns = game.mana_value_of(obj), turns_begun(game, obj.controller)
        return value > turns if m.group(1) == "greater" else value < turns
    if q == "enchanted":  # "enchanted creatures": an Aura is attached to it (303.4)
        return any(a.attached_to is obj and "Aura" in a.subtypes for a in game.battlefield)
    if q == "modified":
        # 700.9: it has a counter, is equipped, or is enchanted by an Aura its controller
        # controls
        return any(n > 0 for n in obj.counters.values()) or any(
            a.attached_to is obj and ("Equipment" in a.subtypes or (
                "Aura" in a.subtypes and a.controller is obj.controller))
            for a in game.battlefield)
    if q.startswith("named:"):  # "a card named Ajani, Valiant Protector" (201.2)
        card = getattr(obj, "card", None)
        return q[len("named:"):] in (obj.name, getattr(card, "name", None))
    if q.startswith("with ") and q[5:] in _KEYWORD_QUALIFIERS:
        return compiled.has_keyword(obj, q[5:])  # "creature with flying"
    if q.startswith("without ") and q[8:] in _KEYWORD_QUALIFIERS:
        return not compiled.has_keyword(obj, q[8:])
    if q.startswith("non") and q[3:] in _COLOR_WORDS:  # "nonblack creature"
        return _COLOR_WORDS[q[3:]] not in obj.colors
    if q == "nonbasic":
        return "Basic" not in obj.face.supertypes
    if q == "blocking":
        return bool(obj.blocking)
    if q == "that was dealt damage this turn":
        return obj.damage > 0
    m = _EITHER.match(q)
    if m:  # "with power or toughness 1 or less"
        n, way = int(m.group(1)), m.group(2)
        return any(v <= n if way == "less" else v >= n for v in (obj.power, obj.toughness))
    m = COLOR_SYMBOLS.match(q)
    if m:  # "with one or more blue mana symbols in its mana cost" (107.4, 107.4e)
        return color_symbols(obj, m.group(2)) >= _SYMBOL_NUMBERS.get(m.group(1).lower(), 1)
    if q.lower() == "with {x} in its mana cost":  # 107.3: an {X} in its printed mana cost
        return "{X}" in (obj.face.mana_cost or "")
    if q in ("single_graveyard", "attached to that creature"):
        # (judged with more than the object: all from one graveyard, _choose_targets and
        # effects.pay_costs; attached to the creature the effect names, effects.resolve_ref)
        return True
    if q == "that attacked this turn":
        return attacked_this_turn(game, obj)
    m = _CAST_FROM.match(q)
    if m:  # 601.2a: the zone the spell was cast from; a copy of a spell wasn't cast (707.10)
        zone = _CAST_ZONES[m.group(2)]
        cast_there = not getattr(obj, "spell_copy", False) and \
            getattr(obj, "cast_from", None) == zone
        return cast_there if m.group(1) == "was" else not cast_there
    m = _COUNTER_ON_IT.match(q)
    if m:  # "with a slime counter on it", "with an oil counter on it" (122.1)
        return _counters_or_lki(game, obj).get(m.group(1), 0) > 0
    if q == "historic":  # 700.6: artifacts, legendaries and Sagas
        return obj.has_type("Artifact") or "Legendary" in obj.face.supertypes or \
            "Saga" in obj.face.subtypes
    return True


def _counters_or_lki(game: Game, obj: Any) -> dict[str, int]:
    """The object's counters; for a card that just left the battlefield ("a creature with a
    slime counter on it dies"), the counters it had as it left (603.10a look-back, 608.2h)."""
    if getattr(obj, "zone", "battlefield") == "battlefield" or obj.counters:
        return obj.counters
    for ev in reversed(game.events[-64:]):
        if ev.name == "left_battlefield" and ev.data.get("obj") is obj:
            lki = ev.data.get("lki")
            return getattr(lki, "counters", None) or {}
    return obj.counters


def attacked_this_turn(game: Game, obj: Any) -> bool:
    """"creatures that attacked this turn": declared as an attacker (508.1) in some combat of
    this turn, as this object (400.7: a permanent that left and came back is a new object, so
    only attacks since it last entered count)."""
    for ev in reversed(game.events):
        if ev.turn != game.turn:
            return False
        if ev.data.get("obj") is obj:
            if ev.name == "attacks":
                return True
            if ev.name == "entered":
                return False
    return False


def has_chosen_name(game: Game, obj: Any, source: Any) -> bool:
    """709.4a: an object has the chosen name if one of its names is the name ``source`` chose
    (a split card off the stack has both halves' names; the half cast, or a prepare spell's
    copy, only its own). The choice is the source's while it stays the same object (400.7)."""
    if source is None:
        return False
    chosen = {v.lower() for s, stamp, kind, v in game.__dict__.get("chosen_values", ())
              if s is source and stamp == source.timestamp and "name" in kind}
    if not chosen:
        return False
    names = {n.strip().lower() for n in str(obj.name).split(" // ")}
    return bool(names & chosen)


def has_chosen_type(game: Game, obj: Any, source: Any) -> bool:
    """"of the chosen type" (607.2d, 614.12): ``obj`` has the creature (or other) type
    ``source`` chose as it entered, the latest choice while it stays the same object (400.7);
    a changeling has every creature type (702.73a)."""
    if source is None:
        return False
    chosen = None
    for s, stamp, kind, v in game.__dict__.get("chosen_values", ()):
        if s is source and stamp == source.timestamp and kind.endswith(" type"):
            chosen = v.strip().lower()
    if chosen is None:
        return False
    if chosen in {t.lower() for t in obj.subtypes}:
        return True
    return obj.is_creature and "changeling" in (getattr(obj.face, "keywords", ()) or ())


_COUNTER_ON_IT = re.compile(r"^with an? (\S+) counter on it$")
_CAST_FROM = re.compile(r"^that (was|wasn't) cast from (its owner's hand|a graveyard|exile)$")
_CAST_ZONES = {"its owner's hand": "hand", "a graveyard": "graveyard", "exile": "exile"}


def obj_names(obj: Any) -> tuple[str, ...]:
    """An object's name and, for a card with two faces, each face's (201.2, 712.8)."""
    names = [obj.name]
    card = getattr(obj, "card", None)
    for face in (getattr(card, "front", None), getattr(card, "back", None)):
        if face is not None and face.name:
            names.append(face.name)
    return tuple(names)


def _qualifier_pattern(q: str) -> tuple[Any, Any] | None:
    """The registered qualifier shape ``q`` has (``registry.QUALIFIER_PATTERNS``) and its
    match, else None."""
    for rx, holds in QUALIFIER_PATTERNS:
        m = rx.fullmatch(q)
        if m:
            return holds, m
    return None


def qualifier_understood(q: str) -> bool:
    """Whether :func:`matches` really checks this filter qualifier (for rules_engine.support:
    a qualifier not understood lets every object through)."""
    if q in _SIMPLE_QUALIFIERS or _COMPARE.match(q) or q.startswith("count:") or \
            _TURNS_BEGUN.match(q) or _EITHER.match(q) or q in _CONTEXT_QUALIFIERS or \
            q == FIRST_EACH_TURN or _EXACTLY.match(q) or q in QUALIFIERS or \
            _qualifier_pattern(q) is not None:
        return True
    if q.startswith("with ") and q[5:] in _KEYWORD_QUALIFIERS:
        return True
    if q.startswith("named "):
        return True
    if q.startswith("without ") and q[8:] in _KEYWORD_QUALIFIERS:
        return True
    if q.startswith("non") and q[3:] in _COLOR_WORDS or q.startswith(("named:", "source:")) \
            or q in ("enchanted", "modified"):
        return True
    if _COUNTER_ON_IT.match(q):
        return True
    if _amount_compare_understood(q) or _CAST_FROM.match(q) or COLOR_SYMBOLS.match(q):
        return True
    if q.startswith(("plus:", "to:opponent", "src:")) or q == "noncombat":
        return True  # the parts of a "damage_plus" static, read by combat._damage_plus
    return q in ("nonbasic", "blocking", "face-down", "face-up",
                 "that was dealt damage this turn", "historic",
                 "that attacked this turn", "with {X} in its mana cost", "single_graveyard",
                 "attached to that creature", "other than that object",
                 "with the chosen name", "of the chosen type",
                 "blocking_source", "dealt damage this way")  # (the last: effects pools)


_KEYWORD_QUALIFIERS = frozenset({"flying", "reach", "menace", "trample", "haste", "deathtouch",
                                 "lifelink", "vigilance", "defender", "first strike",
                                 "double strike", "decayed", "flashback", "hexproof",
                                 "indestructible", "ward",
                                 # (a face-down permanent has none of these, 708.2)
                                 "morph", "megamorph", "disguise"})


# -- protection (702.16) ------------------------------------------------------------------------
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPE_PLURALS = {"creatures": "Creature", "artifacts": "Artifact", "enchantments": "Enchantment",
                 "instants": "Instant", "sorceries": "Sorcery", "planeswalkers": "Planeswalker",
                 "lands": "Land", "battles": "Battle"}


def protection_qualities(obj: Any) -> list[str]:
    """The qualities of every protection ability ``obj`` has (702.16g: "from A and from B" is
    two abilities), lower case: "red", "creatures", "everything", "demons"..."""
    found: list[str] = []
    abilities = list(compiled.object_abilities(obj))
    for m in obj.static_mods:
        abilities.extend(m.abilities)
    for a in abilities:
        if isinstance(a, ab.KeywordAbility) and a.name == "protection" and a.parameter:
            text = a.parameter.strip().rstrip(".").lower()
            for part in text.replace(", and from ", ", from ").replace(" and from ", ", from ") \
                    .split(", from "):
                part = part.strip()
                if part.startswith("from "):
                    part = part[5:]
                if part:
                    found.append(part)
    if not found and compiled.has_keyword(obj, "protection"):
        found.append("unknown")  # a protection keyword without its quality (Scryfall's list)
    return found


def _singular(word: str) -> list[str]:
    out = [word]
    if word.endswith("ves"):
        out.append(word[:-3] + "f")
    if word.endswith("es"):
        out.append(word[:-2])
    if word.endswith("s"):
        out.append(word[:-1])
    return out


def _has_quality(quality: str, source: Any, protected: Any) -> bool:
    """702.16a: whether ``source`` has the stated quality. A type quality applies to permanents
    of that type and to sources elsewhere of that type (702.16a's exception to 109.2)."""
    if quality == "everything":  # 702.16j
        return True
    if not isinstance(source, GameObject):
        return False
    colors = source.colors
    if quality in _COLOR_WORDS:
        return _COLOR_WORDS[quality] in colors
    if quality in ("all colors", "each color", "every color"):  # 702.16h
        return bool(colors)
    if quality == "multicolored":
        return len(colors) >= 2
    if quality == "monocolored":
        return len(colors) == 1
    if quality == "colorless":
        return not colors
    if quality in _TYPE_PLURALS:
        return source.has_type(_TYPE_PLURALS[quality])
    if quality in ("each opponent", "your opponents", "opponents"):  # 702.16k, for each one
        owner = protected.controller if isinstance(protected, GameObject) else protected
        return source.controller is not owner
    subtypes = {s.lower() for s in source.face.subtypes}
    if any(s in subtypes for s in _singular(quality)):
        return True
    return False


def _hexproof_blocks(game: Game, obj: GameObject, source: Any) -> bool:
    """702.11b/d: hexproof stops an opponent's spells and abilities from targeting it;
    "hexproof from [quality]" only those with the quality."""
    abilities = list(compiled.object_abilities(obj))
    for m in obj.static_mods:
        abilities.extend(m.abilities)
    params = [a.parameter for a in abilities
              if isinstance(a, ab.KeywordAbility) and a.name == "hexproof"]
    if not params or any(not p for p in params):
        return True  # plain hexproof (or only Scryfall's keyword list says so)
    src = getattr(source, "source", None) if not isinstance(source, GameObject) else source
    for p in params:
        quality = p.strip().lower()
        quality = quality[5:] if quality.startswith("from ") else quality
        if _has_quality(quality, src, obj):
            return True
    return False


def protected_from(game: Game, protected: Any, source: Any) -> bool:
    """702.16: whether ``protected`` (a permanent) has protection from ``source`` (a spell,
    permanent, or an ability's source object). Cheap when it has no protection keyword."""
    if not isinstance(protected, GameObject) or source is None:
        return False
    if not compiled.has_keyword(protected, "protection"):
        return False
    if source is protected:
        return False
    src = getattr(source, "source", None) if not isinstance(source, GameObject) else source
    if src is None:
        return False
    return any(_has_quality(q, src, protected) for q in protection_qualities(protected))


def _color_ok(have: Any, wanted: tuple[str, ...]) -> bool:
    """One of the colour words holds for an object of colours ``have`` (105.2): a colour, or
    "multicolored" (two or more, 105.2c), "monocolored" (one), "colored" (one or more),
    "colorless" (none, 105.2c)."""
    n = len(have)
    for word in wanted:
        w = word.lower()
        if w == "multicolored":
            ok = n >= 2
        elif w == "monocolored":
            ok = n == 1
        elif w == "colored":
            ok = n >= 1
        elif w == "colorless":
            ok = n == 0
        else:
            ok = _color_letters((word,))[0] in have
        if ok:
            return True
    return False


def _color_letters(colors: tuple[str, ...]) -> list[str]:
    names = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    return [names.get(c.lower(), c) for c in colors]


def candidates(game: Game, target: Any, controller: Player, source: Any) -> list[Any]:
    """Every legal choice for one target (115.1, 115.4); hexproof/shroud (702.11, 702.18)."""
    kind = target.kind
    flt = target.filter
    found: list[Any] = []
    quals = flt.qualifiers if flt is not None else ()
    # "target player or planeswalker", "target opponent or creature they control" (115.4)
    either = kind == "player_or_permanent" and ("player" in quals or "opponent" in quals)
    if kind in ("player", "opponent", "any") or either:
        for p in game.apnap():
            if (kind == "opponent" or (either and "player" not in quals)) and p is controller:
                continue
            found.append(p)
    if kind == "ability":
        # "target activated or triggered ability" (115.1b, 113.1b: an ability on the stack;
        # mana abilities never are, 605.3b)
        wanted = {k for k in ("activated", "triggered") if k in (flt.qualifiers if flt else ())}
        return [o for o in game.stack if isinstance(o, StackAbility) and o is not source and
                (not wanted or o.kind in wanted)]
    if kind in ("creature", "permanent", "any", "planeswalker", "artifact", "enchantment",
                "land", "battle", "nonland permanent") or (kind not in ("player", "opponent",
                                                                       "spell", "card",
                                                                       "ability")):
        for obj in game.permanents():
            if kind == "creature" and not obj.is_creature:
                continue
            if kind == "any" and not (obj.is_creature or obj.has_type("Planeswalker")
                                      or obj.has_type("Battle")):
                continue
            if kind in ("planeswalker", "artifact", "enchantment", "land", "battle") and \
                    not obj.has_type(_cap(kind)):
                continue
            if not matches(game, obj, flt, controller, source):
                continue
            if obj.controller is not controller and compiled.has_keyword(obj, "hexproof") and \
                    _hexproof_blocks(game, obj, source) and not hooks.restricted(
                        game, "targetable_despite_hexproof", obj):
                continue  # (702.11b; "... as though they didn't have hexproof")
            if compiled.has_keyword(obj, "shroud"):
                continue
            if "protection" in obj.face.keywords or obj.mods or obj.static_mods:
                if protected_from(game, obj, source):  # 702.16b
                    continue
            if game.statics_present and hooks.target_refused(game, obj, source):
                continue  # "~ can't be the target of blue spells" (statics_more)
            found.append(obj)
    if kind in ("spell", "permanent_or_spell"):  # ("target creature or spell": either)
        for obj in game.stack:
            if isinstance(obj, GameObject) and obj is not source and \
                    matches(game, obj, flt, controller, source, zone_check=False):
                found.append(obj)
    if kind == "ability":
        # "target activated or triggered ability you control from a colorless source" (115.1:
        # an activated or triggered ability on the stack; 113.7a its source)
        for item in game.stack:
            if isinstance(item, StackAbility) and item is not source and \
                    ability_matches(game, item, flt, controller):
                found.append(item)
    if kind == "card":
        zone = flt.zone or "graveyard"
        owners = [controller] if flt.controller == "you" or flt.owner == "you" else game.living
        for p in owners:
            for obj in getattr(p, zone, []):
                if matches(game, obj, flt, controller, source, zone_check=False):
                    found.append(obj)
    return found


_SOURCE_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "legendary")


def ability_matches(game: Game, item: StackAbility, flt: Any, controller: Player) -> bool:
    """An ability on the stack against a target's filter: "activated" / "triggered" (both
    named: either), "you control", and "source:<quality>" ("from a colorless source")."""
    if flt is None:
        return True
    quals = set(flt.qualifiers)
    kinds = {k for k in ("activated", "triggered") if k in quals}
    if kinds and item.kind not in kinds:
        return False
    if flt.controller == "you" and item.controller is not controller:
        return False
    if flt.controller in ("opponent", "an opponent", "not_you") and item.controller is controller:
        return False
    src = item.source
    for q in quals:
        if not q.startswith("source:"):
            continue
        want = q[len("source:"):]
        if not isinstance(src, GameObject):
            return False
        if want == "colorless":
            if src.colors:
                return False
        elif want == "legendary":
            if "Legendary" not in src.face.supertypes:
                return False
        elif not src.has_type(_cap(want)):
            return False
    return True


def choose_targets(game: Game, item: Any, wanted: tuple[Any, ...], player: Player,
                   given: list[Any] | None) -> bool:
    """601.2c / 603.3d: choose targets for ``item``; False if a required target is missing."""
    with XInForce(game, _x_for_targets(game, item, player)):
        return _choose_targets(game, item, wanted, player, given)


def _event_object(item: Any) -> Any:
    """The object a triggered ability's trigger event is about ("that creature", 603.2)."""
    event = getattr(item, "event", None)
    data = getattr(event, "data", None) or {}
    return data.get("obj")


def _x_for_targets(game: Game, item: Any, player: Player) -> int:
    """X as the targets are chosen (601.2b: announced before 601.2c), or defined by the
    ability's words ("target creature card with mana value X or less, where X is the amount of
    life you gained this turn": computed now, the value the target must fit, 107.3c)."""
    x = int(getattr(item, "x", 0) or 0)
    for eff in getattr(item, "effects", None) or ():
        if type(eff).__name__ == "WithX":
            ctx = Ctx(game, getattr(item, "source", None), player, item)
            return hooks.amount(ctx, eff.x, 0)
    return x


def _choose_targets(game: Game, item: Any, wanted: tuple[Any, ...], player: Player,
                    given: list[Any] | None) -> bool:
    chosen: list[Any] = []
    tmap: dict[Any, list[Any]] = {}
    given = list(given or [])
    named = bool(given)  # the action listed its targets: no further optional ones are asked
    source = item.source if hasattr(item, "source") and item.source is not None else item
    for target in wanted:
        opts = [o for o in candidates(game, target, player, source) if o not in chosen]
        if target.filter is not None and "other than that object" in target.filter.qualifiers:
            that = _event_object(item)  # 603.3d: "other than that creature" (the trigger's)
            opts = [o for o in opts if o is not that]
        count = target.max_count
        minimum = target.min_count
        if getattr(target, "count_variable", None) == "X":
            # 601.2b-c: "X target creatures": X is announced first; exactly X ("up to X": at
            # most X) targets
            x = max(0, int(getattr(item, "x", 0) or 0))
            count = min(x, target.max_count)
            minimum = 0 if "up to" in (target.text or "").lower() else count
        if target.filter is not None and THAT_PLAYERS_GRAVEYARD in target.filter.qualifiers:
            whose = _that_player(game, item, chosen, player)
            opts = [o for o in opts if getattr(o, "owner", None) in whose]
        picked_here = 0
        for _ in range(count):
            if not opts:
                break
            if given:
                answer = given.pop(0)
                try:
                    pick = match_option(player.name, f"target ({target.text or target.kind})",
                                        answer, opts)
                except DecisionError as exc:
                    raise IllegalActionError("115.1", f"{answer!r} is not a legal target for "
                                                      f"{item.name} ({target.text or target.kind})"
                                                      f": {exc}") from exc
            else:
                optional = picked_here >= minimum
                if optional and named:
                    break  # "up to N" / "one or more": the listed targets were all of them
                pick = game.decider.choose(player.name, f"target for {item.name} "
                                                        f"({target.text or target.kind})",
                                           opts, optional=optional)
                if pick is None:
                    break
            chosen.append(pick)
            tmap.setdefault(target, []).append(pick)
            opts.remove(pick)
            picked_here += 1
            if target.filter is not None and "different names" in target.filter.qualifiers:
                # "target creature cards with different names" (201.2, 601.2c)
                opts = [o for o in opts if o.name != pick.name]
            if target.filter is not None and SHARE_CREATURE_TYPE in target.filter.qualifiers:
                opts = [o for o in opts if _creature_types(o) & _creature_types(pick)]
            if target.filter is not None and "single_graveyard" in target.filter.qualifiers:
                # "target cards from a single graveyard" (601.2c): the rest from the same one
                opts = [o for o in opts if getattr(o, "owner", None) is pick.owner]
        if picked_here < minimum:
            return False
    item.targets = chosen
    item.choices_made["target_map"] = tmap
    item.choices_made["target_stamps"] = [(o, o.timestamp) for o in chosen
                                          if isinstance(o, GameObject)]
    return True


def _that_player(game: Game, item: Any, chosen: list[Any], player: Player) -> list[Any]:
    """Whose graveyard "from their / that player's graveyard" is: the player targeted before
    (601.2c), else the player the trigger event is about ("deals combat damage to a player,
    ... from that player's graveyard", 603.2), else the opponents."""
    players = [p for p in chosen if isinstance(p, Player)]
    if players:
        return players[-1:]
    data = getattr(getattr(item, "event", None), "data", None) or {}
    for key in ("player", "recipient"):
        if isinstance(data.get(key), Player):
            return [data[key]]
    return [p for p in game.players if p is not player]


def _creature_types(obj: Any) -> set[str]:
    """An object's creature types (205.3m: the subtypes of a creature or kindred card)."""
    face = getattr(obj, "face", None)
    if face is None or not ({"Creature", "Kindred", "Tribal"} & set(face.types)):
        return set()
    return set(obj.subtypes)


def still_legal(game: Game, item: Any, obj: Any) -> bool:
    """608.2b: a target is illegal if it left its zone or no longer fits."""
    if isinstance(obj, Player):
        return not obj.left
    if isinstance(obj, StackAbility):
        return obj in game.stack  # an ability target: still on the stack (608.2b)
    stamps = (getattr(item, "choices_made", None) or {}).get("target_stamps")
    if stamps:
        for o, stamp in stamps:
            if o is obj and o.timestamp != stamp:
                return False  # 400.7: it changed zones; it's a new object
    if obj.zone not in ("battlefield", "stack", "graveyard", "exile", "hand", "library"):
        return False
    if obj.zone == "battlefield":
        if obj.phased_out:
            return False
        if "protection" in obj.face.keywords or obj.mods or obj.static_mods:
            source = getattr(item, "source", None) or item
            if protected_from(game, obj, source):  # 702.16b: it can't be the target now
                return False
        if game.statics_present and hooks.target_refused(game, obj, item):
            return False  # "~ can't be the target of ..." now applies (608.2b)
    return True


_TARGETS_CACHE: dict[tuple[int, ...], tuple[tuple[Any, ...], tuple[Any, ...]]] = {}


def collect_targets(items: Any) -> tuple[Any, ...]:
    """Every :class:`Target` under ``items`` (abilities, effects, token specs...), in text order.

    Walks all dataclass fields recursively (a copy effect's target sits inside a TokenSpec),
    but not into granted abilities, whose targets are chosen when those abilities are used.
    Memoised on the identity of the items of a list or tuple: ability and effect records are
    frozen, and the cache keeps them alive, so an id seen again is the same record.
    """
    if isinstance(items, tuple | list):
        key = tuple(map(id, items))
        hit = _TARGETS_CACHE.get(key)
        if hit is not None:
            return hit[1]
        found = _collect_targets(items)
        if len(_TARGETS_CACHE) > 4096:
            _TARGETS_CACHE.clear()
        _TARGETS_CACHE[key] = (tuple(items), found)
        return found
    return _collect_targets(items)


def _collect_targets(items: Any) -> tuple[Any, ...]:
    found: list[Any] = []

    def walk(value: Any) -> None:
        if isinstance(value, ab.Target):
            if value not in found:
                found.append(value)
            return
        if isinstance(value, tuple | list):
            for v in value:
                walk(v)
            return
        if isinstance(value, ab.GrantAbility):
            walk(value.subject)
            return
        if isinstance(value, ab.DelayedTrigger):
            return
        if isinstance(value, ab.TokenSpec):
            # a copy's target is chosen now; the token's own abilities choose theirs when they
            # are used (a Munitions token's "it deals 2 damage to any target", 603.3d)
            walk(value.copy_of)
            return
        slots = getattr(type(value), "__slots__", None)
        if slots and type(value).__module__ in _RECORD_MODULES:
            for name in _all_slots(type(value)):
                walk(getattr(value, name, None))

    walk(items)
    return tuple(found)


_SLOTS: dict[type, tuple[str, ...]] = {}


def _all_slots(cls: type) -> tuple[str, ...]:
    """The slots of a record class and of the records it extends (a subclass's ``__slots__``
    lists only its own fields: ``ReturnAttached`` extends ``MoveToZone``), parents first."""
    hit = _SLOTS.get(cls)
    if hit is None:
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in getattr(klass, "__slots__", ()) or ():
                if name not in names and not name.startswith("__"):
                    names.append(name)
        hit = _SLOTS[cls] = tuple(names)
    return hit


# the modules whose records may hold targets (walked by collect_targets)
_RECORD_MODULES = frozenset({ab.__name__, records.__name__})


def note_targets(game: Game, item: Any, player: Player) -> None:
    """115.1 / 702.21a: log each object becoming the target of a spell or ability."""
    for target in item.targets:
        if isinstance(target, GameObject):
            game.log("becomes_target", obj=target, spell=item, player=player)
