"""Verb phrases that make a permanent a creature keeping its own power and toughness (issue 12,
deck blockers), appended to the verb-phrase table by :mod:`rules_engine.text.effects`:

- "~ becomes an artifact creature until end of turn" (a Vehicle's "Tap two untapped creatures
  you control: ..." or "Tap another untapped Mount or Vehicle you control: ..."): its card types
  become those named (205.1a, layer 4, 613.1d; for an artifact, as Vehicles are, that is adding
  creature, and its artifact subtypes stay valid) and, with no power and toughness in the text,
  its printed ones apply (301.7b, 208.3); "and gains flying" after it is the ordinary compound
  split. The engine adds the named types (an Animate without ``set_types``), which differs
  from 205.1a only for a permanent of another card type (none of this family's cards).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Animate, Effect, Ref
from rules_engine.text.nouns import Ctx

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]


def _becomes_creature(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """205.1a / 613.1d: "becomes an artifact creature" - the named types, printed P/T (301.7b)."""
    types = tuple(m.group("types").lower().split())
    return Animate(subject=s, card_types=types, duration=None, text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (r"becomes? an? (?P<types>(?:(?:artifact|enchantment|land) )+creature)", _becomes_creature),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
