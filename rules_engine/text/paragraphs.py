"""One ability paragraph -> one or more abilities (rule 113.3 categories).

Order of recognition, most specific first: keyword line (rule 702), activated ability
"[Cost]: [Effect]" (rule 602.1; loyalty [+1] included, rule 606), labelled paragraphs (ability
words and flavor words before an em dash, rule 207.2c), triggered ability "When/Whenever/At"
(rule 603.1), enters replacements (rule 614.1c-d), static abilities (rule 604), and for
instants/sorceries spell text (rule 113.3a). Anything else is :class:`Unsupported`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from rules_engine.abilities import (
    Ability,
    ActivatedAbility,
    AdditionalCost,
    AddMana,
    Amount,
    Animate,
    BecomePrepared,
    CastPermission,
    Condition,
    CostModifier,
    EnterAsCopy,
    EntersReplacement,
    GainControl,
    GrantAbility,
    KeywordAction,
    LoseAbility,
    MayEffect,
    Modal,
    ModifyPT,
    ObjectFilter,
    PlayPermission,
    PreventDamage,
    PutCounters,
    Ref,
    Repeat,
    ReplacementEffect,
    Restriction,
    SetBasePT,
    SetTypes,
    Skip,
    SpellAbility,
    StaticAbility,
    Trigger,
    TriggeredAbility,
    Unsupported,
    UnsupportedEffect,
    WithX,
    iter_effects,
    targets_of,
)
from rules_engine.records import ActivationCostChange, IsChosen, RemoveTypes
from rules_engine.text import effects as fx
from rules_engine.text import hooks, tail_phrases
from rules_engine.text.alt_costs import parse_alternative_cost
from rules_engine.text.conditions import parse_condition
from rules_engine.text.copy_except import copy_exceptions
from rules_engine.text.costs import parse_cost, parse_cost_choice
from rules_engine.text.infinity import infinity_ability
from rules_engine.text.keywords import parse_keyword, parse_keyword_line
from rules_engine.text.normalize import sentences
from rules_engine.text.nouns import Ctx, amount, parse_filter, parse_ref
from rules_engine.text.replacements import damage_to_self, static_replacement
from rules_engine.text.statics_phrases import activation_cost_change, static_more
from rules_engine.text.triggers import parse_trigger
from rules_engine.text.triggers_more import trigger_during
from rules_engine.text.triggers_tail import dont_control
from rules_engine.text.verbs_decks import trigger_amount_rest

_ACTIVATION = [
    (re.compile(r"^activate only as a sorcery$", re.I), "sorcery"),
    (re.compile(r"^activate only as an instant$", re.I), "instant"),
    (re.compile(r"^activate only during your turn$", re.I), "your_turn"),
    (re.compile(r"^activate only once each turn$", re.I), "once"),
    (re.compile(r"^activate only during your turn and only once each turn$", re.I), "both"),
    (re.compile(r"^activate only as a sorcery and only once each turn$", re.I), "sorcery_once"),
    (re.compile(r"^activate only during your upkeep$", re.I), "upkeep"),
    (re.compile(r"^activate no more than twice each turn$", re.I), "twice"),
    (re.compile(r"^activate no more than three times each turn$", re.I), "thrice"),
    (re.compile(r"^any player may activate this ability$", re.I), "any_player"),
    (re.compile(r"^activate only once$", re.I), "once_ever"),
    (re.compile(r"^activate only as a sorcery and only once$", re.I), "sorcery_once_ever"),
]
_LABEL_RE = re.compile(r"^(?P<label>(?:[A-Z]|\d[\d,]* [A-Z])[^—:.\"]{0,40}?) — (?P<body>.+)$", re.S)
_ACT_RE = re.compile(r"^(?P<cost>[^:\"]+?):\s+(?P<effect>.+)$", re.S)


def _activation_pieces(body: str) -> list[str]:
    """"Activate only as a sorcery and only if ...", "Activate only during X, only if Y, and
    only once each turn": one restriction per piece (rule 602.5b), each read on its own."""
    m = re.match(r"^activate only (.+)$", body, re.I)
    if m is None:
        return [body]
    parts = [p.strip(" ,") for p in re.split(r",? (?:and )?only ", m.group(1))]
    if len(parts) < 2:
        return [body]
    return ["activate only " + p for p in parts]


# 602.5b timing restrictions that are conditions on the turn's steps, not a speed
_TIMING_CONDITIONS = (
    (re.compile(r"^activate only during your turn,? before attackers are declared$", re.I),
     "your_turn_before_attackers"),
    (re.compile(r"^activate only before attackers are declared$", re.I), "before_attackers"),
    (re.compile(r"^activate only during combat$", re.I), "during_combat"),
    (re.compile(r"^activate only before the combat damage step$", re.I),
     "before_combat_damage"),
    (re.compile(r"^activate only before the end of combat step$", re.I), "before_end_of_combat"),
)


def _timing_condition(body: str) -> Condition | None:
    """"Activate only before attackers are declared", "... during combat" (602.5b): a
    condition on where the turn is (rules_engine.conditions)."""
    for rx, kind in _TIMING_CONDITIONS:
        if rx.match(body):
            return Condition(kind, text=body[len("activate only "):])
    return None


def _activated(cost_text: str, effect_text: str, label: str | None, text: str) -> Ability | None:
    cost = parse_cost(cost_text)
    if cost is None:
        return None
    ctx = Ctx()
    timing = None
    only_your_turn = False
    max_per_turn = None
    condition = None
    only_step = None
    any_player = False
    max_per_game = None
    kept: list[str] = []
    def restriction(body: str) -> bool:
        """Apply one activation restriction (rule 602.5b); False when not understood."""
        nonlocal timing, only_your_turn, max_per_turn, condition, only_step, any_player, \
            max_per_game
        for rx, kind in _ACTIVATION:
            if rx.match(body):
                if kind in ("sorcery", "instant", "sorcery_once"):
                    timing = "sorcery" if kind.startswith("sorcery") else "instant"
                if kind in ("your_turn", "both"):
                    only_your_turn = True
                if kind in ("once", "both", "sorcery_once"):
                    max_per_turn = 1
                if kind in ("twice", "thrice"):
                    max_per_turn = 2 if kind == "twice" else 3
                if kind == "upkeep":
                    only_step = "upkeep"
                    only_your_turn = True
                if kind == "any_player":
                    any_player = True
                if kind in ("once_ever", "sorcery_once_ever"):
                    max_per_game = 1  # 602.5b: once per object, for as long as it exists
                if kind == "sorcery_once_ever":
                    timing = "sorcery"
                return True
        m = re.match(r"^activate only if (.+)$", body, re.I)
        parsed = parse_condition(m.group(1), ctx) if m else _timing_condition(body)
        during = None if m or parsed is not None else re.match(
            r"^activate only (?:during (.+)|(before combat))$", body, re.I)
        if during:  # "Activate only during an opponent's turn": "if it's an opponent's turn"
            parsed = parse_condition("it's " + (during.group(1) or during.group(2)), ctx)
        if parsed is not None and parsed.kind == "your_turn_before_attackers":
            only_your_turn = True
            parsed = Condition("before_attackers", text="before attackers are declared")
        if parsed is None:
            return False  # an unknown restriction stays in the text, surfacing as unsupported
        condition = parsed if condition is None else Condition(
            "and", parts=(condition, parsed), text=f"{condition.text} and {parsed.text}")
        return True

    changes: list[ActivationCostChange] = []  # 602.2b (text.statics_phrases)
    head, table = effect_text, ""
    if "\n" in effect_text and " | " in effect_text:
        # a die's results table (706.3b: part of the one ability): kept as lines after the
        # sentences, whose activation restrictions are read as usual
        head, _, table = effect_text.partition("\n")
    for s in sentences(head):
        change = activation_cost_change(s, _cost_modifier)
        if change is not None:
            changes.append(change)
            continue
        pieces = _activation_pieces(s.rstrip(".").strip())
        if not all([restriction(body) for body in pieces]):
            kept.append(s)
    effects = (fx.parse_effects(" ".join(kept) + ("\n" + table if table else ""), ctx)
               + tuple(changes))
    loyalty = any(p.kind == "loyalty" for p in cost.parts)
    ability = ActivatedAbility(cost=cost, effects=effects, timing=timing,
                               only_your_turn=only_your_turn, max_per_turn=max_per_turn,
                               condition=condition, loyalty=loyalty, label=label, text=text,
                               only_step=only_step, any_player=any_player,
                               max_per_game=max_per_game)
    # Rule 605.1a: no target, could add mana, not a loyalty ability.
    adds_mana = any(isinstance(e, AddMana) for e in iter_effects(effects))
    if adds_mana and not loyalty and not targets_of(ability):
        ability = dataclasses.replace(ability, is_mana_ability=True)
    return ability


def parse_triggered(text: str, ctx: Ctx | None = None, label: str | None = None,
                    whole: str | None = None) -> TriggeredAbility | None:
    """Parse "When/Whenever/At ... , [if ...,] effect" (rule 603.1, intervening if 603.4)."""
    ctx = ctx if ctx is not None else Ctx()
    t = text.strip()
    m = re.match(r"^(when|whenever|at)\s+(.+)$", t, re.I | re.S)
    if not m:
        return None
    body = m.group(2)
    if m.group(1).lower() == "at":
        bm = re.match(r"^(?:the beginning of\s+)(.+)$", body, re.I | re.S)
        if bm:
            body = bm.group(1)
    trigger = None
    rest = ""
    while_cond: Condition | None = None
    for cm in re.finditer(r",\s*", body):
        trig = parse_trigger(body[: cm.start()], ctx)
        if trig is None:
            trig, while_cond = _trigger_while(body[: cm.start()], ctx)
        if trig is not None:
            trigger, rest = trig, body[cm.end():]
            break
    if trigger is None:
        return None
    rest = trigger_amount_rest(trigger.text, rest)  # "create that many" (text/verbs_decks.py)
    condition = None
    effects = None
    ctx.once_each_turn = False
    im = re.match(r"^if (.+)$", rest, re.I | re.S)
    if im and re.search(r"(?:^|\. )Otherwise,", rest):
        # "if X, A. Otherwise, B." does something either way: an ordinary conditional in the
        # effect, not an intervening if (rule 603.4 needs the ability to do nothing otherwise).
        im = None
    if im:
        # Intervening if (rule 603.4): prefer the comma after which the effect fully parses.
        first: tuple | None = None
        for cm in re.finditer(r",\s*", im.group(1)):
            mark = ctx.mark()
            cond = parse_condition(im.group(1)[: cm.start()], ctx)
            if cond is None:
                continue
            effs = fx.parse_effects(im.group(1)[cm.end():], ctx)
            if not any(isinstance(e, UnsupportedEffect) for e in iter_effects(effs)):
                condition, effects = cond, effs
                break
            if first is None:
                first = (cond, im.group(1)[cm.end():])
            ctx.reset(mark)
        else:
            if first is None:
                return TriggeredAbility(trigger=trigger, effects=(UnsupportedEffect(text=rest),),
                                        label=label, text=whole or t)
            ctx.once_each_turn = False
            condition = first[0]
            effects = fx.parse_effects(first[1], ctx)
    if effects is None:
        effects = fx.parse_effects(rest, ctx)
    optional = len(effects) == 1 and isinstance(effects[0], MayEffect)  # rule 603.5
    if while_cond is not None:
        condition = while_cond if condition is None else Condition(
            "and", parts=(while_cond, condition), text=f"{while_cond.text} and {condition.text}")
    return TriggeredAbility(trigger=trigger, condition=condition, effects=effects,
                            once_each_turn=ctx.once_each_turn, optional=optional, label=label,
                            text=whole or t)


def _trigger_while(text: str, ctx: Ctx) -> tuple[Trigger | None, Condition | None]:
    """"Whenever ~ attacks while saddled" (rule 702.171c), "... while you're the monarch": a
    trigger event that counts only while a state holds. Compiled as the event plus a condition
    on the ability, checked when it triggers (and again on resolution, rule 603.4: the states
    used here last at least until the ability resolves in ordinary play)."""
    m = re.fullmatch(r"(.+?) while (.+)", text.strip(), re.I)
    if m is None:  # "Whenever you lose life during your turn" (text/triggers_more.py)
        return trigger_during(text, ctx, parse_trigger, parse_condition)
    trig = parse_trigger(m.group(1), ctx)
    if trig is None:
        return None, None
    state = m.group(2)
    subj = "~" if (trig.subject is not None and trig.subject.kind == "self") else None
    cond = parse_condition(state, ctx)
    if cond is None and subj is not None:
        cond = parse_condition(f"{subj} is {state}", ctx)
    if cond is None:  # "while you don't control another Dinosaur" (text/triggers_tail.py)
        cond = dont_control(state, ctx, parse_condition)
    return (trig, cond) if cond is not None else (None, None)


def _delayed_trigger(text: str, ctx: Ctx) -> TriggeredAbility | None:
    t = text.strip().rstrip(".")
    m = re.match(r"^when you (?:next cast|cast your next) (an? .+?|.+? spell) this turn, (.+)$",
                 t, re.I)
    if m:
        flt = parse_filter(re.sub(r"^an? ", "", m.group(1)))
        if flt is None:
            return None
        effects = fx.parse_effects(m.group(2) + ".", ctx)
        return TriggeredAbility(trigger=Trigger("cast", player="you", filter=flt,
                                                detail="next_this_turn", text=m.group(1)),
                                effects=effects, text=text)
    return parse_triggered(text, ctx)


def _enters(text: str) -> Ability | tuple[Ability, ...] | None:
    """"~ enters tapped/prepared/with counters", "If it's neither day nor night, it becomes day
    as ~ enters" (rule 614.1c-d, 731.2a), "As ~ transforms into ~, ..."."""
    t = text.strip().rstrip(".")
    t = re.sub(r" on (?:him|her)\b", " on it", t)  # a character's pronoun (Leatherhead)
    t = re.sub(r"(?:^|(?<=, ))(?:he|she) enters\b", "~ enters", t)  # (Scarlet Spider)
    ctx = Ctx()
    parts = re.split(r"\.\s+(?=[A-Z~])", t)
    if len(parts) > 1 and '"' not in t:
        # "~ enters tapped. As it enters, choose a color.": each sentence its own replacement
        # (614.1c, 614.12), read one by one
        found = [_enters(p) for p in parts]
        if all(f is not None for f in found):
            return tuple(a for f in found for a in (f if isinstance(f, tuple) else (f,)))
    m = re.fullmatch(r"~ enters (tapped|prepared)(?: and (tapped|prepared))?", t, re.I)
    if m:
        out = []
        for kind in (k.lower() for k in m.groups() if k):
            effects = (BecomePrepared(subject=Ref("self"), text=t),) if kind == "prepared" else ()
            out.append(EntersReplacement(kind=kind, effects=effects, text=text))
        return tuple(out)
    if re.fullmatch(r"~ enters under the control of an opponent of your choice", t, re.I):
        return EntersReplacement(kind="under_opponent", text=text)  # 614.1d
    m = re.fullmatch(r"~ enters with twice X (\S+) counters on it", t, re.I)
    if m:  # "~ enters with twice X +1/+1 counters on it" (614.1c, 107.3: X of its cost)
        put = PutCounters(subject=Ref("self"), counter=m.group(1), amount=Amount(variable="X"),
                          text=t)
        return EntersReplacement(kind="counters", effects=(Repeat(count=Amount(2), effects=(
            put,), text=t),), text=text)
    m = re.fullmatch(r"~ enters tapped (?:and )?(with .+)", t, re.I)
    if m:  # "~ enters tapped with two charge counters on it" (614.1c: two replacements)
        counters = _enters("~ enters " + m.group(1))
        if isinstance(counters, EntersReplacement):
            return (EntersReplacement(kind="tapped", text=text), counters)
    m = re.fullmatch(r"if (.+?), ~ enters tapped", t, re.I)
    if m:
        cond = parse_condition(m.group(1), ctx)
        if cond is not None:
            return EntersReplacement(kind="tapped", condition=cond, text=text)
    m = re.fullmatch(r"~ enters tapped if (.+)", t, re.I)
    if m:  # "~ enters tapped if it's not your turn" (the condition after the replacement)
        cond = parse_condition(m.group(1), ctx)
        if cond is not None:
            return EntersReplacement(kind="tapped", condition=cond, text=text)
    m = re.fullmatch(r"~ enters tapped unless (.+)", t, re.I)
    if m:
        cond = parse_condition(m.group(1), ctx)
        if cond is not None:
            return EntersReplacement(kind="tapped", condition=dataclasses.replace(
                cond, negated=not cond.negated), text=text)
    m = re.fullmatch(r"~ enters with (?:X|a number of) (?:additional )?(\S+) counters on it(?:, "
                     r"where X is| equal to) ([^.]+)", t, re.I)
    if m:
        # (one sentence: a second one, "If X is 2 or less, it enters tapped", is not the amount)
        # "~ enters with X +1/+1 counters on it, where X is ...", "... a number of stun
        # counters on it equal to ..." (rule 614.1c, X defined by the text, 107.3c)
        if " where X is" in t:
            put = PutCounters(subject=Ref("self"), counter=m.group(1),
                              amount=Amount(variable="X"), text=t)
            effects: tuple = (WithX(x=Amount(variable="X", text=m.group(2)), effects=(put,),
                                    text=t),)
        else:
            effects = (PutCounters(subject=Ref("self"), counter=m.group(1),
                                   amount=Amount(text="equal to " + m.group(2)), text=t),)
        return EntersReplacement(kind="counters", effects=effects, text=text)
    m = re.fullmatch(r"if (.+?), (?:~|it) enters with (.+)", t, re.I)
    if m:  # "If ~ was kicked, it enters with two +1/+1 counters on it" (614.1c, 702.33d)
        cond = parse_condition(m.group(1), ctx)
        inner = _enters("~ enters with " + m.group(2))
        if cond is not None and isinstance(inner, EntersReplacement) and inner.condition is None:
            return dataclasses.replace(inner, condition=cond, text=text)
    m = re.fullmatch(r"~ enters with (\w+) (?:additional )?(\S+) counters? on it and with "
                     r"([a-z ]+)", t, re.I)
    if m:  # "it enters with two +1/+1 counters on it and with flying" (614.1c: both as it enters)
        amt = amount(m.group(1))
        grant = fx.parse_clause(f"~ gains {m.group(3)}", Ctx())
        if amt is not None and grant is not None and len(grant) == 1 and \
                isinstance(grant[0], GrantAbility) and grant[0].duration is None:
            return EntersReplacement(kind="counters", effects=(
                PutCounters(subject=Ref("self"), counter=m.group(2), amount=amt, text=t),
                grant[0]), text=text)
    m = re.fullmatch(r"~ enters with (\w+) (?:additional )?(\S+) counters? on it"
                     r"(?: for each (.+))?", t, re.I)
    if m:
        amt = amount(m.group(1))
        if amt is None:
            return None
        put = PutCounters(subject=Ref("self"), counter=m.group(2), amount=amt, text=t)
        effects = (put,)
        if m.group(3):
            effects = (Repeat(count=Amount(text="for each " + m.group(3)), effects=(put,),
                              text=t),)
        return EntersReplacement(kind="counters", effects=effects, text=text)
    m = re.fullmatch(r"if (.+?), (.+) as ~ enters", t, re.I)
    if m:
        cond = parse_condition(m.group(1), ctx)
        effs = fx.parse_clause(m.group(2), ctx)
        if cond is not None and effs is not None:
            return EntersReplacement(kind="as_enters", condition=cond, effects=effs, text=text)
    m = re.fullmatch(r"as (?:~|it) (enters|transforms into ~|is turned face up|enters or is turned "
                     r"face up), (.+)", t, re.I)
    if m:
        effs = fx.parse_effects(m.group(2) + ".", ctx)
        # 708.11: "As ~ is turned face up" applies while it turns (mechanics/face_down.py)
        kind = {"enters": "as_enters", "is turned face up": "as_turned_face_up",
                "enters or is turned face up": "as_enters_or_turned_face_up"}.get(
            m.group(1).lower(), "as_transforms")
        return EntersReplacement(kind=kind, effects=effs, text=text)
    m = re.fullmatch(r"you may have ~ enter as a copy of (?:any|an?) (?P<what>.+?)"
                     r"(?:, except (?P<except>.+))?", t, re.I)
    if m:
        flt = parse_filter(re.sub(r" on the battlefield\b", "", m.group("what")))
        if flt is not None:
            copy = EnterAsCopy(filter=flt, except_text=m.group("except"), text=t)
            if m.group("except"):  # 707.9b exceptions read into fields when understood
                copy = copy_exceptions(flt, m.group("except"), t) or copy
            return EntersReplacement(kind="as_enters", effects=(MayEffect(
                effects=(copy,), text=t),), text=text)
    m = re.fullmatch(r"(.+?) enters? with an additional (\S+) counter on (?:it|them)", t, re.I)
    if m:
        subj = parse_ref(m.group(1), ctx)
        if subj is not None:
            return EntersReplacement(kind="counters", subject=subj, effects=(PutCounters(
                subject=Ref("it"), counter=m.group(2), amount=Amount(1), text=t),), text=text)
    return None


_STATIC_OK = (ModifyPT, GrantAbility, Restriction, ReplacementEffect, CostModifier,
              CastPermission, Skip, PreventDamage, PlayPermission, LoseAbility, SetBasePT,
              Animate, SetTypes, IsChosen, GainControl, RemoveTypes)
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}


_DAMAGE_PLUS = re.compile(
    r"if an? (?P<src>(?:(?:white|blue|black|red|green|artifact|creature)(?: or | ))*)source you "
    r"control would deal (?P<nc>noncombat )?damage to (?P<to>an opponent or a permanent an "
    r"opponent controls|an opponent), it deals that much damage plus (?P<n>\w+) instead", re.I)


def _damage_plus(t: str) -> Ability | None:
    """"If a [red] source you control would deal [noncombat] damage to an opponent [or a
    permanent an opponent controls], it deals that much damage plus 2 instead" (614.1a, 120.3):
    a static replacement, kept as a Restriction of kind "damage_plus" whose filter qualifiers
    carry the amount ("plus:N"), "noncombat", the recipients ("to:opponent" or
    "to:opponent_or_permanent") and the source's colours or types ("src:red")."""
    m = _DAMAGE_PLUS.fullmatch(t)
    n = amount(m.group("n")) if m else None
    if m is None or n is None or n.value is None:
        return None
    quals = [f"plus:{n.value}", "to:" + ("opponent" if m.group("to").lower() == "an opponent"
                                         else "opponent_or_permanent")]
    if m.group("nc"):
        quals.append("noncombat")
    quals += [f"src:{w.lower()}" for w in re.split(r"\s+or\s+|\s+", m.group("src").strip()) if w]
    return StaticAbility(effects=(Restriction(kind="damage_plus", subject=Ref("you"),
                                              filter=ObjectFilter(qualifiers=tuple(quals)),
                                              text=t),), text=t)


def _no_unsupported(effects: Any) -> Any:
    """The effects when every part was understood, else None."""
    if not effects or any(isinstance(e, UnsupportedEffect) for e in iter_effects(effects)):
        return None
    return effects


def _static(text: str) -> Ability | None:
    """Static abilities (rule 604): anthems, keyword grants, cost changes, restrictions."""
    t = re.sub(r"\.\"$", "\"", text.strip()).rstrip(".")
    rep = static_replacement(t)  # "If you would gain life, ... instead" (614.1a)
    if rep is None and "damage" in t and " would " in t:
        ctx0 = Ctx()
        rep = damage_to_self(t, lambda s: _no_unsupported(fx.parse_effects(s, ctx0)),
                             lambda s: parse_condition(s, ctx0))
    if rep is not None:
        return rep
    if "that much damage plus" in t:
        return _damage_plus(t)
    ctx = Ctx()
    condition = None
    t = re.sub(r"^during turns other than yours, ", "during an opponent's turn, ", t,
               flags=re.I)  # (two players: the other turns are the opponent's)
    late = re.fullmatch(r"(~ (?:has|gets) [^,]+?) during (your|each opponent's) turn", t, re.I)
    if late:  # "~ has first strike during your turn": the same as "During your turn, ~ ..."
        t = f"during {late.group(2)} turn, {late.group(1)}"
    late = re.fullmatch(r"(~ can't be blocked) if (?:her|his|its) (.+)", t, re.I)
    if late:  # "~ can't be blocked if her power is 1 or less" (611.3a: while it holds)
        t = f"as long as its {late.group(2)}, {late.group(1)}"
    m = re.match(r"^during (your|an opponent's|each opponent's) turn, (.+)$", t, re.I)
    if m:
        t = f"as long as it's {'your' if m.group(1).lower() == 'your' else 'not your'} turn, " \
            + m.group(2)
    m = re.match(r"^during (your|an opponent's|each opponent's) (upkeep|draw step|end step|"
                 r"precombat main phase|postcombat main phase), (.+)$", t, re.I)
    if m:
        # "During each opponent's end step, you may cast spells as though they had flash"
        whose = "your" if m.group(1).lower() == "your" else "an opponent's"
        t = f"as long as it's {whose} {m.group(2)}, {m.group(3)}"
    m = re.match(r"^as long as (.+?), (.+)$", t, re.I)
    if m:
        condition = parse_condition(m.group(1), ctx)
        if condition is None:
            return None
        t = m.group(2)
        if condition.kind == "paired":  # 702.95b: the two paired creatures
            t = re.sub(r"^(?:both creatures|each of those creatures)\b", "the paired creatures",
                       t, flags=re.I)
        m = re.match(r"^as long as (.+?), (.+)$", t, re.I)
        more = parse_condition(m.group(1), ctx) if m else None
        if m and more is not None:
            # "During your turn, as long as ~ has one or more loyalty counters on him, ...":
            # both conditions
            condition = Condition("and", parts=(condition, more), text=f"{condition.text} "
                                                                        f"and {more.text}")
            t = m.group(2)
        # a character's pronoun as the subject: "he's a 3/4 Ninja creature" (~ itself)
        t = re.sub(r"^(?:he|she)'s\b", "~ is", t, flags=re.I)
        t = re.sub(r"^(?:he|she)(?= is\b| has\b| gets\b)", "~", t, flags=re.I)
        t = re.sub(r"^it's\b", "it is", t, flags=re.I)  # "it's a creature in addition to ..."
    if condition is not None and condition.subject is not None:
        st = _static(t + ".")
        if isinstance(st, StaticAbility) and st.condition is None:
            # "As long as enchanted permanent is a creature, it gets +1/+0": "it" is the
            # condition's subject.
            effects = tuple(dataclasses.replace(e, subject=condition.subject)
                            if getattr(getattr(e, "subject", None), "kind", None) == "it" else e
                            for e in st.effects)
            return StaticAbility(effects=effects, condition=condition, text=text)
    m = re.match(r"^(~ can't be blocked|~ can't attack(?: or block)?|~ can't block|~ has "
                 r"[\w ,]+?) (if|unless) (.+)$", t, re.I)
    if m and condition is None:
        # "~ can't be blocked if you've committed a crime this turn", "~ can't attack or block
        # unless you have max speed": a static ability that applies while the condition holds
        # (604.1, 611.3a; "unless": while it doesn't)
        cond = parse_condition(m.group(3), ctx)
        inner = _static(m.group(1) + ".") if cond is not None else None
        if isinstance(inner, StaticAbility) and inner.condition is None:
            if m.group(2).lower() == "unless":
                cond = dataclasses.replace(cond, negated=not cond.negated)
            return StaticAbility(effects=inner.effects, condition=cond, text=text)
    m = re.match(r"^(.+?) as long as (.+)$", t, re.I)
    if m and condition is None:
        cond = parse_condition(m.group(2), ctx)
        if cond is not None:
            inner = _static(m.group(1) + ".")
            if isinstance(inner, StaticAbility) and inner.condition is None:
                return StaticAbility(effects=inner.effects, condition=cond, text=text)
    m = re.fullmatch(r"~'s (power|toughness|power and toughness) (?:is|are|are each) equal to (.+)",
                     t, re.I)
    both = re.fullmatch(r"~'s power is equal to (.+?) and its toughness is equal to (.+)", t,
                        re.I)
    if both:  # 604.3 (Tarmogoyf): "... and its toughness is equal to that number plus 1"
        power = both.group(1)
        tough = re.sub(r"^that number\b", power, both.group(2), flags=re.I)
        return StaticAbility(effects=(SetBasePT(
            subject=Ref("self"), power=Amount(text="equal to " + power),
            toughness=Amount(text="equal to " + tough), duration=None, text=t),),
            zone="all", text=text)
    if m:
        amt = Amount(text="equal to " + m.group(2))
        which = m.group(1).lower()
        return StaticAbility(effects=(SetBasePT(
            subject=Ref("self"), power=amt if "power" in which else None,
            toughness=amt if "toughness" in which else None, duration=None, text=t),),
            zone="all", text=text)
    cm = _cost_modifier(t, ctx)
    if cm is not None:
        return StaticAbility(effects=(cm,), condition=condition, text=text)
    extra = _triggers_additional_time(t)
    if extra is not None:
        return StaticAbility(effects=(extra,), condition=condition, text=text)
    m = re.fullmatch(r"(?:if (?P<a>.+?), )?you may cast ~ as though it had flash(?: if (?P<b>.+))?",
                     t, re.I)
    cond = parse_condition(m.group("a") or m.group("b") or "", ctx) if m and condition is None \
        and bool(m.group("a")) != bool(m.group("b")) and not re.search(r"\bpay\b|\bX\b|"
                                                                       r"additional cost",
                                                                       t) else None
    if cond is not None:
        # 601.3b: the card's own permission, while the condition holds as it would be cast
        return StaticAbility(effects=(CastPermission(kind="flash", filter=ObjectFilter(
            text="this spell"), text=t),), condition=cond, text=text)
    m = re.fullmatch(r"you may cast ~ as though it had flash if you pay (\{[^}]+\}(?:\{[^}]+\})*) "
                     r"more to cast it", t, re.I)
    if m:
        return StaticAbility(effects=(CastPermission(kind="flash", filter=ObjectFilter(
            text="this spell"), cost=parse_cost(m.group(1)), text=t),), condition=condition,
            text=text)
    flash = tail_phrases.flash_with_cleanup_sacrifice(t)
    if flash is not None:  # 601.3, 514.3a (text/tail_phrases.py)
        return StaticAbility(effects=flash, condition=condition, text=text)
    m = re.fullmatch(r"cast ~ only ((?:during|before|after|on) .+)", t, re.I)
    timing = tail_phrases.timing_condition(m.group(1)) if m and condition is None and \
        m.group(1).lower() not in ("during combat", "during your turn") else None
    if timing is not None:  # 601.3: when the spell may be cast (text/tail_phrases.py)
        return StaticAbility(effects=(Restriction(kind="cast_only_if", subject=Ref("self"),
                                                  text=t),), condition=timing, text=text)
    m = re.fullmatch(r"cast ~ only (during combat|during your turn|during an opponent's turn|"
                     r"before attackers are declared|during your upkeep)", t, re.I)
    if m:
        kind = "cast_only_" + re.sub(r"[^a-z]+", "_", m.group(1).lower()).strip("_")
        return StaticAbility(effects=(Restriction(kind=kind, subject=Ref("self"), text=t),),
                             text=text)
    if re.fullmatch(r"cast ~ only during the declare attackers step and only if you've been "
                    r"attacked this step", t, re.I):
        # 601.3 (Assassin's Blade): an opponent's declare attackers step, attacking you
        return StaticAbility(effects=(Restriction(kind="cast_only_if", subject=Ref("self"),
                                                  text=t),),
                             condition=Condition("attacked_this_step", text=t), text=text)
    m = re.fullmatch(r"cast ~ only if (.+)", t, re.I)
    if m and condition is None:
        # 601.3: "Cast this spell only if a creature died this turn": a condition on casting
        cond = parse_condition(m.group(1), ctx)
        if cond is not None:
            return StaticAbility(effects=(Restriction(kind="cast_only_if", subject=Ref("self"),
                                                      text=t),), condition=cond, text=text)
    m = re.fullmatch(r"you can't enter ~ unless you \"?venture into (\w+|~)\"?", t, re.I)
    if m:
        return StaticAbility(effects=(Restriction(kind="enter_only_by_venture_into",
                                                  subject=Ref("self"),
                                                  filter=ObjectFilter(text=m.group(1)),
                                                  text=t),), text=text)
    m = re.match(r"^(.+?) unless (.+)$", t, re.I)
    if m and condition is None:
        cond = parse_condition(m.group(2), ctx)
        if cond is not None:
            inner = _static(m.group(1) + ".")
            if isinstance(inner, StaticAbility) and inner.condition is None:
                return StaticAbility(effects=inner.effects,
                                     condition=dataclasses.replace(cond, negated=not cond.negated),
                                     text=text)
    wx = re.fullmatch(r"(.+?),? where X is (.+)", t, re.I)
    if wx:
        # "Other creatures you control get +X/+0, where X is your speed": X is defined by the
        # ability's own words (rule 107.3c), recomputed as the effect applies (611.3a)
        inner = _static(wx.group(1) + ".")
        if isinstance(inner, StaticAbility) and inner.zone is None:
            return StaticAbility(effects=(WithX(x=Amount(variable="X", text=wx.group(2)),
                                                effects=inner.effects, text=t),),
                                 condition=inner.condition or condition, text=text)
    effs = fx.parse_clause(t, ctx)
    if effs and all(_static_ok(e) for e in effs) and all(
            getattr(e, "duration", None) is None for e in effs):
        if any(targets_of(StaticAbility(effects=effs))):
            return None
        return StaticAbility(effects=effs, condition=condition, text=text)
    return None


def _static_ok(e) -> bool:
    """Effects a static ability may hold; "gets +1/+1 for each X" is a Repeat of a P/T change."""
    if isinstance(e, Repeat | WithX):
        return all(_static_ok(x) for x in e.effects)
    return isinstance(e, _STATIC_OK)


_CAUSES = {"entering the battlefield": "enters", "dying": "dies", "attacking": "attacks"}


def _triggers_additional_time(t: str) -> Restriction | None:
    """603.2d: "If a triggered ability of a Ninja creature you control triggers, that ability
    triggers an additional time", "If a permanent entering the battlefield causes a triggered
    ability of a permanent you control to trigger, ...", "Room abilities of dungeons you own
    trigger an additional time" (309.4c): a static Restriction of kind
    "triggers_additional_time[_<cause>]" whose subject is the permanents whose abilities
    trigger again and whose filter is what the causing event is about;
    "room_abilities_additional_time" for a player's dungeon rooms."""
    if re.fullmatch(r"room abilities of dungeons you own trigger an additional time", t, re.I):
        return Restriction(kind="room_abilities_additional_time", subject=Ref("you"), text=t)
    m = re.fullmatch(r"if (?:a triggered ability|an ability) of (?P<what>.+?) triggers, "
                     r"(?:that ability|it) triggers an additional time", t, re.I)
    cause = cause_flt = None
    if not m:
        # "If you casting or copying an instant or sorcery spell causes a triggered ability of
        # a permanent you control to trigger, ..."
        m = re.fullmatch(r"if you casting or copying (?P<cause>an? .+? spell) causes a triggered "
                         r"ability of (?P<what>.+?) to trigger, that ability triggers an "
                         r"additional time", t, re.I)
        if m:
            cause = "cast"
            cause_flt = parse_filter(re.sub(r"^an? ", "", m.group("cause"), flags=re.I))
            if cause_flt is None:
                return None
    if not m:
        m = re.fullmatch(r"if (?P<cause>an? .+?) (?P<ev>entering the battlefield|dying|"
                         r"attacking) (?:would cause|causes) a triggered ability of "
                         r"(?P<what>.+?) to trigger, that ability triggers an additional time",
                         t, re.I)
        if not m:
            return None
        cause = _CAUSES[m.group("ev").lower()]
        cause_flt = parse_filter(re.sub(r"^an? ", "", m.group("cause"), flags=re.I))
        if cause_flt is None:
            return None
    what = m.group("what")
    other = what.lower().startswith("another ")
    flt = parse_filter(re.sub(r"^(?:an?|another) ", "", what, flags=re.I))
    if flt is None or flt.controller != "you":
        return None
    if other:
        flt = dataclasses.replace(flt, other=True)
    kind = "triggers_additional_time" + (f"_{cause}" if cause else "")
    return Restriction(kind=kind, subject=Ref("each", filter=flt), filter=cause_flt, text=t)


def _cost_modifier(t: str, ctx: Ctx) -> CostModifier | None:
    m = re.fullmatch(r"(?P<what>.+?) (?:you cast )?costs? (?P<delta>\{[^}]+\}(?:\{[^}]+\})*) "
                     r"(?P<dir>less|more) to cast(?P<during> during your turn)?"
                     r"(?: if (?P<cond>.+?))?"
                     r"(?: for each (?P<each>.+?))?(?:, where X is (?P<x>.+))?", t, re.I)
    if not m:
        return None
    what = m.group("what")
    self_spell = what.lower() in ("~", "this spell")
    first = re.fullmatch(r"the (?P<ord>first|second) (?P<kind>(?:.+? )?spell(?: with [a-z ]+)?) "
                         r"you cast (?:each turn|during (?P<yours>each of your turns))", what,
                         re.I)
    if first and first.group("ord").lower() == "second" and first.group("kind") != "spell":
        return None  # (only "The second spell you cast each turn": every spell counts)
    flt = ObjectFilter(text="this spell") if self_spell else parse_filter(
        first.group("kind") if first else re.sub(r" you cast$", "", what))
    if flt is None:
        return None
    if first:
        # only the first spell of that kind each turn (targeting.FIRST_EACH_TURN)
        word = "first" if first.group("ord").lower() == "first" else "second"
        flt = dataclasses.replace(flt, controller="you",
                                  qualifiers=flt.qualifiers + (f"{word} you cast each turn",))
    cond = None
    if m.group("cond"):
        cond = parse_condition(m.group("cond"), ctx)
        if cond is None:
            return None
    elif m.group("during"):  # "~ costs {1} less to cast during your turn"
        cond = parse_condition("it's your turn", ctx)
    elif first and first.group("yours"):
        # "the first ... spell you cast during each of your turns": only on your turns
        cond = parse_condition("it's your turn", ctx)
    amt = Amount(text="X is " + m.group("x")) if m.group("x") else None
    if m.group("each"):
        amt = Amount(text="for each " + m.group("each"))
    return CostModifier(filter=flt, delta=m.group("delta"), increase=m.group("dir") == "more",
                        amount=amt, applies_to_self=self_spell, condition=cond, text=t)


def _additional_cost(text: str) -> Ability | None:
    m = re.fullmatch(r"as an additional cost to cast ~, (?P<opt>you may )?(?P<cost>.+?)\.?", text,
                     re.I)
    if not m:
        return None
    cost = parse_cost(m.group("cost"))
    if cost is None:
        choice = parse_cost_choice(m.group("cost"))
        if choice is None:
            return None
        return AdditionalCost(cost=choice[0], optional=bool(m.group("opt")), alternatives=choice,
                              text=text)
    return AdditionalCost(cost=cost, optional=bool(m.group("opt")), text=text)


_SPREE_MODE_RE = re.compile(r"^\+ (?P<cost>(?:\{[^}]+\})+) — (?P<body>.+)$")


def _spree(para: str) -> tuple[Ability, ...] | None:
    """"Spree" followed by "+ {cost} — effect" modes (rule 702.172a: choose one or more modes,
    paying each chosen mode's additional cost)."""
    head, *lines = para.split("\n")
    kws = parse_keyword_line(head)
    if kws is None or [k.name for k in kws] != ["spree"]:
        return None
    ctx = Ctx()
    modes, costs = [], []
    for line in lines:
        m = _SPREE_MODE_RE.match(line.strip())
        cost = parse_cost(m.group("cost")) if m else None
        if m is None or cost is None:
            return None
        modes.append(fx.parse_effects(m.group("body"), ctx))
        costs.append(cost)
    modal = Modal(modes=tuple(modes), min_choices=1, max_choices=len(modes),
                  mode_costs=tuple(costs), text="\n".join(lines))
    return kws + (SpellAbility(effects=(modal,), text="\n".join(lines)),)


_TIERED_MODE_RE = re.compile(r"^• (?:[^—]{1,40} — )?(?P<cost>(?:\{[^}]+\})+) — (?P<body>.+)$")


def _tiered(para: str) -> tuple[Ability, ...] | None:
    """"Tiered" followed by "• Name — {cost} — effect" modes (702.183a: "Choose one. As an
    additional cost to cast this spell, pay the cost associated with that mode"; the mode names
    are flavor words, 207.2d)."""
    head, *lines = para.split("\n")
    kws = parse_keyword_line(head)
    if kws is None or [k.name for k in kws] != ["tiered"] or not lines:
        return None
    ctx = Ctx()
    modes, costs = [], []
    for line in lines:
        m = _TIERED_MODE_RE.match(line.strip())
        cost = parse_cost(m.group("cost")) if m else None
        if m is None or cost is None:
            return None
        modes.append(fx.parse_effects(m.group("body"), ctx))
        costs.append(cost)
    modal = Modal(modes=tuple(modes), min_choices=1, max_choices=1,
                  mode_costs=tuple(costs), text="\n".join(lines))
    return kws + (SpellAbility(effects=(modal,), text="\n".join(lines)),)


def compile_quoted(text: str) -> tuple[Ability, ...]:
    """Compile a quoted ability granted by an effect (rule 113.10) as a permanent's paragraph."""
    return compile_paragraph(text, is_spell=False)


# (702.55c: "When the creature ~ haunts dies" on a haunt instant or sorcery works from exile)
_CARD_TRIGGER = re.compile(r"^when(?:ever)? (?:you (?:cycle|discard) (?:~|this card)(?!\w)|the "
                           r"creature (?:~|this card) haunts dies\b)", re.I)


MAX_PARAGRAPH_CHARS = fx.MAX_PARAGRAPH_CHARS  # the longest paragraph the grammar attempts


_DIFFERENCE = re.compile(r"(?P<head>\bif you have fewer than )(?P<n>\w+) cards in hand, "
                         r"(?P<verb>draw cards) equal to the difference", re.I)


_KEYWORD_SENTENCE = re.compile(r"^(?P<kw>[^.\n]+?)\.\s+(?P<rest>[A-Z~][^\n]*)$")


def compile_paragraph(text: str, *, is_spell: bool) -> tuple[Ability, ...]:
    """Compile one paragraph of canonical text (self-references already ``~``); a paragraph
    over :data:`MAX_PARAGRAPH_CHARS` is one Unsupported clause, unread."""
    para = text.strip()
    if not para:
        return ()
    if len(para) > MAX_PARAGRAPH_CHARS:
        return (Unsupported(text=para, reason=f"paragraph of {len(para):,} characters, over "
                            f"the {MAX_PARAGRAPH_CHARS} the grammar reads"),)
    if "the difference" in para:
        # "if you have fewer than four cards in hand, draw cards equal to the difference": the
        # difference is that number minus the cards in hand (107.1)
        para = _DIFFERENCE.sub(r"\g<head>\g<n> cards in hand, \g<verb> equal to \g<n> minus the "
                               r"number of cards in your hand", para)
    kws = parse_keyword_line(para)
    if kws is not None:
        return kws
    if "\n+ {" in para:
        spree = _spree(para)
        if spree is not None:
            return spree
    if para.lower().startswith("tiered\n"):
        tiered = _tiered(para)
        if tiered is not None:
            return tiered
    m = _ACT_RE.match(para)
    if m and "\n" not in m.group("cost"):
        ability = _activated(m.group("cost"), m.group("effect"), None, para)
        if ability is not None:
            return (ability,)
    inf = infinity_ability(para, lambda body: compile_paragraph(body, is_spell=is_spell))
    if inf is not None:  # 702.186b: "∞ — [Ability]" (rules_engine.text.infinity)
        return inf
    label = None
    body = para
    lm = _LABEL_RE.match(para)
    if lm and parse_keyword_line(para) is None and not lm.group("label").lower().startswith(
            ("choose", "ward", "escape", "equip")):
        label, body = lm.group("label").strip(), lm.group("body").strip()
        if label.lower() in ("to solve", "solved"):  # Case cards (719.3)
            return _case(label.lower(), body, compile_paragraph(body, is_spell=is_spell), para)
    # an instant or sorcery's own "When you cycle ~" is a triggered ability of the card (it
    # triggers from the graveyard it was discarded to, 702.29), not a delayed trigger
    chapter = label is not None and all(p.strip() in _ROMAN for p in label.split(","))
    if re.match(r"^(when|whenever|at)\b", body, re.I) and (not is_spell or _CARD_TRIGGER.match(
            body)) and not chapter:
        trig = parse_triggered(body, label=label, whole=para)
        if trig is not None:
            return (trig,)
        return (Unsupported(text=para, reason="trigger condition not understood"),)
    if chapter:
        # (a chapter whose effect is "Whenever ... this turn, ..." or "When you next ... this
        # turn, ...": a delayed triggered ability the chapter ability creates, 603.7, 714.2b)
        # Saga chapter abilities (rule 714.2b): "When one or more lore counters are put onto this
        # Saga, causing the number of lore counters on it to become N or more ..." (rule 714.2c)
        chapters = tuple(_ROMAN[p.strip()] for p in label.split(","))
        named = _LABEL_RE.match(body)
        if named and not named.group("label").lower().startswith(("choose", "when", "at ")):
            body = named.group("body").strip()  # "I — Stampede! — ...": a flavor word (207.2d)
        ctx = Ctx()
        trig = Trigger("chapter", ordinal=chapters[0], detail=",".join(map(str, chapters)),
                       text=label)
        return (TriggeredAbility(trigger=trig, effects=fx.parse_effects(body, ctx), label=label,
                                 text=para),)
    if label is not None:
        return _labelled(label, body, para, is_spell)
    add = _additional_cost(para) or parse_alternative_cost(para)  # 601.2f / 118.9
    if add is not None:
        return (add,)
    ent = _enters(para)
    if ent is not None:
        return ent if isinstance(ent, tuple) else (ent,)
    st = _static(para)
    if st is not None:
        return (st,)
    more = static_more(para, _enters, lambda body: compile_paragraph(body, is_spell=False),
                       _static)
    if more is not None:
        return more if isinstance(more, tuple) else (more,)
    lead = _KEYWORD_SENTENCE.match(para)
    if lead and parse_keyword_line(lead.group("kw")) is not None:
        # "Flashback {8}{G}{G}. This spell costs {X} less to cast this way, ...": a keyword
        # line ended by a period, the next sentence an ability of its own (702.1, 113.2c)
        return parse_keyword_line(lead.group("kw")) + compile_paragraph(lead.group("rest"),
                                                                         is_spell=is_spell)
    if is_spell:
        ctx = Ctx()
        return (SpellAbility(effects=fx.parse_effects(para, ctx), text=para),)
    return (Unsupported(text=para, reason="no ability form matched"),)


# Rule 207.2c: ability words have no rules meaning (flavor words likewise, rule 207.2d).
ABILITY_WORDS = frozenset("""adamant addendum alliance battalion bloodrush celebration channel
chroma cohort constellation converge coven delirium descend disappear domain eerie eminence
enrage fateful hour fathomless descent ferocious flurry formidable grandeur hellbent heroic imprint
infusion inspired join forces kinship landfall lieutenant magecraft metalcraft morbid pack tactics
paradox parley radiance raid rally renew revolt secret council spell mastery strive survival
sweep teamwork threshold undergrowth valiant void will of the council""".split())


def _labelled(label: str, body: str, para: str, is_spell: bool) -> tuple[Ability, ...]:
    """An ability preceded by "Label — ". Ability and flavor words only name the ability; the
    keyword-like labels with rules meaning are applied (max speed 702.178a, exhaust 702.177a);
    an unknown label that is a keyword stays Unsupported rather than be silently ignored."""
    low = label.lower()
    inner = compile_paragraph(body, is_spell=is_spell)
    if low == "max speed":
        # "As long as your speed is 4, this object has '[Ability]'."
        return (StaticAbility(effects=(GrantAbility(subject=Ref("self"), abilities=inner,
                                                    duration=None, text=body),),
                              condition=Condition("max_speed", text=label), text=para),)
    if low == "exhaust":
        return tuple(dataclasses.replace(a, max_per_game=1, label=label)
                     if isinstance(a, ActivatedAbility) else a for a in inner)
    if low == "boast":  # 702.142a: only if this creature attacked this turn, once each turn
        return tuple(dataclasses.replace(
            a, max_per_turn=1, label=label, condition=Condition(
                "self_attacked_this_turn", text="this creature attacked this turn"))
            if isinstance(a, ActivatedAbility) and a.condition is None else a for a in inner)
    if low.split()[0] not in ABILITY_WORDS and parse_keyword(label) is not None:
        return (Unsupported(text=para, reason=f"keyword label {label!r} not implemented"),)
    return tuple(_with_label(a, label) for a in inner)


_SOLVED = Condition("solved", text="this Case is solved")


def _case(low: str, body: str, inner: tuple[Ability, ...], para: str) -> tuple[Ability, ...]:
    """Case cards (719.3). "To solve — [condition]": "At the beginning of your end step, if
    [condition] and this Case is not solved, this Case becomes solved" (719.3a). "Solved —
    [ability]": the ability works only while the Case is solved (719.3c, 702.169)."""
    if low == "to solve":
        cond = parse_condition(body, Ctx())
        if cond is None:
            return (Unsupported(text=para, reason="solve condition not understood"),)
        unsolved = dataclasses.replace(_SOLVED, negated=True, text="this Case is not solved")
        return (TriggeredAbility(
            trigger=Trigger("phase", player="you", step="end", text="your end step"),
            condition=Condition("and", parts=(cond, unsolved), text=body),
            effects=(KeywordAction(name="become solved", subject=Ref("self"),
                                   text="this Case becomes solved"),),
            label="To solve", text=para),)
    out: list[Ability] = []
    for a in inner:
        if isinstance(a, StaticAbility | ActivatedAbility | TriggeredAbility):
            cond = _SOLVED if a.condition is None else Condition(
                "and", parts=(_SOLVED, a.condition), text=f"solved and {a.condition.text}")
            a = dataclasses.replace(a, condition=cond)
            if not isinstance(a, StaticAbility):
                a = dataclasses.replace(a, label="Solved")
        out.append(a)
    return tuple(out)


def _with_label(a: Ability, label: str) -> Ability:
    if isinstance(a, TriggeredAbility | ActivatedAbility):
        return dataclasses.replace(a, label=label)
    return a


hooks.COMPILE_QUOTED = compile_quoted
hooks.PARSE_TRIGGER_SENTENCE = _delayed_trigger
