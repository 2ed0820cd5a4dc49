"""Static and restriction phrases shared by many cards (issue 12), beside the capped verb table.

Verb phrases appended to :data:`rules_engine.text.verbs.VERB_PHRASES` (so they compose with
every subject the noun grammar reads and every "as long as" condition):

* "can't attack alone", "can't block alone", "can't attack or block alone" (508.1c, 509.1b:
  restrictions on the whole declaration, checked by :mod:`rules_engine.statics_more`);
* "is goaded" as a static ability ("Enchanted creature gets +2/+2 and is goaded", 701.15b:
  it attacks each combat if able);
* "<group> enter tapped" ("Creatures your opponents control enter tapped", 614.1c: a
  replacement effect of a static ability on how other permanents enter, applied by
  :func:`rules_engine.statics_more.enters_tapped`).

* "~ isn't a creature" (205.1a, layer 4: :class:`rules_engine.records.RemoveTypes`).

Conditions appended to :data:`rules_engine.text.conditions.CONDITIONS` (for "as long as",
"if", "activate only if"): a count in words below a number ("your devotion to blue is less
than five", "there are fewer than eight cards in your graveyard"), "there are N or more ...",
"an opponent has N or more poison counters", "enchanted creature is white / legendary / red or
green" (its colour or supertype).

"This ability costs {1} less to activate for each ..." (602.2b): :func:`activation_cost_change`,
asked by text.paragraphs for each sentence of an activated ability.

Paragraph forms :func:`static_more` reads after :mod:`rules_engine.text.paragraphs` found
none: "~ enters with N <kind> counters on it if <condition>" (614.1c, the condition after the
replacement).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from rules_engine.abilities import (
    ActivatedAbility,
    Amount,
    Animate,
    ChooseValue,
    Condition,
    CostModifier,
    Duration,
    EntersReplacement,
    GrantAbility,
    KeywordAction,
    LoseAbility,
    ObjectFilter,
    PreventDamage,
    Ref,
    Restriction,
    SetBasePT,
    StaticAbility,
    TriggeredAbility,
)
from rules_engine.data import creature_types
from rules_engine.records import ActivationCostChange, LifeCostModifier, RemoveTypes
from rules_engine.text.conditions import CONDITIONS, parse_condition
from rules_engine.text.cost_phrases import cost_static
from rules_engine.text.nouns import (
    NUM_WORD,
    Ctx,
    amount,
    parse_filter,
    parse_ref,
    parse_refs,
    singular,
)
from rules_engine.text.verbs import _grant as _verb_grant

# Restriction kinds of this module (checked by rules_engine.statics_more)
ATTACK_ALONE = "cant_attack_alone"
BLOCK_ALONE = "cant_block_alone"
GOADED = "goaded"
ENTERS_TAPPED = "enters_tapped"


def _alone(kinds: tuple[str, ...]) -> Callable[[Ref, re.Match[str], Ctx], Any]:
    def build(s: Ref, m: re.Match[str], ctx: Ctx) -> Any:
        found = tuple(Restriction(kind=k, subject=s, text=m.group(0)) for k in kinds)
        return found if len(found) > 1 else found[0]
    return build


def _goaded(s: Ref, m: re.Match[str], ctx: Ctx) -> Restriction:
    """701.15b: a goaded creature attacks each combat if able (a static "is goaded": as long as
    the ability applies; the player other than the goading player is, in a two-player game,
    never one it could attack instead)."""
    return Restriction(kind=GOADED, subject=s, text=m.group(0))


def _enter_tapped(s: Ref, m: re.Match[str], ctx: Ctx) -> Restriction | None:
    """614.1c: "Creatures your opponents control enter tapped" - a group only (a permanent's
    own "~ enters tapped" is an EntersReplacement of text.paragraphs)."""
    if s.kind != "each" or s.filter is None:
        return None
    return Restriction(kind=ENTERS_TAPPED, subject=s, text=m.group(0))


def _isnt_a(s: Ref, m: re.Match[str], ctx: Ctx) -> RemoveTypes:
    """"~ isn't a creature" (layer 4, 613.1d; 205.1a: its other card types stay)."""
    return RemoveTypes(subject=s, card_types=(m.group("t").lower(),), text=m.group(0))


# the keyword-action name of "prevent all damage a source of your choice would deal this turn"
PREVENT_CHOSEN = "prevent all damage from a chosen source this turn"


def _prevent_chosen(s: Ref, m: re.Match[str], ctx: Ctx) -> KeywordAction:
    """615.1, 609.7a: "Prevent all [combat] damage a [red] source [creature] of your choice
    would deal [to you] this turn": the source is chosen as it resolves; ``detail`` carries
    "combat", the colour and "creature" as words (rules_engine.effects.stat_effects)."""
    words = [w for w in ((m.group("combat") or "").strip(), (m.group("color") or "").strip(),
                         "creature" if m.group("kind").lower() == "creature" else "") if w]
    to = Ref("you") if m.group("you") else Ref("game")
    return KeywordAction(name=PREVENT_CHOSEN, subject=to, detail=" ".join(words) or None,
                         text=m.group(0))


def _blocked_except_this_turn(s: Ref, m: re.Match[str], ctx: Ctx) -> Restriction | None:
    """509.1b: "Target creature can't be blocked this turn except by Walls" (the duration
    between the verb and its exception)."""
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return Restriction(kind="blocked_only_by", subject=s, filter=flt,
                       duration=Duration("this_turn"), text=m.group(0))


def _prevent_to_each(s: Ref, m: re.Match[str], ctx: Ctx) -> tuple[PreventDamage, ...] | None:
    """615.1: "Prevent all damage that would be dealt to you and creatures you control this
    turn [by creatures]": one prevention per recipient named (damage to any of them is
    prevented), each with the same sources and duration."""
    to = parse_refs(m.group("to"), ctx)
    if to is None or len(to) < 2:
        return None
    by = None
    if m.group("by"):
        by = parse_ref(m.group("by"), ctx)
        if by is None:
            return None
    turn = m.group("turn") or m.group("turn2") or m.group("turn0")
    dur = Duration("this_turn") if turn else None
    return tuple(PreventDamage(to=r, by=by, combat_only=bool(m.group("combat")), duration=dur,
                               text=m.group(0)) for r in to)


def _cant_be_target_of(s: Ref, m: re.Match[str], ctx: Ctx) -> Restriction | None:
    """115.4: "~ can't be the target of blue or black spells", "... of Aura spells", "... of
    abilities your opponents control", "... of black spells or abilities from black sources"
    (the spell, or the ability's source, has the quality). The filter describes the spell or
    the ability's source; its "spell" / "ability" word says which may not target."""
    what = m.group("what")
    either = re.fullmatch(r"(?P<q>[\w-]+) spells or abilities from (?P=q) sources", what, re.I)
    if either:
        flt = parse_filter(either.group("q") + " permanent")
        if flt is None:
            return None
        flt = dataclasses.replace(flt, qualifiers=(), text=what)
    elif re.match(r"abilities\b", what, re.I):
        flt = parse_filter(re.sub(r"^abilities", "permanents", what, flags=re.I))
        if flt is None:
            return None
        flt = dataclasses.replace(flt, qualifiers=("ability",), text=what)
    else:
        flt = parse_filter(what)
        if flt is None or "spell" not in flt.qualifiers:
            return None
    return Restriction(kind=CANT_BE_TARGET_OF, subject=s, filter=flt, text=m.group(0))


CANT_BE_TARGET_OF = "cant_be_target_of"


def _is_colors(s: Ref, m: re.Match[str], ctx: Ctx) -> Animate:
    """105.3, 613.1e (layer 5): "Enchanted creature gets +3/+1 and is black", "All creatures
    are black": its colors become these (its types and abilities stay)."""
    colors = tuple(c.lower() for c in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("colors"))
                   if c)
    return Animate(subject=s, colors=colors, duration=None, text=m.group(0))


# 702.122c / 702.171c-style "as though": "This creature crews Vehicles as though its power
# were 2 greater", "This token saddles Mounts and crews Vehicles as though ..."
CREW_POWER_BONUS = "crew_power_bonus"
_CREW_BONUS = re.compile(r"(?P<a>saddles Mounts and crews Vehicles|crews Vehicles and saddles "
                         r"Mounts|crews Vehicles|saddles Mounts) as though (?:its|their) power "
                         rf"(?:was|were) (?P<n>{NUM_WORD}) greater", re.I)


def crew_power_bonus(text: str) -> tuple[bool, bool, int] | None:
    """(crews, saddles, N) of "crews Vehicles [and saddles Mounts] as though its power were N
    greater" (read by the compiler and, from the Restriction's text, by
    statics_more.tap_power)."""
    m = _CREW_BONUS.search(text)
    n = amount(m.group("n")) if m else None
    if m is None or n is None or n.value is None:
        return None
    words = m.group("a").lower()
    return ("crews" in words, "saddles" in words, int(n.value))


def _crew_bonus(s: Ref, m: re.Match[str], ctx: Ctx) -> Restriction | None:
    """609.4 ("as though"): the creature counts as N more power when it is tapped to pay a
    crew (702.122a) or saddle (702.171a) cost; its power itself is unchanged."""
    if crew_power_bonus(m.group(0)) is None:
        return None
    return Restriction(kind=CREW_POWER_BONUS, subject=s, text=m.group(0))


def _one_spell(s: Ref, m: re.Match[str], ctx: Ctx) -> Restriction | None:
    """101.2, 601.3: "<players> can't cast more than one [non-Phyrexian] spell each turn"
    (rules_engine.statics_players); the filter describes the spells counted."""
    if s.kind not in ("you", "player_each", "opponent_each", "enchanted"):
        return None
    flt = parse_filter((m.group("kind") or "") + "spell")
    if flt is None:
        return None
    return Restriction(kind="cant_cast_more_than_one", subject=s, filter=flt, text=m.group(0))


_CARD_TYPES = ("artifact", "artifacts", "creature", "creatures", "enchantment", "enchantments",
               "land", "lands")


def _are_types(s: Ref, m: re.Match[str], ctx: Ctx) -> Animate | None:
    """205.1b, 613.1d (layer 4): "Clues you control are Equipment in addition to their other
    types", "Other creatures are Food artifacts in addition to their other types" (a plural
    group: the words without an article, plural nouns)."""
    if s.kind != "each":
        return None
    words = m.group("types").split()
    card_types = tuple(singular(w) for w in words if w.lower() in _CARD_TYPES)
    subtypes = tuple(singular(w).capitalize() if w.lower() != "equipment" else "Equipment"
                     for w in words if w.lower() not in _CARD_TYPES and w[:1].isupper())
    if not words or len(card_types) + len(subtypes) != len(words):
        return None
    return Animate(subject=s, card_types=card_types, subtypes=subtypes, duration=None,
                   additional=True, text=m.group(0))


def _are_types_and_have(s: Ref, m: re.Match[str], ctx: Ctx) -> Animate | None:
    """613.6: "... are Equipment in addition to their other types and have \"Equipped creature
    gets +2/+0\" and equip {2}": one effect, so the abilities go to the same set of objects the
    types went to in layer 4, even a "non-Equipment artifact" that is now Equipment."""
    types = _are_types(s, m, ctx)
    grant = _verb_grant(s, m, ctx)
    if types is None or not isinstance(grant, GrantAbility):
        return None
    return dataclasses.replace(types, keywords=grant.keywords, abilities=grant.abilities,
                               text=m.group(0))


VP_SPECS: list[tuple[str, Callable[[Ref, re.Match[str], Ctx], Any]]] = [
    # 701.26b-style: "can't become untapped" - not in its untap step (502.3), nor by an effect
    (r"can't become untapped", lambda s, m, c: Restriction(kind="cant_become_untapped",
                                                           subject=s, text=m.group(0))),
    # 613.4b (layer 7b): "Creatures your opponents control have base toughness 1" - only the
    # one value is set, the other stays (613.4a-b)
    (r"(?:has|have) base (?P<which>power|toughness) (?P<n>\d+)", lambda s, m, c: SetBasePT(
        subject=s, power=Amount(int(m.group("n"))) if m.group("which") == "power" else None,
        toughness=Amount(int(m.group("n"))) if m.group("which") == "toughness" else None,
        duration=None, text=m.group(0))),
    # 613.1f (layer 6): "has defender and loses all other abilities" - all the abilities it
    # has apart from those the same ability gives it (applied after the loss, statics.apply)
    (r"loses? all other abilities", lambda s, m, c: LoseAbility(
        subject=s, all_abilities=True, duration=None, text=m.group(0))),
    # 205.1b: "~ is also a Cleric, Rogue, Warrior, and Wizard" (types added, layer 4)
    (r"(?:is|are) also an? (?P<types>[A-Z][\w-]*(?:, [A-Z][\w-]*)*,? and [A-Z][\w-]*)",
     lambda s, m, c: Animate(subject=s, subtypes=tuple(
         w for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("types")) if w),
         additional=True, duration=None, text=m.group(0))),
    # 205.1b, 613.4b: "Enchanted artifact is a creature with base power and toughness 4/4 in
    # addition to its other types" (layers 4 and 7b)
    (r"(?:is|are) an? (?P<types>(?:artifact )?creature) with base power and toughness "
     r"(?P<p>\d+)/(?P<t>\d+) in addition to (?:its|their) other types",
     lambda s, m, c: Animate(subject=s, card_types=tuple(m.group("types").lower().split()),
                             power=Amount(int(m.group("p"))), toughness=Amount(int(m.group("t"))),
                             additional=True, duration=None, text=m.group(0))),
    # 205.3m: "Equipped creature is every creature type" / "... is all creature types"
    # (layer 4, added to its other types, 205.1b)
    (r"(?:is|are) (?:every creature type|all creature types)", lambda s, m, c: Animate(
        subject=s, subtypes=creature_types(), additional=True, duration=None, text=m.group(0))),
    # 508.1c: "can't attack you or planeswalkers you control" ("you": the ability's
    # controller; statics_more.attack_target_violation)
    (r"can't attack you(?: or (?:a )?planeswalkers? you control)?",
     lambda s, m, c: Restriction(kind="cant_attack_you", subject=s, text=m.group(0))),
    # 101.2, 701.49: "Each opponent can't venture into the dungeon more than once each turn"
    (r"can't venture into the dungeon more than once each turn", lambda s, m, c: Restriction(
        kind="venture_once_each_turn", subject=s, text=m.group(0)) if s.kind in _PLAYER_KINDS
     else None),
    # 701.21a: a permanent that can't be sacrificed isn't chosen or moved by a sacrifice
    (r"can't be sacrificed", lambda s, m, c: Restriction(kind="cant_be_sacrificed", subject=s,
                                                         text=m.group(0))),
    (r"are (?P<types>[A-Z][\w-]*(?: [A-Za-z][\w-]*)*?) in addition to their other types,? and "
     r"have (?P<what>.+)", _are_types_and_have),
    (r"are (?P<types>[A-Z][\w-]*(?: [A-Za-z][\w-]*)*?) in addition to their other types",
     _are_types),
    (r"can't cast more than one (?P<kind>[\w-]+ )?spell each turn", _one_spell),
    (_CREW_BONUS.pattern, _crew_bonus),
    (r"can't attack or block alone", _alone((ATTACK_ALONE, BLOCK_ALONE))),
    (r"can't attack alone", _alone((ATTACK_ALONE,))),
    (r"can't block alone", _alone((BLOCK_ALONE,))),
    (r"(?:is|are) goaded", _goaded),
    (r"(?:is|are) (?P<colors>(?:white|blue|black|red|green)(?:(?:,? and |, )(?:white|blue|black|"
     r"red|green))*)", _is_colors),
    (r"(?:isn't|is not) an? (?P<t>creature|artifact|enchantment|land)", _isnt_a),
    (r"can't be blocked this turn except by (?P<what>.+)", _blocked_except_this_turn),
    (r"can't be the target of (?P<what>.+)", _cant_be_target_of),
    (r"prevent all (?P<combat>combat )?damage that would be dealt(?P<turn0> this turn)? to "
     r"(?P<to>.+? and .+?)(?P<turn> this turn)?(?: by (?P<by>.+?))?(?P<turn2> this turn)?",
     _prevent_to_each),
    (r"prevent all (?P<combat>combat )?damage an? (?P<color>(?:white|blue|black|red|green) )?"
     r"(?P<kind>source|creature) of your choice would deal(?P<you> to you)? this turn",
     _prevent_chosen),
]
_PLAYER_KINDS = ("you", "player_each", "opponent_each", "opponent")


def _cant_cast(s: Ref, m: re.Match[str], ctx: Ctx) -> Any:
    """101.2, 601.3: "Players can't cast noncreature spells", "Your opponents can't cast
    spells this turn", "Each player can't cast creature spells with mana value 4 or greater":
    a static restriction (casting.cast_prohibited) or, with "this turn" (read by the clause
    grammar's durations), a resolved one (effects/restrictions.py)."""
    if s.kind == "each" and s.filter is not None and "player" in s.filter.qualifiers:
        s = Ref("player_each", text=s.text)  # "Players"
    if s.kind not in _PLAYER_KINDS:
        return None
    flt = parse_filter(m.group("what"))
    if flt is None or "spell" not in flt.qualifiers:
        return None
    dur = Duration("this_turn") if m.group("turn") else None
    return Restriction(kind="cant_cast", subject=s, filter=flt, duration=dur, text=m.group(0))


# tried before text.verbs' "enters tapped" (a Tap of the object being put onto the battlefield),
# which a group's static replacement is not; and before its "can't cast ... spells"
FIRST_SPECS = [(r"enters? tapped", _enter_tapped),
               (r"can't cast (?P<what>(?:[\w-]+ )*?spells(?: with [\w ]+?)?)(?P<turn> this turn)?",
                _cant_cast)]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
        table[:0] = [(re.compile(p, re.I), b) for p, b in FIRST_SPECS]


def _below(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"your devotion to blue is less than five", "there are fewer than eight cards in your
    graveyard": a count described in words (rules_engine.amounts) below a number, i.e. not
    at least it."""
    n = amount(m.group("n"))
    if n is None or n.value is None:
        return None
    what = m.group("what")
    if not what.lower().startswith(("the number of", "your devotion")):
        what = "the number of " + what
    return Condition("amount_at_least", amount=n, detail=what, negated=True, text=m.group(0))


def _at_least(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"there are N or more <things> in <zone>", "an opponent has N or more poison counters"
    (the number of opponents who have them is at least one, 122.1f)."""
    n = amount(m.group("n"))
    if n is None or n.value is None:
        return None
    if m.groupdict().get("poison"):
        return Condition("amount_at_least", amount=Amount(1), detail="the number of opponents "
                         f"who have {m.group('n')} or more poison counters", text=m.group(0))
    return Condition("amount_at_least", amount=n, detail="the number of " + m.group("what"),
                     text=m.group(0))


def _is_quality(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"As long as enchanted creature is white", "... equipped creature is legendary", "...
    enchanted permanent is red or green": the object's colour or supertype now (105.2, 205.4;
    conditions._is_a reads the enchanted or equipped object itself, 303.4, 301.5)."""
    flt = parse_filter(m.group("what") + " permanent")
    subj = parse_ref(m.group("who"), ctx)
    if flt is None or subj is None:
        return None
    return Condition("is_a", filter=flt, subject=subj, text=m.group(0))


_COLOR_WORD = r"(?:white|blue|black|red|green)"
_N = rf"(?P<n>{NUM_WORD})"
CONDITIONS.extend((re.compile(p, re.I), b) for p, b in [
    (rf"(?P<what>the number of .+?|your devotion to \w+(?: and \w+)?) is less than {_N}",
     _below),
    (rf"there are fewer than {_N} (?P<what>.+? (?:in|on) .+)", _below),
    (rf"there are {_N} or more (?P<what>.+? (?:in|on) .+)", _at_least),
    (rf"an opponent has {_N} or more (?P<poison>poison) counters", _at_least),
    (rf"(?P<who>it|~|that creature|equipped creature|enchanted creature|enchanted permanent|"
     rf"enchanted land|enchanted artifact) is (?P<what>legendary|colorless|multicolored|"
     rf"monocolored|{_COLOR_WORD}(?:(?:,? or |, ){_COLOR_WORD})*)", _is_quality),
])


_ENTERS_IF = re.compile(r"(~ enters (?:tapped and )?with .+?) (if|unless) (.+?)\.?", re.I)


# the condition kind of an ability that works only for the word chosen as its permanent
# entered (rules_engine.statics_more evaluates it)
CHOSEN_WORD = "chosen_word"
_CHOOSE_WORDS = re.compile(r"As ~ enters, choose (?P<a>[A-Z][\w']*) or (?P<b>[A-Z][\w']*)\.?\n"
                           r"• (?P=a) — (?P<ba>[^\n]+)\n• (?P=b) — (?P<bb>[^\n]+)")


def _choose_words(para: str, compile_body: Callable[[str], tuple[Any, ...]]) -> Any:
    """"As ~ enters, choose Khans or Dragons. • Khans — <ability> • Dragons — <ability>" (the
    Sieges): the word is chosen as the permanent enters (614.12, 614.1c) and each bulleted
    ability works only while it is the chosen one (607.2d: linked to that choice). Read only
    when both abilities are triggered or static ones the grammar fully reads."""
    m = _CHOOSE_WORDS.fullmatch(para.strip())
    if m is None:
        return None
    out: list[Any] = [EntersReplacement(kind="as_enters", effects=(ChooseValue(
        kind="word", options=(m.group("a"), m.group("b")), text=para.splitlines()[0]),),
        text=para.splitlines()[0])]
    for word, body in ((m.group("a"), m.group("ba")), (m.group("b"), m.group("bb"))):
        found = compile_body(body)
        if len(found) != 1 or not isinstance(found[0], TriggeredAbility | StaticAbility):
            return None
        abl = found[0]
        cond = Condition(CHOSEN_WORD, detail=word, text=f"{word} was chosen")
        if abl.condition is not None:
            cond = Condition("and", parts=(cond, abl.condition), text=f"{cond.text} and "
                                                                      f"{abl.condition.text}")
        out.append(dataclasses.replace(abl, condition=cond, text=f"• {word} — {body}"))
    return tuple(out)


_HAND_SIZE = re.compile(rf"(?P<who>your|each opponent's|each player's) maximum hand size is "
                        rf"(?:(?P<dir>increased|reduced) by )?(?P<n>{NUM_WORD})\.?", re.I)
_HAND_SIZE_WHO = {"your": "you", "each opponent's": "opponent_each",
                  "each player's": "player_each"}
MAX_HAND_SIZE = "max_hand_size"


def hand_size_change(text: str) -> tuple[str, int] | None:
    """402.2: "Your maximum hand size is eight" -> ("set", 8); "... is increased by two" ->
    ("add", 2); "... reduced by three" -> ("add", -3). Read by the compiler and, from the
    Restriction's text, by statics_more.max_hand_size (one reading for both)."""
    m = _HAND_SIZE.fullmatch(text.strip())
    n = amount(m.group("n")) if m else None
    if m is None or n is None or n.value is None:
        return None
    if m.group("dir") is None:
        return ("set", int(n.value))
    return ("add", int(n.value) * (1 if m.group("dir").lower() == "increased" else -1))


def _hand_size(para: str) -> StaticAbility | None:
    m = _HAND_SIZE.fullmatch(para.strip())
    if m is None or hand_size_change(para) is None:
        return None
    who = Ref(_HAND_SIZE_WHO[m.group("who").lower()], text=m.group("who"))
    return StaticAbility(effects=(Restriction(kind=MAX_HAND_SIZE, subject=who,
                                              text=para.strip().rstrip(".")),), text=para)


_SUBJ = r"(?P<subj>Enchanted creature|Equipped creature|Enchanted permanent|~)"
_OTHERWISE = re.compile(rf"{_SUBJ} gets (?P<pt>[+-]\w+/[+-]\w+) as long as (?P<cond>[^.]+)\. "
                        r"Otherwise, (?P<rest>[^.]+)\.?")
_INSTEAD = re.compile(rf"{_SUBJ} gets (?P<pt>[+-]\w+/[+-]\w+)\. It gets (?P<pt2>[+-]\w+/[+-]\w+) "
                      r"instead as long as (?P<cond>[^.]+)\.?")


def _about(subj: str, words: str) -> str:
    """"it's a Human" of "Enchanted creature gets +2/+2 as long as it's a Human": the pronoun
    is the enchanted creature (the subject), not the Aura."""
    low = subj if subj == "~" else subj.lower()
    words = re.sub(r"^it(?:'s| is)\b", f"{low} is", words, flags=re.I)
    return re.sub(r"^it\b", low, words, flags=re.I)


def _either_way(para: str, static: Callable[[str], Any]) -> tuple[Any, ...] | None:
    """"Enchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack or
    block" and "Equipped creature gets +1/+0. It gets +3/+1 instead as long as ...": two
    static abilities under one condition, one while it holds and one while it doesn't
    (611.3a: each applies only while its condition is true)."""
    m = _OTHERWISE.fullmatch(para.strip())
    if m:
        subj = m.group("subj")
        cond = _about(subj, m.group("cond"))
        when = static(f"As long as {cond}, {subj} gets {m.group('pt')}.")
        other = static(f"As long as {cond}, {_about(subj, m.group('rest'))}.")
    else:
        m = _INSTEAD.fullmatch(para.strip())
        if m is None:
            return None
        subj = m.group("subj")
        cond = _about(subj, m.group("cond"))
        when = static(f"As long as {cond}, {subj} gets {m.group('pt2')}.")
        other = static(f"As long as {cond}, {subj} gets {m.group('pt')}.")
    if not isinstance(when, StaticAbility) or not isinstance(other, StaticAbility) or \
            when.condition is None or other.condition is None:
        return None
    negated = dataclasses.replace(other.condition, negated=not other.condition.negated)
    return (dataclasses.replace(when, text=para),
            dataclasses.replace(other, condition=negated, text=para))


_STILL = re.compile(r"(?P<subj>[^.]+?) is (?P<what>an? \d+/\d+ [^.]*?creature(?: with [^.]+)?)\. "
                    r"It's still an? (?P<kind>land|artifact|enchantment|planeswalker)\.?")


def _still_a(para: str, static: Callable[[str], Any]) -> Any:
    """"Enchanted land is a 3/3 black Ooze creature. It's still a land." (205.1b: the object
    keeps its prior types; 613.1d-f and 613.4b, the one animation the grammar reads as
    "becomes a 3/3 black Ooze creature that's still a land" without a duration)."""
    m = _STILL.fullmatch(para.strip())
    if m is None:
        return None
    found = static(f"{m.group('subj')} becomes {m.group('what')} that's still a "
                   f"{m.group('kind')}.")
    if not isinstance(found, StaticAbility) or found.condition is not None:
        return None
    return dataclasses.replace(found, text=para)


# the filter word of "that target ~": the object is the ability's own source (statics_more)
IS_SOURCE = "is ~"
_TAX = re.compile(r"(?P<who>spells your opponents cast|spells an opponent casts) that target "
                  r"(?P<what>~|[^.]+?) cost (?:(?P<delta>(?:\{[^}]+\})+) more|an additional "
                  rf"(?P<life>{NUM_WORD}) life) to cast\.?", re.I)


def _targeting_tax(para: str) -> StaticAbility | None:
    """"Spells your opponents cast that target ~ cost {2} more to cast", "... that target a
    creature or planeswalker you control ..." (601.2f; the spell's targets are chosen before
    its total cost, 601.2c): a cost increase on those spells, judged by what they target."""
    m = _TAX.fullmatch(para.strip())
    if m is None:
        return None
    spells = parse_filter(m.group("who"))
    what = m.group("what")
    flt = ObjectFilter(qualifiers=(IS_SOURCE,), text="~") if what == "~" else parse_filter(
        re.sub(r"^an? ", "", what))
    if spells is None or flt is None:
        return None
    cond = Condition("targets", filter=flt, text=f"it targets {what}")
    if m.group("life"):  # "... cost an additional 3 life to cast" (119.4)
        n = amount(m.group("life"))
        if n is None or n.value is None:
            return None
        return StaticAbility(effects=(LifeCostModifier(
            filter=spells, increase=True, condition=cond, life=int(n.value),
            text=para.strip().rstrip(".")),), text=para)
    return StaticAbility(effects=(CostModifier(filter=spells, delta=m.group("delta"),
                                               increase=True, condition=cond,
                                               text=para.strip().rstrip(".")),), text=para)


_EQUIP_THEN = re.compile(r"Equip (?P<cost>(?:\{[^}]+\})+)\. (?P<rest>This ability costs [^.]+\.)")


def _equip_then(m: re.Match[str], compile_body: Callable[[str], tuple[Any, ...]]) -> Any:
    """"Equip {2}. This ability costs {2} less to activate if you have one or fewer cards in
    hand." (702.6a: equip is "[Cost]: Attach this permanent to target creature you control.
    Activate only as a sorcery."; 602.2b: the sentence after it changes that ability's cost):
    the equip ability written out, with the cost change among its effects."""
    found = compile_body(f"{m.group('cost')}: Attach ~ to target creature you control. "
                         f"Activate only as a sorcery. {m.group('rest')}")
    if len(found) != 1 or not isinstance(found[0], ActivatedAbility) or not any(
            isinstance(e, ActivationCostChange) for e in found[0].effects):
        return None
    return (dataclasses.replace(found[0], text=m.group(0)),)


def static_more(para: str, enters: Callable[[str], Any],
                compile_body: Callable[[str], tuple[Any, ...]],
                static: Callable[[str], Any] | None = None) -> Any:
    """Paragraph forms read after text.paragraphs' own (``enters`` is its "~ enters ..."
    reader, ``compile_body`` its paragraph compiler, ``static`` its static-ability reader);
    None when none matches."""
    m = _EQUIP_THEN.fullmatch(para.strip())
    if m:
        return _equip_then(m, compile_body)
    if static is not None and (" cost" in para or " has " in para or " have " in para or
                               " as though it had flash" in para or " had haste" in para):
        found = cost_static(para, static)  # 601.2f, 602.2b (text.cost_phrases)
        if found is not None:
            return found
    if static is not None and (" Otherwise, " in para or " instead as long as " in para):
        return _either_way(para, static)
    if static is not None and "It's still a" in para:
        return _still_a(para, static)
    if para.startswith("As ~ enters, choose ") and "\n• " in para:
        return _choose_words(para, compile_body)
    if " that target " in para and (" more to cast" in para or " life to cast" in para):
        return _targeting_tax(para)
    if "maximum hand size is" in para:
        return _hand_size(para)
    m = _ENTERS_IF.fullmatch(para.strip())
    if m:
        # 614.1c: "~ enters with a +1/+1 counter on it if you attacked this turn", the
        # condition judged as it would enter (the same as "If ..., ~ enters with ...")
        cond = parse_condition(m.group(3), Ctx())
        inner = enters(m.group(1) + ".")
        if cond is not None and isinstance(inner, EntersReplacement) and \
                inner.condition is None:
            if m.group(2).lower() == "unless":
                cond = dataclasses.replace(cond, negated=not cond.negated)
            return dataclasses.replace(inner, condition=cond, text=para)
    return None


_ACTIVATION_COST = re.compile(r"this ability costs (?P<delta>\{[^}]+\}(?:\{[^}]+\})*) "
                              r"(?P<dir>less|more) to activate(?P<rest>.*?)\.?", re.I)


def activation_cost_change(sentence: str, cost_modifier: Callable[[str, Ctx], Any]
                           ) -> ActivationCostChange | None:
    """"This ability costs {1} less to activate for each legendary creature you control",
    "... {1} less to activate during your turn", "... {3} less to activate if you attacked
    with a Spacecraft this turn" (602.2b, 601.2f): read as a spell's own "This spell costs
    ... to cast ..." (``cost_modifier`` is text.paragraphs' reader). A condition on the
    ability's targets is left unread (targets are chosen after the cost is determined here)."""
    m = _ACTIVATION_COST.fullmatch(sentence.strip())
    if m is None:
        return None
    rest = re.sub(r"^ during your turn$", " if it's your turn", m.group("rest"), flags=re.I)
    mod = cost_modifier(f"this spell costs {m.group('delta')} {m.group('dir')} to cast{rest}",
                        Ctx())
    if mod is None or not mod.applies_to_self or (
            mod.condition is not None and mod.condition.kind == "targets"):
        return None
    return ActivationCostChange(modifier=dataclasses.replace(mod, text=sentence.strip()),
                                text=sentence.strip())
