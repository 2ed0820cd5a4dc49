"""Restrictions an effect sets for a duration ("can't attack", "can't cast"; 611.2) and
skipping turns, steps and phases (614.10).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import combat, registry
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects, _players, _until
from rules_engine.objects import Mod
from rules_engine.statics_players import CANT_CAST_TURN


def h_skip(ctx: Ctx, eff: Any) -> None:
    """614.10: "skip your next turn / untap step / draw step / combat phase"."""
    for p in _players(ctx, eff.player):
        ctx.game.skips.append([p, eff.what])
        ctx.game.log("will_skip", player=p, what=eff.what)


def h_restriction(ctx: Ctx, eff: ab.Restriction) -> None:
    """101.2: "can't" effects from resolving spells; only players' casting is modelled."""
    game = ctx.game
    if eff.kind == "cant_cast" and eff.duration is not None:
        only = eff.filter is not None and (eff.filter.card_types or eff.filter.excluded_types or
                                           eff.filter.subtypes or eff.filter.colors or
                                           len(eff.filter.qualifiers) > 1)
        for p in _players(ctx, eff.subject):
            if only:  # "can't cast noncreature spells this turn": only those (statics_players)
                game.__dict__.setdefault(CANT_CAST_TURN, []).append(
                    (p, eff.filter, game.turn, _source_obj(ctx), eff.text))
            else:
                game.cant_cast.add(p.name)
            game.log("cant_cast_this_turn", player=p)
        return
    if eff.kind == "cant_gain_life" and eff.duration is not None and \
            eff.duration.kind in ("this_turn", "end_of_turn"):
        # 119.7 / 611.2c: "Players can't gain life this turn", "Your opponents can't gain life
        # this turn": the players are fixed now; Game.gain_life asks (game.cant_gain_life)
        players = _players(ctx, eff.subject)
        if eff.subject is not None and eff.subject.kind == "each" and not players:
            players = list(game.living)
        kept = game.__dict__.setdefault("cant_gain_life", [])
        for p in players:
            kept.append((p.name, game.turn))
            game.log("cant_gain_life_this_turn", player=p)
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
    if eff.kind in ("must_block_source", "cant_block_source"):
        # "Target creature blocks ~ this turn if able" (509.1c) / "... can't block ~ this turn"
        # (509.1b): about that creature and this ability's source
        src = _source_obj(ctx)
        for obj in _objects(ctx, eff.subject):
            if obj.zone == "battlefield" and src is not None:
                combat.add_block_duty(game, "must" if eff.kind == "must_block_source" else
                                      "cant", obj, src)
        return
    if eff.kind == "doesnt_untap_next":
        # 502.3 / 614.10-style: "doesn't untap during its controller's next untap step"
        pending = game.__dict__.setdefault("skip_next_untap", [])
        for obj in _objects(ctx, eff.subject):
            if obj.zone == "battlefield":
                pending.append((obj, obj.timestamp))
                game.log("wont_untap", obj=obj)
        return
    if eff.kind == "cant_be_countered" and eff.subject is not None and \
            eff.subject.kind == "next_spell":
        # "The next spell you cast this turn can't be countered": the first matching spell
        # cast after now (the game log position), this turn (effects.spells.cant_be_countered)
        game.__dict__.setdefault("uncounterable_next", []).append(
            (ctx.controller, eff.subject.filter, game.turn, len(game.events)))
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
    if eff.kind in ("cast_from_graveyard", "play_lands_from_graveyard") and \
            eff.duration is not None:
        # "Until end of turn, you may play lands and cast spells from your graveyard": the
        # player's permission for this turn (611.2a; statics_more.timed_permissions)
        src = _source_obj(ctx)
        for p in _players(ctx, eff.subject):
            game.__dict__.setdefault("timed_permissions", []).append((p, src, eff, game.turn))
        return
    if eff.kind == "no_max_hand_size":
        for p in _players(ctx, eff.subject):
            p.max_hand_size = 10 ** 6  # 402.2: no maximum hand size
        return
    game.note(f"restriction '{eff.text}' ({eff.kind}) is not enforced by this engine")


# "can't" restrictions on objects that statics.restricted() enforces (combat asks it)
_OBJECT_RESTRICTIONS = frozenset({"cant_block", "cant_be_blocked", "cant_attack", "doesnt_untap",
                                  "attack_despite_defender", "block_additional",
                                  "blocked_only_by", "cant_be_blocked_except_by_n",
                                  "cant_be_blocked_by", "attacks_each_combat",
                                  "must_be_blocked", "must_be_blocked_by_all_able",
                                  "blocks_if_able", "cant_be_regenerated",
                                  # "until end of turn, creatures you control with toughness
                                  # greater than their power assign combat damage equal to
                                  # their toughness" (510.1a; the creatures fixed, 611.2c)
                                  "assigns_damage_by_toughness"})


registry.register_effects({
    ab.Restriction: h_restriction,
    ab.Skip: h_skip,
})
