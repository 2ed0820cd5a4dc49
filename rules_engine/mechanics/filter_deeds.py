"""Filter qualifiers with words in them (helper "effB", issue 12), registered as shapes in
``registry.QUALIFIER_PATTERNS`` so ``targeting.matches`` checks them and the support audit
(``targeting.qualifier_understood``) counts them; their grammar is
:mod:`rules_engine.text.nouns_more`.

- "without an egg counter on it" (122.1): the object has no counter of that kind;
- "that's a token or a Rabbit" (111.1 tokens; 205.2-205.3 card types and subtypes): either;
- "that didn't attack or enter this turn" (508.1 declared as an attacker, 509.1 as a blocker,
  403.3 entered the battlefield): none of those happened this turn to this object (400.7: a
  permanent that left and came back is a new object, so only deeds since it entered count);
- "that's attacking alone" (506.5).
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import registry
from rules_engine.objects import Player


def _without_counter(game: Any, obj: Any, source: Any, m: re.Match[str]) -> bool:
    return obj.counters.get(m.group("kind"), 0) <= 0


def _is_either(game: Any, obj: Any, source: Any, m: re.Match[str]) -> bool:
    for alt in re.split(r" or an? ", m.group("alts")):
        word = alt.strip().lower()
        if word == "token" and getattr(obj, "token", False):
            return True
        if word == "nontoken" and not getattr(obj, "token", False):
            return True
        if obj.has_type(word.capitalize()) or word in (s.lower() for s in obj.subtypes):
            return True
    return False


_DEED_EVENTS = {"attack": "attacks", "block": "blocks", "enter": "entered"}


def _did_none(game: Any, obj: Any, source: Any, m: re.Match[str]) -> bool:
    deeds = {_DEED_EVENTS[d] for d in re.findall(r"attack|block|enter", m.group("deeds"))}
    return not any(ev.data.get("obj") is obj for name in deeds
                   for ev in game.events_this_turn(name))


def _attacking_alone(game: Any, obj: Any, source: Any, m: re.Match[str]) -> bool:
    """506.5: a creature attacks alone when it is the only creature declared as an attacker."""
    attackers = [o for o in game.permanents() if getattr(o, "attacking", None) is not None]
    return attackers == [obj]


def _is_none_of(game: Any, obj: Any, source: Any, m: re.Match[str]) -> bool:
    return not _is_either(game, obj, source, m)


_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _basic_land_type(game: Any, obj: Any, source: Any, m: re.Match[str]) -> bool:
    """205.3i: Plains, Island, Swamp, Mountain and Forest are the basic land types."""
    return any(t in obj.subtypes for t in _BASIC_LAND_TYPES)


def _attacking_a_player(game: Any, obj: Any, source: Any, m: re.Match[str]) -> bool:
    """"target creature that's attacking that player" after "Whenever you attack a player"
    (506.4, 508.1b): attacking a player, not a planeswalker or battle; in a two-player game the
    one player attacked is that player."""
    return isinstance(getattr(obj, "attacking", None), Player)


def _stat_either(game: Any, obj: Any, source: Any, m: re.Match[str]) -> bool:
    """"with mana value 2 or 3" (202.3, 208): the value is one of the two numbers."""
    what = m.group("what").lower()
    value = obj.power if what == "power" else obj.toughness if what == "toughness" else \
        game.mana_value_of(obj)
    return value in (int(m.group("a")), int(m.group("b")))


def _crewed_it(game: Any, obj: Any, source: Any, m: re.Match[str]) -> bool:
    """"target creature that crewed it this turn" / "that saddled it this turn" (702.122a,
    702.171a): tapped this turn to pay this Vehicle's crew or this Mount's saddle cost."""
    return source is not None and any(
        ev.data.get("obj") is obj and ev.data.get("source") is source
        for ev in game.events_this_turn("tapped_for_cost"))


registry.QUALIFIER_PATTERNS.extend([
    (re.compile(r"that (?:crewed|saddled) (?:it|~) this turn", re.I), _crewed_it),
    (re.compile(r"with (?P<what>power|toughness|mana value) (?P<a>\d+) or (?P<b>\d+)", re.I),
     _stat_either),
    (re.compile(r"(?:that's|that is) attacking that player", re.I), _attacking_a_player),
    (re.compile(r"that (?:doesn't|does not) have an? (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counter "
                r"on it", re.I), _without_counter),
    (re.compile(r"that (?:isn't|is not|aren't|are not) an? (?P<alts>[\w-]+(?: or an? [\w-]+)*)",
                re.I), _is_none_of),
    (re.compile(r"with a basic land type", re.I), _basic_land_type),
    (re.compile(r"(?:that's|that is) attacking alone", re.I), _attacking_alone),
    (re.compile(r"without an? (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters? on (?:it|them)", re.I),
     _without_counter),
    (re.compile(r"(?:that's|that is|that are) an? (?P<alts>[\w-]+(?: or an? [\w-]+)+)", re.I),
     _is_either),
    (re.compile(r"that (?:didn't|did not) (?P<deeds>(?:attack|block|enter)(?:,? or (?:attack|"
                r"block|enter))*) this turn", re.I), _did_none),
])
