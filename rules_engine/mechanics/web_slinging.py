"""Web-slinging (702.188): an alternative cost that returns a tapped creature to its owner's hand.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.188a: "Web-slinging [cost]" means "You may cast this spell by paying [cost] and returning
  a tapped creature you control to its owner's hand rather than paying its mana cost." It
  follows the rules for alternative costs (601.2b, 601.2f-h; 118.9: one alternative cost at a
  time, additional costs still paid). ``casting.py`` offers it through
  ``registry.ALTERNATIVE_COSTS`` (a "may", unanswered: no) when the caster can pay both the
  mana and the return; the creature is chosen and returned with the other costs (601.2h, a
  "return" cost part of ``effects/costs.py``). The spell's timing is unchanged (a creature
  spell still waits for its owner's main phase, 307.1).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks

_TAPPED = ab.ObjectFilter(card_types=("creature",), controller="you", qualifiers=("tapped",),
                          text="a tapped creature you control")
_RETURN = ab.CostPart(kind="return", amount=ab.Amount(1), what=_TAPPED,
                      text="return a tapped creature you control to its owner's hand")


def _offer(game: Game, player: Player, obj: GameObject,
           from_zone: str) -> tuple[str, tuple[Any, ...]] | None:
    """702.188a: the web-slinging cost, when the caster can pay it and chooses it."""
    kw = compiled.keyword_ability(obj, "web-slinging")
    if kw is None or kw.cost is None:
        return None
    mana = "".join(p.mana or "" for p in kw.cost.parts if p.kind == "mana")
    others = tuple(p for p in kw.cost.parts if p.kind != "mana") + (_RETURN,)
    if not casting.can_pay(game, player, parse_cost(mana), 0, obj) or \
            hooks.cost_refusal(game, player, obj, others):
        return None
    if not game.decider.may(player.name, f"cast {obj.name} for its web-slinging cost "
                                         f"{kw.cost.text}, returning a tapped creature "
                                         "(702.188a)"):
        return None
    return mana, others


def _cast(game: Game, player: Player, spell: GameObject) -> None:
    spell.choices_made["web_slung"] = True
    game.log("web_slinging_paid", obj=spell, player=player)


registry.register_alternative_cost(_offer, _cast)
