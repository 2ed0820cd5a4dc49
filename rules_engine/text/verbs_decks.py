"""Verb phrases of the deck-blocking families of issue 12 (helper dk3), appended to the
verb-phrase table (:data:`rules_engine.text.effects.VERB_PHRASES`) like
:mod:`rules_engine.text.verbs_rules`:

- "double the number of +1/+1 counters on each creature you control" (701.10e: each permanent
  gets as many of those counters as it has, each counted for itself).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Effect, Ref
from rules_engine.records import DoubleCounters
from rules_engine.text.nouns import Ctx, parse_ref

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]


def _double_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.10e: "double the number of <kind> counters on <objects>"."""
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return DoubleCounters(subject=ref, counter=m.group("kind").lower(), text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (r"double the number of (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters on (?P<obj>.+)",
     _double_counters),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
