"""Sentences of helper "effA" (issue 12) that amend the effect before them (appended to
:data:`rules_engine.text.followups.FOLDS`).

"Return target creature card from your graveyard to the battlefield. It's a Spirit in addition
to its other types." (also "Put a flying counter on it." between the two, or the return inside
a "When you do, ..." reflexive trigger or an "If you do, ..."): the permanent the card becomes
has those types added (205.1b, layer 4: none lost) for as long as it stays on the battlefield
(611.2a: a continuous effect from a resolving ability without a stated duration; 400.7: the
object it becomes is the one affected).

"Whenever enchanted player is attacked, create a Gold token. Each opponent attacking that player
does the same.": each opponent of the controller with a creature attacking that player (508.1b)
follows the instruction before it as its own (:class:`~rules_engine.records.PlayersWho`).
"""

from __future__ import annotations

import dataclasses
import re

from rules_engine.abilities import (
    Animate,
    Condition,
    Conditional,
    DelayedTrigger,
    Duration,
    Effect,
    MayEffect,
    MoveToZone,
    PutCounters,
    Ref,
)
from rules_engine.records import PlayersWho
from rules_engine.text.followups import FOLDS

_CARD_TYPES = ("artifact", "creature", "enchantment", "land")
_ITS_ALSO = re.compile(r"(?:it's|it is|they're|they are) an? (?P<types>[A-Za-z][\w' -]*?) in "
                       r"addition to (?:its|their) other (?:creature )?types", re.I)


def _animate_for(move: MoveToZone, types: str, text: str) -> Animate | None:
    words = types.split()
    card_types = tuple(w.lower() for w in words if w.lower() in _CARD_TYPES)
    subtypes = tuple(w for w in words if w.lower() not in _CARD_TYPES)
    if any(not w[:1].isupper() for w in subtypes):
        return None
    # "it": the permanent the card became (608.2c, 400.7), also for a returned target
    return Animate(subject=Ref("it", text="it"), card_types=card_types, subtypes=subtypes,
                   duration=Duration("permanent"), additional=True, text=text)


def _amended(effects: tuple[Effect, ...], types: str, text: str) -> tuple[Effect, ...] | None:
    """``effects`` with the Animate after their last return to the battlefield (looking inside
    the last record when it holds the return), or None when there is none."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if isinstance(e, PutCounters):
            continue  # "Put a flying counter on it." between the return and this sentence
        if isinstance(e, MoveToZone):
            if e.to_zone != "battlefield":
                return None
            anim = _animate_for(e, types, text)
            return None if anim is None else effects + (anim,)
        if isinstance(e, MayEffect) and e.if_you_do:
            inner = _amended(e.if_you_do, types, text)
            return None if inner is None else (
                effects[:i] + (dataclasses.replace(e, if_you_do=inner),) + effects[i + 1:])
        if isinstance(e, MayEffect | Conditional) and e.effects:
            inner = _amended(e.effects, types, text)
            return None if inner is None else (
                effects[:i] + (dataclasses.replace(e, effects=inner),) + effects[i + 1:])
        if isinstance(e, DelayedTrigger) and e.ability is not None:
            inner = _amended(e.ability.effects, types, text)
            if inner is None:
                return None
            ability = dataclasses.replace(e.ability, effects=inner)
            return effects[:i] + (dataclasses.replace(e, ability=ability),) + effects[i + 1:]
        return None
    return None


def _returned_also(t: str, effects: list[Effect]) -> bool:
    m = _ITS_ALSO.fullmatch(t.strip().rstrip("."))
    if not m or not effects:
        return False
    found = _amended(tuple(effects), m.group("types"), t)
    if found is None:
        return False
    effects[:] = list(found)
    return True


_EACH = Ref("player_each", text="each opponent attacking that player")


def _as_theirs(e: Effect) -> Effect | None:
    """The instruction with "you" (its controller or player) replaced by the acting player."""
    changes = {name: _EACH for name in ("controller", "player")
               if isinstance(getattr(e, name, None), Ref) and getattr(e, name).kind == "you"}
    return dataclasses.replace(e, **changes) if changes else None


def _does_the_same(t: str, effects: list[Effect]) -> bool:
    if not re.fullmatch(r"each opponent attacking that player does the same\.?", t.strip(),
                        re.I) or not effects:
        return False
    theirs = _as_theirs(effects[-1])
    if theirs is None:
        return False
    effects.append(PlayersWho(players=Ref("opponent_each", text="each opponent"),
                              condition=Condition("attacking_that_player",
                                                  text="attacking that player"),
                              effects=(theirs,), text=t))
    return True


FOLDS.append(_returned_also)
FOLDS.append(_does_the_same)
