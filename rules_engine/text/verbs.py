"""The verb-phrase table: one regex per verb phrase and the builder that turns a match into
effect records (rule 701 keyword actions and the ordinary verbs of rule 609). Matched against
the whole verb phrase once the subject is known (see :mod:`rules_engine.text.effects`)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import (
    AddMana,
    Amount,
    Animate,
    Attach,
    BecomeCopy,
    BecomeMonarch,
    BecomePrepared,
    CastPermission,
    CastWithoutPaying,
    ChooseCard,
    ChooseTarget,
    ChooseValue,
    Conjure,
    CopySpell,
    CounterSpell,
    CreateEmblem,
    CreateToken,
    DealDamage,
    Destroy,
    Discard,
    Draw,
    Duration,
    Effect,
    EndCombat,
    EndTurn,
    Exile,
    Explore,
    ExtraTurn,
    Fight,
    GainControl,
    GainLife,
    Goad,
    GrantAbility,
    KeywordAbility,
    KeywordAction,
    LookAtTop,
    LoseAbility,
    LoseGame,
    LoseLife,
    Mill,
    ModifyPT,
    MoveToZone,
    ObjectFilter,
    PayCost,
    PlayPermission,
    PreventDamage,
    PutCounters,
    PutCountersOf,
    Ref,
    RemoveCounters,
    Repeat,
    ReplacementEffect,
    Restriction,
    Reveal,
    RevealUntil,
    Sacrifice,
    Scry,
    SearchLibrary,
    Seek,
    SetBasePT,
    SetTypes,
    Shuffle,
    Skip,
    Surveil,
    TakeInitiative,
    Tap,
    TapOrUntap,
    Transform,
    Untap,
    Venture,
    WinGame,
)
from rules_engine.data import creature_types
from rules_engine.text import hooks
from rules_engine.text.costs import parse_cost
from rules_engine.text.keywords import parse_keyword, parse_keyword_list
from rules_engine.text.nouns import (
    NUM_WORD,
    ONE_EACH,
    Ctx,
    amount,
    number,
    parse_filter,
    parse_ref,
    parse_refs,
)
from rules_engine.text.tokens import parse_token, split_quoted

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]
N = rf"(?P<n>{NUM_WORD})"
MANA = r"(?:\{[^}]+\})+"


def _grammar():
    """The sentence grammar (imported late: it imports this table)."""
    from rules_engine.text import effects

    return effects


def _amt(text: str) -> Amount | None:
    t = text.strip()
    m = re.fullmatch(r"equal to (.+)", t, re.I)
    if m:
        return Amount(text=t)
    return amount(t)


def _ref(text: str, ctx: Ctx) -> Ref | None:
    return parse_ref(text, ctx)


# -- builders ---------------------------------------------------------------------------------

def _draw(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    raw = m.group("n")
    if raw.lower() in ("another", "a"):
        amt = Amount(1)
    elif raw.lower().startswith("that many"):
        # "draw that many cards plus one" (Into the Night): the engine adds the one
        amt = Amount(text="that many plus one" if m.group("plus") else "that many")
    else:
        amt = amount(raw)
    return None if amt is None else Draw(player=s, amount=amt, text=m.group(0))


def _discard(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    what = m.group("what").strip()
    low = what.lower()
    if low in ("their hand", "your hand", "his or her hand"):
        return Discard(player=s, whole_hand=True, text=m.group(0))
    if low in ("that card", "those cards", "it", "the chosen card"):
        if low == "those cards":
            return Discard(player=s, card=Ref("those", text=what), amount=Amount(text="those"),
                           text=m.group(0))
        return Discard(player=s, card=Ref("it", text=what), amount=Amount(1), text=m.group(0))
    if low in ("any number of cards",):
        return Discard(player=s, any_number=True, amount=Amount(text="any number"),
                       text=m.group(0))
    rnd = low.endswith(" at random")
    if rnd:
        what = what[: -len(" at random")]
    up_to = re.match(r"^up to ", what, re.I)
    if up_to:
        what = what[up_to.end():]
    mm = re.fullmatch(rf"{N} (.+)", what, re.I)
    if not mm:
        return None
    amt = amount(mm.group("n"))
    if up_to and amt is not None:
        amt = Amount(amt.value, amt.variable, text="up to")
    flt = parse_filter(mm.group(2))
    if amt is None or flt is None:
        return None
    plain = flt.card_types == () and flt.subtypes == ()
    return Discard(player=s, amount=amt, filter=None if plain else flt, random=rnd,
                   text=m.group(0))


def _simple_amount(cls: type) -> _Builder:
    def build(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
        amt = amount(m.group("n"))
        return None if amt is None else cls(player=s, amount=amt, text=m.group(0))
    return build


def _life(cls: type) -> _Builder:
    def build(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
        raw = m.group("n")
        amt = _amt(raw) if raw else None
        if amt is None:
            return None
        per = m.groupdict().get("per")
        eff = cls(player=s, amount=amt, text=m.group(0))
        if per:
            return Repeat(count=Amount(text="for each " + per), effects=(eff,), text=m.group(0))
        return eff
    return build


def _damage(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    raw = m.group("n")
    amt = _amt(raw)
    recips = parse_refs(m.group("to"), ctx)
    if amt is None or recips is None:
        return None
    return DealDamage(source=s, amount=amt, recipients=recips, divided=bool(m.group("div")),
                      text=m.group(0))


def _pt_amount(v: str) -> Amount | None:
    mm = re.fullmatch(r"([+-])(\d+|X)", v)
    if not mm:
        return None
    sign = -1 if mm.group(1) == "-" else 1
    if mm.group(2) == "X":
        return Amount(variable="X" if sign > 0 else "-X")
    return Amount(sign * int(mm.group(2)))


def _pump(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    p, t = _pt_amount(m.group("p")), _pt_amount(m.group("t"))
    if p is None or t is None:
        return None
    return ModifyPT(subject=s, power=p, toughness=t, duration=None, text=m.group(0))


def _grant(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    split = split_quoted(m.group("what"))
    if split is None:
        return None
    kw_text, quotes = split
    keywords: tuple = ()
    if kw_text:
        kws = parse_keyword_list(kw_text)
        if kws is None:
            return None
        keywords = kws
    abilities: tuple = ()
    for q in quotes:
        if hooks.COMPILE_QUOTED is None:
            return None
        compiled = hooks.COMPILE_QUOTED(q)
        abilities = abilities + tuple(compiled)
    if not keywords and not abilities:
        return None
    return GrantAbility(subject=s, keywords=keywords, abilities=abilities, duration=None,
                        text=m.group(0))


def _counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    amt = amount(m.group("n"))
    target = _ref(m.group("on"), ctx)
    if amt is None or target is None:
        return None
    return PutCounters(subject=target, counter=m.group("kind"), amount=amt, text=m.group(0))


def _put_counters_of(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    of = m.group("of").lower()
    source = Ref("self", text="~") if of == "~'s" else Ref("it", text=of)
    target = _ref(m.group("on"), ctx)
    return None if target is None else PutCountersOf(subject=target, source=source,
                                                     text=m.group(0))


def _remove_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    # "remove all <kind> counters": every counter of that kind (Amount text "all", rule 122)
    amt = Amount(text="all") if m.group("n").lower() == "all" else amount(m.group("n"))
    target = _ref(m.group("on"), ctx)
    if amt is None or target is None:
        return None
    return RemoveCounters(subject=target, counter=m.group("kind"), amount=amt, text=m.group(0))


def _create(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    what = m.group("what")
    mm = re.fullmatch(rf"{N} of (?:those|these) tokens", what, re.I)
    if mm:
        amt = amount(mm.group("n"))
        if amt is None or not isinstance(ctx.last_token, CreateToken):
            return None
        prev = ctx.last_token
        return dataclasses.replace(prev, amount=amt, controller=s, text=m.group(0))
    parsed = parse_token(what, ctx)
    nm = re.fullmatch(r"(?P<name>[A-Z][^,]+), (?P<rest>an? .+)", what)
    if parsed is None and nm:
        parsed = parse_token(nm.group("rest"), ctx)
        if parsed is not None:
            parsed = (parsed[0], dataclasses.replace(parsed[1], name=nm.group("name")),
                      parsed[2], parsed[3])
    if parsed is None:
        return None
    amt, spec, tapped, attacking = parsed
    eff = CreateToken(token=spec, amount=amt, controller=s, tapped=tapped, attacking=attacking,
                      text=m.group(0))
    ctx.last_token = eff
    return eff


def _obj(cls: type, **extra) -> _Builder:
    def build(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
        target = _ref(m.group("obj"), ctx)
        if target is None:
            return None
        return cls(subject=target, text=m.group(0), **extra)
    return build


def _exile(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    obj = m.group("obj")
    if s.kind != "you" and re.search(r"\bfrom their (?:hand|graveyard)$", obj, re.I):
        return None  # "target opponent exiles a card from their hand": phrases.PlayerExiles
    rnd = False
    if obj.lower().endswith(" at random"):
        rnd = True
        obj = obj[: -len(" at random")]
    from_zone = owner = None
    fm = re.search(r" from (their|your|its owner's|a|that player's|each opponent's) "
                   r"(library|hand|graveyard)$", obj, re.I)
    if fm and not re.search(r"target .*card", obj[: fm.start()], re.I):
        from_zone = fm.group(2).lower()
        owner = {"their": "that_player", "your": "you", "its owner's": "owner",
                 "that player's": "that_player", "each opponent's": "opponent"}.get(
            fm.group(1).lower())
        obj = obj[: fm.start()]
    mm = re.fullmatch(rf"{N} cards?", obj, re.I)
    if mm and from_zone:
        amt = amount(mm.group("n"))
        if amt is None:
            return None
        return Exile(subject=Ref("chosen", filter=ObjectFilter(zone=from_zone, owner=owner,
                                                               text=obj)),
                     from_zone=from_zone, amount=amt, random=rnd, text=m.group(0))
    until_leaves = False
    um = re.search(r" until ~ leaves the battlefield$", obj, re.I)
    if um:
        until_leaves = True
        obj = obj[: um.start()]
    target = _ref(obj, ctx)
    if target is None:
        return None
    if from_zone and target.kind == "chosen" and target.filter is not None:
        target = dataclasses.replace(target, filter=dataclasses.replace(
            target.filter, zone=from_zone, owner=owner))
    return Exile(subject=target, from_zone=from_zone, random=rnd,
                 until_source_leaves=until_leaves, text=m.group(0))


def _reveal_until(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    amt = amount(m.group("n"))
    flt = parse_filter(m.group("what"))
    if amt is None or flt is None:
        return None
    ctx.last_object = Ref("it", text="that card")
    return RevealUntil(player=s, filter=flt, amount=amt, text=m.group(0))


def _exile_until(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return Exile(subject=Ref("chosen", filter=ObjectFilter(zone="library", text="top")),
                 from_zone="library", until=flt, text=m.group(0))


_ZONES = {
    "hand": "hand", "its owner's hand": "hand", "their owners' hands": "hand",
    "their owner's hand": "hand", "your hand": "hand", "the battlefield": "battlefield",
    "your graveyard": "graveyard", "its owner's graveyard": "graveyard",
    "a graveyard": "graveyard", "their owners' graveyards": "graveyard",
    "their hand": "hand", "their hands": "hand",  # (a card goes to its owner's hand, 400.3)
}


def _return(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    obj, from_zone = m.group("obj"), None
    fm = re.search(r" from (?:(?:your|a|their|its owner's) )?(graveyard|hand|exile)$", obj, re.I)
    if fm and not re.match(r"^(?:up to \w+ )?(?:another )?target ", obj, re.I) \
            and not re.match(r"^(?:all|each) ", obj, re.I):
        from_zone = fm.group(1).lower()
        obj = obj[: fm.start()]
    target = _ref(obj, ctx)
    if target is not None and target.kind == "chosen" and s.kind in ("player_each",
                                                                   "opponent_each"):
        return None  # "each player returns up to two cards ...": a choice of each, not run
    if target is not None and target.kind == "chosen" and from_zone is not None:
        # "return up to two creature cards from your graveyard": chosen there (608.2d)
        target = _ref(m.group("obj"), ctx) or target
    if target is None:
        target = _ref(m.group("obj"), ctx)
        from_zone = None
        if target is None:
            return None
    zone = _ZONES.get(m.group("to").lower())
    if zone is None:
        return None
    return _move_result(target, zone, from_zone, m)


def _move_result(target: Ref, zone: str, from_zone: str | None, m: re.Match[str]) -> _Result:
    mods = (m.groupdict().get("mods") or "").strip()
    tapped = attacking = transformed = False
    under = None
    counters: list[tuple[str, int]] = []
    while mods:
        mm = re.match(r"^(tapped and attacking|tapped|attacking|transformed)\b\s*", mods, re.I)
        if mm:
            tapped |= "tapped" in mm.group(1)
            attacking |= "attacking" in mm.group(1)
            transformed |= mm.group(1).lower() == "transformed"
            mods = mods[mm.end():]
            continue
        mm = re.match(r"^under (your|its owner's|their owners?'s?|its controller's) control\s*",
                      mods, re.I)
        if mm:
            under = "you" if mm.group(1).lower() == "your" else "owner"
            mods = mods[mm.end():]
            continue
        mm = re.match(rf"^with ({NUM_WORD}) (?:additional )?(\S+) counters? on (?:it|them)\s*",
                      mods, re.I)  # "with two additional +1/+1 counters on it" (122.6)
        if mm:
            n = number(mm.group(1))
            if n is None:
                return None
            counters.append((mm.group(2), n))
            mods = mods[mm.end():]
            continue
        mm = re.match(r"^with an? (\S+) counter on (?:it|them)\s*", mods, re.I)
        if mm:
            counters.append((mm.group(1), 1))
            mods = mods[mm.end():]
            continue
        return None
    return MoveToZone(subject=target, to_zone=zone, from_zone=from_zone, tapped=tapped,
                      attacking=attacking, under_control=under, counters=tuple(counters),
                      transformed=transformed, text=m.group(0))


def _put_onto(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    obj, from_zone = m.group("obj"), None
    fm = re.search(r" from (?:your|a|their|its owner's) (graveyard|hand|exile|library)$", obj,
                   re.I)
    target = _ref(obj, ctx)
    if target is None and fm:
        from_zone = fm.group(1).lower()
        target = _ref(obj[: fm.start()], ctx)
    if target is None:
        return None
    return _move_result(target, "battlefield", from_zone, m)


def _put_into(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    obj = m.group("obj")
    where = m.group("where").lower()
    zones = {"your hand": "hand", "their owners' hands": "hand", "its owner's hand": "hand",
             "your graveyard": "graveyard", "its owner's graveyard": "graveyard",
             "their owners' graveyards": "graveyard"}
    zone = zones.get(where)
    if zone is None:
        return None
    if obj.lower() in ("the rest", "the other", "the others"):
        return MoveToZone(subject=Ref("rest", text=obj), to_zone=zone, text=m.group(0))
    mm = re.fullmatch(r"(one|two|three|any number)(?: of (?:them|those cards))?", obj, re.I)
    if mm:
        n = number(mm.group(1))
        target = Ref("chosen", filter=ObjectFilter(zone="among", qualifiers=(
            f"count:{n if n is not None else 'any'}",), text=obj), text=obj)
    else:
        target = _ref(obj, ctx)
    if target is None:
        return None
    return MoveToZone(subject=target, to_zone=zone, text=m.group(0))


def _put_library(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    obj = m.group("obj")
    pos = "library_top" if m.group("pos").lower() == "on top" else "library_bottom"
    order = (m.groupdict().get("order") or "").lower()
    mm = re.fullmatch(r"(one|two|three|any number)(?: of (?:them|those cards))?", obj, re.I)
    if obj.lower() in ("the rest", "the other", "the others"):
        target = Ref("rest", text=obj)
    elif mm:
        n = number(mm.group(1))
        target = Ref("chosen", filter=ObjectFilter(zone="among", qualifiers=(
            f"count:{n if n is not None else 'any'}",), text=obj), text=obj)
    else:
        mm = re.fullmatch(rf"{N} cards from your hand", obj, re.I)
        if mm:
            amt = number(mm.group("n"))
            target = Ref("chosen", filter=ObjectFilter(zone="hand", owner="you", qualifiers=(
                f"count:{amt}",), text=obj), text=obj)
        else:
            target = _ref(obj, ctx)
    if target is None:
        return None
    detail = "random" if "random" in order else ("any" if order else None)
    return MoveToZone(subject=target, to_zone=pos + (f"_{detail}" if detail else ""),
                      text=m.group(0))


def _search(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    desc = m.group("desc").strip()
    lo = hi = 1
    mm = re.match(rf"^(?:(up to) )?({NUM_WORD}) (.+)$", desc, re.I)
    if not mm:
        return None
    n = number(mm.group(2))
    if n is None:
        return None
    hi = n
    lo = 0 if mm.group(1) else n
    flt = parse_filter(mm.group(3))
    if flt is None:
        return None
    dest_text = m.group("dest").lower()
    reveal = bool(m.group("reveal"))
    dests = {"into your hand": "hand", "onto the battlefield": "battlefield",
             "onto the battlefield tapped": "battlefield", "into your graveyard": "graveyard",
             "on top of your library": "library_top", "into their hand": "hand"}
    dest = dests.get(dest_text)
    if dest is None:
        return None
    return SearchLibrary(player=s, filter=flt, min_count=lo, max_count=hi, destination=dest,
                         tapped=dest_text.endswith("tapped"), reveal=reveal,
                         shuffle=bool(m.group("shuffle")), text=m.group(0))


def _search_top(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Search your library for a card, then shuffle and put that card on top" (701.23, 701.24)."""
    flt = parse_filter(re.sub(r"^an? ", "", m.group("desc")))
    if flt is None:
        return None
    return SearchLibrary(player=s, filter=flt, destination="library_top", shuffle=True,
                         reveal=bool(m.groupdict().get("reveal")), text=m.group(0))


def _search_then(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """Search whose found cards are then moved by ordinary put clauses ("put one onto the
    battlefield tapped and the other into your hand")."""
    desc = m.group("desc").strip()
    mm = re.match(rf"^(?:(up to) )?({NUM_WORD}) (.+)$", desc, re.I)
    if not mm:
        return None
    n = number(mm.group(2))
    flt = parse_filter(mm.group(3))
    if n is None or flt is None:
        return None
    moves = _grammar().parse_vp(Ref("you"), m.group("rest"), ctx)
    if moves is None:
        return None
    search = SearchLibrary(player=s, filter=flt, min_count=0 if mm.group(1) else n, max_count=n,
                           destination="found", reveal=bool(m.group("reveal")), shuffle=False,
                           text=m.group(0))
    tail = (Shuffle(player=s, text="then shuffle"),) if m.group("shuffle") else ()
    return (search,) + moves + tail


def _look(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    amt = amount(m.group("n")) if m.group("n") else Amount(1)
    if amt is None:
        return None
    return LookAtTop(amount=amt, player=s, reveal=m.group("verb").lower().startswith("reveal"),
                     text=m.group(0))


def _choose_among(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"(You may reveal) a creature card ... from among them and put it into your hand"."""
    what = m.group("what")
    cm = re.match(r"^(?:(up to) )?(an?|one|two|three|four|five|any number of) ", what, re.I)
    count = "1"
    if cm:
        n = number(cm.group(2))
        count = ("any" if n is None else str(n)) if not cm.group(1) else f"up_to_{n}"
        what = what[cm.end():]
    flt = parse_filter(what)
    if flt is not None and flt.any_of and count == "1" and "and/or" in what:
        # "a creature card and/or a land card": up to one card for each description
        count = f"up_to_{len(flt.any_of)}"
        flt = dataclasses.replace(flt, qualifiers=flt.qualifiers + (ONE_EACH,))
    if flt is None:
        return None
    if count != "1":
        flt = dataclasses.replace(flt, qualifiers=flt.qualifiers + (f"count:{count}",))
    ref = Ref("chosen", filter=dataclasses.replace(flt, zone="among"), text=m.group("what"))
    dest = {"into your hand": "hand", "onto the battlefield": "battlefield",
            "into your graveyard": "graveyard",
            "on top of your library": "library_top"}.get(m.group("dest").lower())
    if dest is None:
        return None
    result = _move_result(ref, dest, "among", m)
    return result


def _tap_untap(kind: type) -> _Builder:
    return _obj(kind)


def _transform(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    obj = m.group("obj")
    mm = re.fullmatch(r"any number of (.+)", obj, re.I)
    if mm:
        flt = parse_filter(mm.group(1))
        if flt is None:
            return None
        return Transform(subject=Ref("each", filter=flt, text=mm.group(1)), any_number=True,
                         text=m.group(0))
    ref = _ref(obj, ctx)
    return None if ref is None else Transform(subject=ref, text=m.group(0))


def _copy(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    ref = _ref(m.group("obj"), ctx)
    if ref is None:
        return None
    times = {"": 1, " twice": 2, " three times": 3}.get((m.group("times") or "").lower())
    if times is None:
        return None
    return CopySpell(subject=ref, times=Amount(times), text=m.group(0))


def _venture(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    into = "undercity" if m.group("where").lower() == "undercity" else "dungeon"
    return Venture(into=into, player=s, text=m.group(0))


def _prepared(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    return BecomePrepared(subject=s, prepared=m.group("un") is None, text=m.group(0))


def _counter(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    ref = _ref(m.group("obj"), ctx)
    if ref is None:
        return None
    unless = None
    if m.group("cost"):
        unless = parse_cost(m.group("cost"))
        if unless is None:
            return None
    return CounterSpell(subject=ref, unless_pay=unless, text=m.group(0))


def _add_mana(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Add {G}", and for triggered mana abilities (605.1b) "its controller adds an additional
    {G}{G}", "that player adds one mana of any type that land produced"."""
    what = re.sub(r"^an additional ", "", m.group("what").strip(), flags=re.I)
    who = s if s is not None and s.kind not in ("you", "self") else None
    if re.fullmatch(r"one mana of any type that (?:land|permanent) produced", what, re.I):
        return AddMana(amount=Amount(1), produced=True, player=who, text=m.group(0))
    found = _mana_of(what, m.group(0))
    if isinstance(found, AddMana) and who is not None:
        import dataclasses

        return dataclasses.replace(found, player=who)
    return found


def _mana_of(what: str, text: str) -> AddMana | None:
    if re.fullmatch(MANA, what):
        return AddMana(mana=what, amount=Amount(what.count("{")), text=text)
    mm = re.fullmatch(rf"{N} mana in any combination of colou?rs", what, re.I)
    if mm:
        amt = amount(mm.group("n"))
        return None if amt is None else AddMana(amount=amt, any_color=True, text=text)
    mm = re.fullmatch(rf"{N} mana of any (one )?colou?r", what, re.I)
    if mm:
        amt = amount(mm.group("n"))
        if amt is None:
            return None
        return AddMana(amount=amt, any_color=True, one_color=bool(mm.group(2)), text=text)
    mm = re.fullmatch(rf"({MANA})(?:, ({MANA}))*,? or ({MANA})", what)
    if mm:
        choices = tuple(re.findall(MANA, what))
        return AddMana(choices=choices, amount=Amount(1), text=text)
    mm = re.fullmatch(rf"{N} ({MANA})", what, re.I)
    if mm:
        amt = amount(mm.group("n"))
        if amt is None:
            return None
        return AddMana(mana=mm.group(2), amount=amt, text=text)
    return None


def _sacrifice(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    ref = _ref(m.group("obj"), ctx)
    if ref is None:
        refs = parse_refs(m.group("obj"), ctx)
        if refs is None:
            return None
        return tuple(Sacrifice(player=s, subject=r, text=m.group(0)) for r in refs)
    return Sacrifice(player=s, subject=ref, text=m.group(0))


def _shuffle_into(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    zones = tuple(z.strip().lower() for z in re.split(r" and |, ", m.group("zones")))
    if not all(z in ("hand", "graveyard") for z in zones):
        return None
    return Shuffle(player=s, zones=zones, text=m.group(0))


def _restriction(kind: str) -> _Builder:
    def build(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
        flt = None
        if m.groupdict().get("by"):
            flt = parse_filter(m.group("by"))
            if flt is None:
                return None
        turn = (m.groupdict().get("turn") or "").strip().lower()
        dur = Duration("combat") if turn == "this combat" else (
            Duration("this_turn") if turn else None)
        return Restriction(kind=kind, subject=s, filter=flt, duration=dur, text=m.group(0))
    return build


def _add_types(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"That creature is a Vampire in addition to its other types", "becomes an artifact in
    addition to its other types" (rule 205.1b: types added, none lost; layer 4, 613.1d)."""
    words = m.group("types").split()
    card_types = tuple(w.lower() for w in words if w.lower() in ("artifact", "creature",
                                                                   "enchantment", "land"))
    subtypes = tuple(w for w in words if w.lower() not in card_types and w[:1].isupper())
    if not words or len(card_types) + len(subtypes) != len(words):
        return None
    return Animate(subject=s, card_types=card_types, subtypes=subtypes, duration=None,
                   additional=True,
                   text=m.group(0))


_CARD_TYPE_WORDS = ("artifact", "creature", "enchantment", "land")


def _become_copy(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target creature becomes a copy of another target creature (until end of turn)"
    (707.2; the duration suffix is read by the clause parser)."""
    ref = _ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return BecomeCopy(subject=s, of=ref, duration=None, text=m.group(0))


def _set_types(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"is a Treasure artifact with '...' and it loses all other abilities", "is a colorless
    land with '{T}: Add {C}' and loses all other card types and abilities": the card types
    are set, not added (205.1a: the others go, an instant or sorcery keeps its type), the
    named subtypes replace those of their kind, the quoted abilities are gained and the others
    lost (613.1d-f)."""
    words = m.group("types").split()
    card_types = tuple(w.capitalize() for w in words if w.lower() in _CARD_TYPE_WORDS)
    subtypes = tuple(w for w in words if w.lower() not in _CARD_TYPE_WORDS)
    if not card_types or any(not w[:1].isupper() for w in subtypes):
        return None
    granted: tuple = ()
    if m.group("with"):
        split = split_quoted(m.group("with"))
        if split is None or split[0] or hooks.COMPILE_QUOTED is None:
            return None
        for q in split[1]:
            found = tuple(hooks.COMPILE_QUOTED(q.strip().rstrip(",").strip()))
            if not found or any(type(a).__name__ == "Unsupported" for a in found):
                return None
            granted += found
    colors = None
    if m.group("colors"):
        colors = tuple(c for c in re.split(r" and |, |\s+", m.group("colors")) if c)
    return SetTypes(subject=s, card_types=card_types, subtypes=subtypes, colors=colors,
                    abilities=granted, lose_abilities=True, duration=None, text=m.group(0))


def _set_types_base(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Enchanted creature is an [Insect] artifact creature with base power and toughness 0/1
    [and has indestructible], and it loses all other abilities, card types, and creature
    types", "loses all abilities and is a black Skeleton creature with base power and
    toughness 1/1": one effect over layers 4 (types set, 205.1a: the others go), 5 (colors),
    6 (abilities lost, then the keywords it has) and 7b (base power and toughness, 613.4b)."""
    words = m.group("types").split()
    card_types = tuple(w.capitalize() for w in words if w.lower() in _CARD_TYPE_WORDS)
    subtypes = tuple(w for w in words if w.lower() not in _CARD_TYPE_WORDS)
    if not card_types or any(not w[:1].isupper() for w in subtypes):
        return None
    kws: tuple[KeywordAbility, ...] = ()
    if m.group("kws"):
        found = [parse_keyword(k) for k in re.split(r",? and |, ", m.group("kws")) if k.strip()]
        if any(k is None for k in found):
            return None
        kws = tuple(k for k in found if k is not None)
    lost = (m.group("lose_first") or m.group("lose") or "").lower()
    colors = None
    if m.group("colors"):
        colors = tuple(c for c in re.split(r" and |, |\s+", m.group("colors")) if c)
    return (SetTypes(subject=s, card_types=card_types, subtypes=subtypes, colors=colors,
                     abilities=kws, lose_abilities="abilities" in lost, duration=None,
                     text=m.group(0)),
            SetBasePT(subject=s, power=Amount(int(m.group("p"))),
                      toughness=Amount(int(m.group("t"))), duration=None, text=m.group(0)))


def _animate(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    types = m.group("types").split()
    kws: tuple = ()
    granted: tuple = ()
    with_text, every = m.group("with"), None
    if with_text:  # "with vigilance and all creature types" (205.3m: every creature type)
        every = re.search(r"(?:^|,? and )all creature types$", with_text, re.I)
        with_text = with_text[:every.start()] if every else with_text
    if with_text:
        split = split_quoted(with_text)
        if split is None:
            return None
        kw_text, quotes = split
        if kw_text:
            k = parse_keyword_list(kw_text)
            if k is None:
                return None
            kws = k
        for q in quotes:
            if hooks.COMPILE_QUOTED is None:
                return None
            granted += tuple(hooks.COMPILE_QUOTED(q))
    card_types = tuple(w.lower() for w in types if w.lower() in ("artifact", "creature",
                                                                   "enchantment", "land"))
    subtypes = tuple(w for w in types if w.lower() not in card_types and w[:1].isupper())
    if len(card_types) + len(subtypes) != len(types):
        return None
    subtypes = creature_types() if every else subtypes
    colors = tuple(c for c in re.split(r" and |, |\s+", m.group("colors") or "") if c)
    if m.group("still"):
        card_types = card_types + (m.group("still").split()[-1],)
    return Animate(subject=s, power=Amount(int(m.group("p"))), toughness=Amount(int(m.group("t"))),
                   card_types=card_types, subtypes=subtypes, colors=colors, keywords=kws,
                   abilities=granted, duration=None, text=m.group(0))


def _animate_base(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"becomes a blue Frog with base power and toughness 1/1" (Turn to Frog): its colors and
    creature types become these (105.3, 205.1a; layers 4-5), other card types and supertypes
    stay, and its base power and toughness are set (613.4b)."""
    types = m.group("types").split()
    if any(w.lower() in ("artifact", "creature", "enchantment", "land") for w in types):
        return None
    colors = tuple(c for c in re.split(r" and |, |\s+", m.group("colors") or "") if c)
    kws: tuple[KeywordAbility, ...] = ()
    if m.group("kws"):  # "... and flying": the keywords it gains too (layer 6)
        found = [parse_keyword(k) for k in re.split(r",? and |, ", m.group("kws")) if k.strip()]
        if any(k is None for k in found):
            return None
        kws = tuple(k for k in found if k is not None)
    return Animate(subject=s, power=Amount(int(m.group("p"))), toughness=Amount(int(m.group("t"))),
                   subtypes=tuple(types), colors=colors, keywords=kws, duration=None,
                   text=m.group(0))


def _cast_it(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    ref = _ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return CastWithoutPaying(subject=ref, free=bool(m.group("free")), text=m.group(0))


def _cast_any_mana(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """Theft templates: cast a card exiled this way, spending mana as though any color
    (rule 609.4b)."""
    ref = _ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return CastWithoutPaying(subject=ref, free=False, any_mana=True, text=m.group(0))


def _free_cast_permission(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You may cast [instant and sorcery] spells [from your hand] without paying their mana
    costs": a static permission to cast by an alternative cost of nothing (118.9, 601.2b),
    offered as such a spell is cast (casting.free_cast_offered)."""
    what = (m.group("what") or "").strip()
    flt = parse_filter(what) if what else ObjectFilter(text="spell")
    if flt is None:
        return None
    zone = {"your hand": "hand", "exile": "exile", "your graveyard": "graveyard"}.get(
        (m.group("zone") or "").strip().lower())
    if zone is not None:
        flt = dataclasses.replace(flt, zone=zone)
    return CastPermission(kind="free", filter=flt, text=m.group(0))


def _flash_permission(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You may cast [sorcery spells and Dragon] spells [this turn] as though they had flash"
    (601.3, 702.8d): the spells described (each "X spells and Y" part is an alternative), for
    ``you`` or, "Any player may ...", every player."""
    what = (m.group("what") or "").strip()
    parts = re.split(r" spells(?:,)? (?:and|or) |, (?:and |or )?", what) if what else []
    flts = [parse_filter(f"{p} spell") or parse_filter(p) for p in parts if p]
    if any(f is None for f in flts):
        return None
    if not flts:
        flt = ObjectFilter(text="spell")
    elif len(flts) == 1:
        flt = flts[0]
    else:
        flt = ObjectFilter(any_of=tuple(f for f in flts if f is not None), text=what)
    whose = (m.group("whose") or "").lower()
    if whose:  # "... spells during your opponents' turns as though they had flash"
        flt = dataclasses.replace(flt, qualifiers=flt.qualifiers + (
            "during your turn" if whose == "your" else "during an opponent's turn",))
    return CastPermission(kind="flash", filter=flt,
                          duration=Duration("this_turn") if m.group("turn") else None,
                          player="each" if m.group("any") else None, text=m.group(0))


def _reveal_from_hand(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    n = m.group("n").lower()
    count = "any" if n == "any number of" else str(number(n) or 1)
    ref = Ref("chosen", filter=dataclasses.replace(flt, zone="hand", qualifiers=flt.qualifiers
                                                   + (f"count:{count}",)), text=m.group(0))
    return Reveal(subject=ref, text=m.group(0))


def _choose_permanent(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Choose a nonlegendary creature on the battlefield" (chosen on resolution, not
    targeted, 608.2d); later text calls it "that creature"."""
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return ChooseCard(chooser=s, filter=flt, zone="battlefield", owner=Ref("you"),
                      text=m.group(0))


def _choose_card(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    whose = m.group("whose").lower()
    zone = "among" if whose == "among them" else "hand"
    owner = Ref("you") if whose == "your hand" else Ref("that_player")
    return ChooseCard(chooser=s, filter=flt, zone=zone, owner=owner, text=m.group(0))


def _shuffle_obj(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    if s.kind == "target":
        return None  # a target player shuffles: text.verbs_zones keeps that target too
    ref = _ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return MoveToZone(subject=ref, to_zone="library_shuffled", text=m.group(0))


def _prevent(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    to = by = None
    if m.group("to"):
        to = parse_refs(m.group("to"), ctx)
        if to is None or len(to) != 1:
            return None
        to = to[0]
    if m.group("by"):
        by = _ref(m.group("by"), ctx)
        if by is None:
            return None
    amt = amount(m.group("n")) if m.group("n") else None
    return PreventDamage(to=to, by=by, amount=amt, combat_only=bool(m.group("combat")),
                         duration=Duration("this_turn") if m.group("turn") else None,
                         text=m.group(0))


def _prevent_to_and_by(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Prevent all combat damage that would be dealt to and dealt by ~ this turn" (615)."""
    obj = _ref(m.group("obj"), ctx)
    if obj is None:
        return None
    dur = Duration("this_turn") if m.group("turn") else None
    combat = bool(m.group("combat"))
    return (PreventDamage(to=obj, combat_only=combat, duration=dur, text=m.group(0)),
            PreventDamage(by=obj, combat_only=combat, duration=dur, text=m.group(0)))


class _FakeMatch:
    """Adapter giving a Match-like group() over a match plus overrides."""

    def __init__(self, m: re.Match[str], **overrides: str | None) -> None:
        self._m, self._o = m, overrides

    def group(self, name: str | int = 0) -> str | None:
        if name in self._o:
            return self._o[name]  # type: ignore[index]
        return self._m.group(name)


def _emblem(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    if hooks.COMPILE_QUOTED is None:
        return None
    abilities = tuple(hooks.COMPILE_QUOTED(m.group("q")))
    return CreateEmblem(abilities=abilities, player=s, text=m.group(0))


def _lose(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    what = m.group("what").strip()
    if what.lower() == "all abilities":
        return LoseAbility(subject=s, all_abilities=True, duration=None, text=m.group(0))
    kws = parse_keyword_list(what)
    return None if kws is None else LoseAbility(subject=s, keywords=kws, duration=None,
                                                text=m.group(0))


def _have_do(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"(you may) have <object> <verb phrase>": the object performs or undergoes it."""
    ref = _ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return _grammar().parse_vp(ref, m.group("vp"), ctx)


def _put_nth(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    ref = _ref(m.group("obj"), ctx)
    if ref is None:
        return None
    pos = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}[
        m.group("pos").lower()]
    return MoveToZone(subject=ref, to_zone=f"library_{pos}_from_top", text=m.group(0))


def _double_pt(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """Rule 701.10b-c: doubling power gives +X/+0 where X is its power (toughness likewise)."""
    obj = m.group("obj")
    ref = Ref("self") if obj == "~" else _ref(obj, ctx)
    if ref is None:
        return None
    tough = Amount(text="its toughness") if m.group("both") else Amount(0)
    return ModifyPT(subject=ref, power=Amount(text="its power"), toughness=tough, duration=None,
                    text=m.group(0))


def _seek(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    amt = amount(m.group("n"))
    flt = parse_filter(m.group("what"))
    if amt is None or flt is None:
        return None
    return Seek(filter=flt, amount=amt, destination="battlefield" if m.group("bf") else "hand",
                text=m.group(0))


def _perpetually(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    inner = _grammar().parse_vp(s, m.group("vp"), ctx)
    if inner is None or not all(hasattr(e, "duration") for e in inner):
        return None
    return tuple(dataclasses.replace(e, duration=Duration("perpetual")) for e in inner)


def _gain_control(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    ref = _ref(m.group("obj"), ctx)
    return None if ref is None else GainControl(subject=ref, player=s, text=m.group(0))


def _keyword_action(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    n = m.group("n") or m.group("n2")
    amt = amount(n) if n else None
    if n and amt is None:
        return None
    name = m.group("name").lower()
    if name == "suspect" and m.group("detail") and m.group("detail").islower():
        return None  # "suspect it": an object (text.verbs_actions), not a detail
    if name == "explore":
        return Explore(subject=s, text=m.group(0))
    if name == "support" and amt is not None:  # 701.41a: up to N other target creatures
        tgt = ctx.new_target("permanent", ObjectFilter(card_types=("creature",), other=True,
                                                       text="other creatures"),
                             0, int(amt.value or 0), "up to N other target creatures")
        return PutCounters(subject=Ref("target", target=tgt, text="them"), counter="+1/+1",
                           amount=Amount(1), text=m.group(0))
    return KeywordAction(name=name, amount=amt, subject=s,
                         detail=m.group("detail") or m.group("detail2"), text=m.group(0))


def _earthbend(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Earthbend N" (rule 701.66a): "Target land you control becomes a 0/0 land creature with
    haste ... Put N +1/+1 counters on it. ...": the action carries its own target."""
    amt = amount(m.group("n"))
    if amt is None:
        return None
    flt = ObjectFilter(card_types=("land",), controller="you", text="land you control")
    tgt = ctx.new_target("permanent", flt, 1, 1, "target land you control")
    return KeywordAction(name="earthbend", amount=amt, subject=Ref(
        "target", target=tgt, text="target land you control"), text=m.group(0))


def _obj_action(name: str, m: re.Match[str], ctx: Ctx) -> _Result:
    ref = _ref(m.group("obj"), ctx)
    return None if ref is None else KeywordAction(name=name, subject=ref, text=m.group(0))


def _play_perm(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    obj = m.group("obj").lower()
    if obj.startswith("target "):
        ref = _ref(m.group("obj"), ctx)
        if ref is None:
            return None
    elif obj in ("them", "those cards", "the exiled cards", "cards exiled this way"):
        ref = Ref("those", text=m.group("obj"))
    elif obj == "one of them":
        ref = Ref("chosen", filter=ObjectFilter(zone="among", qualifiers=("count:1",)),
                  text=m.group("obj"))
    else:
        ref = Ref("it", text=m.group("obj"))
    dur_text = (m.group("dur") or m.groupdict().get("dur2") or "").strip().lower()
    dur = {"this turn": Duration("this_turn"), "until end of turn": Duration("end_of_turn"),
           "until the end of your next turn": Duration("end_of_your_next_turn"),
           "": None}[dur_text]
    return PlayPermission(subject=ref, cast_only=m.group("verb").lower() == "cast",
                          free=bool(m.group("free")), duration=dur, text=m.group(0))


def _exile_top(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    raw = m.group("n")
    amt = Amount(1) if raw.lower() == "card" else amount(raw.split()[0])
    if amt is None:
        return None
    whose = m.group("whose").lower()
    owner = {"your": Ref("you"), "their": Ref("that_player"),
             "that player's": Ref("that_player"), "each player's": Ref("player_each")}.get(whose)
    if owner is None:
        owner = parse_ref(whose[:-2], ctx)
        if owner is None:
            return None
    return Exile(subject=Ref("library_top", of=owner, text=m.group(0)), from_zone="library",
                 amount=amt, face_down=bool(m.group("fd")), text=m.group(0))


def _pay(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    cost = parse_cost(m.group("cost")) or parse_cost("pay " + m.group("cost"))
    return None if cost is None else PayCost(cost=cost, player=s, text=m.group(0))


def _pay_any(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"you may pay {1}{G} any number of times": each payment is optional (118.1); the effect
    counts the payments."""
    cost = parse_cost(m.group("cost"))
    return None if cost is None else PayCost(cost=cost, player=s, times="any", text=m.group(0))


def _conjure(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    amt = amount(m.group("n"))
    zone = {"onto the battlefield": "battlefield", "into your hand": "hand",
            "into your graveyard": "graveyard", "into your library": "library"}[
        m.group("zone").lower()]
    return None if amt is None else Conjure(name=m.group("name"), zone=zone, amount=amt,
                                            text=m.group(0))


def _attach(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    what = _ref(m.group("obj"), ctx)
    to_text = m.group("to")
    if to_text.lower() in ("a player", "a creature", "a permanent"):
        to = Ref("chosen", filter=ObjectFilter(text=to_text), text=to_text)
    else:
        to = _ref(to_text, ctx)
    if what is None or to is None:
        return None
    return Attach(subject=what, to=to, text=m.group(0))


def _fight(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    other = _ref(m.group("obj"), ctx)
    return None if other is None else Fight(first=s, second=other, text=m.group(0))


def would_replacement(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"If <object> would die/leave the battlefield, instead <effects>" (rule 614.1a)."""
    subj = _ref(m.group("who"), ctx)
    if subj is None:
        return None
    inner = m.group("instead")
    inner = re.sub(r" instead of putting it anywhere else$", "", inner, flags=re.I)
    inner = re.sub(r"^instead ", "", inner, flags=re.I)
    inner = re.sub(r"^reveal (?:~|it) and ", "", inner, flags=re.I)  # (701.20: information only)
    inner = re.sub(r" instead$", "", inner, flags=re.I)
    effs = _grammar().parse_clause(inner, ctx)
    if effs is None:
        return None
    ev = m.group("event").lower()
    event = {"die": "dies", "leave the battlefield": "leaves_battlefield"}.get(ev)
    if event is None and ev.startswith("be put into"):
        event = "put_into_graveyard"
    if event is None:
        return None
    dur = Duration("this_turn") if m.groupdict().get("turn") else None
    return ReplacementEffect(event=event, subject=subj, instead=effs, duration=dur,
                             text=m.group(0))


# The verb-phrase table. Each regex is matched against the whole verb phrase (fullmatch).
_VP_SPECS: list[tuple[str, _Builder]] = [
    (r"draws? (?P<n>another|that many|" + NUM_WORD + r") cards?(?P<plus> plus one)?", _draw),
    (r"draws? cards equal to (?P<n>.+)", lambda s, m, c: Draw(player=s, amount=Amount(
        text="equal to " + m.group("n")), text=m.group(0))),
    (r"discards? (?P<what>.+)", _discard),
    (rf"mills? {N} cards?", _simple_amount(Mill)),
    (r"mills? a card", lambda s, m, c: Mill(player=s, amount=Amount(1), text=m.group(0))),
    (rf"scry {N}", lambda s, m, c: Scry(amount=amount(m.group("n")), player=s, text=m.group(0))),
    (rf"surveils? {N}", lambda s, m, c: Surveil(amount=amount(m.group("n")), player=s,
                                                 text=m.group(0))),
    (r"gains? (?P<n>" + NUM_WORD + r"|equal to .+?|that much) life(?: for each (?P<per>.+))?",
     _life(GainLife)),
    (r"gains? life (?P<n>equal to .+)", _life(GainLife)),
    (r"loses? (?P<n>" + NUM_WORD + r"|that much) life(?: for each (?P<per>.+))?",
     _life(LoseLife)),
    (r"loses? life (?P<n>equal to .+)", _life(LoseLife)),
    (r"loses? the game", lambda s, m, c: LoseGame(player=s, text=m.group(0))),
    (r"wins? the game", lambda s, m, c: WinGame(player=s, text=m.group(0))),
    (r"deals? (?P<n>" + NUM_WORD + r"|that much) damage (?P<div>divided as you choose among )?"
     r"(?:to )?(?P<to>.+)", _damage),
    (r"deals? damage (?P<n>equal to .+?) to (?P<div>)(?P<to>.+)", _damage),
    (r"gets? (?P<p>[+-](?:\d+|X))/(?P<t>[+-](?:\d+|X))", _pump),
    (r"(?:gains?|has|have) (?P<what>.+)", _grant),
    (r"put (?P<n>" + NUM_WORD + r"|that many) (?P<kind>\S+) counters? on (?P<on>.+)", _counters),
    # "put up to X +1/+0 counters on ~": how many (at most the number) is chosen on resolution
    (r"put up to (?P<n>" + NUM_WORD + r"|X) (?P<kind>\S+) counters? on (?P<on>.+)", lambda s, m, c:
     None if _ref(m.group("on"), c) is None else PutCounters(
         subject=_ref(m.group("on"), c), counter=m.group("kind"),
         amount=Amount(text="up to " + m.group("n")), text=m.group(0))),
    (r"puts? (?P<obj>.+?) into (?:its|their) owners?'s? library (?P<pos>second|third|fourth|"
     r"fifth|sixth|seventh) from the top", _put_nth),
    (r"put (?P<of>its|~'s|that creature's|their) counters on (?P<on>.+)", _put_counters_of),
    (rf"remove {N} (?P<kind>\S+) counters? from (?P<on>.+)", _remove_counters),
    (r"remove (?P<n>all) (?P<kind>\S+) counters from (?P<on>.+)", _remove_counters),
    (r"creates? (?P<what>.+)", _create),
    (r"destroy (?P<obj>.+?)(?P<noregen>\. (?:it|they) can't be regenerated)?",
     lambda s, m, c: _obj(Destroy, no_regenerate=bool(m.group("noregen")))(s, m, c)),
    (r"exile cards from the top of your library until you exile an? (?P<what>.+)", _exile_until),
    (r"reveals? cards from the top of (?:your|their|its|that player's) library until "
     r"(?:you reveal|they reveal|that player reveals) (?P<n>an?|that many|" + NUM_WORD +
     r") (?P<what>.+)", _reveal_until),
    (r"reveals? cards from the top of it until you reveal (?P<n>an?) (?P<what>.+)",
     _reveal_until),
    (r"exiles? (?P<obj>.+)", _exile),
    (r"returns? (?P<obj>.+?) to (?P<to>the battlefield|hand|its owner's hand|their owners' hands|"
     r"their owner's hand|your hand|your graveyard|their hands?)(?: (?P<mods>.+))?", _return),
    (r"puts? (?P<obj>.+?) onto the battlefield(?: (?P<mods>.+))?", _put_onto),
    (r"puts? (?P<obj>.+?) into (?P<where>your hand|their owners' hands|its owner's hand|"
     r"your graveyard|its owner's graveyard|their owners' graveyards)", _put_into),
    (r"puts? (?P<obj>.+?) (?:back )?(?P<pos>on top|on the bottom) of "
     r"(?:(?:your|its owner's|their) library|their owners' libraries)"
     r"(?: (?P<order>in any order|in a random order))?", _put_library),
    (r"(?:you may )?reveal (?P<what>.+?) from among them and put (?:it|that card|them|those "
     r"cards|the revealed cards) "
     r"(?P<dest>into your hand|onto the battlefield|into your graveyard)(?: (?P<mods>.+))?",
     _choose_among),
    (r"put (?P<what>.+?) from among (?:them|those cards|the milled cards|the revealed cards) "
     r"(?P<dest>into your hand|onto the battlefield|into your graveyard|on top of your library)"
     r"(?: (?P<mods>.+))?", _choose_among),
    (r"tap or untap (?P<obj>.+)", _obj(TapOrUntap)),
    (r"untap (?P<obj>.+)", _obj(Untap)),
    (r"tap (?P<obj>.+)", _obj(Tap)),
    (r"goad (?P<obj>.+)", _obj(Goad)),
    (r"transform (?P<obj>.+)", _transform),
    (r"(?:copy|copies) (?P<obj>it|that spell|target .+?)(?P<times> twice| three times)?", _copy),
    (r"takes? the initiative", lambda s, m, c: TakeInitiative(player=s, text=m.group(0))),
    (r"ventures? into (?P<where>the dungeon|Undercity)", _venture),
    (r"becomes? (?P<un>un)?prepared", _prepared),
    (r"end the turn", lambda s, m, c: EndTurn(text=m.group(0))),
    (r"end the combat phase", lambda s, m, c: EndCombat(text=m.group(0))),
    (r"counter (?P<obj>.+?)(?: unless its controller pays (?P<cost>.+))?", _counter),
    (r"adds? (?P<what>.+)", _add_mana),
    (r"sacrifices? (?P<obj>.+)", _sacrifice),
    (r"shuffles? (?:their|your) (?P<zones>.+?) into (?:their|your) library", _shuffle_into),
    (r"shuffles?(?: (?:your|their) library)?", lambda s, m, c: Shuffle(player=s,
                                                                        text=m.group(0))),
    (r"reveals? (?P<obj>it|that card|them|those cards)", _obj(Reveal)),
    (r"explores", lambda s, m, c: Explore(subject=s, text=m.group(0))),
    (r"fights? (?P<obj>.+)", _fight),
    (r"attach (?P<obj>.+?) to (?P<to>.+)", _attach),
    (r"search (?:your|their) library for (?P<desc>.+?), "
     r"(?P<reveal>reveal (?:it|them|that card|those cards), )?"
     r"put (?:it|that card|them|those cards) (?P<dest>into your hand|onto the battlefield tapped|"
     r"onto the battlefield|into your graveyard|on top of your library)"
     r"(?P<shuffle>,? then shuffle)?", _search),
    (r"search (?:your|their) library for (?P<desc>.+?), "
     r"(?P<reveal>reveal (?:it|them|those cards|that card|those cards), )?"
     r"(?P<rest>put .+?)(?P<shuffle>,? then shuffle)?", _search_then),
    (r"(?P<verb>look at|reveal) the top (?P<n>" + NUM_WORD + r") cards of your library", _look),
    (r"puts? (?P<obj>them|those cards|the rest) back in (?P<order>any|a random) order",
     lambda s, m, c: MoveToZone(subject=Ref("those", text=m.group("obj")),
                                to_zone="library_top_" + ("any" if m.group("order") == "any"
                                                          else "random"), text=m.group(0))),
    (r"search (?:your|their) library for (?P<desc>an? .+?),(?P<reveal> reveal it,)? then "
     r"shuffle and put that card on top(?: of it)?", lambda s, m, c: _search_top(s, m, c)),
    (r"(?P<verb>look at|reveal) the top card of your library(?P<n>)", _look),
    # "<subject> becomes a copy of ...", and the group form "Creatures you control become
    # copies of ..." (707.2: each one takes the copiable values)
    (r"(?:becomes? a copy|become copies) of (?P<obj>(?:another )?target [a-z ]+?|that creature|"
     r"it|that permanent)",
     _become_copy),
    (r"(?:(?P<lose_first>loses all abilities) and )?(?:is|becomes?) an? (?P<colors>(?:(?:"
     r"colorless|white|blue|black|red|green)(?: and |, )?)+ )?(?P<types>(?:[A-Z][\w'-]* )*"
     r"(?:artifact|land|enchantment|creature)(?: (?:artifact|land|enchantment|creature))*) "
     r"with base power and toughness (?P<p>\d+)/(?P<t>\d+)"
     r"(?: and (?:has|gains) (?P<kws>[a-z ,]+?))?"
     r"(?:,? and (?:it )?loses all other (?P<lose>card types and abilities|abilities, card types,"
     r" and creature types|abilities and card types|abilities|card types(?: and creature types)?"
     r"))?", _set_types_base),
    (r"(?:is|becomes?) an? (?P<colors>(?:(?:colorless|white|blue|black|red|green)(?: and |, )?)+ )?"
     r"(?P<types>(?:[A-Z][\w'-]* )*(?:artifact|land|enchantment|creature)"
     r"(?: (?:artifact|land|enchantment|creature))*)(?: with (?P<with>\"[^\"]+\"))?,? and "
     r"(?:it )?loses all other (?:card types and )?abilities", _set_types),
    (r"(?:is|are|becomes?) an? (?P<types>[A-Za-z][\w ]*?) in addition to (?:its|their) other "
     r"(?:creature |land )?types", _add_types),
    (r"can't attack or block(?P<turn> this turn)?", lambda s, m, c: (
        _restriction("cant_attack")(s, m, c), _restriction("cant_block")(s, m, c))),
    (r"can't block(?P<turn> this turn)?", _restriction("cant_block")),
    (r"can't transform(?P<turn> this turn)?", _restriction("cant_transform")),  # 701.27, 101.2
    (r"can't attack(?P<turn> this turn)?", _restriction("cant_attack")),
    (r"can't be blocked by (?P<by>.+?)(?P<turn> this turn)?", _restriction("cant_be_blocked_by")),
    (r"can't be blocked by more than one creature(?P<turn> this turn)?",
     _restriction("cant_be_blocked_by_more_than_one")),
    (r"can't be blocked(?P<turn> this turn)?", _restriction("cant_be_blocked")),
    (r"attacks each combat if able", _restriction("attacks_each_combat")),
    (r"blocks each combat if able", _restriction("blocks_each_combat")),
    (r"can't be countered", _restriction("cant_be_countered")),
    (r"becomes? an? (?P<p>\d+)/(?P<t>\d+) (?P<colors>(?:(?:white|blue|black|red|green|colorless)"
     r"(?: and |, )?)+ )?(?P<types>(?:[A-Za-z]+ )*?creature)"
     r"(?: with (?P<with>.+?))?(?P<still> that's still an? (?:land|planeswalker|artifact|"
     r"enchantment))?", _animate),
    # "becomes a Bird with base power and toughness 1/1 and flying"; as a static, "~ is a Bear
    # with base power and toughness 4/2" (613.1d-f layers 4-5, 613.4b)
    (r"(?:becomes?|is|are) an? (?P<colors>(?:(?:white|blue|black|red|green|colorless)"
     r"(?: and |, )?)+ )?"
     r"(?P<types>(?:[A-Z][a-z]+ )*?[A-Z][a-z]+) with base power and toughness "
     r"(?P<p>\d+)/(?P<t>\d+)(?: and (?P<kws>(?:flying|reach|trample|haste|vigilance|menace|"
     r"deathtouch|lifelink|first strike|defender|hexproof)(?:(?:,|,? and) (?:flying|reach|"
     r"trample|haste|vigilance|menace|deathtouch|lifelink|first strike|defender|hexproof))*))?",
     _animate_base),
    (r"(?:may )?cast (?P<obj>that card|it|that spell|the copy|the exiled card|target .+?)"
     r"(?P<free> without paying its mana cost)?", _cast_it),
    (r"(?P<any>any player may )?(?:may )?cast (?:(?P<what>.+?) )?spells(?P<turn> this turn)?"
     r"(?: during (?P<whose>your|your opponents'|each opponent's|an opponent's) turns?)? "
     r"as though they had flash", _flash_permission),
    (r"(?:may )?cast (?:(?P<what>[a-z ]+?) )?spells(?: from (?P<zone>your hand|exile|your "
     r"graveyard))? without paying their mana costs", _free_cast_permission),
    (r"(?:may )?pays? (?P<cost>(?:\{[^}]+\})+) any number of times", _pay_any),
    (r"pays? (?P<cost>.+)", _pay),
    (r"(?:you )?choose (?:an?|one) (?P<what>.+?) from (?P<whose>it|that player's hand|their hand|"
     r"your hand|among them)", _choose_card),
    (r"(?:you )?choose an? (?P<what>[a-z -]+?) on the battlefield", _choose_permanent),
    (r"shuffles? (?P<obj>~|it|that card|target .+?|them) into (?:its|their) owners?'s? librar"
     r"(?:y|ies)", lambda s, m, c: _shuffle_obj(s, m, c)),
    # "shuffle up to three target cards from your graveyard into your library"
    (r"(?:may )?shuffles? (?P<obj>(?:up to \w+ )?target .+?|them|those cards) into "
     r"(?:your|their|its owner's|their owners') librar(?:y|ies)",
     lambda s, m, c: _shuffle_obj(s, m, c)),
    (r"enters? tapped", lambda s, m, c: Tap(subject=s, text=m.group(0))),
    (r"prevent (?:all|the next (?P<n>" + NUM_WORD + r")) (?P<combat>combat )?damage that would be "
     r"dealt(?: to (?P<to>.+?))?(?: by (?P<by>.+?))?(?P<turn> this turn)?", _prevent),
    (r"prevent all (?P<combat>combat )?damage that would be dealt(?P<turn> this turn) to "
     r"(?P<to>.+)", lambda s, m, c: _prevent(s, _FakeMatch(m, by=None, n=None), c)),
    (r"prevent all (?P<combat>combat )?damage that would be dealt(?P<turn> this turn)? by "
     r"(?P<by>.+)", lambda s, m, c: _prevent(s, _FakeMatch(m, to=None, n=None), c)),
    (r"prevent all (?P<combat>combat )?damage that would be dealt to and dealt by (?P<obj>.+?)"
     r"(?P<turn> this turn)?", _prevent_to_and_by),
    (r"prevent all (?P<combat>combat )?damage (?P<by>.+?) would deal(?P<turn> this turn)?",
     lambda s, m, c: _prevent(s, _FakeMatch(m, to=None, n=None), c)),
    (r"chooses? an? (?P<kind>creature type|color|card type|card name|nonland card name|number|"
     r"basic land type|player|opponent)(?: other than (?P<other>.+))?",
     lambda s, m, c: ChooseValue(kind=m.group("kind").lower(), chooser=s, text=m.group(0))),
    (r"chooses? (?!target\b)(?P<opts>(?:[A-Z][\w' -]+, )+or [A-Z][\w' -]+)",
     lambda s, m, c: ChooseValue(
         kind="option", options=tuple(re.split(r",\s*(?:or\s+)?", m.group("opts"))),
         chooser=s, text=m.group(0))),
    (r"reveals? (?P<n>an?|any number of|" + NUM_WORD + r") (?P<what>.+?) from (?:your|their) hand",
     _reveal_from_hand),
    (r"gets? an emblem with \"(?P<q>[^\"]+)\"", _emblem),
    (r"gets? (?P<e>(?:\{E\})+)", lambda s, m, c: PutCounters(
        subject=s, counter="energy", amount=Amount(m.group("e").count("{E}")), text=m.group(0))),
    (r"loses? (?P<what>all abilities|[a-z ,]+)", _lose),
    (r"have (?P<obj>.+?) (?P<vp>(?:get|gain|become|deal|fight|lose|return|put|attack|block|"
     r"explore|connive)\b.+)", _have_do),
    (r"deals? damage to (?P<to>.+?) (?P<n>equal to .+)", lambda s, m, c: _damage(
        s, _FakeMatch(m, div=None), c)),
    (r"seeks? (?P<n>an?|" + NUM_WORD + r") (?P<what>.+?)(?P<bf> and put (?:it|them) onto the "
     r"battlefield)?", _seek),
    (r"perpetually (?P<vp>.+)", _perpetually),
    (r"choose (?P<obj>(?:up to \w+ |any number of |(?:two|three|four|five) )?target .+)",
     lambda s, m, c: None if _ref(m.group("obj"), c)
     is None else ChooseTarget(subject=_ref(m.group("obj"), c), text=m.group(0))),
    (r"double (?P<obj>.+?)'s power(?P<both> and toughness)?", _double_pt),
    # "Creatures you control have base power and toughness each equal to the number of
    # creatures you control" (613.4b, the amount counted as the effect applies)
    (r"(?:has|have) base power and toughness each equal to (?P<n>.+)", lambda s, m, c: SetBasePT(
        subject=s, power=Amount(text="equal to " + m.group("n")),
        toughness=Amount(text="equal to " + m.group("n")), duration=None, text=m.group(0))),
    (r"(?:has|have) base power and toughness (?P<p>\d+)/(?P<t>\d+)", lambda s, m, c: SetBasePT(
        subject=s, power=Amount(int(m.group("p"))), toughness=Amount(int(m.group("t"))),
        duration=None, text=m.group(0))),
    (r"all creatures able to block (?P<obj>.+?) this turn do so", lambda s, m, c: None if _ref(
        m.group("obj"), c) is None else Restriction(kind="must_be_blocked_by_all_able",
                                                   subject=_ref(m.group("obj"), c),
                                                   duration=Duration("this_turn"),
                                                   text=m.group(0))),
    (r"takes? an extra turn after this one", lambda s, m, c: ExtraTurn(player=s, text=m.group(0))),
    (r"becomes? the monarch", lambda s, m, c: BecomeMonarch(player=s, text=m.group(0))),
    (r"skips? (?:your|their) (?P<next>next )?(?P<what>turn|draw step|untap step|combat phase|"
     r"upkeep)s?", lambda s, m, c: Skip(player=s, what=m.group("what").lower().replace(" ", "_"),
                                      next_only=bool(m.group("next")), text=m.group(0))),
    (r"gains? control of (?P<obj>.+)", _gain_control),
    (r"(?P<name>proliferate|learn|investigate|populate|connive|discover|forage|incubate|"
     r"manifest dread|endure|time travel|collect evidence|support|bolster|adapt|amass|"
     r"monstrosity|the ring tempts you|explore|open an attraction|cloak|suspect)s?"
     r"(?:(?: (?P<n>" + NUM_WORD + r"))?(?: (?P<detail>[A-Z]\w+s?))?|"
     r" (?P<detail2>[A-Z]\w+s?) (?P<n2>" + NUM_WORD + r"))", _keyword_action),  # amass Orcs 2
    (r"regenerate (?P<obj>.+)", lambda s, m, c: _obj_action("regenerate", m, c)),
    (r"(?P<name>harness|airbend) (?P<obj>.+)", lambda s, m, c: _obj_action(
        m.group("name").lower(), m, c)),
    # "that player draws an additional card" (a draw added to a draw step)
    (r"draws? (?P<n>an|two|three) additional cards?", lambda s, m, c: Draw(
        player=s, amount=amount("a" if m.group("n") == "an" else m.group("n")),
        text=m.group(0))),
    (r"blights? (?P<n>" + NUM_WORD + r")", lambda s, m, c: None if amount(m.group("n")) is None
     else KeywordAction(name="blight", amount=amount(m.group("n")), subject=s, text=m.group(0))),
    (r"earthbend (?P<n>" + NUM_WORD + r")", _earthbend),
    (r"flip (?P<obj>it|~)", lambda s, m, c: _obj_action("flip", m, c)),
    (r"phases? out", lambda s, m, c: KeywordAction(name="phase out", subject=s,
                                                   text=m.group(0))),
    (r"(?:(?:you )?may )?(?P<verb>play|cast) (?P<obj>that card|them|those cards|it|"
     r"the exiled cards?|one of them|cards exiled this way|target .+?)"
     r"(?P<dur> this turn| until the end of your next turn| until end of turn)?"
     r"(?P<free> without paying (?:its|their) mana costs?)?"
     r"(?(dur)|(?P<dur2> this turn| until the end of your next turn| until end of turn)?)",
     _play_perm),
    (r"exiles? the top (?P<n>card|" + NUM_WORD + r" cards) of (?P<whose>your|their|"
     r"target player's|that player's|each player's) library(?P<fd> face down)?", _exile_top),
    (r"reveals? (?P<whose>their|your) hand", lambda s, m, c: Reveal(
        subject=Ref("hand_of", of=s, text=m.group(0)), text=m.group(0))),
    (r"(?:doesn't|don't) untap during (?:its|their|your) (?:controller's |controllers' )?"
     r"next untap step",
     _restriction("doesnt_untap_next")),
    (r"(?:doesn't|don't) untap during (?:its|their|your) (?:controller's |controllers' )?"
     r"untap steps?", _restriction("doesnt_untap")),
    (r"can block only (?P<by>.+)", _restriction("can_block_only")),
    (r"can block an additional creature each combat", _restriction("block_additional")),
    (r"can't be copied", _restriction("cant_be_copied")),
    (r"must be blocked(?P<turn> this turn)? if able", _restriction("must_be_blocked")),
    (r"blocks? (?:(?P<turn>this turn|this combat)|each combat) if able",
     _restriction("blocks_if_able")),
    (r"attacks? (?:(?P<turn>this turn|this combat)|each combat) if able",
     _restriction("attacks_each_combat")),
    (r"(?:have|has) no maximum hand size(?: for the rest of the game)?",
     _restriction("no_max_hand_size")),
    (r"can't gain life", _restriction("cant_gain_life")),
    (r"can't cast (?P<by>.+?) spells(?P<turn> this turn)?", _restriction("cant_cast")),
    (r"can't cast spells(?P<turn> this turn)?", _restriction("cant_cast")),
    (r"can't cast spells during your turn", _restriction("cant_cast_during_your_turn")),
    (r"can't cast (?P<by>spells with .+?)(?P<turn> this turn)?", _restriction("cant_cast")),
    (r"(?:may )?cast (?P<obj>that card|it|the exiled card)(?P<exiled> for as long as it remains "
     r"exiled)?,? and (?:you )?may spend mana as though it were mana of any (?:color|type) to "
     r"cast (?:that spell|it)", _cast_any_mana),
    (r"(?:may )?play an additional land on each of (?:your|their) turns",
     _restriction("additional_land_play")),
    # "You may play lands from your graveyard" (a permission, 305.1 / 601.3-style)
    (r"(?:may )?play lands from (?:your|their) graveyards?",
     _restriction("play_lands_from_graveyard")),
    (r"can be your commander", _restriction("can_be_commander")),
    # "You may activate loyalty abilities of planeswalkers you control on any player's turn any
    # time you could cast an instant" (a permission changing 606.3's timing)
    (r"(?:may )?activate loyalty abilities of (?P<by>planeswalkers you control) on any "
     r"player's turn any time (?:you|they) could cast an instant",
     _restriction("loyalty_instant_speed")),
    (r"conjure (?P<n>" + NUM_WORD + r") cards? named (?P<name>.+?) (?P<zone>onto the battlefield|"
     r"into your hand|into your graveyard|into your library)", _conjure),
    (r"enters? with an additional \+1/\+1 counter on (?:it|them)", lambda s, m, c:
     ReplacementEffect(event="enters", subject=s, instead=(PutCounters(
         subject=Ref("it"), counter="+1/+1", amount=Amount(1)),), text=m.group(0))),
]
VERB_PHRASES: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p, re.I), b) for p, b in _VP_SPECS]

