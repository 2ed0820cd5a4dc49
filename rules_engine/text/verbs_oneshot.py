"""Verb phrases of helper "effA" (issue 12): one-shot effects, appended to the verb-phrase
table of :mod:`rules_engine.text.verbs` (at its size cap) when :mod:`rules_engine.text.effects`
imports this module. The subject is whatever the sentence grammar read before the verb, so
each phrase serves every subject at once.

- "Add one mana of any type that a land you control could produce", "... any color that a land
  an opponent controls could produce", "... that a basic land you control could produce"
  (106.7): :class:`~rules_engine.records.AddManaCouldProduce`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Amount, Effect, Ref
from rules_engine.records import AddManaCouldProduce
from rules_engine.text.nouns import Ctx, number, parse_filter
from rules_engine.text.verbs import VERB_PHRASES

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]


def _could_produce(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """106.7: mana of a type (or colour) another permanent could produce."""
    n = number(m.group("n"))
    flt = parse_filter(m.group("what"))
    if n is None or flt is None:
        return None
    who = s if s is not None and s.kind not in ("you", "self") else None
    return AddManaCouldProduce(amount=Amount(n), source_filter=flt,
                               colors_only=m.group("kind").lower() == "color", player=who,
                               text=m.group(0))


_SPECS: list[tuple[str, _Builder]] = [
    (r"adds? (?P<n>one|two|three) mana of any (?P<kind>type|color) that an? (?P<what>[\w ,-]+?) "
     r"could produce", _could_produce),
]

VERB_PHRASES.extend((re.compile(p, re.I), b) for p, b in _SPECS)
