"""Amounts described in words (107.1, 107.3): "the number of creatures you control", "twice
that much", "the greatest power among ...".

Kept apart from the handlers because amounts, targeting and conditions ask the same questions
(through :data:`rules_engine.registry.hooks`).
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import (
    amount_extra,  # noqa: F401  (a third set of families, helper amt)
    amount_families,  # noqa: F401  (registers its families into amounts)
    amount_more,  # noqa: F401  (more families, helper amt)
    amounts,
    conditions,
    registry,
    targeting,
)
from rules_engine.context import Ctx, _source_obj
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player


def amount_understood(text: str) -> bool:
    """Whether :func:`amount` can compute an Amount with these words (without a game): for
    ``rules_engine.support`` / the audit. Mirrors :func:`described_amount`'s grammar."""
    low = (text or "").strip().lower().rstrip(".")
    if re.search(r"~.*\bother than ~", low):
        return False  # two objects both written "~" ("attached to this creature other than
        # Animal Friend" in a granted ability): which is which is lost, so it is not counted
    if low in _DESCRIBED or low == "any number":  # (Discard.any_number: h_discard asks)
        return True
    if low.startswith("up to "):  # (_up_to: chosen on resolution)
        return low == "up to x" or amount_understood(text.strip()[len("up to "):])
    if low == "all":  # "remove all <kind> counters" (the compiler's only "all" amount)
        return True
    for head in ("equal to ", "for each ", "x is ", "twice ", "the number of "):
        if low.startswith(head):
            low = low[len(head):]
            text = text.strip()[len(head):] if text.lower().startswith(head) else text
    if low in ("opponent", "opponents", "opponent you have", "opponents you have",
               "your life total", "card in your hand", "cards in your hand"):
        return True
    for prefix in _OWN_PREFIXES:
        if low.startswith(prefix) and low[len(prefix):] in ("power", "toughness", "mana value"):
            return True
    if low.endswith(" counters on it") or low.endswith(" counters on ~"):
        return True
    if _more_understood(text.strip().rstrip(".")):
        return True
    words = _they(text.strip())  # "they own": counted for the player named (h_repeat)
    for tail in (" in all graveyards", " in all players' graveyards"):
        if words.lower().endswith(tail):
            words = words[:-len(tail)] + " in your graveyard"
    if _parse_counted(words) is not None:
        return True
    if " " in words:
        head, rest = words.split(" ", 1)
        if _parse_filter(head + "s " + rest) is not None:
            return True

    return amounts.understood(text.strip().rstrip("."))


_OWN_PREFIXES = ("its ", "her ", "his ", "their ", "that creature's ", "~'s ",
                 "the sacrificed creature's ", "that card's ", "this creature's ",
                 "the tapped creature's ")


_FILTERS: dict[str, Any] = {}


_ZONES = ("graveyard", "hand", "library", "exile")


def described_amount(game: Game, text: str, controller: Player, source: Any,
                     ctx: Ctx | None = None) -> int | None:
    """A number the card describes in words (107.3-style definitions): "for each creature you
    control", "equal to the number of cards in your hand", "equal to its power", "equal to
    your life total", "for each opponent"... None when the words are not understood."""
    text = text.strip().rstrip(".")
    factor = 1
    for head in ("equal to ", "for each ", "x is ", "twice ", "the number of "):
        if text.lower().startswith(head):
            if head == "twice ":
                factor = 2
            text = text[len(head):]
    original, text = text, text.lower()
    if original == "X":  # "twice X": the X announced for the spell or ability (107.3)
        return factor * (ctx.x if ctx is not None else 0)
    it = ctx.it if ctx is not None and isinstance(ctx.it, GameObject) else source
    if text.lower().startswith(("the sacrificed ", "the tapped ")) and ctx is not None:
        # 608.2h: an object used to pay the cost (sacrificed; tapped, 702.184a station)
        paid = [o for o in (getattr(ctx.item, "choices_made", None) or {}).get("cost_paid", ())
                if isinstance(o, GameObject)]
        if paid:
            it = paid[-1]
    if text in ("opponent", "opponents", "opponent you have", "opponents you have"):
        return factor * len(game.opponents(controller))
    if text in ("player", "players"):  # "for each player" (102.1: the players in the game)
        return factor * len(game.living)
    if text == "your life total":
        return factor * controller.life
    if text in ("card in your hand", "cards in your hand"):
        return factor * len(controller.hand)
    for prefix in _OWN_PREFIXES:
        if text.startswith(prefix) and isinstance(it, GameObject):
            what = text[len(prefix):]

            known = amounts._last_known(ctx, it)  # 608.2h: as it last existed on the battlefield
            if what == "power":
                return factor * (known.power if known is not None else it.power)
            if what == "toughness":
                return factor * (known.toughness if known is not None else it.toughness)
            if what == "mana value":
                return factor * game.mana_value_of(it)
    if text.endswith(" counters on it") or text.endswith(" counters on ~"):
        kind = text.rsplit(" counters on ", 1)[0]
        if isinstance(it, GameObject):
            known = amounts._last_known(ctx, it)  # 608.2h: a source sacrificed as the cost
            return factor * (known.counters if known is not None else it.counters).get(kind, 0)
        return None
    more = _more_amount(game, original, controller, it if text.endswith(" on it") else source,
                        ctx)
    if more is not None:
        return factor * more

    either = amounts.union_count(game, original, controller, source)  # "X and/or Y you control"
    if either is not None:
        return factor * either
    counted = _count_described(game, original, controller, source, ctx, factor)
    if counted is not None:
        return counted
    general = amounts.evaluate(game, original, controller, source, ctx)
    return None if general is None else factor * general


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _this_turn(game: Game, name: str) -> list[Any]:
    """Events of this turn with this name (Game.events_this_turn)."""
    return game.events_this_turn(name)


def _greatest(game: Game, m: re.Match[str], controller: Player, source: Any,
              ctx: Ctx | None) -> int | None:
    """"the greatest power among creatures you control" (0 when there are none)."""
    pool = _matching(game, m.group("what"), controller, source)
    if pool is None:
        return None
    values = []
    for o in pool:
        stat = m.group("stat")
        values.append(o.power if stat == "power" else o.toughness if stat == "toughness"
                      else game.mana_value_of(o))
    return max(values, default=0)


def _spells_cast(game: Game, m: re.Match[str], controller: Player, source: Any,
                 ctx: Ctx | None) -> int | None:
    """"the number of (instant and sorcery) spells you've cast this turn" ("other": not the
    source spell itself)."""
    kind = (m.group("kind") or "").strip()
    flt = _parse_filter(kind + " spell") if kind else None
    if kind and flt is None:
        return None
    n = 0
    for ev in _this_turn(game, "spell_cast"):
        if ev.data.get("player") is not controller:
            continue
        obj = ev.data.get("obj")
        if m.group("other") and obj is source:
            continue
        if flt is None or targeting.matches(game, obj, flt, controller, source, zone_check=False):
            n += 1
    return n


def _died(game: Game, m: re.Match[str], controller: Player, source: Any,
          ctx: Ctx | None) -> int | None:
    """"the number of (nontoken) creatures that died this turn" (700.4)."""
    token = m.group("token")
    n = 0
    for ev in _this_turn(game, "dies"):
        lki = ev.data.get("lki")
        if token and getattr(lki or ev.data.get("obj"), "token", False):
            continue
        n += 1
    return n


_MORE_AMOUNTS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"^(?:the )?(?:greatest|highest) (?P<stat>power|toughness|mana value) among "
                r"(?P<what>.+)$"), _greatest),
    (re.compile(r"^(?:the )?amount of life you(?:'ve)? gained this turn$"),
     lambda g, m, c, s, x: sum(e.data.get("amount", 0) for e in _this_turn(g, "life_gained")
                               if e.data.get("player") is c)),
    (re.compile(r"^(?:the number of )?(?P<other>other )?(?P<kind>instant and sorcery |"
                r"creature |noncreature )?spells? you've cast (?:before it )?this turn$"),
     _spells_cast),
    (re.compile(r"^(?:the number of )?(?P<token>nontoken )?creatures? that died this turn$"),
     _died),
    (re.compile(r"^(?:the number of )?cards you've drawn this turn$"),
     lambda g, m, c, s, x: sum(1 for e in _this_turn(g, "drew") if e.data.get("player") is c)),
    (re.compile(r"^your speed$"), lambda g, m, c, s, x: _speed(g, c)),
    (re.compile(r"^(?:the number of )?(?:counters?|(?P<kind>\S+) counters?) on (?:~|it)$"),
     lambda g, m, c, s, x: _counters_on(m, s, x)),
    (re.compile(r"^(?:the number of )?(?P<colors>colors? of )?mana spent to cast "
                r"(?P<spell>~|it|that spell)$"), lambda g, m, c, s, x: _mana_spent(m, s, x)),
    (re.compile(r"^(?:the )?amount of mana spent to cast (?P<spell>~|it|that spell|him|her)$"),
     lambda g, m, c, s, x: _mana_spent(m, s, x)),
    (re.compile(r"^(?:the )?total number of cards in all players' hands$"),
     lambda g, m, c, s, x: sum(len(p.hand) for p in g.living)),
    (re.compile(r"^target(?P<beyond> beyond the first)?$"),
     lambda g, m, c, s, x: _targets_counted(x, bool(m.group("beyond")))),
    (re.compile(r"^(?:the )?total mana value of (?P<what>.+)$"), lambda g, m, c, s, x: _sum_of(
        g, m.group("what"), c, s, g.mana_value_of)),
    (re.compile(r"^(?:the number of )?(?:different )?(?P<kind>colors?|card types?|basic land "
                r"types?) among (?P<what>.+)$"), lambda g, m, c, s, x: _distinct_among(g, m, c, s)),
)


def _pool(game: Game, flt: Any, controller: Player) -> list[Any]:
    """Where a filter's objects are: a player zone it names, else the battlefield."""
    if flt.zone in _ZONES:
        owners = [controller] if flt.owner == "you" or flt.controller == "you" else game.living
        return [o for p in owners for o in getattr(p, flt.zone)]
    return list(game.permanents())


_ALL_GRAVEYARDS = re.compile(r"^(?P<what>.+?) in (?:all graveyards|all players' graveyards|each "
                             r"graveyard|graveyards)(?P<rest>.*)$", re.I)


def _counted_understood(words: str) -> bool:
    """Whether :func:`_matching` reads these words (the audit's side of it)."""
    words = re.sub(r"\s+on the battlefield$", "", words.strip(), flags=re.I)
    every = _ALL_GRAVEYARDS.match(words)
    if every:
        words = f"{every.group('what')} in your graveyard{every.group('rest')}"
    return _parse_counted(words) is not None


def _matching(game: Game, words: str, controller: Player, source: Any) -> list[Any] | None:
    """The objects counted words name: a zone of the player speaking, every graveyard ("cards
    named ~ in all graveyards", 404.1: each player has one), else the battlefield ("creatures on
    the battlefield": every player's permanents, 110.1)."""
    words = re.sub(r"\s+on the battlefield$", "", words.strip(), flags=re.I)
    every = _ALL_GRAVEYARDS.match(words)
    if every:
        words = f"{every.group('what')} in your graveyard{every.group('rest')}"
    flt = _parse_counted(words)
    if flt is None:
        return None
    if every:
        from dataclasses import replace

        anyone = replace(flt, owner=None, controller=None)
        return [o for p in game.living for o in p.graveyard
                if targeting.matches(game, o, anyone, controller, source, zone_check=False)]
    return [o for o in _pool(game, flt, controller)
            if targeting.matches(game, o, flt, controller, source, zone_check=False)]


def _sum_of(game: Game, words: str, controller: Player, source: Any, value: Any) -> int | None:
    """"the total mana value of instant and sorcery cards in your graveyard"."""
    objs = _matching(game, words, controller, source)
    return None if objs is None else sum(value(o) for o in objs)


_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


_CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
               "Planeswalker", "Sorcery")


def _distinct_among(game: Game, m: re.Match[str], controller: Player,
                    source: Any) -> int | None:
    """"the number of colors among permanents you control" (105.2), "for each card type among
    cards in your graveyard" (205.2a), "basic land type among lands you control" (205.3i)."""
    objs = _matching(game, m.group("what"), controller, source)
    if objs is None:
        return None
    kind = m.group("kind")
    found: set[str] = set()
    for o in objs:
        if kind.startswith("color"):
            found.update(o.colors)
        elif kind.startswith("card type"):
            found.update(t for t in _CARD_TYPES if o.has_type(t))
        else:
            found.update(t for t in _BASIC_TYPES if t in o.face.subtypes)
    return len(found)


def _targets_counted(ctx: Ctx | None, beyond_first: bool) -> int | None:
    """"for each target (beyond the first)": the targets chosen for the spell (601.2c)."""
    if ctx is None or ctx.item is None:
        return None
    n = len(getattr(ctx.item, "targets", None) or ())
    return max(n - 1, 0) if beyond_first else n


def spent_on(ctx: Ctx | None, source: Any, what: str) -> dict[str, int] | None:
    """The mana spent to cast a spell (601.2h, kept by casting in choices_made): "~" is the
    source (the spell, or the permanent it became), "it"/"that spell" the spell the ability
    is about (the triggering spell of "Whenever you cast ...")."""
    obj: Any = source
    if what in ("it", "that spell") and ctx is not None:
        ev_obj = ctx.event.data.get("obj") if ctx.event is not None else None
        obj = ev_obj if isinstance(ev_obj, GameObject) else (
            ctx.it if isinstance(ctx.it, GameObject) else source)
    spent = (getattr(obj, "choices_made", None) or {}).get("mana_spent")
    return spent if isinstance(spent, dict) else ({} if isinstance(obj, GameObject) else None)


def _mana_spent(m: re.Match[str], source: Any, ctx: Ctx | None) -> int | None:
    """"the number of colors of mana spent to cast ~" (105.1: W U B R G; colorless mana is
    no color), "the amount of mana spent to cast it"."""
    spent = spent_on(ctx, source, m.group("spell"))
    if spent is None:
        return None
    if "colors" in m.groupdict() and m.group("colors"):
        return sum(1 for c in "WUBRG" if spent.get(c))
    return sum(spent.values())


def _speed(game: Game, player: Player) -> int:
    return conditions.speed(game, player)


def _counters_on(m: re.Match[str], source: Any, ctx: Ctx | None) -> int | None:
    """"for each plague counter on ~", "the number of counters on ~" (122.1)."""
    obj = source if isinstance(source, GameObject) else None
    if obj is None:
        return None
    kind = m.group("kind")
    known = amounts._last_known(ctx, obj)  # 608.2h: the source sacrificed to pay the cost
    counters = known.counters if known is not None else obj.counters
    return counters.get(kind, 0) if kind else sum(counters.values())


_PLUS_BEFORE = re.compile(r"^(?P<n>\d+|one|two|three|four|five) plus (?P<rest>.+)$", re.I)


_PLUS_AFTER = re.compile(r"^(?P<rest>.+) plus (?P<n>\d+|one|two|three|four|five)$", re.I)


def _more_amount(game: Game, text: str, controller: Player, source: Any,
                 ctx: Ctx | None) -> int | None:
    """The families of :data:`_MORE_AMOUNTS`, and "N plus <amount>" / "<amount> plus one"."""
    low = text.strip().lower().rstrip(".")
    plus = _PLUS_BEFORE.match(text.strip()) or _PLUS_AFTER.match(text.strip())
    if plus:
        n = plus.group("n").lower()
        inner = described_amount(game, plus.group("rest"), controller, source, ctx)
        if inner is None:
            return None
        return inner + (int(n) if n.isdigit() else _NUMBER_WORDS[n])
    for pattern, fn in _MORE_AMOUNTS:
        m = pattern.match(low)
        if m:
            # the nouns keep their case ("Zombies"): match again on the original words
            m = re.compile(pattern.pattern, re.I).match(text.strip().rstrip(".")) or m
            return fn(game, m, controller, source, ctx)
    return None


def _more_understood(low: str) -> bool:
    """Mirror of :func:`_more_amount` for the audit (no game; ``low`` keeps its case for the
    nouns: "two plus the number of Zombies you control")."""
    plus = _PLUS_BEFORE.match(low.strip()) or _PLUS_AFTER.match(low.strip())
    original, low = low.strip(), low.lower()
    if plus:
        return amount_understood(plus.group("rest"))
    for pattern, fn in _MORE_AMOUNTS:
        m = pattern.match(low)
        if m:
            m = re.compile(pattern.pattern, re.I).match(original) or m
            if fn is _greatest or "what" in pattern.groupindex:
                return _counted_understood(m.group("what"))
            if fn is _spells_cast and (m.group("kind") or "").strip():
                return _parse_filter(m.group("kind").strip() + " spell") is not None
            return True
    return False


def _parse_filter(text: str) -> Any:
    try:
        from rules_engine.text.nouns import parse_filter

        return parse_filter(text)
    except Exception:  # noqa: BLE001 - words the noun parser doesn't know
        return None


_WITH_COUNTER = re.compile(r"^(?P<head>.+?) with (?:a |an |one or more )?(?P<kind>\S+) "
                           r"counters? on (?:it|them)$", re.I)


def _they(text: str) -> str:
    """"cards they own", "their graveyard": the same words about the player they name."""
    return re.sub(r"\bthey (own|control)\b", r"you \1", re.sub(r"\btheir\b", "your", text))


def _parse_counted(text: str) -> Any:
    """The filter of a counted noun phrase; "... with a hit counter on it" is kept as the
    qualifier targeting understands (122.1: objects with a counter of that kind)."""
    flt = _parse_filter(text)
    if flt is None:
        m = _WITH_COUNTER.match(text)
        if m:
            head = _parse_filter(m.group("head"))
            if head is not None:
                from dataclasses import replace

                flt = replace(head, qualifiers=head.qualifiers + (
                    f"with a {m.group('kind').lower()} counter on it",))
    return flt


def _count_described(game: Game, text: str, controller: Player, source: Any,
                     ctx: Ctx | None, factor: int) -> int | None:
    all_graveyards = False
    for tail in (" in all graveyards", " in all players' graveyards"):
        if text.lower().endswith(tail):
            all_graveyards, text = True, text[:-len(tail)] + " in your graveyard"
    flt = _FILTERS.get(text, False)
    if flt is False:
        flt = _parse_counted(text)
        if flt is None and " " in text:  # "for each Elf you control": the plural is known
            head, rest = text.split(" ", 1)
            flt = _parse_counted(head + "s " + rest)
        _FILTERS[text] = flt
    if flt is None:
        return None
    if all_graveyards:
        from dataclasses import replace

        anyone = replace(flt, owner=None, controller=None)
        return factor * sum(1 for p in game.living for o in p.graveyard
                            if targeting.matches(game, o, anyone, controller, source,
                                                 zone_check=False))
    if "this way" in " ".join(flt.qualifiers) or text.lower().endswith("this way"):
        pool = ctx.those if ctx is not None else []
        return factor * sum(1 for o in pool if isinstance(o, GameObject) and targeting.matches(
            game, o, flt, controller, source, zone_check=False))
    if flt.zone in _ZONES:
        owners = [controller] if flt.owner == "you" or flt.controller == "you" or \
            "your " + flt.zone in text.lower() else list(game.living)
        return factor * sum(1 for p in owners for o in getattr(p, flt.zone)
                            if targeting.matches(game, o, flt, controller, source,
                                                 zone_check=False))
    if "opponent" in flt.qualifiers:
        return factor * len(game.opponents(controller))
    return factor * sum(1 for o in game.permanents()
                        if targeting.matches(game, o, flt, controller, source))


def _spells_before(ctx: Ctx) -> int:
    """702.40a (storm): spells cast this turn before the source spell (all players')."""
    spell = _source_obj(ctx)
    count = 0
    seen = False
    for ev in reversed(ctx.game.events):
        if ev.turn != ctx.game.turn:
            break
        if ev.name != "spell_cast":
            continue
        if ev.data.get("obj") is spell and not seen:
            seen = True
            continue
        if seen:
            count += 1
    return count


def _that_many(ctx: Ctx) -> int:
    """"that many": what the previous instruction counted, or, first thing in a triggered
    ability, the triggering event's number (damage dealt, life gained, cards discarded or
    drawn - one card per event when the event names one object)."""
    if not ctx.count and not ctx.those:
        removed = amount_families.removed_as_cost(ctx)  # "Remove any number of counters
        if removed:  # from ~: create that many tokens" (602.2b, 608.2c)
            return removed
    each = ctx.counted_for
    if ctx.focus is not None and each is not None and each[0] == ctx.count and \
            id(ctx.focus) in each[1]:
        return each[1][id(ctx.focus)]  # "each player ... then draws that many" (their own)
    if ctx.count or ctx.event is None:
        return ctx.count
    counted = _condition_count(ctx)
    if counted is not None:
        return counted
    data = ctx.event.data
    trig = getattr(getattr(ctx.item, "ability", None), "trigger", None)
    if ctx.event.name == "attackers_declared" and getattr(trig, "filter", None) is not None:
        # "Whenever you attack with one or more other creatures with flying, you gain twice
        # that much life": the attackers the trigger's words name (508.1, 603.2)
        return sum(1 for o in data.get("attackers", ()) if targeting.matches(
            ctx.game, o, trig.filter, ctx.controller, _source_obj(ctx), zone_check=False))
    for key in ("amount", "count", "n"):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 1 if data.get("obj") is not None else 0


def _condition_count(ctx: Ctx) -> int | None:
    """"At the beginning of your end step, if you sacrificed one or more permanents this turn,
    ~ deals that much damage": "that much" is what the intervening if counted (603.4), the
    same words read by the amounts grammar ("permanents you sacrificed this turn")."""
    cond = getattr(getattr(ctx.item, "ability", None), "condition", None)
    m = re.fullmatch(r"you(?:'ve| have)? (?P<verb>sacrificed|discarded|drew|created) (?:one or "
                     r"more|an?) (?P<noun>.+?) this turn", (getattr(cond, "text", "") or ""),
                     re.I)
    if m is None:
        return None
    return amounts.evaluate(ctx.game, f"{m.group('noun')} you {m.group('verb')} this turn",
                            ctx.controller, _source_obj(ctx), ctx)


_DESCRIBED = {
    "for each spell cast before it this turn": _spells_before,
    # 702.56a: the spell's replicate payments (casting's announcement, choices_made)
    "for each time you paid its replicate cost": lambda ctx: int(
        (getattr(_source_obj(ctx), "choices_made", None) or {}).get("replicate", 0)),
    "equal to the life lost this way": lambda ctx: ctx.count,
    "the life lost this way": lambda ctx: ctx.count,
    "that many": _that_many,
    "that much": _that_many,
    "that many plus one": lambda ctx: _that_many(ctx) + 1,
    "twice that many": lambda ctx: 2 * _that_many(ctx),
    "twice that much": lambda ctx: 2 * _that_many(ctx),  # "you gain twice that much life"
}


def _times_resolved(ctx: Ctx) -> int:
    """How many times this ability (same record, same source) has resolved this turn,
    counting this resolution."""
    item = ctx.item
    ability = getattr(item, "ability", None)
    if ability is None:
        return 1
    count = 0
    for ev in reversed(ctx.game.events):
        if ev.turn != ctx.game.turn:
            break
        if ev.name == "ability_resolving":
            other = ev.data.get("obj")
            if getattr(other, "ability", None) is ability and \
                    getattr(other, "source", None) is item.source:
                count += 1
    return max(count, 1)


registry.provide(described_amount=described_amount, amount_understood=amount_understood,
                 matching=_matching, parse_counted=_parse_counted, times_resolved=_times_resolved)
