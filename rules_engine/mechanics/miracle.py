"""Miracle.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.94a: "Miracle [cost]" means "You may reveal this card from your hand as you draw it if
  it's the first card you've drawn this turn. When you reveal this card this way, you may
  cast it by paying [cost] rather than its mana cost." (a static ability linked to a
  triggered ability, 603.11; the cast happens while the trigger resolves, ignoring timing,
  608.2g; paying [cost] is an alternative cost, 118.9).
- 702.94b: the card stays revealed until it leaves the hand or the ability leaves the stack
  (the engine logs the reveal; hidden information is not modelled).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, triggers
from rules_engine.context import Ctx
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player


def first_draw(game: Game, player: Player, card: GameObject) -> None:
    """Called as ``player`` draws ``card``, the first card they drew this turn."""
    kw = compiled.keyword_ability(card, "miracle")
    if kw is None or kw.cost is None or not kw.cost.mana:
        return
    if not game.decider.may(player.name, f"reveal {card.name} as you draw it (miracle "
                                         f"{kw.cost.mana}, 702.94a)"):
        return
    game.log("revealed", player=player, obj=card)

    effect = ab.KeywordAction(name="miracle", subject=ab.Ref("self"),
                              text=f"you may cast it by paying {kw.cost.mana} rather than "
                                   "its mana cost")
    triggers.add_inherent(game, card.name, player, (effect,), source=card)


def cast_for_miracle(game: Game, player: Player, card: Any) -> None:
    """The miracle trigger resolving: the card, if still in its owner's hand, may be cast for
    its miracle cost (118.9) now (608.2g)."""
    if not isinstance(card, GameObject) or card.zone != "hand" or card not in player.hand:
        return
    kw = compiled.keyword_ability(card, "miracle")
    if kw is None or kw.cost is None:
        return
    if not game.decider.may(player.name, f"cast {card.name} for its miracle cost "
                                         f"{kw.cost.mana} (702.94a)"):
        return
    try:
        casting.put_on_stack_as_cast(game, player, card, casting.parse_cost(kw.cost.mana),
                                     kw.cost.mana)
    except IllegalActionError as exc:
        game.note(f"{card.name} can't be cast for its miracle cost: {exc}")


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def _ka_miracle(ctx: Ctx, eff: Any) -> None:
    """702.94a: the miracle trigger (this module)."""
    cast_for_miracle(ctx.game, ctx.controller, ctx.source)


registry.register_keyword_actions({"miracle": _ka_miracle})

registry.provide(miracle_first_draw=first_draw)
