"""Banding (702.22): attacking bands, blocked as a group, and who divides combat damage.

Rules implemented here (Comprehensive Rules, 2026-04-17), reached from ``combat.py`` through
three hook points (``registry.hooks``), so combat.py keeps only the calls:

- 702.22c-d (``declare_bands``, asked by ``combat.declare_attackers`` as attackers are
  declared): the attacking player may declare bands: one or more attacking creatures with
  banding and up to one attacking creature without banding, all attacking the same player,
  planeswalker or battle; each creature in at most one band. The decision, for each attacker
  with banding not yet in a band, in declaration order: "form a band?" (yes/no), then the
  other members (one list answer, or one answer each, "none" to stop).
- 702.22e-f: a band lasts for the rest of combat even if banding is lost; a creature removed
  from combat is no longer in it (a member counts only while it is still attacking the same
  thing as the same object, 400.7).
- 702.22h (``band_blocks``, asked by ``combat.declare_blockers`` before the "blocks" events):
  the other members of a band one of whose members a creature blocks become blocked by that
  same creature, so "becomes blocked" triggers see the whole band (509.3c).
- 702.22j-k (``banding_division``, asked by ``combat.combat_damage`` for each creature that
  assigns combat damage): an attacker blocked by a creature with banding has its damage
  divided by the defending player, among any creatures blocking it (none to the player, even
  with trample: 702.22j names only the blocking creatures); a blocker blocking a creature
  with banding has its damage divided by the active player among the creatures it blocks.
  The chooser's scripted answer is a mapping {creature: amount} adding up to the power
  (510.1e); unanswered, all of it goes to the creature best able to take it (most toughness
  left, an indestructible one first), the choice that loses the chooser the fewest creatures.

Not modelled: "bands with other [quality]" (702.22b-c's second form; no keyword row); 702.22i
(an effect making one member of a band blocked: no effect of the engine does that yet).
"""

from __future__ import annotations

from typing import Any

from rules_engine import compiled, registry
from rules_engine.decisions import match_option
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject

_KEY = "bands"  # game.__dict__: [[(creature, its timestamp, what the band attacks), ...], ...]


def has_banding(obj: GameObject) -> bool:
    """702.22a (702.22m: more instances are redundant)."""
    return compiled.has_keyword(obj, "banding")


def band_of(game: Game, obj: GameObject) -> list[GameObject]:
    """The other members of ``obj``'s band still in it (702.22e-f), or []."""
    for band in game.__dict__.get(_KEY, ()):
        members = [o for o, stamp, defender in band
                   if o.timestamp == stamp and o.zone == "battlefield"
                   and o.attacking is defender and defender is not None]
        if obj in members:
            return [o for o in members if o is not obj]
    return []


def _members_answer(game: Game, player: str, prompt: str,
                    options: list[GameObject]) -> list[GameObject]:
    """The other members: a list answer at once, else one answer each (``none`` stops)."""
    queue = game.decider.queues.get(player)
    if queue and isinstance(queue[0], list):
        return [match_option(player, prompt, a, options) for a in queue.popleft()]
    chosen: list[GameObject] = []
    while True:
        left = [o for o in options if o not in chosen and (
            has_banding(o) or all(has_banding(c) for c in chosen))]
        if not left:
            return chosen
        pick = game.decider.choose(player, prompt, left, optional=True)
        if pick is None:
            return chosen
        chosen.append(pick)


def declare_bands(game: Game, attacks: dict[GameObject, Any]) -> None:
    """702.22c-d: the attacking player declares the bands as attackers are declared."""
    bands: list[list[tuple[GameObject, int, Any]]] = []
    game.__dict__[_KEY] = bands
    if len(attacks) < 2 or not any(has_banding(o) for o in attacks):
        return
    banded: set[int] = set()
    for leader in attacks:
        if id(leader) in banded or not has_banding(leader):
            continue
        player = leader.controller.name
        defender = attacks[leader]
        options = [o for o, d in attacks.items() if d is defender and o is not leader
                   and id(o) not in banded]
        if not options or not game.decider.may(player, f"{leader.name} attacks in a band "
                                                       "(702.22c)"):
            continue
        others = _members_answer(game, player, f"other creatures in {leader.name}'s band",
                                 options)
        if len({id(o) for o in others}) != len(others):
            raise IllegalActionError("702.22c", "a creature is named twice in one band")
        if sum(1 for o in (leader, *others) if not has_banding(o)) > 1:
            raise IllegalActionError("702.22c", "a band has at most one creature without "
                                                "banding")
        if not others:
            continue
        band = [(o, o.timestamp, defender) for o in (leader, *others)]
        banded.update(id(o) for o in (leader, *others))
        bands.append(band)
        game.log("band_declared", player=leader.controller, objs=[leader, *others],
                 defender=defender)


def band_blocks(game: Game) -> None:
    """702.22h: each creature blocking a member of a band blocks every member of it."""
    if not game.__dict__.get(_KEY):
        return
    for blocker in [o for o in game.battlefield if o.blocking]:
        for attacker in list(blocker.blocking):
            for mate in band_of(game, attacker):
                if mate not in blocker.blocking:
                    blocker.blocking.append(mate)
                    mate.blockers.append(blocker)
                    mate.blocked = True


def _default(targets: list[GameObject], power: int) -> list[tuple[Any, int]]:
    """All of it to the creature best able to take it (indestructible, then toughness left)."""
    best = max(targets, key=lambda o: (compiled.has_keyword(o, "indestructible"),
                                       o.toughness - o.damage))
    return [(best, power)]


def banding_division(game: Game, source: GameObject, live: list[GameObject],
                     power: int) -> list[tuple[Any, int]] | None:
    """702.22j-k: the division of ``source``'s combat damage among ``live`` (the creatures
    blocking it, or those it blocks) when banding gives it to the other player, else None."""
    if not live:
        return None
    if source.attacking is not None:
        if not any(has_banding(b) for b in live):
            return None
        chooser = live[0].controller  # 702.22j: the defending player
    else:
        if not any(has_banding(a) for a in live):
            return None
        chooser = game.active  # 702.22k: the active player
    queue = game.decider.queues.get(chooser.name)
    answer = queue[0] if queue else None
    if isinstance(answer, dict):
        try:
            division = [(match_option(chooser.name, f"combat damage of {source.name}", k, live),
                         int(v)) for k, v in answer.items()]
        except Exception:  # noqa: BLE001 - the mapping answers a later decision
            division = None
        if division is not None:
            if sum(n for _, n in division) != power or any(n < 0 for _, n in division):
                raise IllegalActionError("702.22j", f"{source.name}'s combat damage must be "
                                                    f"divided as {power} in all")
            queue.popleft()
            game.log("banding_damage_divided", obj=source, player=chooser)
            return division
    game.log("banding_damage_divided", obj=source, player=chooser)
    return _default(live, power)


registry.provide(declare_bands=declare_bands, band_blocks=band_blocks,
                 banding_division=banding_division)
