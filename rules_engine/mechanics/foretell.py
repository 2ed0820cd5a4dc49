"""Foretell (702.143).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.143a: "Foretell [cost]" means "During your turn, you may pay {2} and exile this card
  from your hand face down. Cast it on a later turn for its foretell cost." Exiling it is a
  special action (116.2h: any time the player has priority during their turn; it doesn't use
  the stack and the player keeps priority, 116.3), offered as a hand ability by
  ``casting.hand_abilities`` and run by :func:`foretell_action`.
- 702.143b: casting it for its foretell cost is an alternative cost (118.9), asked by
  ``casting.py`` through ``registry.EXILE_CASTS``; the card's own timing still applies (a
  sorcery at sorcery speed, 307.1), and only its owner may cast it.
- 702.143c: a foretold card is a new object in exile (400.7); it stays foretold while it stays
  there, so the record below is bound to the object's timestamp.

Not modelled: the card is face down in exile (hidden from the opponent; 702.143a and 406.3);
here it is only marked foretold.
"""

from __future__ import annotations

from typing import Any

from rules_engine import casting, compiled, registry
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player


def foretell_action(game: Game, player: Player, obj: GameObject, kw: Any) -> GameObject:
    """702.143a: during your turn, pay {2} and exile this card from your hand face down."""
    if compiled.keyword_ability(obj, "foretell") is None:
        raise IllegalActionError("702.143a", f"{obj.name} has no foretell ability")
    if obj.zone != "hand" or obj.owner is not player:
        raise IllegalActionError("702.143a", f"{obj.name} is foretold from its owner's hand")
    if game.active is not player:
        raise IllegalActionError("702.143a", f"{obj.name} can be foretold only during your "
                                             "turn")
    cost = parse_cost("{2}")
    if not casting.can_pay(game, player, cost, 0):
        raise IllegalActionError("602.2b", f"{player.name} can't pay {{2}} to foretell "
                                           f"{obj.name}")
    casting.pay_mana(game, player, cost, 0, obj.name)
    game.move(obj, "exile")
    game.__dict__.setdefault("foretold", []).append((player, obj, obj.timestamp, game.turn))
    game.log("foretold", player=player, obj=obj)
    return obj


def foretold_turn(game: Game, obj: GameObject) -> int | None:
    """The turn the object in exile (the same object, 400.7) was foretold, or None."""
    for _who, card, stamp, when in game.__dict__.get("foretold", ()):
        if card is obj and obj.timestamp == stamp and obj.zone == "exile":
            return when
    return None


def _exile_cost(game: Game, player: Player, obj: GameObject) -> str | None:
    """702.143a-b: its owner may cast a foretold card on a later turn for its foretell cost."""
    when = foretold_turn(game, obj)
    if when is None or obj.owner is not player:
        return None
    if game.turn <= when:
        raise IllegalActionError("702.143a", f"{obj.name} was foretold this turn: it may be "
                                             "cast on a later turn")
    kw = compiled.keyword_ability(obj, "foretell")
    if kw is None or kw.cost is None:
        return None
    return kw.cost.mana or ""


def castable(game: Game, player: Player) -> list[GameObject]:
    """Foretold cards ``player`` may cast now, for the simulator's moves."""
    return [o for o in player.exile if (foretold_turn(game, o) or game.turn) < game.turn]


registry.HAND_ACTIONS["foretell"] = foretell_action
registry.EXILE_CASTS.append(_exile_cost)
