"""Prepare (preparation cards).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 722.2a-b: a preparation card's inset "prepare spell" defines alternative characteristics;
  their existence is part of the copiable values (a token copy of the permanent has them too).
- 722.3: preparation cards can't be cast with the prepare spell's characteristics.
- 722.3a: "becomes prepared" / "enters prepared" gives the prepared designation only to a
  permanent that has a prepare spell and isn't already prepared.
- 722.3b: "becomes unprepared" removes the designation.
- 722.3c: as a permanent becomes prepared (or phases in prepared), its controller creates a copy
  of it in exile with only the prepare spell's characteristics (ignoring other copy
  exceptions); the copy stays in exile only while the permanent is on the battlefield and
  prepared (an exception to 704.5e); the permanent's controller may cast it; the permanent
  becomes unprepared when that spell becomes cast (601.2i).
- 722.3d: a copy of a prepare spell is a prepare spell.
- 722.4: in every zone the card has only its normal characteristics.
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects import copy_source_card
from rules_engine.effects.core import _objects
from rules_engine.game import Game
from rules_engine.objects import GameObject


def _values_card(obj: GameObject):  # -> CardDef | None
    """The card whose characteristics the object has (707.2: a "becomes a copy" effect's)."""
    for m in obj.mods or ():
        if m.copy_face is not None:
            return copy_source_card(obj)
    return obj.card


def has_prepare_spell(obj: GameObject) -> bool:
    """722.2a/b: the object (or what it copies) has a prepare spell's characteristics."""
    card = _values_card(obj)
    return card is not None and card.prepare is not None


def become_prepared(game: Game, obj: GameObject) -> bool:
    """722.3a: give the designation if allowed, and create the exiled copy (722.3c)."""
    if obj.zone != "battlefield" or not has_prepare_spell(obj) or obj.prepared:
        game.note(f"{obj.name} can't become prepared (722.3a)")
        return False
    obj.prepared = True
    game.log("prepared", obj=obj, player=obj.controller)
    if not obj.phased_out:
        make_copy(game, obj)
    return True


def make_copy(game: Game, obj: GameObject) -> GameObject:
    """722.3c: the copy in its controller's exile, with only the prepare spell's characteristics."""
    card = _values_card(obj)  # (what it copies, if it is a copy: 722.2b copiable values)
    assert card is not None and card.prepare is not None
    remove_copy(game, obj)
    creator = obj.controller
    copy = game.new_object(card, creator, "exile")
    copy.copy_values = card.prepare  # 722.3c: these become its normal characteristics
    copy.card_copy = True
    game.copies_exist = True
    copy.is_prepare_spell = True  # 722.3d: and so is any copy of it
    copy.copy_for = obj
    obj.prepared_copy = copy
    game.log("prepare_copy_created", obj=copy, permanent=obj)
    return copy


def remove_copy(game: Game, obj: GameObject) -> None:
    copy = obj.prepared_copy
    obj.prepared_copy = None
    if copy is not None and copy.zone == "exile":
        if copy in copy.owner.exile:
            copy.owner.exile.remove(copy)
        copy.zone = "gone"
        copy.copy_for = None
        game.log("prepare_copy_ceased", obj=copy, permanent=obj)


def become_unprepared(game: Game, obj: GameObject) -> None:
    """722.3b."""
    if not obj.prepared:
        return
    obj.prepared = False
    game.log("unprepared", obj=obj, player=obj.controller)
    remove_copy(game, obj)


def copy_cast(game: Game, spell: GameObject) -> None:
    """601.2i / 722.3c: casting the copy unprepares the permanent (even if later countered)."""
    perm = spell.copy_for
    spell.copy_for = None
    spell.spell_copy = True  # a copy on the stack: ceases to exist elsewhere (704.5e)
    if perm is not None:
        perm.prepared_copy = None


def unprepare_on_cast(game: Game, perm: GameObject) -> None:
    """601.2i: the permanent loses the designation as the copy becomes cast."""
    perm.prepared = False
    game.log("unprepared", obj=perm, player=perm.controller)


def is_kept_copy(obj: GameObject) -> bool:
    """The 704.5e exception of 722.3c: the copy of a prepared permanent on the battlefield."""
    perm = obj.copy_for
    return (perm is not None and obj.zone == "exile" and perm.zone == "battlefield"
            and perm.prepared and perm.prepared_copy is obj)


def check(game: Game) -> bool:
    """Remove copies whose permanent left or became unprepared; copies for phased-in prepared
    permanents that lack one (722.3c: phasing in prepared)."""
    acted = False
    for obj in game.battlefield:
        if obj.prepared and not obj.phased_out and (
                obj.prepared_copy is None or obj.prepared_copy.zone != "exile"):
            make_copy(game, obj)
            acted = True
    return acted


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def h_prepared(ctx: Ctx, eff: ab.BecomePrepared) -> None:
    for obj in _objects(ctx, eff.subject):
        if eff.prepared:
            become_prepared(ctx.game, obj)
        else:
            become_unprepared(ctx.game, obj)


registry.register_effects({
    ab.BecomePrepared: h_prepared,
})


# -- hook points (rules_engine.registry) ---------------------------------------------------------
@registry.state_based(order=1)
def _prepare_sba(game: Game) -> bool:
    # 722.3c: only a prepared permanent can need a copy, and becoming prepared makes one (a
    # card copy: game.copies_exist) unless it is phased out, and phasing in makes it then. A
    # library user may set the designation directly, so only simulated games rely on this.
    return (game.copies_exist or not game.skip_quiet_sba_checks) and check(game)


registry.provide(prepare_remove_copy=remove_copy, prepare_become_prepared=become_prepared,
                 prepare_copy_cast=copy_cast, prepare_unprepare_on_cast=unprepare_on_cast,
                 prepare_is_kept_copy=is_kept_copy)
