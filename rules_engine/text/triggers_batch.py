"""Batched trigger events (rule 603.2c), put in front of ``text/triggers.TRIGGERS``.

"Whenever one or more artifacts enter under your control", "Whenever ~ and/or one or more other
Vampires enter", "Whenever one or more other creatures you control leave the battlefield
(without dying)", "Whenever one or more nontoken Merfolk you control become tapped": an event
that happens to several objects at once triggers such an ability once, and the objects of that
batch are "that many" / "that much" (608.2c). Another template "~ or equipped creature attacks"
(one ability, two subjects: 603.2 with 301.5) is read here too. The engine matches the kinds in
``rules_engine/mechanics/trigger_batches.py`` (the same kind names).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import Ref, Trigger
from rules_engine.text.nouns import Ctx, parse_filter

_Builder = Callable[[re.Match[str], Ctx], Trigger | None]


def _under_you(flt, mine: bool):  # noqa: ANN001, ANN202 - an ObjectFilter either way
    return dataclasses.replace(flt, controller="you") if mine and flt is not None else flt


def _enter(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"one or more <filter> enter [under your control]" (603.2c, 603.6a): the kind
    ``batch_enters``; "~ and/or one or more other X" also for ~ itself (subject self_or)."""
    flt = _under_you(parse_filter(m.group("what")), bool(m.group("mine")))
    if flt is None:
        return None
    subject = Ref("self_or") if m.groupdict().get("self") else None
    return Trigger("batch_enters", subject=subject, filter=flt, detail="one_or_more",
                   text=m.group(0))


def _leave(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"one or more <filter> leave the battlefield [without dying]" (603.6c, 603.10a: looks
    back at the permanents as they last existed; 700.4: dying is going to a graveyard from the
    battlefield): the kind ``batch_leaves``."""
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    detail = "one_or_more;without_dying" if m.group("nodie") else "one_or_more"
    return Trigger("batch_leaves", filter=flt, detail=detail, text=m.group(0))


def _tapped(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"one or more <filter> become tapped" (603.2e: the tapping event, once per batch)."""
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return Trigger("batch_tapped", filter=flt, detail="one_or_more", text=m.group(0))


def _self_or_attached(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"Whenever ~ or equipped creature attacks / deals combat damage to a player / becomes
    blocked" (one ability, 603.2, that either object's event triggers: the event read once
    about ~ and once about the creature it's attached to, 301.5, 303.4)."""
    from rules_engine.text.triggers import parse_trigger

    rest = m.group("rest")
    first = parse_trigger("~ " + rest, ctx)
    second = parse_trigger(f"{m.group('att').lower()} creature " + rest, ctx)
    if first is None or second is None or first.subject is None or first.subject.kind != "self":
        return None
    if second.subject is None or second.subject.kind not in ("equipped", "enchanted"):
        return None
    return dataclasses.replace(first, alternatives=first.alternatives + (second,),
                               text=m.group(0))


_WHAT = r"(?P<what>.+?)"

BATCH_TRIGGERS: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p, re.I), b) for p, b in [
        (rf"one or more {_WHAT} enter(?: the battlefield)?(?P<mine> under your control)?",
         _enter),
        (rf"(?P<self>~) and/or one or more {_WHAT} enter(?: the battlefield)?"
         r"(?P<mine> under your control)?", _enter),
        (rf"one or more {_WHAT} leave the battlefield(?P<nodie> without dying)?", _leave),
        (rf"one or more {_WHAT} become tapped", _tapped),
        (r"~ or (?P<att>equipped|enchanted) creature (?P<rest>.+)", _self_or_attached),
    ]
]
