"""Mutate (702.140) and merged permanents (730).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.140a: "Mutate [cost]" means "You may pay [cost] rather than pay this spell's mana cost.
  If you do, it becomes a mutating creature spell and targets a non-Human creature with the
  same owner as this spell": an alternative cost (118.9) offered by ``casting.py`` through
  ``registry.ALTERNATIVE_COSTS``, with the target added to the spell's targets (601.2c,
  ``casting`` asks :func:`spell_targets`).
- 601.3: "You may cast ~ from your graveyard using its mutate ability" (a permission for that
  cost only, ``registry.GRAVEYARD_CASTS``).
- 702.140b: as it begins resolving, if its target is illegal, it ceases to be a mutating
  creature spell and resolves as a creature spell (``turn.resolve_top`` asks
  :func:`target_illegal`).
- 702.140c / 730.2: with a legal target it doesn't enter the battlefield: it merges with the
  creature, on top or under as its controller chooses (``turn.resolve_top`` asks
  :func:`merge`). The permanent stays the same object (730.2b-c: it has not just entered, no
  enters trigger, its summoning sickness and the effects on it stay).
- 702.140e / 730.2a: the merged permanent has the characteristics of its topmost component (a
  copiable effect timestamped as they merge: a ``Mod`` with ``copy_face``, layer 1) and all
  abilities of every component (a ``Mod`` with the others' abilities and keywords).
- 702.140d: "Whenever this creature mutates" triggers as a spell merges with it (the event
  ``mutated``, read by ``trigger_events`` as an object action).
- "the number of times ~ has mutated" (an amount, 107.3a): the permanent's components beyond
  the first (:func:`times_mutated`).
- 730.2d: the merged permanent is a token only if its topmost component is one.
- 730.3: when a merged permanent leaves the battlefield each component goes to that zone
  (``Game.move`` asks :func:`left_battlefield`).
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine import amounts, casting, compiled, registry
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Mod, Player

_MUTATING = "mutating"  # choices_made key on the spell: cast for its mutate cost
_MERGED = "merged"  # choices_made key on the permanent: its components, top first
_OWN_TOKEN = "merged_own_token"  # choices_made key: whether its own component is a token
_UNTIL = "merged"  # the Mods' duration tag: while it is a merged permanent
_PENDING = "mutate_casting"  # game.__dict__ key: the spell being cast for its mutate cost

# 702.140a: "target non-Human creature with the same owner as this spell"
_TARGET = ab.Target(kind="creature", filter=ab.ObjectFilter(
    card_types=("Creature",), excluded_subtypes=("Human",), owner="you", zone="battlefield",
    text="non-Human creature you own"), text="target non-Human creature you own")


def _candidates(game: Game, player: Player) -> bool:
    return any(o.is_creature and o.owner is player and "Human" not in o.subtypes
               for o in game.battlefield)


def _offer(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    if game.__dict__.get(_PENDING) is obj:
        game.__dict__[_PENDING] = None  # (a previous attempt that was refused, 601.2)
    kw = compiled.keyword_ability(obj, "mutate")
    if kw is None or kw.cost is None or kw.cost.mana is None or not _candidates(game, player):
        return None
    mana = kw.cost.mana
    if not casting.can_pay(game, player, parse_cost(mana), 0, obj) or not game.decider.may(
            player.name, f"cast {obj.name} for its mutate cost {mana} (702.140a)"):
        return None
    game.__dict__[_PENDING] = obj
    return mana


def _cast(game: Game, player: Player, spell: GameObject) -> None:
    game.__dict__[_PENDING] = None
    spell.choices_made[_MUTATING] = True
    game.log("cast_mutating", obj=spell, player=player)


def _from_graveyard(game: Game, player: Player, obj: GameObject) -> tuple[Any, ...] | None:
    """601.3 with 702.140a: "You may cast ~ from your graveyard using its mutate ability":
    from its owner's graveyard, only for its mutate cost (and so as a mutating spell)."""
    if obj.owner is not player or obj.zone != "graveyard" or not any(
            isinstance(a, ab.KeywordAbility) and a.name == "cast from graveyard"
            and (a.parameter or "").lower() == "mutate" for a in compiled.object_abilities(obj)):
        return None
    kw = compiled.keyword_ability(obj, "mutate")
    if kw is None or kw.cost is None or kw.cost.mana is None or not _candidates(game, player):
        return None
    game.__dict__[_PENDING] = obj
    return kw.cost.mana, (), False, _cast


def spell_targets(game: Game, obj: GameObject) -> tuple[Any, ...]:
    """The target a mutating creature spell gets as it is cast (702.140a, 601.2c)."""
    return (_TARGET,) if game.__dict__.get(_PENDING) is obj else ()


def target_illegal(game: Game, obj: GameObject) -> bool:
    """702.140b: a mutating creature spell whose target is illegal resolves as a creature
    spell (an exception to 608.2b)."""
    if not obj.choices_made.get(_MUTATING):
        return False
    obj.choices_made[_MUTATING] = False
    obj.targets = []
    game.note(f"{obj.name}'s target is illegal: it resolves as a creature spell (702.140b)")
    return True


def components(obj: GameObject) -> list[GameObject]:
    """The cards and tokens representing ``obj``, topmost first (730.2); just itself unless
    it is merged."""
    return list(obj.choices_made.get(_MERGED) or (obj,))


def times_mutated(obj: GameObject) -> int:
    """How many times the permanent has mutated: components beyond the first (702.140)."""
    return len(components(obj)) - 1


_TIMES = re.compile(r"(?:the number of )?times (?:it|~|this creature) has mutated", re.I)


def _times_amount(game: Game, text: str, controller: Player, source: Any, ctx: Any
                  ) -> int | None:
    """"where X is the number of times ~ has mutated" (107.3a): read from the permanent."""
    if not _TIMES.fullmatch(text.strip()):
        return None
    src = amounts._source(ctx, source)
    return times_mutated(src) if isinstance(src, GameObject) else 0


def merge(game: Game, spell: GameObject) -> bool:
    """702.140c: a mutating creature spell with a legal target merges with it, on top or
    under as its controller chooses; False when the spell is not a mutating one."""
    if not spell.choices_made.get(_MUTATING) or not spell.targets:
        return False
    target = spell.targets[0]
    if not isinstance(target, GameObject) or target.zone != "battlefield":
        return False
    player = spell.controller
    choice = game.decider.choose(player.name, f"put {spell.name} over or under "
                                              f"{target.name} (702.140c)", ["over", "under"])
    parts = components(target)
    if choice == "over":
        parts.insert(0, spell)
    else:
        parts.append(spell)
    spell.zone = "merged"  # 730.2b: it left the stack and is part of the permanent
    spell.choices_made[_MUTATING] = False
    target.choices_made[_MERGED] = parts
    _characteristics(game, target)
    game.log("merged", obj=target, card=spell, position=choice, player=player)
    game.log("mutated", obj=target, player=player)  # 702.140d
    return True


def _characteristics(game: Game, obj: GameObject) -> None:
    """730.2a / 702.140e: the top component's characteristics (a copiable effect) plus the
    abilities of every other component (layer 6)."""
    obj.mods = [m for m in obj.mods if m.until != _UNTIL]
    obj.refresh_face()
    own = obj.face  # the permanent's own values (its card, or what copies it already)
    parts = components(obj)
    faces = [own if p is obj else p.face for p in parts]
    for p in parts:
        if p.card is not None:
            compiled.ensure_compiled(p.card)
    stamp = game.next_timestamp()
    # 730.2d: a merged permanent is a token only if its topmost component is one
    own_token = obj.choices_made.setdefault(_OWN_TOKEN, obj.token)
    obj.token = own_token if parts[0] is obj else parts[0].token
    if parts[0] is not obj:
        obj.mods.append(Mod(copy_face=faces[0], copy_card=parts[0].card, until=_UNTIL,
                            timestamp=stamp))
    under = [(p, f) for p, f in zip(parts[1:], faces[1:], strict=True)]
    granted: list[Any] = []
    keywords: list[str] = []
    for p, face in under:
        granted += [a for a in compiled.face_abilities(p.card, face)
                    if not isinstance(a, ab.KeywordAbility) or a.name != "mutate"]
        keywords += [k for k in face.keywords if k not in keywords]
    if granted or keywords:
        obj.mods.append(Mod(abilities=tuple(granted), keywords=tuple(keywords), until=_UNTIL,
                            timestamp=stamp))
    obj.refresh_face()
    game.sba_dirty = True


def left_battlefield(game: Game, obj: GameObject, to_zone: str) -> None:
    """730.3: one permanent left; each other component is put into the same zone."""
    parts = obj.choices_made.pop(_MERGED, None)
    if not parts:
        return
    # its own component is what it was (730.2d): a token one ceases to exist (704.5d)
    obj.token = obj.choices_made.pop(_OWN_TOKEN, obj.token)
    for part in parts:
        if part is not obj and part.zone == "merged":
            part.zone = "none"
            game.move(part, to_zone)


@registry.state_based(order=7)
def _refused(game: Game) -> bool:
    """A cast refused after the choice (601.2) leaves no mutating target behind."""
    pending = game.__dict__.get(_PENDING)
    if pending is not None and pending.zone != "stack":
        game.__dict__[_PENDING] = None
    return False


# "a mutating creature spell" (702.140a): a spell cast for its mutate cost, still mutating
def _is_mutating(game: Game, obj: Any, source: Any) -> bool:
    """Whether ``obj`` is a mutating creature spell: cast for its mutate cost (marked as the
    cast ends; seen already by "whenever you cast" as it becomes cast, 601.2i)."""
    return isinstance(obj, GameObject) and obj.zone == "stack" and (
        bool(obj.choices_made.get(_MUTATING)) or game.__dict__.get(_PENDING) is obj)


registry.QUALIFIERS["mutating"] = _is_mutating
amounts.register_families((_times_amount,))
registry.register_alternative_cost(_offer, _cast)
registry.GRAVEYARD_CASTS.append(_from_graveyard)
registry.provide(mutate_spell_targets=spell_targets, mutate_target_illegal=target_illegal,
                 mutate_merge=merge, mutate_left_battlefield=left_battlefield)
