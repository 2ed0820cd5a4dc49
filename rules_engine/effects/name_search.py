"""Searching a player's zones for every card with a name (701.23), and exiling what is found.

"Exile a card from an opponent's graveyard. Then search its owner's graveyard, hand, and library
for any number of cards with that name and exile them. That player shuffles, then draws a card
for each card exiled from their hand this way." (Deadly Cover-Up; Lost Legacy, Memoricide,
Necromentia with a chosen name, 709.4a). 701.23b lets the searcher leave cards in a hidden zone
unfound; this engine's searcher finds them all (one of the legal choices), so no question is
asked. Afterwards "those" are the exiled cards (608.2c "this way") and "that player" is the one
searched.
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _players
from rules_engine.objects import GameObject


def h_search_exile_name(ctx: Ctx, eff: ab.SearchExileName) -> None:
    game = ctx.game
    named = ctx.it if isinstance(ctx.it, GameObject) else None
    source = _source_obj(ctx)
    if eff.player.kind in ("owner_of", "controller_of"):
        # "its owner's graveyard, hand, and library": the card just acted on; none (the
        # instruction before was not carried out): nothing to search for
        players = [named.owner] if named is not None else []
    else:
        players = _players(ctx, eff.player)

    def has_name(card: GameObject) -> bool:
        if named is not None:
            return card.name == named.name  # 201.2: the same English name
        return targeting.has_chosen_name(game, card, source)

    exiled: list[GameObject] = []
    for p in players:
        for zone in eff.zones:
            for card in [c for c in getattr(p, zone) if has_name(c)]:
                game.move(card, "exile")
                exiled.append(card)
    game.log("searched", player=ctx.controller, count=len(exiled))
    ctx.those = exiled
    ctx.count = len(exiled)
    if players:
        ctx.it = players[0]  # "That player shuffles"


registry.register_effects({ab.SearchExileName: h_search_exile_name})
