"""Conditions of helper repl's families (their runtime kinds are in ``effects/descend.py``):

- "you descended this turn" (700.11: a permanent card was put into your graveyard from
  anywhere this turn): kind ``descended_this_turn``;
- "you control a commander as you cast ~" (903.3: a commander exists only in a Commander
  game): kind ``controls_commander``, false in the two-player games this engine plays.
Appended to ``text/conditions.CONDITIONS``.
"""

from __future__ import annotations

import re

from rules_engine.abilities import Condition
from rules_engine.text.conditions import CONDITIONS

CONDITIONS.extend([
    (re.compile(r"you(?:'ve)? descended this turn", re.I),
     lambda m, c: Condition("descended_this_turn", text=m.group(0))),
    (re.compile(r"you control a commander(?: as you cast ~)?", re.I),
     lambda m, c: Condition("controls_commander", text=m.group(0))),
])
