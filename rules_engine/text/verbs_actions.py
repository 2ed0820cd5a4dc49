"""Verb phrases of helper "effB" (issue 12): one-shot effects whose clause begins with a verb
n-z, appended to the verb-phrase table of :mod:`rules_engine.text.verbs` (at its size cap) when
:mod:`rules_engine.text.effects` imports this module. The subject is whatever the sentence
grammar read before the verb, so a phrase serves every subject.

- "suspect <object>" (701.60a): "suspect enchanted creature", "suspect up to one target
  creature [an opponent controls]", "suspect it" - the keyword action on that object.
- "You / Players don't lose unspent [red] mana as steps and phases end" (500.4): a static
  restriction ``keeps_unspent_mana`` the turn structure reads.
- "The token is goaded for the rest of the game" (701.15), "Those creatures don't untap during
  their controllers' next untap steps" (502.3).
- "Vehicles you control become artifact creatures until end of turn" (205.1a, 301.7b).
- "Target opponent exiles a creature or planeswalker they control with the greatest mana value
  among creatures and planeswalkers they control" (701.13a, 608.2d).
- "discards a card or sacrifices a creature", "unless they sacrifice a nonland permanent or
  discard a card" (608.2d): :class:`~rules_engine.records.ChooseInstruction`.
- "Target creature attacks or blocks this turn if able", "... attacks target opponent this turn
  if able" (508.1d, 509.1c).
- "Target player searches their library for a basic land card, puts it onto the battlefield
  tapped, then shuffles" (701.23a), read as the imperative search done by that player.
- "Target unblocked attacking creature becomes blocked" (509.1h; effects/combat_actions.py).
- permissions to cast exiled cards (601.3, 611.2b): "You may cast red spells from among them
  this turn", "Until end of turn, you may cast spells from among those exiled cards", "You may
  cast a Vehicle or artifact creature spell from among them" (one, now: 608.2g), "You may
  cast/play that card for as long as it remains exiled", "Until your next end step, you may
  play it"; "Until end of turn, you may cast that card [without paying its mana cost]" is the
  resolution-time cast made a permission by its duration (``text.effects._with_duration``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import (
    Amount,
    Animate,
    CastWithoutPaying,
    Conditional,
    Duration,
    Effect,
    GainControl,
    GainLife,
    Goad,
    KeywordAction,
    LoseLife,
    ModifyPT,
    MoveToZone,
    ObjectFilter,
    PlayPermission,
    Ref,
    Repeat,
    Restriction,
    Sacrifice,
    SetBasePT,
    Untap,
    WithX,
)
from rules_engine.records import (
    BecomesChosenColor,
    BecomesChosenType,
    ChangeTargets,
    ChooseInstruction,
    MoveCounters,
    MoveExiledWith,
    PlayerExiles,
    PutCountersOfKind,
    RemoveCountersAmong,
    SpendAnyMana,
)
from rules_engine.text import hooks
from rules_engine.text.conditions import parse_condition
from rules_engine.text.nouns import Ctx, amount, parse_filter, parse_ref
from rules_engine.text.verbs_players import is_player

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]
_PLAYERS = ("you", "that_player", "opponent_each", "player_each")


def _object_action(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """A keyword action done to an object the phrase names (701.60a: "Suspect up to one target
    creature"); the implied subject "you" performs it."""
    if s.kind != "you":
        return None
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None or ref.kind in _PLAYERS:
        return None
    return KeywordAction(name=m.group("name").lower(), subject=ref, text=m.group(0))


def _keeps_mana(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You don't lose unspent red mana as steps and phases end" (500.4, a static ability of
    the subject players): restriction ``keeps_unspent_mana``, its colour as a filter colour
    (none: every type), read by ``turn.end_step`` / ``turn.next_turn``."""
    if s.kind not in _PLAYERS + ("each_player",) and not (
            s.kind == "each" and s.filter is not None and "player" in s.filter.qualifiers):
        return None
    color = (m.group("color") or "").lower()
    flt = ObjectFilter(colors=(color,), text=color) if color else None
    return Restriction(kind="keeps_unspent_mana", subject=s, filter=flt, text=m.group(0))


_AMONG = r"(?:them|those (?:exiled )?cards|the exiled cards|the revealed cards)"
_DURATION_WORDS = {"this turn": Duration("this_turn"), "until end of turn": Duration("end_of_turn"),
                   "until the end of your next turn": Duration("end_of_your_next_turn")}


def _spell_filter(text: str) -> ObjectFilter | None:
    """"red spells", "a Vehicle or artifact creature spell" as a filter of cards (the spell they
    would be, 111.1, 601.2a): the stack zone and the "spell" word dropped."""
    flt = parse_filter(re.sub(r"^(?:an?|one) ", "", text.strip(), flags=re.I))
    if flt is None:
        return None
    return dataclasses.replace(flt, zone=None, qualifiers=tuple(
        q for q in flt.qualifiers if q != "spell"))


def _play_among(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You may cast red spells from among them this turn" / "Until end of turn, you may cast
    spells from among those exiled cards" (601.3: a permission for the cards just exiled that
    match) and, without a duration, "You may cast a Vehicle or artifact creature spell from
    among them" (one, cast while the ability resolves, 608.2g)."""
    if s.kind != "you":
        return None
    what = m.group("what")
    flt = None if what.lower() in ("spells", "a spell") else _spell_filter(what)
    if flt is None and what.lower() not in ("spells", "a spell"):
        return None
    dur_text = (m.group("dur") or "").strip().lower()
    subject = Ref("those", filter=flt, text=m.group(0))
    if not dur_text:  # now, while the ability resolves (608.2g): one, or any number
        return CastWithoutPaying(subject=subject, free=bool(m.group("free")), text=m.group(0),
                                 any_number=not re.match(r"(?:an?|one) ", what, re.I))
    return PlayPermission(subject=subject, cast_only=True, free=bool(m.group("free")),
                          duration=_DURATION_WORDS[dur_text], text=m.group(0))


def _while_exiled(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You may cast that card for as long as it remains exiled" (611.2b, 400.7: once it leaves
    exile it is a new object the permission doesn't name): a permission with no end."""
    if s.kind != "you":
        return None
    if m.group("obj").lower() in ("them", "those cards"):
        ref = Ref("those", text=m.group("obj"))
    else:
        ref = Ref("it", text=m.group("obj"))
    return PlayPermission(subject=ref, cast_only=m.group("verb").lower() == "cast",
                          duration=None, text=m.group(0))


def _look_and_play(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You may look at and play that card this turn" (a face-down exiled card: the permission
    to play it lets its player look at it, 406.3, 601.3)."""
    if s.kind != "you":
        return None
    return PlayPermission(subject=Ref("it", text=m.group("obj")),
                          cast_only=m.group("verb").lower() == "cast",
                          duration=_DURATION_WORDS[m.group("dur").lower()], text=m.group(0))


def _goaded_for_good(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"The token is goaded for the rest of the game" (701.15a-b): goaded by the ability's
    controller, with no end (611.2a)."""
    if s.kind in _PLAYERS:
        return None
    return Goad(subject=s, text=m.group(0))


def _untap_steps(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Those creatures don't untap during their controllers' next untap steps" (502.3): each
    skips its controller's next untap ("They": the objects just tapped, 608.2c)."""
    if s.kind == "that_player" and (s.text or "").lower() == "they":
        s = Ref("those", text=s.text)
    if s.kind in _PLAYERS:
        return None
    return Restriction(kind="doesnt_untap_next", subject=s, text=m.group(0))


def _become_creatures(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Vehicles you control become artifact creatures until end of turn" (205.1a, 613.1d,
    layer 4): each keeps its printed power and toughness (301.7b), as the singular form of
    :mod:`rules_engine.text.verbs_animate`; the objects are fixed as it resolves (611.2c)."""
    if s.kind in _PLAYERS:
        return None
    types = tuple(m.group("types").lower()[:-1].split())
    return Animate(subject=s, card_types=types, duration=None, text=m.group(0))


def _exiles_greatest(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target opponent exiles a creature or planeswalker they control with the greatest mana
    value among creatures and planeswalkers they control" (701.13a, 608.2d): that player
    chooses among their own objects that qualify (a tie: any of them)."""
    if s.kind == "you" or s.kind not in _PLAYERS + ("target",):
        return None
    flt = parse_filter(f"{m.group('what')} {m.group('q')}")
    n = amount(m.group("n"))
    if flt is None or n is None:
        return None
    return PlayerExiles(player=s, filter=flt, zone="battlefield", amount=n, text=m.group(0))


_EITHER_VERBS = r"(?:sacrifices?|discards?|exiles?|loses?|pays?|draws?|mills?|returns?|puts?)"


def _either_instruction(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"discards a card or sacrifices a creature" (608.2d): the subject player chooses one of
    the two instructions, each read as a verb phrase of that subject."""
    if hooks.PARSE_VP is None or not is_player(s):
        return None
    mark = ctx.mark()
    first = hooks.PARSE_VP(s, m.group("a"), ctx)
    second = hooks.PARSE_VP(s, m.group("b"), ctx) if first is not None else None
    if first is None or second is None:
        ctx.reset(mark)
        return None
    return ChooseInstruction(chooser=s, options=(tuple(first), tuple(second)), text=m.group(0))


def _attack_duty(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target creature attacks or blocks this turn if able" (508.1d, 509.1c: requirements for
    both declarations), "target creature attacks target opponent this turn if able" (508.1d; the
    player is a target of the ability, 115.1: in a two-player game the only opponent, so the
    requirement is to attack)."""
    if s.kind in _PLAYERS:
        return None
    turn = (m.group("turn") or "").lower()
    dur = Duration("combat") if turn == "this combat" else (
        Duration("this_turn") if turn else None)
    if m.group("whom"):
        whom = parse_ref(m.group("whom"), ctx)
        if whom is None or whom.kind != "target":
            return None
    out: list[Effect] = [Restriction(kind="attacks_each_combat", subject=s, duration=dur,
                                     text=m.group(0))]
    if m.group("blocks"):
        out.append(Restriction(kind="blocks_if_able", subject=s, duration=dur, text=m.group(0)))
    return tuple(out)


def _colored_subtype(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"that creature becomes a blue Crab in addition to its other types" (205.1b: the subtype
    is added, layer 4; 105.3: its colour becomes blue, layer 5 - the words keep only its
    types)."""
    if s.kind in _PLAYERS:
        return None
    subtypes = tuple(m.group("types").split())
    if any(not w[:1].isupper() for w in subtypes):
        return None
    return Animate(subject=s, subtypes=subtypes, colors=(m.group("color").lower(),),
                   duration=None, additional=True, text=m.group(0))


def _theirs(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target opponent sacrifices a creature they control [with the highest mana value among
    ...]": "they control" says only whose (701.21a: a player sacrifices their own permanents),
    so the phrase is the same without it."""
    if hooks.PARSE_VP is None or s.kind not in _PLAYERS + ("target",):
        return None
    rest = f" {m.group('rest')}" if m.group("rest") else ""
    found = hooks.PARSE_VP(s, f"{m.group('verb')} {m.group('what')}{rest}", ctx)
    return None if found is None else tuple(found)


def _owner_shuffles(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target creature's owner shuffles it into their library", "The owner of target artifact
    ... shuffles it into their library" (401.3, 701.24a): the object goes to its owner's
    library, which is shuffled."""
    if s.kind != "owner_of" or s.of is None:
        return None
    return MoveToZone(subject=s.of, to_zone="library_shuffled", text=m.group(0))


_THIRD_PERSON = {"searches": "search", "puts": "put", "reveals": "reveal", "shuffles": "shuffle",
                 "exiles": "exile", "returns": "return", "mills": "mill"}


def _searches(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target player searches their library for a basic land card, puts it onto the
    battlefield tapped, then shuffles" (701.23a): the same search as the imperative "search
    their library ..., put it ..., then shuffle", done by that player."""
    if hooks.PARSE_VP is None or s.kind == "you":
        return None
    words = re.sub(r"\b(" + "|".join(_THIRD_PERSON) + r")\b",
                   lambda w: _THIRD_PERSON[w.group(1).lower()], m.group(0), flags=re.I)
    found = hooks.PARSE_VP(s, words, ctx)
    return None if found is None else tuple(found)


def _twice_life(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"you gain twice that much life" (119.3; "that much" is the amount the trigger or the
    instruction before counted)."""
    if s.kind not in _PLAYERS:
        return None
    cls = GainLife if m.group("verb").lower().startswith("gain") else LoseLife
    return cls(player=s, amount=Amount(text="twice that much"), text=m.group(0))


def _counters_equal_to(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"put a number of +1/+1 counters equal to its power on up to one target creature"
    (122.1, 107.3e): the same as "put X +1/+1 counters on ..., where X is its power", the
    number computed as the effect resolves."""
    if hooks.PARSE_VP is None:
        return None
    inner = hooks.PARSE_VP(s, f"put X {m.group('kind')} counters on {m.group('obj')}", ctx)
    if inner is None:
        return None
    return WithX(x=Amount(variable="X", text=m.group("amt")), effects=tuple(inner),
                 text=m.group(0))


def _exiled_with_cards(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"put all creature cards exiled with ~ onto the battlefield under your control", "put
    each card exiled with it into its owner's hand" (607.2a, 406.6; "it" is this object, the
    one whose instruction exiled them)."""
    if s.kind != "you":
        return None
    what = m.group("what")
    flt = None
    if what.lower() not in ("card", "cards"):
        flt = parse_filter(what)
        if flt is None:
            return None
    dest = m.group("dest").lower()
    zone = ("graveyard" if "graveyard" in dest else "hand" if "hand" in dest
            else "battlefield")
    return MoveExiledWith(destination=zone, filter=flt,
                          controller="you" if "your control" in dest else "owner",
                          one=m.group("n").lower() in ("a", "an"), text=m.group(0))


def _change_targets(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"(You may) choose new targets for target spell / that spell / it", "change any targets
    of target Arcane spell" (115.7d)."""
    if s.kind != "you":
        return None
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None or ref.kind in _PLAYERS:
        return None
    return ChangeTargets(subject=ref, text=m.group(0))


def _becomes_saddled(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target Mount you control becomes saddled until end of turn" (702.171b: the saddled
    designation, which lasts until end of turn anyway)."""
    if s.kind in _PLAYERS:
        return None
    return KeywordAction(name="saddle", subject=s, text=m.group(0))


def _move_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"move a counter from target creature you control onto a second target creature you
    control", "move a +1/+1 counter from target creature onto ~" (122.5)."""
    if s.kind != "you":
        return None
    n = amount(m.group("n"))
    if n is None or n.value is None:
        return None
    mark = ctx.mark()
    src = parse_ref(m.group("src"), ctx)
    # ("a second target": another target word, so another object, 115.3; not "other than ~")
    to_text = re.sub(r"^a second target\b", "target", m.group("to"), flags=re.I)
    to = parse_ref(to_text, ctx) if src is not None else None
    if src is None or to is None or src.kind in _PLAYERS or to.kind in _PLAYERS:
        ctx.reset(mark)
        return None
    return MoveCounters(source=src, to=to, counter=(m.group("kind") or "any"), amount=n,
                        text=m.group(0))


def _becomes_blocked(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target unblocked attacking creature becomes blocked" (509.1h)."""
    if s.kind in _PLAYERS:
        return None
    return KeywordAction(name="become blocked", subject=s, text=m.group(0))


def _chosen_color(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target creature becomes the color of your choice until end of turn" (105.3)."""
    if s.kind in _PLAYERS or (s.target is not None and "spell" in (s.target.text or "").lower()):
        return None
    return BecomesChosenColor(subject=s, duration=None, text=m.group(0))


def _that_type(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Choose a creature type other than Wall. Target creature becomes that type until end of
    turn" (608.2c: the type chosen earlier in the resolution; 613.1d, its creature types are
    replaced)."""
    if s.kind in _PLAYERS:
        return None
    dur = Duration("end_of_turn") if m.group("eot") else Duration("permanent")
    return BecomesChosenType(subject=s, kind="creature type", value="that type", duration=dur,
                             text=m.group(0))


def _any_mana(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"(Until end of turn,) you may cast that card and you may spend mana as though it were
    mana of any color to cast that spell", "you may play those cards, and mana of any type can
    be spent to cast them" (601.3 the permission, 609.4b the mana)."""
    if s.kind != "you":
        return None
    obj = m.group("obj").lower()
    ref = Ref("those", text=obj) if obj in ("them", "those cards") else Ref("it", text=obj)
    return (PlayPermission(subject=ref, cast_only=m.group("verb").lower() == "cast",
                           duration=Duration("this_turn"), text=m.group(0)),
            SpendAnyMana(subject=ref, text=m.group(0)))


def _any_mana_alone(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"(you may) spend mana as though it were mana of any color to cast that spell" after the
    permission to cast it (609.4b)."""
    if s.kind != "you":
        return None
    obj = m.group("obj").lower()
    ref = Ref("those", text=obj) if obj in ("them", "those spells") else Ref("it", text=obj)
    return SpendAnyMana(subject=ref, text=m.group(0))


def _control_and_untap(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"the attacking player gains control of ~ and untaps it" (613.1b layer 2; 701.26b)."""
    if not is_player(s):
        return None
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None or is_player(ref):
        return None
    return (GainControl(subject=ref, player=s, duration=None, text=m.group(0)),
            Untap(subject=ref, text=m.group(0)))


def _remove_among(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"remove up to three stun counters from among all permanents" (122.1)."""
    if s.kind != "you":
        return None
    n = amount(m.group("n"))
    what = re.sub(r"^(?:all|each) ", "", m.group("what"), flags=re.I)
    flt = parse_filter(what)
    if n is None or n.value is None or flt is None:
        return None
    return RemoveCountersAmong(filter=flt, counter=m.group("kind"), amount=n,
                               up_to=bool(m.group("upto")), text=m.group(0))


def _gains_if(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"it gains trample if you control a Dwarf and hexproof if you control an Elf" (608.2c:
    each grant checked as the effect resolves)."""
    if hooks.PARSE_VP is None or s.kind in _PLAYERS:
        return None
    out: list[Effect] = []
    for kw, cond_text in ((m.group("k1"), m.group("c1")), (m.group("k2"), m.group("c2"))):
        cond = parse_condition(cond_text, ctx)
        grant = hooks.PARSE_VP(s, f"gains {kw}", ctx)
        if cond is None or grant is None:
            return None
        out.append(Conditional(condition=cond, effects=tuple(grant), text=f"{kw} if {cond_text}"))
    return tuple(out)


def _base_pt_x(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"target creature you control has base power and toughness X/X" (613.4b, layer 7b; X of
    the ability, 107.3)."""
    if s.kind in _PLAYERS:
        return None
    return SetBasePT(subject=s, power=Amount(variable="X"), toughness=Amount(variable="X"),
                     duration=None, text=m.group(0))


def _sacrifice_x(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"that source's controller sacrifices that many permanents" (spelled "X permanents, where
    X is that many"; 701.21a: the player chooses that many of their own)."""
    if not is_player(s):
        return None
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return Sacrifice(player=s, subject=Ref("chosen", filter=flt, text=m.group("what")),
                     amount=Amount(variable="X"), text=m.group(0))


def _attacks_other_than_you(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"each creature attacks each combat if able and attacks a player other than you if able"
    (508.1d). In a two-player game the second requirement adds nothing: a creature of yours
    attacks the only other player anyway, and one of your opponent's can't attack a player other
    than you (508.1d obeys the requirements it can)."""
    if s.kind in _PLAYERS:
        return None
    return Restriction(kind="attacks_each_combat", subject=s, duration=None, text=m.group(0))


def _triple_pt(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.11b: to triple a creature's power it gets +X/+0 where X is twice its power as the
    effect resolves (toughness likewise): each X computed once, before any change, then given
    twice (a :class:`Repeat` of two inside a :class:`WithX`)."""
    ref = Ref("self") if m.group("obj") == "~" else parse_ref(m.group("obj"), ctx)
    if ref is None or ref.kind in _PLAYERS:
        return None
    whose = "~'s" if m.group("obj") == "~" else f"{m.group('obj')}'s"  # (read before it's named)
    out: list[Effect] = [WithX(x=Amount(variable="X", text=f"{whose} power"), effects=(Repeat(
        count=Amount(2), effects=(ModifyPT(subject=ref, power=Amount(variable="X"),
                                           toughness=Amount(0), duration=None,
                                           text=m.group(0)),), text=m.group(0)),),
        text=m.group(0))]
    if m.group("both"):
        out.append(WithX(x=Amount(variable="X", text=f"{whose} toughness"), effects=(Repeat(
            count=Amount(2), effects=(ModifyPT(subject=ref, power=Amount(0),
                                               toughness=Amount(variable="X"), duration=None,
                                               text=m.group(0)),), text=m.group(0)),),
            text=m.group(0)))
    return tuple(out)


def _its_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"put its +1/+1 counters on target creature you control" (122.1, 608.2h)."""
    if s.kind != "you":
        return None
    of = m.group("of").lower()
    source = Ref("self", text="~") if of == "~'s" else Ref("it", text=of)
    target = parse_ref(m.group("on"), ctx)
    if target is None or target.kind in _PLAYERS:
        return None
    return PutCountersOfKind(subject=target, source=source, counter=m.group("kind"),
                             text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (r"put (?P<of>its|~'s) (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters on (?P<on>.+)",
     _its_counters),
    (r"triple (?P<obj>.+?)'s power(?P<both> and toughness)?", _triple_pt),
    (r"attacks? each combat if able and attacks? a player other than you if able",
     _attacks_other_than_you),
    (r"sacrifices? X (?P<what>[a-z ]+)", _sacrifice_x),
    (r"(?:has|have) base power and toughness X/X", _base_pt_x),
    (r"gains? (?P<k1>[a-z ]+?) if (?P<c1>you control [^,]+?) and (?P<k2>[a-z ]+?) if "
     r"(?P<c2>you control .+)", _gains_if),
    (r"remove (?P<upto>up to )?(?P<n>an?|one|two|three|four|five|\d+) (?P<kind>[+-]\d+/[+-]\d+|"
     r"[a-z]+) counters? from among (?P<what>.+)", _remove_among),
    (r"gains? control of (?P<obj>~|it|target [\w ]+?) and untaps? (?:it|them)",
     _control_and_untap),
    (r"(?:may )?spend mana as though it were mana of any (?:color|type) to cast (?P<obj>that "
     r"spell|it|them|those spells)", _any_mana_alone),
    (r"(?:may )?(?P<verb>cast|play) (?P<obj>that card|it|them|those cards),? and (?:you may spend "
     r"mana as though it were mana of any (?:color|type) to cast (?:that spell|it|them|those "
     r"spells)|mana of any type can be spent to cast (?:it|them))", _any_mana),
    (r"becomes? that (?:creature )?type(?P<eot> until end of turn)?", _that_type),
    (r"becomes? the color of your choice", _chosen_color),
    (r"becomes? blocked", _becomes_blocked),
    (r"move (?P<n>an?|one|two|three) (?:(?P<kind>[+-]\d+/[+-]\d+|[a-z]+) )??counters? from "
     r"(?P<src>.+?) (?:onto|to) (?P<to>.+)", _move_counters),
    (r"becomes? saddled(?: until end of turn)?", _becomes_saddled),
    (r"(?:choose new targets for|change (?:any|the) targets? of) (?P<obj>target [\w ]*spell|"
     r"that spell|it)", _change_targets),
    (r"(?:put|return) (?P<n>each|all|the|an?) (?P<what>[\w -]*?cards?) exiled with (?:~|it) "
     r"(?P<dest>"
     r"into (?:its|their) owners?'s? graveyards?|(?:in)?to (?:its|their) owners?'s? hands?|"
     r"(?:on)?to the battlefield under (?:(?:its owner's|their owners?'s?|your) control|the "
     r"control of (?:that card's|its|their) owners?))",
     _exiled_with_cards),
    (r"puts? (?:a number of )?(?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters equal to (?P<amt>.+?) "
     r"on (?P<obj>(?:up to one |each |another |target |~|it\b).*)", _counters_equal_to),
    (r"(?P<verb>gains?|loses?) twice that much life", _twice_life),
    (r"searches (?:their|his or her) library for .+?,? then shuffles(?: and .+)?", _searches),
    (r"mills (?:a card|\w+ cards), then puts .+ milled this way .+", _searches),
    (r"(?P<verb>sacrifices|exiles) (?P<what>(?:an?|one|two|three) [a-z ,]+?) they control"
     r"(?: (?P<rest>with the (?:greatest|highest|least|lowest) .+))?", _theirs),
    (r"shuffles it into (?:their|his or her|its owner's) library", _owner_shuffles),
    (r"becomes? an? (?P<color>white|blue|black|red|green) (?P<types>(?-i:[A-Z])[\w-]+"
     r"(?: (?-i:[A-Z])[\w-]+)*) in addition to its other types", _colored_subtype),
    (r"attacks(?P<blocks> or blocks)?(?: (?P<whom>target opponent|target player))? "
     r"(?:(?P<turn>this turn|this combat)|each combat) if able", _attack_duty),
    (rf"(?P<a>{_EITHER_VERBS} [^,]+?) or (?P<b>{_EITHER_VERBS} [^,]+)", _either_instruction),
    (r"exiles (?P<n>an?|one|two) (?P<what>[a-z ,]+?) they control (?P<q>with the "
     r"(?:greatest|least) (?:power|toughness|mana value) among [a-z ,]+ they control)",
     _exiles_greatest),
    (r"become (?P<types>(?:(?:artifact|enchantment|land) )+creatures)", _become_creatures),
    (r"(?:is|are) goaded for the rest of the game", _goaded_for_good),
    (r"(?:doesn't|don't) untap during (?:its|their) (?:controller's |controllers' )?next untap "
     r"steps", _untap_steps),
    (r"(?:may )?cast (?P<what>(?:an? |one )?[\w ,/-]*?spells?) from among " + _AMONG +
     r"(?P<free> without paying (?:its|their) mana costs?)?"
     r"(?P<dur> this turn| until end of turn| until the end of your next turn)?", _play_among),
    (r"(?:may )?look at and (?P<verb>play|cast) (?P<obj>that card|it) (?P<dur>this turn|"
     r"until end of turn)", _look_and_play),
    (r"(?:may )?(?:look at and )?(?P<verb>play|cast) (?P<obj>that card|it|the exiled card|them|"
     r"those cards) for as long as (?:it|they) remains? exiled", _while_exiled),
    (r"(?:doesn't|don't) lose unspent (?:(?P<color>white|blue|black|red|green) )?mana as steps "
     r"and phases end", _keeps_mana),
    (r"(?P<name>suspect) (?P<obj>(?!counters?\b).+)", _object_action),
]


def _legend_rule_off(m: re.Match[str], ctx: Ctx) -> _Result:
    """'The "legend rule" doesn't apply to permanents / tokens you control' (704.5j): a static
    restriction ``legend_rule_exempt`` over that group, read by the state-based check."""
    group = parse_ref(m.group("group"), ctx)
    if group is None or group.kind != "each":
        return None
    return Restriction(kind="legend_rule_exempt", subject=group, text=m.group(0))


# whole sentences with no subject the sentence grammar reads (text.effects._WHOLE)
WHOLE: list[tuple[re.Pattern[str], Callable[[re.Match[str], Ctx], _Result]]] = [
    (re.compile(r"the [\"“]?legend rule[\"”]? doesn't apply to (?P<group>.+)", re.I),
     _legend_rule_off),
]

# "Until your next end step, you may play it" (611.2b; ended by mechanics/next_end_step.py)
DURATION_PREFIXES = [(re.compile(r"^until your next end step,\s*", re.I),
                      Duration("your_next_end_step"))]


def extend(table: list, prefixes: list | None = None) -> None:
    """Append these phrases to the verb-phrase table and the durations to the compiler's
    prefix list (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
    if prefixes is not None and not any(d in prefixes for d in DURATION_PREFIXES):
        prefixes.extend(DURATION_PREFIXES)
