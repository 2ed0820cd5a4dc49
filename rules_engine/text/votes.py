"""Voting (701.38): "Starting with you, each player votes for time or money." as a verb phrase
(:class:`~rules_engine.records.Vote`, appended to the verb-phrase table of
:mod:`rules_engine.text.verbs`) and the conditions that read the tally, "If time gets more
votes, ..." and "If money gets more votes or the vote is tied, ..." (appended to
:data:`rules_engine.text.conditions.CONDITIONS`). The counts "for each money vote" and "the
number of profit votes" are amounts (:mod:`rules_engine.effects.votes`).
"""

from __future__ import annotations

import re

from rules_engine.abilities import Condition, Effect, Ref
from rules_engine.records import Vote
from rules_engine.text import conditions as _conditions
from rules_engine.text.nouns import Ctx
from rules_engine.text.verbs import VERB_PHRASES


def _vote(s: Ref, m: re.Match[str], ctx: Ctx) -> Effect | None:
    """701.38a: every player votes, starting with the controller ("starting with you")."""
    if s.kind != "you":
        return None
    return Vote(options=(m.group("a").lower(), m.group("b").lower()), text=m.group(0))


def _gets_more(m: re.Match[str], ctx: Ctx) -> Condition:
    """"If time gets more votes" (strictly more than each other option); "... or the vote is
    tied" also holds on a tie (701.38)."""
    return Condition("vote_more_or_tied" if m.group("tie") else "vote_more",
                     detail=m.group("a").lower(), text=m.group(0))


VERB_PHRASES.append((re.compile(r"starting with you, each player votes for (?P<a>[a-z]+) or "
                                r"(?P<b>[a-z]+)", re.I), _vote))
_CONDITIONS = [(re.compile(r"(?P<a>[a-z]+) gets more votes(?P<tie> or the vote is tied)?", re.I),
                _gets_more)]
if not any(rx.pattern == _CONDITIONS[0][0].pattern for rx, _ in _conditions.CONDITIONS):
    _conditions.CONDITIONS.extend(_CONDITIONS)
