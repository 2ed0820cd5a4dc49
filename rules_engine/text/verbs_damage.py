"""Damage phrases with several recipients or amounts (rule 120), appended to the verb-phrase
table (:data:`rules_engine.text.effects.VERB_PHRASES`) like :mod:`rules_engine.text.verbs_decks`
(helper eff1, issue 12):

- "~ deals 3 damage to that player and 1 damage to each creature they control", "... to any
  target and 1 damage to another target": one instruction, two amounts, each its own
  recipients (120.2: dealt at once as the instruction resolves). "another target" is a
  different object (115.3; the engine never gives two targets of one ability the same
  object);
- "to <player> and each <noun> they control" ("each opponent and each creature they
  control", "target player or planeswalker and each creature that player or that
  planeswalker's controller controls"): "they" is the player just named, for each such
  player (608.2c); respelled to the noun grammar's "that player controls" / "your opponents
  control", and "each creature and planeswalker ..." to one "each" per card type;
- "~ deals X damage to each of up to three targets" (601.2c: up to N targets, each dealt the
  full amount);
- "divided as you choose among one, two, or three target creatures [with flying]" and
  "damage equal to its power divided as you choose among any number of target creatures"
  (601.2d: the division is announced with the targets, at least 1 to each);
- "~ deals 1 damage to the player or planeswalker that creature is attacking" / "... it's
  attacking" (506.4, 508.1b: what that attacking creature attacks; a reference, not a target);
- combat damage assignment, static abilities read by ``combat.combat_damage``: "Each creature
  you control assigns combat damage equal to its toughness rather than its power" (510.1a) and
  "You may have ~ assign its combat damage as though it weren't blocked" (510.1c, the
  controller's choice as damage is assigned).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Amount, DealDamage, Effect, ObjectFilter, Ref, Restriction
from rules_engine.text.nouns import (
    NUM_WORD,
    Ctx,
    _target_kind,
    amount,
    number,
    parse_filter,
    parse_ref,
)

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]

_AMT = rf"(?:{NUM_WORD}|X|that much)"
_THEY = (r"(?:they|that player|that player or that planeswalker's controller|that opponent|"
         r"that player or that planeswalker's controller) controls?")


def _grammar():
    """The sentence grammar (imported late: it imports this table)."""
    from rules_engine.text import effects

    return effects


def _deal(s: Ref, n: str, to: str, ctx: Ctx) -> tuple[Effect, ...] | None:
    return _grammar().parse_vp(s, f"deals {n} damage to {to}", ctx)


def _two_amounts(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """120.2: "deals 2 damage to any target and 1 damage to another target": the parts are
    read as two damage phrases of the same source."""
    to1, to2 = m.group("to1"), m.group("to2")
    to2 = re.sub(r"^(?:another|any other) target$", "any target", to2, flags=re.I)
    first = _deal(s, m.group("n1"), to1, ctx)
    if first is None:
        return None
    to2 = _players_objects(to2, to1) or to2
    second = _deal(s, m.group("n2"), to2, ctx)
    if second is None:
        return None
    return first + second


def _players_objects(nouns: str, player: str) -> str | None:
    """"each creature [and planeswalker] they control", spoken of ``player``: the noun
    grammar's spelling ("each creature your opponents control", "each creature that player
    controls"), None when ``nouns`` has no such "they"."""
    m = re.fullmatch(rf"each (?P<noun>.+?) {_THEY}", nouns.strip(), re.I)
    if m is None:
        return None
    who = player.strip().lower()
    if who in ("each opponent", "your opponents"):
        owner = " your opponents control"
    elif who in ("each player", "each other player"):
        owner = "" if who == "each player" else None
        if owner is None:
            return None
    else:
        owner = " that player controls"
    parts = [p for p in re.split(r",? and |, ", m.group("noun")) if p]
    return " and ".join(f"each {p}{owner}" for p in parts)


def _player_and_theirs(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"deals 1 damage to each opponent and each creature and planeswalker they control"."""
    rest = _players_objects(m.group("theirs"), m.group("who"))
    if rest is None:
        return None
    return _deal(s, m.group("n"), f"{m.group('who')} and {rest}", ctx)


def _each_of_targets(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """601.2c: "deals X damage to each of up to three targets"."""
    amt = amount(m.group("n")) if m.group("n") != "X" else Amount(variable="X")
    k = number(m.group("k"))
    if amt is None or k is None:
        return None
    lo = 0 if m.group("upto") else k
    text = m.group(0)[m.group(0).lower().index("each of"):]
    tgt = ctx.new_target("any", ObjectFilter(text=text), lo, k, text)
    return DealDamage(source=s, amount=amt, recipients=(Ref("target", target=tgt, text=text),),
                      text=m.group(0))


def _divided_range(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """601.2d: "3 damage divided as you choose among one, two, or three target creatures"."""
    raw = m.group("n")
    amt = Amount(text=raw) if raw.lower().startswith("equal to") else (
        Amount(variable="X") if raw == "X" else amount(raw))
    flt = parse_filter(m.group("what"))
    if amt is None or flt is None:
        return None
    lo, hi = (1, 99) if m.group("range").lower() == "any number of" else (
        1, number(m.group("hi")) or 0)
    if hi < 1:
        return None
    text = m.group("range") + " target " + m.group("what")
    head = m.group("what").split()[0]
    tgt = ctx.new_target(_target_kind(flt, head), flt, lo, hi, text)
    return DealDamage(source=s, amount=amt, recipients=(Ref("target", target=tgt, text=text),),
                      divided=True, text=m.group(0))


def _to_attacked(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """506.4: "deals 1 damage to the player or planeswalker that creature is attacking"."""
    who = m.group("who").lower()
    of = Ref("self", text="~") if who == "~" else Ref("it", text=m.group("who"))
    raw = m.group("n")
    amt = Amount(variable="X") if raw == "X" else amount(raw)
    if amt is None:
        return None
    return DealDamage(source=s, amount=amt, recipients=(Ref("attacked_by", of=of, text=(
        f"the player or planeswalker {m.group('who')} is attacking")),), text=m.group(0))


def _by_toughness(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """510.1a: "<creatures> assign combat damage equal to their toughness ..."."""
    if m.group("who"):  # ("assigns" does not split a clause: read on the whole sentence)
        if s.kind != "you":
            return None
        s = parse_ref(m.group("who"), ctx)
    if s is None or s.kind == "you":
        return None
    return Restriction(kind="assigns_damage_by_toughness", subject=s, text=m.group(0))


def _as_unblocked(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """510.1c: "(you may) have ~ assign its combat damage as though it weren't blocked"."""
    if s.kind != "you":
        return None
    obj = Ref("self", text="~") if m.group("obj") == "~" else None
    if obj is None:
        return None
    return Restriction(kind="may_assign_as_unblocked", subject=obj, text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (rf"deals? (?P<n1>{_AMT}) damage to (?P<to1>.+?),? and (?P<n2>{_AMT}) damage to "
     r"(?P<to2>.+)", _two_amounts),
    (rf"deals? (?P<n>{_AMT}) damage to (?P<who>.+?) and (?P<theirs>each .+? {_THEY})",
     _player_and_theirs),
    (rf"deals? (?P<n>{_AMT}) damage to each of (?P<upto>up to )?(?P<k>{NUM_WORD}) targets",
     _each_of_targets),
    (rf"deals? (?:damage )?(?P<n>{_AMT}|equal to .+?) (?:damage )?divided as you choose among "
     r"(?P<range>one, two, or (?P<hi>two|three|four)|any number of) target (?P<what>.+)",
     _divided_range),
    (rf"deals? (?P<n>{NUM_WORD}|X) damage to the player or planeswalker (?P<who>it|that creature|"
     r"~|he|she)(?:'s| is) attacking", _to_attacked),
    (r"(?:(?P<who>each .+?|creatures .+?|~) )?assigns? combat damage equal to (?:its|their) "
     r"toughness rather than (?:its|their) power",
     _by_toughness),
    (r"have (?P<obj>~) assign its combat damage as though it weren't blocked", _as_unblocked),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
