"""Verb phrases of helper kw's keyword families, appended to the verb-phrase table
(:data:`rules_engine.text.effects.VERB_PHRASES`) like :mod:`rules_engine.text.verbs_decks`:

- "<player> gets N poison counters" / "gets a rad counter" (122.1: counters a player gets,
  poison 122.1f, rad 122.1h, experience 122.1g, ticket 122.1i; the definition of poisonous
  N, 702.70a, says it this way): a :class:`~rules_engine.abilities.PutCounters` on that player.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Effect, PutCounters, Ref
from rules_engine.text.nouns import NUM_WORD, Ctx, amount

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]

_PLAYERS = ("you", "that_player", "defending_player", "opponent_each", "player_each",
            "controller_of", "owner_of")


def _player_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """122.1: "that player gets two poison counters" (the subject is a player)."""
    n = m.group("n").lower()
    amt = amount("1" if n in ("a", "an") else n)
    if amt is None or s is None or (s.kind not in _PLAYERS and not (
            s.target is not None and s.target.kind in ("player", "opponent"))):
        return None
    return PutCounters(subject=s, counter=m.group("kind").lower(), amount=amt, text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (r"gets? (?P<n>a|an|" + NUM_WORD + r") (?P<kind>poison|rad|experience|ticket) counters?",
     _player_counters),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
