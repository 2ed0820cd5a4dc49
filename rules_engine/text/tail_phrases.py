"""Verb phrases of small rule families many cards share (issue 12, helper "tail"), appended to
the verb-phrase table of :mod:`rules_engine.text.verbs` (near its size cap) when
:mod:`rules_engine.text.effects` imports this module.

- "~ deals 2 damage to any target and 3 damage to you": one source dealing two amounts to two
  recipients in one instruction (120.1, 120.3: dealt at the same time, as two damage records
  of one effect).
- "choose a creature card in your hand" (608.2d): a ``ChooseCard`` of the hand; "reveal any
  number of green cards in your hand" (701.20a), as "... from your hand";
- "target land becomes the basic land type of your choice until end of turn", "... the creature
  type of your choice" (608.2d, 613.1d, 305.7): :class:`~rules_engine.records.BecomesChosenType`.

:func:`timing_condition` reads the timing words of "Cast ~ only during the declare attackers
step and only if you've been attacked this step", "... only during combat after blockers are
declared", "... only during an opponent's turn, before attackers are declared" (601.3: a rule
of the spell limiting when it may be cast) into one condition of kind "timing" per part
(``detail`` "steps:<step>,...", "before:<step>", "after:<step>", "turn:you"/"turn:opponent",
"attacked_you_this_step"; run by :mod:`rules_engine.mechanics.tail_rules`), joined by "and".
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import (
    AddMana,
    Amount,
    CastPermission,
    ChooseCard,
    Condition,
    DealDamage,
    Duration,
    Effect,
    ObjectFilter,
    Ref,
    Restriction,
    SetTypes,
    Tap,
    Untap,
)
from rules_engine.records import BecomesChosenType, SwitchPT
from rules_engine.text import conditions as _conditions
from rules_engine.text import nouns
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, parse_filter, parse_ref, parse_refs
from rules_engine.text.verbs import VERB_PHRASES

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]
_N = rf"(?:{NUM_WORD}|\d+|X)"


def _two_damages(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"deals N damage to <recipient> and M damage to <recipient>" (120.3)."""
    out = []
    for n, to in (("n1", "to1"), ("n2", "to2")):
        amt = amount(m.group(n))
        recips = parse_refs(m.group(to), ctx)
        if amt is None or not recips:
            return None
        out.append(DealDamage(source=s, amount=amt, recipients=recips, text=m.group(0)))
    return tuple(out)


def _chosen_type(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"becomes the basic land type / creature type of your choice [until end of turn]"."""
    dur = Duration("end_of_turn") if m.group("eot") else Duration("permanent")
    return BecomesChosenType(subject=s, kind=m.group("kind").lower() + " type", duration=dur,
                             text=m.group(0))


def _chosen_mana(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Add one mana of the chosen color", "Add {W} or one mana of the chosen color": the color
    its source chose as it entered (614.12, 607.2d; 106.1)."""
    n = amount(m.group("n"))
    if n is None or (s is not None and s.kind not in ("you", "self")):
        return None
    choices = (m.group("alt"),) if m.group("alt") else ()
    return AddMana(amount=n if not choices else Amount(1), choices=choices, chosen=True,
                   text=m.group(0))


def _choose_in_hand(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Choose a creature card in your hand" (608.2d: chosen as it resolves, not targeted;
    later text calls it "it"); the card stays in the hand."""
    flt = parse_filter(m.group("what"))
    if flt is None or (s is not None and s.kind not in ("you", "self")):
        return None
    return ChooseCard(chooser=Ref("you"), filter=flt, zone="hand", owner=Ref("you"),
                      text=m.group(0))


def _reveal_in_hand(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Reveal any number of green cards in your hand" (701.20a): the same instruction as
    "... from your hand" (the cards stay there), read by the main table's reveal phrase."""
    from rules_engine.text import effects as fx  # (that module imports this one)

    found = fx.parse_vp(s, f"reveal{m.group('s')} {m.group('rest')} from your hand", ctx)
    return None if found is None else tuple(found)


def _switch_pt(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"switch ~'s / target creature's power and toughness [until end of turn]" (613.4d)."""
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    dur = Duration("end_of_turn") if m.group("eot") else Duration("permanent")
    return SwitchPT(subject=ref, duration=dur, text=m.group(0))


def _tap_up_to(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Untap up to two lands", "tap up to three creatures" (701.26; not targeted: chosen as it
    resolves, 608.2d, any number from none to N)."""
    n = amount(m.group("n"))
    flt = parse_filter(m.group("what"))
    count = "X" if n is not None and n.variable == "X" else (n.value if n is not None else None)
    if count is None or flt is None or (s is not None and s.kind not in ("you", "self")):
        return None
    ref = Ref("chosen", filter=dataclasses.replace(
        flt, qualifiers=flt.qualifiers + (f"count:{count}",)), text=m.group(0))
    return (Untap if m.group("un") else Tap)(subject=ref, text=m.group(0))


_NOT_SUBTYPES = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker",
                           "battle", "instant", "sorcery", "copy", "token", "legendary",
                           "basic", "snow", "colorless", "white", "blue", "black", "red",
                           "green"})


def _becomes_subtype(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target land becomes a Swamp until end of turn" (305.7: its old land types go),
    "Target creature becomes a Coward until end of turn" (205.1a: its creature types go): one
    named subtype, layer 4 (613.1d)."""
    sub = m.group("sub")
    if not sub[:1].isupper() or sub.lower() in _NOT_SUBTYPES:
        return None
    kind = "basic land type" if sub in ("Plains", "Island", "Swamp", "Mountain", "Forest") \
        else "creature type"
    return BecomesChosenType(subject=s, kind=kind, value=sub, duration=Duration("end_of_turn"),
                             text=m.group(0))


def _is_subtypes(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Enchanted land is an Island", "Enchanted creature is a Demon Spirit": its subtypes of
    that kind are replaced (305.7 land types, 205.1a creature types; layer 4, 613.1d), its card
    types kept."""
    words = m.group("subs").split()
    if not words or any(not w[:1].isupper() or w.lower() in _NOT_SUBTYPES for w in words):
        return None
    return SetTypes(subject=s, card_types=(), subtypes=tuple(words), duration=None,
                    text=m.group(0))


_SPECS: list[tuple[str, _Builder]] = [
    (rf"deals? (?P<n1>{_N}) damage to (?P<to1>.+?) and (?P<n2>{_N}) damage to "
     r"(?P<to2>you|itself|~|that player|that creature|its controller|each opponent)",
     _two_damages),
    (r"becomes? the (?P<kind>basic land|creature) type of your choice(?P<eot> until end of turn)?",
     _chosen_type),
    (r"becomes? an? (?P<sub>[A-Za-z]+) until end of turn", _becomes_subtype),
    (r"(?:is|are) an? (?P<subs>[A-Za-z]+(?: [A-Za-z]+)?)", _is_subtypes),
    (rf"(?P<un>un)?taps? up to (?P<n>{NUM_WORD}) (?P<what>(?!target)[a-z ]+)", _tap_up_to),
    (r"switch (?P<obj>.+?)(?:'s|') power and toughness(?P<eot> until end of turn)?", _switch_pt),
    (rf"adds? (?:(?P<alt>\{{[WUBRGC]\}}) or )?(?P<n>{NUM_WORD}) mana of the chosen colou?r",
     _chosen_mana),
    (r"(?:you )?choose (?:an?|one) (?P<what>[a-z ,-]*?card) in your hand", _choose_in_hand),
    (r"reveal(?P<s>s?) (?P<rest>(?:any number of|an?|X|one|two|three) [a-z ]*?cards?) in your "
     r"hand", _reveal_in_hand),
]
TAIL_PHRASES = [(re.compile(p, re.I), b) for p, b in _SPECS]
if not any(rx.pattern == TAIL_PHRASES[0][0].pattern for rx, _ in VERB_PHRASES):
    VERB_PHRASES.extend(TAIL_PHRASES)


_DMG_STEPS = "declare_blockers,first_strike_damage,combat_damage,end_of_combat"
_STEP_WORDS = {"declare attackers": "declare_attackers", "declare blockers": "declare_blockers",
               "combat damage": "combat_damage", "end of combat": "end_of_combat",
               "upkeep": "upkeep", "draw": "draw", "end": "end"}
_TIMING_ATOMS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], tuple[str, ...]]]] = [
    (re.compile(p, re.I), f) for p, f in [
        (r"during combat after blockers are declared", lambda m: ("steps:" + _DMG_STEPS,)),
        (r"during combat before blockers are declared",
         lambda m: ("steps:beginning_of_combat,declare_attackers",)),
        (r"during the (declare attackers|declare blockers|combat damage|end of combat) step",
         lambda m: ("steps:" + _STEP_WORDS[m.group(1).lower()],)),
        (r"during your (declare attackers|upkeep|draw|end)(?: step)?",
         lambda m: ("turn:you", "steps:" + _STEP_WORDS[m.group(1).lower()])),
        (r"during combat", lambda m: ("steps:beginning_of_combat,declare_attackers,"
                                      + _DMG_STEPS,)),
        (r"during your (?:own )?turn", lambda m: ("turn:you",)),
        (r"(?:during|on) an opponent's turn", lambda m: ("turn:opponent",)),
        (r"before attackers are declared", lambda m: ("before:declare_attackers",)),
        (r"before blockers are declared", lambda m: ("before:declare_blockers",)),
        (r"after combat", lambda m: ("after:end_of_combat",)),
        (r"after (?:their|your) upkeep(?: step)?", lambda m: ("after:upkeep",)),
        (r"if you've been attacked this step", lambda m: ("attacked_you_this_step",)),
    ]]
_TIMING_SEP = re.compile(r",? and only |, | and | ", re.I)


def timing_condition(words: str) -> Condition | None:
    """The timing parts of "only during X and only if Y" as one condition (601.3), or None when
    a part is not a timing this reads (the caller falls back to its own forms)."""
    details: list[str] = []
    rest = words.strip().rstrip(".")
    while rest:
        for rx, build in _TIMING_ATOMS:
            m = rx.match(rest)
            if m and (m.end() == len(rest) or _TIMING_SEP.match(rest, m.end())):
                details += build(m)
                rest = rest[m.end():]
                sep = _TIMING_SEP.match(rest)
                rest = rest[sep.end():] if sep else rest
                break
        else:
            return None
    parts = tuple(Condition("timing", detail=d, text=d) for d in details)
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else Condition("and", parts=parts, text=words)


# "Creatures you control of the chosen type get +1/+1", "... that aren't of the chosen type"
# (607.2d: the value the source chose): a filter qualifier, run by mechanics/tail_rules.py
_CHOSEN_POSTFIX = [
    (re.compile(rf"\s+{neg}of the chosen {what}$", re.I),
     {"qualifier": ("not " if neg else "") + f"of the chosen {what}"})
    for what in ("type", "color") for neg in ("that (?:are|is)(?:n't| not) ", "")]
if not any(rx.pattern == _CHOSEN_POSTFIX[0][0].pattern for rx, _ in nouns._POSTFIX):
    nouns._POSTFIX.extend(_CHOSEN_POSTFIX)


_FLASH_CLEANUP = re.compile(
    r"you may cast ~ as though it had flash\. if you cast it any time a sorcery couldn't have "
    r"been cast, the controller of the permanent it becomes sacrifices it at the beginning of "
    r"the next cleanup step", re.I)


def flash_with_cleanup_sacrifice(t: str) -> tuple[Effect, ...] | None:
    """"You may cast ~ as though it had flash. If you cast it any time a sorcery couldn't have
    been cast, the controller of the permanent it becomes sacrifices it at the beginning of the
    next cleanup step": the card's own flash permission (601.3, as ``casting._flash_for_more``
    reads it) and a marker the engine reads as the spell becomes a permanent
    (``mechanics/tail_rules.py``: a delayed trigger, 603.7, at the next cleanup step, 514.3a)."""
    if not _FLASH_CLEANUP.fullmatch(t.strip().rstrip(".")):
        return None
    return (CastPermission(kind="flash", filter=ObjectFilter(text="this spell"), text=t),
            Restriction(kind="sacrifice_at_cleanup_if_flashed", subject=Ref("self"), text=t))


# conditions ("~ enters tapped unless a player has 13 or less life", "... unless you have two
# or more opponents"): kinds "player_life_at_most" (any player, 119) and "opponents_at_least"
# (102.1: the opponents in the game), run by mechanics/tail_rules.py
_MORE_CONDITIONS: list[tuple[re.Pattern[str], Callable[[re.Match[str], Ctx], Condition | None]]] = [
    (re.compile(rf"an? (?P<who>player|opponent) has (?P<n>{NUM_WORD}|\d+) or less life", re.I),
     lambda m, c: None if amount(m.group("n")) is None else Condition(
         "player_life_at_most", amount=amount(m.group("n")), detail=m.group("who").lower(),
         text=m.group(0))),
    (re.compile(rf"you have (?P<n>{NUM_WORD}|\d+) or more opponents", re.I),
     lambda m, c: None if amount(m.group("n")) is None else Condition(
         "opponents_at_least", amount=amount(m.group("n")), text=m.group(0))),
]
if not any(rx.pattern == _MORE_CONDITIONS[0][0].pattern for rx, _ in _conditions.CONDITIONS):
    _conditions.CONDITIONS.extend(_MORE_CONDITIONS)
