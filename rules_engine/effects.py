"""Running effects (608.2, 609): one handler per effect record of :mod:`rules_engine.abilities`.

The engine never looks at a card's name: a spell or ability resolves by walking its compiled
effect records, resolving each :class:`~rules_engine.abilities.Ref` against the game at that
moment (608.2c-h) and doing what the record says. An :class:`UnsupportedEffect` is reported in
the log and skipped.
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, targeting
from rules_engine.cards import CardDef, Face
from rules_engine.game import Game
from rules_engine.objects import GameObject, Mod, Player, StackAbility


class Ctx:
    """What a resolving spell or ability knows: its source, controller, targets, and "it"."""

    __slots__ = ("game", "source", "controller", "targets", "target_map", "it", "event",
                 "x", "those", "did", "item", "stopped", "count", "focus", "chosen")

    def __init__(self, game: Game, source: Any, controller: Player, item: Any = None) -> None:
        self.game = game
        self.source = source
        self.controller = controller
        self.item = item
        self.targets: list[Any] = list(getattr(item, "targets", []) or [])
        self.target_map: dict[Any, list[Any]] = dict(
            (getattr(item, "choices_made", {}) or {}).get("target_map", {}))
        self.event = getattr(item, "event", None)
        self.it: Any = None
        self.x = getattr(item, "x", 0) or 0
        self.those: list[Any] = []
        self.did = False
        self.stopped = False
        self.count = 0  # how many things the last effect did ("that many", 608.2c)
        self.focus: Player | None = None  # "each player ... unless they ...": one at a time
        self.chosen: list[Any] = []  # cards chosen from "those" ("one of them"; the rest)


# -- resolving spells and abilities --------------------------------------------------------------
def resolve_spell(game: Game, obj: GameObject) -> None:
    """608.2: follow the instant or sorcery's instructions in order."""
    obj.zone = "resolving"
    ctx = Ctx(game, obj, obj.controller, obj)
    chosen = obj.choices_made.get("effects")
    with targeting.XInForce(game, ctx.x):  # filters that mention X (107.3)
        run(game, ctx, chosen if chosen is not None else compiled.spell_effects(obj.face,
                                                                                obj.card))
    if obj.zone == "resolving" and obj.choices_made.get("buyback") and not obj.spell_copy \
            and not obj.flashback:
        # 702.27a: "If the buyback cost was paid, put this spell into its owner's hand instead
        # of into that player's graveyard as it resolves" (the last step of 608.2n)
        game.move(obj, "hand")
        game.log("returned_by_buyback", obj=obj)


def resolve_ability(game: Game, item: StackAbility) -> None:
    source = item.source
    ctx = Ctx(game, source, item.controller, item)
    with targeting.XInForce(game, ctx.x):  # filters that mention X (107.3)
        run(game, ctx, tuple(item.effects))


def targets_still_legal(game: Game, obj: Any) -> bool:
    """608.2b: if every target is now illegal, the spell doesn't resolve."""
    if not obj.targets:
        return True
    return any(targeting.still_legal(game, obj, t) for t in obj.targets)


def run(game: Game, ctx: Ctx, effects: tuple[Any, ...] | list[Any]) -> None:
    for eff in effects:
        if game.game_over:
            return
        handler = HANDLERS.get(type(eff))
        if handler is None:
            game.note(f"effect {type(eff).__name__} ('{getattr(eff, 'text', '')}') is not run "
                      "by this engine")
            continue
        handler(ctx, eff)


# -- references ----------------------------------------------------------------------------------
def _source_obj(ctx: Ctx) -> Any:
    src = ctx.source
    if isinstance(src, StackAbility):
        return src.source
    return src


def targets_for(ctx: Ctx, target: Any) -> list[Any]:
    if target is not None and target in ctx.target_map:
        found = ctx.target_map[target]
    elif ctx.targets:
        found = ctx.targets[:1] if target is None else _by_index(ctx, target)
    else:
        found = []
    return [t for t in found if targeting.still_legal(ctx.game, ctx.item, t)]


def _by_index(ctx: Ctx, target: Any) -> list[Any]:
    idx = getattr(target, "index", 0)
    return ctx.targets[idx:idx + 1] if idx < len(ctx.targets) else []


def resolve_ref(ctx: Ctx, ref: Any) -> list[Any]:
    """Objects or players a :class:`Ref` names now."""
    game = ctx.game
    if ref is None:
        return []
    kind = ref.kind
    if kind == "self":
        obj = _source_obj(ctx)
        return [obj] if obj is not None else []
    if kind == "you":
        return [ctx.controller]
    if kind == "active_player":  # "the player whose turn it is" (102.1), whoever controls this
        return [game.active]
    if kind == "target":
        found = targets_for(ctx, ref.target)
        if found:
            ctx.it = found[-1]
        return found
    if kind == "it":
        if ctx.it is not None:
            return [ctx.it]
        if ctx.item is not None and game.__dict__.get("delayed_refs"):
            found = _remembered(ctx, "it")
            if found is not None:
                return found
        if ctx.targets:
            return [t for t in ctx.targets[-1:] if targeting.still_legal(game, ctx.item, t)]
        trig = _triggering(ctx)
        if trig is not None and not isinstance(trig, Player):
            return [trig]
        # "At the beginning of your upkeep, if ~ isn't prepared, it becomes prepared": an
        # event about a player only (a step beginning) leaves "it" for the source itself
        return [_source_obj(ctx)]
    if kind == "triggering":
        trig = _triggering(ctx)
        return [trig] if trig is not None else []
    if kind == "that_player":
        if isinstance(ctx.it, Player):
            return [ctx.it]
        for t in reversed(ctx.targets):
            if isinstance(t, Player):
                return [t]
        if isinstance(ctx.it, GameObject):
            return [ctx.it.controller]
        if ctx.event is not None and isinstance(ctx.event.data.get("player"), Player):
            return [ctx.event.data["player"]]
        return [ctx.controller]
    if kind == "player_each":
        return [ctx.focus] if ctx.focus is not None else list(game.apnap())
    if kind == "opponent_each":
        if ctx.focus is not None:
            return [ctx.focus] if ctx.focus is not ctx.controller else []
        return [p for p in game.apnap() if p is not ctx.controller]
    if kind == "defending_player":
        src = _source_obj(ctx)
        if isinstance(src, GameObject) and isinstance(src.attacking, Player):
            return [src.attacking]
        return game.opponents(ctx.controller)[:1]
    if kind in ("enchanted", "equipped", "attached"):
        src = _source_obj(ctx)
        target = getattr(src, "attached_to", None)
        return [target] if target is not None else []
    if kind in ("controller_of", "owner_of"):
        out = []
        for obj in resolve_ref(ctx, ref.of):
            if isinstance(obj, GameObject):
                out.append(obj.controller if kind == "controller_of" else obj.owner)
        return out
    if kind == "each":
        found = [o for o in game.permanents()
                 if targeting.matches(game, o, ref.filter, ctx.controller, _source_obj(ctx))
                 and (not ref.filter or not ref.filter.card_types or True)]
        if ref.filter is not None and "attached to that creature" in ref.filter.qualifiers:
            # "Destroy all Equipment attached to that creature": "that creature" is the one
            # the effect spoke of before (its target, 608.2c), as it is now (301.5, 303.4)
            that = resolve_ref(ctx, ab.Ref("it"))
            found = [o for o in found if o.attached_to is not None and o.attached_to in that]
        return found
    if kind == "those":
        if not ctx.those and ctx.item is not None and game.__dict__.get("delayed_refs"):
            found = _remembered(ctx, "those")
            if found is not None:
                return found
        return list(ctx.those)
    if kind in ("chosen", "chosen_one"):
        return _choose_among(ctx, ref)
    if kind == "rest":
        return [o for o in ctx.those if o not in ctx.chosen]
    game.note(f"reference '{ref.text or kind}' not understood")
    return []


def _choose_among(ctx: Ctx, ref: Any) -> list[Any]:
    """"one of them" / "a creature card from among them": chosen from the cards just looked at."""
    game = ctx.game
    flt = ref.filter
    pool = [o for o in ctx.those if isinstance(o, GameObject)]
    count = 1
    if flt is not None:
        for q in flt.qualifiers:
            if q.startswith("count:"):
                value = q.split(":", 1)[1]
                count = int(value) if value.isdigit() else len(pool)
        pool = [o for o in pool if targeting.matches(game, o, _without_zone(flt), ctx.controller,
                                                     None, zone_check=False)]
        if "dealt damage this way" in flt.qualifiers and len(pool) <= count:
            ctx.chosen = list(pool)  # a reference to what was just damaged, not a choice
            if pool:
                ctx.it = pool[-1]
            return pool
    chosen = game.decider.choose_many(ctx.controller.name, f"choose {ref.text or 'a card'}",
                                      pool, count)
    ctx.chosen = list(chosen)
    if chosen:
        ctx.it = chosen[-1]
    return chosen


def _without_zone(flt: Any) -> Any:
    from dataclasses import replace

    return replace(flt, zone=None) if flt.zone else flt


def _triggering(ctx: Ctx) -> Any:
    ev = ctx.event
    if ev is None:
        return None
    for key in ("obj", "source", "player"):
        val = ev.data.get(key)
        if val is not None:
            return val
    return None


def _players(ctx: Ctx, ref: Any) -> list[Player]:
    out = []
    for x in resolve_ref(ctx, ref):
        if isinstance(x, Player):
            out.append(x)
        elif isinstance(x, GameObject):
            out.append(x.controller)
    return out


def _objects(ctx: Ctx, ref: Any) -> list[GameObject]:
    return [x for x in resolve_ref(ctx, ref) if isinstance(x, GameObject)]


def amount(ctx: Ctx, amt: Any, default: int = 1) -> int:
    if amt is None:
        return default
    if amt.value is not None:
        return int(amt.value)
    if amt.variable == "X" and not amt.text:
        return ctx.x
    if amt.variable == "-X" and not amt.text:
        return -ctx.x  # "gets -X/-X" (the sign is the effect's, 107.1b does not apply)
    text = (amt.text or "").lower()
    if text.startswith("up to "):
        return _up_to(ctx, amt.text[len("up to "):])
    described = _DESCRIBED.get(text)
    if described is not None:
        return described(ctx)
    value = described_amount(ctx.game, amt.text or "", ctx.controller, _source_obj(ctx), ctx)
    if value is not None:
        return max(value, 0)  # 107.1b: a calculation that yields a negative number gives 0
    ctx.game.note(f"amount '{amt.text}' not computed; using {default}")
    return default


def _amount_for(ctx: Ctx, amt: Any, player: Player) -> int:
    """An amount of an instruction each of several players follows ("Each opponent loses life
    equal to the number of cards in their hand"): "they"/"their" is that player (ctx.focus)."""
    if amt is None or amt.text is None or ctx.focus is not None:
        return amount(ctx, amt)
    ctx.focus = player
    try:
        return amount(ctx, amt)
    finally:
        ctx.focus = None


def _up_to(ctx: Ctx, words: str) -> int:
    """"up to N" / "up to X": the controller chooses how many, from N down to 0 (608.2d; an
    unanswered choice takes the first option, the most)."""
    limit = ctx.x if words.strip() == "X" else amount(ctx, ab.Amount(text=words), 0)
    options = list(range(max(limit, 0), -1, -1))
    picked = ctx.game.decider.choose(ctx.controller.name, f"how many (up to {limit})", options)
    return int(picked) if picked is not None else 0


def amount_understood(text: str) -> bool:
    """Whether :func:`amount` can compute an Amount with these words (without a game): for
    ``rules_engine.support`` / the audit. Mirrors :func:`described_amount`'s grammar."""
    low = (text or "").strip().lower().rstrip(".")
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
    from rules_engine import amounts  # the general families, asked about an empty game

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
    if text == "your life total":
        return factor * controller.life
    if text in ("card in your hand", "cards in your hand"):
        return factor * len(controller.hand)
    for prefix in _OWN_PREFIXES:
        if text.startswith(prefix) and isinstance(it, GameObject):
            what = text[len(prefix):]
            from rules_engine import amounts

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
            return factor * it.counters.get(kind, 0)
        return None
    more = _more_amount(game, original, controller, it if text.endswith(" on it") else source,
                        ctx)
    if more is not None:
        return factor * more
    from rules_engine import amounts  # the general families (arithmetic, other players, ...)

    either = amounts.union_count(game, original, controller, source)  # "X and/or Y you control"
    if either is not None:
        return factor * either
    counted = _count_described(game, original, controller, source, ctx, factor)
    if counted is not None:
        return counted
    general = amounts.evaluate(game, original, controller, source, ctx)
    return None if general is None else factor * general


# -- more worded amounts (107.1/107.3 style definitions) ----------------------------------------
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _this_turn(game: Game, name: str) -> list[Any]:
    """Events of this turn with this name (Game.events_this_turn)."""
    return game.events_this_turn(name)


def _greatest(game: Game, m: re.Match[str], controller: Player, source: Any,
              ctx: Ctx | None) -> int | None:
    """"the greatest power among creatures you control" (0 when there are none)."""
    flt = _parse_counted(m.group("what"))
    if flt is None:
        return None
    pool: list[Any]
    if flt.zone in _ZONES:
        owners = [controller] if flt.owner == "you" or flt.controller == "you" else game.living
        pool = [o for p in owners for o in getattr(p, flt.zone)]
    else:
        pool = list(game.permanents())
    values = []
    for o in pool:
        if not targeting.matches(game, o, flt, controller, source, zone_check=False):
            continue
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
    (re.compile(r"^(?:the )?amount of mana spent to cast (?P<spell>~|it|that spell)$"),
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


def _matching(game: Game, words: str, controller: Player, source: Any) -> list[Any] | None:
    flt = _parse_counted(words)
    if flt is None:
        return None
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
    from rules_engine import conditions

    return conditions.speed(game, player)


def _counters_on(m: re.Match[str], source: Any, ctx: Ctx | None) -> int | None:
    """"for each plague counter on ~", "the number of counters on ~" (122.1)."""
    obj = source if isinstance(source, GameObject) else None
    if obj is None:
        return None
    kind = m.group("kind")
    return obj.counters.get(kind, 0) if kind else sum(obj.counters.values())


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
                return _parse_counted(m.group("what")) is not None
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


_WITH_COUNTER = re.compile(r"^(?P<head>.+?) with (?:a|an|one or more) (?P<kind>\S+) "
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
    if ctx.count or ctx.event is None:
        return ctx.count
    data = ctx.event.data
    for key in ("amount", "count", "n"):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 1 if data.get("obj") is not None else 0


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
}


# -- handlers ------------------------------------------------------------------------------------
def h_unsupported(ctx: Ctx, eff: Any) -> None:
    ctx.game.note(f"unsupported effect skipped: {eff.text!r}")


def h_draw(ctx: Ctx, eff: ab.Draw) -> None:
    drawn = []
    for p in _players(ctx, eff.player):
        drawn.extend(ctx.game.draw(p, _amount_for(ctx, eff.amount, p)))
    ctx.those = drawn  # "reveal them", "one of them"
    ctx.count = len(drawn)


def h_discard(ctx: Ctx, eff: ab.Discard) -> None:
    game = ctx.game
    card_ref = getattr(eff, "card", None)  # "discards that card"
    for p in _players(ctx, eff.player):
        if card_ref is not None:
            chosen = [o for o in resolve_ref(ctx, card_ref)
                      if isinstance(o, GameObject) and o in p.hand]
        elif eff.whole_hand:
            chosen = list(p.hand)
        elif eff.any_number:
            chosen = _any_number(game, p.name, "cards to discard (any number)", list(p.hand))
        else:
            n = min(_amount_for(ctx, eff.amount, p), len(p.hand))
            chosen = game.decider.choose_many(p.name, "card to discard", list(p.hand), n)
        for card in chosen:
            game.move(card, "graveyard")
            game.log("discarded", player=p, obj=card)
        ctx.did = bool(chosen)
        ctx.count = len(chosen)


def h_mill(ctx: Ctx, eff: ab.Mill) -> None:
    """701.17: the milled cards are "them" / "milled this way" for the next effects."""
    milled = []
    for p in _players(ctx, eff.player):
        for _ in range(_amount_for(ctx, eff.amount, p)):
            if p.library:
                card = p.library[0]
                ctx.game.move(card, "graveyard")
                milled.append(card)
        if milled and any(c.owner is p for c in milled):
            ctx.game.log("milled", player=p, count=sum(c.owner is p for c in milled))
    ctx.those = milled
    ctx.count = len(milled)


def _any_number(game: Game, player: str, prompt: str, options: list[Any]) -> list[Any]:
    """"Any number": the scripted answers that name options, in order; unanswered, none
    (a strict game wants an answer: an empty list ``[]`` says none)."""
    from rules_engine.decisions import match_option

    queue = game.decider.queues.get(player)
    if queue and isinstance(queue[0], list):
        return [match_option(player, prompt, a, options) for a in queue.popleft()]
    chosen: list[Any] = []
    while queue:
        pool = [o for o in options if o not in chosen]
        try:
            pick = match_option(player, prompt, queue[0], pool)
        except Exception:  # noqa: BLE001 - the next answer is for a later decision
            break
        queue.popleft()
        chosen.append(pick)
    if not chosen and not queue and game.decider.strict and game.decider.policy is None:
        from rules_engine.errors import DecisionError

        raise DecisionError(f"{player} was not told {prompt} (answer [] for none)")
    if game.decider.policy is not None and not chosen:
        chosen = [o for o in options if game.decider.policy(player, prompt, [False, True])]
    return chosen


def h_scry(ctx: Ctx, eff: Any) -> None:
    """701.22 / 701.25: look at the top N; the answers name the cards put on the bottom
    (scry) or into the graveyard (surveil); unanswered, all stay on top."""
    game = ctx.game
    for p in _players(ctx, eff.player):
        top = p.library[:amount(ctx, eff.amount)]
        moved = []
        for _ in range(len(top)):
            pick = game.decider.choose(p.name, f"card to move ({eff.text})",
                                       [c for c in top if c not in moved], optional=True) \
                if game.decider.queues.get(p.name) else None
            if pick is None:
                break
            moved.append(pick)
        for card in moved:
            if isinstance(eff, ab.Surveil):
                game.move(card, "graveyard")
            else:
                p.library.remove(card)
                p.library.append(card)
        game.log("scried" if isinstance(eff, ab.Scry) else "surveilled", player=p)


def h_search(ctx: Ctx, eff: ab.SearchLibrary) -> None:
    """701.23: find cards matching the filter; put them where the effect says; shuffle."""
    game = ctx.game
    from rules_engine import permanents

    for p in _players(ctx, eff.player):
        options = [c for c in p.library
                   if targeting.matches(game, c, eff.filter, p, None, zone_check=False)]
        chosen = []
        for _ in range(eff.max_count):
            pick = game.decider.choose(p.name, f"card to search for ({eff.filter.text})",
                                       [o for o in options if o not in chosen], optional=True)
            if pick is None:
                break
            chosen.append(pick)
        for card in chosen:
            if eff.destination == "found":
                continue  # the next effects say where they go (Ref "chosen"/"those")
            if eff.destination == "battlefield":
                permanents.enter_battlefield(game, card, p, tapped=eff.tapped)
            elif eff.destination == "library_top":
                game.move(card, "library")
            else:
                game.move(card, eff.destination)
            game.log("searched_for", player=p, obj=card)
        ctx.those = chosen
        if chosen:
            ctx.it = chosen[-1]
        if eff.shuffle and eff.destination != "found":
            game.shuffle(p)


def h_look(ctx: Ctx, eff: ab.LookAtTop) -> None:
    """Look at the top N; choose some for ``destination``; the rest go to ``rest``."""
    game = ctx.game
    from rules_engine import permanents

    for p in _players(ctx, eff.player):
        top = list(p.library[:amount(ctx, eff.amount)])
        ctx.those = top
        if eff.choose_max == 0 and eff.rest is None:
            game.log("looked_at", player=p, count=len(top))
            continue  # what happens to them is said by the next effects ("one of them")
        chosen = []
        opts = [c for c in top if eff.choose_filter is None or
                targeting.matches(game, c, eff.choose_filter, p, None, zone_check=False)]
        for _ in range(eff.choose_max):
            pick = game.decider.choose(p.name, f"card to take ({eff.text})",
                                       [o for o in opts if o not in chosen],
                                       optional=len(chosen) >= eff.choose_min)
            if pick is None:
                break
            chosen.append(pick)
        for card in chosen:
            dest = eff.destination or "hand"
            if dest == "battlefield":
                permanents.enter_battlefield(game, card, p, counters=eff.counters)
            else:
                game.move(card, dest)
        rest = [c for c in top if c not in chosen]
        if eff.rest == "graveyard":
            for card in rest:
                game.move(card, "graveyard")
        elif eff.rest in ("library_bottom_any", "library_bottom_random"):
            for card in rest:
                p.library.remove(card)
                p.library.append(card)
        elif eff.rest == "hand":
            for card in rest:
                game.move(card, "hand")
        elif eff.rest == "shuffle":
            game.shuffle(p)


def h_gain(ctx: Ctx, eff: ab.GainLife) -> None:
    for p in _players(ctx, eff.player):
        ctx.game.gain_life(p, _amount_for(ctx, eff.amount, p))


def h_lose(ctx: Ctx, eff: ab.LoseLife) -> None:
    from rules_engine.conditions import note_life_lost

    total = 0
    for p in _players(ctx, eff.player):
        n = _amount_for(ctx, eff.amount, p)
        ctx.game.lose_life(p, n)
        total += max(0, n)
        if n > 0:
            note_life_lost(ctx.game, p)  # 702.179d
    ctx.count = total  # "the life lost this way"


def h_damage(ctx: Ctx, eff: ab.DealDamage) -> None:
    from rules_engine.combat import deal_damage

    srcs = resolve_ref(ctx, eff.source)
    src = srcs[0] if srcs else _source_obj(ctx)
    n = amount(ctx, eff.amount)
    if eff.divided:
        _divided_damage(ctx, eff, src, n)
        return
    hit: list[Any] = []
    for ref in eff.recipients:
        for r in resolve_ref(ctx, ref):
            deal_damage(ctx.game, src, r, n)
            hit.append(r)
    ctx.those = hit  # "a creature dealt damage this way"


def _divided_damage(ctx: Ctx, eff: Any, src: Any, n: int) -> None:
    """601.2d: damage "divided as you choose" among the targets, each getting at least 1. The
    division is the controller's: a scripted mapping {target: n}; unanswered, 1 to each and
    the rest to the first. A target that became illegal gets nothing, and its share is not
    given to the others (608.2b)."""
    from rules_engine.combat import deal_damage
    from rules_engine.decisions import match_option
    from rules_engine.errors import IllegalActionError

    game = ctx.game
    chosen: list[Any] = []
    for ref in eff.recipients:
        if ref.kind == "target":
            chosen += ctx.target_map.get(ref.target, []) if ref.target in ctx.target_map \
                else list(ctx.targets)
    if not chosen:
        return
    name = ctx.controller.name
    queue = game.decider.queues.get(name)
    shares: dict[int, int] = {}
    if queue and isinstance(queue[0], dict):
        for key, value in queue.popleft().items():
            who = match_option(name, "division of damage", key, chosen)
            shares[id(who)] = int(value)
        if sum(shares.values()) != n or any(v < 1 for v in shares.values()) or \
                len(shares) != len(chosen):
            raise IllegalActionError("601.2d", f"{n} damage must be divided among all "
                                               "its targets, at least 1 each")
    else:
        shares = {id(t): 1 for t in chosen}
        shares[id(chosen[0])] += max(0, n - len(chosen))
    for t in chosen:
        if targeting.still_legal(game, ctx.item, t):
            deal_damage(game, src, t, shares.get(id(t), 0))


def h_fight(ctx: Ctx, eff: ab.Fight) -> None:
    from rules_engine.combat import deal_damage

    a = _objects(ctx, eff.first)
    b = _objects(ctx, eff.second)
    if a and b and a[0].zone == b[0].zone == "battlefield":
        deal_damage(ctx.game, a[0], b[0], a[0].power)
        deal_damage(ctx.game, b[0], a[0], b[0].power)


def _until(duration: Any, ctx: Ctx | None = None) -> str:
    """A duration as a tag: "eot" (514.2), "combat", "next_turn:<player>" (611.2b), ..."""
    if duration is None:
        return "static"
    if duration.kind == "your_next_turn":
        return f"next_turn:{ctx.controller.name}" if ctx is not None else "next_turn:"
    return {"end_of_turn": "eot", "this_turn": "eot", "combat": "combat"}.get(duration.kind,
                                                                               "permanent")


def h_pump(ctx: Ctx, eff: ab.ModifyPT) -> None:
    for obj in _objects(ctx, eff.subject):
        obj.mods.append(Mod(amount(ctx, eff.power, 0), amount(ctx, eff.toughness, 0),
                            until=_until(eff.duration, ctx), timestamp=ctx.game.next_timestamp()))


def h_set_pt(ctx: Ctx, eff: ab.SetBasePT) -> None:
    for obj in _objects(ctx, eff.subject):
        obj.mods.append(Mod(set_pt=(amount(ctx, eff.power, 0), amount(ctx, eff.toughness, 0)),
                            until=_until(eff.duration, ctx), timestamp=ctx.game.next_timestamp()))


def h_grant(ctx: Ctx, eff: ab.GrantAbility) -> None:
    kws = tuple(k.name for k in eff.keywords)
    keywords = tuple(_with_chosen(ctx, k) for k in eff.keywords)
    for obj in _objects(ctx, eff.subject):
        obj.mods.append(Mod(keywords=kws, abilities=tuple(eff.abilities) + keywords,
                            until=_until(eff.duration, ctx), timestamp=ctx.game.next_timestamp()))


def _with_chosen(ctx: Ctx, kw: Any) -> Any:
    """"protection from the chosen color": the value chosen earlier in the same resolution
    (a ChooseValue effect) replaces the words (608.2c)."""
    param = kw.parameter or ""
    choice = re.search(r"the (color|card type|creature type) of your choice", param)
    if choice is not None and choice.group(1) in _VALUE_OPTIONS:
        # 608.2d: a choice the effect asks for is made as it resolves, by its controller
        options = list(_VALUE_OPTIONS[choice.group(1)])
        picked = ctx.game.decider.choose(ctx.controller.name, f"{choice.group(1)} for "
                                         f"'{kw.text or kw.name}'", options)
        from dataclasses import replace

        return replace(kw, parameter=param.replace(choice.group(0), str(picked).lower()))
    if "the chosen" not in param or not ctx.chosen:
        return kw
    value = next((v for v in reversed(ctx.chosen) if isinstance(v, str)), None)
    if value is None:
        return kw
    from dataclasses import replace

    head, _, tail = param.partition("the chosen ")
    tail = tail.split(" ", 1)[1] if " " in tail else ""
    return replace(kw, parameter=(head + value.lower() + (" " + tail if tail else "")).strip())


_VALUE_OPTIONS = {
    "color": ("white", "blue", "black", "red", "green"),
    "card type": ("artifact", "battle", "creature", "enchantment", "instant", "land",
                  "planeswalker", "sorcery", "kindred"),
    "basic land type": ("Plains", "Island", "Swamp", "Mountain", "Forest"),
}


def _faces_named(game: Game, name: str) -> list[Face]:
    """The faces that carry ``name`` as a card name: a card's own (combined split cards are
    named by their halves, 201.4b/709.4a), a back face (201.4d) or a prepare spell (722.3:
    "you may choose the alternative prepare spell's name"), found in the card pool or among
    the game's objects (a prepare spell is not a card of its own in the pool)."""
    low = name.strip().lower()
    cards: list[CardDef] = []
    found = game.cards.get(name)
    if found is not None:
        cards.append(found)
    for obj in game.all_objects():
        card = getattr(obj, "card", None)
        if isinstance(card, CardDef) and card not in cards:
            cards.append(card)
    faces: list[Face] = []
    for card in cards:
        candidates = list(card.halves) if card.halves else [card.front]
        candidates += [f for f in (card.back, card.prepare) if f is not None]
        faces += [f for f in candidates if f.name.strip().lower() == low]
    return faces


def card_name_refusal(game: Game, name: str, kind: str) -> str | None:
    """201.4 / 201.4a-b: a chosen card name must be one card name (never "A // B"), and with a
    quality ("nonland card name") a face with that name must have it, judged by that face
    alone (201.4b halves; the prepare spell's own characteristics). A name no card the engine
    can see carries is accepted: the Oracle reference (108.1) is larger than the pool."""
    if "//" in name:
        return f"201.4b: choose one name of a split card, not both ('{name}')"
    quality = kind.lower().replace("card name", "").strip()
    faces = _faces_named(game, name)
    if not faces or not quality:
        return None
    wanted = re.findall(r"(non)?(land|creature|artifact|enchantment|instant|sorcery|"
                        r"planeswalker)", quality)
    for face in faces:
        types = {t.lower() for t in face.types}
        if all((t not in types) if neg else (t in types) for neg, t in wanted):
            return None
    return f"201.4a: {name} is not the name of a {quality} card"


def h_choose_value(ctx: Ctx, eff: Any) -> None:
    """"Choose a color / card type / creature type / one of the listed options": the chosen
    value is kept for the rest of the resolution ("the chosen color") and, for "As ~ enters,
    choose ...", on the permanent (614.12, 607.2?: linked to it for as long as it stays)."""
    game = ctx.game
    chooser = (_players(ctx, eff.chooser) or [ctx.controller])[0]
    options = list(eff.options) or list(_VALUE_OPTIONS.get(eff.kind, ()))
    if options:
        pick = game.decider.choose(chooser.name, f"choose a {eff.kind}", options)
    else:  # a creature type or a card name: any word the script gives
        queue = game.decider.queues.get(chooser.name)
        pick = str(queue.popleft()) if queue else None
        if pick is None:
            game.note(f"no {eff.kind} chosen for '{eff.text}'")
            return
        if "card name" in eff.kind:
            refusal = card_name_refusal(game, pick, eff.kind)
            if refusal:
                from rules_engine.errors import IllegalActionError

                raise IllegalActionError(refusal.split(":")[0], refusal)
    ctx.chosen = list(ctx.chosen) + [str(pick)]
    src = _source_obj(ctx)
    if isinstance(src, GameObject):
        game.__dict__.setdefault("chosen_values", []).append((src, src.timestamp, eff.kind,
                                                              str(pick)))
    game.log("value_chosen", player=chooser, kind=eff.kind, value=str(pick))


def h_animate(ctx: Ctx, eff: ab.Animate) -> None:
    kws = tuple(k.name for k in eff.keywords)
    for obj in _objects(ctx, eff.subject):
        pt = None
        if eff.power is not None and eff.toughness is not None:
            pt = (amount(ctx, eff.power, 0), amount(ctx, eff.toughness, 0))
        granted = tuple(eff.keywords) + tuple(getattr(eff, "abilities", ()) or ())
        mod = Mod(keywords=kws, abilities=granted, set_pt=pt,
                  types=tuple(t.capitalize() for t in eff.card_types),
                  until=_until(eff.duration, ctx), timestamp=ctx.game.next_timestamp())
        # 105.3 / 205.1a (layers 5 and 4): "becomes a blue Frog" sets its colors and creature
        # types, once objects.Mod can carry them (animate_sets_characteristics)
        if eff.colors and "colors" in Mod.__slots__:
            mod.colors = tuple(_COLOR_LETTERS.get(c.lower(), c) for c in eff.colors)
        if eff.subtypes and getattr(eff, "additional", False):
            mod.add_subtypes = tuple(eff.subtypes)  # 205.1b: "in addition to its other types"
        elif eff.subtypes and "subtypes" in Mod.__slots__:
            mod.subtypes = tuple(eff.subtypes)
        obj.mods.append(mod)
        ctx.game.log("animated", obj=obj, text=eff.text)


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
                  "colorless": ""}


def h_counters(ctx: Ctx, eff: ab.PutCounters) -> None:
    n = amount(ctx, eff.amount)
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield":
            continue
        obj.counters[eff.counter] = obj.counters.get(eff.counter, 0) + n
        ctx.game.log("counters_put", obj=obj, counter=eff.counter, amount=n,
                     player=ctx.controller)


def h_remove_counters(ctx: Ctx, eff: ab.RemoveCounters) -> None:
    """122.1 / 122.8: remove N counters of a kind ("remove all landmark counters": every one);
    a permanent without enough loses what it has."""
    everything = eff.amount is not None and (eff.amount.text or "").lower() == "all"
    n = 0 if everything else amount(ctx, eff.amount)
    for obj in _objects(ctx, eff.subject):
        have = obj.counters.get(eff.counter, 0)
        gone = have if everything else min(have, n)
        if not gone:
            continue
        obj.counters[eff.counter] = have - gone
        ctx.game.log("counters_removed", obj=obj, counter=eff.counter, amount=gone)


_PREDEFINED = {
    "treasure": ("Treasure", "Token Artifact — Treasure",
                 "{T}, Sacrifice this token: Add one mana of any color."),
    "food": ("Food", "Token Artifact — Food", "{2}, {T}, Sacrifice this token: You gain 3 life."),
    "clue": ("Clue", "Token Artifact — Clue", "{2}, Sacrifice this token: Draw a card."),
    "gold": ("Gold", "Token Artifact — Gold", "Sacrifice this token: Add one mana of any color."),
    "blood": ("Blood", "Token Artifact — Blood",
              "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),
    "map": ("Map", "Token Artifact — Map", "{1}, {T}, Sacrifice this token: Target creature you "
            "control explores. Activate only as a sorcery."),
    "powerstone": ("Powerstone", "Token Artifact — Powerstone",
                   "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),
    "lander": ("Lander", "Token Artifact — Lander", "{2}, {T}, Sacrifice this token: Search your "
               "library for a basic land card, put it onto the battlefield tapped, then shuffle."),
}


def predefined_token(game: Game, name: str) -> tuple[Face, CardDef]:
    """111.10: the predefined tokens, defined from their rules text (compiled like any card)."""
    key = name.lower()
    cache = game.__dict__.setdefault("_token_defs", {}) if hasattr(game, "__dict__") else {}
    if key not in cache:
        nm, tl, text = _PREDEFINED.get(key, (name.title(), f"Token Artifact — {name.title()}",
                                             ""))
        if key not in _PREDEFINED:
            game.note(f"predefined token '{name}' is not defined here; created without abilities")
        card = CardDef.from_scryfall({"name": nm, "type_line": tl, "oracle_text": text,
                                      "layout": "token", "colors": []})
        compiled.ensure_compiled(card)
        cache[key] = (card.front, card)
    return cache[key]


def token_face(ctx: Ctx, spec: ab.TokenSpec) -> tuple[Face, CardDef | None]:
    if spec.predefined or (spec.name and spec.name.lower() in _PREDEFINED and not spec.card_types):
        return predefined_token(ctx.game, spec.name or "Treasure")
    types = tuple(t.capitalize() for t in spec.card_types) or ("Creature",)
    subtypes = tuple(spec.subtypes)
    name = spec.name or (" ".join(subtypes) + " Token" if subtypes else "Token")
    type_line = " ".join(("Token",) + tuple(spec.supertypes) + types)
    if subtypes:
        type_line += " — " + " ".join(subtypes)
    colors = tuple(c for c in "WUBRG" if c in _letters(spec.colors))
    face = Face(name=name, type_line=type_line, power=amount(ctx, spec.power, 0)
                if spec.power is not None else None,
                toughness=amount(ctx, spec.toughness, 0) if spec.toughness is not None else None,
                colors=colors, keywords=tuple(k.name for k in spec.keywords),
                supertypes=tuple(spec.supertypes), types=types, subtypes=subtypes,
                abilities=list(spec.keywords) + list(spec.abilities))
    return face, None


def _letters(colors: tuple[str, ...]) -> list[str]:
    names = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    return [names.get(c.lower(), c.upper()[:1]) for c in colors]


def copy_card_of(ctx: Ctx, original: GameObject, spec: ab.TokenSpec) -> CardDef:
    """707.8a: a token copy of a double-faced permanent is a double-faced token; each face is
    the same face of the original, with the copy effect's exceptions (707.9b)."""
    card = original.card
    assert card is not None and card.back is not None
    compiled.ensure_compiled(card)
    front = _with_exceptions(ctx, card.front, spec)
    back = _with_exceptions(ctx, card.back, spec)
    return CardDef(card.name, card.layout, front, back=back, prepare=card.prepare, raw=card.raw)


def copy_face_of(ctx: Ctx, original: GameObject, spec: ab.TokenSpec) -> tuple[Face, Any]:
    """707.2: the copiable values of ``original`` with the copy effect's exceptions (707.9b)."""
    base = original.face
    compiled.face_abilities(original.card, base)
    return _with_exceptions(ctx, base, spec), original.card


def _with_exceptions(ctx: Ctx, base: Face, spec: ab.TokenSpec) -> Face:
    changes: dict[str, Any] = {}
    if spec.power is not None:
        changes["power"] = amount(ctx, spec.power, 0)
    if spec.toughness is not None:
        changes["toughness"] = amount(ctx, spec.toughness, 0)
    if spec.colors:
        changes["colors"] = tuple(c for c in "WUBRG" if c in _letters(spec.colors))
    if spec.subtypes:
        changes["subtypes"] = tuple(spec.subtypes)
    if spec.card_types:
        changes["types"] = tuple(t.capitalize() for t in spec.card_types)
    if spec.name:
        changes["name"] = spec.name
    if "subtypes" in changes or "types" in changes:
        line = " ".join(base.supertypes + changes.get("types", base.types))
        subs = changes.get("subtypes", base.subtypes)
        changes["type_line"] = line + (" — " + " ".join(subs) if subs else "")
    return base.copy_with(**changes) if changes else base


def h_token(ctx: Ctx, eff: ab.CreateToken) -> None:
    game = ctx.game
    n = amount(ctx, eff.amount)
    controllers = _players(ctx, eff.controller) or [ctx.controller]
    created = []
    for p in controllers:
        for _ in range(n):
            spec = eff.token
            card = None
            if spec.copy_of is not None:
                originals = _objects(ctx, spec.copy_of)
                if not originals:
                    continue
                original = originals[0]
                if original.card is not None and original.card.back is not None and \
                        original.copy_values is None:
                    obj = game.create_token(p, None, tapped=eff.tapped,
                                            card=copy_card_of(ctx, original, spec),
                                            transformed=original.transformed)
                    created.append(obj)
                    game.log("token_created", obj=obj, player=p)
                    continue
                face, card = copy_face_of(ctx, original, spec)
            else:
                face, card = token_face(ctx, spec)
            obj = game.create_token(p, face, tapped=eff.tapped, card=card)
            created.append(obj)
            game.log("token_created", obj=obj, player=p)
    if eff.attacking:  # "create ... tokens that are tapped and attacking" (508.4)
        from rules_engine import combat

        for obj in created:
            combat.enter_attacking(game, obj, obj.controller)
    ctx.those = created
    if created:
        ctx.it = created[-1]


def h_destroy(ctx: Ctx, eff: ab.Destroy) -> None:
    """701.8: destroy = move to the graveyard, unless indestructible (702.12b) or regenerated
    (701.19a; "can't be regenerated" skips the shield)."""
    destroyed = []
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield" and not compiled.has_keyword(obj, "indestructible"):
            if not eff.no_regenerate and regenerate(ctx.game, obj):
                continue
            ctx.game.move(obj, "graveyard")
            destroyed.append(obj)
    if destroyed or eff.subject is None or eff.subject.kind == "each":
        ctx.those = destroyed  # "for each creature destroyed this way" (608.2c)
        ctx.count = len(destroyed)


def h_exile(ctx: Ctx, eff: ab.Exile) -> None:
    """701.13; "exile the top N cards of your library" takes them from the library top."""
    game = ctx.game
    if eff.from_zone == "library" and eff.amount is not None:
        moved = []
        for p in _players(ctx, eff.subject) or [ctx.controller]:
            for card in list(p.library[:amount(ctx, eff.amount)]):
                game.move(card, "exile")
                moved.append(card)
        ctx.those = moved
        ctx.count = len(moved)
        return
    subject = eff.subject
    if subject is not None and subject.kind in ("chosen", "chosen_one") and not ctx.those and \
            eff.from_zone in ("graveyard", "hand") and eff.amount is not None:
        _exile_chosen_from_zone(ctx, eff)
        return
    moved = []
    for obj in _objects(ctx, eff.subject):
        if obj.zone not in ("gone", "exile"):
            game.move(obj, "exile")
            moved.append(obj)
    ctx.those = moved or ctx.those
    ctx.count = len(moved)


def _exile_chosen_from_zone(ctx: Ctx, eff: Any) -> None:
    """"Exile eight cards from your graveyard": the player chooses that many cards matching the
    filter from their own zone. Fewer than that many can't be exiled "this way": nothing is
    exiled and a following "If you do" is not met (608.2c, as for a cost)."""
    game = ctx.game
    p = ctx.controller
    flt = eff.subject.filter
    pool = [o for o in getattr(p, eff.from_zone) if flt is None or targeting.matches(
        game, o, _without_zone(flt), p, None, zone_check=False)]
    n = amount(ctx, eff.amount)
    if len(pool) < n:
        ctx.stopped = True
        ctx.did = False
        ctx.count = 0
        game.note(f"{p.name} can't exile {n} cards from their {eff.from_zone}")
        return
    chosen = pool if len(pool) == n else game.decider.choose_many(
        p.name, f"cards to exile ({eff.text})", pool, n)
    for obj in chosen:
        game.move(obj, "exile")
    ctx.those = list(chosen)
    ctx.count = len(chosen)
    ctx.did = True


def h_explore(ctx: Ctx, eff: Any) -> None:
    """701.44: reveal the top card; a land goes to hand, otherwise a +1/+1 counter and the
    card may go to the graveyard."""
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        p = obj.controller
        if not p.library:
            continue
        top = p.library[0]
        if top.is_land:
            game.move(top, "hand")
        else:
            if obj.zone == "battlefield":
                obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + 1
            if game.decider.may(p.name, f"put {top.name} into your graveyard (explore)"):
                game.move(top, "graveyard")
        game.log("explored", obj=obj, player=p)


def h_play_permission(ctx: Ctx, eff: Any) -> None:
    """601.3 / 305.1: "you may play them this turn" (cards in exile, impulse draw). "You may
    cast one of them" with no duration is a cast during the resolution (608.2g)."""
    if eff.cast_only and eff.duration is None:
        h_cast_free(ctx, eff)
        return
    objs = [o for o in resolve_ref(ctx, eff.subject) if isinstance(o, GameObject)]
    if not objs and ctx.those:
        objs = [o for o in ctx.those if isinstance(o, GameObject)]
    # 611.2a: without a stated duration the permission lasts as long as the game does
    until = _until(eff.duration, ctx) if eff.duration is not None else "permanent"
    ctx.game.play_permissions.append((ctx.controller, objs, until, bool(eff.free)))
    ctx.game.log("play_permission", player=ctx.controller, count=len(objs))


def h_cast_free(ctx: Ctx, eff: Any) -> None:
    """608.2g / 118.9: "you may cast it without paying its mana cost" during resolution; the
    spell is cast now (timing permissions are ignored, 601.2), then the resolution goes on."""
    from rules_engine import casting
    from rules_engine.errors import IllegalActionError

    game = ctx.game
    player = ctx.controller
    subject = eff.subject
    if subject is not None and subject.kind in ("chosen", "chosen_one"):
        pool = list(ctx.those)  # the card is chosen here, with the cast (one question)
    else:
        pool = resolve_ref(ctx, subject)
    options = [o for o in pool if isinstance(o, GameObject)
               and o.zone in ("hand", "exile", "graveyard", "library") and not o.is_land]
    if not options:
        return
    pick = game.decider.choose(player.name, "card to cast without paying its mana cost",
                               options, optional=True)
    if pick is None or not game.decider.may(player.name, f"cast {pick.name} without paying "
                                                         "its mana cost"):
        return
    try:
        casting.put_on_stack_as_cast(game, player, pick, None if eff.free else
                                     casting.parse_cost(pick.face.mana_cost))
    except IllegalActionError as exc:
        game.note(f"{pick.name} can't be cast: {exc}")


def h_skip(ctx: Ctx, eff: Any) -> None:
    """614.10: "skip your next turn / untap step / draw step / combat phase"."""
    for p in _players(ctx, eff.player):
        ctx.game.skips.append([p, eff.what])
        ctx.game.log("will_skip", player=p, what=eff.what)


def h_stop_day_night(ctx: Ctx, eff: Any) -> None:
    """An effect that says it stops being day or night (outside 731.1's usual course)."""
    before = ctx.game.day_night
    ctx.game.day_night = "neither"
    ctx.game.log("day_night_stopped", was=before)


def h_move(ctx: Ctx, eff: ab.MoveToZone) -> None:
    from rules_engine import permanents

    game = ctx.game
    if eff.to_zone == "library_shuffled":
        # "shuffle them into their owners' libraries" (701.24a): moved, then each library
        # that got a card is shuffled once
        owners: list[Player] = []
        for obj in _objects(ctx, eff.subject):
            if obj.zone in ("battlefield", "graveyard", "hand", "exile", "stack", "resolving"):
                game.move(obj, "library")
                if obj.owner not in owners:
                    owners.append(obj.owner)
        for owner in owners:
            game.shuffle(owner)
        return
    for obj in _objects(ctx, eff.subject):
        if eff.to_zone == "battlefield":
            ctrl = ctx.controller if eff.under_control == "you" else obj.owner
            if eff.transformed and (obj.card is None or obj.card.back is None):
                # 712.14a: a card that isn't double-faced stays in its current zone
                game.note(f"{obj.name} isn't a double-faced card: it stays in its zone "
                          "(712.14a)")
                continue
            permanents.enter_battlefield(game, obj, ctrl, tapped=eff.tapped,
                                         counters=eff.counters, transformed=eff.transformed)
            if eff.attacking:  # "... onto the battlefield tapped and attacking" (508.4)
                from rules_engine import combat

                combat.enter_attacking(game, obj, obj.controller)
        elif eff.to_zone.startswith("library_bottom"):
            game.move(obj, "library", top=False)  # any/random order among several: listed order
        elif eff.to_zone.startswith("library"):
            game.move(obj, "library")
        elif eff.to_zone in ("hand", "graveyard", "exile"):
            game.move(obj, eff.to_zone)
        else:
            game.note(f"zone '{eff.to_zone}' in '{eff.text}' is not known to this engine")


def h_sacrifice(ctx: Ctx, eff: ab.Sacrifice) -> None:
    """701.21: a player sacrifices a permanent they control (chosen when described by a filter)."""
    game = ctx.game
    subject = eff.subject
    sacrificed: list[GameObject] = []
    if subject is not None and subject.kind in ("each", "chosen") and subject.filter is not None:
        for p in _players(ctx, eff.player) or [ctx.controller]:
            options = [o for o in game.permanents(p)
                       if targeting.matches(game, o, subject.filter, p, None)]
            for obj in game.decider.choose_many(p.name, f"permanent to sacrifice "
                                                        f"({subject.filter.text})", options,
                                                amount(ctx, eff.amount)):
                game.move(obj, "graveyard")
                sacrificed.append(obj)
                game.log("sacrificed", obj=obj, player=p)
                ctx.did = True
        ctx.those = sacrificed  # "creatures sacrificed this way" (608.2c)
        ctx.count = len(sacrificed)
        return
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            player = obj.controller
            game.move(obj, "graveyard")
            sacrificed.append(obj)
            game.log("sacrificed", obj=obj, player=player)
            ctx.did = True
    if sacrificed:
        ctx.those = sacrificed
        ctx.count = len(sacrificed)


def h_tap(ctx: Ctx, eff: Any) -> None:
    tapped = []
    for obj in _objects(ctx, eff.subject):
        if not obj.tapped:
            tapped.append(obj)  # "for each creature tapped this way" (608.2c)
            if obj.zone == "battlefield":
                obj.tapped = True
                ctx.game.log("tapped", obj=obj)  # 603.2e: "Whenever ~ becomes tapped"
        obj.tapped = True
    if tapped:
        ctx.those = tapped
        ctx.count = len(tapped)


def h_untap(ctx: Ctx, eff: Any) -> None:
    for obj in _objects(ctx, eff.subject):
        obj.tapped = False


def h_tap_or_untap(ctx: Ctx, eff: ab.TapOrUntap) -> None:
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        choice = game.decider.choose(ctx.controller.name, f"tap or untap {obj.name}",
                                     ["untap", "tap"] if obj.tapped else ["tap", "untap"])
        was = obj.tapped
        obj.tapped = choice == "tap"
        if obj.tapped and not was:
            game.log("tapped", obj=obj)


def h_goad(ctx: Ctx, eff: ab.Goad) -> None:
    goaded = []
    for obj in _objects(ctx, eff.subject):
        obj.goaded.add(ctx.controller.name)
        ctx.game.log("goaded", obj=obj, player=ctx.controller)
        goaded.append(obj)
    if goaded:
        ctx.those = goaded  # "for each creature goaded this way" (608.2c)
        ctx.count = len(goaded)


def h_transform(ctx: Ctx, eff: ab.Transform) -> None:
    from rules_engine.mechanics import day_night

    for obj in _objects(ctx, eff.subject):
        day_night.transform(ctx.game, obj, cause="effect")


def h_delayed(ctx: Ctx, eff: ab.DelayedTrigger) -> None:
    from rules_engine.triggers import Delayed

    if eff.ability is None:
        return
    src = _source_obj(ctx)
    name = src.name if src is not None else "delayed trigger"
    if eff.ability.trigger.event == "reflexive":
        # 603.12: a reflexive triggered ability triggers now ("When you do, ...")
        from rules_engine.triggers import Pending

        event = None
        if ctx.count:  # "that many": what the action it reflects on counted (603.12, 608.2c)
            from rules_engine.events import Event

            event = Event("reflexive", {"count": ctx.count}, ctx.game.turn, ctx.game.step)
        ctx.game.pending_triggers.append(Pending(name, src, ctx.controller, eff.ability.effects,
                                                 ability=eff.ability, event=event))
        return
    # 603.7c: "it" / "them" in a delayed ability mean the objects they meant when it was
    # created (the attacking creature, the tokens just made), followed only in their zone
    from dataclasses import replace

    ability = replace(eff.ability)  # its own record, so the remembered objects are its own
    if eff.ability.trigger is not None and eff.ability.trigger.detail == "that_turn":
        marker = ctx.game.__dict__.get("last_extra_turn_marker")
        if marker is not None:
            ctx.game.__dict__.setdefault("that_turn_delays", []).append((ability, marker))
    # (only for a step trigger, "at end of combat"/"at the beginning of the next end step":
    # an event trigger's "it"/"that spell" is what triggers it, 603.7c's other half)
    timed = eff.ability.trigger is not None and eff.ability.trigger.event == "phase"
    it = [o for o in resolve_ref(ctx, ab.Ref("it")) if isinstance(o, GameObject)] \
        if timed and (ctx.it is not None or ctx.targets or ctx.event is not None) else []
    those = [o for o in ctx.those if isinstance(o, GameObject)] if timed else []
    # (a list searched by identity: a deep-copied game keeps the pairs, not the ids)
    refs = ctx.game.__dict__.setdefault("delayed_refs", [])
    refs.append((ability, [(o, o.timestamp) for o in it], [(o, o.timestamp) for o in those]))
    if len(refs) > 256:
        del refs[0]
    delayed = Delayed(ability, ctx.controller, name, src, ctx.game.turn)
    if getattr(eff, "this_turn", False):
        delayed.once = False
        delayed.this_turn = True
    ctx.game.delayed.append(delayed)


def _remembered(ctx: Ctx, kind: str) -> list[Any] | None:
    """The objects a delayed ability's "it" (or "them") was bound to (603.7c), or None."""
    refs = ctx.game.__dict__.get("delayed_refs")
    ability = getattr(ctx.item, "ability", None)
    if not refs or ability is None:
        return None
    hit = next((r for r in reversed(refs) if r[0] is ability), None)
    if hit is None:
        return None
    pairs = hit[1] if kind == "it" else hit[2]
    if not pairs:
        return None
    return [o for o, stamp in pairs if o.timestamp == stamp]


def _pays(ctx: Ctx, player: Player, cost: Any) -> bool:
    """Whether ``player`` chooses to and can pay ``cost`` now (mana, discard, life; 118.3)."""
    from rules_engine import casting
    from rules_engine.errors import IllegalActionError
    from rules_engine.mana import parse_cost

    game = ctx.game
    parts = list(getattr(cost, "parts", ()))
    mana = parse_cost(cost.mana) if getattr(cost, "mana", "") else None
    if mana is not None and not casting.can_pay(game, player, mana, 0):
        return False
    others = tuple(q for q in parts if q.kind in OTHER_COST_KINDS)
    if any(q.kind not in OTHER_COST_KINDS and q.kind != "mana" for q in parts):
        return False  # a cost this engine can't pay is not paid
    if others and cost_refusal(game, player, _source_obj(ctx), others) is not None:
        return False
    if not game.decider.may(player.name, f"pay {cost.text or 'the cost'}"):
        return False
    try:
        if mana is not None:
            casting.pay_mana(game, player, mana, 0, cost.text or "a cost")
    except IllegalActionError:
        return False
    if others:
        pay_costs(game, player, _source_obj(ctx), others)
    return True


def h_counter(ctx: Ctx, eff: ab.CounterSpell) -> None:
    """701.6; "unless its controller pays X" (ward, 702.21a) asks that player first."""
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "stack" and obj in game.stack:
            if cant_be_countered(game, obj):
                game.log("counter_failed", obj=obj)  # 101.2: "can't" wins
                continue
            if eff.unless_pay is not None and _pays(ctx, obj.controller, eff.unless_pay):
                game.log("counter_cost_paid", obj=obj, player=obj.controller)
                continue
            game.stack.remove(obj)
            obj.zone = "none"
            if isinstance(obj, GameObject) and not obj.spell_copy and not obj.card_copy:
                # 702.34a: a spell cast with flashback is exiled whenever it leaves the stack
                game.move(obj, "exile" if obj.flashback else "graveyard")
            game.log("countered", obj=obj)


def h_add_mana(ctx: Ctx, eff: ab.AddMana) -> None:
    game = ctx.game
    who = ctx.controller
    if eff.player is not None:  # "that player adds ..." (a triggered mana ability, 605.1b)
        who = (_players(ctx, eff.player) or [who])[0]
    pool = who.mana_pool
    n = amount(ctx, eff.amount)
    if eff.produced:
        # "one mana of any type that land produced": the mana of the tap that triggered it
        kind = ctx.event.data.get("mana") if ctx.event is not None else None
        if kind not in tuple("WUBRGC"):
            game.note(f"'{eff.text}': no mana produced to copy the type of")
            return
        pool[kind] = pool.get(kind, 0) + n
        return
    if eff.any_color or eff.one_color:
        color = game.decider.choose(who.name, "mana colour", list("WUBRG"))
        pool[color] = pool.get(color, 0) + n
        return
    added: dict[str, int] = {}
    if eff.choices:
        pick = game.decider.choose(who.name, "mana", list(eff.choices))
        for ch in pick:
            if ch in "WUBRGC":
                added[ch] = added.get(ch, 0) + 1
    else:
        from rules_engine.mana import parse_mana

        added = dict(parse_mana(eff.mana))
    for color, k in added.items():
        pool[color] = pool.get(color, 0) + k
        if eff.retain_until is not None:  # "you don't lose this mana as steps ... end" (500.4)
            who.kept_mana[color] = who.kept_mana.get(color, 0) + k


def h_noop_log(ctx: Ctx, eff: Any) -> None:
    ctx.game.log(type(eff).__name__.lower(), text=getattr(eff, "text", ""))


def h_shuffle(ctx: Ctx, eff: ab.Shuffle) -> None:
    game = ctx.game
    for p in _players(ctx, eff.player):
        for zone in eff.zones:
            for card in list(getattr(p, zone)):
                game.move(card, "library")
        game.shuffle(p)


def h_day_night(ctx: Ctx, eff: ab.SetDayNight) -> None:
    from rules_engine.mechanics import day_night

    day_night.become(ctx.game, eff.to)


def h_toggle(ctx: Ctx, eff: Any) -> None:
    from rules_engine.mechanics import day_night

    day_night.become(ctx.game, "day" if ctx.game.day_night == "night" else "night")


def h_initiative(ctx: Ctx, eff: ab.TakeInitiative) -> None:
    from rules_engine.mechanics import initiative

    for p in _players(ctx, eff.player):
        initiative.take(ctx.game, p)


def h_venture(ctx: Ctx, eff: ab.Venture) -> None:
    from rules_engine.mechanics import initiative

    for p in _players(ctx, eff.player):
        initiative.venture(ctx.game, p, undercity=eff.into.lower() == "undercity")


def h_prepared(ctx: Ctx, eff: ab.BecomePrepared) -> None:
    from rules_engine.mechanics import prepare

    for obj in _objects(ctx, eff.subject):
        if eff.prepared:
            prepare.become_prepared(ctx.game, obj)
        else:
            prepare.become_unprepared(ctx.game, obj)


def h_end_turn(ctx: Ctx, eff: Any) -> None:
    from rules_engine.mechanics import end_turn

    end_turn.end_the_turn(ctx.game)


def h_lose_game(ctx: Ctx, eff: ab.LoseGame) -> None:
    from rules_engine.mechanics import leave_game

    for p in _players(ctx, eff.player):
        leave_game.lose(ctx.game, p, "104.3e: an effect says so")


def h_win_game(ctx: Ctx, eff: ab.WinGame) -> None:
    from rules_engine.mechanics import leave_game

    for p in _players(ctx, eff.player):
        for other in ctx.game.opponents(p):
            leave_game.lose(ctx.game, other, "104.2b: an opponent won")


def h_may(ctx: Ctx, eff: ab.MayEffect) -> None:
    game = ctx.game
    chooser = (_players(ctx, eff.player) or [ctx.controller])[0]
    if game.decider.may(chooser.name, eff.text or "you may"):
        ctx.did = True
        ctx.stopped = False
        run(game, ctx, eff.effects)
        if ctx.stopped:  # a cost in "you may pay ..." could not be paid: they didn't
            ctx.stopped = False
            run(game, ctx, eff.if_you_dont)
            return
        run(game, ctx, eff.if_you_do)
    else:
        run(game, ctx, eff.if_you_dont)


def h_conditional(ctx: Ctx, eff: ab.Conditional) -> None:
    from rules_engine import conditions

    cond = eff.condition
    if cond.kind == "ability_resolved_count":
        # "if this is the second time this ability has resolved this turn"
        holds = _times_resolved(ctx) == (cond.amount.value if cond.amount else 1)
        holds = holds != cond.negated
    elif cond.kind == "did":
        # 608.2c: "If you do" - the previous instruction was carried out
        holds = ((ctx.did or ctx.count > 0) and not ctx.stopped) != cond.negated
    elif cond.kind == "is_a" and cond.subject is not None and cond.subject.kind != "self":
        from rules_engine import conditions as cnd

        found = [o for o in resolve_ref(ctx, cond.subject) if isinstance(o, GameObject)]
        holds = any(cnd._is_a(ctx.game, cond, ctx.controller, o) for o in found) != \
            cond.negated
    elif cond.kind == "mana_spent":
        # "If five or more mana was spent to cast that spell" (601.2h)
        what = "~" if cond.subject is None or cond.subject.kind == "self" else "it"
        spent = spent_on(ctx, _source_obj(ctx), what) or {}
        need = cond.amount.value if cond.amount is not None and cond.amount.value else 1
        holds = (sum(spent.values()) >= need) != cond.negated
    elif cond.kind == "spent_more_than_power_or_toughness":
        # 702.191a (increment): the triggering spell's mana against this creature's P or T
        me = _source_obj(ctx)
        spent = sum((spent_on(ctx, me, "that spell") or {}).values())
        holds = isinstance(me, GameObject) and me.zone == "battlefield" and me.is_creature \
            and (spent > me.power or spent > me.toughness)
        holds = holds != cond.negated
    elif cond.kind == "moved_this_way":
        # "if a creature card was exiled/milled this way": the cards the previous effect moved
        found = any(targeting.matches(ctx.game, o, cond.filter, ctx.controller, None,
                                      zone_check=False) for o in ctx.those)
        holds = found != cond.negated
    else:
        holds = conditions.holds(ctx.game, cond, ctx.controller, _source_obj(ctx))
    if holds:
        run(ctx.game, ctx, eff.effects)
    else:
        run(ctx.game, ctx, eff.otherwise)


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


def h_repeat(ctx: Ctx, eff: ab.Repeat) -> None:
    """"<player> loses 1 life for each card they own in exile ...": the count is taken once,
    before the first repetition (608.2c reads the sentence as one instruction); "they"/"their"
    is the player the repeated effect names."""
    count = eff.count
    text = (count.text or "") if count is not None else ""
    they = _they(text)
    if count is not None and count.value is None and they != text:
        who = next((getattr(e, "player", None) for e in eff.effects
                    if isinstance(getattr(e, "player", None), ab.Ref)), None)
        players = _players(ctx, who) if who is not None else []
        if players:
            n = sum(described_amount(ctx.game, they, p, _source_obj(ctx), ctx) or 0
                    for p in players[:1])
            for _ in range(n):
                run(ctx.game, ctx, eff.effects)
            return
    for _ in range(amount(ctx, eff.count)):
        run(ctx.game, ctx, eff.effects)


class Mode:
    """One mode of a modal spell or ability, answerable by number ("1") or by its text."""

    __slots__ = ("label", "name", "effects", "aliases")

    def __init__(self, index: int, effects: tuple[Any, ...], printed: str = "") -> None:
        self.label = str(index + 1)
        self.name = " ".join(getattr(e, "text", "") for e in effects) or f"mode {index + 1}"
        self.effects = effects
        # the mode as printed on the card (its bullet, with and without a flavor word), which
        # a scenario writer copies from the card
        self.aliases = ()
        if printed:
            body = re.sub(r"^[^—.]{1,40}? — (?=\S)", "", printed)
            self.aliases = tuple(dict.fromkeys((printed.lower(), body.lower())))


def _printed_modes(text: str, count: int) -> list[str]:
    """The bullets of a modal text ("• Target creature becomes prepared."), when there are
    exactly as many as the modes."""
    bullets = [line.lstrip("•").strip() for line in str(text).split("\n")
               if line.lstrip().startswith("•")]
    return bullets if len(bullets) == count else [""] * count


def choose_modes(game: Game, player: Player, effects: tuple[Any, ...]) -> tuple[Any, ...]:
    """601.2b / 603.3c / 700.2: modes are chosen as the spell or ability goes on the stack;
    the effects of the chosen modes replace the Modal record."""
    out: list[Any] = []
    for eff in effects:
        if not isinstance(eff, ab.Modal):
            out.append(eff)
            continue
        printed = _printed_modes(eff.text, len(eff.modes))
        modes = [Mode(i, m, printed[i]) for i, m in enumerate(eff.modes)]
        picks = game.decider.choose_many(player.name, "mode", modes, eff.max_choices)
        for mode in picks or modes[:max(eff.min_choices, 0)]:
            out.extend(mode.effects)
        game.log("modes_chosen", player=player, modes=",".join(m.label for m in picks))
    return tuple(out)


def h_modal(ctx: Ctx, eff: ab.Modal) -> None:
    """Modes not chosen earlier (a Modal nested in another effect) are chosen now."""
    run(ctx.game, ctx, choose_modes(ctx.game, ctx.controller, (eff,)))


def h_restriction(ctx: Ctx, eff: ab.Restriction) -> None:
    """101.2: "can't" effects from resolving spells; only players' casting is modelled."""
    game = ctx.game
    if eff.kind == "cant_cast" and eff.duration is not None:
        for p in _players(ctx, eff.subject):
            game.cant_cast.add(p.name)
            game.log("cant_cast_this_turn", player=p)
        return
    if eff.kind in _OBJECT_RESTRICTIONS:
        # 611.2c: the objects affected are fixed as the effect begins; each carries the
        # restriction as a gained static ability until the duration ends (611.2a-b)
        until = _until(eff.duration, ctx) if eff.duration is not None else "permanent"
        granted = (ab.StaticAbility(effects=(ab.Restriction(kind=eff.kind, subject=ab.Ref("self"),
                                                            filter=eff.filter, text=eff.text),),
                                    text=eff.text),)
        for obj in _objects(ctx, eff.subject):
            if obj.zone == "battlefield":
                obj.mods.append(Mod(abilities=granted, until=until,
                                    timestamp=game.next_timestamp()))
                game.log("restricted", obj=obj, kind=eff.kind)
        return
    if eff.kind == "doesnt_untap_next":
        # 502.3 / 614.10-style: "doesn't untap during its controller's next untap step"
        pending = game.__dict__.setdefault("skip_next_untap", [])
        for obj in _objects(ctx, eff.subject):
            if obj.zone == "battlefield":
                pending.append((obj, obj.timestamp))
                game.log("wont_untap", obj=obj)
        return
    if eff.kind == "cant_be_countered":
        # "Spells you control can't be countered this turn": spells matching the filter
        flt = eff.subject.filter if eff.subject is not None else eff.filter
        game.__dict__.setdefault("uncounterable", []).append((ctx.controller, flt, game.turn))
        return
    if eff.kind == "damage_cant_be_prevented":  # 615.12 / 101.2, this turn
        game.__dict__["no_prevention_turn"] = game.turn
        game.log("damage_cant_be_prevented", player=ctx.controller)
        return
    if eff.kind == "no_max_hand_size":
        for p in _players(ctx, eff.subject):
            p.max_hand_size = 10 ** 6  # 402.2: no maximum hand size
        return
    game.note(f"restriction '{eff.text}' ({eff.kind}) is not enforced by this engine")


# "can't" restrictions on objects that statics.restricted() enforces (combat asks it)
_OBJECT_RESTRICTIONS = frozenset({"cant_block", "cant_be_blocked", "cant_attack",
                                  "cant_be_blocked_by", "attacks_each_combat",
                                  "must_be_blocked", "must_be_blocked_by_all_able",
                                  "blocks_if_able"})


def cant_be_countered(game: Game, spell: Any) -> bool:
    """101.2 / 701.6: "This spell can't be countered" (a static ability working on the stack,
    113.6) and "spells you control can't be countered this turn" from a resolved effect."""
    if isinstance(spell, GameObject):
        for abl in compiled.object_abilities(spell):
            if isinstance(abl, ab.StaticAbility):
                for e in abl.effects:
                    if isinstance(e, ab.Restriction) and e.kind == "cant_be_countered" and \
                            e.subject is not None and e.subject.kind in ("self", "it"):
                        return True
    for controller, flt, turn in game.__dict__.get("uncounterable", ()):
        if turn == game.turn and spell.controller is controller and (
                flt is None or targeting.matches(game, spell, flt, controller, None,
                                                 zone_check=False)):
            return True
    for src in game.battlefield:  # a permanent's "Spells you control can't be countered"
        found = src.face.statics
        if src.mods or src.static_mods:  # gained ones too (613.1f)
            from rules_engine import statics

            found = statics._statics(src)
        if not found or src.phased_out:
            continue
        for abl in found:
            for e in abl.effects:
                if isinstance(e, ab.Restriction) and e.kind == "cant_be_countered" and \
                        e.subject is not None and e.subject.kind == "each" and \
                        targeting.matches(game, spell, e.subject.filter, src.controller, src,
                                          zone_check=False):
                    return True
    return False


def h_cast_permission(ctx: Ctx, eff: ab.CastPermission) -> None:
    """601.3 / 702.8d: "you may cast creature spells as though they had flash" for a duration."""
    if eff.kind != "flash":
        ctx.game.note(f"cast permission '{eff.text}' ({eff.kind}) is not modelled")
        return
    ctx.game.cast_permissions.append((ctx.controller, eff.filter, _until(eff.duration, ctx)))
    ctx.game.log("flash_permission", player=ctx.controller)


def uncopyable(spell: Any) -> bool:
    """113.6g: "This spell can't be copied" works on the stack."""
    for abl in compiled.object_abilities(spell):
        if isinstance(abl, ab.StaticAbility):
            for restriction in abl.effects:
                if isinstance(restriction, ab.Restriction) and \
                        restriction.kind == "cant_be_copied":
                    return True
    return False


def h_copy_spell(ctx: Ctx, eff: ab.CopySpell) -> None:
    """707.10: a copy of a spell is put on the stack (not cast); a copy of a prepare spell is a
    prepare spell (722.3d); the copy keeps the original's targets unless new ones are chosen."""
    game = ctx.game
    for _ in range(amount(ctx, eff.times)):
        for spell in _objects(ctx, eff.subject):
            if spell.zone not in ("stack", "resolving"):
                continue
            if uncopyable(spell):
                game.note(f"{spell.name} can't be copied (113.6g)")
                continue
            copy = GameObject(game.new_id(), spell.card, spell.owner, "stack")
            game.objects_made.append(copy)
            copy.copy_values = spell.face
            copy.spell_copy = True
            game.copies_exist = True
            copy.is_prepare_spell = spell.is_prepare_spell
            copy.controller = ctx.controller
            copy.targets = list(spell.targets)
            copy.choices_made = dict(spell.choices_made)
            copy.x = spell.x
            copy.timestamp = game.next_timestamp()
            if eff.new_targets and spell.targets:
                _new_targets(game, copy, spell, ctx.controller)
            game.stack.append(copy)
            game.log("spell_copied", obj=copy, original=spell, player=ctx.controller)


def h_paradigm_copy(ctx: Ctx, eff: Any) -> None:
    """702.192a: paradigm's delayed trigger (mechanics/paradigm.py)."""
    from rules_engine.mechanics import paradigm

    paradigm.copy_and_cast(ctx.game, ctx.controller, ctx.source)


def _new_targets(game: Game, copy: GameObject, spell: GameObject, player: Player) -> None:
    """707.10c: the copy's controller may choose new targets; any number of them may stay
    unchanged (even if illegal), a changed one must be legal. One "may" question, then one
    choice per target (the current target first among the options: unanswered, it stays)."""
    if not game.decider.may(player.name, f"choose new targets for the copy of {spell.name}"):
        return
    old_map = spell.choices_made.get("target_map", {}) or {}
    stamps = dict((id(o), (o, t)) for o, t in spell.choices_made.get("target_stamps", []))
    new_map: dict[Any, list[Any]] = {}
    chosen: list[Any] = []
    for target, objs in old_map.items():
        for current in objs:
            legal = [o for o in targeting.candidates(game, target, player, copy)
                     if o is not current and o not in chosen]
            pick = game.decider.choose(player.name, f"new target for the copy of {spell.name} "
                                                    f"({target.text or target.kind})",
                                       [current] + legal)
            chosen.append(pick)
            new_map.setdefault(target, []).append(pick)
    copy.targets = chosen
    copy.choices_made = dict(spell.choices_made)
    copy.choices_made["target_map"] = new_map
    copy.choices_made["target_stamps"] = [
        stamps[id(o)] if id(o) in stamps and o in spell.targets else (o, o.timestamp)
        for o in chosen if isinstance(o, GameObject)]
    game.log("copy_targets_chosen", obj=copy, player=player)


def h_replacement(ctx: Ctx, eff: ab.ReplacementEffect) -> None:
    """614.1c / 614.12: "each creature you control enters with an additional +1/+1 counter"
    for a duration; other replacement effects from resolving abilities are reported."""
    if eff.event in ("enters", "enter") and eff.duration is not None:
        ctx.game.enter_effects.append((ctx.controller, eff.subject, tuple(eff.instead),
                                       _until(eff.duration, ctx)))
        ctx.game.log("enter_replacement_created", player=ctx.controller)
        return
    if eff.event in _ZONE_EVENTS and _instead_zone(eff) is not None:
        # 614.1a: "If that creature would die this turn, exile it instead" - a shield on the
        # objects named now, applied by zone_change_replacement when they would move
        shields = ctx.game.__dict__.setdefault("zone_replacements", [])
        turn = ctx.game.turn if eff.duration is not None else None
        for obj in _objects(ctx, eff.subject):
            shields.append((obj, obj.timestamp, eff.event, _instead_zone(eff), turn))
            ctx.game.log("replacement_created", obj=obj, event=eff.event)
        return
    ctx.game.note(f"replacement effect '{eff.text}' ({eff.event}) is not run by this engine")


_ZONE_EVENTS = frozenset({"dies", "put_into_graveyard", "leaves_battlefield"})


def _instead_zone(eff: Any) -> str | None:
    """The zone a zone-change replacement sends the object to instead (exile, for now)."""
    for e in eff.instead:
        if isinstance(e, ab.Exile):
            return "exile"
        if isinstance(e, ab.MoveToZone) and e.to_zone in ("hand", "library", "exile"):
            return e.to_zone
    return None


def _own_replacements(obj: GameObject) -> tuple[Any, ...]:
    """The object's own "If ~ would be put into a graveyard from anywhere, exile it instead"
    (static abilities that work in every zone, 614.1a, 113.6b), cached on the face."""
    face = obj.face
    hit = face.zone_replacements
    if hit is not None and not obj.mods:
        return hit
    if face.abilities is None and "would" not in (face.oracle_text or "") and not obj.mods:
        # (no "If ~ would ..." in its text: don't compile a card just to learn that)
        face.zone_replacements = ()
        return ()
    found = tuple(e for a in compiled.object_abilities(obj) if isinstance(a, ab.StaticAbility)
                  for e in a.effects if isinstance(e, ab.ReplacementEffect)
                  and e.event in _ZONE_EVENTS and e.subject is not None
                  and e.subject.kind in ("self", "it") and _instead_zone(e) is not None)
    if not obj.mods:
        face.zone_replacements = found
    return found


def zone_change_replacement(game: Game, obj: GameObject, from_zone: str, to_zone: str) -> str:
    """614.1a, 614.6: where ``obj`` goes instead of ``to_zone``: its own static "If ~ would be
    put into a graveyard from anywhere, exile it instead" (disturb's back faces, 702.146) and
    shields from resolved effects ("If that creature would die this turn, exile it instead").
    Cheap when neither exists. Game.move is asked to call this before moving anything."""
    face = obj.face
    if (from_zone == "battlefield" or to_zone == "graveyard") and game.battlefield:
        for src, eff in _other_replacers(game):
            if src is obj or not _event_matches(eff.event, obj, from_zone, to_zone):
                continue
            if eff.subject is not None and not targeting.matches(
                    game, obj, eff.subject.filter, src.controller, src, zone_check=False):
                continue
            instead = _instead_zone(eff)
            # 614.1a/614.6: the modified event; its other parts ("and put a hit counter on
            # it") happen to the object in its new zone (Game.move calls after_zone_change)
            extra = tuple(e for e in eff.instead if isinstance(e, ab.PutCounters))
            if extra:
                game.__dict__.setdefault("after_move", []).append((obj, extra, src))
            game.log("zone_change_replaced", obj=obj, to=instead, by=src)
            return instead or to_zone
    if face is not None and face.zone_replacements == () and not obj.mods:
        d = game.__dict__
        if not d.get("zone_replacements") and not d.get("entered_as_copy"):
            return to_zone  # the usual case: nothing can replace this move
    copies = game.__dict__.get("entered_as_copy")
    if copies and from_zone == "battlefield":
        for i, (o, stamp) in enumerate(copies):
            if o is obj and stamp == obj.timestamp:
                del copies[i]
                obj.copy_values = None  # 400.7: it becomes a new object, no longer a copy
                break
    own = _own_replacements(obj) if obj.card is not None or obj.copy_values is not None else ()
    shields = game.__dict__.get("zone_replacements")
    if not own and not shields:
        return to_zone
    for eff in own:
        if _event_matches(eff.event, obj, from_zone, to_zone):
            game.log("zone_change_replaced", obj=obj, to=_instead_zone(eff))
            return _instead_zone(eff) or to_zone
    for i, (o, stamp, event, instead, turn) in enumerate(shields or ()):
        if o is obj and stamp == obj.timestamp and (turn is None or turn == game.turn) and \
                _event_matches(event, obj, from_zone, to_zone):
            del shields[i]
            game.log("zone_change_replaced", obj=obj, to=instead)
            return instead
    return to_zone


def _other_replacers(game: Game) -> list[tuple[GameObject, Any]]:
    """Static zone-change replacements of permanents about other objects ("If a creature an
    opponent controls would die, instead exile it ..."), cached until abilities change
    (objects.ABILITY_CHANGES moves on every battlefield entry/exit and new Mod)."""
    from rules_engine import statics
    from rules_engine.objects import ABILITY_CHANGES

    cached = game.__dict__.get("_other_replacers")
    stamp = (ABILITY_CHANGES[0], len(game.battlefield))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    found = []
    for src in game.battlefield:
        if src.phased_out:
            continue
        for abl in statics._statics(src):
            for eff in abl.effects:
                if other_zone_replacement(eff):
                    found.append((src, eff))
    game.__dict__["_other_replacers"] = (stamp, found)
    return found


def other_zone_replacement(eff: Any) -> bool:
    """A static replacement of a permanent's zone change about objects it describes."""
    return isinstance(eff, ab.ReplacementEffect) and eff.event in _ZONE_EVENTS and \
        eff.duration is None and eff.subject is not None and \
        eff.subject.kind in ("chosen", "each") and eff.subject.filter is not None and \
        _instead_zone(eff) is not None


def after_zone_change(game: Game, obj: GameObject) -> None:
    """The rest of a replaced zone change (614.1a "instead exile it and put a hit counter on
    it"): counters put on the object in its new zone, logged. Game.move calls this after the
    object has moved; nothing waits in the usual case."""
    waiting = game.__dict__.get("after_move")
    if not waiting:
        return
    for i, (o, extra, _src) in enumerate(waiting):
        if o is obj:
            del waiting[i]
            for e in extra:
                n = int(e.amount.value) if e.amount is not None and \
                    e.amount.value is not None else 1
                obj.counters[e.counter] = obj.counters.get(e.counter, 0) + n
                game.log("counters_put", obj=obj, counter=e.counter, amount=n)
            return


def _event_matches(event: str, obj: GameObject, from_zone: str, to_zone: str) -> bool:
    if event == "dies":  # 700.4: put into a graveyard from the battlefield, as a creature
        return from_zone == "battlefield" and to_zone == "graveyard" and obj.is_creature
    if event == "put_into_graveyard":
        return to_zone == "graveyard"
    if event == "leaves_battlefield":
        return from_zone == "battlefield" and to_zone != "battlefield"
    return False


def h_attach(ctx: Ctx, eff: ab.Attach) -> None:
    """701.3: attach an Aura/Equipment to an object, or a Curse to a player."""
    game = ctx.game
    to_ref = eff.to
    if to_ref is not None and to_ref.kind in ("chosen", "chosen_one"):
        wants_player = to_ref.filter is not None and "player" in (to_ref.filter.text or "")
        options: list[Any] = list(game.apnap()) if wants_player else [
            o for o in game.permanents()
            if targeting.matches(game, o, to_ref.filter, ctx.controller, None)]
        pick = game.decider.choose(ctx.controller.name, f"what to attach to ({to_ref.text})",
                                   options)
        targets = [pick] if pick is not None else []
    else:
        targets = resolve_ref(ctx, to_ref)
    if not targets:
        return
    to = targets[0]
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield" and can_attach(game, obj, to):
            obj.attached_to = to
            game.log("attached", obj=obj, to=to)


def can_attach(game: Game, obj: GameObject, to: Any) -> bool:
    """701.3b: an Aura, Equipment or Fortification doesn't move to an object it can't be
    attached to: an Equipment only to a creature (301.5c), never to itself (301.5c, 303.4d),
    nor to a permanent with protection from it (702.16c-d); an Aura only to what its enchant
    ability allows (303.4a, checked as a target filter)."""
    if to is obj:
        return False
    if isinstance(to, GameObject):
        if to.zone != "battlefield" or to.phased_out:
            return False
        if obj.has_type("Creature") and "Equipment" in obj.face.subtypes:
            return False  # 301.5c: an Equipment that's also a creature can't equip (no reconfigure)
        if "Equipment" in obj.face.subtypes and not to.is_creature:
            return False
        if targeting.protected_from(game, to, obj):
            return False
    return True


def h_prevent(ctx: Ctx, eff: ab.PreventDamage) -> None:
    """615.1 / 615.7: "Prevent all [combat] damage that would be dealt [to X] [by Y] this turn"
    and "Prevent the next N damage that would be dealt to X this turn" become shields that the
    damage code applies; a shield for "each ..." matches its filter at the time of damage."""
    from rules_engine.combat import Shield, add_shield

    to: list[Any] | None = None
    flt = None
    if eff.to is not None:
        if eff.to.kind == "each":
            flt = eff.to.filter
        else:
            to = resolve_ref(ctx, eff.to)
            if not to:
                return  # its only target is gone (608.2b) or nothing is named
    by = resolve_ref(ctx, eff.by) if eff.by is not None else None
    if eff.by is not None and not by:
        return
    remaining = amount(ctx, eff.amount) if eff.amount is not None else None
    add_shield(ctx.game, Shield(to, flt, by, remaining, eff.combat_only, ctx.game.turn,
                                ctx.controller))


def h_set_class_level(ctx: Ctx, eff: Any) -> None:
    """716.2a-c: a Class's level ability gives it the new level; its abilities gated "level N+"
    apply from then on (statics look at conditions.class_level), and "When this Class becomes
    level N" triggers now (716.2c)."""
    from rules_engine import conditions
    from rules_engine.triggers import Pending

    game = ctx.game
    obj = _source_obj(ctx)
    if not isinstance(obj, GameObject) or obj.zone != "battlefield":
        return
    if conditions.class_level(game, obj) >= eff.level:
        return
    game.__dict__.setdefault("class_levels", []).append((obj, obj.timestamp, eff.level))
    game.log("class_level_gained", obj=obj, level=eff.level)
    for abl in _class_triggers(obj):
        trig = abl.trigger
        if trig.ordinal in (None, eff.level):
            game.pending_triggers.append(Pending(obj.name, obj, obj.controller, abl.effects,
                                                 ability=abl))


def _class_triggers(obj: GameObject) -> list[Any]:
    """Triggered abilities "When this Class becomes level N", printed or behind a level bar."""
    found = []
    for a in compiled.object_abilities(obj):
        pool = [a]
        if isinstance(a, ab.StaticAbility):
            pool = [g for e in a.effects if isinstance(e, ab.GrantAbility) for g in e.abilities]
        found += [g for g in pool if isinstance(g, ab.TriggeredAbility)
                  and g.trigger.event == "class_level"]
    return found


def h_choose_target(ctx: Ctx, eff: Any) -> None:
    """"Choose target creature." - the target was chosen as the spell was cast (601.2c); the
    following effects call it "it"/"that creature"."""
    found = resolve_ref(ctx, eff.subject)
    if found:
        ctx.it = found[-1]


def h_roll_die(ctx: Ctx, eff: Any) -> None:
    """706.1-706.2: roll an N-sided die and do what the result's row says. The result is random
    (the game's seeded generator); a script may fix it with a number as the next answer."""
    game = ctx.game
    player = (_players(ctx, eff.player) or [ctx.controller])[0]
    queue = game.decider.queues.get(player.name)
    if queue and isinstance(queue[0], int) and not isinstance(queue[0], bool) and \
            1 <= queue[0] <= eff.sides:
        result = queue.popleft()
    else:
        result = game.rng.randint(1, eff.sides)
    game.log("die_rolled", player=player, sides=eff.sides, result=result)
    ctx.count = result
    for low, high, row in eff.results:
        if low <= result <= (high if high is not None else low):
            run(game, ctx, row)
            return


def h_reveal_until(ctx: Ctx, eff: Any) -> None:
    """701.20: reveal cards from the top of the library until ``amount`` cards matching the
    filter are revealed (or the library runs out). They stay in the library until later
    instructions move them: "that card" is the last match, "the rest" the other cards."""
    game = ctx.game
    for p in _players(ctx, eff.player) or [ctx.controller]:
        want = amount(ctx, eff.amount)
        revealed: list[Any] = []
        matched: list[Any] = []
        for card in list(p.library):
            if len(matched) >= want:
                break
            revealed.append(card)
            if targeting.matches(game, card, eff.filter, p, None, zone_check=False):
                matched.append(card)
        ctx.those = revealed
        ctx.chosen = matched
        ctx.count = len(matched)
        ctx.it = matched[-1] if matched else None
        game.log("revealed", player=p, count=len(revealed))


def h_put_counters_of(ctx: Ctx, eff: Any) -> None:
    """122.1 / 608.2h: "put its counters on target creature": each kind of counter the source
    had (its last known information when it has left the battlefield) on the subject."""
    game = ctx.game
    counts: dict[str, int] = {}
    sources = resolve_ref(ctx, eff.source)
    if eff.source is not None and eff.source.kind == "it" and ctx.it is None:
        # "put its counters on target creature": "its" comes before the target it would
        # otherwise stand for, so it is the triggering object (or the source itself)
        trig = _triggering(ctx)
        sources = [trig] if trig is not None else [_source_obj(ctx)]
    for src in sources:
        if isinstance(src, GameObject) and src.zone == "battlefield":
            counts = dict(src.counters)
            break
        lki = _lki_of(ctx, src)
        if lki is not None:
            counts = dict(getattr(lki, "counters", None) or {})
            break
    if not any(counts.values()):
        return
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield":
            continue
        for kind, n in counts.items():
            if n > 0:
                obj.counters[kind] = obj.counters.get(kind, 0) + n
                game.log("counters_put", obj=obj, counter=kind, amount=n)


def _lki_of(ctx: Ctx, obj: Any) -> Any:
    """Last known information of ``obj`` from the event that triggered this ability."""
    ev = ctx.event
    if ev is not None and ev.data.get("obj") is obj:
        return ev.data.get("lki")
    return None


def h_enter_as_copy(ctx: Ctx, eff: Any) -> None:
    """707.2 / 614.1c: "You may have ~ enter as a copy of a creature ...": as it enters, its
    controller chooses an object matching the filter; the permanent's copiable values
    become that object's (707.9 exceptions in words are not applied here). It stops being a
    copy when it leaves the battlefield (zone_change_replacement resets it)."""
    game = ctx.game
    obj = _source_obj(ctx)
    if not isinstance(obj, GameObject):
        return
    options = [o for o in game.permanents() if o is not obj and
               targeting.matches(game, o, eff.filter, ctx.controller, obj)]
    if not options:
        return
    # ("you may" is the MayEffect around this record: answered yes, then the choice)
    pick = game.decider.choose(ctx.controller.name, f"what {obj.name} enters as a copy of",
                               options)
    if pick is None:
        return
    face, _card = copy_face_of(ctx, pick, ab.TokenSpec())
    obj.copy_values = face
    game.__dict__.setdefault("entered_as_copy", []).append((obj, obj.timestamp))
    game.log("entered_as_copy", obj=obj, original=pick)


def h_conjure(ctx: Ctx, eff: Any) -> None:
    """Conjure (digital-only cards, no CR rule): create a card by name from the card pool in
    the player's hand/library/graveyard, or put it onto the battlefield. The card is owned by
    the player and is a card, not a token."""
    from rules_engine import permanents

    game = ctx.game
    try:
        card = game.card_def(eff.name)
    except Exception:  # noqa: BLE001 - a name the card pool doesn't have
        card = None
    if card is None:
        game.note(f"conjure: no card named {eff.name!r} in the card pool")
        return
    made = []
    for p in _players(ctx, getattr(eff, "player", None) or ab.Ref("you")) or [ctx.controller]:
        for _ in range(amount(ctx, eff.amount)):
            zone = eff.zone if eff.zone in ("hand", "graveyard", "exile", "library") else "hand"
            obj = game.new_object(card, p, "hand" if eff.zone == "battlefield" else zone)
            if eff.zone == "battlefield":
                permanents.enter_battlefield(game, obj, p)
            made.append(obj)
            game.log("conjured", player=p, obj=obj)
        if made and made[-1].owner is p:
            # "Whenever you conjure one or more cards" triggers once per conjure (603.2c-like
            # batch: one event for the cards one player conjured by this effect)
            game.log("cards_conjured", player=p, count=sum(o.owner is p for o in made))
    ctx.those = made
    if made:
        ctx.it = made[-1]


def h_lose_ability(ctx: Ctx, eff: Any) -> None:
    """613.1f: "loses flying / all abilities [until end of turn]": a modification in timestamp
    order; compiled.object_abilities and has_keyword leave the lost abilities out. (A static
    ability lost this way still applies: statics.py reads the face's own list.)"""
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            obj.mods.append(Mod(abilities=(eff,), until=_until(eff.duration, ctx),
                                timestamp=game.next_timestamp()))
            game.log("lost_abilities", obj=obj, text=eff.text)


def h_become_copy(ctx: Ctx, eff: ab.BecomeCopy) -> None:
    """707.2 / 613.2a (layer 1a): "<permanent> becomes a copy of <object> [until end of turn]":
    it takes that object's copiable values (what the object is copying, 707.3, never its
    non-copy modifications, counters or status), including the existence of a prepare spell
    (722.2b, kept as the copied card); designations such as prepared are not copied. It
    stays the same object (707.4: no enters or leaves-the-battlefield triggers)."""
    game = ctx.game
    originals = [o for o in _objects(ctx, eff.of) if isinstance(o, GameObject)]
    if not originals:
        return
    original = originals[0]
    face, _card = copy_face_of(ctx, original, ab.TokenSpec())
    source_card = copy_source_card(original)
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield" or obj is original:
            continue
        obj.mods.append(Mod(copy_face=face, copy_card=source_card,
                            until=_until(eff.duration, ctx), timestamp=game.next_timestamp()))
        obj.refresh_face()
        game.log("became_copy", obj=obj, original=original)


def copy_source_card(obj: GameObject) -> Any:
    """The card whose values ``obj`` has now (707.2): the latest "becomes a copy" effect's, else
    its own card (a token copy is made with the original's card)."""
    latest = None
    for m in obj.mods:
        if m.copy_face is not None and (latest is None or m.timestamp >= latest.timestamp):
            latest = m
    return latest.copy_card if latest is not None else obj.card


def h_next_spell_alternative(ctx: Ctx, eff: ab.NextSpellAlternativeCost) -> None:
    """118.9: the controller's next spell this turn may be cast by paying life equal to its
    mana value rather than its mana cost (casting.next_spell_alternative offers it)."""
    game = ctx.game
    game.__dict__.setdefault("next_spell_alternatives", []).append(
        (ctx.controller, game.turn, eff.payment))
    game.log("alternative_cost_offered", player=ctx.controller, text=eff.text)


def h_set_types(ctx: Ctx, eff: ab.SetTypes) -> None:
    """"Until end of turn, target creature is a Treasure artifact with '...' and loses all
    other abilities": one modification over layers 4-6 (613.6), timestamp order (613.7b).
    Static ones are applied by statics.apply."""
    game = ctx.game
    colors = None
    if eff.colors is not None:
        colors = tuple(_COLOR_LETTERS.get(c.lower(), c) for c in eff.colors
                       if c.lower() != "colorless")
    lost = (ab.LoseAbility(subject=eff.subject, all_abilities=True, duration=None,
                           text=eff.text),) if eff.lose_abilities else ()
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            obj.mods.append(Mod(abilities=lost + tuple(eff.abilities), set_types=eff.card_types,
                                subtypes=eff.subtypes or None, colors=colors,
                                until=_until(eff.duration, ctx),
                                timestamp=game.next_timestamp()))
            game.log("types_set", obj=obj, text=eff.text)


def h_reveal(ctx: Ctx, eff: Any) -> None:
    ctx.game.log("revealed", text=getattr(eff, "text", ""))


def h_additional_phase(ctx: Ctx, eff: Any) -> None:
    """500.8: "After this phase, there is an additional combat phase [followed by an
    additional main phase]" (mechanics/extra_phases.py)."""
    from rules_engine.mechanics import extra_phases

    extra_phases.add(ctx.game, tuple(eff.phases))


def h_create_emblem(ctx: Ctx, eff: Any) -> None:
    """114.2: "[Player] gets an emblem with [ability]" (mechanics/emblems.py)."""
    from rules_engine.mechanics import emblems

    src = _source_obj(ctx)
    name = getattr(src, "name", None) if isinstance(src, GameObject) else None
    for player in _players(ctx, eff.player):
        emblems.create(ctx.game, player, eff.abilities, source_name=name)


HANDLERS: dict[type, Any] = {
    ab.UnsupportedEffect: h_unsupported, ab.Draw: h_draw, ab.Discard: h_discard,
    ab.Mill: h_mill, ab.Scry: h_scry, ab.Surveil: h_scry, ab.SearchLibrary: h_search,
    ab.LookAtTop: h_look, ab.GainLife: h_gain, ab.LoseLife: h_lose, ab.DealDamage: h_damage,
    ab.Fight: h_fight, ab.ModifyPT: h_pump, ab.SetBasePT: h_set_pt, ab.GrantAbility: h_grant,
    ab.Animate: h_animate, ab.PutCounters: h_counters, ab.RemoveCounters: h_remove_counters,
    ab.CreateToken: h_token, ab.Destroy: h_destroy, ab.Exile: h_exile, ab.MoveToZone: h_move,
    ab.Sacrifice: h_sacrifice, ab.Tap: h_tap, ab.Untap: h_untap, ab.TapOrUntap: h_tap_or_untap,
    ab.Goad: h_goad, ab.Transform: h_transform, ab.DelayedTrigger: h_delayed,
    ab.CounterSpell: h_counter, ab.AddMana: h_add_mana, ab.Reveal: h_reveal,
    ab.Shuffle: h_shuffle, ab.SetDayNight: h_day_night, ab.ToggleDayNight: h_toggle,
    ab.TakeInitiative: h_initiative, ab.Venture: h_venture, ab.BecomePrepared: h_prepared,
    ab.EndTurn: h_end_turn, ab.LoseGame: h_lose_game, ab.WinGame: h_win_game,
    ab.MayEffect: h_may, ab.Conditional: h_conditional, ab.Repeat: h_repeat,
    ab.Modal: h_modal, ab.Restriction: h_restriction, ab.CastPermission: h_cast_permission,
    ab.CopySpell: h_copy_spell, ab.ReplacementEffect: h_replacement, ab.Attach: h_attach,
    ab.PreventDamage: h_prevent, ab.SetTypes: h_set_types,
    ab.BecomeCopy: h_become_copy, ab.NextSpellAlternativeCost: h_next_spell_alternative,
}


def h_end_combat(ctx: Ctx, eff: Any) -> None:
    from rules_engine.mechanics import end_turn

    end_turn.end_the_combat(ctx.game)


def h_extra_turn(ctx: Ctx, eff: Any) -> None:
    """500.7: an extra turn directly after this one (the most recent is taken first)."""
    game = ctx.game
    for p in _players(ctx, getattr(eff, "player", None) or ab.Ref("you")):
        game.extra_turns.append(p)
        # a marker for "that turn" (a delayed trigger of the same effect, 603.7): kept in step
        # with game.extra_turns; turn.py reports which extra turn starts (extra_turn_taken)
        marker = ("extra turn", game.new_id())
        markers = game.__dict__.setdefault("extra_turn_markers", [])
        while len(markers) < len(game.extra_turns) - 1:
            markers.insert(0, None)  # extra turns added some other way have no marker
        markers.append(marker)
        game.__dict__["last_extra_turn_marker"] = marker
        game.log("extra_turn_added", player=p)


def extra_turn_taken(game: Game) -> Any:
    """For turn.py, right after it pops game.extra_turns: the marker of that extra turn."""
    markers = game.__dict__.get("extra_turn_markers")
    if not markers or len(markers) <= len(game.extra_turns):
        return None
    return markers.pop()


def turn_started(game: Game, marker: Any) -> None:
    """For turn.py, as a turn starts: the marker of the extra turn it is (None for any other
    turn, and for an extra turn that was skipped, 614.10)."""
    game.__dict__["current_turn_marker"] = marker


def that_turn_matches(game: Game, ability: Any) -> bool:
    """For triggers.py's Trigger detail 'that_turn' ("At the beginning of that turn's end
    step", 603.7): whether the turn now is the extra turn created with this delayed ability."""
    current = game.__dict__.get("current_turn_marker")
    if current is None:
        return False
    for abl, marker in game.__dict__.get("that_turn_delays", ()):
        if abl is ability:
            return marker == current
    return False


def h_pay_cost(ctx: Ctx, eff: Any) -> None:
    """118.1: pay a cost during resolution (mana from the pool, then lands); unpaid = not done."""
    from rules_engine import casting
    from rules_engine.errors import IllegalActionError
    from rules_engine.mana import parse_cost

    game = ctx.game
    if getattr(eff, "times", None) == "any":
        _pay_any_number(ctx, eff)
        return
    parts = tuple(getattr(eff.cost, "parts", ()))
    others = tuple(q for q in parts if q.kind in OTHER_COST_KINDS)
    unknown = [q for q in parts if q.kind not in OTHER_COST_KINDS and q.kind != "mana"]
    for p in _players(ctx, eff.player):
        src = _source_obj(ctx)
        why = cost_refusal(game, p, src, others) if others else None
        if why is not None or unknown:
            ctx.stopped = True  # 118.3: a cost that can't be paid isn't paid
            game.note(f"{p.name} can't pay {eff.cost.text}: {why or 'not supported'}")
            continue
        try:
            casting.pay_mana(game, p, parse_cost(eff.cost.mana), 0, eff.text or "a cost")
        except IllegalActionError:
            ctx.stopped = True
            game.note(f"{p.name} can't pay {eff.cost.text or eff.cost.mana}")
            continue
        if others:
            paid = pay_costs(game, p, src, others)
            ctx.those = paid or ctx.those
        ctx.did = True


def _pay_any_number(ctx: Ctx, eff: Any) -> None:
    """"You may pay {1}{G} any number of times" (118.1): one "may" question per payment until
    the player stops or can't pay; ``ctx.count`` is the number of payments (the reflexive
    "When you pay this cost one or more times" reads it as "that many", 603.12)."""
    from rules_engine import casting
    from rules_engine.errors import IllegalActionError
    from rules_engine.mana import parse_cost

    game = ctx.game
    cost = parse_cost(eff.cost.mana or "")
    times = 0
    for p in _players(ctx, eff.player)[:1]:
        while casting.can_pay(game, p, cost, 0) and game.decider.may(
                p.name, f"pay {eff.cost.mana} (paid {times} time(s) so far; any number of times)"):
            try:
                casting.pay_mana(game, p, cost, 0, eff.text or "a cost")
            except IllegalActionError:
                break
            times += 1
        if times:
            game.log("cost_paid", player=p, count=times)
    ctx.count = times
    ctx.did = times > 0


def h_monarch(ctx: Ctx, eff: Any) -> None:
    """725.1: the monarch designation (kept apart from the initiative, 726)."""
    for p in _players(ctx, eff.player):
        ctx.game.monarch = p
        ctx.game.log("became_monarch", player=p)


def h_gain_control(ctx: Ctx, eff: Any) -> None:
    """613.2 (layer 2): change of control; "until end of turn" reverts in the cleanup step."""
    new = (_players(ctx, eff.player) or [ctx.controller])[0]
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield":
            continue
        if eff.duration is not None and _until(eff.duration, ctx) == "eot":
            ctx.game.control_reverts.append((obj, obj.controller))
        obj.controller = new
        obj.sick = True
        ctx.game.log("control_changed", obj=obj, player=new)


def h_keyword_action(ctx: Ctx, eff: Any) -> None:
    """701 keyword actions the engine knows; others are reported."""
    name = eff.name.lower()
    game = ctx.game
    if name == "phase out":
        from rules_engine.mechanics import phasing

        for obj in _objects(ctx, eff.subject):
            phasing.phase_out(game, obj)
        return
    if name == "investigate":
        face, card = predefined_token(game, "clue")
        for p in _players(ctx, eff.subject) or [ctx.controller]:
            game.create_token(p, face, card=card)
        return
    handler = _KEYWORD_ACTIONS.get(name)
    if handler is not None:
        handler(ctx, eff)
        return
    game.note(f"keyword action '{eff.name}' is not run by this engine")


def _ka_proliferate(ctx: Ctx, eff: Any) -> None:
    """701.34a: choose any number of permanents and/or players with counters; each gets one
    more counter of each kind it already has. Unanswered (and for a policy): the
    controller's own permanents and every opponent with counters (the usual choice)."""
    game = ctx.game
    p = ctx.controller
    options = [o for o in game.permanents() if any(n > 0 for n in o.counters.values())]
    poisoned = [q for q in game.living if _poison_of(game, q) > 0]
    queue = game.decider.queues.get(p.name)
    if queue:
        chosen = _any_number(game, p.name, "permanents and players to proliferate",
                             options + poisoned)
    else:
        chosen = [o for o in options if o.controller is p and not any(
            k == "-1/-1" and n > 0 for k, n in o.counters.items())] + \
            [q for q in poisoned if q is not p]
    for x in chosen:
        if isinstance(x, GameObject):
            for kind, n in list(x.counters.items()):
                if n > 0:
                    x.counters[kind] = n + 1
                    game.log("counters_put", obj=x, counter=kind, amount=1)
        else:
            from rules_engine.combat import _poison

            _poison(game, x, 1)
    game.log("proliferated", player=p, count=len(chosen))


def _poison_of(game: Game, player: Player) -> int:
    return game.__dict__.get("poison_counters", {}).get(player.name, 0)


def _ka_learn(ctx: Ctx, eff: Any) -> None:
    """701.48a: you may discard a card; if you do, draw a card. (Lesson cards from outside the
    game are not modelled: a game here has no sideboard.)"""
    game = ctx.game
    for p in _players(ctx, eff.subject) or [ctx.controller]:
        if p.hand and game.decider.may(p.name, "learn: discard a card to draw a card"):
            card = game.decider.choose(p.name, "card to discard (learn)", list(p.hand))
            if card is not None:
                game.move(card, "graveyard")
                game.log("discarded", player=p, obj=card)
                game.draw(p, 1)
        game.log("learned", player=p)


def _designated(game: Game, key: str, obj: GameObject) -> bool:
    return any(o is obj and t == obj.timestamp for o, t in game.__dict__.get(key, ()))


def _ka_monstrosity(ctx: Ctx, eff: Any) -> None:
    """701.37a: if this permanent isn't monstrous, put N +1/+1 counters on it and it becomes
    monstrous (701.37b: a designation kept until it leaves the battlefield)."""
    game = ctx.game
    n = amount(ctx, eff.amount, 0)
    for obj in [_source_obj(ctx)] if eff.subject is None or eff.subject.kind == "you" \
            else _objects(ctx, eff.subject):
        if not isinstance(obj, GameObject) or obj.zone != "battlefield" or \
                _designated(game, "monstrous", obj):
            continue
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + n
        game.__dict__.setdefault("monstrous", []).append((obj, obj.timestamp))
        game.log("became_monstrous", obj=obj, amount=n)


def _ka_adapt(ctx: Ctx, eff: Any) -> None:
    """701.46a: if this permanent has no +1/+1 counters on it, put N +1/+1 counters on it."""
    n = amount(ctx, eff.amount, 0)
    obj = _source_obj(ctx)
    if isinstance(obj, GameObject) and obj.zone == "battlefield" and \
            not obj.counters.get("+1/+1", 0):
        obj.counters["+1/+1"] = n
        ctx.game.log("adapted", obj=obj, amount=n)


def _ka_bolster(ctx: Ctx, eff: Any) -> None:
    """701.39a: N +1/+1 counters on a creature you control with the least toughness."""
    game = ctx.game
    mine = [o for o in game.permanents(ctx.controller) if o.is_creature]
    if not mine:
        return
    least = min(o.toughness for o in mine)
    pick = game.decider.choose(ctx.controller.name, "creature to bolster",
                               [o for o in mine if o.toughness == least])
    n = amount(ctx, eff.amount, 0)
    pick.counters["+1/+1"] = pick.counters.get("+1/+1", 0) + n
    game.log("bolstered", obj=pick, amount=n)


def _ka_connive(ctx: Ctx, eff: Any) -> None:
    """701.50a: draw a card, then discard a card; a nonland discard puts a +1/+1 counter on
    the conniving permanent."""
    game = ctx.game
    objs = [o for o in resolve_ref(ctx, eff.subject) if isinstance(o, GameObject)] \
        if eff.subject is not None and eff.subject.kind != "you" else [_source_obj(ctx)]
    for obj in objs:
        if not isinstance(obj, GameObject):
            continue
        p = obj.controller
        game.draw(p, 1)
        card = game.decider.choose(p.name, "card to discard (connive)", list(p.hand))
        if card is not None:
            game.move(card, "graveyard")
            game.log("discarded", player=p, obj=card)
            if not card.is_land and obj.zone == "battlefield":
                obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + 1
        game.log("connived", obj=obj)


def _ka_regenerate(ctx: Ctx, eff: Any) -> None:
    """701.19a: a regeneration shield for this turn (used by :func:`regenerate`)."""
    game = ctx.game
    subject = eff.subject if eff.subject is not None and eff.subject.kind != "you" \
        else ab.Ref("self")
    shields = game.__dict__.setdefault("regeneration", [])
    for obj in _objects(ctx, subject):
        if obj.zone == "battlefield":
            shields.append((obj, obj.timestamp, game.turn))
            game.log("regeneration_shield", obj=obj)


def regenerate(game: Game, obj: GameObject) -> bool:
    """701.19a: if ``obj`` has a regeneration shield this turn, use it instead of destroying
    it: remove all damage, tap it, remove it from combat. True when it was regenerated."""
    shields = game.__dict__.get("regeneration")
    if not shields:
        return False
    for i, (o, stamp, turn) in enumerate(shields):
        if o is obj and stamp == obj.timestamp and turn == game.turn:
            del shields[i]
            obj.damage = 0
            obj.deathtouch_damage = False
            obj.tapped = True
            if obj.attacking is not None or obj.blocking:  # 506.4
                for att in obj.blocking:
                    if obj in att.blockers:
                        att.blockers.remove(obj)
                obj.attacking = None
                obj.blocking = []
            game.log("regenerated", obj=obj)
            return True
    return False


def _ka_saddle(ctx: Ctx, eff: Any) -> None:
    """702.171b: the Mount becomes saddled until end of turn (a designation; "attacks while
    saddled" and "is saddled" look at it)."""
    game = ctx.game
    obj = _source_obj(ctx)
    if isinstance(obj, GameObject) and obj.zone == "battlefield":
        game.__dict__.setdefault("saddled", []).append((obj, obj.timestamp))
        game.__dict__.setdefault("saddled_turn", {})[id(obj)] = game.turn
        game.log("saddled", obj=obj)


def _ka_flip(ctx: Ctx, eff: Any) -> None:
    """710.2, 710.4: flip a flip card: its flipped half's characteristics apply until it leaves
    the battlefield (a permanent already flipped, or not a flip card, doesn't flip)."""
    game = ctx.game
    subject = eff.subject if eff.subject is not None and eff.subject.kind != "you" \
        else ab.Ref("self")
    for obj in _objects(ctx, subject):
        card = obj.card
        if obj.zone != "battlefield" or card is None or card.layout != "flip" or \
                obj.transformed or obj.copy_values is not None:
            continue
        obj.transformed = True
        game.log("flipped", obj=obj)


def _ka_cascade(ctx: Ctx, eff: Any) -> None:
    """702.85a: cascade's trigger resolving. "This spell's mana value" is the spell's, or its
    last known value once it left the stack (608.2h); the exiled nonland card with a smaller
    mana value may be cast without paying its mana cost (118.9) during the resolution (608.2g)
    if the resulting spell's mana value is smaller too; the other exiled cards go to the
    bottom in a random order."""
    from rules_engine import casting
    from rules_engine.errors import IllegalActionError

    game = ctx.game
    player = ctx.controller
    spell = ctx.source
    if spell is None:
        return
    limit = game.mana_value_of(spell)
    exiled: list[GameObject] = []
    hit = None
    while player.library:
        card = player.library[0]
        game.move(card, "exile")
        exiled.append(card)
        if not card.is_land and game.mana_value_of(card) < limit:
            hit = card
            break
    game.log("cascaded", player=player, obj=spell, count=len(exiled))
    if hit is not None and game.decider.may(player.name, f"cast {hit.name} without paying its "
                                                         "mana cost (cascade, 702.85a)"):
        try:
            casting.put_on_stack_as_cast(game, player, hit, None)
            game.log("cast_without_paying", obj=hit, player=player)
        except IllegalActionError as exc:  # no legal targets (601.2c): it stays exiled
            game.note(f"{hit.name} can't be cast: {exc}")
    rest = [c for c in exiled if c.zone == "exile"]
    game.rng.shuffle(rest)
    for card in rest:
        game.move(card, "library", top=False)


def _ka_miracle(ctx: Ctx, eff: Any) -> None:
    """702.94a: the miracle trigger (mechanics/miracle.py)."""
    from rules_engine.mechanics import miracle

    miracle.cast_for_miracle(ctx.game, ctx.controller, ctx.source)


_KEYWORD_ACTIONS: dict[str, Any] = {
    "cascade": _ka_cascade, "miracle": _ka_miracle,
    "saddle": _ka_saddle, "flip": _ka_flip,
    "proliferate": _ka_proliferate, "learn": _ka_learn, "monstrosity": _ka_monstrosity,
    "adapt": _ka_adapt, "bolster": _ka_bolster, "connive": _ka_connive,
    "regenerate": _ka_regenerate,
}


def h_unless(ctx: Ctx, eff: Any) -> None:
    """608.2d: each chooser may do the alternative; for those who don't (or can't), the effects
    happen ("Each player loses 2 life unless they discard a card")."""
    game = ctx.game
    groups = {r.kind for e in eff.effects for r in ab._refs_in(e)}
    if eff.chooser.kind == "that_player" and groups & {"player_each", "opponent_each"}:
        choosers = [p for p in game.apnap() if "player_each" in groups or p is not ctx.controller]
    else:
        choosers = _players(ctx, eff.chooser) or [ctx.controller]
    for p in choosers:
        sub = Ctx(game, ctx.source, ctx.controller, ctx.item)
        sub.focus = p
        sub.it = p
        done = False
        if game.decider.may(p.name, f"{eff.text or 'do the alternative'}?"):
            sub.did = False
            run(game, sub, eff.alternative)
            done = sub.did and not sub.stopped
        if not done:
            sub.it = p
            run(game, sub, eff.effects)


def h_with_x(ctx: Ctx, eff: Any) -> None:
    """X defined by the effect's own words (107.3): computed first, then the effects run."""
    before = ctx.x
    ctx.x = amount(ctx, eff.x, 0)
    with targeting.XInForce(ctx.game, ctx.x):  # "with mana value X or less, where X is ..."
        run(ctx.game, ctx, eff.effects)
    ctx.x = before  # the definition holds for its own sentence ("twice X" keeps X after it)


def h_choose_card(ctx: Ctx, eff: Any) -> None:
    game = ctx.game
    chooser = (_players(ctx, eff.chooser) or [ctx.controller])[0]
    if eff.zone == "battlefield":  # "choose a creature on the battlefield" (608.2d)
        options = [o for o in game.permanents()
                   if targeting.matches(game, o, eff.filter, chooser, _source_obj(ctx))]
    else:
        owners = _players(ctx, eff.owner) or [ctx.controller]
        options = [o for p in owners for o in getattr(p, eff.zone, [])
                   if targeting.matches(game, o, eff.filter, chooser, None, zone_check=False)]
    pick = game.decider.choose(chooser.name, f"card to choose ({eff.text})", options)
    if pick is not None:
        ctx.it = pick
        ctx.those = [pick]


def not_run_reason(eff: Any) -> str | None:
    """Why a handled record would still be skipped (the handler's "not run" note), as an audit
    label; None when it runs. Kept beside the handlers so the two stay in step."""
    if isinstance(eff, ab.Restriction):
        if eff.kind == "cant_cast" and eff.duration is not None:
            return None
        if eff.kind in _OBJECT_RESTRICTIONS or eff.kind in ("doesnt_untap_next",
                                                            "cant_be_countered",
                                                            "no_max_hand_size",
                                                            "damage_cant_be_prevented"):
            return None
        return f"restriction:{eff.kind}"
    if isinstance(eff, ab.CastPermission):
        return None if eff.kind == "flash" else f"cast_permission:{eff.kind}"
    if isinstance(eff, ab.Animate):
        # colors / creature types an effect gives need objects.Mod to carry them
        if eff.colors and "colors" not in Mod.__slots__:
            return "animate:colors"
        if eff.subtypes and "subtypes" not in Mod.__slots__:
            return "animate:subtypes"
    if isinstance(eff, ab.ReplacementEffect):
        if eff.event in ("enters", "enter") and eff.duration is not None:
            return None
        if eff.event in _ZONE_EVENTS and _instead_zone(eff) is not None and _move_calls_us():
            return None
        return f"replacement:{eff.event}"
    if type(eff).__name__ == "KeywordAction":
        name = eff.name.lower()
        return None if name in KEYWORD_ACTIONS else f"keyword_action:{name}"
    return None


KEYWORD_ACTIONS = {"phase out", "investigate", "proliferate", "learn", "monstrosity", "adapt",
                   "bolster", "connive", "regenerate", "saddle", "flip", "cascade",
                   "miracle"}


def _move_calls_after() -> bool:
    """The rest of a replaced zone change runs once Game.move calls after_zone_change."""
    import inspect

    from rules_engine import game as game_module

    return "after_zone_change" in inspect.getsource(game_module)


def _move_calls_us() -> bool:
    """Zone-change replacements work once Game.move asks zone_change_replacement."""
    import inspect

    from rules_engine import game as game_module

    return "zone_change_replacement" in inspect.getsource(game_module)


def static_run(eff: Any) -> bool:
    """Static-ability effects run outside statics.py (for the audit): "Prevent all damage that
    would be dealt to/by ..." is applied by the damage code (combat.prevent); "can't be
    countered" by :func:`cant_be_countered`; "costs {N} less/more" by mana.modified_cost
    once casting.py calls it."""
    if isinstance(eff, ab.CastPermission):
        from rules_engine import casting

        # 601.3c, checked as the card is cast; 118.9, offered as a spell is cast
        return casting.self_flash_permission(eff) or casting.free_cast_permission(eff) or \
            casting.other_flash_permission(eff)
    if isinstance(eff, ab.CostModifier):
        import inspect

        from rules_engine import casting

        return "modified_cost" in inspect.getsource(casting)
    if isinstance(eff, ab.ReplacementEffect) and other_zone_replacement(eff):
        # the counters part needs Game.move to call after_zone_change
        return _move_calls_us() and all(isinstance(e, ab.Exile | ab.MoveToZone | ab.PutCounters)
                                        for e in eff.instead) and (
            not any(isinstance(e, ab.PutCounters) for e in eff.instead) or _move_calls_after())
    if isinstance(eff, ab.ReplacementEffect):
        return eff.event in _ZONE_EVENTS and eff.subject is not None and \
            eff.subject.kind in ("self", "it") and _instead_zone(eff) is not None and \
            _move_calls_us()
    if isinstance(eff, ab.Restriction):
        if eff.kind == "damage_cant_be_prevented":
            return True
        return eff.kind in ("cant_be_countered", "cant_be_blocked_by") and (
            eff.kind == "cant_be_countered" or eff.subject.kind in ("self", "it"))
    return isinstance(eff, ab.PreventDamage) and eff.duration is None


# effect records the compiler may add later (abilities.py changes are additive)
for _name, _handler in (("EndCombat", h_end_combat), ("EndCombatPhase", h_end_combat),
                        ("ExtraTurn", h_extra_turn), ("TakeExtraTurn", h_extra_turn),
                        ("PayCost", h_pay_cost), ("BecomeMonarch", h_monarch),
                        ("GainControl", h_gain_control), ("KeywordAction", h_keyword_action),
                        ("Unless", h_unless), ("WithX", h_with_x), ("ChooseCard", h_choose_card),
                        ("Explore", h_explore), ("PlayPermission", h_play_permission),
                        ("StopDayNight", h_stop_day_night),
                        ("CastWithoutPaying", h_cast_free), ("Skip", h_skip),
                        ("SetClassLevel", h_set_class_level),
                        ("ChooseValue", h_choose_value), ("ChooseTarget", h_choose_target),
                        ("RollDie", h_roll_die), ("RevealUntil", h_reveal_until),
                        ("PutCountersOf", h_put_counters_of),
                        ("EnterAsCopy", h_enter_as_copy), ("Conjure", h_conjure),
                        ("LoseAbility", h_lose_ability), ("CreateEmblem", h_create_emblem),
                        ("AdditionalPhase", h_additional_phase),
                        ("ParadigmCopy", h_paradigm_copy)):
    if hasattr(ab, _name):
        HANDLERS[getattr(ab, _name)] = _handler


# -- non-mana costs of activated abilities (118, 601.2h, 602.2b) ----------------------------------
OTHER_COST_KINDS = frozenset({"sacrifice", "discard", "pay_life", "remove_counters",
                              "tap_untapped", "exile", "return", "tap_creatures_power"})


def _cost_count(part: Any) -> int:
    amt = part.amount
    return int(amt.value) if amt is not None and amt.value is not None else 1


def _cost_options(game: Game, player: Player, source: Any, part: Any) -> list[Any]:
    """What can pay one cost part: the source itself ("Sacrifice ~") or objects matching its
    filter ("Sacrifice a creature", "Discard a card", "Exile a creature card from your
    graveyard", "Tap an untapped creature you control")."""
    what = part.what
    kind = part.kind
    if isinstance(what, ab.Ref) and what.kind in ("self", "it") or (what is None and kind in (
            "sacrifice", "exile", "return")):
        return [source] if isinstance(source, GameObject) else []
    flt = what if isinstance(what, ab.ObjectFilter) else None
    if kind == "discard":
        pool = list(player.hand)
    elif kind == "exile":
        zone = (flt.zone if flt is not None and flt.zone else "graveyard")
        if flt is not None and "single_graveyard" in flt.qualifiers:
            # "Exile two creature cards from a single graveyard": any one player's
            pool = [o for p in game.players for o in getattr(p, zone, [])]
        else:
            pool = list(getattr(player, zone, []))
    else:  # sacrifice, tap_untapped, return: permanents the player controls
        pool = list(game.permanents(player))
        if kind == "tap_untapped":
            pool = [o for o in pool if not o.tapped]
    if flt is None:
        return pool
    return [o for o in pool if targeting.matches(game, o, flt, player, source, zone_check=False)]


def _from_single_graveyard(part: Any) -> bool:
    what = part.what
    return isinstance(what, ab.ObjectFilter) and "single_graveyard" in what.qualifiers


def _single_graveyards(part: Any, options: list[Any], n: int) -> list[tuple[Player, list[Any]]]:
    """For a cost "from a single graveyard": the graveyards holding at least ``n`` of the
    options, by owner ([] for any other cost part, and when none does)."""
    what = part.what
    if not isinstance(what, ab.ObjectFilter) or "single_graveyard" not in what.qualifiers:
        return []
    piles: dict[int, tuple[Player, list[Any]]] = {}
    for o in options:
        piles.setdefault(id(o.owner), (o.owner, []))[1].append(o)
    return [(p, cards) for p, cards in piles.values() if len(cards) >= n]


def cost_refusal(game: Game, player: Player, source: Any, parts: tuple[Any, ...]) -> str | None:
    """Why the non-mana cost parts can't be paid now (None when they can): 118.3 - a player
    can't pay a cost without the resources (119.4: life; 122.8: counters)."""
    for part in parts:
        kind = part.kind
        if kind not in OTHER_COST_KINDS:
            continue
        n = _cost_count(part)
        if kind == "pay_life":
            if player.life < n:  # 119.4
                return f"119.4: {player.name} can't pay {n} life"
        elif kind == "remove_counters":
            have = source.counters.get(part.counter or "+1/+1", 0) if isinstance(
                source, GameObject) else 0
            if have < n:
                return f"122.8: {source.name} doesn't have {n} {part.counter} counter(s)"
        elif kind == "tap_creatures_power":
            need = n
            pool = [o for o in game.permanents(player) if o.is_creature and not o.tapped
                    and not (getattr(part.what, "other", False) and o is source)]
            if sum(max(0, o.power) for o in pool) < need:
                return f"702.122a: not enough untapped creature power to pay {part.text}"
        else:
            options = _cost_options(game, player, source, part)
            if isinstance(part.what, ab.Ref) or part.what is None:
                if not options or (kind == "sacrifice" and options[0].zone != "battlefield"):
                    return f"602.2b: {part.text} can't be paid"
            elif len(options) < n or (_from_single_graveyard(part) and not _single_graveyards(
                    part, options, n)):
                return f"602.2b: {player.name} has nothing to pay '{part.text}' with"
    return None


def pay_costs(game: Game, player: Player, source: Any, parts: tuple[Any, ...]) -> list[Any]:
    """601.2h / 602.2b: pay the non-mana cost parts (after cost_refusal said they can be).
    Choices come from the player's scripted answers (names or ids, or one list), else the
    first options. Returns what was sacrificed/discarded/exiled/tapped ("the sacrificed
    creature" of the effect, 608.2h)."""
    from rules_engine.combat import tap_creatures_cost

    paid: list[Any] = []
    for part in parts:
        kind = part.kind
        if kind not in OTHER_COST_KINDS:
            continue
        n = _cost_count(part)
        if kind == "pay_life":
            if n > 0:
                game.lose_life(player, n)
                game.log("life_paid", player=player, amount=n)
            continue
        if kind == "remove_counters":
            key = part.counter or "+1/+1"
            source.counters[key] = source.counters.get(key, 0) - n
            game.log("counters_removed", obj=source, counter=key, amount=n)
            continue
        if kind == "tap_creatures_power":
            paid += tap_creatures_cost(game, player, source, part)
            continue
        options = _cost_options(game, player, source, part)
        if isinstance(part.what, ab.Ref) or part.what is None:
            chosen = options[:1]
        elif _from_single_graveyard(part) and _single_graveyards(part, options, n):
            # all from one graveyard: the player picks the graveyard, then the cards
            piles = _single_graveyards(part, options, n)
            owner = piles[0][0] if len(piles) == 1 else game.decider.choose(
                player.name, f"graveyard to pay '{part.text}' from", [p for p, _ in piles])
            pile = next(cards for p, cards in piles if p is owner)
            chosen = game.decider.choose_many(player.name, f"to pay '{part.text}'", pile, n)
        else:
            chosen = game.decider.choose_many(player.name, f"to pay '{part.text}'", options, n)
        for obj in chosen:
            if kind == "sacrifice":
                game.move(obj, "graveyard")
                game.log("sacrificed", obj=obj, player=player)
            elif kind == "discard":
                game.move(obj, "graveyard")
                game.log("discarded", player=player, obj=obj)
            elif kind == "exile":
                game.move(obj, "exile")
            elif kind == "return":
                game.move(obj, "hand")
            elif kind == "tap_untapped":
                obj.tapped = True
                game.log("tapped_for_cost", obj=obj, source=source)
        paid += chosen
    return paid
