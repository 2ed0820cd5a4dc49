"""The top card of a library (401.5, 601.3): who may see it, and the simulator's moves with it.

- "You may look at the top card of your library any time" (401.5: a library is hidden; this
  lets its owner look at its top card whenever they want);
- "Play with the top card of your library revealed" (every player sees it, 701.20b);
- "You may play lands / cast [creature] spells from the top of your library" (601.3, 305.1:
  permissions checked by rules_engine.casting.library_top_permitted).

This engine keeps all information in the open, so seeing the top card changes nothing in a
scripted game; the simulator's random player, though, offers only moves a player could choose:
it plays or casts the top card of its library only when it may see that card.
"""

from __future__ import annotations

from rules_engine import casting, statics
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player


def top_card_seen_by(game: Game, viewer: Player, owner: Player) -> bool:
    """Whether ``viewer`` may see the top card of ``owner``'s library now (401.5)."""
    if not owner.library:
        return False
    if statics.player_restrictions(game, "library_top_revealed", owner):
        return True
    return viewer is owner and bool(statics.player_restrictions(game, "look_at_library_top",
                                                                owner))


def playable_top(game: Game, player: Player) -> GameObject | None:
    """The top card of ``player``'s library when a permission lets them play or cast it and
    they may see it (the simulator's "play_land" / "cast_library" moves), else None."""
    if not player.library or not top_card_seen_by(game, player, player):
        return None
    top = player.library[0]
    kind = "play_lands_from_library_top" if top.is_land else "cast_from_library_top"
    return top if casting.library_top_permitted(game, player, top, kind) else None
