"""Coin flips (705) and clash (701.30): keyword actions whose result a later "If you win ..."
reads.

705.1-705.2: the player flipping calls heads or tails (a decision), the coin comes up from the
game's seeded random generator (so a simulated game or scenario replays the same), and the call
wins when it matches. "If you win the flip, ..." / "If you lose the flip, ..." are conditions on
the last flip of the resolving spell or ability.

701.30a-b: to clash, a player and an opponent each reveal the top card of their library, then
each puts that card on the top or the bottom (each a decision, unanswered: the top); a player
wins if their card has the higher mana value (an empty library reveals nothing: mana value 0).
"If you win, ..." reads this resolution's last clash.
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.abilities import Ref
from rules_engine.context import Ctx
from rules_engine.effects.core import _players
from rules_engine.objects import Player

_FLIP = "last_coin_flip"  # game.__dict__: (id of the resolving Ctx, won)
_CLASH = "last_clash"


def flip_coin(ctx: Ctx, player: Player) -> bool:
    """705.1: ``player`` calls, the coin is flipped; True when the call wins."""
    game = ctx.game
    call = game.decider.choose(player.name, "call the coin flip (705.1)", ["heads", "tails"])
    result = game.rng.choice(("heads", "tails"))
    won = call == result
    game.log("coin_flipped", player=player, result=result, won=won)
    game.__dict__[_FLIP] = (id(ctx), won)
    return won


def _ka_flip_coin(ctx: Ctx, eff: Any) -> None:
    for p in _players(ctx, eff.subject) or [ctx.controller]:
        flip_coin(ctx, p)


def _ka_clash(ctx: Ctx, eff: Any) -> None:
    """701.30: clash with an opponent (the first opponent, or the defending player named)."""
    game = ctx.game
    me = (_players(ctx, eff.subject) or [ctx.controller])[0]
    foes = _players(ctx, Ref("defending_player")) if eff.detail == "defending player" \
        else game.opponents(me)
    them = foes[0] if foes else None
    values = {}
    for p in [me] + ([them] if them is not None else []):
        if not p.library:
            values[p.name] = 0
            continue
        card = p.library[0]
        values[p.name] = game.mana_value_of(card)
        game.log("revealed", player=p, obj=card)
        where = game.decider.choose(p.name, f"put {card.name} on the top or bottom of your "
                                            "library (701.30a)", ["top", "bottom"])
        if where == "bottom":
            p.library.remove(card)
            p.library.append(card)
    won = them is None or values[me.name] > values[them.name]
    game.__dict__[_CLASH] = (id(ctx), won)
    game.log("clashed", player=me, won=won)


def won(ctx: Ctx, kind: str) -> bool:
    """"If you win the flip" (``won_flip``) / "If you win" after a clash (``won_clash``): the
    result of this resolution's last one (none: not won)."""
    key, result = ctx.game.__dict__.get(_FLIP if kind == "won_flip" else _CLASH, (None, False))
    return key == id(ctx) and bool(result)


registry.register_keyword_actions({"flip a coin": _ka_flip_coin, "clash": _ka_clash})
