"""Static abilities of permanents (604, 611.3): continuous effects recomputed, not stored.

Before state-based actions are checked (and so before any player receives priority, and before
combat damage is worked out), every permanent's ``static_mods`` list is rebuilt from the static
abilities of the phased-in permanents on the battlefield: "+N/+N" and "has <keyword>" for the
permanent itself or for each permanent matching a filter, under an "as long as" condition
(604.1, 613.4). Restrictions such as "can't block" or "It can't become night" are looked up
on demand with :func:`restricted`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, records, registry, targeting
from rules_engine.context import Ctx
from rules_engine.game import Game, with_emblems
from rules_engine.objects import ABILITY_CHANGES, GameObject, Mod
from rules_engine.registry import hooks

# Zones a static ability may name that this module applies (the audit, rules_engine.support,
# reads it): "all" is a characteristic-defining ability (604.3), which works everywhere.
ZONES = ("battlefield", "all")
_ON_BATTLEFIELD = (None, "battlefield", "all")


def _statics(obj: GameObject) -> list[Any]:
    """Static abilities ``obj`` has: its own (:func:`_held_statics`), then those a static
    ability of some permanent grants it (613.1f layer 6: "Max speed - This creature gets
    +1/+0", a Class level's "Creatures you control get +1/+1", 'it has "Equipped creature
    gets +1/+0"'), which :func:`apply` put in ``static_mods``."""
    found = _held_statics(obj)
    if obj.static_mods and not compiled.lost_any(obj):  # (with a loss: listed already)
        granted = compiled.granted_by_statics(obj, ab.StaticAbility)
        if granted:
            return found + granted
    return found


def _held_statics(obj: GameObject) -> list[Any]:
    """Static abilities that work on the battlefield (cached per face; grants looked at too;
    613.1f: none the object has lost, see compiled.object_abilities)."""
    face = obj.face
    cached = face.statics
    if cached is None:
        # from the face alone: the cache is shared by every object with this face, so what
        # one of them gained or lost must not go into it
        if obj.copy_values is None or face.abilities is not None:
            if face.abilities is None:
                compiled.face_abilities(obj.card, face)
            cached = [a for a in face.abilities or () if isinstance(a, ab.StaticAbility)
                      and a.zone in _ON_BATTLEFIELD]
        else:
            cached = []
        face.statics = cached
    mods = obj.mods
    if (mods or obj.static_mods) and compiled.lost_any(obj):
        # 613.1f (layer 6): what it lost is gone, what it gained later stays (static grants
        # included, in timestamp order: compiled._after_losses)
        return [a for a in compiled.object_abilities(obj) if isinstance(
            a, ab.StaticAbility) and a.zone in _ON_BATTLEFIELD]
    if mods:
        extra = [a for m in mods for a in m.abilities if isinstance(a, ab.StaticAbility)]
        if extra:
            return cached + extra
    return cached


def battlefield_statics(obj: GameObject) -> list[Any]:
    """The static abilities ``obj`` has on the battlefield (printed, then gained)."""
    return _statics(obj)


def static_effects(game: Game, kind: type | tuple[type, ...]
                   ) -> Iterator[tuple[GameObject, Any, Any]]:
    """(source, static ability, effect) for every effect of type ``kind`` in the static
    abilities of the permanents and emblems (114.4) that are not phased out (702.26b).

    Why one iterator: cost changes, spell grants and the like each looked for their records
    the same way; the face's cached list is read when nothing was gained or changed."""
    for src in with_emblems(game, game.battlefield):
        if src.phased_out:
            continue
        found = src.face.statics
        if found is None or src.mods or src.static_mods:
            found = _statics(src)
        for abl in found or ():
            for eff in abl.effects:
                if isinstance(eff, kind):
                    yield src, abl, eff


# Effects applied before the others: type-setting (layer 4, 613.1d) and ability-removing
# (layer 6, 613.1f) ones, since they decide which objects the later effects apply to and which
# static abilities still exist to generate them (613.8a dependency).
_EARLY = (ab.SetTypes, ab.LoseAbility, ab.Animate, records.IsChosen, records.RemoveTypes)


def apply(game: Game) -> None:
    """Rebuild the static modifications of every permanent (cheap when nothing has statics);
    characteristic-defining abilities of cards in other zones too (604.3).

    Layers (613.1): type-setting and ability-removing effects first (layers 4 and 6, in
    timestamp order with dependencies, see _apply_early), then the effects of the static
    abilities that still exist afterwards: keyword/ability grants (layer 6) and P/T changes
    (layer 7, ordered by objects.GameObject._pt)."""
    _cdas_elsewhere(game)
    if game.statics_live:  # only when the last rebuild gave some permanent a modification
        game.statics_live = False
        for obj in game.battlefield:
            if obj.static_mods:
                obj.static_mods = []
    if game.statics_none_at == ABILITY_CHANGES[0]:
        # no static ability was on the battlefield, and no object entered, left, changed its
        # face or gained anything since
        game.statics_present = game.statics_live
        return
    present = False
    _GRANTED.clear()  # objects a static ability gives a static ability (filled by _apply_one)
    live: list[tuple[GameObject, Any]] = []
    early: list[tuple[GameObject, Any, Any]] = []
    for src in with_emblems(game, game.battlefield):  # 114.4: emblems' statics work too
        found = src.face.statics  # fast path: the face's cached list, when nothing is gained
        if found is None or src.mods:
            found = _held_statics(src)  # (granted ones come from this pass: _apply_granted)
        if not found:
            continue
        present = True  # (phased out too: it may phase in without a logged change of ours)
        if src.phased_out:
            continue
        for abl in found:
            if abl.condition is not None and not conditions.holds(game, abl.condition,
                                                                  src.controller, src):
                continue
            live.append((src, abl))
            for eff in abl.effects:
                if isinstance(eff, _EARLY) and eff.duration is None:
                    early.append((src, abl, eff))
    if early:
        _apply_early(game, early)
    # 613.1b (layer 2): "You control enchanted creature" - control-changing statics first
    controls = [(src, eff) for src, abl in live for eff in abl.effects
                if isinstance(eff, ab.GainControl) and eff.duration is None]
    if controls or game.__dict__.get(_STATIC_CONTROL):
        _apply_control(game, controls)
    for src, abl in live:
        if early and (src.static_mods or src.mods) and abl not in _held_statics(src):
            continue  # 613.1f: it lost this ability, so the ability's effects don't apply
        for eff in abl.effects:
            # "+1/+1 for each ..." (a Repeat) and "+X/+X, where X is ..." (a WithX) are
            # recounted at every rebuild (613: the amount is continuously determined)
            if isinstance(eff, ab.ModifyPT | ab.SetBasePT | ab.GrantAbility | ab.Repeat |
                          ab.WithX):
                _apply_effect(game, src, eff, None, None)
    if _GRANTED:
        _apply_granted(game)
    _apply_zone_grants(game, live)
    game.statics_present = present or game.statics_live
    game.statics_none_at = None if present else ABILITY_CHANGES[0]


_ZONE_GRANTED = "zone_granted"  # game.__dict__: cards given abilities in other zones
_CARD_ZONES = ("graveyard", "hand", "exile", "library")


def _apply_zone_grants(game: Game, live: list[tuple[GameObject, Any]]) -> None:
    """613.1f for cards in other zones: "Each instant and sorcery card in your graveyard has
    jump-start", "As long as it's your turn, each instant and sorcery card in your graveyard
    has flashback {2}" - a static ability of a permanent gives cards in a hand, graveyard or
    exile abilities that work there (their graveyard casts and hand abilities read them through
    compiled.keyword_ability). Rebuilt with the permanents' modifications; a card that changes
    zones loses them (Game.move clears its modifications, 400.7)."""
    before = game.__dict__.get(_ZONE_GRANTED)
    if before:
        for obj in before:
            obj.static_mods = [m for m in obj.static_mods if m.until != _ZONE_GRANTED]
        game.__dict__[_ZONE_GRANTED] = []
    found: list[GameObject] = []
    for src, abl in live:
        for eff in abl.effects:
            flt = getattr(getattr(eff, "subject", None), "filter", None)
            if not isinstance(eff, ab.GrantAbility) or eff.duration is not None or \
                    flt is None or flt.zone not in _CARD_ZONES:
                continue
            for player in game.players:
                for obj in getattr(player, flt.zone, ()):
                    if targeting.matches(game, obj, flt, src.controller, src):
                        obj.static_mods.append(Mod(
                            keywords=tuple(k.name for k in eff.keywords),
                            abilities=tuple(eff.abilities) + tuple(eff.keywords),
                            until=_ZONE_GRANTED, timestamp=src.timestamp))
                        found.append(obj)
    if found:
        game.__dict__[_ZONE_GRANTED] = found


def _apply_early(game: Game, early: list[tuple[GameObject, Any, Any]]) -> None:
    """Type-setting and "loses all abilities" statics, in timestamp order (613.7: a static
    ability's effect has its object's timestamp, 613.7a), except that an effect waits for
    those it depends on (613.8a-b): one whose source another would make lose its abilities
    applies after it, and so no longer exists (613.8a: "applying the other would change the
    existence of the first effect"). In a dependency loop, timestamp order decides (613.8b).
    (613.7e, an Aura's new timestamp as it becomes attached, is not tracked: an Aura keeps
    the timestamp it entered with.)"""
    pending = sorted(early, key=lambda e: e[0].timestamp)
    while pending:
        pick = None
        for entry in pending:
            src = entry[0]
            if not any(other is not entry and _removes_all(other[2])
                       and src in _subjects(game, other[0], other[2].subject)
                       for other in pending) and not _waits_for_self_types(entry, pending):
                pick = entry
                break
        if pick is None:
            pick = pending[0]  # 613.8b: a loop, timestamp order
        pending.remove(pick)
        src, abl, eff = pick
        if (src.static_mods or src.mods) and abl not in _held_statics(src):
            continue  # the source lost this ability to an effect applied before (613.1f)
        _apply_early_one(game, src, eff)


def _removes_all(eff: Any) -> bool:
    if isinstance(eff, ab.Animate | records.IsChosen | records.RemoveTypes):
        return False
    return eff.all_abilities if isinstance(eff, ab.LoseAbility) else eff.lose_abilities


def _waits_for_self_types(entry: tuple[Any, Any, Any], pending: list[Any]) -> bool:
    """613.8a, the common case: an effect on "each creature" (or any described group) depends
    on an effect by which a permanent makes itself a creature or another card type (a station
    symbol's "is an artifact creature", 721.2b), since applying that one can change what the
    first applies to; so it waits for every such pending one."""
    subject = getattr(entry[2], "subject", None)
    if subject is None or subject.kind != "each":
        return False
    return any(other is not entry and isinstance(other[2], ab.Animate | ab.SetTypes)
               and other[2].card_types and other[2].subject.kind in ("self", "it")
               for other in pending)


def _apply_early_one(game: Game, src: GameObject, eff: Any) -> None:
    stamp = src.timestamp  # 613.7a
    if isinstance(eff, ab.Animate):
        _apply_animate(game, src, eff, stamp)
        return
    if isinstance(eff, records.IsChosen):
        mod_of = _chosen_mod(game, src, eff, stamp)
        if mod_of is None:
            return
    for obj in _subjects(game, src, eff.subject):
        if isinstance(eff, records.IsChosen):
            mod = mod_of()
        elif isinstance(eff, records.RemoveTypes):  # "~ isn't a creature" (205.1a)
            mod = Mod(remove_types=tuple(t.capitalize() for t in eff.card_types),
                      until="static", timestamp=stamp)
        elif isinstance(eff, ab.LoseAbility):
            mod = Mod(abilities=(eff,), until="static", timestamp=stamp)
        else:
            colors = None
            if eff.colors is not None:
                colors = tuple(_COLOR_LETTERS.get(c.lower(), c) for c in eff.colors if
                               c.lower() != "colorless")
            # 613.6: one effect, its parts in layers 4 (types), 5 (colors), 6 (abilities:
            # the loss first, then the quoted ones it gains)
            lost = (ab.LoseAbility(subject=eff.subject, all_abilities=True, duration=None,
                                   text=eff.text),) if eff.lose_abilities else ()
            # (no card types named, "Enchanted land is an Island": only the subtypes, 305.7)
            mod = Mod(abilities=lost + tuple(eff.abilities), set_types=eff.card_types or None,
                      subtypes=eff.subtypes or None, colors=colors, until="static",
                      timestamp=stamp)
        obj.static_mods.append(mod)
        game.statics_live = True


def _chosen_mod(game: Game, src: GameObject, eff: records.IsChosen, stamp: int) -> Any:
    """"~ is the chosen type / color": the value its source's "choose a ..." linked to it
    (607.2d, 614.12; kept while it stays the same object, 400.7), as a maker of modifications:
    a chosen basic land type replaces the land types (305.7, 205.1a; the land then has that
    type's mana ability, 305.6), "in addition to its other types" adds it (205.1b), a color
    replaces the colors (105.3, layer 5). None when nothing was chosen."""
    value = None
    for s, at, kind, v in game.__dict__.get("chosen_values", ()):
        if s is src and at == src.timestamp and (
                kind == "color" if eff.what == "color" else kind.endswith(" type")):
            value = v  # (the latest choice)
    if value is None:
        return None
    if eff.what == "color":
        letter = _COLOR_LETTERS.get(value.lower(), value)
        return lambda: Mod(colors=(letter,), until="static", timestamp=stamp)
    sub = value.strip().capitalize() if " " not in value.strip() else value.strip()
    if eff.additional:
        return lambda: Mod(add_subtypes=(sub,), until="static", timestamp=stamp)
    return lambda: Mod(subtypes=(sub,), until="static", timestamp=stamp)


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _cda_holders(game: Game) -> list[GameObject]:
    """Objects whose card has a characteristic-defining ability (604.3): each object made in
    the game is looked at once (Game.objects_made_where)."""
    return game.objects_made_where("_cda_holders", _may_have_cda)


def _may_have_cda(obj: GameObject) -> bool:
    return obj.card is not None and _card_has_cda(obj.card)


_HAS_CDA: dict[int, tuple[Any, bool]] = {}


def _card_has_cda(card: Any) -> bool:
    found = _HAS_CDA.get(id(card))
    if found is not None and found[0] is card:
        return found[1]
    has = False
    for face in (card.front, card.back):
        # (cheap words test first: a CDA defines power or toughness "equal to" something)
        if face is not None and "equal to" in face.oracle_text and _face_cdas(card, face):
            has = True
    _HAS_CDA[id(card)] = (card, has)
    return has


def _face_cdas(card: Any, face: Any) -> list[Any]:
    abilities = compiled.face_abilities(card, face)
    return [a for a in abilities if isinstance(a, ab.StaticAbility) and a.zone == "all"]


def _cdas_elsewhere(game: Game) -> None:
    """604.3: a characteristic-defining ability works in every zone: a creature card in a
    graveyard or hand has the power its ability defines (recounted at every rebuild, 613)."""
    for obj in _cda_holders(game):
        if obj.zone == "battlefield" or obj.zone == "gone":
            continue  # (rebuilt with the permanents' static abilities; or no longer exists)
        obj.static_mods = []
        if obj.face is None or "equal to" not in obj.face.oracle_text:
            continue
        for abl in _face_cdas(obj.card, obj.face):
            for eff in abl.effects:
                owner = obj.controller if obj.zone == "stack" else obj.owner
                _apply_cda(game, obj, owner, eff)


def _apply_cda(game: Game, obj: GameObject, owner: Any, eff: Any) -> None:
    if not isinstance(eff, ab.SetBasePT):
        return
    # 613.4a: a power-only definition leaves toughness to the other abilities, and the reverse
    power = None if eff.power is None else _counted(game, obj, obj, eff.power, None, owner)
    toughness = None if eff.toughness is None else _counted(
        game, obj, obj, eff.toughness, None, owner)
    obj.static_mods.append(Mod(set_pt=(power, toughness), until="static"))


_STATIC_CONTROL = "static_control"  # game.__dict__: id -> (object, timestamp, base controller)


def _apply_control(game: Game, controls: list[tuple[GameObject, Any]]) -> None:
    """613.1b, layer 2: each object a control-changing static ability names is controlled by
    that ability's controller (the latest timestamp wins, 613.7); when no such effect applies
    any more, it returns to the controller it would otherwise have (its own, kept from when
    the first effect began). A change of control makes a creature summoning sick (302.6)."""
    held = game.__dict__.setdefault(_STATIC_CONTROL, {})
    wanted: dict[int, tuple[GameObject, Any]] = {}
    for src, eff in sorted(controls, key=lambda c: c[0].timestamp):
        for obj in _subjects(game, src, eff.subject):
            wanted[id(obj)] = (obj, src.controller)
    for key, (obj, stamp, base) in list(held.items()):
        if key in wanted and obj.zone == "battlefield" and obj.timestamp == stamp:
            continue
        del held[key]
        if obj.zone == "battlefield" and obj.timestamp == stamp and obj.controller is not base \
                and not base.left:
            obj.controller = base
            obj.sick = True
            game.log("control_changed", obj=obj, player=base)
    for key, (obj, who) in wanted.items():
        if key not in held:
            held[key] = (obj, obj.timestamp, obj.controller)
        if obj.controller is not who:
            obj.controller = who
            obj.sick = True
            game.log("control_changed", obj=obj, player=who)


def _subjects(game: Game, src: GameObject, ref: Any) -> list[GameObject]:
    if ref is None or ref.kind in ("self", "it"):
        return [src]
    if ref.kind == "each":
        return [o for o in game.permanents()
                if targeting.matches(game, o, ref.filter, src.controller, src)]
    if ref.kind in ("enchanted", "equipped", "attached"):
        target = src.attached_to
        return [target] if isinstance(target, GameObject) and target.zone == "battlefield" else []
    if ref.kind == "paired_both":  # 702.95b: "both creatures" / "each of those creatures"
        partner = game.paired_with(src)
        return [src, partner] if partner is not None else []
    return []


def _apply_effect(game: Game, src: GameObject, eff: Any, x: Any, times: Any) -> None:
    """One effect of a static ability; ``x`` is the Amount defining X (a WithX around it),
    ``times`` the count of a "for each" around it (a Repeat)."""
    if isinstance(eff, ab.Repeat):
        for inner in eff.effects:
            _apply_effect(game, src, inner, x, eff.count)
    elif isinstance(eff, ab.WithX):
        subject = None
        for inner in eff.effects:
            # "Enchanted creature has flying, and it gets +X/+X": "it" is the earlier subject
            ref = getattr(inner, "subject", None)
            if ref is not None and ref.kind == "it" and subject is not None:
                inner = replace(inner, subject=subject)
            elif ref is not None:
                subject = ref
            _apply_effect(game, src, inner, eff.x, times)
    elif isinstance(eff, ab.ModifyPT | ab.SetBasePT | ab.GrantAbility) and eff.duration is None:
        _apply_one(game, src, eff, x, times)



def _apply_animate(game: Game, src: GameObject, eff: Any, stamp: int = 0) -> None:
    """A static "is a Giant in addition to its other types", "Each land is a Swamp in addition
    to its other land types" (205.1b), a station symbol's "is an artifact creature" (721.2b):
    card types added and subtypes added or set (layer 4, 613.1d), colors (layer 5), base
    power and toughness (layer 7b) and keywords and abilities (layer 6) as written (613.6:
    one effect, its parts in their layers). Applied with the type-setting statics (_EARLY)."""
    granted = tuple(eff.keywords) + tuple(eff.abilities)
    for obj in _subjects(game, src, eff.subject):
        mod = Mod(keywords=tuple(k.name for k in eff.keywords), abilities=granted,
                  types=tuple(t.capitalize() for t in eff.card_types), until="static",
                  timestamp=stamp)
        if getattr(eff, "set_types", False):  # "~ is a 3/4 Ninja creature" (205.1a)
            mod.types = ()
            mod.set_types = tuple(t.capitalize() for t in eff.card_types)
        if eff.power is not None and eff.toughness is not None and \
                _fixed(eff.power) and _fixed(eff.toughness):
            mod.set_pt = (_amount(eff.power), _amount(eff.toughness))
        if eff.colors:
            mod.colors = tuple(_COLOR_LETTERS.get(c.lower(), c) for c in eff.colors)
        if eff.subtypes:
            if eff.additional:
                mod.add_subtypes = tuple(eff.subtypes)
            else:
                mod.subtypes = tuple(eff.subtypes)
        obj.static_mods.append(mod)
        game.statics_live = True
        if any(type(a) is ab.StaticAbility for a in eff.abilities):
            _GRANTED.append(obj)  # 'and have "Equipped creature gets +2/+0"' applies too


# Effects a static ability may put inside "for each ..." / "..., where X is ..." (Repeat,
# WithX) that this module applies (rules_engine.support reads it for the audit)
# (ReplacementEffect: "enters with an additional counter for each ...", applied by
# permanents._extra_counters, whose events the audit reads)
WRAPPED = ("ModifyPT", "SetBasePT", "GrantAbility", "Restriction", "ReplacementEffect")


def _flat(effects: Any) -> Any:
    """The effects of a static ability with WithX/Repeat opened ("Each Skeleton you control
    has trample, attacks each combat if able, and gets +X/+0, where X is ...")."""
    for eff in effects:
        if isinstance(eff, ab.WithX | ab.Repeat):
            yield from _flat(eff.effects)
        else:
            yield eff


def _fixed(value: Any) -> bool:
    return value is None or value.is_fixed


def _amount(value: Any) -> int:
    return int(value.value) if value is not None and value.value is not None else 0


def _counted(game: Game, src: GameObject, subject: GameObject, value: Any, x: Any,
             controller: Any = None) -> int:
    """An amount of a static ability, counted now (613: continuously): a number, X (the WithX
    definition), or words ("equal to the number of creatures you control", "for each of its
    creature types": "it" is the object the ability modifies)."""
    if value is None:
        return 0
    if value.value is not None and value.text is None:
        return int(value.value)
    if value.variable in ("X", "-X") and not value.text:
        n = _counted(game, src, subject, x, None) if x is not None else 0
        return -n if value.variable == "-X" else n
    you = controller or src.controller
    ctx = Ctx(game, src, you)
    ctx.it = subject
    found = hooks.described_amount(game, value.text or "", you, src, ctx)
    return found if found is not None else 0


def _apply_one(game: Game, src: GameObject, eff: Any, x: Any = None,
               times: Any = None) -> None:
    stamp = src.timestamp  # 613.7a: the timestamp of the object the ability is on
    for obj in _subjects(game, src, eff.subject):
        n = 1 if times is None else _counted(game, src, obj, times, x)
        if isinstance(eff, ab.ModifyPT):
            if times is None and x is None and _fixed(eff.power) and _fixed(eff.toughness):
                mod = Mod(_amount(eff.power), _amount(eff.toughness), until="static",
                          timestamp=stamp)
            else:
                mod = Mod(n * _counted(game, src, obj, eff.power, x),
                          n * _counted(game, src, obj, eff.toughness, x), until="static",
                          timestamp=stamp)
        elif isinstance(eff, ab.SetBasePT):
            # 613.4a/b: a power-only definition keeps the toughness (printed, or another
            # ability's: Yavimaya Kavu defines each in its own ability), and the reverse
            power = None if eff.power is None else _counted(game, src, obj, eff.power, x)
            toughness = None if eff.toughness is None else _counted(game, src, obj,
                                                                    eff.toughness, x)
            mod = Mod(set_pt=(power, toughness), until="static", timestamp=stamp)
        else:
            mod = Mod(keywords=tuple(k.name for k in eff.keywords),
                      abilities=tuple(eff.abilities) + tuple(eff.keywords), until="static",
                      timestamp=stamp)
            if any(type(a) is ab.StaticAbility for a in eff.abilities):
                _GRANTED.append(obj)  # its new static ability applies too (_apply_granted)
        obj.static_mods.append(mod)
        game.statics_live = True


# Objects given a static ability by the rebuild in progress (apply), in the order given
_GRANTED: list[GameObject] = []


def _apply_granted(game: Game) -> None:
    """Apply the static abilities a static ability granted (613.1f layer 6 gives the ability;
    its own effect then applies in its layer, 613.1-613.4): one pass per level of nesting over
    the objects that gained one, each granted ability once per grant (two sources granting
    the same ability are two instances). A level past the fourth is ignored (no printed card
    nests deeper than a grant of a grant)."""
    done: set[tuple[int, int]] = set()
    for _level in range(4):
        if not _GRANTED:
            return
        objs = list(dict.fromkeys(_GRANTED))  # each object once, in order
        _GRANTED.clear()
        for obj in objs:
            if obj.phased_out:
                continue
            for mod in list(obj.static_mods):
                if (id(obj), id(mod)) in done:
                    continue
                done.add((id(obj), id(mod)))
                for abl in mod.abilities:
                    if type(abl) is not ab.StaticAbility or (
                            abl.condition is not None and not conditions.holds(
                                game, abl.condition, obj.controller, obj)):
                        continue
                    for eff in abl.effects:
                        if isinstance(eff, ab.ModifyPT | ab.SetBasePT | ab.GrantAbility |
                                      ab.Animate | ab.Repeat | ab.WithX):
                            _apply_effect(game, obj, eff, None, None)
    _GRANTED.clear()


def restricted(game: Game, kind: str, obj: GameObject | None = None) -> bool:
    """Whether a static "can't" (101.2) of kind ``kind`` applies to ``obj`` (or the game)."""
    if game.statics_none_at == ABILITY_CHANGES[0]:
        return False  # no static ability on the battlefield (see apply), nothing changed since
    for src, eff in _applying_restrictions(game, kind):
        subject = eff.subject
        if subject.kind == "game" or obj is None:
            return True
        if obj in _subjects(game, src, subject):
            return True
    return False


def _applying_restrictions(game: Game, kind: str) -> Iterator[tuple[GameObject, Any]]:
    """(source, Restriction) of kind ``kind`` whose source is phased in and whose "as long as"
    condition holds now (611.3a)."""
    for src, abl, eff in _restriction_sources(game).get(kind, ()):
        if src.phased_out:
            continue
        if abl.condition is not None and not conditions.holds(
                game, abl.condition, src.controller, src):
            continue
        yield src, eff


def _restriction_sources(game: Game) -> dict[str, list[tuple[GameObject, Any, Any]]]:
    """Restriction kind -> (source, static ability, Restriction) for every static restriction
    of the battlefield's permanents and the emblems, in battlefield order.

    Which static abilities exist changes only with a battlefield entry or exit, a transform,
    a new Mod or an emblem, each of which moves objects.ABILITY_CHANGES, so the list is kept
    until it moves; conditions, controllers and phasing are still judged at every question.
    With triggers.VERIFY_INDEX (MTGKIT_VERIFY_TRIGGER_INDEX) a kept list is checked against a
    fresh one."""
    key = (ABILITY_CHANGES[0], len(game.battlefield), len(game.emblems))
    cached = game.__dict__.get("_restriction_sources")
    if cached is not None and cached[0] == key:
        if not _verify_index():
            return cached[1]
        fresh = _collect_restrictions(game)
        if fresh != cached[1]:
            raise AssertionError(f"turn {game.turn} {game.step}: the kept static restrictions "
                                 "differ from the battlefield's (objects.ABILITY_CHANGES not "
                                 "bumped?)")
        return cached[1]
    found = _collect_restrictions(game)
    game.__dict__["_restriction_sources"] = (key, found)
    return found


def _collect_restrictions(game: Game) -> dict[str, list[tuple[GameObject, Any, Any]]]:
    found: dict[str, list[tuple[GameObject, Any, Any]]] = {}
    for src in with_emblems(game, game.battlefield):
        for abl in _statics(src):
            for eff in _flat(abl.effects):
                if isinstance(eff, ab.Restriction):
                    found.setdefault(eff.kind, []).append((src, abl, eff))
    return found


def _verify_index() -> bool:
    return hooks.trigger_verify_index()  # (rules_engine.triggers: tests switch it on live)


def skips(game: Game, player: Any, what: str) -> bool:
    """A static "Skip your draw step" / "Each player skips their untap step" (614.10)."""
    if game.statics_none_at == ABILITY_CHANGES[0]:
        return False  # no static ability on the battlefield (see apply), nothing changed since
    for src in with_emblems(game, game.battlefield):
        if src.phased_out:
            continue
        found = src.face.statics
        if found is None or src.mods or src.static_mods:
            found = _statics(src)
        for abl in found:
            for eff in abl.effects:
                if type(eff).__name__ != "Skip" or eff.what != what:
                    continue
                kind = eff.player.kind if eff.player is not None else "you"
                if kind == "player_each" or (kind == "you" and src.controller is player) or (
                        kind == "opponent_each" and src.controller is not player):
                    return True
    return False


def restrictions_of(game: Game, kind: str, obj: GameObject) -> list[tuple[GameObject, Any]]:
    """Every static restriction of kind ``kind`` that applies to ``obj``, with its source: for
    the restrictions that carry more than yes or no ("can block only creatures with flying"
    names a filter, each "can block an additional creature each combat" counts, 509.1a-b)."""
    if game.statics_none_at == ABILITY_CHANGES[0]:
        return []  # no static ability on the battlefield (see apply), nothing changed since
    found: list[tuple[GameObject, Any]] = []
    for src, eff in _applying_restrictions(game, kind):
        if eff.subject.kind == "game" or obj in _subjects(game, src, eff.subject):
            found.append((src, eff))
    return found


def player_restrictions(game: Game, kind: str, player: Any) -> list[tuple[GameObject, Any]]:
    """Static restrictions and permissions of kind ``kind`` about a player, with their sources
    (101.2 "can't", 305.2a "may play an additional land", 402.2 "no maximum hand size"): the
    subject is "you" (the source's controller), "your opponents", each player / "Players",
    or the game."""
    if game.statics_none_at == ABILITY_CHANGES[0]:
        return []  # no static ability on the battlefield (see apply), nothing changed since
    found: list[tuple[GameObject, Any]] = []
    for src, eff in _applying_restrictions(game, kind):
        if eff.duration is not None:
            continue
        who = eff.subject.kind if eff.subject is not None else "you"
        if who == "each" and eff.subject.filter is not None and \
                "player" not in eff.subject.filter.qualifiers:
            continue  # about objects, not players
        if who in ("game", "player_each", "each_player", "each") or (
                who == "you" and player is src.controller) or (
                who in ("opponent_each", "opponent") and player is not src.controller):
            found.append((src, eff))
    return found


def before_the_game(restriction: Any) -> bool:
    """Whether a static ability works only before the game begins and so has nothing to do in
    one (113.6n, 903.3a: "[This card] can be your commander" modifies deck construction)."""
    return isinstance(restriction, ab.Restriction) and restriction.kind == "can_be_commander"


registry.provide(player_restrictions=player_restrictions)  # Game.gain_life asks (119.7)
registry.provide(restricted=restricted)  # targeting asks (below it: no import of statics)
