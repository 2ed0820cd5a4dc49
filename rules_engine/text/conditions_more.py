"""Conditions that compose: a subject (a player or an object) and a predicate about it.

The shapes of :mod:`rules_engine.text.conditions` each name one whole sentence; these read
"<player> has/controls/<did> ... <comparison>" and "<object> is/was/has ..." once for every
subject, so "if an opponent has three or more poison counters", "if defending player controls
more lands than you" and "if that player has one or fewer cards in hand" are the same grammar.
The engine evaluates them in :mod:`rules_engine.conditions_more` (kinds "player_measure",
"player_compare", "object_measure", "object_has", "object_zone", ...).

Comparisons (107.1, 119, 122.1): ``Amount.text`` None is "N or more", "or fewer" is "N or
fewer"/"N or less"/"fewer than N+1", "exactly" is "exactly N".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Amount, Condition, Ref
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, parse_filter, parse_ref

_Builder = Callable[[re.Match[str], Ctx], Condition | None]

# who a player subject names -> the Ref kind the engine resolves (conditions_more._players)
_PLAYERS = {
    "you": "you", "your": "you", "your team": "you",
    "an opponent": "opponent_any", "any opponent": "opponent_any", "one of your opponents":
    "opponent_any",
    "each opponent": "opponent_each", "your opponents": "opponent_each", "all opponents":
    "opponent_each", "each of your opponents": "opponent_each",
    "a player": "player_any", "any player": "player_any", "each player": "player_each",
    "no player": "player_none", "no opponent": "opponent_none",
    "defending player": "defending_player",
    "that player": "that_player", "they": "that_player", "that opponent": "that_player",
    "he or she": "that_player", "the chosen player": "that_player",
}
_WHO = r"(?P<who>you|your team|an opponent|any opponent|one of your opponents|each opponent|" \
       r"your opponents|all opponents|each of your opponents|a player|any player|each player|" \
       r"no player|no opponent|defending player|that player|they|that opponent|he or she|" \
       r"the chosen player)"
# the other side of "more ... than <who>"
_THAN = {"you": "you", "each opponent": "opponent_each", "each other player": "others_each",
         "all other players": "others_each", "any other player": "others_each",
         "that player": "that_player", "defending player": "defending_player",
         "an opponent": "opponent_any", "each of your opponents": "opponent_each",
         "you do": "you"}
_THAN_RX = r"(?P<than>you do|you|each opponent|each other player|all other players|" \
           r"any other player|that player|defending player|an opponent|each of your opponents)"
_N = rf"(?P<n>{NUM_WORD})"
_HAS = r"(?:has|have)"
_CTRL = r"(?:controls|control)"
_THEIR = r"(?:their|your|his or her|his|her|that player's)"


def _who(m: re.Match[str]) -> Ref:
    word = m.group("who").lower()
    return Ref(_PLAYERS[word], text=word)


def _cmp(m: re.Match[str]) -> Amount | None:
    """The number and its comparison: "three or more", "one or fewer", "exactly 10",
    "fewer than six", "at least four"."""
    d = m.groupdict()
    n = amount(d["n"]) if d.get("n") else Amount(1)
    if n is None or n.value is None:
        return None
    pre = (d.get("pre") or "").lower().strip()
    post = (d.get("post") or "").lower().strip()
    if pre == "exactly":
        return Amount(n.value, text="exactly")
    if pre == "fewer than" or pre == "less than":
        return Amount(n.value - 1, text="or fewer")
    if pre == "more than" or pre == "greater than":
        return Amount(n.value + 1)
    if post in ("or fewer", "or less"):
        return Amount(n.value, text="or fewer")
    return Amount(n.value)


_PRE = r"(?:(?P<pre>exactly|fewer than|less than|more than|greater than|at least) )?"
_POST = r"(?: (?P<post>or more|or greater|or fewer|or less))?"
_COUNT = rf"{_PRE}{_N}{_POST}"

# what a player has that is counted, and the measure's name (conditions_more._measure)
_MEASURES: list[tuple[str, str]] = [
    (rf"{_COUNT} (?:cards|card) in (?:{_THEIR} )?hand", "hand"),
    (rf"{_COUNT} (?P<what>[\w -]+? )?cards? in {_THEIR} graveyard", "graveyard"),
    (rf"{_COUNT} (?:cards|card) in {_THEIR} library", "library"),
    (rf"{_COUNT} poison counters?", "poison"),
    (rf"{_COUNT} life", "life"),
    (rf"{_COUNT} (?:\{{E\}}|energy counters?)", "energy"),
]


def _measure_builder(measure: str, negated: bool = False) -> _Builder:
    def build(m: re.Match[str], ctx: Ctx) -> Condition | None:
        amt = _cmp(m)
        flt = None
        what = (m.groupdict().get("what") or "").strip()
        if what:
            flt = parse_filter(what + " card")
            if flt is None:
                return None
        if amt is None:
            return None
        return Condition("player_measure", amount=amt, subject=_who(m), detail=measure,
                         filter=flt, negated=negated, text=m.group(0))
    return build


def _none_builder(measure: str) -> _Builder:
    """"you have no cards in hand", "that player has no land cards in hand": at most zero."""
    def build(m: re.Match[str], ctx: Ctx) -> Condition | None:
        what = (m.groupdict().get("what") or "").strip()
        flt = parse_filter(what + " card") if what else None
        if what and flt is None:
            return None
        return Condition("player_measure", amount=Amount(0, text="or fewer"), subject=_who(m),
                         detail=measure, filter=flt, text=m.group(0))
    return build


def _controls(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"<player> controls three or more creatures / an Island / at least N lands"."""
    flt = parse_filter(_plural_ok(m.group("what")))
    amt = _cmp(m)
    if flt is None or amt is None:
        return None
    return Condition("player_measure", amount=amt, subject=_who(m), detail="controls",
                     filter=flt, text=m.group(0))


def _controls_no(m: re.Match[str], ctx: Ctx) -> Condition | None:
    flt = parse_filter(_plural_ok(m.group("what")))
    if flt is None:
        return None
    return Condition("player_measure", amount=Amount(0, text="or fewer"), subject=_who(m),
                     detail="controls", filter=flt, text=m.group(0))


def _plural_ok(what: str) -> str:
    return re.sub(r"^(?:an?|another|one or more) (?=\S)", lambda g: "another " if
                  g.group(0).startswith("another") else "", what.strip(), flags=re.I)


def _compare(measure: str) -> _Builder:
    """"<player> has more cards in hand than <player>", "controls more lands than you",
    "controls at least four more creatures than you" (``amount``: by at least that many)."""
    def build(m: re.Match[str], ctx: Ctx) -> Condition | None:
        d = m.groupdict()
        flt = None
        if d.get("what"):
            flt = parse_filter(m.group("what"))
            if flt is None:
                return None
        by = 1
        if d.get("by"):
            n = amount(d["by"])
            if n is None or n.value is None:
                return None
            by = n.value
        more = (d.get("dir") or "more").lower()
        than = _THAN[m.group("than").lower()]
        return Condition("player_compare", amount=Amount(by), subject=_who(m),
                         detail=f"{measure}:{'more' if more in ('more', 'greater') else 'fewer'}:"
                         f"{than}", filter=flt, text=m.group(0))
    return build


def _deed(deed: str) -> _Builder:
    """This turn's deeds of a player: "an opponent gained life this turn", "an opponent drew
    three or more cards this turn", "an opponent cast three or more spells this turn"."""
    def build(m: re.Match[str], ctx: Ctx) -> Condition | None:
        amt = _cmp(m) if m.groupdict().get("n") else Amount(1)
        if amt is None:
            return None
        return Condition("player_measure", amount=amt, subject=_who(m), detail=deed,
                         text=m.group(0))
    return build


def _obj_ref(m: re.Match[str], ctx: Ctx) -> Ref | None:
    """An object subject: "~", "it", "that creature", "the sacrificed creature", "enchanted
    creature" ... (only refs naming one object; players are not objects here)."""
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None or ref.kind not in ("self", "it", "enchanted", "equipped"):
        return None
    return ref


_OBJ = r"(?P<obj>~|it|he|she|that creature|that card|that land|that permanent|that spell|" \
       r"that artifact|that enchantment|that token|the sacrificed (?:creature|artifact|" \
       r"permanent|enchantment|land)|the exiled card|the discarded card|the revealed card|" \
       r"the milled card|enchanted creature|enchanted permanent|equipped creature)"
_POSS = r"(?P<obj>~|its|his|her|that creature|that card|that land|that permanent|that spell|" \
        r"that artifact|the sacrificed (?:creature|artifact|permanent|enchantment)|" \
        r"the exiled card|the discarded card|the revealed card|enchanted creature|" \
        r"equipped creature)"


def _possessed(m: re.Match[str], ctx: Ctx) -> Ref | None:
    word = m.group("obj").lower()
    if word in ("its", "his", "her"):
        return Ref("it", text=word)
    return _obj_ref(m, ctx)


def _obj_measure(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"its mana value was 3 or less", "enchanted creature's power is 4 or greater", "that card
    has mana value 3 or less" (202.3, 208.1: the value now, or as it last existed, 608.2h)."""
    ref = _possessed(m, ctx) if m.group(0).lower().startswith(("its ", "his ", "her ")) \
        else _obj_ref(m, ctx)
    amt = _cmp(m)
    if ref is None or amt is None:
        return None
    return Condition("object_measure", amount=amt, subject=ref,
                     detail=m.group("stat").lower(), text=m.group(0))


_VS = r"(?P<cmp>less than or equal to|greater than or equal to|less than|greater than|equal to)"


def _obj_vs_amount(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"its mana value is less than or equal to the number of cards in your graveyard", "its
    power is less than or equal to the sacrificed creature's power" (202.3, 208.1 against an
    amount counted as the condition is checked, 608.2h): kind "object_vs_amount", ``detail``
    "<stat>|<comparison>", the amount's words in ``amount.text``."""
    ref = _possessed(m, ctx) if m.group(0).lower().startswith(("its ", "his ", "her ")) or \
        m.group("obj") is None else _obj_ref(m, ctx)
    if m.group("obj") is None:
        ref = Ref("it", text="its")
    if ref is None:
        return None
    return Condition("object_vs_amount", amount=Amount(text=m.group("amt").strip()), subject=ref,
                     detail=f"{m.group('stat').lower()}|{m.group('cmp').lower()}",
                     text=m.group(0))


def _obj_has(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"that creature has toxic", "enchanted creature has flying", "it has unearth": the object
    has that keyword ability (702)."""
    ref = _obj_ref(m, ctx)
    if ref is None:
        return None
    return Condition("object_has", subject=ref, detail=m.group("kw").lower(),
                     negated=bool(m.groupdict().get("neg")), text=m.group(0))


def _obj_is(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"the sacrificed creature was a Human", "that land is a Mountain", "it wasn't a Demon":
    the object matches the filter (its last known information once it has left, 608.2h)."""
    return object_is(_obj_ref(m, ctx), m)


def object_is(ref: Ref | None, m: re.Match[str]) -> Condition | None:
    """Kind ``object_is`` for ``ref`` from a match with groups ``verb`` ("is", "wasn't") and
    ``what`` (the filter words); None if either can't be read. Shared by every grammar that
    names an object its own way (text.conditions_deeds: the object an instruction used)."""
    what = re.sub(r"^an? (?=\S)", "", m.group("what"), flags=re.I)
    flt = parse_filter(what)
    if ref is None or flt is None:
        return None
    neg = bool(re.search(r"n't|\bnot\b", m.group("verb"), re.I))
    return Condition("object_is", subject=ref, filter=flt, negated=neg, text=m.group(0))


def _obj_state(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"that creature is attacking", "enchanted creature is untapped" (506.4, 302.6)."""
    ref = _obj_ref(m, ctx)
    if ref is None:
        return None
    neg = bool(re.search(r"n't|\bnot\b", m.group("verb"), re.I))
    return Condition("object_state", subject=ref, detail=m.group("state").lower(), negated=neg,
                     text=m.group(0))


def _obj_zone(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"~ is in your graveyard", "it's on the battlefield" (400.1: the zone it is in now)."""
    ref = _obj_ref(m, ctx)
    if ref is None:
        return None
    zone = "graveyard" if "graveyard" in m.group("zone").lower() else "battlefield"
    return Condition("object_zone", subject=ref, detail=zone,
                     negated=bool(m.groupdict().get("neg")), text=m.group(0))


def _obj_counters(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"it has a counter on it", "that creature has three or more +1/+0 counters on it", "there
    are no mining counters on ~" (122.1)."""
    ref = _obj_ref(m, ctx)
    if ref is None:
        return None
    d = m.groupdict()
    if d.get("none"):
        amt = Amount(0, text="or fewer")
    else:
        amt = _cmp(m)
        if amt is None:
            return None
    kind = (d.get("kind") or "").strip() or None
    return Condition("object_counters", subject=ref, amount=amt, detail=kind, text=m.group(0))


def _mana_of_color(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"if at least three red mana was spent to cast ~" (106.1, 601.2h)."""
    n = amount(m.group("n"))
    color = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
             "colorless": "C"}[m.group("color").lower()]
    if n is None or n.value is None:
        return None
    return Condition("mana_spent", amount=n, detail=color,
                     subject=Ref("self" if m.group("what") == "~" else "it"), text=m.group(0))


def _no_mana(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"if no mana was spent to cast it" (601.2h): at least one mana was not."""
    return Condition("mana_spent", amount=Amount(1), negated=True,
                     subject=Ref("self" if m.group("what") == "~" else "it"), text=m.group(0))


def _attacking_count(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"if four or more creatures are attacking", "if a black creature with flying is
    attacking" (506.4: creatures attacking in this combat, anyone's)."""
    what = m.group("what")
    flt = parse_filter(what)
    amt = _cmp(m)
    if flt is None or amt is None:
        return None
    return Condition("attacking_count", amount=amt, filter=flt, text=m.group(0))


def _x_is(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """"If X is 5 or more" (107.3: the value chosen for X as the spell was cast)."""
    amt = _cmp(m)
    return None if amt is None else Condition("x_value", amount=amt, text=m.group(0))


def _left_battlefield(m: re.Match[str], ctx: Ctx) -> Condition | None:
    """Revolt and its kin: "a permanent you controlled left the battlefield this turn", "a
    nonland permanent left the battlefield this turn", "no permanents left the battlefield this
    turn" (counted from this turn's events; ``detail`` "you" when it was under your control)."""
    what = re.sub(r"^(?:an?|one or more) ", "", m.group("what"), flags=re.I)
    flt = parse_filter(what)
    if flt is None:
        return None
    yours = bool(m.groupdict().get("yours") or m.groupdict().get("under"))
    return Condition("left_battlefield_this_turn", amount=Amount(1), filter=flt,
                     detail="you" if yours else None, negated=bool(m.groupdict().get("no")),
                     text=m.group(0))


def _f(kind: str, detail: str | None = None, negated: bool = False) -> _Builder:
    return lambda m, c: Condition(kind, detail=detail, negated=negated, text=m.group(0))


MORE_CONDITIONS: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p, re.I), b) for p, b in [
        *[(rf"{_WHO} {_HAS} {rx}", _measure_builder(name)) for rx, name in _MEASURES],
        (rf"{_WHO} {_HAS} no (?P<what>[\w -]+? )?cards in (?:{_THEIR} )?hand",
         _none_builder("hand")),
        (rf"{_WHO} {_HAS} no (?P<what>[\w -]+? )?cards in {_THEIR} graveyard",
         _none_builder("graveyard")),
        (rf"{_WHO} {_HAS} an? card in (?:{_THEIR} )?hand", lambda m, c: Condition(
            "player_measure", amount=Amount(1), subject=_who(m), detail="hand",
            text=m.group(0))),
        (rf"(?:there are )?{_COUNT} cards (?:are )?in (?P<who>your) graveyard",
         _measure_builder("graveyard")),
        (rf"(?P<who>your) library has {_COUNT} cards in it", _measure_builder("library")),
        (rf"{_WHO} (?:is|are) poisoned", lambda m, c: Condition(
            "player_measure", amount=Amount(1), subject=_who(m), detail="poison",
            text=m.group(0))),
        (rf"{_WHO} (?:is|are) the monarch", lambda m, c: Condition(
            "player_measure", amount=Amount(1), subject=_who(m), detail="monarch",
            text=m.group(0))),
        (r"there is no monarch", lambda m, c: Condition(
            "player_measure", amount=Amount(1), subject=Ref("player_none"), detail="monarch",
            text=m.group(0))),
        (rf"{_WHO} {_CTRL} no (?P<what>.+)", _controls_no),
        (rf"{_WHO} {_CTRL} {_COUNT} (?P<what>.+)", _controls),
        (rf"{_WHO} {_CTRL} (?:an?|another) (?P<what>.+)", _controls),
        (rf"{_WHO} {_HAS} (?:at least (?P<by>{NUM_WORD}) )?(?P<dir>more|fewer) cards in "
         rf"(?:{_THEIR} )?hand than {_THAN_RX}",
         _compare("hand")),
        (rf"{_WHO} {_HAS} (?P<dir>more|less) life than {_THAN_RX}", _compare("life")),
        (rf"{_WHO} {_CTRL} (?:at least (?P<by>{NUM_WORD}) )?(?P<dir>more|fewer) (?P<what>.+?) "
         rf"than {_THAN_RX}", _compare("controls")),
        (rf"{_WHO} (?:gained|has gained|have gained|'ve gained) life this turn",
         _deed("life_gained")),
        (rf"{_WHO} (?:lost|has lost|have lost|'ve lost) life this turn", _deed("life_lost")),
        (rf"{_WHO} (?:lost|has lost) {_COUNT} life this turn", _deed("life_lost")),
        (rf"{_WHO} (?:drew|has drawn|have drawn|'ve drawn) {_COUNT} cards? this turn",
         _deed("drawn")),
        (rf"{_WHO} (?:cast|has cast|have cast|'ve cast) {_COUNT} spells? this turn",
         _deed("spells_cast")),
        (rf"{_WHO} (?:discarded|has discarded|have discarded|'ve discarded) an? card this turn",
         _deed("discarded")),
        (rf"{_WHO} (?:searched|has searched|have searched) (?:their|your|a) library this turn",
         _deed("searched")),
        # objects
        (rf"(?:{_POSS}(?:'s)? )?(?P<stat>mana value|power|toughness) (?:is|was) {_COUNT}",
         _obj_measure),
        (rf"(?:its|his|her) (?P<stat>mana value|power|toughness) (?:is|was) {_COUNT}",
         lambda m, c: None if _cmp(m) is None else Condition(
             "object_measure", amount=_cmp(m), subject=Ref("it", text="its"),
             detail=m.group("stat").lower(), text=m.group(0))),
        (rf"{_OBJ} (?:has|had) (?P<stat>mana value|power|toughness) {_COUNT}", _obj_measure),
        (rf"(?:{_POSS}(?:'s)? )?(?P<stat>mana value|power|toughness) (?:is|was) {_VS} (?P<amt>.+)",
         _obj_vs_amount),
        (rf"{_OBJ} (?:has|had) (?:a )?(?P<stat>mana value|power|toughness) {_VS} (?P<amt>.+)",
         _obj_vs_amount),
        (rf"{_OBJ} (?P<neg>doesn't |does not )?(?:has|have) (?P<kw>flying|toxic|unearth|madness|"
         r"mutate|suspend|deathtouch|trample|haste|lifelink|reach|vigilance|first strike|"
         r"double strike|menace|defender|indestructible|hexproof|flash|rampage|infect)",
         _obj_has),
        (rf"{_OBJ} ?(?P<verb>is|was|isn't|wasn't|is not|was not|'s not|'s) (?P<what>(?:an?|"
         r"another) .+)", _obj_is),
        (rf"{_OBJ} ?(?P<verb>is|was|isn't|wasn't|is not|was not|'s not|'s) (?P<what>legendary|"
         r"nonbasic|basic|snow|suspected|white|blue|black|red|green|colorless|multicolored|a token|"
         r"(?:a )?snow land)", _obj_is),
        (rf"{_OBJ}(?:'s| is| was) (?P<neg>not )?(?:still )?(?P<zone>in your graveyard|on the "
         r"battlefield)", _obj_zone),
        (rf"{_OBJ} (?:isn't|is not) (?P<zone>in your graveyard|on the battlefield)",
         lambda m, c: None if _obj_zone(m, c) is None else Condition(
             "object_zone", subject=_obj_zone(m, c).subject, detail=_obj_zone(m, c).detail,
             negated=True, text=m.group(0))),
        (rf"{_OBJ} (?:has|had) {_COUNT} (?P<kind>\S+ )?counters? on (?:it|~|him|her)",
         _obj_counters),
        (r"there are (?P<none>no) (?P<kind>\S+ )?counters on (?P<obj>~|it)", _obj_counters),
        (rf"{_OBJ} (?:has|had) (?P<none>no) (?P<kind>\S+ )?counters on (?:it|~)", _obj_counters),
        (rf"{_OBJ} doesn't have an? (?P<kind>\S+ )?counter on (?:it|~)", lambda m, c: None if
         _obj_ref(m, c) is None else Condition(
             "object_counters", subject=_obj_ref(m, c), amount=Amount(0, text="or fewer"),
             detail=(m.group("kind") or "").strip() or None, text=m.group(0))),
        (rf"{_OBJ} ?(?P<verb>is|was|isn't|wasn't|is not|'s|'s not) (?P<state>attacking|blocking|"
         r"tapped|untapped)", _obj_state),
        (r"(?:~|it|that spell) (?:wasn't|was not) kicked", _f("kicked", negated=True)),
        # 702.33c-d: "if it was kicked with its {1}{B} kicker" (one of two kicker costs)
        (r"(?:~|it|that spell) was kicked with its (?P<cost>(?:\{[^}]+\})+) kicker",
         lambda m, c: Condition("kicked_with", detail=m.group("cost"), text=m.group(0))),
        # mana spent (601.2h)
        (rf"at least {_N} (?P<color>white|blue|black|red|green|colorless) mana was spent to "
         r"cast (?P<what>~|it)", _mana_of_color),
        (rf"at least {_N} mana was spent to cast (?P<what>~|it)", lambda m, c: None if amount(
            m.group("n")) is None else Condition("mana_spent", amount=amount(m.group("n")),
                                                 subject=Ref("self" if m.group("what") == "~"
                                                             else "it"), text=m.group(0))),
        (r"no mana was spent to cast (?P<what>~|it)", _no_mana),
        # the turn (500.1, 505.1)
        (r"you cast (?:~|it|this spell) during your main phase", _f("cast_during_main")),
        (r"it's your main phase", _f("during_main", "your")),
        (r"it's an opponent's turn|it's not your turn", _f("is_your_turn", negated=True)),
        (r"it's the first combat phase of (?:the|your) turn", _f("first_combat")),
        # combat (506.4)
        (rf"{_COUNT} (?P<what>creatures) are attacking", _attacking_count),
        (r"an? (?P<what>.+?) is attacking", _attacking_count),
        (rf"X is {_COUNT}", _x_is),
        (r"(?P<no>no )?(?P<what>(?:an?|one or more) [\w ]*?permanents?|permanents|nonland "
         r"permanents?|an? [\w ]*?creatures?) (?P<yours>you controlled )?left the battlefield"
         r"(?P<under> under your control)? this turn", _left_battlefield),
    ]
]
