"""Reflexive triggered abilities about what an instruction did (603.12): "When you discard a
nonland card this way, ...", "When you sacrifice one or more artifacts this way, ...", "When you
exile a nonland card this way, ...", "When it connives this way, ...".

The instruction before is the one the ability reflects on. The reflexive trigger
(``Trigger("reflexive", detail="this_way;<verb>", filter=...)``) triggers only if that
instruction moved a card the filter fits (``rules_engine/effects/reflexive.py`` looks at what
this resolution did); its targets are chosen as it is put on the stack (603.12), and its
"that card" / "the discarded card" / "its mana value" are the card it reflects on, with "that
many" the number of such cards (608.2c). "When it connives this way": the connive instruction
happened (701.50: a creature connives even with no card to discard).
"""

from __future__ import annotations

import re

from rules_engine.abilities import DelayedTrigger, Effect, Trigger, TriggeredAbility
from rules_engine.text.nouns import Ctx, parse_filter

_VERBS = {"discard": "discarded", "sacrifice": "sacrificed", "exile": "exiled", "mill": "milled"}
_THIS_WAY = re.compile(r"when you (?P<verb>discard|sacrifice|exile|mill) (?:an?|one or more) "
                       r"(?P<what>.+?) this way, (?P<rest>.+)", re.I)
_CONNIVES = re.compile(r"when (?:it|~) connives this way, (?P<rest>.+)", re.I)


def reflexive_this_way(t: str, ctx: Ctx, effects: list[Effect]) -> bool:
    """Append the reflexive trigger a "When you <verb> a <filter> this way, ..." sentence
    makes (603.12) to ``effects``; False when ``t`` is not one (or its effect isn't read)."""
    from rules_engine.text.effects import parse_effects

    m = _THIS_WAY.fullmatch(t)
    connive = _CONNIVES.fullmatch(t) if m is None else None
    if (m is None and connive is None) or not effects:
        return False
    inner = parse_effects((m or connive).group("rest"), ctx)
    if not inner or any(type(e).__name__ == "UnsupportedEffect" for e in inner):
        return False
    if connive is not None:
        trig = Trigger("reflexive", detail="this_way;connived", text="when it connives this way")
        effects.append(DelayedTrigger(ability=TriggeredAbility(trigger=trig, effects=inner,
                                                               text=t), text=t))
        return True
    what = m.group("what")
    flt = parse_filter(what)
    if flt is None:
        return False
    verb = m.group("verb").lower()
    trig = Trigger("reflexive", filter=flt, detail=f"this_way;{_VERBS[verb]}",
                   text=f"when you {verb} {what} this way")
    effects.append(DelayedTrigger(ability=TriggeredAbility(trigger=trig, effects=inner, text=t),
                                  text=t))
    return True


def attach_when_you_do(effects: list[Effect], inner: tuple[Effect, ...], text: str) -> bool:
    """"<instruction>. When you do, choose one — • ..." (603.12 with 700.2): the reflexive
    ability whose effect is ``inner`` (the modes, chosen as it is put on the stack), after an
    optional instruction into its "if you do" part, else conditioned on the instruction done
    (608.2c); False when nothing comes before it."""
    import dataclasses

    from rules_engine.abilities import Conditional, MayEffect
    from rules_engine.text.effects import _DID

    if not effects or any(type(e).__name__ == "UnsupportedEffect" for e in effects):
        return False
    reflexive = DelayedTrigger(ability=TriggeredAbility(
        trigger=Trigger("reflexive", text="when you do"), effects=inner, text=text), text=text)
    last = effects[-1]
    if isinstance(last, MayEffect):
        effects[-1] = dataclasses.replace(last, if_you_do=last.if_you_do + (reflexive,))
    else:
        effects.append(Conditional(condition=_DID, effects=(reflexive,), text=text))
    return True
