"""Madness.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.35a: "Madness [cost]" means "If a player would discard this card, that player discards
  it, but exiles it instead of putting it into their graveyard" (a static ability working
  while the card is in a hand: a replacement of where the discarded card goes, the card is
  still discarded) and "When this card is exiled this way, its owner may cast it by paying
  [cost] rather than paying its mana cost. If that player doesn't, they put this card into
  their graveyard" (a triggered ability; the cast happens while it resolves, ignoring timing,
  608.2g).
- 702.35b: paying the madness cost is an alternative cost (601.2b, 601.2f-h; 118.9).
- 514.3a: a card discarded to hand size in the cleanup step triggers here too: the trigger
  goes on the stack, players get priority, and another cleanup step follows (turn.py,
  mechanics/end_turn.py), also in the cleanup step of a turn that was ended (724.1f).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, triggers
from rules_engine.context import Ctx
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks


def _madness_cost(card: GameObject) -> str | None:
    """The mana part of the madness cost ("{B}", "{0}"); None without madness, or when the
    cost has a part this engine can't pay (its other parts, "Pay 8 life", are _other_parts)."""
    kw = compiled.keyword_ability(card, "madness")
    if kw is None or kw.cost is None or any(
            p.kind != "mana" and p.kind not in hooks.other_cost_kinds for p in kw.cost.parts):
        return None
    return kw.cost.mana or "{0}"


def _other_parts(card: GameObject) -> tuple[Any, ...]:
    """The madness cost's parts other than mana ("Madness—{2}{B}, Pay 8 life")."""
    kw = compiled.keyword_ability(card, "madness")
    return tuple(p for p in kw.cost.parts if p.kind != "mana") if kw and kw.cost else ()


def discard(game: Game, player: Player, card: GameObject) -> bool:
    """Asked by ``Game.discard`` as ``player`` discards ``card``: with madness, the card goes
    to exile instead of the graveyard and the madness trigger waits to be put on the stack
    (702.35a). Returns whether it was exiled this way (the caller then logs the discard)."""
    if card.zone != "hand" or card.card is None:
        return False
    cost = _madness_cost(card)
    if cost is None:
        return False
    game.move(card, "exile")
    game.log("madness_exiled", player=player, obj=card)
    effect = ab.KeywordAction(name="madness", subject=ab.Ref("self"),
                              text=f"its owner may cast it by paying {cost} rather than "
                                   "paying its mana cost; if they don't, they put it into "
                                   "their graveyard")
    triggers.add_inherent(game, card.name, card.owner, (effect,), source=card)
    return True


def cast_for_madness(game: Game, player: Player, card: Any) -> None:
    """The madness trigger resolving (702.35a): if the card is still in exile (the same
    object, 400.7), its owner may cast it for its madness cost now (608.2g, 702.35b); if they
    don't (or can't), it is put into their graveyard."""
    if not isinstance(card, GameObject) or card.zone != "exile":
        return  # it left exile: a new object the trigger can't find (400.7)
    cost = _madness_cost(card)
    if cost is not None and game.decider.may(
            player.name, f"cast {card.name} for its madness cost {cost} (702.35a)"):
        x = 0
        if "{X}" in cost:
            x = int(game.decider.choose(player.name, f"X for {card.name}'s madness cost",
                                        list(range(0, 21))) or 0)
        others = _other_parts(card)
        refusal = hooks.cost_refusal(game, player, card, others) if others else None
        if refusal is None and others and not casting.can_pay(
                game, player, casting.parse_cost(cost), x):
            refusal = f"601.2h: {player.name} can't pay {cost}"
        if refusal is not None:
            game.note(f"{card.name} can't be cast for its madness cost: {refusal}")
        else:
            try:
                if others:
                    hooks.pay_costs(game, player, card, others)  # 601.2h: with the mana
                casting.put_on_stack_as_cast(game, player, card, casting.parse_cost(cost),
                                             cost, x=x)
                card.choices_made["madness_paid"] = True  # "if its madness cost was paid"
                return
            except IllegalActionError as exc:
                game.note(f"{card.name} can't be cast for its madness cost: {exc}")
    if card.zone == "exile":
        game.move(card, "graveyard")


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def _ka_madness(ctx: Ctx, eff: Any) -> None:
    """702.35a: the madness trigger (this module)."""
    cast_for_madness(ctx.game, ctx.controller, ctx.source)


registry.register_keyword_actions({"madness": _ka_madness})

registry.provide(madness_discard=discard)
