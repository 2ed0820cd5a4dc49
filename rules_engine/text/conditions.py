"""Conditions: the intervening "if" of triggered abilities (rule 603.4), "if it's night"
(rule 731), "if you have the initiative" (rule 726), "if you've completed a dungeon" (rule 309.7),
"Activate only if ...", "As long as ..."."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import Amount, Condition, Ref
from rules_engine.text.conditions_deeds import DEED_CONDITIONS as _DEED_CONDITIONS
from rules_engine.text.conditions_more import MORE_CONDITIONS as _MORE_CONDITIONS
from rules_engine.text.nouns import NUM_WORD, ORDINALS, Ctx, amount, parse_filter, parse_ref

_Builder = Callable[[re.Match[str], Ctx], Condition | None]


def _fixed(kind: str, negated: bool = False) -> _Builder:
    return lambda m, ctx: Condition(kind, negated=negated, text=m.group(0))


def _at_least(m: re.Match[str]) -> Amount | None:
    n = amount(m.group("n"))
    if n is None:
        return None
    cmp = (m.groupdict().get("cmp") or "or more").lower()
    if cmp in ("or fewer", "or less"):
        return Amount(n.value, text="or fewer")
    return n


def _count(kind: str) -> _Builder:
    def build(m: re.Match[str], ctx: Ctx) -> Condition | None:
        flt = parse_filter(m.group("what")) if m.groupdict().get("what") else None
        if m.groupdict().get("what") and flt is None:
            return None
        amt = _at_least(m)
        return None if amt is None else Condition(kind, amount=amt, filter=flt, text=m.group(0))
    return build


def _different(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"you control three or more creatures with different powers": N permanents matching
    the filter whose values of that characteristic are pairwise different."""
    flt = parse_filter(m.group("what"))
    amt = _at_least(m)
    if flt is None or amt is None:
        return None
    by = {"powers": "power", "toughnesses": "toughness", "names": "name",
          "mana values": "mana value"}[m.group("by").lower()]
    return Condition("control_different", amount=amt, filter=flt, detail=by, text=m.group(0))


_OR_ARTICLE = re.compile(r"(,? or |, )an? (?=\S)", re.I)


def _you_control(m: re.Match[str], ctx: Ctx) -> Condition | None:
    another = re.search(r"\banother ", m.group(0), re.I) is not None
    # "an Island or a Mountain": each alternative has its article; the filter reads
    # "Island or Mountain" (one object of either kind, 109.2)
    what = _OR_ARTICLE.sub(lambda g: g.group(1), m.group("what"))
    flt = parse_filter(("another " if another else "") + what)
    return None if flt is None else Condition("you_control", amount=Amount(1), filter=flt,
                                              text=m.group(0))


def _counters(m: re.Match[str], ctx: Ctx) -> Condition | None:
    amt = _at_least(m)
    subj = parse_ref(m.group("who"), ctx)
    if amt is None or subj is None:
        return None
    return Condition("counters_on", amount=amt, subject=subj, detail=m.group("kind"),
                     text=m.group(0))


def _cast_this_turn(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"if you've cast another spell this turn" counts spells; "a noncreature spell", "another
    instant spell" are the spells of that kind you cast (``player_deed`` "cast", 601.2i;
    "another": not the source itself)."""
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    if dataclasses.replace(flt, other=False, text="") != dataclasses.replace(
            parse_filter("spell") or flt, other=False, text=""):
        other = ":other" if re.search(r"\banother ", m.group(0), re.I) else ""
        return Condition("player_deed", amount=Amount(1), subject=Ref("you", text="you"),
                         detail="cast" + other, filter=flt, text=m.group(0))
    return Condition("cast_spell_this_turn", amount=Amount(1), filter=flt, text=m.group(0))


def _is_a(m: re.Match[str], ctx: Ctx) -> Condition | None:
    flt = parse_filter(m.group("what"))
    subj = parse_ref(m.group("who"), ctx)
    if flt is None or subj is None:
        return None
    return Condition("is_a", filter=flt, subject=subj, text=m.group(0))


def _controlled_it(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"If you controlled that permanent, draw a card": who controlled it last on the
    battlefield (608.2h: last known information once it has left)."""
    subj = parse_ref(m.group("who"), ctx) or Ref("it", text=m.group("who"))
    return Condition("controlled_it", subject=subj, text=m.group(0))


def _nth_turn(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"it's your first, second, or third turn of the game": the player's own turns counted
    from the start of the game (500.1), any of the first N (the ordinals must be 1..N)."""
    words = [w for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group("ords").lower()) if w]
    nums = [ORDINALS.get(w) for w in words]
    if None in nums or nums != list(range(1, len(nums) + 1)):
        return None
    return Condition("your_turn_number_at_most", amount=Amount(len(nums)), text=m.group(0))


def _is_not_a(m: re.Match[str], ctx: Ctx) -> Condition | None:
    cond = _is_a(m, ctx)
    return None if cond is None else dataclasses.replace(cond, negated=True)


def _exiled_this_way(m: re.Match[str], ctx: Ctx) -> Condition | None:
    flt = parse_filter(m.group("what"))
    verb = (m.groupdict().get("verb") or "exiled").lower()
    return None if flt is None else Condition("moved_this_way", filter=flt, detail=verb,
                                              text=m.group(0))


def _entered_under_control(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"if two or more creatures entered under your control this turn", "as long as you had
    another creature enter under your control this turn" (a count of permanents that entered)."""
    word = m.group("n").lower()
    n = amount("a" if word == "another" else word)
    flt = parse_filter(("another " if word == "another" else "") + m.group("what"))
    if n is None or flt is None:
        return None
    return Condition("entered_under_control_this_turn", amount=n, filter=flt, text=m.group(0))


def _each_in_graveyard(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"there is an instant card and a sorcery card in your graveyard": a card of each named kind
    is there (each part counted on its own, 608.2c)."""
    parts: list[Condition] = []
    for piece in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("what")):
        flt = parse_filter(re.sub(r"^an?\s+", "", piece.strip(), flags=re.I))
        if flt is None:
            return None
        parts.append(Condition("graveyard_count", amount=Amount(1), filter=flt, text=piece))
    return Condition("and", parts=tuple(parts), text=m.group(0))


# step words -> the engine's step names (500.1)
_STEP_NAMES = {"upkeep": "upkeep", "draw step": "draw", "end step": "end",
               "precombat main phase": "main1", "postcombat main phase": "main2"}
_N = rf"(?P<n>{NUM_WORD})"
_CMP = r"(?P<cmp>or more|or greater|or fewer|or less)"
CONDITIONS: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p, re.I), b) for p, b in [
        (r"it's night", _fixed("is_night")),
        (r"it's day", _fixed("is_day")),
        (r"it's neither day nor night", _fixed("neither_day_nor_night")),
        (r"it's not your turn|it isn't your turn|it is not your turn",
         _fixed("is_your_turn", True)),
        (r"you controlled (?P<who>that permanent|that creature|that land|that artifact|"
         r"that enchantment|that card|it)", _controlled_it),
        (r"it's your (?P<ords>(?:\w+, )*\w+,? or \w+|\w+) turn of the game", _nth_turn),
        (r"it's your turn", _fixed("is_your_turn")),
        (r"it's (?P<whose>your|an opponent's) (?P<step>upkeep|draw step|end step|"
         r"precombat main phase|postcombat main phase)", lambda m, c: Condition(
             "during_step", detail=("your" if m.group("whose").lower() == "your" else "opponent")
             + ":" + _STEP_NAMES[m.group("step").lower()], text=m.group(0))),
        (r"it's not night", _fixed("is_night", True)),
        (r"you have the initiative", _fixed("have_initiative")),
        (r"you or a player you're attacking has the initiative",
         _fixed("you_or_defender_has_initiative")),
        (r"you(?:'ve| have) completed a dungeon", _fixed("completed_dungeon")),
        (r"you haven't completed a dungeon", _fixed("completed_dungeon", True)),
        (r"you(?:'ve| have) completed (?P<name>(?:the )?[A-Z~][\w' ]*)", lambda m, c: Condition(
            "completed_dungeon", detail=m.group("name"), text=m.group(0))),
        (r"you haven't completed (?P<name>(?:the )?[A-Z~][\w' ]*)", lambda m, c: Condition(
            "completed_dungeon", detail=m.group("name"), negated=True, text=m.group(0))),
        (r"(?:a player|an opponent) has the initiative", lambda m, c: Condition(
            "player_has_initiative", detail=m.group(0).split()[1], text=m.group(0))),
        (r"you don't have the initiative", _fixed("have_initiative", True)),
        (r"it became (?P<to>day|night) this turn", lambda m, c: Condition(
            "became_day_night_this_turn", detail=m.group("to").lower(), text=m.group(0))),
        (r"you're the monarch|you are the monarch", _fixed("monarch")),
        (r"you have the city's blessing", _fixed("citys_blessing")),
        (r"you (?:have|control) (?:an?|another) (?P<what>[A-Z][\w' -]*)", _you_control),
        (rf"{_N} {_CMP} creatures died this turn", _count("creatures_died_this_turn")),
        (r"a creature died this turn", lambda m, c: Condition(
            "creatures_died_this_turn", amount=Amount(1), text=m.group(0))),
        # coven (MID ability word, 207.2c): "three or more creatures with different powers";
        # also names / mana values: counted as the number of distinct values
        (rf"you control {_N} {_CMP} (?P<what>.+?) with different (?P<by>powers|toughnesses|"
         r"names|mana values)", _different),
        (rf"you control {_N} {_CMP} (?P<what>.+)", _count("control_count")),
        (r"you control (?:an?|another) (?P<what>.+)", _you_control),
        (rf"there are {_N} {_CMP} (?P<what>.+?) in your graveyard", _count("graveyard_count")),
        (rf"you have {_N} {_CMP} (?P<what>.+?) in your graveyard", _count("graveyard_count")),
        (rf"{_N} {_CMP} (?P<what>.+?) are in your graveyard", _count("graveyard_count")),
        (rf"creatures you control have total power {_N} or greater", lambda m, c: Condition(
            "control_total_power", amount=amount(m.group("n")), text=m.group(0))),
        (r"(?P<who>~|it|that creature) has an? (?P<kind>\S+) counter on (?:it|~)",
         lambda m, c: None if parse_ref(m.group("who"), c) is None else Condition(
             "counters_on", amount=Amount(1), subject=parse_ref(m.group("who"), c),
             detail=m.group("kind"), text=m.group(0))),
        (rf"you(?:'ve)? gained {_N} {_CMP} life this turn", _count("life_gained_this_turn")),
        (r"you(?:'ve)? gained life this turn", lambda m, c: Condition(
            "life_gained_this_turn", amount=Amount(1), text=m.group(0))),
        (r"an opponent has more cards in hand than you", _fixed("opponent_more_cards_in_hand")),
        (rf"a player has {_N} {_CMP} cards in hand", _count("player_hand_size")),
        (rf"you have {_N} {_CMP} cards in hand", _count("your_hand_size")),
        (rf"you have fewer than {_N} cards in hand", lambda m, c: None if amount(m.group("n"))
         is None or amount(m.group("n")).value is None else Condition(
             "your_hand_size", amount=Amount(amount(m.group("n")).value - 1, text="or fewer"),
             text=m.group(0))),
        (r"(?:~|it) isn't prepared|(?:~|it)(?:'s| is) not prepared", _fixed("prepared", True)),
        (r"(?:~|it) is prepared", _fixed("prepared")),
        (rf"(?P<who>~|it|she|he|they) (?:has|have) {_N} {_CMP} (?P<kind>\S+) counters on "
         r"(?:it|her|him|them|~)", _counters),
        (r"you(?:'ve| have) cast (?:an?|another) (?P<what>.+?) this turn", _cast_this_turn),
        (r"(?P<who>it|that card|that creature|~|equipped creature|enchanted creature|"
         r"enchanted permanent)(?:'s| is) (?:an?) (?P<what>.+)", _is_a),
        # "If this land isn't a creature, it becomes ..." (the negation of the same test)
        (r"(?P<who>it|that card|that creature|~|equipped creature|enchanted creature|"
         r"enchanted permanent) (?:isn't|is not|'s not) (?:an?) (?P<what>.+)", _is_not_a),
        # a color or supertype needs no article: "if it's legendary", "if that creature was
        # blue or black" ("was": its last known information, rule 608.2h)
        (r"(?P<who>it|that card|that creature|that permanent|~)(?:'s| is| was) (?P<what>(?:"
         r"legendary|basic|snow|white|blue|black|red|green|colorless|multicolored)"
         r"(?: or (?:white|blue|black|red|green))?)", _is_a),
        # "When ~ dies, if it was a creature, return it ..." (603.10a: the ability looks back
        # at the object as it last existed on the battlefield; "it" is the ability's source)
        (r"(?:it|~) was an? (?P<what>creature|artifact|enchantment|land)", lambda m, c: None
         if parse_filter(m.group("what")) is None else Condition(
             "was_a", filter=parse_filter(m.group("what")), subject=Ref("self"),
             text=m.group(0))),
        (r"(?P<who>that card|that creature|that permanent) was (?:an?) (?P<what>.+)", _is_a),
        # "If an ability of an artifact, creature, or planeswalker is countered this way"
        (r"an ability of an? (?P<what>.+?) is countered this way", lambda m, c: None if (
            parse_filter(m.group("what")) is None) else Condition(
                "ability_countered_this_way", filter=parse_filter(m.group("what")),
                text=m.group(0))),
        (r"(?:an?|one or more) (?P<what>.+?) (?:was|were) (?P<verb>exiled|discarded|milled|"
         r"sacrificed|revealed|returned|destroyed) this way", _exiled_this_way),
        (r"you (?P<verb>discarded|milled|sacrificed|revealed|exiled) (?:an?|one or more) "
         r"(?P<what>.+?) this way", _exiled_this_way),
        (r"you attacked this turn", _fixed("attacked_this_turn")),
        # "If you search your library this way, shuffle" (701.23, 701.24): after a search of
        # several zones, only a library that was searched is shuffled
        (r"you search(?:ed)? your library this way", _fixed("searched_library")),
        # 705: "If you win the flip" / "If you lose the flip"; 701.30: "If you win" (a clash)
        (r"you (?:win|won) the flip", _fixed("won_flip")),
        (r"you (?:lose|lost) the flip", _fixed("won_flip", negated=True)),
        (r"you (?:win|won)", _fixed("won_clash")),
        # 508.1c: "~ can't attack unless defending player controls an Island"
        (r"defending player controls (?:an?|one or more) (?P<what>.+)", lambda m, c: None
         if parse_filter(m.group("what")) is None else Condition(
             "defending_player_controls", amount=Amount(1), filter=parse_filter(m.group("what")),
             text=m.group(0))),
        (rf"there are {_N} {_CMP} (?P<kind>\S+) counters on (?P<who>~|it)", _counters),
    (r"(?P<who>~|it|that creature) has no (?P<kind>\S+) counters on (?:it|~)", lambda m, c: None
     if parse_ref(m.group("who"), c) is None else Condition(
         "counters_on", amount=Amount(1), subject=parse_ref(m.group("who"), c),
         detail=m.group("kind"), negated=True, text=m.group(0))),
        # "if {B}{B} was spent to cast it" (the evoke Elementals): mana of one colour (106.1)
        (r"(?P<sym>(?:\{(?P<c>[WUBRG])\})(?:\{(?P=c)\})*) was spent to cast (?P<what>~|it)",
         lambda m, c: Condition("mana_spent", amount=Amount(m.group("sym").count("{")),
                                detail=m.group("c"), subject=Ref(
                                    "self" if m.group("what") == "~" else "it"),
                                text=m.group(0))),
        (rf"{_N} or more mana was spent to cast (?P<what>that spell|~|it)", lambda m, c: Condition(
            "mana_spent", amount=amount(m.group("n")),
            subject=Ref("self" if m.group("what") == "~" else "it"), text=m.group(0))),
        (r"(?:it|~) targets (?:an?|one or more) (?P<what>.+)", lambda m, c: None if parse_filter(
            m.group("what")) is None else Condition("targets", filter=parse_filter(
                m.group("what")), text=m.group(0))),
        (r"one or more cards were put into exile this turn", _fixed("exiled_this_turn")),
        (rf"you(?:'ve| have)? cast {_N} or more spells this turn", lambda m, c: Condition(
            "spells_cast_this_turn", amount=amount(m.group("n")), text=m.group(0))),
        (rf"you(?:'ve| have)? (?:drawn|drew) {_N} or more cards this turn", lambda m, c: Condition(
            "cards_drawn_this_turn", amount=amount(m.group("n")), text=m.group(0))),
        (r"you(?:'ve| have)? sacrificed (?:an?|one or more) (?P<what>.+?) this turn",
         lambda m, c: None if parse_filter(m.group("what")) is None else Condition(
             "sacrificed_this_turn", amount=Amount(1), filter=parse_filter(m.group("what")),
             text=m.group(0))),
        (r"(?:a|one or more) cards? left your graveyard this turn",
         _fixed("left_graveyard_this_turn")),
        (r"no creatures died this turn", lambda m, c: Condition(
            "creatures_died_this_turn", amount=Amount(1), negated=True, text=m.group(0))),
        (r"this is the (?P<ord>first|second|third|fourth|fifth) time this ability has resolved "
         r"this turn", lambda m, c: Condition(
             "ability_resolved_count", amount=Amount(ORDINALS[m.group("ord").lower()],
                                                     text="exactly"), text=m.group(0))),
        (r"(?:~|it|that spell) was kicked", _fixed("kicked")),
        (r"(?:~|it|that spell) was bargained", _fixed("bargained")),  # 702.166b
        # 702.174k: "if the gift was promised" / "if the gift wasn't promised"
        (r"the gift was promised|its gift cost was paid", _fixed("gift_promised")),
        (r"the gift (?:wasn't|was not) promised", lambda m, c: Condition(
            "gift_promised", negated=True, text=m.group(0))),
        # 601.2b, 701.59c: the spell's additional cost was paid as it was cast
        # 701.4b: "If a Dragon was beheld" (as the additional cost "you may behold a Dragon")
        (r"(?:~'s|its|this spell's|the) additional cost was paid|evidence was collected|"
         r"an? [\w-]+ was beheld",
         _fixed("additional_cost_paid")),
        (r"you have the most life or are tied for most life", _fixed("you_most_life")),
        (r"(?:~|this spell|it) was cast using teamwork", _fixed("cast_using_teamwork")),
        (r"(?:~|it|that spell) was foretold", _fixed("foretold")),  # 702.143
        (r"(?:~'s|its|this spell's) mayhem cost was paid", _fixed("mayhem_paid")),  # 702.187b
        # "if its evoke cost was paid", "if ~'s prowl cost was paid" (the alternative costs of
        # rules_engine/mechanics/alt_costs*.py, bestow)
        (r"(?:~'s|its) (?P<kw>evoke|dash|blitz|prowl|surge|spectacle|emerge|overload) cost was "
         r"paid", lambda m, c: Condition("alt_cost_paid", detail=m.group("kw").lower(),
                                         text=m.group(0))),
        (r"(?:you cast (?:it|~|them)|(?:~|it) was cast) from (?:(?:your|a) )?(?P<zone>hand|"
         r"graveyard|exile)", lambda m, c: Condition("cast_from", detail=m.group("zone").lower(),
                                           text=m.group(0))),
        (r"(?:you cast (?:it|~)|(?:~|it) was cast) from anywhere other than your hand",
         lambda m, c: Condition("cast_from", detail="not_hand", text=m.group(0))),
        (r"you cast (?:it|~|them)", lambda m, c: Condition("cast_from", text=m.group(0))),
        (rf"you attacked with creatures with total power {_N} or greater this combat",
         lambda m, c: Condition("attacking_total_power", amount=amount(m.group("n")),
                                text=m.group(0))),
        # linked abilities (607.2a): the cards this object's own instructions exiled
        (rf"there are {_N} or more card types among (?:the )?cards exiled with ~",
         lambda m, c: Condition("exiled_with_card_types", amount=amount(m.group("n")),
                                text=m.group(0))),
        (rf"(?:there are )?{_N} {_CMP} cards (?:are )?exiled with ~",
         _count("exiled_with_count")),
        (rf"there are {_N} or more card types among cards in your graveyard",
         lambda m, c: Condition("graveyard_card_types", amount=amount(m.group("n")),
                                text=m.group(0))),
        # last known information (rule 608.2h) of an object that left: "if it had counters"
        (r"(?:~|it) had (?:one or more |an? )?(?P<kind>\S+ )?counters? on it", lambda m, c:
         Condition("had_counters", detail=(m.group("kind") or "").strip() or None,
                   text=m.group(0))),
        # persist / undying (702.79a, 702.93a): "if it had no -1/-1 counters on it"
        (r"(?:~|it) had no (?P<kind>\S+ )?counters on it", lambda m, c: Condition(
            "had_counters", detail=(m.group("kind") or "").strip() or None, negated=True,
            text=m.group(0))),
        (r"(?:~|it) attacked this turn", _fixed("self_attacked_this_turn")),
        (r"(?:~|it) attacked or blocked this (?P<when>combat|turn)", lambda m, c: Condition(
            "self_attacked_or_blocked", detail=m.group("when").lower(), text=m.group(0))),
        (rf"(?:~'s|its) power is exactly {_N}", lambda m, c: Condition(
            "self_power_exactly", amount=amount(m.group("n")), text=m.group(0))),
        # 103.4: the starting life total (20 in a two-player game)
        (r"your life total is less than or equal to half your starting life total",
         _fixed("life_at_most_half_starting")),
        (rf"(?:~'s|its) power is {_N} or greater", lambda m, c: Condition(
            "self_power_at_least", amount=amount(m.group("n")), text=m.group(0))),
        # "if its toughness is 3 or less" (the Young Hero Role), "if enchanted creature's power
        # is 4 or greater": the source's or the permanent it is attached to (mechanics/
        # turn_conditions.py, ``object_stat``)
        (rf"(?P<who>~'s|its|enchanted creature's|equipped creature's) (?P<stat>power|toughness) "
         rf"is {_N} or (?P<way>less|greater)", lambda m, c: Condition(
             "object_stat", amount=amount(m.group("n")), detail=":".join((
                 "attached" if m.group("who").endswith("creature's") else "self",
                 m.group("stat").lower(), m.group("way").lower())), text=m.group(0))),
        (r"you attacked with an? (?P<what>.+?) this turn", lambda m, c: None if parse_filter(
            m.group("what")) is None else Condition("attacked_with_this_turn", amount=Amount(1),
                                                    filter=parse_filter(m.group("what")),
                                                    text=m.group(0))),
        (rf"you attacked with {_N} or more creatures this turn", lambda m, c: Condition(
            "attacked_with_this_turn", amount=amount(m.group("n")), text=m.group(0))),
        (r"an opponent has more life than you", _fixed("opponent_more_life")),
        (r"an opponent controls more (?P<what>.+?) than you", lambda m, c: None if parse_filter(
            m.group("what")) is None else Condition("opponent_controls_more",
                                                    filter=parse_filter(m.group("what")),
                                                    text=m.group(0))),
        (r"you have more life than (?:each|an) opponent", _fixed("more_life_than_opponent")),
        # Old werewolf transform conditions (pre-day/night Innistrad, not rule 731)
        (r"no spells were cast last turn", _fixed("no_spells_cast_last_turn")),
        (rf"a player cast {_N} or more spells last turn", lambda m, c: Condition(
            "player_cast_spells_last_turn", amount=amount(m.group("n")), text=m.group(0))),
        (r"you control (?P<what>.+?) with (?P<detail>.+)", None),
        (r"(?:~|it)(?:'s| is) (?P<what>attacking|blocking|tapped|untapped|equipped|enchanted|"
         r"monstrous|renowned|suspected|saddled)",
         lambda m, c: Condition("self_is", detail=m.group("what"), text=m.group(0))),
        (r"(?:~|it) (?:isn't|is not) (?P<what>attacking|blocking|tapped|untapped|equipped|"
         r"enchanted|monstrous|renowned|suspected|saddled)", lambda m, c: Condition(
             "self_is", detail=m.group("what"), negated=True, text=m.group(0))),
        (r"an opponent lost life this turn", _fixed("opponent_lost_life_this_turn")),
        (r"tribute wasn't paid", _fixed("tribute_not_paid")),  # 702.104b
        (r"(?:~|it|this spell) was bargained", _fixed("bargained")),  # 702.166b
        (rf"an opponent lost {_N} or more life this turn", lambda m, c: Condition(
            "opponent_lost_life_at_least", amount=amount(m.group("n")), text=m.group(0))),
        (r"you(?:'ve)? gained (?P<op>or|and) lost life this turn", lambda m, c: Condition(
            m.group("op").lower(), parts=(
                Condition("life_gained_this_turn", amount=Amount(1), text="you gained life"),
                Condition("life_lost_this_turn", amount=Amount(1), text="you lost life")),
            text=m.group(0))),
        (rf"(?:you had )?(?P<n>an?|another|{NUM_WORD}) (?:or more )?(?P<what>.+?) "
         r"(?:entered|enter) (?:the battlefield )?under your control this turn",
         _entered_under_control),
        (r"you haven't cast a spell from your hand this turn", lambda m, c: Condition(
            "cast_spell_from_hand_this_turn", amount=Amount(1), negated=True, text=m.group(0))),
        (r"you didn't lose life this turn", lambda m, c: Condition(
            "life_lost_this_turn", amount=Amount(1), negated=True, text=m.group(0))),
        (r"an opponent controls (?:an?|another) (?P<what>.+)", lambda m, c: None if parse_filter(
            m.group("what")) is None else Condition("opponent_controls", amount=Amount(1),
                                                    filter=parse_filter(m.group("what")),
                                                    text=m.group(0))),
        (rf"you control at least {_N} (?P<what>.+)", _count("control_count")),
        # "there is an instant card and a sorcery card in your graveyard": one card of each
        (r"there(?:'s| is| are) (?P<what>an? .+?(?:,? and an? .+?)+) in your graveyard",
         _each_in_graveyard),
        (r"there(?:'s| is) an? (?P<what>.+?) in your graveyard", lambda m, c: None if parse_filter(
            m.group("what")) is None else Condition("graveyard_count", amount=Amount(1),
                                                    filter=parse_filter(m.group("what")),
                                                    text=m.group(0))),
        (r"(?:~|it) entered this turn", _fixed("entered_this_turn")),
        (r"defending player is the monarch", _fixed("defending_player_is_monarch")),
        (r"you(?:'ve| have) (?:gained|lost) life this turn", lambda m, c: Condition(
            "life_gained_this_turn" if "gained" in m.group(0) else "life_lost_this_turn",
            amount=Amount(1), text=m.group(0))),
        (r"it's attacking alone", _fixed("attacking_alone")),
        (r"you control no (?P<what>.+)", lambda m, c: None if parse_filter(m.group("what")) is None
         else Condition("you_control", amount=Amount(1), filter=parse_filter(m.group("what")),
                        negated=True, text=m.group(0))),
        (r"you have no cards in hand", _fixed("empty_hand")),
        (rf"you have {_N} {_CMP} life", _count("life_total")),
        (rf"an opponent has {_N} {_CMP} life", _count("opponent_life_total")),
        (r"you have an \{E\}", _fixed("has_energy")),
        # a count compared with a number: "if you have a full party" (700.8: four creatures
        # in it), "if the number of <things> is N or greater"
        (r"you have a full party", lambda m, c: Condition(
            "amount_at_least", amount=Amount(4), detail="creatures in your party",
            text=m.group(0))),
        (rf"(?P<what>the number of .+?|your devotion to \w+(?: and \w+)?) is {_N} or "
         r"(?:more|greater)", lambda m, c: None if amount(m.group("n")) is None else Condition(
             "amount_at_least", amount=amount(m.group("n")), detail=m.group("what"),
             text=m.group(0))),
    ]
]


_VERBS = ("have", "has", "control", "are", "is", "'ve", "had", "cast", "gained", "attacked")


def _single(t: str, ctx: Ctx) -> Condition | None:
    for rx, build in CONDITIONS:
        m = rx.fullmatch(t)
        if m and build is not None:
            cond = build(m, ctx)
            if cond is not None:
                return cond
    return None


def _conjunction(t: str, ctx: Ctx) -> Condition | None:
    """"you have an {E}, control a Blood and a Clue, are the monarch, and have the city's
    blessing and the initiative": one subject, several verb phrases, objects sharing a verb."""
    m = re.fullmatch(r"you (.+)", t, re.I)
    if not m:
        return None
    pieces = [p for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)) if p]
    if len(pieces) < 2:
        return None
    parts: list[Condition] = []
    verb: str | None = None
    for piece in pieces:
        first = piece.split()[0].lower()
        cond = None
        if first in _VERBS:
            cond = _single("you " + piece, ctx)
            if cond is not None:
                verb = first
        if cond is None and verb is not None:
            cond = _single(f"you {verb} {piece}", ctx)
        if cond is None:
            return None
        parts.append(cond)
    return Condition("and", parts=tuple(parts), text=t)


def _disjunction(t: str, ctx: Ctx) -> Condition | None:
    """"~ entered this turn or if you control a basic land": two whole conditions, the second
    repeating its "if" (either holds)."""
    m = re.fullmatch(r"(.+?),? or if (.+)", t, re.I)
    if not m:
        return None
    left, right = _single(m.group(1), ctx), parse_condition(m.group(2), ctx)
    if left is None or right is None:
        return None
    return Condition("or", parts=(left, right), text=t)


def _two_wholes(t: str, ctx: Ctx) -> Condition | None:
    """"an opponent controls a Swamp and you control a Forest", "you control a Desert or there
    is a Desert card in your graveyard": two whole conditions, each with its own subject,
    joined by "and" (both hold) or "or" (either holds)."""
    for m in re.finditer(r",? (and|or) ", t, re.I):
        left = _single(t[: m.start()], ctx)
        if left is None:
            continue
        right = _single(t[m.end():], ctx) or _two_wholes(t[m.end():], ctx)
        if right is not None:
            return Condition(m.group(1).lower(), parts=(left, right), text=t)
    return None


def parse_condition(text: str, ctx: Ctx) -> Condition | None:
    """Parse a whole condition ("if" removed): one pattern, else a conjunction of patterns,
    else "A or if B", else two whole conditions joined by "and"/"or"."""
    t = text.strip().rstrip(",.")
    t = re.sub(r"^(?:he|she)'s\b", "~ is", t)  # a character card: "if he's equipped"
    return _single(t, ctx) or _conjunction(t, ctx) or _disjunction(t, ctx) or \
        _two_wholes(t, ctx)


# the composed subject + predicate grammar (rules_engine/text/conditions_more.py), tried after
# the whole-sentence shapes above
CONDITIONS.extend(_MORE_CONDITIONS)
# deeds of players and objects this turn (rules_engine/text/conditions_deeds.py)
CONDITIONS.extend(_DEED_CONDITIONS)
