"""Static and restriction phrases shared by many cards (issue 12), beside the capped verb table.

Verb phrases appended to :data:`rules_engine.text.verbs.VERB_PHRASES` (so they compose with
every subject the noun grammar reads and every "as long as" condition):

* "can't attack alone", "can't block alone", "can't attack or block alone" (508.1c, 509.1b:
  restrictions on the whole declaration, checked by :mod:`rules_engine.statics_more`);
* "is goaded" as a static ability ("Enchanted creature gets +2/+2 and is goaded", 701.15b:
  it attacks each combat if able);
* "<group> enter tapped" ("Creatures your opponents control enter tapped", 614.1c: a
  replacement effect of a static ability on how other permanents enter, applied by
  :func:`rules_engine.statics_more.enters_tapped`).

Paragraph forms :func:`static_more` reads after :mod:`rules_engine.text.paragraphs` found
none: "~ enters with N <kind> counters on it if <condition>" (614.1c, the condition after the
replacement).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from rules_engine.abilities import EntersReplacement, Ref, Restriction
from rules_engine.text.conditions import parse_condition
from rules_engine.text.nouns import Ctx

# Restriction kinds of this module (checked by rules_engine.statics_more)
ATTACK_ALONE = "cant_attack_alone"
BLOCK_ALONE = "cant_block_alone"
GOADED = "goaded"
ENTERS_TAPPED = "enters_tapped"


def _alone(kinds: tuple[str, ...]) -> Callable[[Ref, re.Match[str], Ctx], Any]:
    def build(s: Ref, m: re.Match[str], ctx: Ctx) -> Any:
        found = tuple(Restriction(kind=k, subject=s, text=m.group(0)) for k in kinds)
        return found if len(found) > 1 else found[0]
    return build


def _goaded(s: Ref, m: re.Match[str], ctx: Ctx) -> Restriction:
    """701.15b: a goaded creature attacks each combat if able (a static "is goaded": as long as
    the ability applies; the player other than the goading player is, in a two-player game,
    never one it could attack instead)."""
    return Restriction(kind=GOADED, subject=s, text=m.group(0))


def _enter_tapped(s: Ref, m: re.Match[str], ctx: Ctx) -> Restriction | None:
    """614.1c: "Creatures your opponents control enter tapped" - a group only (a permanent's
    own "~ enters tapped" is an EntersReplacement of text.paragraphs)."""
    if s.kind != "each" or s.filter is None:
        return None
    return Restriction(kind=ENTERS_TAPPED, subject=s, text=m.group(0))


VP_SPECS: list[tuple[str, Callable[[Ref, re.Match[str], Ctx], Any]]] = [
    (r"can't attack or block alone", _alone((ATTACK_ALONE, BLOCK_ALONE))),
    (r"can't attack alone", _alone((ATTACK_ALONE,))),
    (r"can't block alone", _alone((BLOCK_ALONE,))),
    (r"(?:is|are) goaded", _goaded),
]
# tried before text.verbs' "enters tapped" (a Tap of the object being put onto the battlefield),
# which a group's static replacement is not
FIRST_SPECS = [(r"enters? tapped", _enter_tapped)]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
        table[:0] = [(re.compile(p, re.I), b) for p, b in FIRST_SPECS]


_ENTERS_IF = re.compile(r"(~ enters (?:tapped and )?with .+?) (if|unless) (.+?)\.?", re.I)


def static_more(para: str, enters: Callable[[str], Any]) -> Any:
    """Paragraph forms read after text.paragraphs' own (``enters`` is its "~ enters ..."
    reader); None when none matches."""
    m = _ENTERS_IF.fullmatch(para.strip())
    if m:
        # 614.1c: "~ enters with a +1/+1 counter on it if you attacked this turn", the
        # condition judged as it would enter (the same as "If ..., ~ enters with ...")
        cond = parse_condition(m.group(3), Ctx())
        inner = enters(m.group(1) + ".")
        if cond is not None and isinstance(inner, EntersReplacement) and \
                inner.condition is None:
            if m.group(2).lower() == "unless":
                cond = dataclasses.replace(cond, negated=not cond.negated)
            return dataclasses.replace(inner, condition=cond, text=para)
    return None
