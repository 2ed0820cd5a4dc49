"""Conditions about deeds and object states: a subject (a player, an object, "a <noun>") and a
predicate about what it did or what happened to it this turn.

The player deeds ("you created a token this turn", "an opponent cast a blue and/or black spell
this turn", "you've committed a crime this turn", "you put a counter on a creature this turn",
"you descended this turn") and the object deeds ("that creature entered this turn", "~ didn't
attack this turn", "it was dealt damage this turn", "<noun> died under your control this
turn", "a spell was warped this turn") are read once for every subject the sentence grammar
knows (:mod:`rules_engine.text.conditions_more`'s players, objects named by a pronoun or "that
<noun>"); the engine evaluates them from the turn's events in
:mod:`rules_engine.mechanics.deed_conditions` (kinds "player_deed", "object_deed",
"died_this_turn", "graveyard_entered", "object_quality", "object_attached",
"object_controlled_by", "object_compare", "spell_warped_this_turn").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Amount, Condition, Ref
from rules_engine.text.conditions_more import _COUNT, _HAS, _WHO, _cmp, _who, object_is
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, parse_filter, parse_ref

_Builder = Callable[[re.Match[str], Ctx], Condition | None]

# "you've cast", "you have cast", "an opponent has cast", "they cast"
_PERF = r"(?:'ve | have | has | )"
# an object subject: a pronoun, "that <noun>", the objects an instruction used
OBJ = (r"(?P<obj>~|it|he|she|that creature|that card|that land|that permanent|that spell|"
       r"that artifact|that enchantment|that token|the sacrificed (?:creature|artifact|permanent|"
       r"enchantment|land|Vehicle)|the exiled card|the discarded card|the revealed card|"
       r"the milled card|enchanted creature|enchanted permanent|enchanted land|enchanted artifact|"
       r"equipped creature)")


def obj_ref(word: str, ctx: Ctx) -> Ref | None:
    """The Ref of an object subject: "he"/"she" are the source's own pronouns (a character's
    name respelled "~" elsewhere), "the discarded card" is what the instruction before used
    (608.2c: ``it``)."""
    low = word.lower()
    if low in ("he", "she"):
        return Ref("self", text=low)
    if low == "the discarded card" or low.startswith("the sacrificed "):
        return Ref("it", text=low)
    ref = parse_ref(word, ctx)
    if ref is None and low.startswith("that "):
        return Ref("it", text=low)
    if ref is None or ref.kind not in ("self", "it", "enchanted", "equipped"):
        return None
    return ref


def _noun_filter(what: str) -> tuple[object | None, bool]:
    """The filter of "a Phyrexian", "another Human", "an artifact or creature", "a creature
    card" and whether "another" excluded the source."""
    what = what.strip()
    another = bool(re.match(r"another\b", what, re.I))
    what = re.sub(r"^(?:an?|another|one or more) ", "", what, flags=re.I)
    return parse_filter(what), another


# -- players ----------------------------------------------------------------------------------
def _player_deed(deed: str, *, negated: bool = False, counted: bool = False,
                 noun: str = "") -> _Builder:
    """"<player> created a token this turn", "<player> committed a crime this turn": the
    player's deeds among this turn's events (``detail`` the deed, ``filter`` what it was
    about)."""
    def build(m: re.Match[str], ctx: Ctx) -> Condition | None:
        d = m.groupdict()
        flt = None
        what = (d.get("what") or "").strip()
        if what or noun:
            flt, _another = _noun_filter(f"{what} {noun}".strip())
            if flt is None:
                return None
        amt = _cmp(m) if counted and d.get("n") else Amount(1)
        if amt is None:
            return None
        detail = deed
        if d.get("kind"):
            detail = f"{deed}:{d['kind'].strip().lower()}"
        if d.get("on"):
            detail = f"{detail}@{'self' if d['on'] in ('~', 'it') else 'any'}"
        return Condition("player_deed", amount=amt, subject=_who(m), detail=detail, filter=flt,
                         negated=negated, text=m.group(0))
    return build


def _cast_both(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"you've cast both a creature spell and a noncreature spell this turn" (601.2i): one of
    each, each part counted on its own."""
    parts = []
    for what in (m.group("a"), m.group("b")):
        flt, _ = _noun_filter(what)
        if flt is None:
            return None
        parts.append(Condition("player_deed", amount=Amount(1), subject=_who(m),
                               detail="cast", filter=flt, text=f"cast {what}"))
    return Condition("and", parts=tuple(parts), text=m.group(0))


def _dealt_damage_player(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"a player was dealt 6 or more combat damage this turn" (120.3: the damage events with
    that player as the recipient, summed)."""
    amt = _cmp(m) if m.groupdict().get("n") else Amount(1)
    if amt is None:
        return None
    kind = (m.groupdict().get("dmg") or "").strip().lower() or "any"
    return Condition("player_deed", amount=amt, subject=_who(m), detail=f"dealt_damage:{kind}",
                     text=m.group(0))


# -- objects ----------------------------------------------------------------------------------
def _object_deed(deed: str, *, negated: bool = False) -> _Builder:
    """"that creature entered this turn", "~ didn't attack this turn", "it was dealt damage
    this turn" (the object's own events this turn, ``detail`` the deed)."""
    def build(m: re.Match[str], ctx: Ctx) -> Condition | None:
        ref = obj_ref(m.group("obj"), ctx)
        if ref is None:
            return None
        detail = deed
        if m.groupdict().get("dmg"):
            detail = f"{deed}:{m.group('dmg').strip().lower()}"
        neg = negated or bool(re.search(r"n't|\bnot\b", m.groupdict().get("neg") or ""))
        return Condition("object_deed", subject=ref, detail=detail, negated=neg,
                         text=m.group(0))
    return build


# 700.9 "modified", 301.5 "equipped", 303.4 "enchanted", 701.60b "suspected": the qualifier
# words of ``registry.QUALIFIERS`` a condition may say about one object
_QUALITIES = r"(?P<q>modified|unmodified|equipped|enchanted|suspected|monstrous|renowned)"


def _quality(m: re.Match[str], ctx: Ctx) -> Condition | None:
    ref = obj_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    neg = bool(re.search(r"n't|\bnot\b", m.group("verb")))
    return Condition("object_quality", subject=ref, detail=m.group("q").lower(), negated=neg,
                     text=m.group(0))


def _qualities_or(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"it was enchanted or equipped": either quality (as it last existed, 608.2h)."""
    ref = obj_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    parts = tuple(Condition("object_quality", subject=ref, detail=q.lower(), text=q)
                  for q in (m.group("a"), m.group("b")))
    return Condition("or", parts=parts, text=m.group(0))


def _attached(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"~ is attached to a creature" (301.5, 303.4: the permanent it is attached to)."""
    ref = obj_ref(m.group("obj"), ctx)
    flt, _ = _noun_filter(m.group("what"))
    if ref is None or flt is None:
        return None
    return Condition("object_attached", subject=ref, filter=flt, negated=bool(
        re.search(r"n't|\bnot\b", m.group("verb"))), text=m.group(0))


def _controlled_by(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"you control that creature", "an opponent controls that creature" (108.4: its
    controller now; as it last existed once it has left, 608.2h)."""
    ref = obj_ref(m.group("obj"), ctx)
    if ref is None or ref.kind == "self" and m.group("obj") == "~":
        return None
    neg = bool(m.groupdict().get("neg"))
    return Condition("object_controlled_by", subject=ref, detail=_who(m).kind, negated=neg,
                     text=m.group(0))


def _greater(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"that creature has greater power or toughness than ~", "it had power greater than ~'s
    power" (208.1: compared with the source's, either stat when both are named)."""
    ref = obj_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    stats = re.split(r" or | and ", (m.group("stats") or "").lower())
    if any(s not in ("power", "toughness") for s in stats):
        return None
    return Condition("object_compare", subject=ref, detail="|".join(stats), text=m.group(0))


def _died(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"a creature died under your control this turn", "another Human died under your control
    this turn", "a non-Zombie creature died this turn" (700.4: put into a graveyard from the
    battlefield; the creature as it last existed, 608.2h)."""
    flt, another = _noun_filter(m.group("what"))
    if flt is None:
        return None
    amt = _cmp(m) if m.groupdict().get("n") else Amount(1)
    if amt is None:
        return None
    detail = ("you" if m.group("under") else "any") + (":other" if another else "")
    return Condition("died_this_turn", amount=amt, filter=flt, detail=detail, text=m.group(0))


def _to_graveyard(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"a creature card was put into your graveyard from anywhere this turn", "an artifact or
    creature was put into a graveyard from the battlefield this turn" (400.7: the cards that
    entered a graveyard this turn; ``detail`` whose graveyard : from which zone)."""
    flt, _ = _noun_filter(m.group("what"))
    if flt is None:
        return None
    whose = "you" if m.group("whose").lower() == "your" else "any"
    frm = "battlefield" if m.group("frm") and "battlefield" in m.group("frm").lower() else "any"
    return Condition("graveyard_entered", amount=Amount(1), filter=flt,
                     detail=f"{whose}:{frm}", text=m.group(0))


def _obj_is(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"the discarded card wasn't a land card", "the sacrificed permanent was a Vehicle", "the
    sacrificed artifact was legendary" (the object an instruction or a cost used, as it last
    existed, 608.2h; evaluated as ``object_is``)."""
    return object_is(obj_ref(m.group("obj"), ctx), m)


def _mana_from(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"if mana from a Treasure was spent to cast it", "if three or more mana from creatures
    was spent to cast it" (106.3: the mana's sources; ``detail`` whose payment: "activate" for
    the ability's own, else the spell "~" / "it")."""
    what = re.sub(r"s$", "", m.group("what").strip()) if m.group("what").strip().lower() in (
        "creatures", "artifacts", "lands") else m.group("what").strip()
    flt = parse_filter(what)
    amt = _cmp(m) if m.groupdict().get("n") else Amount(1)
    if flt is None or amt is None:
        return None
    detail = "activate" if m.group("act") else ("~" if m.group("obj") == "~" else "it")
    return Condition("mana_from", amount=amt, filter=flt, detail=detail, text=m.group(0))


_KEYWORDS = (r"decayed|flying|toxic|haste|trample|deathtouch|lifelink|menace|reach|vigilance|"
             r"first strike|double strike|defender|indestructible|hexproof|flash|infect|wither|"
             r"persist|undying|ward|prowess|changeling|shroud|unearth|flanking|horsemanship|"
             r"shadow|fear|intimidate|skulk|convoke|delve|cascade|mutate|suspend|madness")


def _keyword(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"if it didn't have decayed", "if that creature has flying" (702: the keyword ability the
    object has, or had as it last existed, 608.2h)."""
    ref = obj_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return Condition("object_keyword", subject=ref, detail=m.group("kw").lower(),
                     negated=bool(m.group("neg")), text=m.group(0))


def _this_way(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"If a card is put into exile this way", "if no creature cards were revealed this way",
    "if at least one Angel card is milled this way", "if another Desert was returned this way"
    (608.2c: the objects the instruction before moved; ``moved_this_way``)."""
    q = m.group("q").lower()
    what = m.group("what")
    flt = parse_filter(("another " if q == "another" else "") + what)
    if flt is None:
        return None
    verb = m.group("verb").lower()
    verb = "exiled" if verb == "put into exile" else verb
    return Condition("moved_this_way", filter=flt, detail=verb, negated=q == "no",
                     text=m.group(0))


def _exactly_or(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """Either exact hand size (402.1)."""
    parts = []
    for g in ("a", "b"):
        n = Amount(0) if m.group(g).lower() in ("zero", "0") else amount(m.group(g))
        if n is None or n.value is None:
            return None
        parts.append(Condition("player_measure", amount=Amount(n.value, text="exactly"),
                               subject=Ref("you", text="you"), detail="hand",
                               text=f"exactly {m.group(g)}"))
    return Condition("or", parts=tuple(parts), text=m.group(0))


def _self_or_another(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """Either ~ entered this turn (603.6a) or another object the rest names did."""
    from rules_engine.text.conditions import parse_condition  # (the whole grammar)

    rest = parse_condition(m.group("rest"), ctx)
    if rest is None:
        return None
    return Condition("or", parts=(Condition("object_deed", subject=Ref("self"),
                                            detail="entered", text="~ entered this turn"),
                                  rest), text=m.group(0))


def _f(kind: str, detail: str | None = None, negated: bool = False) -> _Builder:
    return lambda m, c: Condition(kind, detail=detail, negated=negated, text=m.group(0))


_YOUVE = r"(?P<who>you)(?:'ve| have)?"
DEED_CONDITIONS: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p, re.I), b) for p, b in [
        # players (each subject of conditions_more's grammar)
        (rf"{_WHO}{_PERF}(?:created|has created) (?:an?|one or more) (?P<what>[\w -]*?)?tokens?"
         r" this turn", _player_deed("created", noun="token")),
        (rf"{_WHO}{_PERF}(?:created|has created) {_COUNT} (?P<what>[\w -]*?)?tokens? this turn",
         _player_deed("created", counted=True, noun="token")),
        (rf"{_WHO}{_PERF}(?:committed|has committed) a crime this turn", _player_deed("crime")),
        (rf"{_WHO} (?:haven't|hasn't|didn't|have not|has not) committed a crime this turn",
         _player_deed("crime", negated=True)),
        (rf"{_WHO}{_PERF}descended this turn", _player_deed("descended")),
        (rf"{_WHO} (?:haven't|hasn't|didn't) descend(?:ed)? this turn",
         _player_deed("descended", negated=True)),
        (rf"{_WHO}{_PERF}put (?:a|one or more) (?P<kind>\S+ )?counters? on (?P<on>~|it|an? "
         r"(?P<what>[\w -]+?)) this turn", _player_deed("counters_put")),
        (rf"{_WHO}{_PERF}discarded (?:a|one or more) (?P<what>[\w -]+?)? ?cards? this turn",
         _player_deed("discarded", noun="card")),
        (rf"{_WHO}{_PERF}cast (?:an?|one or more) (?P<what>[\w /-]*?spells?(?: with [\w ]+?)?) "
         r"this turn", _player_deed("cast")),
        (rf"{_WHO}{_PERF}cast {_COUNT} (?P<what>[\w /-]+?)? ?spells? this turn",
         _player_deed("cast", counted=True, noun="spell")),
        (rf"{_WHO} (?:haven't|hasn't|didn't|have not|has not) cast (?:an?|any) "
         r"(?P<what>[\w /-]+?)? ?spells? this turn",
         _player_deed("cast", negated=True, noun="spell")),
        (rf"{_YOUVE} cast both (?P<a>an? [\w -]+? spell) and (?P<b>an? [\w -]+? spell) this "
         r"turn", _cast_both),
        (rf"{_WHO} (?:was|were|has been|have been|'ve been) dealt (?:{_COUNT} )?(?P<dmg>combat "
         r"|noncombat )?damage this turn", _dealt_damage_player),
        (rf"{_WHO} (?:wasn't|weren't|hasn't been|haven't been) dealt (?P<dmg>combat |noncombat )"
         r"?damage this turn", lambda m, c: None if _dealt_damage_player(m, c) is None else
         Condition("player_deed", amount=Amount(1), subject=_who(m),
                   detail=_dealt_damage_player(m, c).detail, negated=True, text=m.group(0))),
        (rf"{_YOUVE} attacked with {_COUNT} (?P<what>[\w -]+?) this turn", lambda m, c: None
         if parse_filter(m.group("what")) is None or _cmp(m) is None else Condition(
             "attacked_with_this_turn", amount=_cmp(m), filter=parse_filter(m.group("what")),
             text=m.group(0))),
        (rf"there are at least (?P<n>{NUM_WORD}) (?P<what>.+?) in your graveyard",
         lambda m, c: None if parse_filter(m.group("what")) is None or _cmp(m) is None else
         Condition("graveyard_count", amount=_cmp(m), filter=parse_filter(m.group("what")),
                   text=m.group(0))),
        # a spell cast with warp (702.185a) this turn, by anyone
        (r"an? (?:spell|card) was warped this turn", _f("spell_warped_this_turn")),
        # objects
        (rf"{OBJ} ?(?P<verb>is|was|isn't|wasn't|is not|was not|'s not|'s) (?P<what>(?:an?|"
         r"another) [\w, -]+|legendary|nonbasic|basic|snow|white|blue|black|red|green|colorless|"
         r"multicolored)", _obj_is),
        (rf"{OBJ} (?:entered|has entered) (?:the battlefield )?this turn",
         _object_deed("entered")),
        (rf"{OBJ} (?P<neg>didn't |did not |hasn't |has not )?(?:attacked|attack) this turn",
         _object_deed("attacked")),
        (rf"{OBJ} (?P<neg>didn't |did not )?(?:blocked|block) this turn", _object_deed("blocked")),
        (rf"{OBJ} (?P<neg>was |wasn't |was not |has been |hasn't been )dealt (?P<dmg>excess |"
         r"combat |noncombat )?damage this turn", lambda m, c: _object_deed("dealt_damage")(
             m, c) if m.group("dmg") is None else _object_deed("dealt_damage")(m, c)),
        # ("was": as it last existed, 608.2h: the Auras and Equipment on it as it left)
        (rf"{OBJ} ?(?P<verb>'s|'s not| is| isn't| is not| was| wasn't| was not) {_QUALITIES}",
         _quality),
        (rf"{OBJ} (?:is|was) (?P<a>enchanted|equipped) or (?P<b>enchanted|equipped)",
         _qualities_or),
        (rf"{OBJ} (?P<verb>is|isn't|is not|was) attached to (?P<what>an? [\w -]+)", _attached),
        (rf"{_WHO} (?P<neg>(?:don't|doesn't|do not|does not) )?(?:control|controls|controlled) "
         rf"{OBJ}", _controlled_by),
        (rf"{OBJ} (?:has|had) greater (?P<stats>power or toughness|power|toughness) than ~",
         _greater),
        (rf"{OBJ} (?:has|had) (?P<stats>power|toughness) greater than ~'s (?:power|toughness)",
         _greater),
        # "If you don't put the card into your hand, you may put it into your graveyard": where
        # the card the instruction before looked at is now (400.1)
        (r"you (?P<neg>don't |didn't |do not |did not )?put (?:the|that) card (?P<zone>into your "
         r"hand|onto the battlefield)", lambda m, c: Condition(
             "object_zone", subject=Ref("it", text="the card"), detail="hand" if "hand" in
             m.group("zone").lower() else "battlefield", negated=bool(m.group("neg")),
             text=m.group(0))),
        # 106.3, 601.2h: the sources of the mana spent to cast the spell or activate the ability
        (r"mana from an? (?P<what>[\w -]+?) was spent to (?:cast (?P<obj>~|it|that spell)|"
         r"(?P<act>activate this ability))", _mana_from),
        (rf"{_COUNT} mana from (?P<what>[\w -]+?) was spent to (?:cast (?P<obj>~|it|that spell)|"
         r"(?P<act>activate this ability))", _mana_from),
        # 118.9: "If the {1}{B} cost was paid" (the printed alternative cost, of the Masteries)
        (r"the (?P<cost>(?:\{[^}]+\})+) cost was paid", lambda m, c: Condition(
            "printed_alt_cost_paid", detail=m.group("cost"), text=m.group(0))),
        (r"the (?P<cost>(?:\{[^}]+\})+) cost (?:wasn't|was not) paid", lambda m, c: Condition(
            "printed_alt_cost_paid", detail=m.group("cost"), negated=True, text=m.group(0))),
        # a keyword of the object, as it last existed (608.2h): "if it didn't have decayed"
        (rf"{OBJ} (?P<neg>didn't |did not |doesn't |does not )?(?:has|have|had) "
         rf"(?P<kw>{_KEYWORDS})", _keyword),
        # 205.2a: "if it shares a card type with the exiled card"
        (rf"{OBJ} (?P<neg>doesn't )?shares? a card type with (?P<other>the exiled card|the card "
         r"exiled with ~|~)", lambda m, c: None if obj_ref(m.group("obj"), c) is None else
         Condition("shares_card_type", subject=obj_ref(m.group("obj"), c),
                   detail="self" if m.group("other") == "~" else "exiled_with",
                   negated=bool(m.group("neg")), text=m.group(0))),
        # 702.190a: "if this spell's sneak cost was paid" (marked as the spell is cast)
        (r"(?:~'s|its|this spell's|her|his) sneak cost was paid(?: this turn)?",
         _f("sneaked")),
        (r"(?:~|he|she) was cast", _f("cast_from")),  # 601.2i: "as long as it was cast"
        # "Whenever another creature enters, if it wasn't cast" (the entering object, 603.4)
        (r"(?P<obj>it|that creature|that permanent) (?P<neg>wasn't|was not|was) cast(?: from "
         r"(?:your |a )?(?P<zone>hand|graveyard|exile))?", lambda m, c: Condition(
             "object_cast", subject=Ref("it", text=m.group("obj")),
             detail=(m.group("zone") or "").lower() or None,
             negated=m.group("neg").lower() != "was", text=m.group(0))),
        (r"you have max speed", _f("max_speed")),  # 702.179d
        (r"(?:~'s|its|this spell's) madness cost was paid", _f("madness_paid")),  # 702.35
        # 103.4: the starting life total (20 in a two-player game)
        (rf"{_WHO} {_HAS} at least (?P<n>{NUM_WORD}) life more than (?:your|their) starting "
         r"life total", lambda m, c: None if _cmp(m) is None else Condition(
             "life_over_starting", amount=_cmp(m), subject=_who(m), text=m.group(0))),
        # 506.4, 508.1: the battlefield and this turn's attacks, anyone's
        (r"no (?P<what>creatures?) (?:are|is) on the battlefield", lambda m, c: Condition(
            "amount_at_least", amount=Amount(1), negated=True,
            detail="the number of creatures on the battlefield", text=m.group(0))),
        (r"(?P<no>no )?creatures attacked this turn", lambda m, c: Condition(
            "creatures_attacked_this_turn", negated=bool(m.group("no")), text=m.group(0))),
        # 205.3m, 702.73a: "if it shares a creature type with ~"
        (rf"{OBJ} (?P<neg>doesn't )?shares? a creature type with (?P<other>~)", lambda m, c: None
         if obj_ref(m.group("obj"), c) is None else Condition(
             "shares_creature_type", subject=obj_ref(m.group("obj"), c),
             negated=bool(m.group("neg")), text=m.group(0))),
        # what the instruction before did (608.2c: "this way")
        (r"(?P<q>an?|one or more|at least one|another|no) (?P<what>[\w, -]+?) (?:is|are|was|were) "
         r"(?P<verb>put into exile|exiled|milled|revealed|discarded|sacrificed|returned|destroyed)"
         r" this way", _this_way),
        (rf"{_YOUVE} (?P<neg>didn't |did not |don't |do not )?(?:draw|drew) (?:{_COUNT} |a |any )?"
         r"cards? this way", lambda m, c: Condition(
             "drew_this_way", amount=(_cmp(m) if m.group("n") else Amount(1)) or Amount(1),
             negated=bool(m.group("neg")), text=m.group(0))),
        (rf"{_YOUVE} (?P<neg>didn't |did not |don't |do not )?put (?:a|one or more) cards? into "
         r"your hand this way", lambda m, c: Condition(
             "put_into_hand_this_way", negated=bool(m.group("neg")), text=m.group(0))),
        # 607.2d / 201.4: "if that card has the chosen name"
        (rf"{OBJ} (?P<neg>doesn't |does not )?(?:has|have) the chosen name", lambda m, c: None if
         obj_ref(m.group("obj"), c) is None or parse_filter("card with the chosen name") is None
         else Condition("object_is", subject=obj_ref(m.group("obj"), c),
                        filter=parse_filter("card with the chosen name"),
                        negated=bool(m.group("neg")), text=m.group(0))),
        # 702.62b: in exile with suspend and a time counter
        (r"(?P<obj>~|it) (?P<neg>is|isn't|is not) suspended", lambda m, c: Condition(
            "suspended", negated=m.group("neg").lower() != "is", text=m.group(0))),
        # present tense: "If you discard a creature card this way"
        (r"you (?P<neg>don't |do not )?(?P<verb>discard|mill|sacrifice|reveal|exile|return) "
         r"(?P<q>an?|one or more|at least one) (?P<what>[\w -]+?) this way", lambda m, c: None if
         parse_filter(m.group("what")) is None else Condition(
             "moved_this_way", filter=parse_filter(m.group("what")), detail={
                 "discard": "discarded", "mill": "milled", "sacrifice": "sacrificed",
                 "reveal": "revealed", "exile": "exiled", "return": "returned"}[
                     m.group("verb").lower()], negated=bool(m.group("neg")), text=m.group(0))),
        # the traps: "if an opponent had two or more creatures enter under their control this
        # turn" (603.6a: what entered under that player's control)
        (rf"{_WHO} had (?:(?P<q>an?)|{_COUNT}) (?P<what>[\w -]+?) enter (?:the battlefield )?"
         r"under (?:their|your|his or her) control this turn", lambda m, c: None if
         parse_filter(m.group("what")) is None or (not m.group("q") and _cmp(m) is None) else
         Condition("player_deed", amount=Amount(1) if m.group("q") else _cmp(m),
                   subject=_who(m), detail="entered", filter=parse_filter(m.group("what")),
                   text=m.group(0))),
        (rf"{_WHO} had {_COUNT} cards put into (?:their|your) graveyard from anywhere this turn",
         lambda m, c: None if _cmp(m) is None else Condition(
             "player_deed", amount=_cmp(m), subject=_who(m), detail="to_graveyard",
             text=m.group(0))),
        # 103.4: "an opponent's life total is less than half their starting life total"
        (r"(?P<who>an opponent|each opponent|you)(?:'s|r) life total is less than half "
         r"(?:their|your) starting life total", lambda m, c: Condition(
             "life_under_half_starting", subject=_who(m), text=m.group(0))),
        (rf"{_COUNT} damage was dealt to {OBJ} this turn", lambda m, c: None if _cmp(m) is None
         or obj_ref(m.group("obj"), c) is None else Condition(
             "object_deed", amount=_cmp(m), subject=obj_ref(m.group("obj"), c),
             detail="damage_total", text=m.group(0))),
        # 208.1: "if creatures you control have total toughness 10 or greater"
        (rf"creatures you control have total (?P<stat>power|toughness) {_COUNT}", lambda m, c:
         None if _cmp(m) is None or _cmp(m).text else Condition(
             "amount_at_least", amount=_cmp(m),
             detail=f"the total {m.group('stat').lower()} of creatures you control",
             text=m.group(0))),
        # 122.1: "if a +1/+1 counter was put on a permanent under your control this turn"
        (r"an? (?P<kind>\S+) counters? (?:was|were) put on an? (?P<what>[\w -]+?) (?:under your "
         r"control|you control) this turn", lambda m, c: None if parse_filter(m.group("what"))
         is None else Condition("counters_put_on_yours", filter=parse_filter(m.group("what")),
                                detail=m.group("kind"), text=m.group(0))),
        # 120.3, 608.2c: "If a Dinosaur is dealt damage this way"
        (r"an? (?P<what>[\w -]+?) (?:is|was) dealt damage this way", lambda m, c: None if
         parse_filter(m.group("what")) is None else Condition(
             "dealt_damage_this_way", filter=parse_filter(m.group("what")), text=m.group(0))),
        # 509.1h: "if it was blocked this turn"; 120.3: "if ~ dealt damage to an opponent"
        (rf"{OBJ} (?P<neg>was|wasn't) blocked this turn", lambda m, c: None if obj_ref(
            m.group("obj"), c) is None else Condition(
                "object_deed", subject=obj_ref(m.group("obj"), c), detail="was_blocked",
                negated=m.group("neg").lower() != "was", text=m.group(0))),
        (rf"{OBJ} (?P<neg>dealt|didn't deal) (?P<dmg>combat )?damage to (?P<to>an opponent|a "
         r"player) this turn", lambda m, c: None if obj_ref(m.group("obj"), c) is None else
         Condition("object_deed", subject=obj_ref(m.group("obj"), c),
                   detail="dealt_to_" + ("opponent" if "opponent" in m.group("to") else
                                         "player"), negated=m.group("neg") != "dealt",
                   text=m.group(0))),
        # 103.4: "your life total is greater than or equal to your starting life total"
        (r"your life total is greater than or equal to your starting life total",
         lambda m, c: Condition("life_over_starting", amount=Amount(0), subject=Ref("you"),
                                text=m.group(0))),
        # 400.1: "there are no Zombies on the battlefield", "five or more Revelers are on the
        # battlefield" (anyone's)
        (r"there are no (?P<what>[\w -]+?) on the battlefield", lambda m, c: Condition(
            "amount_at_least", amount=Amount(1), negated=True,
            detail=f"the number of {m.group('what')} on the battlefield", text=m.group(0))),
        (rf"(?:there are )?{_COUNT} (?P<what>[\w -]+?) (?:are )?on the battlefield", lambda m, c:
         None if _cmp(m) is None or _cmp(m).text else Condition(
             "amount_at_least", amount=_cmp(m),
             detail=f"the number of {m.group('what')} on the battlefield", text=m.group(0))),
        # 305.1: "if you didn't play a land this turn"
        (rf"{_WHO} (?:didn't|did not|haven't|hasn't) play(?:ed)? a land this turn",
         _player_deed("played_land", negated=True)),
        (rf"{_WHO}{_PERF}played a land this turn", _player_deed("played_land")),
        # 208.1: "if that creature is 1/1"
        (rf"{OBJ} is (?P<p>\d+)/(?P<t>\d+)", lambda m, c: None if obj_ref(m.group("obj"), c)
         is None else Condition("object_pt", subject=obj_ref(m.group("obj"), c),
                                detail=f"{m.group('p')}/{m.group('t')}", text=m.group(0))),
        # 303.4, 301.5: "as long as ~ is enchanted by exactly two Auras"
        (rf"{OBJ} is (?P<how>enchanted|equipped) by {_COUNT} (?:Auras?|Equipment)", lambda m, c:
         None if _cmp(m) is None or obj_ref(m.group("obj"), c) is None else Condition(
             "attached_count", amount=_cmp(m), subject=obj_ref(m.group("obj"), c),
             detail="Aura" if m.group("how").lower() == "enchanted" else "Equipment",
             text=m.group(0))),
        # 108.4: "If it entered under your control" (its controller as it entered, now)
        (rf"{OBJ} entered (?:the battlefield )?under (?P<who>your|an opponent's) control",
         lambda m, c: None if obj_ref(m.group("obj"), c) is None else Condition(
             "object_controlled_by", subject=obj_ref(m.group("obj"), c),
             detail="you" if m.group("who").lower() == "your" else "opponent_any",
             text=m.group(0))),
        # "if you control the creature with the greatest power or tied for the greatest power"
        (r"you control the creature with the greatest (?P<stat>power|toughness)(?: or tied for "
         r"the greatest (?:power|toughness))?", lambda m, c: Condition(
             "control_greatest", detail=m.group("stat").lower(),
             text=m.group(0))),
        # 400.7: "if it entered from your graveyard" (the zone it came from to the battlefield)
        (r"(?:~|it) entered (?:the battlefield )?from (?:your|a) (?P<zone>graveyard|hand|exile)",
         lambda m, c: Condition("entered_from", detail=m.group("zone").lower(),
                                text=m.group(0))),
        # 601.2i: "If this spell is the first spell you've cast this game"
        (r"~ is the first spell you've cast this game", _f("first_spell_this_game")),
        # 122.1: "if there are thirty or more counters among artifacts and creatures you control"
        (rf"there are {_COUNT} counters among (?P<what>[\w ,-]+?)", lambda m, c: None if
         _cmp(m) is None or _cmp(m).text else Condition(
             "amount_at_least", amount=_cmp(m),
             detail=f"the number of counters among {m.group('what')}", text=m.group(0))),
        # 201.2: "If you control creatures named Mine Worker and Tower Worker"
        (r"you control (?:creatures|permanents|artifacts) named (?P<a>[A-Z][\w' -]+?) and "
         r"(?P<b>[A-Z][\w' -]+)", lambda m, c: Condition("and", parts=tuple(
             Condition("control_named", detail=n.strip(), text=f"you control {n.strip()}")
             for n in (m.group("a"), m.group("b"))), text=m.group(0))),
        # 506.4, 122.1f: "if one or more players being attacked are poisoned"
        (r"(?:one or more|a|any) players? being attacked (?:is|are) poisoned", _f(
            "attacked_player_poisoned")),
        # 601.2h, 106.1: "If exactly three colors of mana were spent to activate this ability"
        (rf"{_COUNT} colors of mana (?:were|was) spent to (?:activate this ability|cast "
         r"(?P<obj>~|it|that spell))", lambda m, c: None if _cmp(m) is None else Condition(
             "colors_spent", amount=_cmp(m), detail=m.groupdict().get("obj") or "activate",
             text=m.group(0))),
        # 105.2: "If that spell was all colors"
        (rf"{OBJ} (?:was|is) all colors", lambda m, c: None if obj_ref(m.group("obj"), c) is None
         else Condition("object_all_colors", subject=obj_ref(m.group("obj"), c),
                        text=m.group(0))),
        # "if ~ or another artifact entered under your control this turn": ~ itself, or another
        (r"~ or (?P<rest>another [\w -]+? entered (?:the battlefield )?under your control this "
         r"turn)", _self_or_another),
        # the turn's steps (500.1; "Activate only during any upkeep step" reads "if it's ...")
        (r"it's (?:any|an?|each|the) (?P<step>upkeep|draw|end|declare attackers|declare "
         r"blockers|combat damage)(?: step)?", lambda m, c: Condition(
             "step_is", detail=m.group("step").lower().replace(" ", "_"), text=m.group(0))),
        (r"it's combat after blockers are declared", lambda m, c: Condition(
            "step_is", detail="declare_blockers|first_strike_damage|combat_damage|"
            "end_of_combat", text=m.group(0))),
        (r"it's before combat", lambda m, c: Condition(
            "step_is", detail="untap|upkeep|draw|main1", text=m.group(0))),
        (rf"{_COUNT} (?P<what>creatures?) (?:is|are) blocking ~", lambda m, c: None if _cmp(m)
         is None else Condition("blocking_self", amount=_cmp(m), text=m.group(0))),
        (r"you(?:'ve| have)? been attacked this (?P<when>step|turn|combat)", lambda m, c:
         Condition("attacked_you", detail=m.group("when").lower(), text=m.group(0))),
        # 402: "if you have exactly zero or seven cards in hand"
        (rf"you have exactly (?P<a>zero|{NUM_WORD}) or (?P<b>{NUM_WORD}) cards in hand",
         _exactly_or),
        # 201.2: "three or more lands with the same name"
        (rf"you control {_COUNT} (?P<what>[\w -]+?) with the same name", lambda m, c: None if
         _cmp(m) is None or parse_filter(m.group("what")) is None else Condition(
             "control_same_name", amount=_cmp(m), filter=parse_filter(m.group("what")),
             text=m.group(0))),
        # 208.1: "if you control a 1/1 creature"
        (r"you control an? (?P<p>\d+)/(?P<t>\d+) (?P<what>[\w -]+)", lambda m, c: None if
         parse_filter(m.group("what")) is None else Condition(
             "control_pt", filter=parse_filter(m.group("what")),
             detail=f"{m.group('p')}/{m.group('t')}", text=m.group(0))),
        # 302.6: under your control continuously since your most recent turn began
        (r"you(?:'ve| have) controlled ~ continuously since the beginning of your most recent "
         r"turn", _f("controlled_since_turn")),
        # 601.2h: the mana spent to cast the spell against its mana value / its colours
        (r"the amount of mana spent to cast (?P<obj>it|that spell|~) was less than its mana "
         r"value", lambda m, c: Condition("mana_spent_under_mv", detail=m.group("obj"),
                                          text=m.group(0))),
        (r"(?P<no>no )?colored mana was spent to cast (?P<obj>it|that spell|~)", lambda m, c:
         Condition("colored_mana_spent", detail=m.group("obj"), negated=bool(m.group("no")),
                   text=m.group(0))),
        (rf"{_WHO} (?:didn't|did not|haven't|hasn't) play(?:ed)? a card from exile this turn",
         _player_deed("played_from_exile", negated=True)),
        (rf"{_WHO}{_PERF}played a card from exile this turn", _player_deed("played_from_exile")),
        # 122.1: "if it's the first time counters have been put on that creature this turn"
        (rf"it's the first time counters have been put on {OBJ} this turn", lambda m, c: None if
         obj_ref(m.group("obj"), c) is None else Condition(
             "object_deed", amount=Amount(1, text="or fewer"), subject=obj_ref(m.group("obj"), c),
             detail="counters_times", text=m.group(0))),
        # 701.54a: "if you chose a creature other than ~ as your Ring-bearer"
        (r"you chose a creature other than ~ as your Ring-bearer", _f("ring_bearer_other")),
        # 701.54: the Ring-bearer designation
        # (a capitalised word is the card's short name: "As long as Frodo is your Ring-bearer")
        (r"(?P<obj>~|it|he|she|[A-Z][\w'-]+) (?P<neg>is|isn't|is not) your Ring-bearer",
         lambda m, c: Condition(
            "ring_bearer", subject=Ref("self"), negated=m.group("neg").lower() != "is",
            text=m.group(0))),
        (r"you (?P<neg>don't |do not )?control a Ring-bearer", lambda m, c: Condition(
            "ring_bearer", subject=Ref("you"), negated=bool(m.group("neg")), text=m.group(0))),
        (rf"the Ring has tempted you {_COUNT} times? this game", lambda m, c: None if _cmp(m)
         is None else Condition("ring_tempted", amount=_cmp(m), text=m.group(0))),
        # 205.3m: creature types in common ("changeling": every creature type, 702.73a)
        (rf"you control {_COUNT} (?P<what>[\w -]+?) that share a creature type", lambda m, c:
         None if _cmp(m) is None or parse_filter(m.group("what")) is None else Condition(
             "control_sharing_type", amount=_cmp(m), filter=parse_filter(m.group("what")),
             text=m.group(0))),
        (rf"{_COUNT} cards left (?P<who>your) graveyard this turn", _player_deed(
            "left_graveyard", counted=True)),
        (rf"{_WHO} (?:was|were|has been|have been) dealt (?P<dmg>combat |noncombat )?damage by "
         r"(?:an?|one or more) (?P<what>[\w -]+?) this turn", lambda m, c: None if
         _dealt_damage_player(m, c) is None or parse_filter(m.group("what")) is None else
         Condition("player_deed", amount=Amount(1), subject=_who(m), filter=parse_filter(
             m.group("what")), detail=_dealt_damage_player(m, c).detail + ":by",
             text=m.group(0))),
        (r"you (?:don't|do not) control (?:an?|any) (?P<what>.+)", lambda m, c: None if
         parse_filter(m.group("what")) is None else Condition(
             "you_control", amount=Amount(1), filter=parse_filter(m.group("what")),
             negated=True, text=m.group(0))),
        (rf"there are {_COUNT} basic land types among lands you control", lambda m, c: None if
         _cmp(m) is None else Condition(
             "amount_at_least", amount=_cmp(m), detail="the number of basic land types among "
             "lands you control", text=m.group(0))),
        # what happened to objects this turn
        (rf"(?P<what>(?:an?|another|one or more) [\w -]+?|{_COUNT} [\w -]+?) died (?P<under>"
         r"under your control )?this turn", _died),
        (r"(?P<what>(?:an?|one or more) [\w ,-]+?) (?:was|were) put into (?P<whose>your|a) "
         r"graveyard (?P<frm>from anywhere|from the battlefield) this turn", _to_graveyard),
    ]
]
