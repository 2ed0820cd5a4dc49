"""Static abilities of permanents (604, 611.3): continuous effects recomputed, not stored.

Before state-based actions are checked (and so before any player receives priority, and before
combat damage is worked out), every permanent's ``static_mods`` list is rebuilt from the static
abilities of the phased-in permanents on the battlefield: "+N/+N" and "has <keyword>" for the
permanent itself or for each permanent matching a filter, under an "as long as" condition
(604.1, 613.4). Restrictions such as "can't block" or "It can't become night" are looked up
on demand with :func:`restricted`.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, targeting
from rules_engine.game import Game
from rules_engine.mechanics.emblems import with_emblems
from rules_engine.objects import ABILITY_CHANGES, GameObject, Mod


def _statics(obj: GameObject) -> list[Any]:
    """Static abilities ``obj`` has: its own (:func:`_held_statics`), then those a static
    ability of some permanent grants it (613.1f layer 6: "Max speed - This creature gets
    +1/+0", a Class level's "Creatures you control get +1/+1", 'it has "Equipped creature
    gets +1/+0"'), which :func:`apply` put in ``static_mods``."""
    found = _held_statics(obj)
    if obj.static_mods:
        granted = [a for m in obj.static_mods for a in m.abilities
                   if type(a) is ab.StaticAbility]
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
                      and a.zone in (None, "battlefield")]
        else:
            cached = []
        face.statics = cached
    mods = obj.mods
    if mods:
        if any(type(a) is ab.LoseAbility for m in mods for a in m.abilities):
            # 613.1f (layer 6): what it lost is gone, what it gained later stays
            return [a for a in compiled.object_abilities(obj) if isinstance(
                a, ab.StaticAbility) and a.zone in (None, "battlefield")]
        extra = [a for m in mods for a in m.abilities if isinstance(a, ab.StaticAbility)]
        if extra:
            return cached + extra
    return cached


def battlefield_statics(obj: GameObject) -> list[Any]:
    """The static abilities ``obj`` has on the battlefield (printed, then gained)."""
    return _statics(obj)


def apply(game: Game) -> None:
    """Rebuild the static modifications of every permanent (cheap when nothing has statics)."""
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
    granted: list[GameObject] = []  # objects a static ability gave a static ability
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
            for eff in abl.effects:
                if isinstance(eff, ab.ModifyPT | ab.SetBasePT | ab.GrantAbility) and \
                        eff.duration is None:
                    _apply_one(game, src, eff, granted)
    if granted:
        _apply_granted(game, granted)
    game.statics_present = present or game.statics_live
    game.statics_none_at = None if present else ABILITY_CHANGES[0]


def _subjects(game: Game, src: GameObject, ref: Any) -> list[GameObject]:
    if ref is None or ref.kind in ("self", "it"):
        return [src]
    if ref.kind == "each":
        return [o for o in game.permanents()
                if targeting.matches(game, o, ref.filter, src.controller, src)]
    if ref.kind in ("enchanted", "equipped", "attached"):
        target = src.attached_to
        return [target] if isinstance(target, GameObject) and target.zone == "battlefield" else []
    return []


def _amount(value: Any) -> int:
    return int(value.value) if value is not None and value.value is not None else 0


def _apply_one(game: Game, src: GameObject, eff: Any,
               granted: list[GameObject] | None = None) -> None:
    if granted is not None and isinstance(eff, ab.GrantAbility) and any(
            type(a) is ab.StaticAbility for a in eff.abilities):
        granted.extend(_subjects(game, src, eff.subject))
    for obj in _subjects(game, src, eff.subject):
        if isinstance(eff, ab.ModifyPT):
            mod = Mod(_amount(eff.power), _amount(eff.toughness), until="static")
        elif isinstance(eff, ab.SetBasePT):
            mod = Mod(set_pt=(_amount(eff.power), _amount(eff.toughness)), until="static")
        else:
            mod = Mod(keywords=tuple(k.name for k in eff.keywords),
                      abilities=tuple(eff.abilities) + tuple(eff.keywords), until="static")
        obj.static_mods.append(mod)
        game.statics_live = True


def _apply_granted(game: Game, objs: list[GameObject]) -> None:
    """Apply the static abilities a static ability granted (613.1f layer 6 gives the ability;
    its own effect then applies in its layer, 613.1-613.4): one pass per level of nesting over
    the objects that gained one, each granted ability once per grant (two sources granting
    the same ability are two instances). A level past the fourth is ignored (no printed card
    nests deeper than a grant of a grant)."""
    done: set[tuple[int, int]] = set()
    for _level in range(4):
        if not objs:
            return
        more: list[GameObject] = []
        for obj in dict.fromkeys(objs):  # each object once, in order
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
                        if isinstance(eff, ab.ModifyPT | ab.SetBasePT | ab.GrantAbility) and \
                                eff.duration is None:
                            _apply_one(game, obj, eff, more)
        objs = more


def restricted(game: Game, kind: str, obj: GameObject | None = None) -> bool:
    """Whether a static "can't" (101.2) of kind ``kind`` applies to ``obj`` (or the game)."""
    if game.statics_none_at == ABILITY_CHANGES[0]:
        return False  # no static ability on the battlefield (see apply), nothing changed since
    for src in with_emblems(game, game.battlefield):
        if src.phased_out:
            continue
        for abl in _statics(src):
            for eff in abl.effects:
                if not isinstance(eff, ab.Restriction) or eff.kind != kind:
                    continue
                if abl.condition is not None and not conditions.holds(
                        game, abl.condition, src.controller, src):
                    continue
                subject = eff.subject
                if subject.kind == "game" or obj is None:
                    return True
                if obj in _subjects(game, src, subject):
                    return True
    return False


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
