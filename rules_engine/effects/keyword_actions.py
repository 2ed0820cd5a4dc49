"""Keyword actions (701) through :data:`rules_engine.registry.KEYWORD_ACTIONS`: proliferate,
learn, monstrosity, adapt, bolster, connive, regenerate, saddle, flip, cascade, investigate; a
mechanic adds its own (phasing's "phase out", miracle).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, statics
from rules_engine.combat import _poison
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects, _players, amount, resolve_ref
from rules_engine.effects.library import _any_number
from rules_engine.effects.tokens import predefined_token
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player


def h_keyword_action(ctx: Ctx, eff: Any) -> None:
    """701 keyword actions the engine knows; others are reported."""
    name = eff.name.lower()
    game = ctx.game
    if name == "investigate":
        face, card = predefined_token(game, "clue")
        for p in _players(ctx, eff.subject) or [ctx.controller]:
            game.create_token(p, face, card=card)
        return
    handler = KEYWORD_ACTION_HANDLERS.get(name)
    if handler is not None:
        handler(ctx, eff)
        return
    game.note(f"keyword action '{eff.name}' is not run by this engine")


def _ka_proliferate(ctx: Ctx, eff: Any) -> None:
    """701.34a: choose any number of permanents and/or players with counters; each gets one
    more counter of each kind it already has. Unanswered (and for a policy): the
    controller's own permanents and every opponent with counters (the usual choice)."""
    game = ctx.game
    p = ctx.controller
    options = [o for o in game.permanents() if any(n > 0 for n in o.counters.values())]
    poisoned = [q for q in game.living if _poison_of(game, q) > 0]
    queue = game.decider.queues.get(p.name)
    if queue:
        chosen = _any_number(game, p.name, "permanents and players to proliferate",
                             options + poisoned)
    else:
        chosen = [o for o in options if o.controller is p and not any(
            k == "-1/-1" and n > 0 for k, n in o.counters.items())] + \
            [q for q in poisoned if q is not p]
    for x in chosen:
        if isinstance(x, GameObject):
            for kind, n in list(x.counters.items()):
                if n > 0:
                    x.counters[kind] = n + 1
                    game.log("counters_put", obj=x, counter=kind, amount=1)
        else:
            _poison(game, x, 1)
    game.log("proliferated", player=p, count=len(chosen))


def _poison_of(game: Game, player: Player) -> int:
    return game.__dict__.get("poison_counters", {}).get(player.name, 0)


def _ka_learn(ctx: Ctx, eff: Any) -> None:
    """701.48a: you may discard a card; if you do, draw a card. (Lesson cards from outside the
    game are not modelled: a game here has no sideboard.)"""
    game = ctx.game
    for p in _players(ctx, eff.subject) or [ctx.controller]:
        if p.hand and game.decider.may(p.name, "learn: discard a card to draw a card"):
            card = game.decider.choose(p.name, "card to discard (learn)", list(p.hand))
            if card is not None:
                game.discard(p, card)
                game.draw(p, 1)
        game.log("learned", player=p)


def _designated(game: Game, key: str, obj: GameObject) -> bool:
    return any(o is obj and t == obj.timestamp for o, t in game.__dict__.get(key, ()))


def _ka_monstrosity(ctx: Ctx, eff: Any) -> None:
    """701.37a: if this permanent isn't monstrous, put N +1/+1 counters on it and it becomes
    monstrous (701.37b: a designation kept until it leaves the battlefield)."""
    game = ctx.game
    n = amount(ctx, eff.amount, 0)
    for obj in [_source_obj(ctx)] if eff.subject is None or eff.subject.kind == "you" \
            else _objects(ctx, eff.subject):
        if not isinstance(obj, GameObject) or obj.zone != "battlefield" or \
                _designated(game, "monstrous", obj):
            continue
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + game.counters_to_put(obj, "+1/+1", n)
        game.__dict__.setdefault("monstrous", []).append((obj, obj.timestamp))
        game.log("became_monstrous", obj=obj, amount=n)


def _ka_adapt(ctx: Ctx, eff: Any) -> None:
    """701.46a: if this permanent has no +1/+1 counters on it, put N +1/+1 counters on it."""
    n = amount(ctx, eff.amount, 0)
    obj = _source_obj(ctx)
    if isinstance(obj, GameObject) and obj.zone == "battlefield" and \
            not obj.counters.get("+1/+1", 0):
        obj.counters["+1/+1"] = n
        ctx.game.log("adapted", obj=obj, amount=n)


def _ka_bolster(ctx: Ctx, eff: Any) -> None:
    """701.39a: N +1/+1 counters on a creature you control with the least toughness."""
    game = ctx.game
    mine = [o for o in game.permanents(ctx.controller) if o.is_creature]
    if not mine:
        return
    least = min(o.toughness for o in mine)
    pick = game.decider.choose(ctx.controller.name, "creature to bolster",
                               [o for o in mine if o.toughness == least])
    n = amount(ctx, eff.amount, 0)
    pick.counters["+1/+1"] = pick.counters.get("+1/+1", 0) + game.counters_to_put(pick, "+1/+1", n)
    game.log("bolstered", obj=pick, amount=n)


def _ka_connive(ctx: Ctx, eff: Any) -> None:
    """701.50a: draw a card, then discard a card; a nonland discard puts a +1/+1 counter on
    the conniving permanent."""
    game = ctx.game
    objs = [o for o in resolve_ref(ctx, eff.subject) if isinstance(o, GameObject)] \
        if eff.subject is not None and eff.subject.kind != "you" else [_source_obj(ctx)]
    for obj in objs:
        if not isinstance(obj, GameObject):
            continue
        p = obj.controller
        game.draw(p, 1)
        card = game.decider.choose(p.name, "card to discard (connive)", list(p.hand))
        if card is not None:
            game.discard(p, card)
            if not card.is_land and obj.zone == "battlefield":
                obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + \
                    game.counters_to_put(obj, "+1/+1", 1)
        game.log("connived", obj=obj)


def _ka_regenerate(ctx: Ctx, eff: Any) -> None:
    """701.19a: a regeneration shield for this turn (used by :func:`regenerate`)."""
    game = ctx.game
    subject = eff.subject if eff.subject is not None and eff.subject.kind != "you" \
        else ab.Ref("self")
    shields = game.__dict__.setdefault("regeneration", [])
    for obj in _objects(ctx, subject):
        if obj.zone == "battlefield":
            shields.append((obj, obj.timestamp, game.turn))
            game.log("regeneration_shield", obj=obj)


def umbra_armor(game: Game, obj: GameObject) -> bool:
    """702.89a: umbra armor (formerly totem armor) on an Aura means "If enchanted permanent
    would be destroyed, instead remove all damage marked on it and destroy this Aura." True
    when an Aura attached to ``obj`` was destroyed instead (its controller picks one, 616.1)."""
    if not any(o.attached_to is obj for o in game.battlefield):
        return False
    umbras = [o for o in game.battlefield if o.attached_to is obj and (
        compiled.keyword_ability(o, "umbra armor") is not None
        or compiled.keyword_ability(o, "totem armor") is not None)]
    if not umbras:
        return False
    aura = umbras[0] if len(umbras) == 1 else game.decider.choose(
        obj.controller.name, "Aura with umbra armor to destroy instead (702.89a)", umbras)
    obj.damage = 0
    obj.deathtouch_damage = False
    game.move(aura, "graveyard")
    game.log("umbra_armor", obj=obj, aura=aura)
    return True


def regenerate(game: Game, obj: GameObject) -> bool:
    """701.19a: if ``obj`` has a regeneration shield this turn, use it instead of destroying
    it: remove all damage, tap it, remove it from combat. True when it was regenerated (or,
    first, when umbra armor replaced the destruction, 702.89a)."""
    if umbra_armor(game, obj):
        return True
    if statics.restricted(game, "cant_be_regenerated", obj):
        return False  # 701.19c: "can't be regenerated" (this turn, after damage)
    shields = game.__dict__.get("regeneration")
    if not shields:
        return False
    for i, (o, stamp, turn) in enumerate(shields):
        if o is obj and stamp == obj.timestamp and turn == game.turn:
            del shields[i]
            obj.damage = 0
            obj.deathtouch_damage = False
            obj.tapped = True
            if obj.attacking is not None or obj.blocking:  # 506.4
                for att in obj.blocking:
                    if obj in att.blockers:
                        att.blockers.remove(obj)
                obj.attacking = None
                obj.blocking = []
            game.log("regenerated", obj=obj)
            return True
    return False


def _ka_saddle(ctx: Ctx, eff: Any) -> None:
    """702.171b: the Mount becomes saddled until end of turn (a designation; "attacks while
    saddled" and "is saddled" look at it)."""
    game = ctx.game
    subject = getattr(eff, "subject", None)
    objs = _objects(ctx, subject) if subject is not None and subject.kind not in (
        "you", "self") else [_source_obj(ctx)]  # "Target Mount you control becomes saddled"
    for obj in objs:
        if isinstance(obj, GameObject) and obj.zone == "battlefield":
            game.__dict__.setdefault("saddled", []).append((obj, obj.timestamp))
            game.__dict__.setdefault("saddled_turn", {})[id(obj)] = game.turn
            game.log("saddled", obj=obj)


def _ka_flip(ctx: Ctx, eff: Any) -> None:
    """710.2, 710.4: flip a flip card: its flipped half's characteristics apply until it leaves
    the battlefield (a permanent already flipped, or not a flip card, doesn't flip)."""
    game = ctx.game
    subject = eff.subject if eff.subject is not None and eff.subject.kind != "you" \
        else ab.Ref("self")
    for obj in _objects(ctx, subject):
        card = obj.card
        if obj.zone != "battlefield" or card is None or card.layout != "flip" or \
                obj.transformed or obj.copy_values is not None:
            continue
        obj.transformed = True
        game.log("flipped", obj=obj)


def _ka_cascade(ctx: Ctx, eff: Any) -> None:
    """702.85a: cascade's trigger resolving. "This spell's mana value" is the spell's, or its
    last known value once it left the stack (608.2h); the exiled nonland card with a smaller
    mana value may be cast without paying its mana cost (118.9) during the resolution (608.2g)
    if the resulting spell's mana value is smaller too; the other exiled cards go to the
    bottom in a random order."""
    game = ctx.game
    player = ctx.controller
    spell = ctx.source
    if spell is None:
        return
    limit = game.mana_value_of(spell)
    exiled: list[GameObject] = []
    hit = None
    while player.library:
        card = player.library[0]
        game.move(card, "exile")
        exiled.append(card)
        if not card.is_land and game.mana_value_of(card) < limit:
            hit = card
            break
    game.log("cascaded", player=player, obj=spell, count=len(exiled))
    if hit is not None and game.decider.may(player.name, f"cast {hit.name} without paying its "
                                                         "mana cost (cascade, 702.85a)"):
        try:
            casting.put_on_stack_as_cast(game, player, hit, None)
            game.log("cast_without_paying", obj=hit, player=player)
        except IllegalActionError as exc:  # no legal targets (601.2c): it stays exiled
            game.note(f"{hit.name} can't be cast: {exc}")
    rest = [c for c in exiled if c.zone == "exile"]
    game.rng.shuffle(rest)
    for card in rest:
        game.move(card, "library", top=False)


# name -> handler; mechanics add theirs ("phase out": mechanics/phasing.py, "miracle":
# mechanics/miracle.py)
KEYWORD_ACTION_HANDLERS = registry.KEYWORD_ACTIONS
registry.register_keyword_actions({
    "cascade": _ka_cascade,
    "saddle": _ka_saddle, "flip": _ka_flip,
    "proliferate": _ka_proliferate, "learn": _ka_learn, "monstrosity": _ka_monstrosity,
    "adapt": _ka_adapt, "bolster": _ka_bolster, "connive": _ka_connive,
    "regenerate": _ka_regenerate,
})


KEYWORD_ACTIONS = {"phase out", "investigate", "proliferate", "learn", "monstrosity", "adapt",
                   "bolster", "connive", "regenerate", "saddle", "flip", "cascade",
                   "miracle", "become plotted"}


registry.register_effects({
    ab.KeywordAction: h_keyword_action,
})


registry.provide(regenerate=regenerate)
