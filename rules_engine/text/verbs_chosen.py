"""Verb phrases for the chosen-name family and its neighbours (issue 12, deck blockers), appended
to the verb-phrase table by :mod:`rules_engine.text.effects` (``extend``), as
:mod:`rules_engine.text.verbs_rules` is; the main table is at its size cap.

- "choose a land card name", "choose a noncreature, nonland card name" (201.4 / 201.4a: a name
  with a quality; :func:`rules_engine.effects.changes.card_name_refusal` checks the quality);
- "activated abilities of sources with the chosen name can't be activated [unless they're mana
  abilities]" (602.5: a rule-changing effect forbidding activation; 605.1a mana abilities spared).
  The filter's "with the chosen name" qualifier is read by :func:`rules_engine.targeting.matches`
  (709.4a) and the grant "Lands with the chosen name have ..." goes through the ordinary grant
  path once :mod:`rules_engine.text.nouns` reads that qualifier (613.1f, layer 6).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import ChooseValue, Effect, ObjectFilter, Ref, Restriction
from rules_engine.text.nouns import Ctx, parse_filter

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]

_QUALITY = r"(?:non)?(?:basic |legendary )?(?:land|creature|artifact|enchantment|instant|sorcery|" \
           r"planeswalker|battle)"


def _choose_name(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """201.4a: "choose a land card name" - any card name with that quality (checked when the
    name is chosen, effects.changes.card_name_refusal)."""
    return ChooseValue(kind=m.group("kind").lower(), chooser=s, text=m.group(0))


def _sources(phrase: str) -> ObjectFilter | None:
    """"sources with the chosen name", "artifacts", "creatures your opponents control": the
    objects whose activated abilities are meant. A "source" is any object (609.7); the
    activations checked are those of permanents (the battlefield is where they are found)."""
    head = re.match(r"sources?\b(?P<rest>.*)$", phrase, re.I)
    if head:
        flt = parse_filter("permanents" + head.group("rest"))
        return None if flt is None else dataclasses.replace(flt, text=phrase)
    return parse_filter(phrase)


def _cant_activate(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """602.5: "Activated abilities of <objects> can't be activated [unless they're mana
    abilities]" - a static restriction; with the "unless" only non-mana abilities (605.1a)."""
    flt = _sources(m.group("what"))
    if flt is None:
        return None
    kind = "cant_activate_nonmana" if m.group("unless") else "cant_activate"
    return Restriction(kind=kind, subject=Ref("each", filter=flt, text=m.group("what")),
                       text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (rf"chooses? an? (?P<kind>(?:{_QUALITY},? (?:or )?)+card name)", _choose_name),
    (r"activated abilities of (?P<what>.+?) can't be activated(?P<unless> unless they're mana "
     r"abilities)?", _cant_activate),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
