""""<card> becomes plotted" (702.170c), appended to the verb-phrase table like
:mod:`rules_engine.text.verbs_either`: an effect makes a card in exile plotted, so its owner may
cast it without paying its mana cost on a later turn (702.170d, run by ``casting``'s plotted
cards). The record is the keyword action "become plotted" of
:mod:`rules_engine.mechanics.become_plotted`.
"""

from __future__ import annotations

import re

from rules_engine.abilities import KeywordAction, Ref
from rules_engine.text.nouns import Ctx


def _plotted(s: Ref, m: re.Match[str], ctx: Ctx) -> KeywordAction | None:
    if s.kind not in ("it", "self", "those", "target"):
        return None
    return KeywordAction(name="become plotted", subject=s, text=m.group(0))


VP_SPECS = [(r"(?:becomes?|become) plotted", _plotted)]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
