"""Effects about players that the player-subject verb phrases of
:mod:`rules_engine.text.verbs_players` compile to (helper eff1, issue 12).

- :class:`~rules_engine.records.SetLifeTotal`: 119.5, a player's life total becoming a number
  is that player gaining or losing the difference (a gain that a "can't gain life" effect
  stops, 119.7, as ``Game.gain_life`` does). Every player's new total is computed before any
  changes ("each player's life total becomes the number of creatures they control"), with
  "they"/"their" the player it is computed for.
- :class:`~rules_engine.records.RevealTop`: 701.20a, each player reveals the top cards of their
  library (in turn order, 101.4); all of them are "the cards revealed this way" (608.2c).
- :class:`~rules_engine.records.ExtraLandPlays`: 305.2a, more land plays this turn, counted by
  ``casting.land_plays_allowed`` from ``Game.extra_land_plays`` (player name, turn) -> count.
- :class:`~rules_engine.records.PutFromHandOnTop`: each player named chooses cards from their own
  hand (608.2d: the player the instruction names makes the choice) and puts them on top of
  their library (401.4).
- :class:`~rules_engine.records.PutTopOrBottom`: the chooser picks the top or the bottom of the
  owner's library (608.2d, 401.4); unanswered, the top.
- :class:`~rules_engine.records.RevealAtRandom`: one card of the player's hand, picked by the
  game's seeded generator (so a game replays the same), revealed (701.20a); it is "that card".
- :class:`~rules_engine.records.ReturnAttached`: an Aura returned from a zone onto the
  battlefield attached to an object (303.4f); one that can't legally enchant it stays where
  it is (303.4g); a non-Aura, non-Equipment permanent enters unattached (303.4h).
- :class:`~rules_engine.records.ChooseFromZones`: a card chosen among several zones of a player
  ("from that player's graveyard or hand", 608.2d); it is "it" for the next instruction.
"""

from __future__ import annotations

from rules_engine import permanents, records, registry, targeting
from rules_engine.conditions import note_life_lost
from rules_engine.context import Ctx
from rules_engine.effects.control import can_attach
from rules_engine.effects.core import _amount_for, _objects, _players, amount
from rules_engine.effects.zones import put_nth_from_top
from rules_engine.sba import _enchant_allows


def h_set_life_total(ctx: Ctx, eff: records.SetLifeTotal) -> None:
    """119.5: gain or lose the difference between the new total and the current one."""
    game = ctx.game
    players = _players(ctx, eff.player)
    new = [(p, _amount_for(ctx, eff.amount, p)) for p in players]
    for p, n in new:
        if n > p.life:
            game.gain_life(p, n - p.life)
        elif n < p.life:
            game.lose_life(p, p.life - n)
            note_life_lost(game, p)  # 702.179d


def h_reveal_top(ctx: Ctx, eff: records.RevealTop) -> None:
    """701.20a: reveal; the revealed cards are what "this way" counts next (608.2c)."""
    game = ctx.game
    revealed = []
    for p in _players(ctx, eff.player):
        top = list(p.library[:_amount_for(ctx, eff.amount, p)])
        for card in top:
            game.log("revealed", obj=card, player=p)
        revealed += top
    ctx.those = revealed
    ctx.count = len(revealed)


def h_extra_land_plays(ctx: Ctx, eff: records.ExtraLandPlays) -> None:
    """305.2a: that many additional land plays this turn."""
    game = ctx.game
    table = game.__dict__.setdefault("extra_land_plays", {})
    n = amount(ctx, eff.amount)
    for p in _players(ctx, eff.player):
        key = (p.name, game.turn)
        table[key] = table.get(key, 0) + max(0, n)
        game.log("extra_land_plays", player=p, amount=n)


def h_put_from_hand_on_top(ctx: Ctx, eff: records.PutFromHandOnTop) -> None:
    """The named player picks the cards (608.2d) and puts them on top of their library."""
    game = ctx.game
    moved = []
    for p in _players(ctx, eff.player):
        n = min(_amount_for(ctx, eff.amount, p), len(p.hand))
        chosen = game.decider.choose_many(p.name, f"cards to put on top ({eff.text})",
                                          list(p.hand), n)
        for card in chosen:
            game.move(card, "library", top=True)
            moved.append(card)
    ctx.those = moved


_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}


def h_put_top_or_bottom(ctx: Ctx, eff: records.PutTopOrBottom) -> None:
    """The chooser names top or bottom; the object goes there in its owner's library."""
    game = ctx.game
    objects = _objects(ctx, eff.subject)
    choosers = _players(ctx, eff.chooser) or [ctx.controller]
    for obj in objects:
        if obj.zone not in ("battlefield", "graveyard", "hand", "exile", "stack"):
            continue
        where = game.decider.choose(choosers[0].name, f"top or bottom ({eff.text})",
                                    list(eff.choices))
        owner = obj.owner
        game.move(obj, "library", top=where != "bottom")
        if where.endswith(" from the top"):
            put_nth_from_top(owner, obj, _ORDINALS.get(where.split()[0], 1))



def h_reveal_at_random(ctx: Ctx, eff: records.RevealAtRandom) -> None:
    """701.20a: a card at random from the hand; "that card" is it (608.2c)."""
    game = ctx.game
    revealed = []
    for p in _players(ctx, eff.player):
        if p.hand:
            card = game.rng.choice(list(p.hand))
            game.log("revealed", obj=card, player=p)
            revealed.append(card)
    ctx.those = revealed
    if revealed:
        ctx.it = revealed[-1]


def h_return_attached(ctx: Ctx, eff: records.ReturnAttached) -> None:
    """303.4f-h: onto the battlefield attached to the object the effect names."""
    game = ctx.game
    found = _objects(ctx, eff.attach_to)
    to = found[0] if found else None
    for obj in _objects(ctx, eff.subject):
        if obj.zone != eff.from_zone:
            continue
        aura = "Aura" in obj.face.subtypes
        attachable = aura or "Equipment" in obj.face.subtypes
        legal = to is not None and to.zone == "battlefield" and can_attach(game, obj, to) and (
            not aura or _enchant_allows(obj, to))
        if aura and not legal:
            game.note(f"{obj.name} can't enchant that: it stays in its zone (303.4g)")
            continue
        permanents.enter_battlefield(game, obj, ctx.controller)
        if attachable and legal:
            obj.attached_to = to
            game.log("attached", obj=obj, to=to)


def h_choose_from_zones(ctx: Ctx, eff: records.ChooseFromZones) -> None:
    """608.2d: the chooser picks one matching card among those zones."""
    game = ctx.game
    chooser = (_players(ctx, eff.chooser) or [ctx.controller])[0]
    owners = _players(ctx, eff.owner) or [ctx.controller]
    options = [o for p in owners for zone in eff.zones for o in getattr(p, zone, [])
               if targeting.matches(game, o, eff.filter, chooser, None, zone_check=False)]
    pick = game.decider.choose(chooser.name, f"card to choose ({eff.text})", options)
    if pick is not None:
        ctx.it = pick
        ctx.those = [pick]


registry.register_effects({
    records.SetLifeTotal: h_set_life_total,
    records.RevealTop: h_reveal_top,
    records.ExtraLandPlays: h_extra_land_plays,
    records.PutFromHandOnTop: h_put_from_hand_on_top,
    records.PutTopOrBottom: h_put_top_or_bottom,
    records.RevealAtRandom: h_reveal_at_random,
    records.ReturnAttached: h_return_attached,
    records.ChooseFromZones: h_choose_from_zones,
})
