"""Exile "until ~ leaves the battlefield" (610.3).

"Exile target nonland permanent an opponent controls until ~ leaves the battlefield", "You may
exile a nonland card from it until ~ leaves the battlefield" (Deep-Cavern Bat): the exile is a
one-shot effect, and a second one-shot effect returns the card to its previous zone when the
source leaves (610.3; to the battlefield under its owner's control, 610.3c). If the source has
already left when the exile would happen, nothing moves (610.3a-b).

``effects/zones.h_exile`` calls :func:`exile_until_leaves`; the return is performed by a
state-based check (704.3 runs before any player would receive priority), the first moment after
the source left that the engine looks, so no player can act in between. A card that left exile
in the meantime (a new object, 400.7) stays where it is.
"""

from __future__ import annotations

from typing import Any

from rules_engine import permanents, registry
from rules_engine.game import Game
from rules_engine.objects import GameObject

_KEY = "exiled_until_leaves"


def exile_until_leaves(game: Game, source: Any, card: GameObject) -> bool:
    """Exile ``card`` until ``source`` leaves the battlefield; False (nothing moved) when the
    source is not on the battlefield any more (610.3a-b)."""
    if not isinstance(source, GameObject) or source.zone != "battlefield":
        game.note(f"{card.name} stays: the source has already left the battlefield (610.3a)")
        return False
    prev = card.zone
    game.move(card, "exile")
    game.__dict__.setdefault(_KEY, []).append(
        (source, source.timestamp, card, card.timestamp, prev))
    return True


@registry.state_based(order=5)
def _return_exiled(game: Game) -> bool:
    pending = game.__dict__.get(_KEY)
    if not pending:
        return False
    acted = False
    keep = []
    for entry in pending:
        source, stamp, card, card_stamp, prev = entry
        if source.zone == "battlefield" and source.timestamp == stamp:
            keep.append(entry)
            continue
        if card.zone != "exile" or card.timestamp != card_stamp:
            continue  # no longer the card that was exiled (400.7)
        acted = True
        if prev == "battlefield":
            permanents.enter_battlefield(game, card, card.owner)  # 610.3c
        else:
            game.move(card, prev if prev in ("hand", "graveyard") else "exile")
        game.log("returned_from_exile", obj=card, to=prev)
    game.__dict__[_KEY] = keep
    return acted


registry.provide(exile_until_leaves=exile_until_leaves)
