"""Hideaway (702.75): a card exiled face down as the permanent enters, for its linked abilities.

702.75a: "Hideaway N" means "When this permanent enters, look at the top N cards of your
library. Exile one of them face down and put the rest on the bottom of your library in a random
order. The exiled card gains 'The player who controls the permanent that exiled this card may
look at this card in the exile zone.'" 702.75b: a "Hideaway" printed without a number is
"Hideaway 4" plus "This permanent enters tapped" (its errata).

The other abilities of the permanent that say "the exiled card" refer to that card (607.2a,
linked abilities): the card is kept in ``game.linked_exile`` with the permanent (the same
object, 400.7), and ``effects.core.resolve_ref`` reads it. (The card's face-down status in exile
is not modelled: nothing in a two-player game of this engine looks at it but its controller.)
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx


def _hideaway(kw: Any) -> tuple[Any, ...]:
    """702.75a (and 702.75b for the old wording)."""
    param = (kw.parameter or "").strip()
    if param and not param.isdigit():
        return ()
    n = int(param) if param else 4
    trigger = ab.TriggeredAbility(
        trigger=ab.Trigger("enters", subject=ab.Ref("self"), text="this permanent enters"),
        effects=(ab.KeywordAction(name="hideaway", amount=ab.Amount(n), subject=ab.Ref("self"),
                                  text=f"look at the top {n} cards of your library, exile one "
                                       "face down, the rest on the bottom in a random order"),),
        text=f"Hideaway {n}")
    if param:
        return (trigger,)
    return (ab.EntersReplacement(kind="tapped", text="This permanent enters tapped (702.75b)"),
            trigger)


def _ka_hideaway(ctx: Ctx, eff: Any) -> None:
    game, player, source = ctx.game, ctx.controller, ctx.source
    n = eff.amount.value if eff.amount is not None and eff.amount.value else 4
    top = list(player.library[:n])
    if not top:
        return
    pick = game.decider.choose(player.name, "card to exile face down (hideaway, 702.75a)", top)
    game.move(pick, "exile")
    rest = [c for c in top if c is not pick]
    game.rng.shuffle(rest)  # "in a random order"
    for card in rest:
        game.move(card, "library", top=False)
    game.__dict__.setdefault("linked_exile", []).append(
        (source, getattr(source, "timestamp", None), pick))
    game.log("hid_away", obj=pick, player=player, source=source)


registry.register_keyword_builders({"hideaway": _hideaway})
registry.register_keyword_actions({"hideaway": _ka_hideaway})
