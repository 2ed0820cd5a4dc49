"""More sentences that only amend the effect before them (beside :mod:`followups`, whose
:data:`~rules_engine.text.followups.FOLDS` this module extends).

"It can't be regenerated." and its relatives ("They can't be regenerated.", "That creature
can't be regenerated.", "A creature destroyed this way can't be regenerated.") finish the
destroy instruction before them (701.19c: a permanent that "can't be regenerated" is destroyed
even with a regeneration shield). The destroy may sit inside the previous record ("If you
don't, destroy target Knight", "you may ... If you do, destroy ..."), so the last destroy found
in the previous record, at any depth, is the one amended.

"It can't be regenerated this turn." after damage ("~ deals 1 damage to target creature. It
can't be regenerated this turn.") is an effect of its own: that creature carries the
restriction until end of turn (611.2a-c), read by the regeneration replacement
(:func:`rules_engine.effects.keyword_actions.regenerate`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import DealDamage, Destroy, Duration, Effect, Ref, Restriction
from rules_engine.text.followups import FOLDS

_NOUN = r"(?:creatures?|artifacts?|permanents?|lands?|planeswalkers?)"
_CANT_REGEN = re.compile(
    r"(?P<who>it|they|that creature|those creatures|the creature|that permanent|"
    rf"(?:a |an )?{_NOUN} destroyed this way|(?:a |the )?{_NOUN} dealt damage this way)"
    r" can't be regenerated(?P<turn> this turn)?", re.I)


def _amend_last(eff: Effect, kind: type, change: Callable[[Effect], Effect]) -> Effect | None:
    """``eff`` with the last record of class ``kind`` inside it (itself included) changed, or
    None when it holds none. Records nest effects in tuple fields (``effects``, ``otherwise``,
    ``if_you_do`` ...); the last one written is the last searched first."""
    if isinstance(eff, kind):
        return change(eff)
    if not dataclasses.is_dataclass(eff):
        return None
    for f in reversed(dataclasses.fields(eff)):
        value = getattr(eff, f.name)
        if not isinstance(value, tuple):
            continue
        for i in range(len(value) - 1, -1, -1):
            inner = value[i]
            if not isinstance(inner, Effect):
                continue
            new = _amend_last(inner, kind, change)
            if new is not None:
                return dataclasses.replace(eff, **{f.name: value[:i] + (new,) + value[i + 1:]})
    return None


def _cant_be_regenerated(t: str, effects: list[Effect]) -> bool:
    """701.19c: the destroy before can't be replaced by regeneration; after damage "this turn",
    a restriction on the damaged creature until end of turn."""
    m = _CANT_REGEN.fullmatch(t)
    if not m or not effects:
        return False
    new = _amend_last(effects[-1], Destroy,
                      lambda d: dataclasses.replace(d, no_regenerate=True))
    if new is not None:
        effects[-1] = new
        return True
    if not m.group("turn") or not isinstance(effects[-1], DealDamage):
        return False
    who = m.group("who").lower()
    if who not in ("it", "that creature", "the creature") and "dealt damage" not in who:
        return False
    # the creature the damage was dealt to: the last object the effect named (608.2c)
    effects.append(Restriction(kind="cant_be_regenerated", subject=Ref("it", text=who),
                               duration=Duration("this_turn"), text=t))
    return True


FOLDS.extend([_cant_be_regenerated])
