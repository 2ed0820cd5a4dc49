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
from rules_engine.objects import ABILITY_CHANGES, GameObject, Mod


def _statics(obj: GameObject) -> list[Any]:
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
    if (mods or obj.static_mods) and compiled.lost_any(obj):
        # 613.1f (layer 6): what it lost is gone, what it gained later stays
        return [a for a in compiled.object_abilities(obj) if isinstance(
            a, ab.StaticAbility) and a.zone in (None, "battlefield")]
    if mods:
        extra = [a for m in mods for a in m.abilities if isinstance(a, ab.StaticAbility)]
        if extra:
            return cached + extra
    return cached


def battlefield_statics(obj: GameObject) -> list[Any]:
    """The static abilities ``obj`` has on the battlefield (printed, then gained)."""
    return _statics(obj)


# Effects applied before the others: type-setting (layer 4, 613.1d) and ability-removing
# (layer 6, 613.1f) ones, since they decide which objects the later effects apply to and which
# static abilities still exist to generate them (613.8a dependency).
_EARLY = (ab.SetTypes, ab.LoseAbility)


def apply(game: Game) -> None:
    """Rebuild the static modifications of every permanent (cheap when nothing has statics).

    Layers (613.1): type-setting and ability-removing effects first (layers 4 and 6, in
    timestamp order with dependencies, see _apply_early), then the effects of the static
    abilities that still exist afterwards: keyword/ability grants (layer 6) and P/T changes
    (layer 7, ordered by objects.GameObject._pt)."""
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
    live: list[tuple[GameObject, Any]] = []
    early: list[tuple[GameObject, Any, Any]] = []
    for src in game.battlefield:
        found = src.face.statics  # fast path: the face's cached list, when nothing is gained
        if found is None or src.mods:
            found = _statics(src)
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
    for src, abl in live:
        if early and (src.static_mods or src.mods) and abl not in _statics(src):
            continue  # 613.1f: it lost this ability, so the ability's effects don't apply
        for eff in abl.effects:
            if isinstance(eff, ab.ModifyPT | ab.SetBasePT | ab.GrantAbility) and \
                    eff.duration is None:
                _apply_one(game, src, eff)
    game.statics_present = present or game.statics_live
    game.statics_none_at = None if present else ABILITY_CHANGES[0]


def _apply_early(game: Game, early: list[tuple[GameObject, Any, Any]]) -> None:
    """Type-setting and "loses all abilities" statics, in timestamp order (613.7: a static
    ability's effect has its object's timestamp, 613.7a; an Aura's is renewed as it becomes
    attached, 613.7e), except that an effect waits for those it depends on (613.8a-b): one
    whose source another would make lose its abilities applies after it, and so no longer
    exists (613.8: "applying the other would change the existence of the first effect").
    In a dependency loop, timestamp order decides (613.8b)."""
    pending = sorted(early, key=lambda e: e[0].timestamp)
    while pending:
        pick = None
        for entry in pending:
            src = entry[0]
            if not any(other is not entry and _removes_all(other[2])
                       and src in _subjects(game, other[0], other[2].subject)
                       for other in pending):
                pick = entry
                break
        if pick is None:
            pick = pending[0]  # 613.8b: a loop, timestamp order
        pending.remove(pick)
        src, abl, eff = pick
        if (src.static_mods or src.mods) and abl not in _statics(src):
            continue  # the source lost this ability to an effect applied before (613.1f)
        _apply_early_one(game, src, eff)


def _removes_all(eff: Any) -> bool:
    return eff.all_abilities if isinstance(eff, ab.LoseAbility) else eff.lose_abilities


def _apply_early_one(game: Game, src: GameObject, eff: Any) -> None:
    stamp = src.timestamp  # 613.7a
    for obj in _subjects(game, src, eff.subject):
        if isinstance(eff, ab.LoseAbility):
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
            mod = Mod(abilities=lost + tuple(eff.abilities), set_types=eff.card_types,
                      subtypes=eff.subtypes or None, colors=colors, until="static",
                      timestamp=stamp)
        obj.static_mods.append(mod)
        game.statics_live = True


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


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


def _apply_one(game: Game, src: GameObject, eff: Any) -> None:
    for obj in _subjects(game, src, eff.subject):
        stamp = src.timestamp  # 613.7a: the timestamp of the object the ability is on
        if isinstance(eff, ab.ModifyPT):
            mod = Mod(_amount(eff.power), _amount(eff.toughness), until="static",
                      timestamp=stamp)
        elif isinstance(eff, ab.SetBasePT):
            mod = Mod(set_pt=(_amount(eff.power), _amount(eff.toughness)), until="static",
                      timestamp=stamp)
        else:
            mod = Mod(keywords=tuple(k.name for k in eff.keywords),
                      abilities=tuple(eff.abilities) + tuple(eff.keywords), until="static",
                      timestamp=stamp)
        obj.static_mods.append(mod)
        game.statics_live = True


def restricted(game: Game, kind: str, obj: GameObject | None = None) -> bool:
    """Whether a static "can't" (101.2) of kind ``kind`` applies to ``obj`` (or the game)."""
    if game.statics_none_at == ABILITY_CHANGES[0]:
        return False  # no static ability on the battlefield (see apply), nothing changed since
    for src in game.battlefield:
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
    for src in game.battlefield:
        if src.phased_out:
            continue
        found = src.face.statics
        if found is None or src.mods:
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
