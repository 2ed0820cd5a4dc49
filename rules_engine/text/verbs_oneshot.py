"""Verb phrases of helper "effA" (issue 12): one-shot effects, appended to the verb-phrase
table of :mod:`rules_engine.text.verbs` (at its size cap) when :mod:`rules_engine.text.effects`
imports this module. The subject is whatever the sentence grammar read before the verb, so
each phrase serves every subject at once.

- "Add one mana of any type that a land you control could produce", "... any color that a land
  an opponent controls could produce", "... that a basic land you control could produce"
  (106.7): :class:`~rules_engine.records.AddManaCouldProduce`.
- "~ is also a Cleric, Rogue, Warrior, and Wizard", "~ is a Cleric, Rogue, Warrior, and Wizard
  in addition to its other types" (205.1b: subtypes added, none lost; as a static ability of
  the card, a characteristic-defining one, 604.3).
- "Distribute three +1/+1 counters among one, two, or three target creatures you control",
  "... among one or two other target Vehicles and/or creatures you control" (601.2d):
  :class:`~rules_engine.records.DistributeCounters`.
- "~ becomes a 7/7 Beast creature in addition to its other types" (205.1b with 613.4b: the
  types are added, its P/T set), "~ becomes colorless until end of turn" (105.2c, 105.3).
- "Each player who controls an artifact or enchantment creates ...", "Each opponent who lost
  life this turn sacrifices a creature" (the condition read from each player's side):
  :class:`~rules_engine.records.PlayersWho`.
- "attach up to one target Equipment you control to target creature you control" (701.3a;
  the main table's "attach X to Y" splits at the "to" of "up to").
- "Citizens you control get an additional +1/+1 ..." (the same as "get +1/+1").
- "Double the power and toughness of each creature you control" (701.10b-c):
  :class:`~rules_engine.records.DoublePT`, each object's own values.
- "its controller adds an additional one mana of the chosen color" (605.1b, 106.6a: a
  triggered mana ability; the colour its source's "As ~ enters, choose a color" chose, 614.12).
- "Choose target creature you control and target creature an opponent controls" (601.2c: the
  targets only, :class:`~rules_engine.records.DeclareTargets`); later "the creature you
  control" / "the creature an opponent controls" is that target (``nouns.parse_ref``), and
  "Then those creatures fight each other" a fight between the two (701.14a).
- the condition "you control the creature with the greatest power [or tied for the greatest
  power]" (kind ``controls_greatest_power``, evaluated in ``rules_engine/conditions_more.py``).
- "Move a shield counter from ~ onto target creature", "Move all counters from target creature
  onto another target creature" (122.5): :class:`~rules_engine.records.MoveCounters`.
- "Choose a creature you control" (608.2d: chosen as the effect resolves, not targeted; later
  "it" / "that creature"): a :class:`~rules_engine.abilities.ChooseCard` on the battlefield.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import (
    AddMana,
    Amount,
    Animate,
    Attach,
    ChooseCard,
    Condition,
    Effect,
    Fight,
    Ref,
    SetTypes,
)
from rules_engine.records import (
    AddManaCouldProduce,
    DealToEachOther,
    DeclareTargets,
    DistributeCounters,
    DoublePT,
    MoveCounters,
    PlayersWho,
)
from rules_engine.text.conditions import CONDITIONS
from rules_engine.text.nouns import NUM_WORD, Ctx, _target_kind, number, parse_filter
from rules_engine.text.verbs import VERB_PHRASES
from rules_engine.text.verbs import _animate as _verbs_animate
from rules_engine.text.verbs import _attach as _verbs_attach

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]


def _could_produce(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """106.7: mana of a type (or colour) another permanent could produce."""
    n = number(m.group("n"))
    flt = parse_filter(m.group("what"))
    if n is None or flt is None:
        return None
    who = s if s is not None and s.kind not in ("you", "self") else None
    return AddManaCouldProduce(amount=Amount(n), source_filter=flt,
                               colors_only=m.group("kind").lower() == "color", player=who,
                               text=m.group(0))


def _also_types(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """205.1b: a list of subtypes added to the object's own."""
    subtypes = tuple(w for w in re.split(r",? and |, | ", m.group("list")) if w)
    if not subtypes or any(not w[:1].isupper() for w in subtypes):
        return None
    return Animate(subject=s, subtypes=subtypes, duration=None, additional=True,
                   text=m.group(0))


_RANGES = {"one or two": 2, "one, two, or three": 3, "one, two, three, or four": 4,
           "any number of": 99}


def _distribute(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """601.2d: counters divided among the targets as they are chosen, one or more each."""
    n = number(m.group("n"))
    flt = parse_filter(m.group("what"))
    hi = _RANGES.get(m.group("range").lower())
    if n is None or flt is None or hi is None or s.kind != "you":
        return None
    if m.group("other"):
        flt = dataclasses.replace(flt, other=True)
    text = f"{m.group('range')} {m.group('other') or ''}target {m.group('what')}"
    tgt = ctx.new_target(_target_kind(flt, m.group("what").split()[0]), flt, 1, min(hi, n),
                         text)
    return DistributeCounters(subject=Ref("target", target=tgt, text=text),
                              counter=m.group("counter"), amount=Amount(n), text=m.group(0))


def _choose_yours(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """608.2d: "choose a creature you control" (the chooser's own permanent)."""
    flt = parse_filter(m.group("what"))
    if flt is None or s.kind != "you":
        return None
    return ChooseCard(chooser=s, filter=flt, zone="battlefield", owner=s, text=m.group(0))


def _animate_also(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """205.1b: "becomes a 7/7 Beast creature in addition to its other types"."""
    found = _verbs_animate(s, m, ctx)
    if not isinstance(found, Animate):
        return None
    return dataclasses.replace(found, additional=True, text=m.group(0))


def _colorless(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """105.2c / 105.3 (layer 5): "~ becomes colorless" - it has no color."""
    if s.kind in ("you", "player_each", "opponent_each") or (
            s.target is not None and "spell" in (s.target.text or "").lower()):
        return None
    return SetTypes(subject=s, colors=("colorless",), duration=None, text=m.group(0))


_PLAYER_VERBS = re.compile(r" (?=(?:draws|creates|sacrifices|discards|loses|gains|mills|returns|"
                           r"puts|exiles|searches|shuffles|reveals|may|gets|chooses|takes) )")
# the condition as "who ...", spoken from that player's side ("controls" -> "you control")
_WHO_REWRITES = ((r"^controls\b", "you control"), (r"^lost\b", "you lost"),
                 (r"^gained\b", "you gained"), (r"^has\b", "you have"), (r"^cast\b", "you cast"),
                 (r"^attacked\b", "you attacked"), (r"^owns\b", "you own"))


def _grammar():
    """The sentence grammar (imported late: it imports this table)."""
    from rules_engine.text import effects

    return effects


def _players_who(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"each player who <condition> <verb phrase>": a condition per player (101.4 order)."""
    from rules_engine.text.conditions import parse_condition

    if s.kind != "you":
        return None
    players = Ref("player_each" if m.group("who").lower() == "player" else "opponent_each",
                  text=f"each {m.group('who')}")
    rest = m.group("rest")
    for split in _PLAYER_VERBS.finditer(rest):
        who, vp = rest[: split.start()], rest[split.end():]
        said = who
        for rx, repl in _WHO_REWRITES:
            said = re.sub(rx, repl, said, flags=re.I)
        if said == who:
            continue
        cond = parse_condition(said, ctx)
        if cond is None:
            continue
        mark = ctx.mark()
        inner = _grammar().parse_vp(players, vp, ctx)
        if inner is not None:
            return PlayersWho(players=players, condition=cond, effects=inner, text=m.group(0))
        ctx.reset(mark)
    return None


def _attach_up_to(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.3a: "attach up to one target Equipment you control to that creature": after a
    target, "that creature" is the object the trigger is about (603.2), not that target."""
    found = _verbs_attach(s, m, ctx)
    if isinstance(found, Attach) and m.group("to").lower() in ("that creature", "it"):
        found = dataclasses.replace(found, to=Ref("triggering", text=m.group("to")))
    return found


def _double_each(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.10b: "double the power [and toughness] of <objects>"."""
    from rules_engine.text.nouns import parse_ref

    ref = parse_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return DoublePT(subject=ref, both=bool(m.group("both")), duration=None, text=m.group(0))


def _plural_types(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """205.1b: "Creatures you control with +1/+1 counters on them are artifacts in addition to
    their other types" (card types added, layer 4)."""
    kinds = tuple(w.rstrip("s").lower() for w in re.split(r",? and |, | ", m.group("types")) if w)
    if not kinds or any(k not in ("artifact", "enchantment", "creature", "land") for k in kinds):
        return None
    return Animate(subject=s, card_types=kinds, duration=None, additional=True, text=m.group(0))


def _additional_chosen(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """605.1b: "its controller adds an additional one mana of the chosen color"."""
    who = s if s is not None and s.kind not in ("you", "self") else None
    return AddMana(amount=Amount(1), chosen=True, player=who, text=m.group(0))


def _declare_targets(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """601.2c: two targets chosen, to be named by the sentences after."""
    from rules_engine.text.nouns import parse_ref

    if s.kind != "you":
        return None
    first = parse_ref(m.group("a"), ctx)
    second = parse_ref(m.group("b"), ctx) if first is not None else None
    if first is None or second is None or first.kind != "target" or second.kind != "target":
        return None
    return DeclareTargets(subjects=(first, second), text=m.group(0))


def _fight_each_other(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.14a: "those creatures fight each other": the last two targets."""
    if s.kind not in ("those", "each") or len(ctx.targets) < 2:
        return None
    a, b = ctx.targets[-2:]
    return Fight(first=Ref("target", target=a, text=a.text), second=Ref("target", target=b,
                                                                       text=b.text),
                 text=m.group(0))


def _to_each_other(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """120.3: "each of those creatures deals damage equal to its toughness to the other"."""
    if s.kind not in ("those", "each") or len(ctx.targets) < 2:
        return None
    a, b = ctx.targets[-2:]
    return DealToEachOther(first=Ref("target", target=a, text=a.text),
                           second=Ref("target", target=b, text=b.text),
                           stat=m.group("stat").lower(), text=m.group(0))


def _move_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """122.5: counters removed from one object and put onto another."""
    from rules_engine.text.nouns import parse_ref

    if s.kind != "you":
        return None
    src = parse_ref(m.group("src"), ctx)
    to_text = re.sub(r"^(?:a second|another) target ", "target ", m.group("to"))
    to = parse_ref(to_text, ctx) if src is not None else None
    if src is None or to is None:
        return None
    if to.kind == "target" and to.target is not None and src.kind == "target" and \
            m.group("to").lower().startswith(("a second", "another")):
        flt = dataclasses.replace(to.target.filter, other=True) if to.target.filter else None
        to = dataclasses.replace(to, target=dataclasses.replace(to.target, filter=flt))
    n = m.group("n").lower()
    amt = None if n == "all" else Amount(number(n) or 1)
    kind = (m.group("kind") or "").strip() or None
    return MoveCounters(source=src, to=to, counter=kind, amount=amt, text=m.group(0))


def _additional_pt(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"get an additional +1/+1" (an anthem's wording for one more bonus, 613.4c)."""
    return _grammar().parse_vp(s, f"get {m.group('pt')}", ctx)


_TYPE_LIST = r"(?P<list>[A-Z][\w'-]*(?:,? (?:and )?[A-Z][\w'-]*)+)"

_SPECS: list[tuple[str, _Builder]] = [
    (r"move (?P<n>a|an|one|two|three|all) (?P<kind>[+-]\d+/[+-]\d+ |[a-z]+ )??counters? from "
     r"(?P<src>~|target .+?|this \w+) onto (?P<to>.+)", _move_counters),
    (r"choose (?P<a>target [\w -]+?) and (?P<b>target [\w' -]+)", _declare_targets),
    (r"fight each other", _fight_each_other),
    (r"adds? an additional one mana of the chosen colou?r", _additional_chosen),
    (r"are (?P<types>(?:artifacts|enchantments|creatures|lands)(?:(?:,| and|, and) (?:artifacts|"
     r"enchantments|creatures|lands))*) in addition to their other types", _plural_types),
    (r"double the power(?P<both> and toughness)? of (?P<obj>.+)", _double_each),
    (r"attach (?P<obj>up to one target .+?) to (?P<to>.+)", _attach_up_to),
    (r"gets? an additional (?P<pt>[+-]\d+/[+-]\d+)", _additional_pt),
    (r"each (?P<who>player|opponent) who (?P<rest>.+)", _players_who),
    (r"becomes? an? (?P<p>\d+)/(?P<t>\d+) (?P<colors>(?:(?:white|blue|black|red|green|colorless)"
     r"(?: and |, )?)+ )?(?P<types>(?:[A-Za-z]+ )*?creature)(?P<with>)(?P<still>) in addition to "
     r"(?:its|their) other types", _animate_also),
    (r"becomes? colorless", _colorless),
    (r"choose an? (?P<what>[a-z -]+? you control)", _choose_yours),
    (rf"distribute (?P<n>{NUM_WORD}) (?P<counter>[+-]\d+/[+-]\d+|[a-z]+) counters among "
     r"(?P<range>one or two|one, two, or three|one, two, three, or four|any number of) "
     r"(?P<other>other )?target (?P<what>.+)", _distribute),
    (rf"(?:is|are) also an? {_TYPE_LIST}", _also_types),
    (rf"(?:is|are) an? {_TYPE_LIST} in addition to (?:its|their) other (?:creature )?types",
     _also_types),
    (r"adds? (?P<n>one|two|three) mana of any (?P<kind>type|color) that an? (?P<what>[\w ,-]+?) "
     r"could produce", _could_produce),
]

VERB_PHRASES.extend((re.compile(p, re.I), b) for p, b in _SPECS)
CONDITIONS.append((re.compile(r"you control the creature with the greatest power(?P<tied> or tied "
                              r"for the greatest power)?", re.I),
                   lambda m, ctx: Condition("controls_greatest_power",
                                            detail="tied" if m.group("tied") else None,
                                            text=m.group(0))))
# more specific than the main table's "deals damage equal to ... to <recipient>": tried first
VERB_PHRASES.insert(0, (re.compile(r"deals? damage equal to its (?P<stat>power|toughness) to the "
                                   r"other", re.I), _to_each_other))
