"""More trigger events (rule 603.1-603.2), appended to ``text/triggers.TRIGGERS``.

Each is a template many cards share with other nouns and players: "Whenever ~ attacks alone"
(506.5), "... attacks and isn't blocked" (509.3g), "Whenever a creature you control becomes
blocked" (509.3c), "Whenever you attack a player" / "Whenever enchanted player is attacked"
(508.3b, 508.3e), keyword actions a player or an object performs ("Whenever you scry",
"Whenever a creature you control explores", "Whenever you commit a crime", 700.13), "Whenever a
creature dealt damage by ~ this turn dies", "Whenever a source an opponent controls deals damage
to you" and "Whenever you're dealt damage" (120.3), "Whenever a land enters under an opponent's
control", "Whenever you play a land" (305.1). The engine matches them in
``rules_engine/mechanics/trigger_events.py`` (the same kind names).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import ObjectFilter, Ref, Trigger
from rules_engine.text.nouns import Ctx, parse_filter

_Builder = Callable[[re.Match[str], Ctx], Trigger | None]
_SUBJ = r"(?P<subj>.+?)"
_WHO = {"you": "you", "an opponent": "opponent", "a player": "any", "enchanted player": "enchanted",
        "enchanted opponent": "enchanted"}


def _subject(text: str, ctx: Ctx) -> tuple[Ref | None, ObjectFilter | None]:
    from rules_engine.text.triggers import _subject as subject

    return subject(text, ctx)


def _object_event(event: str, **extra: object) -> _Builder:
    """"<subject> <event>": ~, equipped/enchanted creature, or "a/another/one or more X"
    ("one or more" makes one trigger for the objects of one event, 603.2c: detail
    "one_or_more")."""
    def build(m: re.Match[str], ctx: Ctx) -> Trigger | None:
        text = m.group("subj").strip()
        subject, flt = _subject(text, ctx)
        if subject is None and flt is None:
            return None
        fields: dict = dict(extra)
        if text.lower().startswith("one or more ") and "detail" not in fields:
            fields["detail"] = "one_or_more"
        return Trigger(event, subject=subject, filter=flt, text=m.group(0), **fields)
    return build


def _player_action(event: str, detail: str | None = None) -> _Builder:
    """A keyword action or other act of a player ("Whenever you scry", "Whenever an opponent
    commits a crime"): the kind ``player_action``, its ``detail`` the event logged for it."""
    def build(m: re.Match[str], ctx: Ctx) -> Trigger | None:
        who = (m.groupdict().get("who") or "you").lower()
        if who not in _WHO:
            return None
        return Trigger(event, player=_WHO[who], detail=detail, text=m.group(0))
    return build


# keyword actions and acts of a player (701.*), by the words after the player: the event the
# engine logs for each (rules_engine/effects/*), matched by the kind "player_action"
_ACTIONS = {
    r"scry|scries": "scried",  # 701.22
    r"surveils?": "surveilled",  # 701.25
    r"proliferates?": "proliferated",  # 701.34
    r"clash(?:es)?": "clashed",  # 701.30
    r"wins? a clash": "clashed_won",
    r"collects? evidence": "collected_evidence",  # 701.59
    r"discovers?": "discovered",  # 701.57
    r"forages?": "foraged",  # 701.61
    r"manifests? dread": "manifested_dread",  # 701.62
    r"gives? a gift": "gift_given",  # 702.174
    r"commits? a crime": "crime",  # 700.13
    r"becomes? the monarch": "became_monarch",  # 724.1
}


def _source_filter(text: str) -> ObjectFilter | None:
    """The source of damage: "a source", "a source you control", "a source an opponent
    controls" (any object, 120.3, 609.7), or a filter ("a creature", "a Vampire")."""
    t = re.sub(r"^(?:an?|one or more) ", "", text.strip(), flags=re.I)
    sm = re.fullmatch(r"sources?(?: (?P<who>you control|an opponent controls))?", t, re.I)
    if sm:
        who = {"you control": "you", "an opponent controls": "opponent"}.get(
            (sm.group("who") or "").lower())
        return ObjectFilter(controller=who, text=t)
    return parse_filter(t)


def _damage_to(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"Whenever a source an opponent controls deals damage to you", "Whenever a creature deals
    combat damage to one of your opponents", "Whenever a source deals damage to ~", "Whenever
    you're dealt combat damage" (120.3): the kind ``damage_to``; ``subject`` the object dealt
    damage (Ref self/enchanted/equipped) or ``player`` the player dealt damage, ``filter`` the
    source, ``detail`` "combat" / "noncombat" (plus ";one_or_more" for "one or more creatures
    deal combat damage to you", once per batch, 603.2c)."""
    gd = m.groupdict()
    flt = None
    batch = False
    if gd.get("src"):
        batch = gd["src"].lower().startswith("one or more ")
        flt = _source_filter(gd["src"])
        if flt is None:
            return None
    to = gd["to"].lower()
    subject = player = None
    if to in ("you", "you're"):
        player = "you"
    elif to in ("one of your opponents", "an opponent", "one or more of your opponents",
                "your opponents"):
        player = "opponent"
    elif to == "a player":
        player = "any"
    elif to in ("~", "enchanted creature", "equipped creature"):
        subject = Ref({"~": "self"}.get(to, to.split()[0]))
    else:
        return None
    how = (gd.get("how") or "").strip().lower() or None
    detail = ";".join(x for x in (how, "one_or_more" if batch else None) if x) or None
    return Trigger("damage_to", subject=subject, filter=flt, player=player, detail=detail,
                   text=m.group(0))


def _damaged_dies(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """Sengir Vampire's "Whenever a creature dealt damage by ~ this turn dies": the dying
    creature matches the filter and ~ (or equipped creature) dealt damage to it this turn."""
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    by = m.group("by").lower()
    return Trigger("damaged_dies", subject=Ref("self" if by == "~" else "equipped"), filter=flt,
                   text=m.group(0))


def _under_control(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"Whenever a creature enters under an opponent's control / enchanted player's control":
    the "enters" event with the filter's controller (an opponent; the enchanted player is
    matched by the kind ``enters_enchanted_player``)."""
    subject, flt = _subject(m.group("subj"), ctx)
    if flt is None or subject is not None:
        return None
    whose = m.group("whose").lower()
    if whose == "an opponent's":
        return Trigger("enters", filter=dataclasses.replace(flt, controller="opponent"),
                       text=m.group(0))
    return Trigger("enters_enchanted_player", filter=flt, text=m.group(0))


def _play_land(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"Whenever you play a land", "Whenever an opponent plays a nonbasic land" (305.1: playing
    a land is not casting it; a land put onto the battlefield by an effect isn't played)."""
    who = m.group("who").lower()
    what = re.sub(r"^an? ", "", m.group("what"), flags=re.I)
    flt = parse_filter(what)
    if flt is None or who not in _WHO or "land" not in flt.card_types:
        return None
    return Trigger("play_land", player=_WHO[who], filter=flt, text=m.group(0))


def _attacked(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """Attacks on a player (508.3b, 508.3e): "Whenever you attack a player" (once per player
    attacked), "Whenever enchanted player is attacked", "Whenever one or more creatures attack
    you", "Whenever one or more Merfolk you control attack a player", "Whenever a player attacks
    one of your opponents": the kind ``player_attacked``, ``player`` whose creatures attack
    ("you"/"opponent"/"any"), ``detail`` who is attacked ("player", "opponent", "you",
    "enchanted"), ``filter`` the attackers of which one or more must be among them."""
    gd = m.groupdict()
    attacker = "any"
    flt = None
    if gd.get("who"):
        who = gd["who"].lower()
        attacker = {"you": "you", "a player": "any", "an opponent": "opponent"}.get(who, "")
        if not attacker:
            return None
    if gd.get("what"):
        what = re.sub(r"^(?:one or more|two or more|an?) ", "", gd["what"], flags=re.I)
        flt = parse_filter(what)
        if flt is None:
            return None
    target = gd["target"].lower()
    detail = {"a player": "player", "one of your opponents": "opponent", "an opponent": "opponent",
              "you": "you", "enchanted player": "enchanted", "enchanted opponent": "enchanted",
              "another one of your opponents": "opponent"}.get(target)
    if detail is None:
        return None
    return Trigger("player_attacked", player=attacker, filter=flt, detail=detail,
                   ordinal=2 if (gd.get("what") or "").lower().startswith("two or more") else None,
                   text=m.group(0))


def _creature_attacks(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"Whenever a creature attacks one of your opponents / enchanted player" (508.3a: once for
    each such attacker): the kind ``attacks_player_of``, ``detail`` who is attacked."""
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None and flt is None:
        return None
    detail = {"a player": "player", "one of your opponents": "opponent", "an opponent": "opponent",
              "enchanted player": "enchanted", "one of your opponents or a planeswalker an "
              "opponent controls": "opponent_or_planeswalker"}[m.group("target").lower()]
    return Trigger("attacks_player_of", subject=subject, filter=flt, detail=detail,
                   text=m.group(0))


def _exploits(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """702.110b: a creature "exploits a creature" when its controller sacrifices one as its
    exploit ability resolves: the kind ``exploits``, ``filter`` the creature sacrificed, and
    the exploiting creature as ``subject``: Ref("self") for ~, Ref("each", filter) for "a
    creature you control"."""
    victim = parse_filter(m.group("what"))
    subject, flt = _subject(m.group("subj"), ctx)
    if victim is None or (subject is None and flt is None):
        return None
    if subject is None:
        subject = Ref("each", filter=flt)
    return Trigger("exploits", subject=subject, filter=victim, text=m.group(0))


def _deals_damage_to(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """A source dealing damage to a kind of recipient (120.3): the kind ``deals_damage_to``,
    the source as ``subject`` (Ref self/equipped/enchanted, or Ref("each", filter)), the
    recipient as ``filter`` (a permanent) or ``detail`` "player_or_battle" / "defending_player",
    with ";combat" / ";noncombat"."""
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None and flt is None:
        return None
    if subject is None:
        subject = Ref("each", filter=flt)
    elif subject.kind == "self_or":
        return None
    to = m.group("to").lower()
    victim = None
    if to in ("a player or battle", "defending player"):
        detail = to.replace(" ", "_").replace("a_", "", 1)
    else:
        victim = parse_filter(re.sub(r"^an? ", "", m.group("to"), flags=re.I))
        if victim is None:
            return None
        detail = "permanent"
    how = (m.group("how") or "").strip().lower()
    return Trigger("deals_damage_to", subject=subject, filter=victim,
                   detail=f"{detail};{how}" if how else detail, text=m.group(0))


def _cast_targets(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """Heroic's "Whenever you cast a spell that targets ~" and "... an instant or sorcery spell
    that targets only ~" (115.1): the cast trigger whose subject is Ref("targets") about ~
    itself (``of`` Ref self; "only" in its text when every target must be ~)."""
    from rules_engine.text.triggers import _cast

    trig = _cast(m, ctx)
    if trig is None:
        return None
    only = bool(m.group("only"))
    ref = Ref("targets", of=Ref("self"), text="only ~" if only else "~")
    return dataclasses.replace(trig, subject=ref, text=m.group(0))


_ACTION_RX = "|".join(f"(?:{k})" for k in _ACTIONS)

MORE_TRIGGERS: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p, re.I), b) for p, b in [
        # 506.5: the only creature declared as an attacker (exalted's event)
        (rf"{_SUBJ} attacks alone", _object_event("attacks_alone")),
        # 509.3g (508.3f): no creature was declared as a blocker for it
        (rf"{_SUBJ} attacks(?: a player)? and isn't blocked", _object_event("attacks_unblocked")),
        # 509.3c for any attacker the filter fits ("one or more ... become blocked": 603.2c)
        (rf"{_SUBJ} (?:becomes|become) blocked", _object_event("became_blocked")),
        *[(rf"(?P<who>you|an opponent|a player|enchanted player|enchanted opponent) (?:{k})",
           _player_action("player_action", v)) for k, v in _ACTIONS.items()],
        # 702.110b: "When ~ exploits a creature", "Whenever a creature you control exploits a
        # nontoken creature" (``filter`` the creature sacrificed, ``subject``/``detail`` who)
        (rf"{_SUBJ} exploits an? (?P<what>.+)", _exploits),
        # 120.3 with what is dealt damage: "~ deals combat damage to a player or battle",
        # "~ deals damage to a Vampire", "~ deals combat damage to defending player"
        # (a permanent dealt damage is not read: "that creature" would name the source)
        (rf"{_SUBJ} deals (?P<how>combat |noncombat )?damage to (?P<to>a player or battle|"
         r"defending player)", _deals_damage_to),
        (r"the Ring tempts you", lambda m, c: Trigger("player_action", player="you",
                                                      detail="ring_tempted", text=m.group(0))),
        # 701.44 explore, 701.50 connive, 702.171 saddle, 702.26 phasing: acts of an object
        (rf"{_SUBJ} explores", _object_event("object_action", detail="explored")),
        (rf"{_SUBJ} connives", _object_event("object_action", detail="connived")),
        (rf"{_SUBJ} phases in", _object_event("object_action", detail="phased_in")),
        (rf"{_SUBJ} phases out", _object_event("object_action", detail="phased_out")),
        (rf"{_SUBJ} becomes goaded", _object_event("object_action", detail="goaded")),
        # 702.140d: "Whenever this creature mutates" (a spell merges with it)
        (rf"{_SUBJ} mutates", _object_event("object_action", detail="mutated")),
        (r"(?P<subj>an? .+?|~|one or more .+?) deals? (?P<how>combat |noncombat )?damage to "
         r"(?P<to>you|one of your opponents|an opponent|one or more of your opponents|~|"
         r"enchanted creature|equipped creature|a player)", lambda m, c: _damage_to(_Src(m), c)),
        (r"(?P<to>you're|your opponents are|an opponent is) dealt (?P<how>combat |noncombat )?"
         r"damage", _damage_to),
        (r"an? (?P<what>.+?) dealt damage by (?P<by>~|equipped creature) this turn dies",
         _damaged_dies),
        (rf"{_SUBJ} enters(?: the battlefield)? under (?P<whose>an opponent's|enchanted "
         r"player's) control", _under_control),
        (r"(?P<who>you|an opponent|a player) plays? (?P<what>an? .*?land)", _play_land),
        (r"(?P<who>you|a player|an opponent) attacks? (?P<target>a player|one of your opponents|"
         r"another one of your opponents|an opponent|you)", _attacked),
        (r"(?P<what>(?:one or more|two or more) .+?) attack (?P<target>a player|one of your "
         r"opponents|an opponent|you|enchanted player)", _attacked),
        # 508.3a: each creature declared as an attacker attacking such a player
        (rf"{_SUBJ} attacks (?P<target>a player|one of your opponents|an opponent|enchanted "
         r"player|one of your opponents or a planeswalker an opponent controls)",
         _creature_attacks),
        (r"(?P<target>enchanted player|enchanted opponent|you|one of your opponents|an opponent) "
         r"(?:is|are) attacked", _attacked),
        # 508.3b: "Whenever one or more of your opponents are attacked" (once per player
        # attacked: in a two-player game, once per attack on the opponent)
        (r"one or more of (?P<target>your opponents) are attacked", lambda m, c: _attacked(
            _Target(m, "one of your opponents"), c)),
        # "Whenever you attack a player with one or more creatures with power 4 or greater"
        (r"(?P<who>you) attack (?P<target>a player) with (?P<what>one or more .+)", _attacked),
        (r"(?P<who>you|an opponent|a player) casts? (?P<what>.+?) that targets (?P<only>only )?"
         r"~", _cast_targets),
    ]
]


class _Target:
    """A match whose "target" group reads as ``target``."""

    def __init__(self, m: re.Match[str], target: str) -> None:
        self._m, self._target = m, target

    def groupdict(self) -> dict[str, str | None]:
        return {**self._m.groupdict(), "target": self._target}

    def group(self, name: str | int = 0) -> str | None:
        return self._target if name == "target" else self._m.group(name)


class _Src:
    """A match whose "subj" group is read as the damage source ("src")."""

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def group(self, name: str | int = 0) -> str | None:
        return self._m.group(name)

    def groupdict(self) -> dict[str, str | None]:
        d = self._m.groupdict()
        d["src"] = d.pop("subj")
        return d


def split_or(text: str, ctx: Ctx, parse: Callable[[str, Ctx], Trigger | None]
             ) -> Trigger | None:
    """"When ~ enters or dies", "Whenever you cast a black spell or a Swamp enters under your
    control", "Whenever ~ deals combat damage to a player or dies" (603.2: one ability, either
    event): the first half a trigger, the second a trigger of its own or one about the first
    half's subject (the words of the first half before its verb)."""
    for om in re.finditer(r" or ", text):
        left, right = text[: om.start()], text[om.end():]
        first = parse(left, ctx)
        if first is None:
            continue
        second = parse(right, ctx)
        if second is None:
            words = left.split(" ")
            for i in range(len(words) - 1, 0, -1):
                second = parse(" ".join(words[:i]) + " " + right, ctx)
                if second is not None:
                    break
        if second is None:
            continue
        return dataclasses.replace(first, alternatives=first.alternatives + (
            dataclasses.replace(second, alternatives=()),) + second.alternatives, text=text)
    return None


# "during ..." after a trigger event: the state that must hold as the event happens
_DURING = {"your turn": "it's your turn", "each of your turns": "it's your turn",
           "an opponent's turn": "it's not your turn", "each opponent's turn": "it's not your turn"}


def trigger_during(text: str, ctx: Ctx, parse: Callable[[str, Ctx], Trigger | None],
                   condition: Callable[[str, Ctx], object]) -> tuple[Trigger | None, object]:
    """"Whenever you lose life during your turn", "Whenever you commit a crime during your
    turn", "Whenever you draw a card during an opponent's turn": the event, and a condition on
    the ability that it is (not) your turn, checked as it triggers (603.2) and again as it
    resolves (603.4), which in the same turn holds as well."""
    m = re.fullmatch(r"(.+?) during (your turn|each of your turns|an opponent's turn|each "
                     r"opponent's turn)", text.strip(), re.I)
    if m is None:
        return None, None
    trig = parse(m.group(1), ctx)
    cond = condition(_DURING[m.group(2).lower()], ctx) if trig is not None else None
    return (trig, cond) if cond is not None else (None, None)
