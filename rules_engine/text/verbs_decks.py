"""Verb phrases of the deck-blocking families of issue 12 (helper dk3), appended to the
verb-phrase table (:data:`rules_engine.text.effects.VERB_PHRASES`) like
:mod:`rules_engine.text.verbs_rules`:

- "double the number of +1/+1 counters on each creature you control" (701.10e: each permanent
  gets as many of those counters as it has, each counted for itself);
- "put each card exiled with ~ into its owner's graveyard", "return each card exiled with ~ to
  its owner's hand" (406.6, 607.2a: the cards this object's instructions exiled; what "this
  way" counts next, 608.2c);
- "put a permanent card from among the milled cards into your hand", "... up to two creature
  and/or land cards from among the cards milled this way ..." (701.17, 608.2c);
- sentences respelled to the amount grammar's spelling (:func:`rewrites`): "with mana value
  equal to 1 plus the sacrificed artifact's mana value" is "with mana value X, ..., where X is
  ..." (107.3, 202.3);
- "Whenever you cast a noncreature spell with one or more blue mana symbols in its mana cost,
  create that many ... tokens": "that many" is the number of those symbols in that spell's
  mana cost (107.4, 603.2: the trigger's own count).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Effect, Ref
from rules_engine.records import DoubleCounters, MoveExiledWith, PutFromMilled
from rules_engine.text.nouns import NUM_WORD, Ctx, number, parse_filter, parse_ref

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]


def _double_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.10e: "double the number of <kind> counters on <objects>"."""
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return DoubleCounters(subject=ref, counter=m.group("kind").lower(), text=m.group(0))


def _move_exiled_with(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """406.6 / 607.2a: the cards exiled with this object go to the named zone."""
    dest = m.group("dest").lower()
    zone = ("graveyard" if "graveyard" in dest else "hand" if "hand" in dest
            else "battlefield")
    return MoveExiledWith(destination=zone, text=m.group(0))


def _from_milled(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.17 / 608.2c: a choice among the cards this resolution milled."""
    count, what = m.group("count").lower(), m.group("what")
    if count == "all":
        lo, hi = 0, 10**6
    else:
        upto = count.startswith("up to ")
        n = number(count.removeprefix("up to "))
        if n is None:
            return None
        lo, hi = (0 if upto else n), n
    flt = parse_filter(re.sub(r"\band/or\b", "or", what))
    if flt is None:
        return None
    return PutFromMilled(filter=flt, min_count=lo, max_count=hi, text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (r"double the number of (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters on (?P<obj>.+)",
     _double_counters),
    (r"(?:put|return) (?:each card|all cards|the cards) exiled with ~ (?P<dest>into (?:its "
     r"owner's graveyard|their owners' graveyards)|to (?:its owner's hand|their owners' hands)|"
     r"(?:on)?to the battlefield under (?:its owner's|their owners') control)",
     _move_exiled_with),
    (rf"put (?P<count>all|up to {NUM_WORD}|{NUM_WORD}) (?P<what>.+?) from among (?:the milled "
     r"cards|the cards milled this way) into your hand", _from_milled),
]

# "with mana value equal to <amount>" (202.3 compared with an amount, 107.3): the amount
# grammar reads it spelled "with mana value X, ..., where X is <amount>"; the amount ends at
# the next comma (the rest of the sentence follows it)
_MV_EQUAL = re.compile(r"^(?P<head>.*?\bwith (?:a )?(?:total )?(?:mana value|power|toughness)) "
                       r"(?P<cmp>equal to|less than or equal to|greater than or equal to) "
                       r"(?P<amt>(?!or\b)[^,]+?)(?P<rest>(?:,.*)?)$", re.I)


def rewrites(t: str) -> list[str]:
    """The sentence ``t`` respelled to the grammar's spelling, to be tried in turn when it does
    not parse as written (none when no respelling applies)."""
    out = []
    m = _MV_EQUAL.match(t)
    if m and not re.search(r"\bX\b", t):
        cmp = {"equal to": "", "less than or equal to": " or less",
               "greater than or equal to": " or greater"}[m.group("cmp").lower()]
        out.append(f"{m.group('head')} X{cmp}{m.group('rest')}, where X is {m.group('amt')}")
    return out


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)


_SYMBOLS_TRIGGER = re.compile(r"\bspells? with (?:one|two|three|four|five|\d+) or more "
                              r"(?P<color>white|blue|black|red|green) mana symbols in its mana "
                              r"cost\b", re.I)


def trigger_amount_rest(trigger_text: str, rest: str) -> str:
    """The effect words of a triggered ability with its "that many" named when the trigger
    event counts something: "Whenever you cast a spell with one or more blue mana symbols in
    its mana cost, create that many ... tokens" creates one for each blue symbol of that
    spell's mana cost (107.4). Other effect words come back unchanged."""
    m = _SYMBOLS_TRIGGER.search(trigger_text)
    if m is None or not re.search(r"\bthat many\b", rest, re.I) or re.search(r"\bX\b", rest):
        return rest
    body, dot = (rest[:-1], ".") if rest.rstrip().endswith(".") else (rest, "")
    if "." in body.rstrip():
        return rest  # several sentences: "that many" might be another count
    body = re.sub(r"\bthat many\b", "X", body.rstrip(), count=1, flags=re.I)
    return (f"{body}, where X is the number of {m.group('color').lower()} mana symbols in "
            f"that spell's mana cost{dot}")
