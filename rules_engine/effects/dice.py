"""Rolling dice (706): the roll itself, its modifiers (706.2), the results table (706.3) and
"the result" later words of the same ability read (706.4).

One function rolls for every die record: :func:`roll` takes the natural result from the game's
seeded generator (a scenario may fix it with a number as the player's next answer), applies the
instruction's modifier and keeps the final result for "the result" (``game.die_result``,
read by the amount family registered here; a reflexive "When you do, ... where X is the result"
resolves after the roll, so the number is kept on the game, not only on the resolving context).
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import amounts, records, registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _players, amount, run
from rules_engine.game import Game
from rules_engine.objects import Player


def roll(ctx: Ctx, player: Player, sides: int, modifier: int = 0) -> int:
    """706.1-706.2: roll one ``sides``-sided die for ``player``; the result is the natural
    result plus ``modifier``. Logged as ``die_rolled`` (natural and final result)."""
    game = ctx.game
    # 614.1a / 706.6: "If you would roll one or more dice, instead roll that many dice plus
    # one and ignore the lowest roll" (effects/replace_events.py): the ignored roll never
    # happened, so only the kept one is logged
    extra = registry.hooks.replace_event(game, "roll_dice", {"player": player, "count": 1,
                                                              "amount": 1}).get("extra_dice", 0)
    natural = max(_natural(game, player, sides) for _ in range(1 + extra))
    result = natural + modifier
    game.log("die_rolled", player=player, sides=sides, result=result, natural=natural)
    game.__dict__["die_result"] = result
    ctx.count = result
    ctx.did = True
    return result


def _natural(game: Game, player: Player, sides: int) -> int:
    """706.2: one die's natural result (a scenario may fix it as the player's next answer)."""
    queue = game.decider.queues.get(player.name)
    if queue and isinstance(queue[0], int) and not isinstance(queue[0], bool) and \
            1 <= queue[0] <= sides:
        return int(queue.popleft())
    return game.rng.randint(1, sides)


def apply_table(ctx: Ctx, rows: Any, result: int) -> None:
    """706.3a: the row whose range holds the result happens ("N1—N2", "N", "N+"); none may."""
    for low, high, effects in rows:
        if result >= low and (high is None or result <= high):
            run(ctx.game, ctx, effects)
            return


def h_roll_die(ctx: Ctx, eff: Any) -> None:
    """706.1-706.3: the named player rolls; a modified roll adds or subtracts its amount,
    computed as the roll is made (706.2), then the table's row for the result happens."""
    player = (_players(ctx, eff.player) or [ctx.controller])[0]
    modifier = 0
    if isinstance(eff, records.RollDieModified) and eff.modifier is not None:
        modifier = amount(ctx, eff.modifier, 0) * (-1 if eff.subtract else 1)
    result = roll(ctx, player, eff.sides, modifier)
    apply_table(ctx, eff.results, result)


_RESULT = re.compile(r"(?:the )?result(?: of (?:that|the) (?:die )?roll)?", re.I)


def _the_result(game: Game, text: str, controller: Any, source: Any, ctx: Any) -> int | None:
    """"where X is the result" (706.4): the final result of the last die rolled."""
    if not _RESULT.fullmatch(text.strip()):
        return None
    return int(game.__dict__.get("die_result", 0))


amounts.register_families([_the_result])
registry.register_effects({records.RollDieModified: h_roll_die})
