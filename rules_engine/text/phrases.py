"""Verb phrases beyond :mod:`rules_engine.text.verbs` (that table is at its size cap): the same
shape, one regex per phrase and the builder that turns a match into effect records; tried after
the main table (:data:`rules_engine.text.effects.VERB_PHRASES` is the two tables joined)."""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Effect, Ref, TokenSpec
from rules_engine.records import CreateAttachedToken, IsChosen
from rules_engine.text.nouns import Ctx, parse_ref

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]


def _is_chosen(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"This land is the chosen type", "Creatures you control are the chosen type", "~ is the
    chosen type in addition to its other types", "Enchanted land is the chosen color": a
    static type- or color-setting effect whose value is the one chosen for the source
    (614.12 "As ~ enters, choose ..."; 205.1a-b, 305.7, 105.3)."""
    return IsChosen(subject=s, what=m.group("what").lower(), additional=bool(m.group("add")),
                    text=m.group(0))


def _attached_token(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Create a Monster Role token attached to up to one target creature you control": a
    predefined Role token (111.10j-r) created attached to that object (303.4f)."""
    to = parse_ref(m.group("to"), ctx)
    if to is None:
        return None
    name = f"{m.group('name')} Role"
    return CreateAttachedToken(token=TokenSpec(name=name, predefined=True, text=name + " token"),
                               to=to, controller=s, text=m.group(0))


_SPECS: list[tuple[str, _Builder]] = [
    (r"(?:is|are) the chosen (?P<what>type|color)(?P<add> in addition to (?:its|their) other "
     r"types)?", _is_chosen),
    (r"creates? an? (?P<name>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*) Role token attached to (?P<to>.+)",
     _attached_token),
]
PHRASES: list[tuple[re.Pattern[str], _Builder]] = [(re.compile(p, re.I), b) for p, b in _SPECS]
