"""Verb phrases of helper amt, appended to the verb-phrase table
(:data:`rules_engine.text.effects.VERB_PHRASES`) like :mod:`rules_engine.text.verbs_zones`:

- "(you may) cast a spell with mana value X or less from your hand without paying its mana
  cost", "cast an instant or sorcery spell from your hand with mana value less than or equal
  to that damage without paying its mana cost" (608.2g, 118.9): a
  :class:`~rules_engine.records.CastFromHand`, run by :mod:`rules_engine.effects.cast_from_hand`;
- "switch the power and toughness of each of any number of target creatures" (613.4d);
- "have base power and toughness X/X" inside "where X is" (613.4b);
- "Add X {G} or X {W}" (106.1);
- "distribute three +1/+1 counters among one, two, or three target creatures" (601.2d), a
  :class:`~rules_engine.records.DistributeCounters` run by :mod:`rules_engine.effects.distribute`.
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine.abilities import AddMana, Amount, Duration, ObjectFilter, Ref, SetBasePT
from rules_engine.records import CastFromHand, DistributeCounters, SwitchPT
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, number, parse_filter, parse_ref


def _cast_from_hand(s: Ref, m: re.Match[str], ctx: Ctx) -> Any:
    what = (m.group("what") or "").strip()
    quals = " ".join(q.strip() for q in (m.group("q1"), m.group("q2")) if q)
    flt = parse_filter(f"{what} card {quals}".strip() if what else f"card {quals}".strip())
    if flt is None or (quals and not any(q.startswith("with ") for q in flt.qualifiers)):
        return None
    if not what and not quals:
        flt = ObjectFilter(text="spell")
    return CastFromHand(filter=flt, free=True, text=m.group(0))


def _switch_of(s: Ref, m: re.Match[str], ctx: Ctx) -> Any:
    """"switch the power and toughness of each of any number of target creatures until end of
    turn" (613.4d), the same switch as "switch target creature's power and toughness"."""
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    dur = Duration("end_of_turn") if m.group("eot") else Duration("permanent")
    return SwitchPT(subject=ref, duration=dur, text=m.group(0))


def _base_x(s: Ref, m: re.Match[str], ctx: Ctx) -> Any:
    """"creatures you control have base power and toughness X/X, where X is ..." (613.4b, the X
    of the "where X is" around it)."""
    return SetBasePT(subject=s, power=Amount(variable="X"), toughness=Amount(variable="X"),
                     duration=None, text=m.group(0))


def _x_of_either(s: Ref, m: re.Match[str], ctx: Ctx) -> Any:
    """"Add X {G} or X {W}, where X is ..." (106.1): X mana of one of the two colors."""
    return AddMana(choices=(m.group("a"), m.group("b")), amount=Amount(variable="X"),
                   text=m.group(0))


def _distribute(s: Ref, m: re.Match[str], ctx: Ctx) -> Any:
    """"distribute three +1/+1 counters among one, two, or three target creatures" (601.2d)."""
    amt = Amount(variable="X") if m.group("n") == "X" else amount(m.group("n"))
    flt = parse_filter(("other " if m.group("other") else "") + m.group("what"))
    if amt is None or flt is None:
        return None
    rng = m.group("range").lower()
    if rng == "any number of":
        lo, hi = 1, 99
    elif rng.startswith("up to "):
        lo, hi = 0, number(rng[6:]) or 0
    else:
        lo, hi = 1, number(rng.split()[-1]) or 0
    if hi < 1:
        return None
    text = f"{m.group('range')} {m.group('other') or ''}target {m.group('what')}"
    kind = "creature" if "creature" in flt.card_types else "permanent"
    tgt = ctx.new_target(kind, flt, lo, hi, text)
    return DistributeCounters(subject=Ref("target", target=tgt, text=text),
                              counter=m.group("kind"), amount=amt, text=m.group(0))


VP_SPECS: list[tuple[str, Any]] = [
    (rf"distribute (?P<n>{NUM_WORD}) (?P<kind>\S+) counters among (?P<range>one or two|one, two, "
     r"or three|up to (?:one|two|three)|any number of) (?P<other>other )?target (?P<what>.+)",
     _distribute),
    (r"adds? X (?P<a>\{[WUBRGC]\}) or X (?P<b>\{[WUBRGC]\})", _x_of_either),
    (r"switch the power and toughness of (?P<obj>.+?)(?P<eot> until end of turn)?", _switch_of),
    (r"(?:has|have) base power and toughness X/X", _base_x),
    (r"(?:may )?cast (?:an? )?(?P<what>[a-z ,-]*?)\s*spell(?P<q1> with [^,]+?)? from your hand"
     r"(?P<q2> with [^,]+?)? without paying its mana cost", _cast_from_hand),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)


__all__ = ["extend"]
