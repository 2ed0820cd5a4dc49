"""Keyword abilities (702) defined by their rule: poisonous, provoke, demonstrate,
recover, amplify, vanishing without a number, and the digital double team.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.70a poisonous: "Whenever this creature deals combat damage to a player, that player gets
  N poison counters" (its rule's words, compiled: ``KEYWORD_TEXTS``; 122.1f, 704.5c).
- 702.39a provoke: "Whenever this creature attacks, you may choose to have target creature
  defending player controls block this creature this combat if able. If you do, untap that
  creature." Compiled from those words (``registry.KEYWORD_TEXTS``): the requirement is a
  509.1c block duty of that pair for this turn (one combat a turn here, so "this combat");
  702.39b: each instance triggers separately (each is its own ability).
- 702.144a demonstrate: "When you cast this spell, you may copy it and you may choose new
  targets for the copy. If you copy the spell, choose an opponent. That player copies the
  spell and may choose new targets for that copy." A cast trigger working from the stack
  (113.6k) whose "demonstrate" keyword action makes both copies (707.10, 707.10c); the
  opponent controls the second copy.
- 702.59a recover: "When a creature is put into your graveyard from the battlefield, you may
  pay [cost]. If you do, return this card from your graveyard to your hand. Otherwise, exile
  this card." A triggered ability that works only while the card is in its owner's graveyard
  (113.6m: ``triggers.works_from_graveyard`` reads its "return this card from your graveyard").
- 702.38a amplify: "As this object enters, reveal any number of cards from your hand that share
  a creature type with it. This permanent enters with N +1/+1 counters on it for each card
  revealed this way." (614.1c: part of how it enters; the card itself is not in the hand);
  702.38b: each instance works separately (each is its own replacement).
- 702.69a gravestorm: "When you cast this spell, copy it for each permanent that was put into a
  graveyard from the battlefield this turn. If the spell has any targets, you may choose new
  targets for any of the copies." A cast trigger working from the stack (113.6k), counted from
  this turn's event log as it resolves (the amount grammar of ``amount_families``).
- double team (digital-only, Alchemy; no Comprehensive Rules number): "When this creature
  attacks, if it's not a token, conjure a duplicate of it into your hand. Then both cards
  perpetually lose double team." The duplicate is a new card of the same name owned by the
  attacking creature's controller, carrying the creature's perpetual changes; the loss is a
  perpetual modification (kept through zone changes, like every "perpetually" effect here).
"""

from __future__ import annotations

import copy
from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.objects import GameObject, Mod

registry.register_keyword_texts({
    # 702.70a
    "poisonous": ("Whenever this creature deals combat damage to a player, that player gets "
                  "{n} poison counters.",),
    # 702.39a
    "provoke": ("Whenever this creature attacks, you may have target creature defending player "
                "controls block this creature this turn if able. If you do, untap that "
                "creature.",),
})

# 702.63b: "Vanishing without a number means 'At the beginning of your upkeep, if this
# permanent has a time counter on it, remove a time counter from it' and 'When the last time
# counter is removed from this permanent, sacrifice it.'" (the sacrifice as the numbered form's
# definition in keywords_more reads it: the upkeep removal's own consequence)
registry.KEYWORD_TEXTS_UNNUMBERED["vanishing"] = (
    "At the beginning of your upkeep, if this permanent has a time counter on it, remove a time "
    "counter from it. Then if it has no time counters on it, sacrifice it.",)

_SELF = ab.Ref("self", text="this card")


# -- 702.144 demonstrate --------------------------------------------------------------------------
def _demonstrate(kw: Any) -> tuple[Any, ...]:
    """702.144a: the cast trigger; its effect is the "demonstrate" keyword action."""
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("cast", subject=ab.Ref("self"), player="you", text="you cast ~"),
        effects=(ab.KeywordAction(name="demonstrate", subject=ab.Ref("self"),
                                  text="you may copy it ...; that player copies the spell"),),
        text=kw.text or "Demonstrate"),)


def _ka_demonstrate(ctx: Ctx, eff: Any) -> None:
    """702.144a: you may copy the spell (new targets allowed); if you do, an opponent you
    choose copies it too."""
    game = ctx.game
    spell = ctx.source
    if spell is None or getattr(spell, "zone", None) != "stack":
        return  # the spell has left the stack: nothing to copy (707.10)
    handler = registry.EFFECT_HANDLERS[ab.CopySpell]
    copying = ab.CopySpell(subject=ab.Ref("self"), times=ab.Amount(1), new_targets=True,
                           text="copy it")
    if not game.decider.may(ctx.controller.name, f"copy {spell.name} (demonstrate, 702.144a)"):
        return
    handler(ctx, copying)
    opponents = game.opponents(ctx.controller)
    if not opponents:
        return
    opponent = opponents[0] if len(opponents) == 1 else game.decider.choose(
        ctx.controller.name, "opponent who copies the spell (702.144a)", opponents)
    theirs = copy.copy(ctx)
    theirs.controller = opponent
    handler(theirs, copying)
    game.log("demonstrated", obj=spell, player=ctx.controller, opponent=opponent)


# -- 702.59 recover -------------------------------------------------------------------------------
def _recover(kw: Any) -> tuple[Any, ...]:
    """702.59a, built as its words say (the grammar reads "return ~ from your graveyard" only
    inside a permanent's paragraph)."""
    if kw.cost is None or not kw.cost.parts:
        return ()
    to_hand = ab.MoveToZone(subject=_SELF, to_zone="hand", from_zone="graveyard",
                            text="return this card from your graveyard to your hand")
    exile = ab.MoveToZone(subject=_SELF, to_zone="exile", from_zone="graveyard",
                          text="exile this card")
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("put_into_graveyard", filter=ab.ObjectFilter(
            card_types=("creature",), owner="you", text="creature"), detail="the battlefield",
            text="a creature is put into your graveyard from the battlefield"),
        effects=(ab.MayEffect(effects=(ab.PayCost(cost=kw.cost, text=f"pay {kw.cost.text}"),),
                              if_you_do=(to_hand,), if_you_dont=(exile,),
                              text=f"you may pay {kw.cost.text}"),),
        optional=True, text=kw.text or f"Recover {kw.cost.text}"),)


# -- 702.38 amplify -------------------------------------------------------------------------------
def _amplify(kw: Any) -> tuple[Any, ...]:
    param = (kw.parameter or "").strip()
    if not param.isdigit():
        return ()
    return (ab.EntersReplacement(
        kind="as_enters", effects=(ab.KeywordAction(name="amplify", amount=ab.Amount(int(param)),
                                                    subject=ab.Ref("self"),
                                                    text="reveal ...; N +1/+1 counters each"),),
        subject=ab.Ref("self"), text=kw.text or f"Amplify {param}"),)


def _ka_amplify(ctx: Ctx, eff: Any) -> None:
    """702.38a: the revealed cards share a creature type with the entering permanent."""
    game = ctx.game
    obj = ctx.source
    if not isinstance(obj, GameObject):
        return
    kinds = set(obj.subtypes) if obj.is_creature else set()
    player = ctx.controller
    options = [c for c in player.hand if c is not obj and "Creature" in c.face.types
               and kinds & set(c.face.subtypes)] if kinds else []
    shown = game.decider.choose_many(player.name, f"cards to reveal for {obj.name}'s amplify "
                                                  "(702.38a)", options, len(options),
                                     minimum=0) if options else []
    n = (eff.amount.value or 0) * len(shown)
    for card in shown:
        game.log("revealed", obj=card, player=player)
    if n:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + game.counters_to_put(obj, "+1/+1", n)
        game.log("counters_put", obj=obj, counter="+1/+1", amount=n, player=player)


# -- 702.69 gravestorm ----------------------------------------------------------------------------
_GRAVESTORM_COUNT = "the number of permanents put into a graveyard from the battlefield this turn"


def _gravestorm(kw: Any) -> tuple[Any, ...]:
    copying = ab.CopySpell(subject=ab.Ref("self"), times=ab.Amount(1), new_targets=True,
                           text="copy it")
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("cast", subject=ab.Ref("self"), player="you", text="you cast ~"),
        effects=(ab.Repeat(count=ab.Amount(text=_GRAVESTORM_COUNT), effects=(copying,),
                           text="copy it for each permanent put into a graveyard from the "
                                "battlefield this turn"),),
        text=kw.text or "Gravestorm"),)


# -- double team (Alchemy) ------------------------------------------------------------------------
_NOT_TOKEN = ab.Condition("is_a", filter=ab.ObjectFilter(qualifiers=("token",), text="token"),
                          subject=ab.Ref("self"), negated=True, text="if it's not a token")
_LOSE_DOUBLE_TEAM = ab.LoseAbility(keywords=(ab.KeywordAbility(name="double team"),),
                                   duration=None, text="perpetually lose double team")


def _double_team(kw: Any) -> tuple[Any, ...]:
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("attacks", subject=ab.Ref("self"), text="this creature attacks"),
        condition=_NOT_TOKEN,
        effects=(ab.KeywordAction(name="double team", subject=ab.Ref("self"),
                                  text="conjure a duplicate of it into your hand"),),
        text=kw.text or "Double team"),)


def _ka_double_team(ctx: Ctx, eff: Any) -> None:
    """Conjure a duplicate into your hand; then both perpetually lose double team."""
    game = ctx.game
    obj = ctx.source
    if not isinstance(obj, GameObject) or obj.card is None or obj.token:
        return
    dup = game.new_object(obj.card, ctx.controller, "hand")
    dup.mods = [m for m in obj.mods if m.until == "perpetual" and m.copy_face is None]
    game.log("conjured", player=ctx.controller, obj=dup)
    game.log("cards_conjured", player=ctx.controller, count=1)
    for card in (obj, dup):
        card.mods.append(Mod(abilities=(_LOSE_DOUBLE_TEAM,), until="perpetual",
                             timestamp=game.next_timestamp()))
        card.refresh_face()


registry.register_keyword_builders({"demonstrate": _demonstrate, "recover": _recover,
                                    "double team": _double_team, "amplify": _amplify,
                                    "gravestorm": _gravestorm})
registry.register_keyword_actions({"demonstrate": _ka_demonstrate,
                                   "double team": _ka_double_team, "amplify": _ka_amplify})
