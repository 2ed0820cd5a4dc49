"""Verb phrases of small rule families many cards share (issue 12, helper "tail"), appended to
the verb-phrase table of :mod:`rules_engine.text.verbs` (near its size cap) when
:mod:`rules_engine.text.effects` imports this module.

- "~ deals 2 damage to any target and 3 damage to you": one source dealing two amounts to two
  recipients in one instruction (120.1, 120.3: dealt at the same time, as two damage records
  of one effect).
- "target land becomes the basic land type of your choice until end of turn", "... the creature
  type of your choice" (608.2d, 613.1d, 305.7): :class:`~rules_engine.records.BecomesChosenType`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import DealDamage, Duration, Effect, Ref
from rules_engine.records import BecomesChosenType
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, parse_refs
from rules_engine.text.verbs import VERB_PHRASES

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]
_N = rf"(?:{NUM_WORD}|\d+|X)"


def _two_damages(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"deals N damage to <recipient> and M damage to <recipient>" (120.3)."""
    out = []
    for n, to in (("n1", "to1"), ("n2", "to2")):
        amt = amount(m.group(n))
        recips = parse_refs(m.group(to), ctx)
        if amt is None or not recips:
            return None
        out.append(DealDamage(source=s, amount=amt, recipients=recips, text=m.group(0)))
    return tuple(out)


def _chosen_type(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"becomes the basic land type / creature type of your choice [until end of turn]"."""
    dur = Duration("end_of_turn") if m.group("eot") else Duration("permanent")
    return BecomesChosenType(subject=s, kind=m.group("kind").lower() + " type", duration=dur,
                             text=m.group(0))


_SPECS: list[tuple[str, _Builder]] = [
    (rf"deals? (?P<n1>{_N}) damage to (?P<to1>.+?) and (?P<n2>{_N}) damage to "
     r"(?P<to2>you|itself|~|that player|that creature|its controller|each opponent)",
     _two_damages),
    (r"becomes? the (?P<kind>basic land|creature) type of your choice(?P<eot> until end of turn)?",
     _chosen_type),
]
TAIL_PHRASES = [(re.compile(p, re.I), b) for p, b in _SPECS]
if not any(rx.pattern == TAIL_PHRASES[0][0].pattern for rx, _ in VERB_PHRASES):
    VERB_PHRASES.extend(TAIL_PHRASES)
