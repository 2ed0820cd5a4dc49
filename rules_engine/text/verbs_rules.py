"""More verb phrases, for rule families of issue 12 item 4 (the ``VERB_PHRASES`` table of
:mod:`rules_engine.text.verbs` is near its size cap, so these live here and are appended to it
when :mod:`rules_engine.text.effects` imports this module).

- "search your library and/or graveyard for a card named X, reveal it, and put it into your hand"
  (701.23 over several zones; the shuffle is the next sentence, "If you search your library this
  way, shuffle", 701.24);
- "exile target player's graveyard", "exile all graveyards" (406.3: every card in it).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import (
    AddMana,
    Amount,
    Condition,
    CopySpell,
    Duration,
    Effect,
    Exile,
    GainControl,
    KeywordAction,
    ObjectFilter,
    Ref,
    Restriction,
    SearchZones,
    SetTypes,
)
from rules_engine.text.nouns import NUM_WORD, Ctx, number, parse_filter, parse_ref

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]

_ZONE = r"(?:library|graveyard|hand)"


def search_filter(desc: str) -> tuple[int, int, ObjectFilter] | None:
    """"a card named Ajani, Valiant Protector" / "up to five Doctor cards": (min, max, filter)."""
    mm = re.match(rf"^(?:(up to) )?({NUM_WORD}) (.+)$", desc.strip(), re.I)
    if not mm:
        return None
    n = number(mm.group(2))
    if n is None:
        return None
    what = mm.group(3)
    nm = re.fullmatch(r"cards? named (?P<name>[^~]+)", what, re.I)
    if nm:
        flt = ObjectFilter(qualifiers=("named:" + nm.group("name").strip(), "card"), text=what)
    else:
        flt = parse_filter(what)
    if flt is None:
        return None
    return (0 if mm.group(1) else n), n, flt


def _search_zones(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    found = search_filter(m.group("desc"))
    if found is None:
        return None
    lo, hi, flt = found
    zones = tuple(dict.fromkeys(re.findall(_ZONE, m.group("zones"), re.I)))
    dest = m.group("dest").lower()
    return SearchZones(player=s, filter=flt, zones=zones, min_count=lo, max_count=hi,
                       destination="hand" if "hand" in dest else "battlefield",
                       tapped=dest.endswith("tapped"), reveal=bool(m.group("reveal")),
                       text=m.group(0))


def _exile_graveyard(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """406.3 / 404.1: exiling a graveyard exiles every card in it."""
    whose = m.group("whose").lower()
    if whose.startswith("target"):
        kind = "opponent" if "opponent" in whose else "player"
        tgt = ctx.new_target(kind, ObjectFilter(text=kind), 1, 1, f"target {kind}")
        of = Ref("target", target=tgt, text=f"target {kind}")
    else:
        of = Ref({"your": "you", "each opponent's": "opponent_each", "all": "player_each",
                  "each player's": "player_each", "that player's": "that_player",
                  "their": "that_player"}[whose], text=whose)
    return Exile(subject=Ref("graveyard_of", of=of, text=m.group(0)), from_zone="graveyard",
                 text=m.group(0))


def _while(*kinds: str) -> Duration:
    conds = tuple(Condition(k, text=k) for k in kinds)
    return Duration("while", conds[0] if len(conds) == 1 else Condition("and", parts=conds))


# "for as long as ..." durations (611.2b; run by rules_engine.effects.durations), as a suffix of
# a verb phrase or a prefix of the sentence
_WHILE = [
    (r"~ remains tapped", ("source_tapped",)),
    (r"you control ~", ("you_control_source",)),
    (r"~ remains on the battlefield", ("source_on_battlefield",)),
    (r"you control ~ and ~ remains tapped", ("you_control_source", "source_tapped")),
]
DURATION_SUFFIXES = [(re.compile(rf"\s+for as long as {p}$", re.I), _while(*k)) for p, k in _WHILE]
DURATION_PREFIXES = [(re.compile(rf"^for as long as {p},\s*", re.I), _while(*k))
                     for p, k in _WHILE]


def _copy_ability(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Copy target activated or triggered ability you control from a colorless source"
    (707.10): the source's quality is a filter qualifier ``source:<quality>``."""
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None or ref.target is None or ref.target.kind != "ability":
        return None
    tgt = ref.target
    new = dataclasses.replace(tgt, filter=dataclasses.replace(
        tgt.filter, qualifiers=tgt.filter.qualifiers + ("source:" + m.group("src").lower(),)))
    ctx.targets[ctx.targets.index(tgt)] = new
    return CopySpell(subject=dataclasses.replace(ref, target=new), times=Amount(1),
                     text=m.group(0))


class _Spells:
    """The match with its two spellings of the spells group folded into one."""

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def group(self, name: str | int = 0) -> str | None:
        if name == "spells":
            return self._m.group("spells") or self._m.group("spells2")
        return self._m.group(name)


def _from_library_top(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You may play lands and cast creature spells from the top of your library" (601.3,
    305.1): static permissions about the library's top card (rules_engine.casting)."""
    out: list[Effect] = []
    if m.group("lands"):
        out.append(Restriction(kind="play_lands_from_library_top", subject=s, text=m.group(0)))
    spells = m.group("spells")
    if spells is not None:
        words = re.sub(r"\bspells\b", "cards", spells.strip())
        flt = parse_filter(words) if words != "cards" else None
        if words != "cards" and flt is None:
            return None
        out.append(Restriction(kind="cast_from_library_top", subject=s, filter=flt,
                               text=m.group(0)))
    return tuple(out) or None


def _blocked_except(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """509.1b: "~ can't be blocked except by three or more creatures" / "... except by creatures
    with flying" / "... except by Walls"."""
    n = number(m.group("n")) if m.group("n") else None
    if n is not None:
        return Restriction(kind="cant_be_blocked_except_by_n", subject=s,
                           filter=ObjectFilter(qualifiers=(f"count:{n}",), text=m.group(0)),
                           text=m.group(0))
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return Restriction(kind="blocked_only_by", subject=s, filter=flt, text=m.group(0))


def _two_damages(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"~ deals 4 damage to any target and 2 damage to you" (120.3): two damage instructions of
    one source, the verb understood in the second."""
    from rules_engine.text import effects as fx  # the sentence grammar (it imports this module)

    first = fx.parse_vp(s, f"deals {m.group('n')} damage to {m.group('t1')}", ctx)
    second = fx.parse_vp(s, f"deals {m.group('n2')} damage to {m.group('t2')}", ctx) \
        if first is not None else None
    return None if first is None or second is None else first + second


def _switch(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """613.4d: "Switch ~'s [target creature's] power and toughness until end of turn"."""
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return KeywordAction(name="switch power and toughness", subject=ref, text=m.group(0))


def _prevent_next(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """615.7: "The next time a [red] source of your choice would deal damage to you [target
    creature] this turn, prevent that damage" (rules_engine.effects.prevent_next)."""
    # (no recipient named, "would deal damage this turn": to any player or permanent)
    who = parse_ref(m.group("to"), ctx) if m.group("to") else Ref("any_recipient")
    if who is None:
        return None
    return KeywordAction(name="prevent the next damage from a chosen source", subject=who,
                         detail=(m.group("color") or "").strip() or None, text=m.group(0))


def _chosen_mana(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Add one mana of the chosen color", "Add {B} or one mana of the chosen color" (106.1,
    the colour chosen as the permanent entered)."""
    n = number(m.group("n"))
    if n is None:
        return None
    choices = ((m.group("sym"),) if m.group("sym") else ()) + ("chosen:color",)
    return AddMana(mana="", amount=Amount(n), choices=choices, text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (rf"adds? (?:(?P<sym>\{{[WUBRGC]\}}) or )?(?P<n>{NUM_WORD}) mana of the chosen color",
     _chosen_mana),
    # "Target land becomes the basic land type of your choice until end of turn" (305.7)
    (r"becomes? the (?P<kind>basic land type|creature type) of your choice until end of turn",
     lambda s, m, c: KeywordAction(name="become the chosen type", subject=s,
                                   detail=m.group("kind").lower(), text=m.group(0))),
    # 305.7: "Enchanted land is a Swamp" - its land types become that basic land type; it loses
    # the abilities of its rules text and old types and has the new type's mana ability
    (r"(?:is|are) an? (?P<t>Plains|Island|Swamp|Mountain|Forest)", lambda s, m, c: None if
     s.kind not in ("enchanted", "each", "target", "it") else SetTypes(
         subject=s, card_types=("Land",), subtypes=(m.group("t"),), lose_abilities=True,
         duration=None, text=m.group(0))),
    (r"the next time an? (?P<color>white |blue |black |red |green )?source of your choice would "
     r"deal damage(?: to (?P<to>you|~|target creature|target player|any target))? this turn, "
     r"prevent that damage", _prevent_next),
    (r"switch (?P<obj>~|target [a-z ]+?|each [a-z ]+?)(?:'s|') power and toughness until end "
     r"of turn", _switch),
    # "Enchanted creature can't attack or block, and its activated abilities can't be
    # activated" (602.5: a restriction on activating; 508.1c, 509.1b)
    (r"can't attack or block,? and (?:its|their) activated abilities can't be activated",
     lambda s, m, c: (Restriction(kind="cant_attack", subject=s, text=m.group(0)),
                      Restriction(kind="cant_block", subject=s, text=m.group(0)),
                      Restriction(kind="cant_activate", subject=s, text=m.group(0)))),
    (r"(?:its|their) activated abilities can't be activated", lambda s, m, c: Restriction(
        kind="cant_activate", subject=s, text=m.group(0))),
    (rf"deals? (?P<n>{NUM_WORD}) damage to (?P<t1>.+?) and (?P<n2>{NUM_WORD}) damage to "
     r"(?P<t2>.+)", _two_damages),
    (rf"can't be blocked except by (?:(?P<n>{NUM_WORD}) or more creatures|(?P<what>.+))",
     _blocked_except),
    (r"creatures with power less than ~'s power can't block (?:it|~)", lambda s, m, c: Restriction(
        kind="cant_be_blocked_by_lesser_power", subject=Ref("self"), text=m.group(0))),
    # 509.1a: "~ can block an additional creature this turn" (the duration from "this turn")
    (r"can block an additional creature", lambda s, m, c: Restriction(
        kind="block_additional", subject=s, text=m.group(0))),
    # 702.3b: "~ can attack this turn as though it didn't have defender"
    (r"can attack (?P<turn>this turn )?as though (?:it|they) didn't have defender",
     lambda s, m, c: Restriction(kind="attack_despite_defender", subject=s, duration=Duration(
         "this_turn") if m.group("turn") else None, text=m.group(0))),
    # 509.1c / 509.1b about one attacker: "Target creature blocks ~ this turn if able",
    # "Target creature can't block ~ this turn" (the duration comes from "this turn")
    (r"blocks? ~ this turn if able", lambda s, m, c: Restriction(
        kind="must_block_source", subject=s, duration=Duration("this_turn"), text=m.group(0))),
    (r"can't block ~", lambda s, m, c: Restriction(kind="cant_block_source", subject=s,
                                                   text=m.group(0))),
    # the static "lure": "All creatures able to block ~ do so" (509.1c)
    (r"all creatures able to block ~ do so", lambda s, m, c: Restriction(
        kind="must_be_blocked_by_all_able", subject=Ref("self"), text=m.group(0))),
    # 401.5 / 601.3: the top card of the library (rules_engine.mechanics.library_top, casting)
    (r"(?:may )?look at the top card of your library (?:any time|at any time)",
     lambda s, m, c: Restriction(kind="look_at_library_top", subject=s, text=m.group(0))),
    (r"play with the top card of your library revealed",
     lambda s, m, c: Restriction(kind="library_top_revealed", subject=s, text=m.group(0))),
    (r"(?:may )?(?:(?P<lands>play lands)(?: and cast (?P<spells>.*?spells(?: with .+?)?))?|"
     r"cast (?P<spells2>.*?spells(?: with .+?)?)) from the top of your library",
     lambda s, m, c: _from_library_top(s, _Spells(m), c)),
    # 103.6: "If ~ is in your opening hand, you may begin the game with it on the battlefield"
    # (read from the card by rules_engine.mechanics.opening_hand before the first turn)
    (r"if ~ is in your opening hand, you may begin the game with (?:it|~) on the battlefield",
     lambda s, m, c: Restriction(kind="begin_game_on_battlefield", subject=Ref("self"),
                                 text=m.group(0))),
    # 705: "flip a coin"; 701.30: "clash with an opponent" (rules_engine.effects.chance)
    (r"flips? a coin", lambda s, m, c: KeywordAction(name="flip a coin", subject=s,
                                                    text=m.group(0))),
    (r"clash(?:es)? with (?P<who>an opponent|defending player)", lambda s, m, c: KeywordAction(
        name="clash", subject=s, detail=m.group("who").lower(), text=m.group(0))),
    (r"copy (?P<obj>target (?:activated or triggered|activated|triggered) ability(?: you "
     r"control)?) from an? (?P<src>colorless|artifact|creature|enchantment|legendary|land|"
     r"planeswalker) source", _copy_ability),
    # 613.1b: a control-changing Aura, "You control enchanted creature" (a static, layer 2)
    (r"(?:you )?control (?P<obj>enchanted (?:artifact creature|creature|permanent|artifact|land|"
     r"enchantment|Equipment|planeswalker))",
     lambda s, m, c: GainControl(subject=Ref("enchanted", text=m.group("obj")), player=s,
                                 text=m.group(0))),
    # 502.3: "You may choose not to untap ~ during your untap step" (asked in the untap step)
    (r"(?:may )?choose not to untap ~ during (?:your|its controller's) untap step",
     lambda s, m, c: Restriction(kind="may_not_untap", subject=Ref("self"), text=m.group(0))),
    (rf"search (?:your|their) (?P<zones>{_ZONE}(?:,? (?:and/or )?{_ZONE})+) for (?P<desc>.+?)"
     r"(?:,? (?P<reveal>reveal (?:it|them)),)?,? (?:and )?put (?:it|them) "
     r"(?P<dest>into your hand|onto the battlefield tapped|onto the battlefield)", _search_zones),
    (r"exile (?P<whose>target player's|target opponent's|each opponent's|each player's|"
     r"that player's|their|your|all) graveyards?", _exile_graveyard),
]


def extend(table: list, suffixes: list | None = None, prefixes: list | None = None) -> None:
    """Append these phrases to the verb-phrase table and the durations to the compiler's
    duration lists (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
    for have, more in ((suffixes, DURATION_SUFFIXES), (prefixes, DURATION_PREFIXES)):
        if have is not None and not any(d in have for d in more):
            have.extend(more)
