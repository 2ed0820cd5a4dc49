"""Two instructions joined by "or", appended to the verb-phrase table
(:data:`rules_engine.text.effects.VERB_PHRASES`) like :mod:`rules_engine.text.verbs_players`.

"You may sacrifice an artifact or discard a card. If you do, draw a card." / "each opponent may
discard a card or sacrifice a permanent": the player chooses one of the two instructions as the
effect resolves (608.2d: the choice is made then, 700.2's mode choice made at resolution), a
:class:`~rules_engine.abilities.Modal` of two one-instruction modes chosen by that player. Under
a "you may" it is the optional action "if you do" asks about (608.2c). Only actions a player
performs (sacrifice, discard, exile, pay, tap, return, mill, put) are joined this way, so "gain
3 life or draw a card" keeps its own readings.
"""

from __future__ import annotations

import re

from rules_engine.abilities import Effect, Modal, Ref
from rules_engine.text.nouns import Ctx

_ACT = r"(?:sacrifices?|discards?|exiles?|pays?|taps?|returns?|mills?|puts?|reveals?)"


def _grammar():  # noqa: ANN202  (the sentence grammar, imported late: it imports this table)
    from rules_engine.text import effects

    return effects


def _either(s: Ref, m: re.Match[str], ctx: Ctx) -> tuple[Effect, ...] | None:
    """"sacrifice an artifact or discard a card": one of the two, the subject's choice."""
    grammar = _grammar()
    mark = ctx.mark()
    a = grammar.parse_vp(s, m.group("a"), ctx)
    b = grammar.parse_vp(s, m.group("b"), ctx) if a is not None else None
    if a is None or b is None or len(a) != 1 or len(b) != 1:
        ctx.reset(mark)
        return None
    if any(type(e).__name__ == "UnsupportedEffect" for e in (*a, *b)):
        ctx.reset(mark)
        return None
    return (Modal(modes=(a, b), min_choices=1, max_choices=1, chooser=s, text=m.group(0)),)


VP_SPECS = [
    (rf"(?P<a>{_ACT} (?:(?!\bor\b).)+?) or (?P<b>{_ACT} .+)", _either),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
