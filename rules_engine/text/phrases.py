"""Verb phrases beyond :mod:`rules_engine.text.verbs` (that table is at its size cap): the same
shape, one regex per phrase and the builder that turns a match into effect records; tried after
the main table (:data:`rules_engine.text.effects.VERB_PHRASES` is the two tables joined)."""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Effect, Exile, ObjectFilter, Ref, Restriction, TokenSpec
from rules_engine.records import (
    CreateAttachedToken,
    FromOutsideGame,
    GrantChoice,
    IsChosen,
    PlayerExiles,
)
from rules_engine.text.keywords import parse_keyword
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, parse_filter, parse_ref

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]


def _is_chosen(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"This land is the chosen type", "Creatures you control are the chosen type", "~ is the
    chosen type in addition to its other types", "Enchanted land is the chosen color": a
    static type- or color-setting effect whose value is the one chosen for the source
    (614.12 "As ~ enters, choose ..."; 205.1a-b, 305.7, 105.3)."""
    return IsChosen(subject=s, what=m.group("what").lower(), additional=bool(m.group("add")),
                    text=m.group(0))


def _attached_token(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Create a Monster Role token attached to up to one target creature you control": a
    predefined Role token (111.10j-r) created attached to that object (303.4f)."""
    to = parse_ref(m.group("to"), ctx)
    if to is None:
        return None
    name = f"{m.group('name')} Role"
    return CreateAttachedToken(token=TokenSpec(name=name, predefined=True, text=name + " token"),
                               to=to, controller=s, text=m.group(0))


def _player_exiles(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target opponent exiles a creature they control", "That player exiles a card from their
    hand": the named player chooses that many of their own objects and exiles them (701.13,
    608.2d). Only for a player other than "you" doing it: "exile a creature" is a target or a
    choice of the controller, read by the main table."""
    if s.kind == "you":
        return None
    flt = parse_filter(m.group("what"))
    n = amount(m.group("n"))
    if flt is None or n is None:
        return None
    zone = (m.group("zone") or "battlefield").lower()
    return PlayerExiles(player=s, filter=flt, zone=zone, amount=n, text=m.group(0))


def _player_exiles_graveyard(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"... exiles their graveyard": every card in that player's graveyard (701.13)."""
    if s.kind == "you":
        return None
    return PlayerExiles(player=s, zone="graveyard", whole=True, text=m.group(0))


def _despite_hexproof(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Creatures your opponents control can be the targets of spells and abilities [you
    control] as though they didn't have hexproof" (702.11b: hexproof is what forbids it), and
    the sentence that follows it on the card, "Ward abilities of those creatures don't
    trigger" (702.21a: the ward triggered ability)."""
    if s.kind != "each":
        return None
    kind = "targetable_despite_hexproof" + ("_by_you" if m.group("you") else "")
    out: tuple[Effect, ...] = (Restriction(kind=kind, subject=s, text=m.group(0)),)
    if m.group("ward"):
        out += (Restriction(kind="ward_doesnt_trigger", subject=s, text=m.group("ward")),)
    return out


def _exile_at_random(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"exile a card at random from your graveyard" (the game picks it; 701.13)."""
    n = amount(m.group("n"))
    if n is None or s.kind != "you":
        return None
    return Exile(subject=Ref("chosen", filter=ObjectFilter(zone="graveyard", owner="you",
                                                           text="card")),
                 from_zone="graveyard", amount=n, random=True, text=m.group(0))


def _grant_choice(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"gains your choice of flying, vigilance, deathtouch, or lifelink": one keyword, chosen as
    the effect resolves (608.2d)."""
    words = [w for w in re.split(r",? or |, ", m.group("kws")) if w.strip()]
    kws = [parse_keyword(w.strip()) for w in words]
    if len(kws) < 2 or any(k is None for k in kws):
        return None
    return GrantChoice(subject=s, keywords=tuple(k for k in kws if k is not None), duration=None,
                       text=m.group(0))


def _from_outside(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"put a card you own from outside the game into your hand" (400.11b)."""
    flt = parse_filter(m.group("what"))
    return None if flt is None else FromOutsideGame(player=s, filter=flt, text=m.group(0))


_SPECS: list[tuple[str, _Builder]] = [
    (r"(?:is|are) the chosen (?P<what>type|color)(?P<add> in addition to (?:its|their) other "
     r"types)?", _is_chosen),
    (r"creates? an? (?P<name>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*) Role token attached to (?P<to>.+)",
     _attached_token),
    (rf"exiles (?P<n>an?|{NUM_WORD}) (?P<what>.+?)(?: they control| from their "
     r"(?P<zone>hand|graveyard))", _player_exiles),
    (r"exiles (?:their|his or her) graveyard", _player_exiles_graveyard),
    (r"(?:reveal|put) an? (?P<what>.+?) you own from outside the game(?: and put it)? into "
     r"your hand", _from_outside),
    (r"(?:both )?gains? your choice of (?P<kws>.+)", _grant_choice),
    (rf"exile (?P<n>an?|{NUM_WORD}) cards? at random from your graveyard", _exile_at_random),
    (r"can be the targets of spells and abilities (?P<you>you control )?as though (?:it|they) "
     r"didn't have hexproof(?:\. (?P<ward>ward abilities of (?:those|these) creatures don't "
     r"trigger))?", _despite_hexproof),
]
PHRASES: list[tuple[re.Pattern[str], _Builder]] = [(re.compile(p, re.I), b) for p, b in _SPECS]
