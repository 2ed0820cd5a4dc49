"""Trigger templates with a zone, an amount or an exact count (603.2), appended to
``text/triggers.TRIGGERS``:

- "When ~ enters from your graveyard", "Whenever a creature enters from your graveyard",
  "Whenever ~ or another permanent enters from a graveyard", "a land enters under your control
  from exile" (400.7: the zone the permanent came from): kind ``enters_from``, ``detail`` the
  zone ("graveyard;yours" for "your graveyard").
- "Whenever you play a land from exile" (305.1, 601.2a): ``play_land`` with ``detail`` exile.
- "Whenever ~ is dealt 3 or more damage" (120.3): kind ``dealt_damage_at_least``.
- "When you attack with exactly two creatures" (508.1): kind ``attack_with_exactly``.
- "Whenever equipped creature and at least one other creature attack", "Whenever ~ and at
  least one other creature token attack" (508.1): kind ``attacks_with_others``.
- "Whenever you put a counter / a +1/+1 counter on a creature (you control)" (122.6).
- "When you don't control a legendary Vampire" (603.8: the state trigger "you control no").
- "Whenever an opponent mills one or more cards", "Whenever one or more players discard one
  or more cards" (701.17, 701.9; once per batch, 603.2c).
- "Whenever you gain life for the first time during each of your turns" (the first gain this
  turn; "during each of your turns" read by ``triggers_more.trigger_during``).
The engine matches the new kinds in ``rules_engine/mechanics/trigger_tail.py``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import Ref, Trigger
from rules_engine.text.nouns import NUM_WORD, Ctx, number, parse_filter

_Builder = Callable[[re.Match[str], Ctx], Trigger | None]
_WHO = {"you": "you", "an opponent": "opponent", "a player": "any", "one or more players": "any"}


def _subject(text: str, ctx: Ctx):  # noqa: ANN202 - (Ref | None, ObjectFilter | None)
    from rules_engine.text.triggers import _subject as subject

    return subject(text, ctx)


def _enters_from(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None and flt is None:
        return None
    if m.group("mine") and flt is not None:
        flt = dataclasses.replace(flt, controller="you")
    zone = m.group("zone").lower()
    detail = {"your graveyard": "graveyard;yours", "a graveyard": "graveyard",
              "exile": "exile", "your hand": "hand;yours"}[zone]
    return Trigger("enters_from", subject=subject, filter=flt, detail=detail, text=m.group(0))


def _play_land_from(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    who = _WHO.get(m.group("who").lower())
    flt = parse_filter(re.sub(r"^an? ", "", m.group("what"), flags=re.I))
    if who is None or flt is None or "land" not in flt.card_types:
        return None
    return Trigger("play_land", player=who, filter=flt, detail="exile", text=m.group(0))


def _dealt_at_least(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    n = number(m.group("n"))
    if n is None or (subject is None and flt is None):
        return None
    return Trigger("dealt_damage_at_least", subject=subject, filter=flt, ordinal=n,
                   text=m.group(0))


def _attack_exactly(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    n = number(m.group("n"))
    return None if n is None else Trigger("attack_with_exactly", ordinal=n,
                                          text=m.group(0))


def _with_others(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, _ = _subject(m.group("subj"), ctx)
    n = number(m.group("n"))
    others = parse_filter(m.group("what"))
    if subject is None or subject.kind not in ("self", "equipped", "enchanted") or n is None \
            or others is None:
        return None
    return Trigger("attacks_with_others", subject=subject, filter=others, ordinal=n,
                   text=m.group(0))


def _put_counter(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    from rules_engine.text.triggers import _counters_put

    return _counters_put(m, ctx, player="you")


def _dont_control(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return Trigger("state", filter=flt, player="you", detail="none_controlled", text=m.group(0))


def _mills(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    who = _WHO.get(m.group("who").lower())
    return None if who is None else Trigger("mill", player=who, text=m.group(0))


def _discards_batch(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    who = _WHO.get(m.group("who").lower())
    flt = parse_filter(m.group("what"))
    if who is None or flt is None:
        return None
    return Trigger("discard", player=who, filter=flt, detail="one_or_more", text=m.group(0))


def _to_hand(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"Whenever another nonland permanent you control is returned to its owner's hand": a
    permanent the filter fits left the battlefield for its owner's hand (400.7, 603.6c; the
    kind ``batch_leaves`` with ``detail`` "to_hand", once per permanent)."""
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is not None or flt is None:
        return None
    batch = m.group("subj").lower().startswith("one or more ")
    return Trigger("batch_leaves", filter=flt, detail="to_hand" + (";one_or_more" if batch
                                                                   else ""), text=m.group(0))


def _milled(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"Whenever one or more nonland cards are milled" (701.17): any player's mill that
    moved a card the filter fits, once per mill (kind ``cards_milled``)."""
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return Trigger("cards_milled", filter=flt, detail="one_or_more", text=m.group(0))


def _combat_damage_first(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """"Whenever ~ deals combat damage to a player for the first time each turn" (510.2; a
    second combat damage step or phase, 506.1, doesn't trigger it again)."""
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None or subject.kind != "self":
        return None
    return Trigger("combat_damage_first", subject=subject, text=m.group(0))


def _damage_to_permanent(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    from rules_engine.text.triggers_more import _deals_damage_to

    if re.search(r"\bplayer|\bopponent|\bbattle|\bany target", m.group("to"), re.I):
        return None
    return _deals_damage_to(m, ctx)


class _Groups:
    """A match read with some groups replaced."""

    def __init__(self, m: re.Match[str], **groups: str) -> None:
        self._m, self._groups = m, groups

    def group(self, name: str | int = 0) -> str | None:
        return self._groups[name] if name in self._groups else self._m.group(name)

    def groupdict(self) -> dict[str, str | None]:
        return {**self._m.groupdict(), **self._groups}


def _cast_that_has(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    from rules_engine.text.triggers import _cast

    return _cast(_Groups(m, what=f"{m.group('what')} with {m.group('kw')}"), ctx)  # type: ignore[arg-type]


def _enters_tapped(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is not None or flt is None:
        return None
    flt = dataclasses.replace(flt, controller="you", qualifiers=flt.qualifiers + ("tapped",))
    return Trigger("enters", filter=flt, text=m.group(0))


def _tapped_first(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    if subject is None and flt is None:
        return None
    return Trigger("tapped_first", subject=subject, filter=flt, ordinal=1, text=m.group(0))


def _cast_when(m: re.Match[str], ctx: Ctx, when: str) -> Trigger | None:
    """A cast trigger that counts only in a part of the turn (``detail``, e.g. "combat")."""
    from rules_engine.text.triggers import _cast

    base = _cast(m, ctx)
    if base is None or base.ordinal or base.detail:
        return None
    return dataclasses.replace(base, event="cast_not_first", ordinal=1, detail=when,
                               text=m.group(0))


def _enchanted_cast(m: re.Match[str], ctx: Ctx, first: bool) -> Trigger | None:
    """"Whenever enchanted player casts a spell [other than the first spell they cast each
    turn]": ``cast_not_first`` with the player "enchanted" (whom the source Aura enchants)."""
    from rules_engine.text.triggers import _cast

    base = _cast(_Groups(m, who="a player"), ctx)  # type: ignore[arg-type]
    if base is None or base.ordinal or base.detail:
        return None
    return dataclasses.replace(base, event="cast_not_first", player="enchanted",
                               ordinal=1 if first else None, text=m.group(0))


def _enchanted_copies(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    flt = parse_filter(re.sub(r"^an? ", "", m.group("what")))
    return None if flt is None else Trigger("enchanted_player_copies", player="enchanted",
                                            filter=flt, text=m.group(0))


def _cast_not_first(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """A cast trigger for every spell but the caster's first this turn (601.2i counts them):
    the kind ``cast_not_first`` with the cast trigger as its only alternative-free part
    (``detail`` "your_turn" for "during your turn")."""
    from rules_engine.text.triggers import _cast

    base = _cast(m, ctx)
    if base is None or base.ordinal or base.detail:
        return None
    return dataclasses.replace(base, event="cast_not_first",
                               detail="your_turn" if m.group("yours") else None,
                               text=m.group(0))


_NTH = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
        "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12}
_ORD = "|".join(_NTH)


def _nth_counter(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    return Trigger("nth_counter", subject=Ref("self"), ordinal=_NTH[m.group("nth").lower()],
                   detail=m.group("kind"), text=m.group(0))


def _leaves_not_dying(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    subject, flt = _subject(m.group("subj"), ctx)
    if flt is None or (subject is not None and subject.kind != "self_or"):
        return None
    return Trigger("batch_leaves", subject=subject, filter=flt, detail="without_dying",
                   text=m.group(0))


def _becomes_attached(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    flt = parse_filter(re.sub(r"^an? ", "", m.group("what")))
    return None if flt is None else Trigger("becomes_attached", subject=Ref("self"),
                                            filter=flt, text=m.group(0))


def dont_control(state: str, ctx: Ctx, parse_condition: Callable[[str, Ctx], object]) -> object:
    """"while you don't control another Dinosaur": the negation of "you control another
    Dinosaur" (a trigger's "while" state, checked as it triggers, 603.2); None if not that."""
    m = re.fullmatch(r"you don't control (.+)", state.strip(), re.I)
    cond = parse_condition(f"you control {m.group(1)}", ctx) if m else None
    if cond is None or not dataclasses.is_dataclass(cond):
        return None
    return dataclasses.replace(cond, negated=not getattr(cond, "negated", False), text=state)


TAIL_TRIGGERS: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p, re.I), b) for p, b in [
        (r"(?P<subj>.+?) enters(?: the battlefield)?(?P<mine> under your control)? from "
         r"(?P<zone>your graveyard|a graveyard|exile|your hand)", _enters_from),
        (r"(?P<who>you|an opponent|a player) plays? (?P<what>an? .*?land) from exile",
         _play_land_from),
        (rf"(?P<subj>.+?) is dealt (?P<n>{NUM_WORD}|\d+) or more damage", _dealt_at_least),
        (rf"you attack with exactly (?P<n>{NUM_WORD}|\d+) creatures", _attack_exactly),
        (rf"(?P<subj>~|equipped creature|enchanted creature) and at least (?P<n>{NUM_WORD}) "
         r"other (?P<what>.+?) attack", _with_others),
        (r"you put an? (?:(?P<kind>[^\s]+) )?counter on (?P<subj>.+)", _put_counter),
        (r"you don't control an? (?P<what>.+)", _dont_control),
        (r"(?P<who>an opponent|a player) mills (?:a card|one or more cards)", _mills),
        (r"(?P<who>one or more players|a player|an opponent) discards? one or more "
         r"(?P<what>cards?)", _discards_batch),
        (r"you attack a player who has the initiative", lambda m, c: Trigger(
            "attacks_player", detail="has_initiative", text=m.group(0))),  # 725.2
        (r"(?P<subj>.+?) (?:is|are) returned to (?:its|their) owner's hand", _to_hand),
        (r"one or more (?P<what>.+?) are milled", _milled),
        (r"(?P<subj>.+?) deals combat damage to a player for the first time each turn",
         _combat_damage_first),
        # 120.3: "Whenever ~ deals damage to a Vampire / a Goblin or Orc / a planeswalker":
        # the permanent dealt damage is "that creature" (effects.core._triggering)
        (r"(?P<subj>.+?) deals (?P<how>combat |noncombat )?damage to (?P<to>an? (?!player\b|"
         r"opponent\b|creature or player\b).+)", _damage_to_permanent),
        (r"you choose a creature as your Ring-bearer", lambda m, c: Trigger(
            "player_action", player="you", detail="ring_bearer_chosen", text=m.group(0))),
        # "Whenever you cast another spell that has convoke" (702.51: a spell with convoke)
        (r"(?P<who>you|an opponent|a player) casts? (?P<what>.+?) that has (?P<kw>[a-z]+)",
         _cast_that_has),
        # "Whenever a land enters tapped and under your control" (the land as it enters)
        (r"(?P<subj>an? .+?) enters(?: the battlefield)? tapped and under your control",
         _enters_tapped),
        # 603.2e: "Whenever ~ becomes tapped for the first time [during each of your turns]"
        (r"(?P<subj>.+?) becomes tapped for the first time(?: each turn)?", _tapped_first),
        # "Whenever you cast a spell during your turn other than your first spell that turn"
        (r"(?P<who>you|an opponent|a player) casts? (?P<what>.+?)(?P<yours> during your turn)? "
         r"other than (?:your|their|the) first spell (?:that turn|each turn|(?:they|you) cast "
         r"each turn)", _cast_not_first),
        # 108.3: "Whenever you cast a spell you don't own", "... a player casts a spell they
        # don't own" (a card of another player's, cast by its controller)
        (r"(?P<who>you|an opponent|a player) casts? (?P<what>.+?) (?:you|they) don't own",
         lambda m, c: _cast_when(m, c, "not_own")),
        # 303.4: "Whenever enchanted player draws a card / casts a spell / copies a spell"
        (r"(?P<who>enchanted player|enchanted opponent) draws a card", lambda m, c: Trigger(
            "enchanted_player_draws", player="enchanted", text=m.group(0))),
        (r"(?P<who>enchanted player|enchanted opponent) casts (?P<what>.+?) other than the "
         r"first spell they cast each turn", lambda m, c: _enchanted_cast(m, c, first=False)),
        (r"(?P<who>enchanted player|enchanted opponent) casts (?P<what>.+)",
         lambda m, c: _enchanted_cast(m, c, first=True)),
        (r"(?P<who>enchanted player|enchanted opponent) copies (?P<what>an? .+)",
         _enchanted_copies),
        # 506.1: "Whenever you cast a spell during combat"
        (r"(?P<who>you|an opponent|a player) casts? (?P<what>.+?) during combat",
         lambda m, c: _cast_when(m, c, "combat")),
        # "Whenever an opponent draws a card except the first one they draw in each of their
        # draw steps" (504.1: the draw step's draw)
        (r"(?P<who>you|an opponent|a player) draws? a card except the first one (?:they|you) "
         r"draws? in each of (?:their|your) draw steps", lambda m, c: Trigger(
             "draw_not_step_first", player=_WHO[m.group("who").lower()], text=m.group(0))),
        # 122.6: "When the fourth plan counter is put on ~" (the Plans), "When the twelfth hour
        # counter is put on ~": the counter that brings their number to N
        (rf"the (?P<nth>{_ORD}) (?P<kind>[\w+/-]+) counter is put on ~", _nth_counter),
        # 507.1: "At the beginning of combat on each player's / each opponent's turn"
        (r"combat on (?P<whose>each player's|each opponent's) turn", lambda m, c: Trigger(
            "phase", step="combat", player="each" if "player" in m.group("whose") else
            "opponent", text=m.group(0))),
        # 702.171b: "Whenever ~ becomes saddled [for the first time each turn]"
        (r"(?P<subj>~|this creature) becomes saddled(?P<first> for the first time each turn)?",
         lambda m, c: Trigger("becomes_saddled", subject=Ref("self"),
                              ordinal=1 if m.group("first") else None, text=m.group(0))),
        # 700.4: "Whenever ~ or another creature you control leaves the battlefield without
        # dying" (the kind batch_leaves, once per permanent)
        (r"(?P<subj>.+?) leaves the battlefield without dying", _leaves_not_dying),
        # 701.3: "Whenever ~ becomes attached to a creature" ("that creature": what it's
        # attached to, effects.core._triggering)
        (r"~ becomes attached to (?P<what>an? .+)", _becomes_attached),
        # 701.15: "Whenever a goaded creature attacks"
        (r"an? goaded (?P<what>.+?) attacks", lambda m, c: None if parse_filter(
            m.group("what")) is None else Trigger("goaded_attacks", filter=parse_filter(
                m.group("what")), text=m.group(0))),
        (r"you gain life for the first time", lambda m, c: Trigger(
            "gain_life", player="you", ordinal=1, text=m.group(0))),
        # 702.55c: "When the creature it haunts dies", "When the creature ~ haunts dies" (works
        # from exile, mechanics/haunt.py; "When ~ enters or ..." joins it by split_or)
        (r"the creature (?:it|~|this card) haunts dies", lambda m, c: Trigger(
            "haunted_dies", text=m.group(0))),
    ]
]
