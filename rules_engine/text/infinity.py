"""The ∞ (Infinity) keyword of Infinity cards (702.186): "∞ — [Ability]" means "As long as this
permanent is harnessed, it has [ability]" (702.186b; harnessed: 701.64b, a designation kept
until the permanent leaves the battlefield).

Compiled as the ability itself with the condition "~ is harnessed" (Condition ``self_is``
"harnessed", read by :mod:`rules_engine.conditions`): a triggered ability then triggers only
while the permanent is harnessed, a static or activated one applies or can be activated only
then. (The condition of a triggered ability is also checked as it resolves, 603.4; a
harnessed permanent stays harnessed, so that differs only when the permanent has left the
battlefield in between.)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import (
    Ability,
    ActivatedAbility,
    Condition,
    StaticAbility,
    TriggeredAbility,
    Unsupported,
)

_INFINITY = re.compile(r"^∞\s*—\s*(?P<body>.+)$", re.S)


def infinity_ability(para: str, compile_body: Callable[[str], tuple[Ability, ...]]
                     ) -> tuple[Ability, ...] | None:
    """The abilities of a "∞ — [Ability]" paragraph, each only while harnessed (702.186b); None
    for any other paragraph."""
    m = _INFINITY.match(para.strip())
    if m is None:
        return None
    harnessed = Condition("self_is", detail="harnessed", text="~ is harnessed")
    out: list[Ability] = []
    for ab in compile_body(m.group("body").strip()):
        if isinstance(ab, TriggeredAbility | StaticAbility | ActivatedAbility):
            cond = ab.condition
            both = harnessed if cond is None else Condition(
                "and", parts=(harnessed, cond), text=f"{harnessed.text} and {cond.text}")
            ab = dataclasses.replace(ab, condition=both, text=para)
            if isinstance(ab, TriggeredAbility):
                ab = dataclasses.replace(ab, label="∞")
        elif not isinstance(ab, Unsupported):
            return (Unsupported(text=para, reason="∞ ability of a kind not read"),)
        out.append(ab)
    return tuple(out)
