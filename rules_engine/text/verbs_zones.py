"""Zone-changing and library verb phrases (helper "zone"), appended to the verb-phrase table
(:data:`rules_engine.text.effects.VERB_PHRASES`) like :mod:`rules_engine.text.verbs_decks`.
They compose: each reads an object phrase, a count and a destination the way the sentences of
a whole family write them, and hands what follows to the sentence grammar.

- "search <whose> library for <count> <description>[, where X is ...][, <steps>]": any
  player's library, a count that is a number, X, "that many", "up to ..." or "any number of",
  "with different names", "a card named ~" (701.23); the steps ("reveal them, put them onto
  the battlefield tapped, then shuffle", "exile them", "and put that card onto the battlefield
  under your control") are ordinary verb phrases about the found cards;
- "put all <description> revealed this way <destination>", "each creature card milled this
  way", "all other cards revealed this way", "the rest of the revealed cards" (608.2c: the
  cards the previous instruction revealed; "the rest" the others);
- "return <count> <description> at random from <whose> graveyard to <zone>";
- "remove all counters from ...", "remove up to three counters from ...", "remove any number
  of counters from ..." (122.1: counters of any kind, or of one kind with a count).

Run by :mod:`rules_engine.effects.zones_more`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import (
    Amount,
    CastWithoutPaying,
    ChooseTarget,
    Duration,
    Effect,
    Exile,
    LookAtTop,
    Mill,
    MoveToZone,
    ObjectFilter,
    PlayPermission,
    Ref,
    Restriction,
    Shuffle,
    WithX,
)
from rules_engine.records import (
    EachPlayerDoes,
    MoveAllAmong,
    MoveAtRandom,
    MoveExiledWith,
    PutIntoChosenZone,
    PutTopOrBottom,
    RemoveCountersChosen,
    SearchFor,
    SearchZonesForName,
    ShuffleSearchers,
    WithSameName,
)
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, parse_filter, parse_ref
from rules_engine.text.verbs_players import is_player

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]

_WHOSE = (r"(?P<whose>your|their|target player's|target opponent's|that player's|"
          r"its controller's|its owner's|an opponent's|defending player's)")
# where a found/revealed card may go, and the MoveToZone zone it names
_DESTS: list[tuple[str, str, bool, str | None]] = [
    (r"into (?:your|their|its owner's) hands?|into their owners' hands", "hand", False, None),
    (r"into (?:your|their|its owner's) graveyard|into their owners' graveyards", "graveyard",
     False, None),
    (r"onto the battlefield tapped under your control", "battlefield", True, "you"),
    (r"onto the battlefield under your control", "battlefield", False, "you"),
    (r"onto the battlefield tapped", "battlefield", True, None),
    (r"onto the battlefield", "battlefield", False, None),
    (r"on the bottom of (?:your|their|its owner's) library in a random order",
     "library_bottom_random", False, None),
    (r"on the bottom of (?:your|their|its owner's) library(?: in any order)?",
     "library_bottom_any", False, None),
    (r"on top of (?:your|their|its owner's) library(?: in any order)?", "library_top_any",
     False, None),
    (r"into exile", "exile", False, None),
]
_DEST = "(?P<dest>" + "|".join(d for d, *_ in _DESTS) + ")"


def _dest(text: str) -> tuple[str, bool, str | None] | None:
    for pattern, zone, tapped, under in _DESTS:
        if re.fullmatch(pattern, text, re.I):
            return zone, tapped, under
    return None


def _grammar():
    """The sentence grammar (imported late: it imports this table)."""
    from rules_engine.text import effects

    return effects


def _library_owner(whose: str, ctx: Ctx, subject: Ref) -> Ref | None:
    """Whose library (or graveyard) it is: "your"/"their" is the subject's own ("That player
    may search their library ...")."""
    w = whose.lower()
    if w in ("your", "their"):
        return subject
    if w.startswith("target "):
        return parse_ref(w[:-2], ctx)
    return {"that player's": Ref("that_player", text="that player"),
            "its controller's": Ref("controller_of", of=Ref("it"), text="its controller"),
            "its owner's": Ref("owner_of", of=Ref("it"), text="its owner"),
            "defending player's": Ref("defending_player", text="defending player"),
            }.get(w)


_COUNT = re.compile(rf"^(?:(?P<upto>up to) (?P<un>{NUM_WORD}|that many)|(?P<any>any number of)|"
                    rf"(?P<n>{NUM_WORD})) (?P<what>.+)$", re.I)
_DISTINCT = re.compile(r"\s+(?:with different names|that (?:each )?have different names)$", re.I)
_NAMED_SELF = re.compile(r"^(?P<head>.*?\bcards?) named ~$", re.I)


def _search_filter(what: str) -> tuple[ObjectFilter, bool] | None:
    """The description of the cards searched for, and whether they must have different
    names (201.2)."""
    distinct = False
    m = _DISTINCT.search(what)
    if m:
        distinct, what = True, what[: m.start()]
    m = _NAMED_SELF.match(what)
    if m:
        head = parse_filter(m.group("head"))
        if head is None:
            return None
        return (ObjectFilter(card_types=head.card_types, subtypes=head.subtypes,
                             supertypes=head.supertypes, colors=head.colors,
                             qualifiers=head.qualifiers + ("named ~",), text=what), distinct)
    flt = parse_filter(what)
    return None if flt is None else (flt, distinct)


def _bare_card(flt: ObjectFilter) -> bool:
    """"a card", "three cards": a quantity without a stated quality (701.23d)."""
    return not (flt.card_types or flt.subtypes or flt.supertypes or flt.colors or
                flt.excluded_types or flt.excluded_subtypes or flt.any_of or
                set(flt.qualifiers) - {"card"})


_SEARCH_SPLIT = re.compile(r"^(?P<desc>.+?)(?:, where X is (?P<x>[^,]+?))?"
                           r"(?P<steps>(?:,? and |, then |, )(?:reveal|put|exile|then|shuffle|"
                           r"that player shuffles)\b.*)?$", re.I)


def _search(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.23: search a library (yours or another player's) and do the steps to the found."""
    lib = _library_owner(m.group("whose"), ctx, s)
    sm = _SEARCH_SPLIT.match(m.group("rest"))
    if lib is None or sm is None:
        return None
    cm = _COUNT.match(sm.group("desc"))
    if cm is None:
        return None
    parsed = _search_filter(cm.group("what"))
    if parsed is None:
        return None
    flt, distinct = parsed
    if cm.group("any"):
        count, least = None, 0
    else:
        count = amount(cm.group("un") or cm.group("n"))
        if count is None:
            return None
        least = 0 if cm.group("upto") or not _bare_card(flt) else (count.value or 0)
    if sm.group("x") and (count is None or count.variable != "X"):
        return None  # "where X is" defines a count this search doesn't have
    effects: tuple[Effect, ...] = (SearchFor(searcher=s, library=lib, filter=flt, count=count,
                                             min_count=least, distinct_names=distinct,
                                             text=m.group(0)),)
    steps = sm.group("steps")
    if steps:
        steps = re.sub(r"^,? (?:and |then )?", "", steps)
        if re.fullmatch(r"that player shuffles", steps, re.I):
            more: tuple[Effect, ...] | None = (Shuffle(player=lib, text=steps),)
        else:
            steps = re.sub(r",? then that player shuffles$", ", then shuffle", steps, flags=re.I)
            more = _grammar().parse_vp(s, steps, ctx)
        if more is None:
            return None
        # "then shuffle": the library searched is the one shuffled (701.24)
        effects += tuple(Shuffle(player=lib, text=e.text) if isinstance(e, Shuffle) else e
                         for e in more)
    if sm.group("x"):
        return (WithX(x=Amount(variable="X", text=sm.group("x")), effects=effects,
                      text=m.group(0)),)
    return effects


def _move_all(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """608.2c: every card of a description among those revealed (milled, looked at) this way."""
    verb = m.group("verb").lower()
    dest = m.group("dest")
    if (dest is None) != (verb == "exile"):
        return None
    where = ("exile", False, None) if dest is None else _dest(dest)
    if where is None:
        return None
    zone, tapped, under = where
    what = m.group("what")
    other = bool(re.match(r"other ", what, re.I))
    what = re.sub(r"^other ", "", what, flags=re.I)
    flt = None if re.fullmatch(r"cards?", what, re.I) else parse_filter(what)
    if flt is None and not re.fullmatch(r"cards?", what, re.I):
        return None
    return MoveAllAmong(filter=flt, to_zone=zone, tapped=tapped, under_control=under,
                        other=other, text=m.group(0))


def _rest_of_revealed(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"the rest of the revealed cards" / "the other cards revealed this way" is "the rest"."""
    text = m.group(0)
    respelled = re.sub(r"\bthe (?:rest of the (?:revealed|milled) cards|other cards (?:revealed|"
                       r"milled) this way)\b", "the rest", text, flags=re.I)
    return _grammar().parse_vp(s, respelled, ctx)


def _rest_bottom(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Put the rest on the bottom in a random order" (of the library they came from)."""
    order = m.group("order").lower()
    zone = "library_bottom_" + ("random" if order.startswith("a random") else "any")
    return MoveToZone(subject=Ref("rest", text="the rest"), to_zone=zone, text=m.group(0))


def _shuffle_rest(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"shuffle the rest into your library" (701.24): the other revealed cards, then shuffle."""
    return MoveToZone(subject=Ref("rest", text="the rest"), to_zone="library_shuffled",
                      text=m.group(0))


def _at_random(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"return two creature cards at random from your graveyard to the battlefield"."""
    n = amount(m.group("n"))
    what = m.group("what")
    flt = parse_filter(what)
    owner = _library_owner(m.group("whose"), ctx, s)
    if n is None or flt is None or owner is None:
        return None
    to = m.group("to").lower()
    zone = "battlefield" if "battlefield" in to else "hand"
    return MoveAtRandom(filter=flt, count=n, owner=owner, from_zone="graveyard", to_zone=zone,
                        text=m.group(0))


def _remove_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """122.1: remove counters, of any kind unless one is named; all, N, up to N, any number."""
    n = m.group("n").lower()
    kind = m.group("kind")
    target = parse_ref(m.group("on"), ctx)
    if target is None or (kind is not None and kind.lower() in ("of", "the")):
        return None
    up_to = n.startswith("up to ") or n == "any number of"
    if n in ("all", "any number of"):
        amt = None
    else:
        amt = amount(n.removeprefix("up to "))
        if amt is None:
            return None
    return RemoveCountersChosen(subject=target, counter=kind, amount=amt, up_to=up_to,
                                text=m.group(0))


def _look_other(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Look at the top card of target player's library", "reveal the top three cards of
    target opponent's library" (701.20e: looking shows the cards to the looking player only;
    they stay where they are until an instruction moves them)."""
    player = _library_owner(m.group("whose"), ctx, s)
    n = amount(m.group("n")) if m.group("n") else Amount(1)
    if player is None or n is None or player == s:
        return None
    return LookAtTop(amount=n, player=player, reveal=m.group("verb").lower() == "reveal",
                     text=m.group(0))


def _from_the_top(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"exile that many cards from the top of your library" is "exile the top that many cards
    of your library", the grammar's spelling."""
    respelled = f"{m.group('verb')} the top {m.group('n')} cards of {m.group('lib')}"
    return _grammar().parse_vp(s, respelled, ctx)


def _shuffle_into(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Shuffle any number of target creature cards from your graveyard into your library",
    "Shuffle all nonland cards from your graveyard into your library" (701.24a: each card goes
    into its owner's library, which is then shuffled)."""
    words = m.group("obj")
    if s.kind == "that_player":  # "they shuffle each nonland permanent they control ..."
        words = re.sub(r"\bthey control$", "that player controls", words, flags=re.I)
    obj = owned_it(s, parse_ref(words, ctx))
    if obj is None or obj.kind in ("you", "rest"):
        return None
    move = MoveToZone(subject=obj, to_zone="library_shuffled", text=m.group(0))
    if s.kind == "target" and is_player(s):
        # "Target player shuffles up to four target cards from their graveyard ...": the
        # player is a target too (115.1), chosen before the cards (601.2c)
        return ChooseTarget(subject=s, text=s.text), move
    return move


def owned_it(subject: Ref, obj: Ref | None) -> Ref | None:
    """"Enchanted creature's owner shuffles it into their library": "it" is the object whose
    owner the subject is (108.3), not the source."""
    if obj is not None and obj.kind == "it" and subject.kind in ("owner_of", "controller_of") \
            and subject.of is not None:
        return subject.of
    return obj


def _nth_or_bottom(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"The owner of target nonland permanent puts it into their library second from the top
    or on the bottom" (401.4): the subject (its owner) chooses the place."""
    if not is_player(s):
        return None
    obj = owned_it(s, parse_ref(m.group("obj"), ctx))
    if obj is None or is_player(obj):
        return None
    return PutTopOrBottom(subject=obj, chooser=s,
                          choices=(f"{m.group('nth').lower()} from the top", "bottom"),
                          text=m.group(0))


def _those_kind(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Put those land cards onto the battlefield tapped and the rest on the bottom ...": the
    cards of that kind among the ones just looked at or revealed (608.2c)."""
    if re.fullmatch(r"cards?", m.group("what"), re.I):
        return None  # "those cards" is every one of them (the main table's "those")
    return _move_all(s, m, ctx)


def _their_zone(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"put that card into their graveyard", "put the rest on top of that player's library in
    any order": a card goes to its owner's graveyard or library (400.3, 404.2), so "their" /
    "that player's" is read as the grammar's "your" (whose zone the engine always takes as the
    card's owner's)."""
    respelled = re.sub(r"\b(?:their|that player's|that)(?= (?:graveyard|library)\b)", "your",
                       m.group(0), flags=re.I)
    return _grammar().parse_vp(s, respelled, ctx)


def _search_name(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"search its controller's graveyard, hand, and library for all cards with the same name
    as that artifact and exile them" (701.23a; run by effects/zones_more.py)."""
    player = _library_owner(m.group("whose"), ctx, s)
    if player is None or player == s:
        return None
    zones = tuple(z.lower() for z in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("zones"))
                  if z)
    count = m.group("count").lower()
    most = None
    if count.startswith("up to "):
        amt = amount(count[6:])
        if amt is None or amt.value is None:
            return None
        most = amt.value
    return SearchZonesForName(player=player, zones=zones, max_count=most, text=m.group(0))


def _two_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Put a +1/+1 counter and a trample counter on target creature" (122.1): both kinds on
    the same object, which is targeted once."""
    first = _grammar().parse_vp(s, f"put {m.group('a')} on {m.group('on')}", ctx)
    second = _grammar().parse_vp(s, f"put {m.group('b')} on ~", Ctx())
    if not first or not second or len(first) != 1 or len(second) != 1 or \
            type(first[0]) is not type(second[0]) or not hasattr(first[0], "counter"):
        return None
    return first + (dataclasses.replace(second[0], subject=first[0].subject,
                                        text=m.group(0)),)


def _same_name(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"destroy target land and all other lands with the same name as that land" (201.2)."""
    target = parse_ref(m.group("t"), ctx)
    flt = parse_filter(m.group("what"))
    if target is None or target.kind != "target" or flt is None:
        return None
    return WithSameName(subject=target, filter=flt, exile=m.group("verb").lower() == "exile",
                        text=m.group(0))


_THIRD_PERSON = {"puts": "put", "reveals": "reveal", "shuffles": "shuffle", "exiles": "exile",
                 "returns": "return", "searches": "search"}


def _third_person_search(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target player searches their library for a basic land card, puts it onto the
    battlefield tapped, then shuffles" (701.23): the steps in the third person are the same
    verb phrases as "search your library ..., put it ..., then shuffle", for that player."""
    if not is_player(s) or s.kind == "you":
        return None
    respelled = re.sub(r"\b(puts|reveals|shuffles|exiles|returns|searches)\b",
                       lambda w: _THIRD_PERSON[w.group(1).lower()], m.group(0), flags=re.I)
    respelled = re.sub(r"\bhis or her\b", "their", respelled, flags=re.I)
    return _grammar().parse_vp(s, respelled, ctx)


def _two_groups(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"return up to one creature card and up to one land card from your graveyard to your
    hand": two choices from the same zone to the same place, one after the other (608.2c)."""
    tail = f"from {m.group('zone')} {m.group('to')}"
    first = _grammar().parse_vp(s, f"{m.group('verb')} {m.group('a')} {tail}", ctx)
    second = _grammar().parse_vp(s, f"{m.group('verb')} {m.group('b')} {tail}", ctx) \
        if first is not None else None
    if first is None or second is None:
        return None
    return first + second


def _mill_half(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target player mills half their library, rounded down" (701.17a with 107.1a: half the
    number of cards in it as the instruction is followed)."""
    if not is_player(s):
        return None
    whose = "your" if s.kind == "you" else "their"
    return Mill(player=s, amount=Amount(text=f"half the number of cards in {whose} library, "
                                             f"rounded {m.group('way').lower()}"),
                text=m.group(0))


def _put_milled(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"then puts each Goblin card milled this way into their hand": the player's own phrase
    in the third person (608.2c)."""
    if not is_player(s) or s.kind == "you":
        return None
    return _grammar().parse_vp(s, "put " + m.group("rest"), ctx)


_ONCE = {"once during each of your turns": "once each turn, during your turn",
         "once each turn": "once each turn", "during each of your turns": "during your turn",
         "during your turn": "during your turn"}


def _graveyard_casts(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You may play lands and cast Insect spells from your graveyard", "Once during each of
    your turns, you may cast a Dragon creature spell from your graveyard" (601.3, 305.1):
    permissions (``Restriction`` kinds ``cast_from_graveyard`` / ``play_lands_from_graveyard``,
    mechanics/graveyard_permissions.py); "once" / "during your turn" ride on the filter."""
    if s.kind != "you":
        return None
    what = re.sub(r"^(?:an?|one) ", "", (m.group("what") or "").strip(), flags=re.I)
    flt = parse_filter(what) if what else ObjectFilter(text="spell")
    if flt is None:
        return None
    limits = tuple(q.strip() for q in _ONCE.get((m.group("once") or "").lower(), "").split(",")
                   if q.strip())
    if limits:
        flt = dataclasses.replace(flt, qualifiers=flt.qualifiers + limits)
    out: list[Effect] = []
    dur = Duration("this_turn") if m.group("eot") else None  # (resolved: this turn, 611.2a)
    if m.group("lands"):
        if limits:
            return None
        out.append(Restriction(kind="play_lands_from_graveyard", subject=s, duration=dur,
                               text=m.group(0)))
    out.append(Restriction(kind="cast_from_graveyard", subject=s, filter=flt, duration=dur,
                           text=m.group(0)))
    return tuple(out)


def _return_same_name(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Return target creature card and all other cards with the same name as that card from
    your graveyard to your hand" (201.2: the target and the cards named as it is)."""
    moved = _grammar().parse_vp(s, f"return {m.group('t')} from your graveyard {m.group('to')}",
                                ctx)
    if not moved or len(moved) != 1 or not isinstance(moved[0], MoveToZone) or \
            moved[0].subject.kind != "target":
        return None
    return WithSameName(subject=moved[0].subject, move=moved[0], text=m.group(0))


def _one_exiled_with(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Put a card exiled with ~ into your graveyard" (607.2a: one of the cards this object
    exiled, chosen by its controller, 608.2d; it is "it" afterwards)."""
    if s.kind != "you":
        return None
    zone = "hand" if "hand" in m.group("dest").lower() else "graveyard"
    return MoveExiledWith(destination=zone, count=1, text=m.group(0))


def _graveyard_to_bottom(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Up to one target player puts all the cards from their graveyard on the bottom of
    their library in a random order" (401.4, 404.1: that player's own cards)."""
    if not is_player(s) or s.kind in ("player_each", "opponent_each"):
        return None
    order = "random" if m.group("order").lower() == "a random" else "any"
    return MoveToZone(subject=Ref("graveyard_of", of=s, text="their graveyard"),
                      to_zone=f"library_bottom_{order}", from_zone="graveyard", text=m.group(0))


def _shuffle_self_from(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Shuffle ~ into your library from your graveyard" (701.24a; after "Discard ~" paid the
    ability's cost, the card is in the graveyard), "Put ~ on top of your library from your
    graveyard" (a graveyard ability, 113.6m)."""
    if s.kind != "you":
        return None
    zone = "library_top" if m.group(0).lower().startswith("put") else "library_shuffled"
    return MoveToZone(subject=Ref("self", text="~"), to_zone=zone, from_zone="graveyard",
                      text=m.group(0))


def _exile_kind_at_random(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"exile a nonland card at random from your graveyard" (701.13; the game picks among the
    cards of that kind)."""
    n = amount(m.group("n"))
    flt = parse_filter(f"{m.group('what')} card")
    if n is None or flt is None or s.kind != "you":
        return None
    return Exile(subject=Ref("chosen", filter=dataclasses.replace(
        flt, zone="graveyard", owner="you")), from_zone="graveyard", amount=n, random=True,
        text=m.group(0))


def _cast_target_any_mana(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"you may cast target nonland permanent card from that player's graveyard, and mana of
    any type can be spent to cast that spell" (601.2, 609.4b)."""
    if s.kind != "you":
        return None
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None or ref.kind != "target":
        return None
    return CastWithoutPaying(subject=ref, free=False, any_mana=True, text=m.group(0))


def _on_the_battlefield(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"put it on the battlefield" is "put it onto the battlefield" (the same zone change)."""
    return _grammar().parse_vp(s, f"put {m.group('obj')} onto the battlefield{m.group('rest')}",
                               ctx)


def _hand_or_graveyard(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"put it into your hand or graveyard" (608.2d: the player chooses which)."""
    if s.kind != "you":
        return None
    obj = parse_ref(m.group("obj"), ctx)
    if obj is None:
        return None
    return PutIntoChosenZone(subject=obj, zones=(m.group("a").lower(), m.group("b").lower()),
                             chooser=s, text=m.group(0))


def _whole_hand(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Discard all the cards in your hand", "shuffle the cards from your hand into your
    library": the whole hand, the grammar's "your hand" (402.1)."""
    respelled = re.sub(r"\b(?:all )?the cards (?:in|from) (your|their|his or her) hand\b",
                       r"\1 hand", m.group(0), flags=re.I)
    return _grammar().parse_vp(s, respelled, ctx)


def _revealed_not_taken(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Then put all revealed cards not cast this way on the bottom of your library in a
    random order", "... all cards revealed this way that weren't put onto the battlefield into
    your graveyard" (608.2c: the revealed cards still in the library)."""
    where = _dest(m.group("dest"))
    if where is None or s.kind != "you":
        return None
    zone, tapped, under = where
    return MoveAllAmong(filter=None, to_zone=zone, tapped=tapped, under_control=under,
                        still_in="library", text=m.group(0))


def _greatest_of_target(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Exile a creature with the greatest power among creatures target opponent controls":
    the opponent is the target (115.1), the creature is chosen as the effect resolves among
    theirs (608.2d)."""
    if s.kind != "you":
        return None
    who = parse_ref(f"target {m.group('who')}", ctx)
    rest = _grammar().parse_vp(s, f"{m.group('head')} that player controls", ctx)
    if who is None or not rest:
        return None
    return (ChooseTarget(subject=who, text=who.text),) + rest


def _from_exile(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"You may play that card from exile this turn": the card the instruction before exiled
    (where it is; 601.3, 305.1), the grammar's "play that card this turn"."""
    result = _grammar().parse_vp(s, f"{m.group('verb')} {m.group('obj')}{m.group('rest')}", ctx)
    return result if result and all(isinstance(e, PlayPermission) for e in result) else None


def _some_of_this_way(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Exile up to two creature cards put into graveyards this way", "put a creature card
    milled this way into your hand": a choice among the cards the previous instruction moved
    or showed (608.2c-d), as "... from among them"."""
    if s.kind != "you":
        return None
    if m.group("verb").lower() == "put":
        if not m.group("dest"):
            return None
        return _grammar().parse_vp(
            s, f"put {m.group('n')} {m.group('what')} from among them {m.group('dest')}", ctx)
    if m.group("dest"):
        return None
    count = m.group("n").lower()
    n = amount(count.removeprefix("up to "))
    flt = parse_filter(m.group("what"))
    if n is None or n.value is None or flt is None:
        return None
    word = f"up to {n.value}" if count.startswith("up to ") else str(n.value)
    flt = dataclasses.replace(flt, zone="among", qualifiers=flt.qualifiers + (f"count:{word}",))
    return Exile(subject=Ref("chosen", filter=flt, text=m.group(0)), text=m.group(0))


def _each_own_choice(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Each player returns two land cards from their graveyard to the battlefield": each
    player's own choice from their own zone (101.4, 608.2d), read as "you" for each of them."""
    if s.kind not in ("player_each", "opponent_each"):
        return None
    words = m.group("rest")
    respelled = re.sub(r"\btheir (graveyard|hand|library)\b", r"your \1", words, flags=re.I)
    respelled = re.sub(r"\bthey control\b", "you control", respelled, flags=re.I)
    inner = _grammar().parse_vp(Ref("you"), f"{m.group('verb')} {respelled}", ctx)
    if not inner or len(inner) != 1 or not isinstance(inner[0], MoveToZone) or \
            inner[0].subject.kind != "chosen":
        return None
    return EachPlayerDoes(player=s, effects=inner, text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (r"(?P<verb>return|put)s (?P<rest>(?:up to )?(?:an?|one|two|three|four) .+)", _each_own_choice),
    (rf"(?P<verb>exile|put) (?P<n>up to (?:one|two|three|four)|an?|{NUM_WORD}) "
     r"(?P<what>[\w -]+?cards?) (?:milled|revealed|put into (?:graveyards|your graveyard|their "
     r"graveyards?)) this way(?: (?P<dest>into your hand|onto the battlefield|on top of your "
     r"library))?", _some_of_this_way),
    (r"(?P<verb>(?:may )?(?:play|cast)) (?P<obj>that card|it|them|those cards) from exile"
     r"(?P<rest> (?:this turn|until the end of your next turn|until end of turn))", _from_exile),
    (r"(?P<head>(?:exile|destroy|return) (?:an?|the) [\w -]+? with the (?:greatest|least|highest) "
     r"(?:power|toughness|mana value) among [\w -]+?) target (?P<who>opponent|player) controls",
     _greatest_of_target),
    (r"(?:then )?each player who searched their library this way shuffles",
     lambda s, m, c: ShuffleSearchers(text=m.group(0)) if s.kind == "you" else None),
    (r"put all (?:revealed cards not cast this way|cards revealed this way that (?:weren't|were "
     rf"not) (?:put onto the battlefield|cast this way)) {_DEST}", _revealed_not_taken),
    (r"(?:discards?|shuffles?) (?:all )?the cards (?:in|from) (?:your|their|his or her) hand.*",
     _whole_hand),
    (r"put (?P<obj>it|that card) into your (?P<a>hand|graveyard) or (?:into your )?"
     r"(?P<b>hand|graveyard)", _hand_or_graveyard),
    (r"put (?P<obj>it|them|that card|those cards) on the battlefield(?P<rest>(?: tapped)?)",
     _on_the_battlefield),
    (rf"exile (?P<n>an?|{NUM_WORD}) (?P<what>[\w -]+?) cards? at random from your graveyard",
     _exile_kind_at_random),
    (r"(?:may )?cast (?P<obj>target .+?),? and mana of any type can be spent to cast that spell",
     _cast_target_any_mana),
    (r"puts? all (?:the )?cards from (?:their|his or her|your) graveyard on the bottom of "
     r"(?:their|his or her|your) library in (?P<order>a random|any) order", _graveyard_to_bottom),
    (r"(?:shuffle ~ into|put ~ on top of) your library from your graveyard", _shuffle_self_from),
    (r"put (?:a|one) card exiled with ~ (?P<dest>into (?:your|its owner's) (?:graveyard|hand))",
     _one_exiled_with),
    (r"return (?P<t>target .+? cards?) and all other cards with the same name as that card from "
     r"your graveyard (?P<to>to .+)", _return_same_name),
    (r"(?:(?P<once>once during each of your turns|once each turn|during each of your turns|"
     r"during your turn), you |(?P<eot>until end of turn, you ))?(?:may )?"
     r"(?P<lands>play lands and )?cast (?P<what>[\w ,'-]+?)? ?spells? from your graveyard",
     _graveyard_casts),
    (r"mills? half (?:their|his or her|your) library, rounded (?P<way>up|down)", _mill_half),
    (r"puts (?P<rest>(?:all|each|the) .+? (?:revealed|milled) this way .+)", _put_milled),
    (rf"(?P<verb>return|put) (?P<a>(?:up to )?(?:an?|{NUM_WORD}) [\w -]+?cards?|~) and "
     rf"(?P<b>(?:up to )?(?:an?|{NUM_WORD}) (?:other )?(?:target )?[\w -]+?cards?) from "
     r"(?P<zone>your graveyard) (?P<to>(?:in)?to .+)", _two_groups),
    (r"searches (?:their|his or her) library for .+", _third_person_search),
    (r"(?P<verb>destroy|exile) (?P<t>target .+?) and all (?:other )?(?P<what>.+?) with the same "
     r"name as that (?:artifact|enchantment|land|permanent|creature)", _same_name),
    (rf"put (?P<a>{NUM_WORD} \S+ counters?) and (?P<b>{NUM_WORD} \S+ counters?) on (?P<on>.+)",
     _two_counters),
    (rf"search {_WHOSE} (?P<zones>(?:graveyard|hand|library)(?:,? (?:and )?(?:graveyard|hand|"
     rf"library))+) for (?P<count>all|any number of|up to {NUM_WORD}) cards with (?:that name|the "
     r"chosen name|the same name as that (?:artifact|enchantment|land|spell|creature|permanent|"
     r"card)) and exile them", _search_name),
    (r"put (?!.*\byour (?:graveyard|library)\b).+? (?:into (?:their|that player's) graveyard|"
     r"on (?:top|the bottom) of (?:their|that player's|that) library(?: in (?:any|a random) "
     r"order)?)", _their_zone),
    (r"shuffles? (?P<obj>.+?) into (?:your|their|his or her|its owner's|their owners') "
     r"librar(?:y|ies)", _shuffle_into),
    (r"puts? (?P<obj>it|that card|that creature|that permanent|~) into (?:their|his or her|its "
     r"owner's) library (?P<nth>second|third|fourth|fifth) from the top or on the bottom",
     _nth_or_bottom),
    (rf"(?P<verb>put) those (?P<what>[^,]+?) {_DEST}", _those_kind),
    (r"(?P<verb>look at|reveal) the top (?:card|(?P<n>" + NUM_WORD + r"|that many) cards) of "
     + _WHOSE + " library", _look_other),
    (r"(?P<verb>look at|reveal|exile|mill) (?P<n>that many|" + NUM_WORD + r") cards from the top "
     r"of (?P<lib>(?:your|their|target player's|target opponent's|that player's) library)",
     _from_the_top),
    (rf"remove (?P<n>all|any number of|up to {NUM_WORD}|{NUM_WORD}) (?:(?P<kind>\S+) )?"
     r"counters? from (?P<on>.+)", _remove_counters),
    (rf"search {_WHOSE} library for (?P<rest>.+)", _search),
    (rf"(?P<verb>put|exile) (?:all|each|the) (?P<what>.+?) (?:revealed|milled|looked at) this way"
     rf"(?: {_DEST})?", _move_all),
    (r"(?:put|shuffle|exile) the (?:rest of the (?:revealed|milled) cards|other cards "
     r"(?:revealed|milled) this way) .+", _rest_of_revealed),
    (r"put the rest on the bottom(?: of (?:your|their|that) library)? in (?P<order>any|a random) "
     r"order", _rest_bottom),
    (r"shuffle the rest into (?:your|their|its owner's) library", _shuffle_rest),
    (rf"(?:return|put) (?P<n>{NUM_WORD}) (?P<what>.+?) at random from {_WHOSE} graveyard "
     r"(?P<to>to (?:your|their|its owner's) hand|into (?:your|their) hand|(?:on)?to the "
     r"battlefield)", _at_random),
]


_MID_X = re.compile(r"^(?P<head>search .+? library for (?:up to )?X [^,]+?), where X is "
                    r"(?P<amt>[^,]+?)(?P<steps>,? (?:and |then )?(?:reveal|put|exile)\b.*)$", re.I)


def where_x_last(sentence: str) -> str:
    """"Search your library for up to X basic land cards, where X is <amount>, put those
    cards onto the battlefield tapped, then shuffle": the definition of X (107.3) moved to the
    end of the sentence, where the sentence grammar reads it; other sentences unchanged."""
    m = _MID_X.match(sentence)
    if m is None:
        return sentence
    return f"{m.group('head')}{m.group('steps')}, where X is {m.group('amt')}"


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)


