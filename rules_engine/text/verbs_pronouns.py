"""Verb phrases of helper "eff2" (issue 12), appended to the verb-phrase table of
:mod:`rules_engine.text.verbs` (at its size cap) when :mod:`rules_engine.text.effects` imports
this module. The subject is whatever the sentence grammar read before the verb ("it", "that
player", "its controller", "an opponent", the implied "you"), so each phrase serves every
subject at once.

- "choose one of them", "An opponent chooses two of those cards", "... a creature card from
  among them", "choose one of them at random" (608.2c-d): :class:`~rules_engine.records.
  ChooseAmong`.
- "that creature can't be regenerated this turn" (701.19c), a restriction until end of turn.
- "roll a d20", "each player rolls a d20" without a results table (706.4).
- "Add two mana of different colors", "Add three mana in any combination of {R} and/or {G}"
  (106.1): the possible results as the choices of one :class:`AddMana`.
- "Untap all artifacts you control during each other player's untap step" (502.3), a static
  restriction of kind ``untaps_during_others``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement

from rules_engine.abilities import AddMana, Duration, Effect, Ref, Restriction, RollDie
from rules_engine.records import ChooseAmong
from rules_engine.text.nouns import Ctx, number, parse_filter, parse_ref
from rules_engine.text.verbs import VERB_PHRASES

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]
_THEM = r"(?:them|those cards|the revealed cards|the exiled cards|the milled cards)"


def _choose_among(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """608.2d: the subject chooses that many of the cards just looked at ("them")."""
    n = number(m.group("n")) if m.group("n") else 1
    if n is None:
        return None
    flt = None
    if m.group("what"):
        flt = parse_filter(m.group("what"))
        if flt is None:
            return None
    return ChooseAmong(chooser=s, count=n, filter=flt, random=bool(m.group("random")),
                       text=m.group(0))


def _cant_be_regenerated(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.19c: "that creature can't be regenerated this turn" - a regeneration shield does not
    replace its destruction until the turn ends (611.2a)."""
    if s.kind in ("you", "that_player", "opponent_each", "player_each"):
        return None
    return Restriction(kind="cant_be_regenerated", subject=s, duration=Duration("this_turn"),
                       text=m.group(0))


def _roll(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"roll a d20" with no results table (706.4): the later words say what the result does
    ("When you do, ... where X is the result"; rules_engine.effects.dice keeps it)."""
    if s.kind not in ("you", "that_player", "player_each", "opponent_each", "it"):
        return None
    return RollDie(sides=int(m.group("sides")), player=s, text=m.group(0))


def _two_different(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Add two mana of different colors" (106.1a): one of the ten pairs of two colors."""
    pairs = tuple("{" + a + "}{" + b + "}" for a, b in combinations("WUBRG", 2))
    return AddMana(choices=pairs, player=None if s.kind == "you" else s, text=m.group(0))


def _combination(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Add three mana in any combination of {R} and/or {G}" (106.1): every multiset of that
    many of the named symbols is one choice."""
    n = number(m.group("n"))
    symbols = re.findall(r"\{([WUBRGC])\}", m.group("syms"))
    if n is None or not 1 <= n <= 6 or len(symbols) < 2:
        return None
    choices = tuple("".join("{" + c + "}" for c in combo)
                    for combo in combinations_with_replacement(symbols, n))
    return AddMana(choices=choices, player=None if s.kind == "you" else s, text=m.group(0))


def _untap_during_others(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Untap all permanents you control during each other player's untap step" (502.3): a
    static ability; the untap step of each player other than its controller untaps them too
    (rules_engine.effects.untap_others)."""
    if s.kind != "you":
        return None
    obj = parse_ref(m.group("obj"), ctx)
    if obj is None or obj.kind not in ("self", "each"):
        return None
    return Restriction(kind="untaps_during_others", subject=obj, text=m.group(0))


_SPECS: list[tuple[str, _Builder]] = [
    (r"untap (?P<obj>~|(?:all|each) .+?) during each other player's untap step",
     _untap_during_others),
    (r"adds? two mana of different colors", _two_different),
    (r"adds? (?P<n>two|three|four|five|six) mana in any combination of (?P<syms>(?:\{[WUBRGC]\}"
     r"(?:,? (?:and/or )?)?)+)", _combination),
    (r"rolls? an? d(?P<sides>\d+)", _roll),
    (rf"chooses? (?:(?P<n>one|two|three|four|five) of {_THEM}|an? (?P<what>[\w ,-]+?) from "
     rf"among {_THEM})(?P<random> at random)?", _choose_among),
    (r"can't be regenerated this turn", _cant_be_regenerated),
]

VERB_PHRASES.extend((re.compile(p, re.I), b) for p, b in _SPECS)
