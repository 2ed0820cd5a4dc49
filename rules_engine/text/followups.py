"""Sentences that only amend the effect before them.

Some sentences do nothing on their own: they finish the instruction the previous sentence gave
("Target instant card in your graveyard gains flashback until end of turn. The flashback cost is
equal to its mana cost."). Each fold here recognises such a sentence and rewrites the previous
effect record, so the engine runs one complete instruction (608.2c: the spell's instructions are
read as a whole). A few sentences are read whole here too, appending their own record, where
the general grammar has no subject for them ("Creature cards in your graveyard gain ...").
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import (
    Animate,
    Duration,
    Effect,
    GrantAbility,
    KeywordAbility,
    MayEffect,
    MoveToZone,
    ObjectFilter,
    PlayPermission,
    Ref,
    WithX,
)
from rules_engine.records import OnceEachTurn

# the parameter a granted flashback keeps when its cost is the card's own mana cost
FLASHBACK_MANA_COST = "its mana cost"  # (casting.keyword_mana reads the same)

_FLASHBACK_COST = re.compile(r"(?:the|its) flashback cost is equal to (?:its|that card's|the "
                             r"card's) mana cost", re.I)


def _flashback_cost(t: str, effects: list[Effect]) -> bool:
    """"The flashback cost is equal to its mana cost" (702.34a: flashback [cost]; the cost here
    is the mana cost of the card that gained it, 202.1, colour included): the flashback the
    previous effect granted without a cost gets that cost."""
    if not _FLASHBACK_COST.fullmatch(t) or not effects:
        return False
    prev = effects[-1]
    if not isinstance(prev, GrantAbility):
        return False
    kws = tuple(dataclasses.replace(k, parameter=FLASHBACK_MANA_COST)
                if isinstance(k, KeywordAbility) and k.name == "flashback" and k.cost is None
                else k for k in prev.keywords)
    if kws == prev.keywords:
        return False
    effects[-1] = dataclasses.replace(prev, keywords=kws, text=f"{prev.text}. {t}")
    return True


def _once_each_turn(t: str, effects: list[Effect]) -> bool:
    """"..., you may have it connive. Do this only once each turn.": the optional instruction
    before is limited to once a turn (a "you may" that was declined is not "done")."""
    if t.lower() != "do this only once each turn" or not effects:
        return False
    last = effects[-1]
    # (603.2h; also a "you may" inside "..., where X is ...", 107.3c: WithX around it)
    if not isinstance(last, MayEffect) and not (
            isinstance(last, WithX) and len(last.effects) == 1
            and isinstance(last.effects[0], MayEffect)):
        return False
    prev = effects.pop()
    effects.append(OnceEachTurn(effects=(prev,), text=f"{prev.text}. {t}"))
    return True


_ITS_A = re.compile(r"it's an? (?P<types>(?:artifact|enchantment|land)(?: (?:artifact|"
                    r"enchantment|land))*)", re.I)


def _returned_as(t: str, effects: list[Effect]) -> bool:
    """"Return it to the battlefield under its owner's control. It's an enchantment. (It's not a
    creature.)": the permanent it becomes has only those card types (205.1a, layer 4) for as
    long as it stays on the battlefield (611.2a, 400.7)."""
    m = _ITS_A.fullmatch(t)
    if not m or not effects:
        return False
    prev = effects[-1]
    if not isinstance(prev, MoveToZone) or prev.to_zone != "battlefield" or \
            prev.subject.kind not in ("it", "self"):
        return False
    effects.append(Animate(subject=prev.subject, card_types=tuple(m.group("types").lower().split()),
                           duration=Duration("permanent"), set_types=True, text=t))
    return True


_GAIN_CAST = re.compile(r"(?P<what>(?:\w+ )*?)cards in your graveyard gain \"you may cast "
                        r"(?:~|this card) from your graveyard(?:\.)?\" until end of turn", re.I)


def _cards_gain_cast(t: str, effects: list[Effect]) -> bool:
    """"Creature cards in your graveyard gain 'You may cast this card from your graveyard' until
    end of turn" (a whole sentence; 611.2c: the cards there as it resolves; 601.3): a
    permission to cast each of them from the graveyard this turn, for its mana cost."""
    m = _GAIN_CAST.fullmatch(t)
    if not m:
        return False
    types = tuple(w.lower() for w in m.group("what").split())
    if any(w not in ("creature", "artifact", "enchantment", "instant", "sorcery", "land")
           for w in types):
        return False
    flt = ObjectFilter(card_types=types, owner="you", zone="graveyard", qualifiers=("card",),
                       text=f"{m.group('what')}cards in your graveyard")
    effects.append(PlayPermission(subject=Ref("each", filter=flt), cast_only=True,
                                  duration=Duration("end_of_turn"), text=t))
    return True


FOLDS: list[Callable[[str, list[Effect]], bool]] = [_flashback_cost, _once_each_turn,
                                                    _returned_as, _cards_gain_cast]


def fold_into_previous(t: str, effects: list[Effect]) -> bool:
    """Rewrite the last of ``effects`` with sentence ``t`` (its final period removed) when ``t``
    only amends it; False (nothing changed) otherwise."""
    return any(fold(t, effects) for fold in FOLDS)
