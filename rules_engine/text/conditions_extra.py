"""Conditions of helper repl's families (their runtime kinds are in ``effects/descend.py``):

- "you descended this turn" (700.11: a permanent card was put into your graveyard from
  anywhere this turn): kind ``descended_this_turn``;
- "you control a commander as you cast ~" (903.3: a commander exists only in a Commander
  game): kind ``controls_commander``, false in the two-player games this engine plays;
- "~ was cast from exile" (601.2a, without "a"): kind ``cast_from``, detail "exile";
- "you weren't the starting player" (103.1): kind ``not_starting_player``;
- "that target is white and/or blue" (105.2): read as "that creature is white or blue";
- "~ is paired with another creature" (702.95b, soulbond): kind ``paired``;
- "you control creatures named A and B" (201.2): kind ``controls_named``, the names in
  ``detail`` separated by "|".
Appended to ``text/conditions.CONDITIONS``.
"""

from __future__ import annotations

import re

from rules_engine.abilities import Condition
from rules_engine.text.conditions import CONDITIONS, parse_condition
from rules_engine.text.nouns import Ctx


def _that_target(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"if that target is white and/or blue": the target's colours, as "that creature is
    white or blue" reads them (105.2, 608.2c)."""
    rest = re.sub(r"\band/or\b", "or", m.group("rest"))
    return parse_condition(f"that creature is {rest}", ctx)

CONDITIONS.extend([
    (re.compile(r"you(?:'ve)? descended this turn", re.I),
     lambda m, c: Condition("descended_this_turn", text=m.group(0))),
    (re.compile(r"you control a commander(?: as you cast ~)?", re.I),
     lambda m, c: Condition("controls_commander", text=m.group(0))),
    (re.compile(r"that target is (?P<rest>(?:white|blue|black|red|green)(?:,? (?:and/or|or) "
                r"(?:white|blue|black|red|green))*)", re.I), _that_target),
    (re.compile(r"~ is paired with another creature", re.I),
     lambda m, c: Condition("paired", text=m.group(0))),
    (re.compile(r"(?:you cast (?:it|~)|(?:~|it) was cast) from exile", re.I),
     lambda m, c: Condition("cast_from", detail="exile", text=m.group(0))),
    (re.compile(r"you (?:weren't|were not) the starting player", re.I),
     lambda m, c: Condition("not_starting_player", text=m.group(0))),
    (re.compile(r"you control (?:creatures|permanents|artifacts) named (?P<a>[^,]+?) and "
                r"(?P<b>[^,]+)", re.I),
     lambda m, c: Condition("controls_named", detail=f"{m.group('a')}|{m.group('b')}",
                            text=m.group(0))),
])
