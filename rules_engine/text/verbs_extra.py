"""Verb phrases added after :mod:`rules_engine.text.verbs` reached its size limit; they are
appended to its :data:`~rules_engine.text.verbs.VERB_PHRASES`.

Card types without a creature: "Until your next turn, he becomes a land and gains '{T}: Add
{U}.' (He's not a creature during that time.)": the new card type replaces the object's other
card types and the subtypes that go with them (205.1a, layer 4, 613.1d); a granted ability is
a separate phrase the compound split reads.

Exiling from the library until a total: "Exile cards from the top of your library until you
exile cards with total mana value 4 or greater" (701.13a, 202.3), then "You may cast any number
of spells from among them without paying their mana costs" (608.2g, 118.9: cast one at a time
during the resolution, each chosen from what is left).
"""

from __future__ import annotations

import re

from rules_engine.abilities import (
    AddMana,
    Amount,
    Animate,
    CastWithoutPaying,
    Exile,
    MoveToZone,
    ObjectFilter,
    Ref,
    RemoveCounters,
    SearchExileName,
    SearchLibrary,
)
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, parse_filter, parse_ref
from rules_engine.text.verbs import VERB_PHRASES

_CARD_TYPES = r"(?:artifact|enchantment|land)"
ANY_COUNTER = "any"  # RemoveCounters.counter: one counter of any kind, the player's choice


def _becomes_type(s: Ref, m: re.Match[str], ctx: Ctx) -> Animate | None:
    """"becomes a land", "becomes an artifact and enchantment": the named card types only."""
    types = tuple(t.lower() for t in re.split(r"\s+and\s+|\s+", m.group("types")) if t)
    return Animate(subject=s, card_types=types, duration=None, set_types=True,
                   text=m.group(0))


def _exile_until_total(s: Ref, m: re.Match[str], ctx: Ctx) -> Exile | None:
    n = amount(m.group("n"))
    if n is None or n.value is None:
        return None
    return Exile(subject=Ref("chosen", filter=ObjectFilter(zone="library", text="top")),
                 from_zone="library", until=ObjectFilter(text="cards"),
                 amount=Amount(n.value, text="total mana value"), text=m.group(0))


def _cast_any_number(s: Ref, m: re.Match[str], ctx: Ctx) -> CastWithoutPaying | None:
    flt = parse_filter(m.group("what") + " spell") if m.group("what") else None
    if m.group("what") and flt is None:
        return None
    return CastWithoutPaying(subject=Ref("chosen", filter=flt, text="them"), free=True,
                             any_number=True, text=m.group(0))


def _remove_a_counter(s: Ref, m: re.Match[str], ctx: Ctx) -> RemoveCounters | None:
    """"remove a counter from her": one counter of a kind the player chooses among those on
    the permanent (122.8; none there: nothing is removed, so "when you do" does not happen)."""
    target = parse_ref(m.group("on"), ctx)
    if target is None:
        return None
    return RemoveCounters(subject=target, counter=ANY_COUNTER, amount=Amount(1), text=m.group(0))


def _search_exile_name(s: Ref, m: re.Match[str], ctx: Ctx) -> SearchExileName | None:
    """"search its owner's / target player's graveyard, hand, and library for any number of
    cards with that name and exile them" (701.23; effects/name_search.py)."""
    player = parse_ref(m.group("whose"), ctx)
    if player is None:
        return None
    zones = tuple(z.lower() for z in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("zones"))
                  if z)
    return SearchExileName(player=player, zones=zones, text=m.group(0))


def _search_and_reveal(s: Ref, m: re.Match[str], ctx: Ctx) -> SearchLibrary | None:
    """"Search your library for a creature or land card and reveal it." with the destination in
    the sentences after ("Put it onto the battlefield tapped if it's a land card. Otherwise, put
    it into your hand. Then shuffle."): 701.23a, 701.23e; the found card is "it"."""
    mm = re.match(rf"^(?:(up to) )?({NUM_WORD}) (.+)$", m.group("desc").strip(), re.I)
    n = amount(mm.group(2)) if mm else None
    flt = parse_filter(mm.group(3)) if mm else None
    if mm is None or n is None or n.value is None or flt is None:
        return None
    return SearchLibrary(player=s, filter=flt, min_count=0 if mm.group(1) else n.value,
                         max_count=n.value, destination="found", reveal=True, shuffle=False,
                         text=m.group(0))


def _shuffle_both(s: Ref, m: re.Match[str], ctx: Ctx) -> tuple[MoveToZone, ...] | None:
    """"Shuffle ~ and target creature with a stun counter on it into their owners' libraries"
    (701.24a): each goes into its owner's library, which is then shuffled."""
    refs = [parse_ref(m.group(g), ctx) for g in ("a", "b")]
    if any(r is None for r in refs):
        return None
    return tuple(MoveToZone(subject=r, to_zone="library_shuffled", text=m.group(0))
                 for r in refs if r is not None)


def _mana_each_color(s: Ref, m: re.Match[str], ctx: Ctx) -> AddMana | None:
    """"Add one mana of each color among permanents you control" / "For each color among
    permanents you control, add one mana of that color" (106.1, 105.2: the colors the objects
    have; none: no mana)."""
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    return AddMana(amount=Amount(0), each_color_among=flt, text=m.group(0))


VERB_PHRASES.extend([
    (re.compile(r"adds? one mana of each color among (?P<what>.+)", re.I), _mana_each_color),
    (re.compile(r"for each color among (?P<what>.+?), add one mana of that color", re.I),
     _mana_each_color),
    (re.compile(r"shuffles? (?P<a>~|it) and (?P<b>(?:up to one )?target .+?) into their owners' "
                r"libraries", re.I), _shuffle_both),
    (re.compile(r"search (?:your|their) library for (?P<desc>[^,]+?) and reveal (?:it|them|"
                r"that card)", re.I), _search_and_reveal),
    (re.compile(r"search (?P<whose>its owner|its controller|target player|target opponent|that "
                r"player)'s (?P<zones>(?:graveyard|hand|library)(?:,? (?:and )?(?:graveyard|"
                r"hand|library))*) for (?:any number of|all) cards with (?:that name|the same "
                r"name as that card) and exile them", re.I), _search_exile_name),
    (re.compile(r"remove a counter from (?P<on>.+)", re.I), _remove_a_counter),
    (re.compile(rf"exile cards from the top of your library until you exile cards with total "
                rf"mana value (?P<n>{NUM_WORD}) or (?:greater|more)", re.I), _exile_until_total),
    (re.compile(r"(?:may )?cast any number of (?:(?P<what>[\w ]+?) )?spells from among (?:them|"
                r"the exiled cards|those cards) without paying their mana costs", re.I),
     _cast_any_number),
    (re.compile(rf"becomes? an? (?P<types>{_CARD_TYPES}(?:(?: and)? {_CARD_TYPES})*)", re.I),
     _becomes_type),
])
