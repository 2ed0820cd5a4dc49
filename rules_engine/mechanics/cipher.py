"""Cipher (702.99): a spell encoded on a creature, cast again whenever it deals combat damage.

702.99a: cipher appears on instants and sorceries and represents two abilities. The first is a
spell ability: "If this spell is represented by a card, you may exile this card encoded on a
creature you control" (the last of the spell's instructions: the keyword is printed last, and
its records follow it). The second is a static ability of that creature: "For as long as this
card is encoded on that creature, that creature has 'Whenever this creature deals combat damage
to a player, you may copy the encoded card and you may cast the copy without paying its mana
cost.'" 702.99b: the card stays encoded while it is in exile and the creature on the
battlefield (the same object, 400.7); 702.99c: the copy is cast during the resolution (608.2g).

The granted trigger is kept as a lasting delayed trigger of the creature (603.7-style, never
used up), checked against the encoding each time it resolves.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, registry
from rules_engine.context import Ctx
from rules_engine.errors import IllegalActionError
from rules_engine.triggers import Delayed


def _cipher(kw: Any) -> tuple[Any, ...]:
    """702.99a, the spell ability (its static half is granted as the card is encoded)."""
    return (ab.SpellAbility(effects=(ab.KeywordAction(
        name="cipher encode", subject=ab.Ref("self"),
        text="you may exile this card encoded on a creature you control"),),
        text="Cipher (702.99a)"),)


def _ka_encode(ctx: Ctx, eff: Any) -> None:
    """702.99a: the card (not a copy) may be exiled encoded on a creature its controller
    controls; the creature gains the combat damage trigger for as long as it stays encoded."""
    game = ctx.game
    spell = ctx.source
    if spell is None or spell.zone != "resolving" or spell.spell_copy or spell.card_copy:
        return  # "if this spell is represented by a card"
    creatures = [o for o in game.battlefield if o.controller is ctx.controller and
                 o.is_creature and not o.phased_out]
    if not creatures or not game.decider.may(ctx.controller.name, f"exile {spell.name} encoded "
                                                                  "on a creature you control "
                                                                  "(702.99a)"):
        return
    creature = game.decider.choose(ctx.controller.name, f"creature to encode {spell.name} on",
                                   creatures)
    game.move(spell, "exile")
    ability = ab.TriggeredAbility(
        trigger=ab.Trigger("deals_combat_damage", subject=ab.Ref("self"), detail="a player",
                           text="this creature deals combat damage to a player"),
        effects=(ab.KeywordAction(name="cipher cast", subject=ab.Ref("self"),
                                  detail=str(spell.oid),
                                  text="you may copy the encoded card and cast the copy"),),
        text=f"Whenever this creature deals combat damage to a player, you may cast a copy of "
             f"{spell.name} (cipher)")
    delayed = Delayed(ability, ctx.controller, creature.name, creature, game.turn)
    delayed.once = False  # for as long as the card is encoded (702.99b)
    game.delayed.append(delayed)
    game.__dict__.setdefault("encoded", []).append((spell, creature, creature.timestamp,
                                                    delayed))
    game.log("encoded", obj=spell, on=creature, player=ctx.controller)


def _ka_cast_copy(ctx: Ctx, eff: Any) -> None:
    """702.99a: the creature dealt combat damage to a player - its controller may copy the
    encoded card and cast the copy without paying its mana cost (707.12, 608.2g)."""
    game = ctx.game
    entries = game.__dict__.get("encoded", [])
    for entry in list(entries):
        card, creature, stamp, delayed = entry
        if str(card.oid) != eff.detail:
            continue
        if card.zone != "exile" or creature.zone != "battlefield" or \
                creature.timestamp != stamp:
            entries.remove(entry)  # 702.99b: no longer encoded
            if delayed in game.delayed:
                game.delayed.remove(delayed)
            return
        player = creature.controller
        if not game.decider.may(player.name, f"cast a copy of the encoded {card.name} without "
                                             "paying its mana cost (702.99a)"):
            return
        copy = game.new_object(card.card, player, "exile")
        copy.card_copy = True  # 707.12: a copy of a card; it ceases to exist off the stack
        game.copies_exist = True
        game.log("card_copied", obj=copy, player=player)
        try:
            casting.put_on_stack_as_cast(game, player, copy, None)
            game.log("cast_without_paying", obj=copy, player=player)
        except IllegalActionError as exc:  # no legal targets (601.2c)
            game.note(f"the copy of {card.name} can't be cast: {exc}")
        return


registry.register_keyword_builders({"cipher": _cipher})
registry.register_keyword_actions({"cipher encode": _ka_encode, "cipher cast": _ka_cast_copy})
