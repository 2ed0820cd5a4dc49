"""Verb phrases of suspend cards: "Exile ~ with three time counters on it" (702.62).

A suspend card's own instruction to exile itself with time counters (Arc Blade, Festering
March ...) is one keyword action record, ``exile with counters`` (run by
``rules_engine/mechanics/suspend.py``): the resolving spell goes to exile (608.2n is replaced:
it does not also go to the graveyard) with that many counters on it, so, having suspend, it is
suspended (702.62b). Appended to :data:`rules_engine.text.verbs.VERB_PHRASES` as this module
is imported (``rules_engine.text.effects`` imports it), after every pattern there, so nothing
that parsed before parses differently.
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine.abilities import KeywordAction, Ref
from rules_engine.text.nouns import NUM_WORD, amount
from rules_engine.text.verbs import VERB_PHRASES

_SELF = {"~": "self", "this card": "self", "it": "it", "that card": "it"}


def _exile_with_counters(subject: Ref, m: re.Match[str], ctx: Any) -> KeywordAction | None:
    n = amount(m.group("n"))
    if n is None:
        return None
    return KeywordAction(name="exile with counters", subject=Ref(_SELF[m.group("obj").lower()]),
                         amount=n, detail=m.group("kind").lower(), text=m.group(0))


_PATTERN = re.compile(r"exiles? (?P<obj>~|this card|it|that card) with (?P<n>" + NUM_WORD +
                      r") (?P<kind>time) counters? on it", re.I)
if all(rx.pattern != _PATTERN.pattern for rx, _ in VERB_PHRASES):
    VERB_PHRASES.append((_PATTERN, _exile_with_counters))
