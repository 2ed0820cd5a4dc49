"""Static restrictions on a whole declaration or on how other permanents enter, beside
:mod:`rules_engine.statics` (their grammar: :mod:`rules_engine.text.statics_phrases`).

* "~ can't attack alone" (508.1c): a restriction the declaration of attackers obeys; it is
  broken when that creature is the only one declared. "~ can't block alone" (509.1b): the
  same for the declaration of blockers.
* "Creatures your opponents control enter tapped" (614.1c): a replacement effect of a static
  ability; it applies to a permanent entering the battlefield, judged by the characteristics
  it has there (614.12), never to the permanent whose ability it is (that ability does not
  exist until its permanent is on the battlefield).
* "Your maximum hand size is eight / is increased by two", "Each opponent's maximum hand size
  is reduced by one" (402.2): :func:`max_hand_size`, asked by the cleanup step (514.1).
* "~ can't be the target of blue spells / abilities your opponents control / black spells or
  abilities from black sources" (115.4): :func:`target_refused`, asked by
  targeting.candidates through registry.hooks.
* Filter words about counters ("Creatures you control with counters on them", "... with no
  counters on them", "... with +1/+1 counters on them", 122.1): registered into
  registry.QUALIFIERS, which targeting.matches asks.
* "As ~ enters, choose Khans or Dragons. • Khans — ..." (607.2d): the condition kind
  ``chosen_word`` of each bulleted ability holds while that word is the one chosen as this
  object entered (kept while it stays the same object, 400.7).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from rules_engine import conditions, registry, statics, targeting
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player, StackAbility
from rules_engine.text.statics_phrases import IS_SOURCE, crew_power_bonus, hand_size_change


def attack_alone_violation(game: Game, attackers: Iterable[GameObject]) -> str | None:
    """508.1c: why a declaration of these attackers breaks a "can't attack alone"; None when
    it doesn't (only a lone attacker can break it)."""
    found = list(attackers)
    if len(found) == 1 and statics.restricted(game, "cant_attack_alone", found[0]):
        return f"508.1c: {found[0].name} can't attack alone"
    return None


def block_alone_violation(game: Game, blocks: dict[GameObject, Any]) -> str | None:
    """509.1b: why a declaration with these blockers breaks a "can't block alone"."""
    found = list(blocks)
    if len(found) == 1 and statics.restricted(game, "cant_block_alone", found[0]):
        return f"509.1b: {found[0].name} can't block alone"
    return None


def lone_attacker_removed(game: Game, attackers: dict[GameObject, Any]) -> dict[GameObject, Any]:
    """The simulator's attack with everything able: a lone attacker that can't attack alone
    stays home instead (508.1c)."""
    return {} if attack_alone_violation(game, attackers) else attackers


def attack_target_violation(game: Game, attacks: dict[GameObject, Any]) -> str | None:
    """508.1c: why an attack breaks a "can't attack you or planeswalkers you control" (the
    attacked player, or the controller of the attacked planeswalker, is the restriction's
    controller); None when none does."""
    for obj, defender in attacks.items():
        who = defender if isinstance(defender, Player) else getattr(defender, "controller", None)
        if who is None:
            continue
        for src, eff in statics.restrictions_of(game, "cant_attack_you", obj):
            if src.controller is who and (isinstance(defender, Player) or "planeswalker" in (
                    eff.text or "")):
                return f"508.1c: {obj.name} can't attack {who.name} ({src.name})"
    return None


def attackers_allowed(game: Game, attacks: dict[GameObject, Any]) -> dict[GameObject, Any]:
    """The simulator's attack: each attacker that can't attack where it was sent stays home."""
    return {o: d for o, d in attacks.items() if attack_target_violation(game, {o: d}) is None}


def enters_tapped(game: Game, obj: GameObject) -> bool:
    """614.1c: whether a static "<permanents> enter tapped" of another permanent applies to
    ``obj``, which has just been put onto the battlefield (so the filter sees it as it is
    there: its controller and types, 614.12)."""
    return any(src is not obj for src, _eff in statics.restrictions_of(game, "enters_tapped",
                                                                        obj))


def max_hand_size(game: Game, player: Player) -> int:
    """402.2: ``player``'s maximum hand size now: seven (or what a resolved effect left), then
    the static abilities that set or change it, in timestamp order (613.7's order for
    effects that are not in layers)."""
    size = player.max_hand_size
    found = statics.player_restrictions(game, "max_hand_size", player)
    for _src, eff in sorted(found, key=lambda f: f[0].timestamp):
        change = hand_size_change(eff.text)
        if change is None:
            continue
        size = change[1] if change[0] == "set" else size + change[1]
    return max(0, size)


def tap_power(game: Game, obj: GameObject, saddle: bool) -> int:
    """The power ``obj`` counts for when tapped to pay a crew cost (702.122a) or, ``saddle``,
    a saddle cost (702.171a): its power plus each "crews Vehicles / saddles Mounts as though
    its power were N greater" that applies to it (609.4: only that count changes, not its
    power)."""
    power = obj.power
    for _src, eff in statics.restrictions_of(game, "crew_power_bonus", obj):
        found = crew_power_bonus(eff.text)
        if found is not None and found[1 if saddle else 0]:
            power += found[2]
    return power


def activates_as_though_haste(game: Game, obj: GameObject) -> bool:
    """302.6, 609.4: "You may activate abilities of creatures you control as though those
    creatures had haste" applies to ``obj`` (its {T} abilities despite summoning sickness)."""
    return statics.restricted(game, "activate_as_though_haste", obj)


def target_refused(game: Game, obj: GameObject, source: Any) -> bool:
    """115.4: whether a static "can't be the target of <spells/abilities>" of some permanent
    keeps ``source`` (a spell on the stack, or an ability) from targeting ``obj``; the
    filter is judged on the spell, or on the ability's source, from the restriction's
    controller's side ("your opponents")."""
    if source is None:
        return False
    is_ability = isinstance(source, StackAbility)
    thing = getattr(source, "source", None) if is_ability else source
    if not isinstance(thing, GameObject):
        return False
    for src, eff in statics.restrictions_of(game, "cant_be_target_of", obj):
        flt = eff.filter
        if flt is None:
            return True
        quals = flt.qualifiers
        if ("spell" in quals and is_ability) or ("ability" in quals and not is_ability):
            continue
        plain = dataclasses.replace(flt, qualifiers=tuple(
            q for q in quals if q not in ("spell", "ability")), zone=None)
        if targeting.matches(game, thing, plain, src.controller, src, zone_check=False):
            return True
    return False


registry.provide(target_refused=target_refused)


def _chosen_word(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """607.2d: the word chosen for ``source`` as it entered (effects.changes.h_choose_value
    keeps it with the object's timestamp) is ``cond.detail``."""
    picked = None
    for obj, stamp, kind, value in game.__dict__.get("chosen_values", ()):
        if obj is source and stamp == getattr(source, "timestamp", None) and kind == "word":
            picked = value  # (the latest choice)
    return picked is not None and picked.lower() == (cond.detail or "").lower()


conditions._MORE.update({"chosen_word": _chosen_word})


def _counters_holds(kind: str | None, none: bool) -> Any:
    """A filter word's test: ``obj`` has (or, ``none``, has no) counters [of ``kind``] (122.1)."""
    def holds(game: Any, obj: Any, source: Any) -> bool:
        counters = getattr(obj, "counters", None) or {}
        has = any(n > 0 for k, n in counters.items() if kind is None or k == kind)
        return not has if none else has
    return holds


def _counter_qualifiers() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for pron in ("it", "them"):
        for kind in (None, "+1/+1", "-1/-1"):
            word = f"{kind} " if kind else ""
            for phrase, none in ((f"with {word}counters on {pron}", False),
                                 (f"with a {word}counter on {pron}", False),
                                 (f"with one or more {word}counters on {pron}", False),
                                 (f"with no {word}counters on {pron}", True)):
                found[phrase] = _counters_holds(kind, none)
    return found


registry.QUALIFIERS.update(_counter_qualifiers())
# "Spells your opponents cast that target ~": the object is the ability's own source
registry.QUALIFIERS[IS_SOURCE] = lambda game, obj, source: obj is source


def timed_permissions(game: Game, kind: str, player: Player) -> list[tuple[Any, Any]]:
    """Permissions a resolved spell gave a player for this turn ("Until end of turn, you may
    play lands and cast spells from your graveyard", 611.2a), kept by effects/restrictions.py:
    (source, record) pairs like ``statics.player_restrictions``."""
    return [(src, eff) for who, src, eff, turn in game.__dict__.get("timed_permissions", ())
            if who is player and eff.kind == kind and turn == game.turn]


# "~ can't be blocked by creatures with greater power", "Creatures with power greater than
# ~'s power can't block it": compared with the ability's source now (613: its current power)
registry.QUALIFIERS["with greater power than ~"] = lambda game, obj, source: (
    getattr(source, "power", None) is not None and obj.power > source.power)
registry.QUALIFIERS["with lesser power than ~"] = lambda game, obj, source: (
    getattr(source, "power", None) is not None and obj.power < source.power)
