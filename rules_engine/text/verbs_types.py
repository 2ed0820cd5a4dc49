"""Verb phrases that change an object's card types without making it a creature.

"Until your next turn, he becomes a land and gains '{T}: Add {U}.' (He's not a creature during
that time.)": the new card type replaces the object's other card types and the subtypes that go
with them (205.1a, layer 4, 613.1d); a granted ability is a separate phrase the compound split
reads. The phrases are appended to :data:`rules_engine.text.verbs.VERB_PHRASES` (that module is
at its size limit).
"""

from __future__ import annotations

import re

from rules_engine.abilities import Animate, Ref
from rules_engine.text.nouns import Ctx
from rules_engine.text.verbs import VERB_PHRASES

_CARD_TYPES = r"(?:artifact|enchantment|land)"


def _becomes_type(s: Ref, m: re.Match[str], ctx: Ctx) -> Animate | None:
    """"becomes a land", "becomes an artifact and enchantment": the named card types only."""
    types = tuple(t.lower() for t in re.split(r"\s+and\s+|\s+", m.group("types")) if t)
    return Animate(subject=s, card_types=types, duration=None, set_types=True,
                   text=m.group(0))


VERB_PHRASES.extend([
    (re.compile(rf"becomes? an? (?P<types>{_CARD_TYPES}(?:(?: and)? {_CARD_TYPES})*)", re.I),
     _becomes_type),
])
