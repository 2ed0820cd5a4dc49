"""Voting (701.38): each player, starting with the controller and in turn order, chooses one
of the options; the tally of the last vote is kept on the game (``game.vote_tally``) for the
words of the same ability that read it: the conditions "If <option> gets more votes[ or the
vote is tied]" and the amounts "for each <option> vote", "the number of <option> votes".
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import amounts, conditions, records, registry
from rules_engine.context import Ctx
from rules_engine.game import Game


def h_vote(ctx: Ctx, eff: records.Vote) -> None:
    """701.38a: starting with the controller, proceeding in turn order, each player votes."""
    game = ctx.game
    order = list(game.living)
    start = order.index(ctx.controller) if ctx.controller in order else 0
    tally = dict.fromkeys(eff.options, 0)
    for player in order[start:] + order[:start]:
        pick = game.decider.choose(player.name, f"vote ({eff.text})", list(eff.options))
        tally[pick] = tally.get(pick, 0) + 1
        game.log("voted", player=player, choice=pick)
    game.__dict__["vote_tally"] = tally
    ctx.did = True


def _tally(game: Game) -> dict[str, int]:
    return game.__dict__.get("vote_tally") or {}


def _vote_more(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"If time gets more votes": more votes than every other option."""
    tally = _tally(game)
    mine = tally.get(cond.detail, 0)
    return bool(tally) and all(mine > n for k, n in tally.items() if k != cond.detail)


def _vote_more_or_tied(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"If money gets more votes or the vote is tied": no other option has more votes."""
    tally = _tally(game)
    mine = tally.get(cond.detail, 0)
    return bool(tally) and all(mine >= n for k, n in tally.items() if k != cond.detail)


_VOTES = re.compile(r"(?:for each|the number of) (?P<a>[a-z]+) votes?", re.I)


def _vote_count(game: Game, text: str, controller: Any, source: Any, ctx: Any) -> int | None:
    """"for each strength vote", "the number of profit votes": that option's votes in the last
    vote (0 before any vote)."""
    m = _VOTES.fullmatch(text.strip())
    if m is None:
        m = re.fullmatch(r"(?P<a>[a-z]+) votes?", text.strip(), re.I)
    if m is None or m.group("a").lower() in ("the", "each", "a", "any"):
        return None
    return _tally(game).get(m.group("a").lower(), 0)


conditions._MORE.update({"vote_more": _vote_more, "vote_more_or_tied": _vote_more_or_tied})
amounts.register_families([_vote_count])
registry.register_effects({records.Vote: h_vote})
