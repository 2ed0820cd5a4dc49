"""Effect sentences (rule 609): a table of verb phrases plus sentence combinators.

A sentence is ``[subject] verb-phrase`` (imperative sentences have the implied subject "you").
Verb phrases are matched by the ``VERB_PHRASES`` table of :mod:`rules_engine.text.verbs` (token
descriptions by :mod:`rules_engine.text.tokens`); compound phrases ("draws three cards and
loses 3 life", "gain 3 life, draw a card, and create a Treasure token", "..., then shuffle") are
split at conjunctions only when every part parses. Sentence-level words are combinators:
"you may" (:class:`MayEffect`), "If you do," / "If you don't,", "If <condition>, ...",
"Otherwise, ...", "... instead" (rule 614.1a replaces the previous effect), "Then ...",
"Until end of turn, ...", "For each ..., ...", "Choose one —" with bullets (rule 700.2), and
delayed triggers inside effects ("When you next cast ...", rule 603.7).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from functools import lru_cache

from rules_engine.abilities import (
    AdditionalPhase,
    AddMana,
    Amount,
    Animate,
    BecomeCopy,
    CastPermission,
    CastWithoutPaying,
    Condition,
    Conditional,
    CopySpell,
    CounterSpell,
    DealDamage,
    DelayedTrigger,
    Destroy,
    Duration,
    Effect,
    GainControl,
    GrantAbility,
    LoseAbility,
    MayEffect,
    Modal,
    ModifyPT,
    NextSpellAlternativeCost,
    PayCost,
    PlayPermission,
    PreventDamage,
    Ref,
    Repeat,
    ReplacementEffect,
    Restriction,
    RollDie,
    SetBasePT,
    SetDayNight,
    SetTypes,
    StopDayNight,
    ToggleDayNight,
    Trigger,
    TriggeredAbility,
    Unless,
    UnsupportedEffect,
    WithX,
    iter_effects,
)
from rules_engine.records import (
    BecomesChosenColor,
    ExtraLandPlays,
    GrantChoice,
    ModalIf,
    ModalUnchosen,
    ModalUnchosenEver,
    RollDieModified,
    SpendAnyMana,
)
from rules_engine.text import conditions_extra as _conditions_extra  # noqa: F401  (700.11)
from rules_engine.text import face_down as _face_down  # noqa: F401  (adds its VERB_PHRASES, 708)
from rules_engine.text import followups_more as _followups_more  # noqa: F401  (adds its FOLDS)
from rules_engine.text import followups_oneshot as _followups_oneshot  # noqa: F401  (its FOLDS)
from rules_engine.text import (
    hooks,
    verbs_extra,  # noqa: F401 - extends VERB_PHRASES
)
from rules_engine.text import nouns as _nouns
from rules_engine.text import tail_phrases as _tail  # noqa: F401  (adds its VERB_PHRASES)
from rules_engine.text import time_counters as _time_counters  # noqa: F401  (its verb phrase)
from rules_engine.text import verbs_oneshot as _verbs_oneshot  # noqa: F401  (its VERB_PHRASES)
from rules_engine.text import verbs_pronouns as _verbs_pronouns  # noqa: F401  (its VERB_PHRASES)
from rules_engine.text import votes as _votes  # noqa: F401  (701.38: its verb phrase, conditions)
from rules_engine.text.amount_phrases import (
    damage_equal_candidates,
    each_opponent_in_two_player_game,
    equal_to_candidates,
)
from rules_engine.text.conditions import parse_condition
from rules_engine.text.cost_phrases import extend as _extend_costs
from rules_engine.text.followups import fold_into_previous
from rules_engine.text.normalize import sentences
from rules_engine.text.nouns import (
    NUM_WORD,
    Ctx,
    parse_ref,
    parse_refs,
    singular,
)
from rules_engine.text.nouns_more import extend as _extend_nouns
from rules_engine.text.phrases import PHRASES
from rules_engine.text.reflexive import attach_when_you_do, reflexive_this_way
from rules_engine.text.replacements import redirect_next, timed_replacement
from rules_engine.text.statics_phrases import extend as _extend_statics
from rules_engine.text.tokens import parse_token
from rules_engine.text.verbs import VERB_PHRASES as _MAIN_PHRASES
from rules_engine.text.verbs import would_replacement
from rules_engine.text.verbs_actions import WHOLE as _ACTION_WHOLE
from rules_engine.text.verbs_actions import extend as _extend_action_verbs
from rules_engine.text.verbs_amt import extend as _extend_amt_verbs
from rules_engine.text.verbs_animate import extend as _extend_animate
from rules_engine.text.verbs_chosen import extend as _extend_chosen
from rules_engine.text.verbs_damage import extend as _extend_damage_verbs
from rules_engine.text.verbs_decks import extend as _extend_deck_verbs
from rules_engine.text.verbs_decks import rewrites as _deck_rewrites
from rules_engine.text.verbs_either import extend as _extend_either
from rules_engine.text.verbs_kw import extend as _extend_kw_verbs
from rules_engine.text.verbs_players import extend as _extend_player_verbs
from rules_engine.text.verbs_plotted import extend as _extend_plotted
from rules_engine.text.verbs_rules import extend as _extend_verbs
from rules_engine.text.verbs_zones import extend as _extend_zone_verbs
from rules_engine.text.verbs_zones import where_x_last

# the verb-phrase table, then the phrases added beside it (rules_engine.text.phrases)
VERB_PHRASES = _MAIN_PHRASES + PHRASES

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]
N = rf"(?P<n>{NUM_WORD})"
MANA = r"(?:\{[^}]+\})+"


_SUBJECT_SPLIT = re.compile(
    r"\s(?=(?:draws?|discards?|mills?|gains?|loses?|gets?|deals?|has|have|becomes?|creates?|"
    r"puts?|returns?|sacrifices?|shuffles?|explores|takes?|scry|surveils?|attacks?|can't|"
    r"searches|reveals?|exiles?|wins?|ventures?|fights?|transforms?|copies|each|may|pays?|looks?|"
    r"enters?|doesn't|don't|can|skips?|phases?|must|blocks?|untaps?|taps?|investigates|"
    r"proliferates|connives|discovers|forages|amasses|adapts|endures|bolsters|"
    r"'s power|power|perpetually|seeks|"
    r"blights?|earthbends?|adds|manifests|cloaks|chooses?|rolls|is an?(?= )|"
    r"(?:is|are) the chosen(?= )|(?:is|are) also an?(?= )|"
    r"isn't an?(?= )|is not an?(?= )|(?:is|are) goaded|crews Vehicles|saddles Mounts|"
    r"are (?=[\w ,-]+ in addition to their other types)|(?:is|are) (?=every creature type|"
    r"all creature types)|(?:is|are) also an? (?=[A-Z])|"
    r"(?:is|are) (?:white|blue|black|red|green)$)\b)",
    re.I)

_DURATIONS = [
    (re.compile(r"\s+until (?:the )?end of turn$", re.I), Duration("end_of_turn")),
    (re.compile(r"\s+until your next turn$", re.I), Duration("your_next_turn")),
    (re.compile(r"\s+until your next end step$", re.I), Duration("your_next_end_step")),
    (re.compile(r"\s+this turn$", re.I), Duration("this_turn")),
    (re.compile(r"\s+until end of combat$", re.I), Duration("combat")),
    # 611.2b: "for as long as ~ remains on the battlefield" / "for as long as you control ~"
    # (ended by effects/durations.py; the other "for as long as" forms: text/verbs_rules.py)
    (re.compile(r"\s+for as long as (?:~|this [a-z]+) remains on the battlefield$", re.I),
     Duration("while", Condition("source_on_battlefield", text="~ remains on the battlefield"))),
    (re.compile(r"\s+for as long as you control (?:~|this [a-z]+)$", re.I),
     Duration("while", Condition("you_control_source", text="you control ~"))),
]
_DURATION_PREFIX = [
    (re.compile(r"^until end of turn,\s*", re.I), Duration("end_of_turn")),
    (re.compile(r"^until the end of your next turn,\s*", re.I), Duration("end_of_your_next_turn")),
    (re.compile(r"^until your next turn,\s*", re.I), Duration("your_next_turn")),
]
# rule families' phrases and "for as long as" durations (rules_engine.text.verbs_rules)
_extend_verbs(VERB_PHRASES, _DURATIONS, _DURATION_PREFIX)
_extend_chosen(VERB_PHRASES)  # chosen names, 201.4 / 602.5 (rules_engine.text.verbs_chosen)
_extend_animate(VERB_PHRASES)  # "becomes an artifact creature" (text.verbs_animate, 301.7b)
_extend_deck_verbs(VERB_PHRASES)  # deck-blocking families (rules_engine.text.verbs_decks)
_extend_statics(VERB_PHRASES)  # "can't attack alone", "is goaded" (text.statics_phrases)
_extend_costs(VERB_PHRASES)  # "<spells> you cast this turn cost {1} less" (text.cost_phrases)
_extend_zone_verbs(VERB_PHRASES)  # search, "revealed this way", at random (text.verbs_zones)
_extend_kw_verbs(VERB_PHRASES)  # "<player> gets N poison counters" (rules_engine.text.verbs_kw)
_extend_player_verbs(VERB_PHRASES)  # player subjects, colors (rules_engine.text.verbs_players)
_extend_damage_verbs(VERB_PHRASES)  # several recipients and amounts (text.verbs_damage, 120)
_extend_amt_verbs(VERB_PHRASES)  # casting from the hand during a resolution (text.verbs_amt)
_extend_plotted(VERB_PHRASES)  # "it becomes plotted" (text.verbs_plotted, 702.170c)
# one-shot verbs n-z of helper effB (rules_engine.text.verbs_actions), noun postfixes
_extend_nouns()
_extend_action_verbs(VERB_PHRASES, _DURATION_PREFIX)
_extend_either(VERB_PHRASES)  # "sacrifice an artifact or discard a card" (text.verbs_either)
_HAS_DURATION = (ModifyPT, GrantAbility, Animate, Restriction, CastPermission,
                 ReplacementEffect, GainControl, PlayPermission, LoseAbility, SetTypes,
                 BecomeCopy, SetBasePT, GrantChoice, PreventDamage, BecomesChosenColor)


def _with_duration(effs: tuple[Effect, ...], dur: Duration) -> tuple[Effect, ...] | None:
    out = []
    touched = False
    for e in effs:
        if isinstance(e, _HAS_DURATION):
            out.append(dataclasses.replace(e, duration=dur))
            touched = True
        elif isinstance(e, MayEffect) and len(e.effects) == 1 and not e.if_you_do and \
                not e.if_you_dont and isinstance(e.effects[0], CastWithoutPaying) and \
                e.effects[0].condition is None:
            # "Until end of turn, you may cast that card [without paying its mana cost]": with
            # a duration the cast is a permission until it ends, not a cast now (601.3, 611.2b)
            cast = e.effects[0]
            out.append(PlayPermission(subject=cast.subject, cast_only=True, free=cast.free,
                                      duration=dur, text=e.text))
            if cast.any_mana:  # "... and you may spend mana as though it were ..." (609.4b)
                out.append(SpendAnyMana(subject=cast.subject, text=e.text))
            touched = True
        elif isinstance(e, CastWithoutPaying) and e.condition is None and e.any_mana:
            # "Until end of turn, you may cast that card and you may spend mana as though it
            # were mana of any color to cast that spell" (601.3, 609.4b)
            out.append(PlayPermission(subject=e.subject, cast_only=True, free=e.free,
                                      duration=dur, text=e.text))
            out.append(SpendAnyMana(subject=e.subject, text=e.text))
            touched = True
        elif isinstance(e, Repeat | WithX | Conditional):
            # "Until end of turn, target creature gets +1/+1 for each ...": the duration is
            # the repeated effect's (and "... gains trample if you control a Dwarf": the
            # conditional grant's)
            inner = _with_duration(e.effects, dur)
            if inner is not None:
                out.append(dataclasses.replace(e, effects=inner))
                touched = True
            else:
                out.append(e)
        else:
            out.append(e)
    return tuple(out) if touched else None


def parse_vp(subject: Ref, vp: str, ctx: Ctx) -> tuple[Effect, ...] | None:
    """Parse one verb phrase (possibly compound) with a known subject.

    Memoised per ability on (subject, text, target numbering): compound splitting asks for the
    same prefixes many times, and a long list of clauses would otherwise take exponential time.
    A per-ability budget bounds the worst case; running out leaves the text unsupported.
    """
    key = (subject, vp, ctx.next_target)
    if key in ctx.memo:
        result, new_targets = ctx.memo[key]
        ctx.targets.extend(new_targets)
        ctx.next_target += len(new_targets)
        return result
    ctx.budget -= 1
    if ctx.budget < 0:
        return None
    before = len(ctx.targets)
    result = _parse_vp(subject, vp, ctx)
    ctx.memo[key] = (result, tuple(ctx.targets[before:]) if result is not None else ())
    return result


hooks.PARSE_VP = parse_vp  # (text.verbs_actions: "discards a card or sacrifices a creature")


def _parse_vp(subject: Ref, vp: str, ctx: Ctx) -> tuple[Effect, ...] | None:
    t = vp.strip().rstrip(".").strip()
    for rx, dur in _DURATIONS:
        m = rx.search(t)
        if m and dur.kind == "this_turn" and re.search(r"\bfor each\b", t[:m.start()], re.I):
            continue  # "for each land that entered under your control this turn": the count's
        if m and not t.lower().startswith("search"):
            mark = ctx.mark()
            inner = parse_vp(subject, t[: m.start()], ctx)
            if inner is not None:
                timed = _with_duration(inner, dur)
                if timed is not None:
                    return timed
            ctx.reset(mark)
    if t.lower().startswith("also "):
        t = t[5:]
    key = ("vp", subject, t)
    if key in ctx.failed:
        return None
    mark = ctx.mark()
    then = _then_after_amount(subject, t, ctx)
    if then is not None:
        return then
    for reading, amount_text in equal_to_candidates(t):  # "a number of ... equal to <A>"
        inner = parse_vp(subject, reading, ctx)
        if inner is not None and not any(isinstance(e, UnsupportedEffect)
                                         for e in iter_effects(inner)):
            return (WithX(x=Amount(variable="X", text=amount_text), effects=inner, text=t),)
        ctx.reset(mark)
    for index, m in _vp_matches(t):
        result = VERB_PHRASES[index][1](subject, m, ctx)
        if result is not None:
            return result if isinstance(result, tuple) else (result,)
        ctx.reset(mark)
    for reading, amount_text in damage_equal_candidates(t):  # "damage equal to A to B"
        inner = parse_vp(subject, reading, ctx)
        if inner is not None and not any(isinstance(e, UnsupportedEffect)
                                         for e in iter_effects(inner)):
            return (WithX(x=Amount(variable="X", text=amount_text), effects=inner, text=t),)
        ctx.reset(mark)
    fe = re.fullmatch(r"(.+?) for each (.+)", t, re.I)
    if fe and re.search(r",? then ", fe.group(1), re.I):
        fe = None  # "shuffles, then draws a card for each ...": the count is the last verb's
    if fe and not fe.group(1).lower().endswith(("damage", "life")):
        # "gets +1/+1 for each Elf you control and has reach": the count ends where a second
        # verb phrase of the same subject begins
        for cut in re.finditer(r",? and (?=(?:has|have|gains?|gets?|loses?|is|are|can't|"
                               r"attacks?|blocks?|creates?|draws?|puts?)\b)", fe.group(2), re.I):
            mark = ctx.mark()
            inner = parse_vp(subject, fe.group(1), ctx)
            more = parse_vp(subject, fe.group(2)[cut.end():], ctx) if inner is not None \
                else None
            if inner is not None and more is not None:
                return (Repeat(count=Amount(text="for each " + fe.group(2)[:cut.start()]),
                               effects=inner, text=t),) + more
            ctx.reset(mark)
        mark = ctx.mark()
        inner = parse_vp(subject, fe.group(1), ctx)
        if inner is not None:
            return (Repeat(count=Amount(text="for each " + fe.group(2)), effects=inner, text=t),)
        ctx.reset(mark)
    # compound: split at ", then ", ", and ", " and ", ", " when every part parses
    for sep in (r",? then ", r", and ", r" and ", r", "):
        for m in re.finditer(sep, t):
            left, right = t[: m.start()], t[m.end():]
            mark = ctx.mark()
            a = parse_vp(subject, left, ctx)
            if a is None:
                ctx.reset(mark)
                continue
            b = parse_vp(subject, right, ctx)
            if b is None:
                b = parse_clause(right, ctx)
            if b is None and left.split()[0].lower() in _ELIDABLE and not _starts_with_verb(right):
                # "put one into your hand and the other into your graveyard": the verb of the
                # first phrase is understood in the second.
                b = parse_vp(subject, left.split()[0] + " " + right, ctx)
            if b is not None:
                return a + b
            ctx.reset(mark)
    ctx.failed.add(key)
    return None


_AMOUNT_WORDS = re.compile(r"\b(?:for each|equal to)\b", re.I)
_AMOUNT_ENDS = re.compile(r",? then |,? and (?=you |that player |they |target |~ )|, (?=\w+s? )",
                          re.I)


def _then_after_amount(subject: Ref, t: str, ctx: Ctx) -> tuple[Effect, ...] | None:
    """"Draw a card for each Island you control, then discard two cards", "you draw cards
    equal to its power and you gain life equal to its toughness": a worded amount ends where
    the next instruction begins (608.2c: in order), so the verb phrase that takes "equal to
    ..."/"for each ..." to the end of the text does not swallow it. Only a split whose two
    parts both parse is taken."""
    at = _AMOUNT_WORDS.search(t)
    if at is None:
        return None
    for m in _AMOUNT_ENDS.finditer(t, at.end()):
        left, right = t[:m.start()], t[m.end():]
        mark = ctx.mark()
        a = parse_vp(subject, left, ctx)
        b = parse_vp(subject, right, ctx) if a is not None else None
        if b is None and a is not None:
            b = parse_clause(right, ctx)
        if a is not None and b is not None:
            return a + b
        ctx.reset(mark)
    return None


_PERMISSIONS = (Restriction, CastPermission, PlayPermission)
# "If you do" / "When you do" after an instruction that is not optional (rule 608.2c, 603.12):
# true when the previous instruction (or, when nothing before could fail, the ability's cost)
# was carried out.
_DID = Condition("did", text="if you do")
# Records that are not an instruction a player carries out (a "do" can't refer to them).
def _repeated_payment(eff: Effect) -> PayCost | None:
    """The "pay ... any number of times" record in ``eff`` (itself or alone in a "you may"),
    else None: its payments are each optional already."""
    if isinstance(eff, MayEffect) and len(eff.effects) == 1 and not eff.if_you_do and \
            not eff.if_you_dont:
        eff = eff.effects[0]
    return eff if isinstance(eff, PayCost) and eff.times == "any" else None


_NOT_ACTIONS = (DelayedTrigger, Modal, Restriction, CastPermission, PlayPermission,
                ReplacementEffect, UnsupportedEffect)
_ELIDABLE = {"put", "puts", "return", "returns", "exile", "exiles", "create", "creates",
             "destroy", "tap", "untap", "search", "reveal", "draw", "draws"}


def _starts_with_verb(text: str) -> bool:
    return bool(_SUBJECT_SPLIT.match(" " + text)) or bool(_vp_matches(text))


@lru_cache(maxsize=65536)
def _vp_matches(t: str) -> tuple[tuple[int, re.Match[str]], ...]:
    """Indexes of the verb-phrase patterns that match ``t`` (cached: compound splitting asks
    for the same substrings many times)."""
    out = []
    for i, (rx, _) in enumerate(VERB_PHRASES):
        m = rx.fullmatch(t)
        if m:
            out.append((i, m))
    return tuple(out)


def parse_clause(text: str, ctx: Ctx) -> tuple[Effect, ...] | None:
    """Parse a clause: imperative verb phrase, or subject + verb phrase, or two clauses joined."""
    t = text.strip().rstrip(".").strip()
    if not t:
        return None
    key = ("clause", None, t)
    if key in ctx.failed:
        return None
    result = _parse_clause(t, ctx)
    if result is None:
        ctx.failed.add(key)
    return result


def _parse_clause(t: str, ctx: Ctx) -> tuple[Effect, ...] | None:
    whole = _whole_sentence(t, ctx)
    if whole is not None:
        return whole
    um = re.fullmatch(r"(?P<main>.+?) unless (?P<who>they|that player|its controller|you) "
                      r"(?P<alt>.+)", t, re.I)
    if um:
        mark = ctx.mark()
        main = parse_clause(um.group("main"), ctx)
        chooser = parse_ref(um.group("who"), ctx)
        alt = parse_vp(chooser, um.group("alt"), ctx) if chooser is not None else None
        if main is not None and alt is not None:
            return (Unless(effects=main, alternative=alt, chooser=chooser, text=t),)
        ctx.reset(mark)
    mark = ctx.mark()
    effs = parse_vp(Ref("you"), t, ctx)
    if effs is not None:
        return effs
    ctx.reset(mark)
    for m in _SUBJECT_SPLIT.finditer(t):
        subj_text, vp = t[: m.start()], t[m.end():]
        mark = ctx.mark()
        if vp.lower().startswith("each "):
            subjects = parse_refs(subj_text, ctx)
            vp = vp[5:]
        else:
            single = parse_ref(subj_text, ctx)
            subjects = (single,) if single is not None else None
        if subjects is None:
            ctx.reset(mark)
            continue
        if vp.lower().startswith("may "):
            inner_effects: list[Effect] = []
            for subj in subjects:
                inner = parse_vp(subj, vp[4:], ctx)
                if inner is None:
                    break
                if all(isinstance(e, _PERMISSIONS) for e in inner):
                    # "You may play an additional land ...": a permission, not a choice made
                    # on resolution.
                    inner_effects.extend(inner)
                    continue
                inner_effects.append(MayEffect(effects=inner, player=subj, text=t))
            else:
                return tuple(inner_effects)
            ctx.reset(mark)
            continue
        out: list[Effect] = []
        for subj in subjects:
            effs = parse_vp(subj, vp, ctx)
            if effs is None:
                break
            out.extend(effs)
        else:
            return tuple(out)
        ctx.reset(mark)
    # "<subject> also <verb phrase>" (after a condition: "If it's an Ally, it also gains
    # flying"): "also" only says the effect adds to the earlier ones
    am = re.search(r"(?<=\S) also (?=\S)", t, re.I)
    if am:
        mark = ctx.mark()
        effs = parse_clause(t[: am.start()] + " " + t[am.end():], ctx)
        if effs is not None:
            return effs
        ctx.reset(mark)
    # two clauses with different subjects
    for sep in (r", then ", r" and ", r", and "):
        for m in re.finditer(sep, t):
            mark = ctx.mark()
            a = parse_clause(t[: m.start()], ctx)
            if a is None:
                ctx.reset(mark)
                continue
            b = parse_clause(t[m.end():], ctx)
            if b is not None:
                return a + b
            ctx.reset(mark)
    return None


def _next_spell_uncounterable(m: re.Match[str], ctx: Ctx) -> Restriction | None:
    """"The next [creature] spell you cast this turn can't be countered" (101.2): the first
    spell matching the filter the controller casts after this resolves, this turn."""
    flt = None
    if m.group("what"):
        flt = _nouns.parse_filter(m.group("what") + " spell")
        if flt is None:
            return None
    return Restriction(kind="cant_be_countered", subject=Ref("next_spell", filter=flt),
                       duration=Duration("this_turn"), text=m.group(0))


_WHOLE: list[tuple[re.Pattern[str], Callable[[re.Match[str], Ctx], _Result]]] = [
    (re.compile(p, re.I), b) for p, b in [
        (r"it becomes (?P<to>day|night)", lambda m, c: SetDayNight(to=m.group("to").lower(),
                                                                   text=m.group(0))),
        (r"it stops being day or night", lambda m, c: StopDayNight(text=m.group(0))),
        (r"rather than pay the mana cost of the next spell you cast this turn, you may pay "
         r"life equal to that spell's mana value", lambda m, c: NextSpellAlternativeCost(
             text=m.group(0))),
        (r"the next (?:(?P<what>.+?) )?spell you cast this turn can't be countered",
         _next_spell_uncounterable),
        (r"combat damage can't be prevented", lambda m, c: Restriction(  # 615.12, static
            kind="combat_damage_cant_be_prevented", subject=Ref("game"), text=m.group(0))),
        (r"damage can't be prevented(?P<turn> this turn)?", lambda m, c: Restriction(
            kind="damage_cant_be_prevented", subject=Ref("game"),
            duration=Duration("this_turn") if m.group("turn") else None, text=m.group(0))),
        (r"after this (?:main )?phase, there is an additional (?P<a>combat|main) phase"
         r"(?: followed by an additional (?P<b>main|combat) phase)?", lambda m, c:
         AdditionalPhase(phases=tuple(p for p in (m.group("a"), m.group("b")) if p),
                         text=m.group(0))),
        (r"there is an additional (?P<a>combat|main) phase after this phase", lambda m, c:
         AdditionalPhase(phases=(m.group("a"),), text=m.group(0))),
        (r"it can't become (?P<to>day|night)", lambda m, c: Restriction(
            kind="cant_become_" + m.group("to").lower(), subject=Ref("game"), text=m.group(0))),
        (r"if (?P<who>.+?) would (?P<event>die|leave the battlefield|be put into (?:a|your|its "
         r"owner's) graveyard(?: from anywhere)?)(?P<turn> this turn)?, (?P<instead>.+)", None),
    ]
]


_WHOLE.extend(_ACTION_WHOLE)  # (helper effB, rules_engine.text.verbs_actions)


def _whole_sentence(t: str, ctx: Ctx) -> tuple[Effect, ...] | None:
    if " would " in t:  # "Until end of turn, if you would ..., ... instead" (614.1a, 611.2a)
        rep = timed_replacement(t) or redirect_next(t, ctx)
        if rep is not None:
            return (rep,)
    for rx, build in _WHOLE:
        m = rx.fullmatch(t)
        if m:
            res = would_replacement(Ref("you"), m, ctx) if build is None else build(m, ctx)
            if res is not None:
                return res if isinstance(res, tuple) else (res,)
    return None


def _cond_split(text: str, ctx: Ctx, after: int = 0) -> tuple[Condition, str] | None:
    """Split "<condition>, <rest>" at the first comma (from ``after``) where the left side is a
    condition."""
    for m in re.finditer(r",\s*", text):
        if m.start() < after:
            continue
        cond = parse_condition(text[: m.start()], ctx)
        if cond is not None:
            return cond, text[m.end():]
    return None


_THOSE_COUNTERS = re.compile(r"\bremove (?:those counters|them all|all of them|them|those)"
                             r"(?: from (?:it|~))?(?=$|,| and )", re.I)


def _those_counters(rest: str, cond: Condition) -> str:
    """"Then if it has three or more ritual counters on it, remove those counters and transform
    it": "those counters" are every counter of the kind the condition counted."""
    on = "~" if cond.subject is not None and cond.subject.kind == "self" else "it"
    return _THOSE_COUNTERS.sub(f"remove all {cond.detail} counters from {on}", rest, count=1)


_DEALS_N = re.compile(rf"^(?:it|~|he|she|they) deals? (?P<n>{NUM_WORD}) damage$", re.I)


def _same_but_amount(text: str, effects: list[Effect]) -> tuple[Effect, ...] | None:
    """"If this spell was kicked, it deals 4 damage instead": the previous damage with another
    amount, to the same recipients (the instead-effect names only what changes, 614.1a)."""
    m = _DEALS_N.match(text.strip())
    if not m or not effects or not isinstance(effects[-1], DealDamage):
        return None
    amt = _nouns.amount(m.group("n"))
    if amt is None:
        return None
    return (dataclasses.replace(effects[-1], amount=amt, text=text),)


def _replace_last(effects: list[Effect], cond: Condition, new: tuple[Effect, ...],
                  text: str) -> bool:
    """Fold "... instead" into the previous effect (rule 614.1a). An instead-instruction of
    several effects that parallels the previous ones kind for kind ("Put one of them into your
    hand and the rest on the bottom ... If ..., instead put two of them into your hand and the
    rest on the bottom ...") replaces all of them, not only the last."""
    if not effects:
        return False
    k = len(new)
    if not (1 < k <= len(effects)
            and all(type(a) is type(b) for a, b in zip(effects[-k:], new, strict=True))):
        k = 1
    prev = tuple(effects[-k:])
    del effects[-k:]
    effects.append(Conditional(condition=cond, effects=new, otherwise=prev, text=text))
    return True


# "If that spell is countered this way, exile it instead of putting it into its owner's
# graveyard" (614.1a): where the spell countered by the previous instruction goes
_COUNTERED_TO = re.compile(
    r"^if (?:that|the) spell is countered this way, (?P<what>exile it|put it into its owner's "
    r"hand|put it on top of its owner's library|put it on the bottom of its owner's library) "
    r"instead of (?:putting it )?into (?:its owner's|that player's) graveyard$", re.I)
_COUNTERED_ZONES = {"exile it": "exile", "put it into its owner's hand": "hand",
                    "put it on top of its owner's library": "library_top",
                    "put it on the bottom of its owner's library": "library_bottom"}


def _counter_to(effects: list[Effect], zone: str) -> bool:
    """Give the last CounterSpell among ``effects`` (inside an Unless or an instead) ``zone``."""
    def fix(e: Effect) -> Effect | None:
        if isinstance(e, CounterSpell):
            return dataclasses.replace(e, to_zone=zone)
        if isinstance(e, Unless | Conditional):
            inner = tuple(fix(x) or x for x in e.effects)
            if inner != e.effects:
                return dataclasses.replace(e, effects=inner, **(
                    {"otherwise": tuple(fix(x) or x for x in e.otherwise)}
                    if isinstance(e, Conditional) else {}))
        return None
    for i in range(len(effects) - 1, -1, -1):
        new = fix(effects[i])
        if new is not None:
            effects[i] = new
            return True
    return False


def _fold_toggle(effects: list[Effect]) -> None:
    """"If it's night, it becomes day. Otherwise, it becomes night." is one action (rule 731.2)."""
    if effects and isinstance(effects[-1], Conditional):
        c = effects[-1]
        if (c.condition.kind == "is_night" and not c.condition.negated
                and c.effects == (SetDayNight(to="day", text=c.effects[0].text),)
                and len(c.otherwise) == 1 and isinstance(c.otherwise[0], SetDayNight)
                and c.otherwise[0].to == "night"):
            effects[-1] = ToggleDayNight(text=c.text)


def _keyword_cost_is_mana_cost(effects: list[Effect], name: str) -> bool:
    """"... gains flashback until end of turn. The flashback cost is equal to its mana cost":
    the granted keyword's cost is the card's mana cost (its ``parameter`` "its mana cost",
    which the engine reads as the mana cost of the card it is on)."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if isinstance(e, GrantAbility) and any(k.name == name and k.cost is None
                                               for k in e.keywords):
            effects[i] = dataclasses.replace(e, keywords=tuple(
                dataclasses.replace(k, parameter="its mana cost")
                if k.name == name and k.cost is None else k for k in e.keywords))
            return True
    return False


_THEY_DO = re.compile(r"^if (?:they|the player|that player|he or she|that opponent|the "
                      r"opponent) (?P<do>do|does|don't|doesn't|do not|does not),\s*", re.I)


def _their_choice(t: str, effects: list[Effect]) -> str:
    """"<player> may X. If they do, Y" (608.2c, 608.2d): the player who chose answers the "if
    they do", read as the optional effect's own "if you do" / "if you don't"."""
    m = _THEY_DO.match(t)
    if m is None or not effects or not isinstance(effects[-1], MayEffect) or \
            effects[-1].player is None or effects[-1].player.kind == "you":
        return t
    do = "do" if m.group("do").lower() in ("do", "does") else "don't"
    return f"If you {do}, " + t[m.end():]


def _apply_sentence(s: str, ctx: Ctx, effects: list[Effect]) -> bool:
    """Parse one sentence, appending to (or folding into) ``effects``. False if not understood."""
    t = s.strip().rstrip(".").strip()
    t = re.sub(r"^then,?\s+", "", t, flags=re.I)
    # a character card's pronouns ("return him to the battlefield transformed under his owner's
    # control"): "him"/"her" already read as "it"; the possessives do too
    t = re.sub(r"\b(?:his|her) (owner|controller)\b", r"its \1", t)
    t = where_x_last(t)  # a search's "where X is" read at the end (rules_engine.text.verbs_zones)
    # "that creature gets an additional -1/-1 until end of turn" (the same change again)
    t = re.sub(r"\b(gets?) an additional (?=[+-]\d+/[+-]\d+)", r"\1 ", t)
    # a character card's pronouns: "his power", "if he's equipped", "attached to him"
    t = re.sub(r"\b(?:his|her) (power|toughness)\b", r"its \1", t)
    t = re.sub(r"\battached to (?:him|her)\b", "attached to ~", t)
    t = re.sub(r"^if (?:he|she)'s\b", "if ~ is", t, flags=re.I)
    # "any number of target noncreature artifacts you control become 3/3 artifact creatures":
    # each of them becomes one (the plural said as the singular the animation grammar reads)
    t = re.sub(r"\bbecome (\d+/\d+) ((?:[a-z]+ )*?)creatures\b", r"become a \1 \2creature", t)
    t = re.sub(r"^(return) to the battlefield ((?:up to \w+ )?target .+)$", r"\1 \2 to the "
               "battlefield", t, flags=re.I)  # "Return to the battlefield target ... card"
    low = t.lower()
    if low == "this ability triggers only once each turn":
        ctx.once_each_turn = True
        return True
    if fold_into_previous(t, effects):
        return True
    t = _their_choice(t, effects)
    if re.match(r"^(?:if you (?:do|don't|can't)|otherwise),", t, re.I) and effects and \
            isinstance(effects[-1], DelayedTrigger) and effects[-1].ability.effects:
        # "At the beginning of the next end step, return that creature to its owner's hand.
        # If you do, create a Treasure token." (603.7: the delayed ability's own instructions,
        # 608.2c: "if you do" asks about the one before it, done when it resolves)
        delayed = effects[-1]
        inner = list(delayed.ability.effects)
        if _apply_sentence(t, ctx, inner):
            effects[-1] = dataclasses.replace(delayed, ability=dataclasses.replace(
                delayed.ability, effects=tuple(inner)))
            return True
    if low.startswith("when ") and " this way, " in low and reflexive_this_way(t, ctx, effects):
        return True  # 603.12: "When you discard a nonland card this way, ..." (text/reflexive)
    m = re.match(r"^(?:it's|they're) still an? (land|artifact|enchantment|planeswalker)s?$", t,
                 re.I)
    if m:
        # Animation that keeps a type (rule 205.1b: "it's still a land").
        kind = m.group(1).lower()
        for i in range(len(effects) - 1, -1, -1):
            e = effects[i]
            if isinstance(e, Animate):
                effects[i] = dataclasses.replace(e, card_types=e.card_types + (kind,))
                return True
            if isinstance(e, MayEffect | Conditional) and any(
                    isinstance(x, Animate) for x in e.effects):
                # ("you may have it become ...", "if ~ isn't a creature, it becomes ...")
                effects[i] = dataclasses.replace(e, effects=tuple(
                    dataclasses.replace(x, card_types=x.card_types + (kind,))
                    if isinstance(x, Animate) else x for x in e.effects))
                return True
        return False
    m = _COUNTERED_TO.match(t)
    if m and _counter_to(effects, _COUNTERED_ZONES[m.group("what").lower()]):
        return True
    m = re.match(r"^(?:the|its) (flashback|embalm|blitz|escape|unearth) cost is equal to "
                 r"(?:its|that card's) mana cost$", t, re.I)
    if m:  # defines the cost of the keyword the previous instruction grants (702.34a ...)
        return _keyword_cost_is_mana_cost(effects, m.group(1).lower())
    m = re.match(r"^double the (power|toughness) of (.+?)( until end of turn)?$", t, re.I)
    if m:
        # 701.10b: "To double a creature's power, that creature gets +X/+0, where X is that
        # creature's power as the spell or ability that doubles its power resolves"
        what = m.group(1).lower()
        mod = "+X/+0" if what == "power" else "+0/+X"
        return _apply_sentence(f"{m.group(2)} gets {mod}{m.group(3) or ''}, where X is the "
                               f"{what} of {m.group(2)}", ctx, effects)
    alone = each_opponent_in_two_player_game(t)  # "For each opponent, ... that player controls"
    if alone is not None:
        return _apply_sentence(alone, ctx, effects)
    m = re.match(r"^X is (.+)$", t, re.I)
    if m and effects:
        body = tuple(effects)
        effects.clear()
        effects.append(WithX(x=Amount(variable="X", text=m.group(1)), effects=body, text=t))
        return True
    m = re.match(r"^(.+?),? where X is (.+)$", t, re.I)
    then = re.fullmatch(r"(.+?), then (.+)", m.group(2), re.I) if m else None
    if m and then:
        # "Scry X, where X is ..., then draw three cards": X ends at ", then"; the next
        # instruction stays inside the WithX (it may say X too)
        inner_then: list[Effect] = []
        if _apply_sentence(m.group(1), ctx, inner_then) and _apply_sentence(
                then.group(2), ctx, inner_then) and not any(
                isinstance(e, UnsupportedEffect) for e in inner_then):
            effects.append(WithX(x=Amount(variable="X", text=then.group(1)),
                                 effects=tuple(inner_then), text=t))
            return True
    if m:
        inner: list[Effect] = []
        if _apply_sentence(m.group(1), ctx, inner) and not any(
                isinstance(e, UnsupportedEffect) for e in inner):
            effects.append(WithX(x=Amount(variable="X", text=m.group(2)), effects=tuple(inner),
                                 text=t))
            return True
    if re.fullmatch(r"if (?:that spell|it) is countered this way, exile it instead of putting "
                    r"it into its owner's graveyard", low):
        # 614.1a: the countered spell goes to exile (the CounterSpell just before)
        if effects and isinstance(effects[-1], CounterSpell):
            effects[-1] = dataclasses.replace(effects[-1], to_zone="exile")
            return True
        return False
    if low == "do this only once each turn":
        # an optional instruction limited to once each turn (the last "you may" before it)
        for i in range(len(effects) - 1, -1, -1):
            e = effects[i]
            if isinstance(e, MayEffect):
                effects[i] = dataclasses.replace(e, once_each_turn=True)
                return True
            if isinstance(e, WithX | Repeat) and len(e.effects) == 1 and \
                    isinstance(e.effects[0], MayEffect):  # "..., where X is ...": inside
                effects[i] = dataclasses.replace(e, effects=(dataclasses.replace(
                    e.effects[0], once_each_turn=True),))
                return True
        return False
    if low.startswith("you may choose new targets for the cop"):
        for i in range(len(effects) - 1, -1, -1):
            marked, found = _mark_new_targets(effects[i])
            if found:
                effects[i] = marked
                return True
        return False
    if low in ("it can't be regenerated", "they can't be regenerated"):
        if effects and isinstance(effects[-1], Destroy):
            effects[-1] = dataclasses.replace(effects[-1], no_regenerate=True)
            return True
        return False
    m = re.match(r"^until end of (turn|combat), you don't lose this mana as steps(?: and "
                 r"phases)? end$", t, re.I)
    if m:  # 500.4, 106.4: the mana just added stays until the turn / the combat phase ends
        keep = Duration("end_of_turn" if m.group(1).lower() == "turn" else "combat")
        for i in range(len(effects) - 1, -1, -1):
            kept, found = _retain_mana(effects[i], keep)
            if found:
                effects[i] = kept
                return True
        return False
    m = re.match(r"^spend this mana only (.+)$", t, re.I)
    if m:
        for i in range(len(effects) - 1, -1, -1):
            if isinstance(effects[i], AddMana):
                effects[i] = dataclasses.replace(effects[i], spend_only=m.group(1))
                return True
        return False
    m = re.match(r"^(.+?) at (the beginning of the next end step|end of combat|the beginning "
                 r"of (?:the next turn's|your next) upkeep|the beginning of your next end step|"
                 r"the beginning of the next cleanup step)$", t, re.I)
    if m and hooks.PARSE_TRIGGER_SENTENCE is not None:
        inner = parse_effect_text(m.group(1), ctx)
        if inner is not None:
            when = m.group(2).lower()
            step = ("end" if "end step" in when else "upkeep" if "upkeep" in when
                    else "cleanup" if "cleanup" in when else "end_of_combat")  # 514.3a
            # rule 603.7: a delayed trigger; "your next end step" waits for your turn's
            player = "you" if "your next end step" in when else "each"
            effects.append(DelayedTrigger(ability=TriggeredAbility(
                trigger=Trigger("phase", step=step, player=player, detail="next"),
                effects=inner, text=t), text=t))
            return True
    m = re.match(r"^when you pay this cost one or more times,\s*(.+)$", t, re.I)
    if m and effects and _repeated_payment(effects[-1]) is not None:
        # "You may pay {C} any number of times. When you pay this cost one or more times, ..."
        # (603.12: a reflexive trigger; "that many" is the number of payments)
        inner = parse_effects(m.group(1), ctx)
        if any(isinstance(e, UnsupportedEffect) for e in iter_effects(tuple(inner))):
            # "put that many ... counters on ~, then create twice that many ... tokens": each
            # instruction read alone (the amount rewrites take one amount per sentence)
            inner = tuple(e for part in re.split(r",? then ", m.group(1))
                          for e in parse_effects(part, ctx))
        if any(isinstance(e, UnsupportedEffect) for e in iter_effects(tuple(inner))):
            return False
        effects[-1] = _repeated_payment(effects[-1])
        reflexive = DelayedTrigger(ability=TriggeredAbility(
            trigger=Trigger("reflexive", text="when you pay this cost one or more times"),
            effects=inner, text=t), text=t)
        effects.append(Conditional(condition=_DID, effects=(reflexive,), text=t))
        return True
    m = re.match(r"^when you do,\s*(.+)$", t, re.I)
    if m and effects and isinstance(effects[-1], MayEffect):
        # A reflexive triggered ability (rule 603.12): it triggers when the optional action
        # was taken, and targets are chosen then.
        inner = parse_effects(m.group(1), ctx)
        if any(isinstance(e, UnsupportedEffect) for e in inner):
            return False
        reflexive = DelayedTrigger(ability=TriggeredAbility(
            trigger=Trigger("reflexive", text="when you do"), effects=inner, text=t), text=t)
        effects[-1] = dataclasses.replace(effects[-1],
                                          if_you_do=effects[-1].if_you_do + (reflexive,))
        return True
    m = re.match(r"^when you do,\s*(.+)$", t, re.I)
    if m and effects and not isinstance(effects[-1], _NOT_ACTIONS):
        # After an action that is not optional ("Exile target card from a graveyard. When you
        # do, ..."; rule 603.12): the reflexive ability triggers if the action was done.
        inner = parse_effects(m.group(1), ctx)
        if any(isinstance(e, UnsupportedEffect) for e in inner):
            return False
        reflexive = DelayedTrigger(ability=TriggeredAbility(
            trigger=Trigger("reflexive", text="when you do"), effects=inner, text=t), text=t)
        effects.append(Conditional(condition=_DID, effects=(reflexive,), text=t))
        return True
    m = re.match(r"^if you (do|don't|can't),\s*(.+)$", t, re.I)
    if m and effects and not isinstance(effects[-1], (MayEffect, *_NOT_ACTIONS)):
        # "Discard a card. If you do, draw two cards." (rule 608.2c): whether the previous
        # instruction was carried out; "If you can't" / "If you don't" is its negation.
        inner = parse_effect_text(m.group(2), ctx)
        if inner is None:
            return False
        negated = m.group(1).lower() != "do"
        effects.append(Conditional(condition=dataclasses.replace(
            _DID, negated=negated, text=f"if you {m.group(1).lower()}"), effects=inner, text=t))
        return True
    m = re.match(r"^if you (do|don't),\s*(.+)$", t, re.I)
    if m:
        if not effects or not isinstance(effects[-1], MayEffect):
            return False
        inner = parse_effect_text(m.group(2), ctx)
        if inner is None:
            return False
        prev = effects[-1]
        if m.group(1).lower() == "do":
            effects[-1] = dataclasses.replace(prev, if_you_do=prev.if_you_do + inner)
        else:
            effects[-1] = dataclasses.replace(prev, if_you_dont=prev.if_you_dont + inner)
        return True
    m = re.match(r"^otherwise,\s*(.+)$", t, re.I)
    if m and effects and isinstance(effects[-1], MayEffect) and effects[-1].if_you_do:
        # "You may X. If you do, Y. Otherwise, Z.": Z is what happens if they don't
        inner = parse_effect_text(m.group(1), ctx)
        if inner is None:
            return False
        effects[-1] = dataclasses.replace(effects[-1],
                                          if_you_dont=effects[-1].if_you_dont + inner)
        return True
    if m:
        if not effects or not isinstance(effects[-1], Conditional):
            return False
        inner = parse_effect_text(m.group(1), ctx)
        if inner is None:
            return False
        effects[-1] = dataclasses.replace(effects[-1], otherwise=effects[-1].otherwise + inner)
        _fold_toggle(effects)
        return True
    m = re.match(r"^for each (.+?), (.+)$", t, re.I)
    if m:
        inner = parse_effect_text(m.group(2), ctx)
        if inner is not None:
            effects.append(Repeat(count=Amount(text="for each " + m.group(1)), effects=inner,
                                  text=t))
            return True
    m = re.match(r"^during any turn (you attacked with .+?), (.+)$", t, re.I)
    if m:
        cond = parse_condition(m.group(1) + " this turn", ctx)
        inner = parse_effect_text(m.group(2), ctx)
        if cond is not None and inner is not None:
            inner = tuple(dataclasses.replace(e, condition=cond)
                          if isinstance(e, CastWithoutPaying) else e for e in inner)
            if all(isinstance(e, CastWithoutPaying) for e in inner):
                effects.extend(inner)
                return True
    for rx, dur in _DURATION_PREFIX:
        m = rx.match(t)
        if m:
            inner = parse_effect_text(t[m.end():], ctx)
            if inner is not None:
                timed = _with_duration(inner, dur)
                if timed is not None:
                    effects.extend(timed)
                    return True
    if re.match(r"^(when|whenever|at the beginning of)\b", t, re.I) and (
            hooks.PARSE_TRIGGER_SENTENCE is not None):
        ability = hooks.PARSE_TRIGGER_SENTENCE(t + ".", ctx)
        if ability is not None:
            effects.append(DelayedTrigger(ability=ability, text=t))
            return True
        # "Whenever a creature enters under your control this turn, ...": a delayed trigger
        # that triggers each time until the turn ends (603.7b)
        tt = re.match(r"^(whenever [^,]+?) this turn, (.+)$", t, re.I)
        if tt:
            ability = hooks.PARSE_TRIGGER_SENTENCE(f"{tt.group(1)}, {tt.group(2)}.", ctx)
            if ability is not None:
                effects.append(DelayedTrigger(ability=ability, text=t, this_turn=True))
                return True
        return False
    split = _cond_split(t[3:], ctx) if low.startswith("if ") else None
    while split is not None:
        # ("If that creature is a Bird, Frog, Otter, or Rat, draw a card": a later comma
        # when the rest after the first one isn't an instruction)
        nxt = _cond_split(t[3:], ctx, len(t[3:]) - len(split[1]))
        if split is not None:
            cond, rest = split
            if cond.kind == "counters_on" and cond.detail:
                rest = _those_counters(rest, cond)
            # "If <condition>, instead <effect>" and "..., you may instead <effect>" are the
            # same replacement of the previous effect as "..., <effect> instead" (614.1a)
            lead = re.match(r"^instead,?\s+(.+)$", rest, re.I)
            if lead:
                rest = lead.group(1) + " instead"
            elif re.search(r"\bmay instead\b", rest, re.I):
                rest = re.sub(r"\bmay instead\b", "may", rest, count=1, flags=re.I) + " instead"
            instead = re.search(r"\s+instead$", rest, re.I)
            if instead:
                inner = parse_effect_text(rest[: instead.start()], ctx) or \
                    _same_but_amount(rest[: instead.start()], effects)
                if inner is not None and _replace_last(effects, cond, inner, t):
                    return True
            else:
                inner = parse_effect_text(rest, ctx)
                if inner is not None:
                    effects.append(Conditional(condition=cond, effects=inner, text=t))
                    return True
        split = nxt
    m = re.match(r"^(.+?) unless (.+)$", t, re.I)
    if m and not re.search(r"\bpays?\b", m.group(2), re.I):
        # "discard a card unless you gained life this turn": the instruction is followed only
        # when the condition is false (608.2c; "unless [someone] pays" is the Unless record)
        cond = parse_condition(m.group(2), ctx)
        if cond is not None:
            inner = parse_effect_text(m.group(1), ctx)
            if inner is not None:
                effects.append(Conditional(condition=dataclasses.replace(
                    cond, negated=not cond.negated), effects=inner, text=t))
                return True
    m = re.match(r"^(.+?)(?: instead)? if (.+)$", t, re.I)
    then = re.match(r"^(.+?),? then (.+)$", m.group(1), re.I) if m and not re.search(
        r"\binstead\b", t, re.I) else None
    if m and then:
        # "Mill two cards, then destroy the chosen permanent if its mana value is ...": the
        # condition is the last instruction's (608.2c: the first one is followed anyway)
        cond = parse_condition(m.group(2), ctx)
        first = parse_effect_text(then.group(1), ctx) if cond is not None else None
        last = parse_effect_text(then.group(2), ctx) if first is not None else None
        if cond is not None and first is not None and last is not None:
            effects.extend(first)
            effects.append(Conditional(condition=cond, effects=last, text=t))
            return True
    if m:
        cond = parse_condition(m.group(2), ctx)
        if cond is not None:
            inner = parse_effect_text(m.group(1).removesuffix(" instead"), ctx)
            if inner is None and re.search(r"\binstead\b", t, re.I):
                # "~ deals 5 damage instead if ...": only the amount changes (614.1a)
                inner = _same_but_amount(m.group(1).removesuffix(" instead"), effects)
            if inner is not None:
                if re.search(r"\binstead\b", t, re.I):
                    if _replace_last(effects, cond, inner, t):
                        return True
                else:
                    effects.append(Conditional(condition=cond, effects=inner, text=t))
                    return True
    inner = parse_effect_text(t, ctx)
    if inner is None:
        return _amount_rewrite(t, ctx, effects)
    effects.extend(inner)
    return True


# "a number of <things> ... equal to <amount>" and "<verb>s cards equal to <amount>" say the
# same as "X <things> ..., where X is <amount>" (107.3: X defined by the text), which the
# grammar reads; tried when the sentence does not parse as written.
_NUMBER_OF = re.compile(r"^(?P<head>.*?)\b(?:a number of|an amount of) (?P<what>.+?) "
                        r"equal to (?P<amt>(?:[^,]|, rounded (?:up|down))+?)"
                        r"(?P<rest>(?:,? then .+)?)$", re.I)
_CARDS_EQUAL = re.compile(r"^(?P<head>.*?\b(?:mills?|discards?|exiles?|reveals?|draws?|"
                          r"surveils?|scry|scries)) (?P<what>cards?) equal to "
                          r"(?P<amt>(?:[^,]|, rounded (?:up|down))+?)"
                          r"(?P<rest>(?:,? then .+)?)$", re.I)


# "create that many Treasure tokens", "put twice X stun counters on it", "deals five times X
# damage": the amount is one number named in words; "double the number of +1/+1 counters on
# target creature" gives it as many as it has (701.10e), "double your life total" gains as much
# life as it has (701.10d)
_THAT_MANY = re.compile(r"\b(?P<amt>that many|twice that many|twice X|(?:two|three|four|five|six|"
                        r"seven|eight|nine|ten) times X)\b", re.I)
_DOUBLE_COUNTERS = re.compile(r"^double the number of (?P<kind>\S+) counters on (?P<obj>.+)$",
                              re.I)


def _amount_rewrite(t: str, ctx: Ctx, effects: list[Effect]) -> bool:
    m = _DOUBLE_COUNTERS.match(t)
    if m and _rewritten(f"put X {m.group('kind')} counters on {m.group('obj')}, where X is the "
                        f"number of {m.group('kind')} counters on {m.group('obj')}", ctx, effects):
        return True
    if re.fullmatch(r"double your life total", t, re.I) and _rewritten(
            "you gain life equal to your life total", ctx, effects):
        return True
    m = _THAT_MANY.search(t)
    if m and len(re.findall(r"\bX\b", t)) == (1 if "X" in m.group("amt") else 0) and \
            ", where X is" not in t and _rewritten(
                f"{t[:m.start()]}X{t[m.end():]}, where X is {m.group('amt')}", ctx, effects):
        return True
    for rx in (_NUMBER_OF, _CARDS_EQUAL):
        m = rx.match(t)
        if m is None or re.search(r"\bX\b", t):
            continue
        what = m.group("what")
        if rx is _CARDS_EQUAL:
            what = "cards"
        head = m.group("head")
        if head and not head.endswith(" "):
            head += " "
        rewritten = f"{head}X {what}{m.group('rest')}, where X is {m.group('amt')}"
        # "X cards from the top of your library": the grammar's "the top X cards of ..."
        rewritten = re.sub(r"\bX cards from the top of ((?:your|their|his or her|its owner's|"
                           r"that player's) library)", r"the top X cards of \1", rewritten)
        if _rewritten(rewritten, ctx, effects):
            return True
    # respellings of the deck-blocking families (rules_engine.text.verbs_decks)
    return any(_rewritten(r, ctx, effects) for r in _deck_rewrites(t))


def _rewritten(text: str, ctx: Ctx, effects: list[Effect]) -> bool:
    """Parse a sentence rewritten to the grammar's spelling; all of it must be understood."""
    inner: list[Effect] = []
    if _apply_sentence(text, ctx, inner) and inner and not any(
            isinstance(e, UnsupportedEffect) for e in iter_effects(tuple(inner))):
        effects.extend(inner)
        return True
    return False


def _retain_mana(e: Effect, keep: Duration) -> tuple[Effect, bool]:
    """``e`` with its last :class:`AddMana` (itself, or inside a repeat, a "for each", an "if
    you do") marked as not lost as steps end until ``keep`` ends (500.4)."""
    if isinstance(e, AddMana):
        return dataclasses.replace(e, retain_until=keep), True
    inner = getattr(e, "effects", None)
    if isinstance(inner, tuple) and not isinstance(e, Modal):
        for j in range(len(inner) - 1, -1, -1):
            y, found = _retain_mana(inner[j], keep)
            if found:
                return dataclasses.replace(e, effects=inner[:j] + (y,) + inner[j + 1:]), True
    return e, False


def _mark_new_targets(e: Effect) -> tuple[Effect, bool]:
    """Set ``new_targets`` on every CopySpell inside ``e`` (rule 707.10c); report if any."""
    if isinstance(e, CopySpell):
        return dataclasses.replace(e, new_targets=True), True
    found = False

    def walk(items: tuple[Effect, ...]) -> tuple[Effect, ...]:
        nonlocal found
        out = []
        for x in items:
            y, f = _mark_new_targets(x)
            found |= f
            out.append(y)
        return tuple(out)

    if isinstance(e, MayEffect):
        e = dataclasses.replace(e, effects=walk(e.effects), if_you_do=walk(e.if_you_do))
    elif isinstance(e, Conditional):
        e = dataclasses.replace(e, effects=walk(e.effects), otherwise=walk(e.otherwise))
    elif isinstance(e, DelayedTrigger) and e.ability is not None:
        e = dataclasses.replace(e, ability=dataclasses.replace(
            e.ability, effects=walk(e.ability.effects)))
    elif isinstance(e, Repeat | WithX):
        e = dataclasses.replace(e, effects=walk(e.effects))
    return e, found


def parse_effect_text(text: str, ctx: Ctx) -> tuple[Effect, ...] | None:
    """Parse a clause that may start with "you may" (optional, rule 608.2d)."""
    t = text.strip().rstrip(".").strip()
    for rx, dur in _DURATION_PREFIX:  # "If you do, until end of turn, creatures ... assign"
        pm = rx.match(t)
        if pm and '"' not in t:
            inner = parse_effect_text(t[pm.end():], ctx)
            timed = _with_duration(inner, dur) if inner is not None else None
            if timed is not None:
                return timed
    m = re.match(r"^(.+?),? where X is (.+)$", t, re.I) if '"' not in t else None
    if m and not re.search(r",? then ", m.group(2), re.I):
        # "If you do, attacking creatures get +X/+X until end of turn, where X is ..." (107.3)
        inner = parse_effect_text(m.group(1), ctx)
        if inner is None or any(isinstance(e, UnsupportedEffect) for e in iter_effects(inner)):
            return None
        return (WithX(x=Amount(variable="X", text=m.group(2)), effects=inner, text=t),)
    m = re.match(r"^you may (.+)$", t, re.I)
    if m:
        inner = parse_clause(m.group(1), ctx)
        if inner is None:
            return None
        if isinstance(inner[0], CastPermission | PlayPermission | ExtraLandPlays) or (
                isinstance(inner[0], CastWithoutPaying) and inner[0].any_mana):
            # "You may cast ... as though they had flash" grants a permission (rule 601.3b),
            # "you may play an additional land this turn" too (305.2a); it is not an optional
            # action taken on resolution.
            return inner
        return (MayEffect(effects=inner, text=t),)
    return parse_clause(t, ctx)


def _modal(text: str, ctx: Ctx) -> Effect | None:
    head, *bullets = text.split("\n")
    rep = re.search(r"\.\s*you may choose the same mode more than once\.?\s*(?:—\s*)?$", head,
                    re.I)
    if rep is not None:
        # rule 700.2d: the same mode may be chosen more than once
        inner = _modal(head[: rep.start()] + " —\n" + "\n".join(bullets), ctx)
        return dataclasses.replace(inner, repeatable=True) if isinstance(inner, Modal) else None
    um = re.fullmatch(r"choose one that hasn't been chosen( this turn)?\s*—", head.strip(), re.I)
    if um:
        # 700.2: the modes chosen earlier (this turn) for this object are not available
        inner = _modal("Choose one —\n" + "\n".join(bullets), ctx)
        kind = ModalUnchosen if um.group(1) else ModalUnchosenEver
        return kind(**{f.name: text if f.name == "text" else getattr(inner, f.name)
                                for f in dataclasses.fields(inner)}) if isinstance(
            inner, Modal) else None
    m = re.fullmatch(r"(?:choose )?(one|two|three|four|five|up to one|up to two|up to three|"
                     r"up to four|up to five|one or more|"
                     r"one or both|any number)\s*(?:—|\.\s*if (.+?)(?: as you cast ~)?, "
                     r"(?P<may>you may )?choose (both|two|three|any number|one or more)"
                     r"(?: instead)?\.?\s*—?)",
                     head.strip().lower())
    if not m or not bullets:
        return None
    if m.group(2):
        # "Choose one. If <condition>, you may choose both instead." (rule 700.2): the number of
        # modes depends on a condition checked as the mode is chosen.
        cond = parse_condition(m.group(2), ctx)
        if cond is None:
            return None
        base = _modal(f"Choose {m.group(1)} —\n" + "\n".join(bullets), ctx)
        if not isinstance(base, Modal) or isinstance(base, ModalUnchosen):
            return None
        n = len(base.modes)
        may = bool(m.group(3))
        more_min, more_max = {"both": (1 if may else 2, 2), "two": (1 if may else 2, 2),
                              "three": (1 if may else 3, 3), "any number": (0, n),
                              "one or more": (1, n)}[m.group(4)]
        return ModalIf(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)
                          if f.name != "text"}, condition=cond, more_min=more_min,
                       more_max=more_max, text=text)
    spec = m.group(1)
    lo, hi = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "four": (4, 4), "five": (5, 5),
              "up to one": (0, 1), "up to two": (0, 2), "up to three": (0, 3),
              "up to four": (0, 4), "up to five": (0, 5), "one or more": (1, len(bullets)),
              "one or both": (1, 2), "any number": (0, len(bullets))}[spec]
    modes = []
    for b in bullets:
        body = b.lstrip("• ").strip()
        # a flavor word naming the mode ("• Smash It — Destroy target artifact."): no rules
        # meaning (rule 207.2c)
        body = re.sub(r"^[A-Z][\w' ,!-]{0,40}? — (?=\S)", "", body)
        effs = parse_effects(body, ctx)
        modes.append(effs)
    return Modal(modes=tuple(modes), min_choices=lo, max_choices=hi, text=text)


_ROLL_RE = re.compile(r"^(?P<before>.*?)(?:roll|rolls) an? d(?P<sides>\d+)(?: and (?P<op>add|"
                      r"subtract) (?P<mod>[^.]+?))?\.\s*$", re.I | re.S)
_ROW_RE = re.compile(r"^(?P<lo>\d+)(?:—(?P<hi>\d+)|(?P<plus>\+))? \| (?P<body>.+)$")


def _roll_table(text: str, ctx: Ctx) -> tuple[Effect, ...] | None:
    """"Roll a d20." followed by "1—9 | ..." rows (rule 706.3)."""
    head, *rows = text.split("\n")
    m = _ROLL_RE.match(head.strip())
    if m is None or not rows:
        return None
    results = []
    for row in rows:
        rm = _ROW_RE.match(row.strip())
        if rm is None:
            return None
        lo = int(rm.group("lo"))
        hi = None if rm.group("plus") else int(rm.group("hi") or lo)
        results.append((lo, hi, parse_effects(rm.group("body"), ctx)))
    # "Choose target creature, then roll a d20.": the instruction before the roll
    head = re.sub(r",?\s*then\s*$", "", m.group("before").strip(), flags=re.I)
    before = parse_effects(head, ctx) if head else ()
    if m.group("mod"):  # 706.2: "and add the total mana value of those cards"
        return before + (RollDieModified(sides=int(m.group("sides")), results=tuple(results),
                                         modifier=Amount(text=m.group("mod")),
                                         subtract=m.group("op").lower() == "subtract",
                                         text=text),)
    return before + (RollDie(sides=int(m.group("sides")), results=tuple(results), text=text),)


# The longest text the effect grammar attempts (one paragraph, a room's or a mode's body). Why a
# limit: compound splitting tries every ", " / " and " split point and every verb pattern on each
# part, so the work grows with the cube of the length in the worst case ("Target creature gets
# +1/+1, " 80 times took 18 s, a 4,900-character dungeon room 9 minutes); the longest printed
# paragraph (of the 2,281 shared cards) has 386 characters.
MAX_PARAGRAPH_CHARS = 600


def parse_effects(text: str, ctx: Ctx) -> tuple[Effect, ...]:
    """Parse an effect paragraph into effects; each sentence not understood is kept as an
    :class:`UnsupportedEffect` (never dropped); a text over :data:`MAX_PARAGRAPH_CHARS` is one
    UnsupportedEffect, unread."""
    t = text.strip()
    if len(t) > MAX_PARAGRAPH_CHARS:
        return (UnsupportedEffect(text=t),)
    if " | " in t and "\n" in t:
        rolled = _roll_table(t, ctx)
        if rolled is not None:
            return rolled
    if "\n" in t or re.match(r"^choose (?:one|two|three|up to \w+|one or \w+|any number)\s*"
                              r"(?:—|\.|$)", t, re.I):  # (not "Choose up to three target ...")
        m = re.match(r"^(.*?)(choose [^\n]*\n•.*)$", t, re.I | re.S)
        if m:
            effects: list[Effect] = []
            head = m.group(1).strip()
            when = re.search(r"(?:^|(?<=\.)\s*)when you do,?$", head, re.I)
            if when:  # "... When you do, choose one —" (603.12: the modes are its effect)
                head = head[: when.start()].strip()
            if head:
                effects.extend(parse_effects(head, ctx))
            modal = _modal(m.group(2)[0].upper() + m.group(2)[1:], ctx)
            if modal is not None and when:
                return tuple(effects) if attach_when_you_do(effects, (modal,), t) else (
                    UnsupportedEffect(text=t),)
            if modal is not None:
                effects.append(modal)
                return tuple(effects)
        return (UnsupportedEffect(text=t),)
    effects = []
    for s in sentences(t):
        if not _apply_sentence(s, ctx, effects):
            effects.append(UnsupportedEffect(text=s))
        else:
            _fold_toggle(effects)
    return tuple(effects)


__all__ = ["parse_effects", "parse_clause", "parse_effect_text", "parse_token", "singular"]

