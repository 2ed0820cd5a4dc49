"""Ripple (702.60): a cast trigger that may cast copies-by-name from the top of the library.

702.60a: "Ripple N" means "When you cast this spell, you may reveal the top N cards of your
library. If you do, you may cast any revealed cards with the same name as this spell without
paying their mana costs, then put all revealed cards not cast this way on the bottom of your
library in any order." The trigger works from the stack (113.6k, like cascade's); the revealed
cards are cast during its resolution (608.2g) without paying their mana costs (118.9); a card
whose casting is refused (no legal targets, 601.2c) stays revealed and goes to the bottom.
702.60b: each instance triggers separately (one record per keyword).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, registry
from rules_engine.context import Ctx
from rules_engine.errors import IllegalActionError


def _ripple(kw: Any) -> tuple[Any, ...]:
    """702.60a: the cast trigger, its N kept in the action's detail."""
    n = (kw.parameter or "").strip()
    if not n.isdigit():
        return ()
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("cast", subject=ab.Ref("self"), player="you", text="you cast ~"),
        effects=(ab.KeywordAction(name="ripple", subject=ab.Ref("self"), detail=n,
                                  text=f"you may reveal the top {n} cards of your library ..."),),
        text=kw.text or f"Ripple {n}"),)


def _ka_ripple(ctx: Ctx, eff: Any) -> None:
    """702.60a, the trigger resolving (see the module docstring)."""
    game = ctx.game
    player = ctx.controller
    spell = ctx.source
    n = int(eff.detail or 0)
    if spell is None or n <= 0 or not player.library:
        return
    if not game.decider.may(player.name, f"reveal the top {n} cards of your library "
                                         "(ripple, 702.60a)"):
        return
    revealed = list(player.library[:n])
    for card in revealed:
        game.log("revealed", obj=card, player=player)
    name = spell.name
    for card in revealed:
        if card.name != name or card.zone != "library":
            continue
        if not game.decider.may(player.name, f"cast the revealed {card.name} without paying its "
                                             "mana cost (ripple, 702.60a)"):
            continue
        try:
            casting.put_on_stack_as_cast(game, player, card, None)
            game.log("cast_without_paying", obj=card, player=player)
        except IllegalActionError as exc:  # no legal targets (601.2c): it stays revealed
            game.note(f"{card.name} can't be cast: {exc}")
    for card in revealed:
        if card.zone == "library" and card in player.library:
            player.library.remove(card)
            player.library.append(card)  # the bottom, in the order revealed (the player's order)


registry.register_keyword_builders({"ripple": _ripple})
registry.register_keyword_actions({"ripple": _ka_ripple})
