"""Trigger conditions (rule 603.1-603.2): "When ~ enters", "Whenever ~ attacks", "At the
beginning of your upkeep", "Whenever day becomes night or night becomes day" (rule 731.4),
"When you take the initiative" (rule 726), "Whenever you cast your second spell each turn"."""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import ObjectFilter, Ref, Trigger
from rules_engine.text.nouns import NUM_WORD, ORDINALS, Ctx, number, parse_filter

_Builder = Callable[[re.Match[str], Ctx], Trigger | None]


def _subject_event(event: str, **extra) -> _Builder:
    """"<subject> <verb>": subject is ~, a filter ("a land you control") or "~ or another X"."""
    def build(m: re.Match[str], ctx: Ctx) -> Trigger | None:
        subj_text = m.group("subj").strip()
        subject, flt = _subject(subj_text, ctx)
        if subject is None and flt is None:
            return None
        fields = dict(extra)
        for key in ("detail",):
            if m.groupdict().get(key):
                fields[key] = m.group(key)
        return Trigger(event, subject=subject, filter=flt, text=m.group(0), **fields)
    return build


def _subject(text: str, ctx: Ctx) -> tuple[Ref | None, ObjectFilter | None]:
    t = text.strip()
    low = t.lower()
    if low in ("~", "it"):
        return Ref("self"), None
    if low in ("equipped creature", "enchanted creature", "enchanted land", "enchanted artifact",
               "enchanted permanent", "enchanted enchantment"):
        return Ref(low.split()[0]), None
    if low == "fortified land":  # 301.6: what the Fortification is attached to
        return Ref("equipped"), None
    m = re.match(r"^~ or (another .+)$", t, re.I)
    if m:
        flt = parse_filter(m.group(1))
        return (Ref("self_or"), flt) if flt else (None, None)
    m = re.match(r"^an? (.+?) or an? (.+)$", t, re.I)
    if m:
        # "a creature you control or a creature spell you control": either object (the
        # permanent one on the battlefield, 109.2; the spell on the stack)
        alts = tuple(parse_filter(x) for x in m.groups())
        if all(alts):
            return None, ObjectFilter(any_of=tuple(a for a in alts if a), text=t)
    m = re.match(r"^(?:an?|another|one or more) (.+)$", t, re.I)
    if m:
        rest = m.group(1)
        flt = parse_filter(("another " if low.startswith("another") else "") + rest)
        return (None, flt) if flt else (None, None)
    m = re.match(r"^that creature$", t, re.I)
    if m:
        return Ref("it"), None
    return None, None


def _phase(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    whose = (m.group("whose") or "").lower().strip()
    step = m.group("step").lower()
    steps = {"upkeep": "upkeep", "end step": "end", "draw step": "draw", "combat": "combat",
             "precombat main phase": "precombat_main", "postcombat main phase": "postcombat_main",
             "second main phase": "postcombat_main", "first main phase": "precombat_main",
             "main phase": "main", "end of combat": "end_of_combat", "cleanup step": "cleanup",
             "next end step": "end", "next upkeep": "upkeep"}
    if step not in steps:
        return None
    player = {"your": "you", "each": "each", "each opponent's": "opponent", "the": "each",
              "enchanted player's": "enchanted", "each player's": "each",
              "your next": "you", "the next": "each", "": "each",
              "that player's": "that_player", "defending player's": "defending",
              "that turn's": "each"}.get(whose)
    if player is None:
        return None
    if m.groupdict().get("yourturn"):
        player = "you"
    detail = "next" if "next" in whose or "next" in step else None
    if whose == "that turn's":
        detail = "that_turn"
    return Trigger("phase", step=steps[step], player=player, detail=detail, text=m.group(0))


def _cast(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    who = m.group("who").lower()
    what = m.group("what").strip()
    ordinal = None
    om = re.match(r"^(?:your|their) (first|second|third|fourth|fifth) (.*?)\s*spell "
                  r"(each turn|during each opponent's turn)$", what, re.I)
    if om:
        flt = parse_filter((om.group(2) + " spell").strip())
        if flt is None:
            return None
        return Trigger("cast", player=m.group("who").lower().replace("an ", ""),
                       ordinal=ORDINALS[om.group(1).lower()], filter=flt, text=m.group(0),
                       detail="opponents_turn" if "opponent" in om.group(3).lower() else None)
    what = re.sub(r"^(?:an?|your) ", "", what, flags=re.I)
    copy = re.match(r"^copy of (?:an? )?", what, re.I)
    if copy:
        what = what[copy.end():] + " copy"
    targets = None
    tm = re.search(r" that targets (?:an?|one or more) (.+)$", what, re.I)
    if tm:
        targets = parse_filter(tm.group(1))
        if targets is None:
            return None
        what = what[: tm.start()]
    zone_from = None
    fm = re.search(r" from (?:(?:your|their) (hand|graveyard|exile|library)|exile|(anywhere other "
                   r"than (?:your|their) hand))$", what, re.I)
    if fm:
        zone_from = "not_hand" if fm.group(2) else (fm.group(1) or "exile").lower()
        what = what[: fm.start()]
    chosen = re.search(r" with the chosen name$", what, re.I)
    if chosen:  # "a spell with the chosen name" (201.4, 709.4a): matched against the source's
        what = what[: chosen.start()]  # chosen value by targeting
    flt = parse_filter(what)
    if flt is None:
        return None
    if chosen:
        from dataclasses import replace

        flt = replace(flt, qualifiers=flt.qualifiers + ("with the chosen name",))
    player = {"you": "you", "an opponent": "opponent", "a player": "any"}.get(who)
    # "a spell that targets a creature": what the spell must target is the trigger's subject,
    # Ref("targets", filter=...).
    subject = Ref("targets", filter=targets) if targets is not None else None
    return Trigger("cast", player=player, filter=flt, ordinal=ordinal, detail=zone_from,
                   subject=subject, text=m.group(0))


def _or_copy(trig: Trigger | None) -> Trigger | None:
    """"Whenever you cast or copy a spell": the cast trigger plus a copy alternative."""
    if trig is None:
        return None
    return Trigger(trig.event, subject=trig.subject, filter=trig.filter, player=trig.player,
                   ordinal=trig.ordinal, detail=trig.detail, text=trig.text, alternatives=(
                       Trigger("copy", filter=trig.filter, player=trig.player),))


def _attack_with(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"Whenever you attack with two or more creatures / one or more Lizards" (508.3a)."""
    n = number(m.group("n"))
    what = m.groupdict().get("what")
    flt = parse_filter(what) if what else None
    if n is None or (what and flt is None):
        return None
    return Trigger("you_attack", ordinal=n, detail="with_at_least", filter=flt, text=m.group(0))


def _deals_combat_damage(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None and flt is None:
        return None
    return Trigger("deals_combat_damage_to_player", subject=subject, filter=flt,
                   detail=m.group("extra"), text=m.group(0))


_NO_FILTER = object()


def _blocked_by(m: re.Match[str]) -> object:
    """The "by a/one or more X" filter of a block trigger: None when absent, _NO_FILTER when
    it is there but not understood (the trigger is then unsupported)."""
    if not m.group("by"):
        return None
    by = parse_filter(re.sub(r"^(?:an?|one or more) ", "", m.group("by"), flags=re.I))
    return _NO_FILTER if by is None else by


def _blocked(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, _flt = _subject(m.group("subj"), ctx)
    by = _blocked_by(m)
    if subject is None or by is _NO_FILTER:
        return None
    return Trigger("becomes_blocked", subject=subject, filter=by, text=m.group(0))


def _alts_blocked(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, _ = _subject(m.group("subj"), ctx)
    by = _blocked_by(m)
    if subject is None or by is _NO_FILTER:
        return None
    return Trigger("blocks", subject=subject, filter=by, alternatives=(
        Trigger("becomes_blocked", subject=subject, filter=by),), text=m.group(0))


def _blocker_dies(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    return Trigger("dies", filter=ObjectFilter(card_types=("creature",),
                                                qualifiers=("blocking_source",),
                                                text="a creature blocking ~"), text=m.group(0))


_EV = {"attacks": "attacks", "blocks": "blocks", "dies": "dies", "becomes tapped": "becomes_tapped",
       "is put into exile from the battlefield": "exiled_from_battlefield"}


def _deals_damage(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None and flt is None:
        return None
    event = "deals_combat_damage" if m.group("detail") else "deals_damage"
    return Trigger(event, subject=subject, filter=flt, detail=m.group("to").lower(),
                   text=m.group(0))


def _leave_graveyard(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """Cards leaving a graveyard (any zone change from it, 400.7); "one or more" triggers once
    for cards leaving together (detail "one_or_more")."""
    flt = parse_filter(m.group("what"))
    if flt is None or not ({"card", "permanent"} & set(flt.qualifiers) or flt.card_types):
        return None
    player = {"your": "you", "a": "any", "an opponent's": "opponent"}[m.group("whose").lower()]
    return Trigger("leave_graveyard", filter=flt, player=player,
                   detail="one_or_more" if m.group("n").lower() == "one or more" else None,
                   text=m.group(0))


def _counters_put(m: re.Match[str], ctx: Ctx, player: str | None = None) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None and flt is None:
        return None
    kind = m.groupdict().get("kind")
    return Trigger("counter_put", subject=subject, filter=flt, player=player,
                   detail=kind or "any", text=m.group(0))


_SUBJ = r"(?P<subj>.+?)"
_WHO = {"you": "you", "an opponent": "opponent", "a player": "any"}
class _What:
    """A match with its two "what" groups folded into one."""

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def group(self, name: str | int = 0) -> str | None:
        if name == "what":
            return self._m.group("what") or self._m.group("what2")
        return self._m.group(name)


def _state(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """603.8 state triggers: "When you control no Forests", "When there are no creatures on the
    battlefield" (rules_engine.mechanics.state_triggers checks them)."""
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return Trigger("state", filter=flt, player="you" if m.group("you") else None,
                   detail="none_controlled" if m.group("you") else "none_on_battlefield",
                   text=m.group(0))


TRIGGERS: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p, re.I), b) for p, b in [
        (r"(?:(?P<you>you control) no (?P<what>[A-Za-z][\w' -]*?)|there are no "
         r"(?P<what2>[A-Za-z][\w' -]*?) on the battlefield)",
         lambda m, c: _state(_What(m), c)),
        (r"(?:day becomes night or night becomes day|night becomes day or day becomes night)",
         lambda m, c: Trigger("day_night_change", text=m.group(0))),
        (r"night becomes day", lambda m, c: Trigger("day_night_change", to="day",
                                                     text=m.group(0))),
        (r"day becomes night", lambda m, c: Trigger("day_night_change", to="night",
                                                     text=m.group(0))),
        (r"you take the initiative", lambda m, c: Trigger("take_initiative", player="you",
                                                           text=m.group(0))),
        (r"(?P<who>a player|an opponent) takes the initiative", lambda m, c: Trigger(
            "take_initiative", player="any" if m.group("who") == "a player" else "opponent",
            text=m.group(0))),
        (r"it becomes (?P<to>day|night)", lambda m, c: Trigger(
            "day_night_change", to=m.group("to").lower(), text=m.group(0))),
        (r"you venture into (?:the dungeon|Undercity|~)", lambda m, c: Trigger(
            "venture", player="you", text=m.group(0))),
        (r"you complete a dungeon", lambda m, c: Trigger("complete_dungeon", player="you",
                                                          text=m.group(0))),
        (r"you venture into the dungeon", lambda m, c: Trigger("venture", player="you",
                                                                text=m.group(0))),
        (r"you attack the player who has the initiative",
         lambda m, c: Trigger("attacks_player", detail="has_initiative", text=m.group(0))),
        (r"you attack", lambda m, c: Trigger("you_attack", text=m.group(0))),
        (rf"you attack with (?P<n>{NUM_WORD}) or more creatures", _attack_with),
        # "At the beginning of the upkeep of enchanted creature's controller" (the Auras' curse)
        (r"the (?P<step>upkeep|end step|draw step) of enchanted (?:creature|permanent|artifact|"
         r"enchantment|land|planeswalker)'s controller", lambda m, c: Trigger(
             "phase", step={"upkeep": "upkeep", "end step": "end", "draw step": "draw"}[
                 m.group("step").lower()], player="enchanted_controller", text=m.group(0))),
        (rf"you attack with (?P<n>{NUM_WORD}) or more (?P<what>.+)", _attack_with),
        (r"(?:the )?(?P<whose>your|each|each opponent's|enchanted player's|each player's|"
         r"your next|the next|that player's|defending player's|that turn's|)\s*"
         r"(?P<step>upkeep|end step|draw step|combat|precombat main phase|postcombat main phase|"
         r"second main phase|first main phase|main phase|end of combat|cleanup step|"
         r"next end step|next upkeep)(?P<yourturn> on your turn)?", _phase),
        (r"(?P<who>you|an opponent|a player) casts? or cop(?:y|ies) (?P<what>.+)",
         lambda m, c: _or_copy(_cast(m, c))),
        (r"(?P<who>you|an opponent|a player) casts? (?P<what>.+)", _cast),
        # "Whenever one or more cards leave your graveyard", "a creature card leaves ..."
        (r"(?P<n>one or more|an?) (?P<what>.+?) leaves? (?P<whose>your|a|an opponent's) "
         r"graveyard", _leave_graveyard),
        # 122.6: "one or more +1/+1 counters are put on ~ / a creature you control"
        (r"one or more (?P<kind>\S+) counters are put on (?P<subj>.+)", _counters_put),
        (r"one or more counters are put on (?P<subj>.+)", _counters_put),
        (r"you put one or more (?P<kind>\S+) counters on (?P<subj>.+)",
         lambda m, c: _counters_put(m, c, player="you")),
        (r"you scry or surveil", lambda m, c: Trigger("scry_or_surveil", player="you",
                                                       text=m.group(0))),
        (r"you gain life for the first time each turn",
         lambda m, c: Trigger("gain_life", player="you", ordinal=1, text=m.group(0))),
        (r"you gain life", lambda m, c: Trigger("gain_life", player="you", text=m.group(0))),
        (r"you gain or lose life", lambda m, c: Trigger(
            "gain_life", player="you", alternatives=(Trigger("lose_life", player="you"),),
            text=m.group(0))),
        (r"you roll (?:a die|one or more dice)", lambda m, c: Trigger(
            "roll_die", player="you", text=m.group(0))),  # 706.2
        (r"you mill (?:a card|one or more cards)", lambda m, c: Trigger(
            "mill", player="you", text=m.group(0))),  # 701.17
        # Rooms: "Whenever you unlock a door", "Whenever you fully unlock a Room" (709.5h-i)
        (r"you unlock a door(?: of a Room you control)?", lambda m, c: Trigger(
            "unlock_door", player="you", filter=parse_filter("Room"), text=m.group(0))),
        (r"you fully unlock (?P<what>a Room|~|this Room)", lambda m, c: Trigger(
            "fully_unlock", player="you",
            subject=None if m.group("what").lower() == "a room" else Ref("self"),
            filter=parse_filter("Room") if m.group("what").lower() == "a room" else None,
            text=m.group(0))),
        # "Whenever a +1/+1 counter is put on ~": once per counter (122.6)
        (r"an? (?P<kind>\S+) counter is put on (?P<subj>.+)", lambda m, c: _each(
            _counters_put(m, c))),
        (r"you conjure one or more cards",
         lambda m, c: Trigger("conjure", player="you", text=m.group(0))),
        (r"you draw a card", lambda m, c: Trigger("draw", player="you", text=m.group(0))),
        (r"(?P<who>you|an opponent|a player) draws? (?:their|your) (?P<ord>first|second|third) "
         r"card each turn", lambda m, c: Trigger(
             "draw", player={"you": "you", "an opponent": "opponent", "a player": "any"}[
                 m.group("who").lower()], ordinal=ORDINALS[m.group("ord").lower()],
             text=m.group(0))),
        (r"a creature blocking ~ dies", _blocker_dies),
        (rf"{_SUBJ} (?:enters|enter)(?: the battlefield)?", _subject_event("enters")),
        (rf"{_SUBJ} enters(?: the battlefield)? under your control",
         lambda m, c: _controlled(_subject_event("enters")(m, c))),
        (r"(?P<who>an opponent|a player|each opponent) draws? a card",
         lambda m, c: Trigger("draw", player={"an opponent": "opponent", "a player": "any",
                                              "each opponent": "opponent"}[m.group("who").lower()],
                              text=m.group(0))),
        (r"you sacrifice (?P<what>.+)", lambda m, c: _with_filter("sacrifice", m, "you")),
        (r"you create (?P<what>.+)", lambda m, c: _with_filter("create_token", m, "you")),
        # 707.10: copying a spell is not casting it ("Whenever a player copies a spell")
        (r"(?P<who>you|an opponent|a player) cop(?:y|ies) (?P<what>.+)",
         lambda m, c: _with_filter("copy", m, _WHO[m.group("who").lower()])),
        (r"you expend (?P<n>\d+)", lambda m, c: Trigger("expend", player="you",
                                                        ordinal=int(m.group("n")),
                                                        text=m.group(0))),
        (r"you lose life(?P<first> for the first time each turn)?", lambda m, c: Trigger(
            "lose_life", player="you", ordinal=1 if m.group("first") else None,
            text=m.group(0))),
        (r"an opponent loses life", lambda m, c: Trigger("lose_life", player="opponent",
                                                         text=m.group(0))),
        (r"you cycle (?P<what>.+)", lambda m, c: _with_filter("cycle", m, "you")),
        # 701.23a: "Whenever an opponent searches their library"
        (r"(?P<who>you|an opponent|a player) search(?:es)? (?:your|their) library",
         lambda m, c: Trigger("searched_library", player=_WHO[m.group("who").lower()],
                              text=m.group(0))),
        (r"you discard (?P<what>.+)", lambda m, c: _with_filter("discard", m, "you")),
        (r"you cycle or discard (?P<what>.+)", lambda m, c: _with_filter("discard", m, "you")),
        (rf"{_SUBJ} (?:enters|attacks) or (?:enters|attacks)",
         lambda m, c: _alts(m, c, ("enters", "attacks"))),
        # "When ~ enters or leaves the battlefield" (603.6a, 603.6c): one ability, two events
        (rf"{_SUBJ} enters or leaves the battlefield",
         lambda m, c: _alts(m, c, ("enters", "leaves_battlefield"))),
        # 702.37e, 708.8: "When ~ enters or is turned face up" (the face-down family)
        (rf"{_SUBJ} enters or is turned face up",
         lambda m, c: _alts(m, c, ("enters", "turned_face_up"))),
        (r"you turn (?P<subj>a permanent|a creature) face up",
         _subject_event("turned_face_up", player="you")),
        (rf"{_SUBJ} enters or transforms into ~",
         lambda m, c: _alts(m, c, ("enters", "transforms_into"))),
        (rf"{_SUBJ} (?P<e1>attacks|blocks|dies|becomes tapped) or (?P<e2>attacks|blocks|dies|"
         r"becomes tapped|is put into exile from the battlefield)",
         lambda m, c: _alts(m, c, (_EV[m.group("e1")], _EV[m.group("e2")]))),
        (r"you cast ~", lambda m, c: Trigger("cast", subject=Ref("self"), player="you",
                                             text=m.group(0))),
        (rf"{_SUBJ} becomes tapped", _subject_event("becomes_tapped")),
        (rf"{_SUBJ} blocks (?P<detail>an? .+)", _subject_event("blocks")),
        (rf"{_SUBJ} deals (?P<detail>combat )?damage to (?P<to>an opponent|a creature|a player|"
         r"an opponent or planeswalker|a player or planeswalker)", _deals_damage),
        (r"~ and at least (?P<n>\w+) other creatures? attack", lambda m, c: None if number(
            m.group("n")) is None else Trigger("attacks", subject=Ref("self"),
                                               ordinal=number(m.group("n")),
                                               detail="with_at_least_others", text=m.group(0))),
        # "Whenever a creature attacks you or a planeswalker you control" (508.1b: attacking
        # a player or a planeswalker that player controls)
        (rf"{_SUBJ} attacks (?P<detail>you(?: or a planeswalker you control)?)",
         _subject_event("attacks")),
        # (the dethrone event, 702.105a, printed as the trigger of another ability)
        (rf"{_SUBJ} attacks (?P<detail>the player with the most life or tied for most life)",
         _subject_event("attacks")),
        (rf"{_SUBJ} attacks for the first time each turn", _subject_event("attacks", ordinal=1)),
        (rf"{_SUBJ} (?:attacks|attack)", _subject_event("attacks")),
        (rf"{_SUBJ} blocks or becomes blocked(?: by (?P<by>.+))?",
         lambda m, c: _alts_blocked(m, c)),
        (rf"{_SUBJ} blocks", _subject_event("blocks")),
        (rf"{_SUBJ} becomes blocked(?: by (?P<by>.+))?", _blocked),
        (rf"{_SUBJ} (?:dies|die)(?P<detail> this turn)?", _subject_event("dies")),
        (rf"{_SUBJ} (?:is|are) put into (?:your|a|an opponent's) graveyard"
         r"(?: from (?P<detail>anywhere|the battlefield|your library|your hand))?",
         _subject_event("put_into_graveyard")),
        # valiant (Bloomburrow ability word, 207.2c): "... for the first time each turn"
        (rf"{_SUBJ} becomes? the target of (?P<detail>a spell(?: or ability)?(?: you control| an "
         r"opponent controls)?) for the first time each turn",
         _subject_event("becomes_target", ordinal=1)),
        (rf"{_SUBJ} becomes? the target of (?P<detail>a spell(?: or ability)?(?: you control| an "
         r"opponent controls)?)", _subject_event("becomes_target")),
        (rf"{_SUBJ} leaves the battlefield", _subject_event("leaves_battlefield")),
        (rf"{_SUBJ} (?:is|are) put into exile from the battlefield",
         _subject_event("exiled_from_battlefield")),
        (rf"{_SUBJ} (?:is|are) dealt damage", _subject_event("dealt_damage")),
        (rf"{_SUBJ} deals? combat damage to a player(?P<extra> this combat)?",
         _deals_combat_damage),
        (rf"{_SUBJ} transforms into ~", _subject_event("transforms_into")),
        (rf"{_SUBJ} becomes? prepared", _subject_event("becomes_prepared")),
        # rule 702.37 (morph), 701.37 (monstrosity), 702.170 (plot), 709.5 (Room doors)
        (rf"{_SUBJ} is turned face up", _subject_event("turned_face_up")),
        (rf"{_SUBJ} becomes untapped", _subject_event("becomes_untapped")),
        # "~ deals damage" / "equipped creature deals combat damage": to anything
        (rf"{_SUBJ} deals (?P<combat>combat )?damage", lambda m, c: _any_damage(m, c)),
        (r"you roll \{CHAOS\}", lambda m, c: Trigger("roll_chaos", player="you",
                                                     text=m.group(0))),  # rule 901.9
        (r"you (?P<how>win|lose) a coin flip", lambda m, c: Trigger(
            "coin_flip", player="you", detail=m.group("how").lower(), text=m.group(0))),
        (r"(?P<who>an opponent|a player) (?P<verb>discards|cycles) (?P<what>.+)",
         lambda m, c: _with_filter("discard" if m.group("verb") == "discards" else "cycle", m,
                                   "opponent" if m.group("who") == "an opponent" else "any")),
        # triggered mana abilities (rule 605.1b): "Whenever you tap a land for mana"
        (r"(?P<who>you|a player) taps? (?P<what>an? .+?) for mana", lambda m, c: _with_filter(
            "tapped_for_mana", m, "you" if m.group("who") == "you" else "any")),
        # ("fortified land": the land a Fortification is attached to, 301.6)
        (r"(?P<subj>enchanted land|fortified land|a land you control) is tapped for mana",
         lambda m, c: Trigger(
             "tapped_for_mana", subject=Ref("enchanted") if m.group("subj").startswith("enc")
             else Ref("equipped") if m.group("subj").startswith("fort") else None,
             filter=None if m.group("subj").startswith(("enc", "fort")) else parse_filter(
                 "land you control"), player="any", text=m.group(0))),
        (rf"{_SUBJ} becomes monstrous", _subject_event("becomes_monstrous")),
        (rf"{_SUBJ} becomes plotted", _subject_event("becomes_plotted")),
        (r"you unlock this door", lambda m, c: Trigger("unlock_door", subject=Ref("self"),
                                                       player="you", text=m.group(0))),
        (r"~ becomes level (?P<n>\d+)", lambda m, c: Trigger(
            "class_level", subject=Ref("self"), ordinal=int(m.group("n")), text=m.group(0))),
    ]
]


def _any_damage(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None and flt is None:
        return None
    return Trigger("deals_combat_damage" if m.group("combat") else "deals_damage",
                   subject=subject, filter=flt, text=m.group(0))


def _alts(m: re.Match[str], ctx: Ctx, events: tuple[str, ...]) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None and flt is None:
        return None
    rest = tuple(Trigger(e, subject=subject, filter=flt) for e in events[1:])
    return Trigger(events[0], subject=subject, filter=flt, alternatives=rest, text=m.group(0))


def _controlled(trig: Trigger | None) -> Trigger | None:
    """"enters under your control" (older templating of "a creature you control enters")."""
    if trig is None or trig.filter is None:
        return trig
    import dataclasses

    return dataclasses.replace(trig, filter=dataclasses.replace(trig.filter, controller="you"))


def _each(trig: Trigger | None) -> Trigger | None:
    import dataclasses

    return None if trig is None else dataclasses.replace(trig, each_one=True)


def _with_filter(event: str, m: re.Match[str], player: str) -> Trigger | None:
    # ("another" stays: parse_filter reads it as "other than the source")
    batch = "one_or_more" if m.group("what").lower().startswith("one or more ") else None
    what = re.sub(r"^(?:an?|one or more) ", "", m.group("what"), flags=re.I)
    if what.lower() in ("~", "this card"):
        return Trigger(event, subject=Ref("self"), player=player, text=m.group(0))
    flt = parse_filter(what)
    return None if flt is None else Trigger(event, filter=flt, player=player, text=m.group(0),
                                            detail=batch)


def parse_trigger(text: str, ctx: Ctx) -> Trigger | None:
    """Parse the trigger condition after "When"/"Whenever"/"At the beginning of"."""
    t = text.strip()
    for rx, build in TRIGGERS:
        m = rx.fullmatch(t)
        if m:
            trig = build(m, ctx)
            if trig is not None:
                return trig
    found = split_or(t, ctx, parse_trigger)  # "When ~ enters or dies" (text/triggers_more.py)
    if found is not None:
        return found
    # "When X and whenever Y", "When X or whenever Y" (rule 603.2: one ability, two events)
    # "Whenever ~ transforms into ~ and at the beginning of your first main phase" (the same)
    m = re.fullmatch(r"(.+?) (?:and|or) (?:whenever|at the beginning of) (.+)", t, re.I)
    if m:
        first, second = parse_trigger(m.group(1), ctx), parse_trigger(m.group(2), ctx)
        if first and second:
            return Trigger(first.event, subject=first.subject, filter=first.filter,
                           player=first.player, step=first.step, to=first.to,
                           ordinal=first.ordinal, detail=first.detail,
                           alternatives=first.alternatives + (second,), text=t)
    return None


# more trigger events, tried after the ones above (text/triggers_more.py; a grammar may recurse)
from rules_engine.text.triggers_more import MORE_TRIGGERS, split_or  # noqa: E402

TRIGGERS.extend(MORE_TRIGGERS)
# "one or more X enter / leave the battlefield" (603.2c) before the per-object readings above
from rules_engine.text.triggers_batch import BATCH_TRIGGERS  # noqa: E402

TRIGGERS[:0] = BATCH_TRIGGERS
from rules_engine.text.triggers_activate import ACTIVATE_TRIGGERS  # noqa: E402

TRIGGERS.extend(ACTIVATE_TRIGGERS)  # "Whenever you activate a ninjutsu ability" (602.2)
from rules_engine.text.triggers_tail import TAIL_TRIGGERS  # noqa: E402

TRIGGERS[:0] = TAIL_TRIGGERS[:1]  # "~ enters from your graveyard" before plain "~ enters"
TRIGGERS.extend(TAIL_TRIGGERS[1:])
