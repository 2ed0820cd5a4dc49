"""Casting a card from a graveyard for a discard: retrace (702.81) and jump-start (702.133).

Both are permissions to cast the card from its owner's graveyard (601.3) paying its mana cost
(601.2f) plus an additional cost (601.2f, 118.8: discarding a card, paid with the other costs,
601.2h), asked by ``casting.py`` through ``registry.GRAVEYARD_CASTS`` when the card has neither
flashback nor escape.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.81a: "Retrace" means "You may cast this card from your graveyard by discarding a land
  card in addition to paying its other costs." Once it resolves (or is countered) it goes back
  to the graveyard as usual (no exile).
- 702.133a: "Jump-start" means "You may cast this card from your graveyard by discarding a card
  in addition to paying its other costs. If this spell was cast this way, exile it instead of
  putting it anywhere else any time it would leave the stack."
- "You may cast ~ from your graveyard." (compiled as the keyword ``cast from graveyard``,
  ``rules_engine/text/alt_costs.py``): a permission to cast it from its owner's graveyard
  paying its costs (601.3); it goes where a resolved spell or permanent goes as usual.
- "You may cast ~ from your graveyard as long as <condition>" (the keyword's parameter
  "if <condition>"): the permission holds while the condition does, as the spell is cast.
- Only the card's owner may cast it from their graveyard ("your graveyard"); its timing is its
  own (307.1, checked by casting.py).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, registry
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.text.conditions import parse_condition
from rules_engine.text.nouns import Ctx as TextCtx

_DISCARD_LAND = ab.CostPart(kind="discard", amount=ab.Amount(1),
                            what=ab.ObjectFilter(card_types=("land",), text="a land card"),
                            text="Discard a land card")
_DISCARD_CARD = ab.CostPart(kind="discard", amount=ab.Amount(1),
                            what=ab.ObjectFilter(text="a card"), text="Discard a card")


_CONDITIONS: dict[str, Any] = {}


def _permission(game: Game, player: Player, obj: GameObject) -> tuple[str, tuple[Any, ...],
                                                                       bool] | None:
    if obj.owner is not player or obj.zone != "graveyard":
        return None
    if compiled.keyword_ability(obj, "jump-start") is not None:
        return obj.face.mana_cost, (_DISCARD_CARD,), True  # 702.133a: exiled as it leaves
    if compiled.keyword_ability(obj, "retrace") is not None:
        return obj.face.mana_cost, (_DISCARD_LAND,), False  # 702.81a
    kw = compiled.keyword_ability(obj, "cast from graveyard")
    if kw is not None and not kw.parameter:
        return obj.face.mana_cost, (), False  # 601.3: "You may cast ~ from your graveyard"
    if kw is not None and kw.parameter.startswith("if "):
        # "... from your graveyard as long as <condition>": while it holds, as the spell is
        # cast (601.3)
        cond = _CONDITIONS.get(kw.parameter)
        if cond is None:
            cond = _CONDITIONS[kw.parameter] = parse_condition(kw.parameter[3:], TextCtx())
        if cond is not None and conditions.holds(game, cond, player, obj):
            return obj.face.mana_cost, (), False
    # ("... using its blitz ability": only for that cost, mechanics/alt_costs.py)
    return None


def castable(obj: GameObject) -> bool:
    """Whether the card has a graveyard cast a mechanic registered
    (``registry.GRAVEYARD_CAST_KEYWORDS``: retrace, jump-start, harmonize, mayhem ...), for the
    simulator's moves."""
    return any(compiled.keyword_ability(obj, k) is not None
               for k in registry.GRAVEYARD_CAST_KEYWORDS)


registry.GRAVEYARD_CASTS.append(_permission)
registry.GRAVEYARD_CAST_KEYWORDS.update({"jump-start", "retrace", "cast from graveyard"})
