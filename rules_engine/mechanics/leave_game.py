"""Losing and leaving the game.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 104.3a-b, 104.3e: a player who concedes or loses leaves; 104.2a: the last player remaining wins.
- 800.4a: when a player leaves a multiplayer game, all objects they own leave the game, and
  their spells and abilities on the stack cease to exist (objects they control but don't own
  are exiled).
- 726.4: if the initiative's holder leaves, the active player takes it at the same time (or
  the next player in turn order if the active player is leaving or there is none).
- 104.3a, 104.2a-b with "You can't lose the game and your opponents can't win the game": a
  static ability stops every loss but a concession (104.3a), and an effect saying a player
  wins (104.2b); the last player remaining still wins (104.2a overrides it).
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import registry, statics
from rules_engine.context import Ctx
from rules_engine.effects.core import _players
from rules_engine.game import Game
from rules_engine.mechanics import initiative
from rules_engine.objects import GameObject, Player


def lose(game: Game, player: Player, why: str) -> None:
    if player.left:
        return
    if not why.startswith("104.3a") and statics.player_restrictions(game, "cant_lose_game",
                                                                   player):
        game.note(f"{player.name} can't lose the game ({why})")
        return
    player.lost = True
    game.log("lost_game", player=player, reason=why)
    leave(game, player)


def leave(game: Game, player: Player) -> None:
    """800.4a."""
    player.left = True
    game._living = None  # the cached list of players still in the game
    had_initiative = game.initiative is player
    for obj in list(game.battlefield):
        if obj.owner is player:
            game.battlefield.remove(obj)
            obj.zone = "gone"
        elif obj.controller is player:
            game.move(obj, "exile")
    game.stack[:] = [o for o in game.stack if o.controller is not player]
    game.pending_triggers = [p for p in game.pending_triggers if p.controller is not player]
    for zone in ("library", "hand", "graveyard", "exile", "command"):
        for obj in getattr(player, zone):
            if isinstance(obj, GameObject):
                obj.zone = "gone"
        setattr(player, zone, [])
    game.log("left_game", player=player)
    if had_initiative:
        game.initiative = None
        newcomer = game.active if not game.active.left else game.next_player(game.active)
        if not newcomer.left:
            initiative.take(game, newcomer)
    living = game.living
    if len(living) == 1:
        living[0].won = True
        game.game_over = True
        game.log("won_game", player=living[0])
    elif not living:
        game.game_over = True
    if game.priority is player:
        game.priority = game.next_player(player) if living else None


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def h_lose_game(ctx: Ctx, eff: ab.LoseGame) -> None:
    for p in _players(ctx, eff.player):
        lose(ctx.game, p, "104.3e: an effect says so")


def h_win_game(ctx: Ctx, eff: ab.WinGame) -> None:
    for p in _players(ctx, eff.player):
        if statics.player_restrictions(ctx.game, "cant_win_game", p):
            ctx.game.note(f"{p.name} can't win the game")
            continue
        for other in ctx.game.opponents(p):
            lose(ctx.game, other, "104.2b: an opponent won")


registry.register_effects({
    ab.LoseGame: h_lose_game,
    ab.WinGame: h_win_game,
})


# -- hook points (rules_engine.registry) ---------------------------------------------------------
registry.provide(leave_game=lose)
