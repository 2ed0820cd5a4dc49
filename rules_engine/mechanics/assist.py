"""Assist (702.132): another player may pay generic mana of the spell's total cost.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.132a: if the total cost of a spell with assist includes a generic mana component, before
  its caster activates mana abilities, they may choose another player; that player may pay any
  amount of the generic mana in the total cost. Announced with the spell (601.2b, through
  ``registry.CAST_ANNOUNCEMENTS``): the caster's "may" (unanswered: no), then the chosen
  player's amount (a number from 0 up to the generic mana, and no more than they can pay;
  unanswered: 0). The amount leaves the caster's total cost and becomes an "assist" cost part
  paid by that player with the other costs, before the caster pays (601.2g-h;
  ``effects/costs.py`` pays it from that player's mana pool and lands).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.mechanics.dk_keywords import reduce_generic
from rules_engine.objects import GameObject, Player


def _most(game: Game, helper: Player, spell: GameObject, generic: int) -> int:
    """The most generic mana ``helper`` could pay now (at most the cost's generic part)."""
    n = generic
    while n > 0 and not casting.can_pay(game, helper, parse_cost(f"{{{n}}}"), 0, None):
        n -= 1
    return n


@registry.register_cast_announcement
def _assist(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
            already: tuple[Any, ...]) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """702.132a: choose an assisting player and the generic mana they pay."""
    if compiled.keyword_ability(obj, "assist") is None:
        return cost_text, (), {}
    generic = parse_cost(cost_text).generic + parse_cost(cost_text).x_count * x
    others = [p for p in game.living if p is not player]
    if generic <= 0 or not others:
        return cost_text, (), {}
    if not game.decider.may(player.name, f"choose a player to assist with {obj.name} "
                                         "(702.132a)"):
        return cost_text, (), {}
    helper = others[0] if len(others) == 1 else game.decider.choose(
        player.name, f"player who assists with {obj.name}", others)
    most = _most(game, helper, obj, parse_cost(cost_text).generic)
    if most <= 0:
        return cost_text, (), {}
    n = int(game.decider.choose(helper.name, f"generic mana you pay for {obj.name} (assist)",
                                list(range(most + 1))))
    if n <= 0:
        return cost_text, (), {}
    part = ab.CostPart(kind="assist", mana=f"{{{n}}}", amount=ab.Amount(n),
                       what=ab.Ref("player", text=helper.name),
                       text=f"{helper.name} pays {{{n}}} (assist)")
    return reduce_generic(cost_text, n), (part,), {
        "assisted": helper.name, "log": [("assisted", {"helper": helper, "amount": n})]}
