"""Searching several zones at once (701.23) and the shuffle that follows it (701.24).

"Search your library and/or graveyard for a card named Ajani, Valiant Protector, reveal it, and
put it into your hand. If you search your library this way, shuffle." The player may find the
card in any of the zones named. A card found in the graveyard (or hand) needs no search of the
library, so the library is searched only when the card is taken from it or nothing is found
elsewhere (the player looked everywhere), and then the next sentence shuffles it; the condition
"you search your library this way" is read from what this search did.
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import permanents, registry, targeting
from rules_engine.context import Ctx
from rules_engine.effects.core import _players

_SEARCHED = "searched_library_by"  # game.__dict__ key: (resolving Ctx id, player names)


def h_search_zones(ctx: Ctx, eff: ab.SearchZones) -> None:
    """701.23: choose up to ``max_count`` matching cards among the zones, put them where the
    effect says; remember whether the library was searched (for "If you search ... shuffle")."""
    game = ctx.game
    searched: set[str] = set()
    found = []
    for p in _players(ctx, eff.player):
        options = [c for zone in eff.zones for c in getattr(p, zone)
                   if targeting.matches(game, c, eff.filter, p, None, zone_check=False)]
        chosen = []
        for _ in range(eff.max_count):
            pick = game.decider.choose(p.name, f"card to search for ({eff.filter.text})",
                                       [o for o in options if o not in chosen],
                                       optional=len(chosen) >= eff.min_count)
            if pick is None:
                break
            chosen.append(pick)
        if not chosen or any(c.zone == "library" for c in chosen):
            searched.add(p.name)
        for card in chosen:
            if eff.reveal:
                game.log("revealed", player=p, obj=card)
            if eff.destination == "battlefield":
                permanents.enter_battlefield(game, card, p, tapped=eff.tapped)
            else:
                game.move(card, eff.destination)
            game.log("searched_for", player=p, obj=card)
        found += chosen
    game.__dict__[_SEARCHED] = (id(ctx), frozenset(searched))
    ctx.those = found
    ctx.count = len(found)
    if found:
        ctx.it = found[-1]


def searched_library(ctx: Ctx) -> bool:
    """"If you search your library this way": the last multi-zone search of this resolution
    searched the controller's library."""
    key, names = ctx.game.__dict__.get(_SEARCHED, (None, frozenset()))
    return key == id(ctx) and ctx.controller.name in names


registry.register_effects({ab.SearchZones: h_search_zones})
