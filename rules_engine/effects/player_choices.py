"""Effects whose choice a named player makes as they resolve (608.2d): "target opponent exiles a
creature they control", "... and their graveyard" (701.13); "gains your choice of double strike
or lifelink".
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import records, registry, targeting
from rules_engine.context import Ctx
from rules_engine.effects.changes import h_grant
from rules_engine.effects.core import _players, amount


def h_player_exiles(ctx: Ctx, eff: records.PlayerExiles) -> None:
    """701.13a / 608.2d: each named player exiles the described number of their own objects
    (permanents they control, or cards in their hand or graveyard), choosing them; or their
    whole graveyard. What they can't find, they don't exile (609.3)."""
    game = ctx.game
    moved = []
    for p in _players(ctx, eff.player):
        if eff.whole:
            chosen = list(getattr(p, eff.zone))
        else:
            pool = list(game.permanents(p)) if eff.zone == "battlefield" else list(
                getattr(p, eff.zone))
            pool = [o for o in pool if targeting.matches(game, o, eff.filter, p, None,
                                                         zone_check=False)]
            text = eff.filter.text if eff.filter is not None else "card"
            chosen = game.decider.choose_many(p.name, f"{text} to exile ({eff.text})", pool,
                                              amount(ctx, eff.amount, 1))
        for obj in chosen:
            game.move(obj, "exile")
            moved.append(obj)
    ctx.those = moved
    ctx.count = len(moved)
    ctx.did = bool(moved)


def h_grant_choice(ctx: Ctx, eff: records.GrantChoice) -> None:
    """608.2d: the controller chooses one of the keywords as the effect resolves; the subject
    gains it for the duration (613.1f), as a plain grant would."""
    options = [k.text or k.name for k in eff.keywords]
    pick = ctx.game.decider.choose(ctx.controller.name, f"keyword for '{eff.text}'", options)
    kw = next((k for k in eff.keywords if (k.text or k.name) == pick), eff.keywords[0])
    ctx.game.log("value_chosen", player=ctx.controller, kind="keyword", value=str(pick))
    h_grant(ctx, ab.GrantAbility(subject=eff.subject, keywords=(kw,), duration=eff.duration,
                                 text=eff.text))


def h_from_outside(ctx: Ctx, eff: records.FromOutsideGame) -> None:
    """400.11a-b / 108.3b: a card the player owns outside the game (their sideboard) would be
    put into their hand. The games here are played with main decks only (the real decks carry
    no sideboard, and the scenario format has none), so no card is outside the game: there is
    nothing to choose, and the effect does nothing (609.3)."""
    for p in _players(ctx, eff.player) or [ctx.controller]:
        ctx.game.note(f"{p.name} has no card outside the game (no sideboard, 400.11a): "
                      f"'{eff.text}' does nothing")
    ctx.did = False


registry.register_effects({records.FromOutsideGame: h_from_outside,
                           records.PlayerExiles: h_player_exiles,
                           records.GrantChoice: h_grant_choice})
