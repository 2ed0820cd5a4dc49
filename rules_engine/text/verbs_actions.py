"""Verb phrases of helper "effB" (issue 12): one-shot effects whose clause begins with a verb
n-z, appended to the verb-phrase table of :mod:`rules_engine.text.verbs` (at its size cap) when
:mod:`rules_engine.text.effects` imports this module. The subject is whatever the sentence
grammar read before the verb, so a phrase serves every subject.

- "suspect <object>" (701.60a): "suspect enchanted creature", "suspect up to one target
  creature [an opponent controls]", "suspect it" - the keyword action on that object.
- "You / Players don't lose unspent [red] mana as steps and phases end" (500.4): a static
  restriction ``keeps_unspent_mana`` the turn structure reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Effect, KeywordAction, ObjectFilter, Ref, Restriction
from rules_engine.text.nouns import Ctx, parse_ref

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]
_PLAYERS = ("you", "that_player", "opponent_each", "player_each")


def _object_action(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """A keyword action done to an object the phrase names (701.60a: "Suspect up to one target
    creature"); the implied subject "you" performs it."""
    if s.kind != "you":
        return None
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None or ref.kind in _PLAYERS:
        return None
    return KeywordAction(name=m.group("name").lower(), subject=ref, text=m.group(0))


def _keeps_mana(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You don't lose unspent red mana as steps and phases end" (500.4, a static ability of
    the subject players): restriction ``keeps_unspent_mana``, its colour as a filter colour
    (none: every type), read by ``turn.end_step`` / ``turn.next_turn``."""
    if s.kind not in _PLAYERS + ("each_player",) and not (
            s.kind == "each" and s.filter is not None and "player" in s.filter.qualifiers):
        return None
    color = (m.group("color") or "").lower()
    flt = ObjectFilter(colors=(color,), text=color) if color else None
    return Restriction(kind="keeps_unspent_mana", subject=s, filter=flt, text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (r"(?:doesn't|don't) lose unspent (?:(?P<color>white|blue|black|red|green) )?mana as steps "
     r"and phases end", _keeps_mana),
    (r"(?P<name>suspect) (?P<obj>(?!counters?\b).+)", _object_action),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
