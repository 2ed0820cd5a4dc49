"""Effects on spells and casting (601, 701.5 counter, 707.10 copy a spell, permissions to play or
cast, costs to pay on resolution, "unless").
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, statics, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects, _players, _until, amount, resolve_ref, run
from rules_engine.effects.costs import OTHER_COST_KINDS, cost_refusal, pay_costs
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player, StackAbility


def h_play_permission(ctx: Ctx, eff: Any) -> None:
    """601.3 / 305.1: "you may play them this turn" (cards in exile, impulse draw). "You may
    cast one of them" with no duration is a cast during the resolution (608.2g)."""
    if eff.cast_only and eff.duration is None:
        h_cast_free(ctx, eff)
        return
    objs = [o for o in resolve_ref(ctx, eff.subject) if isinstance(o, GameObject)]
    if not objs and ctx.those:
        objs = [o for o in ctx.those if isinstance(o, GameObject)]
    objs = _matching_cards(ctx, eff.subject, objs)
    if eff.cast_only:  # "you may cast ..." never lets a land be played (305.9, 601.3)
        objs = [o for o in objs if not o.is_land]
    # 611.2a: without a stated duration the permission lasts as long as the game does
    until = _until(eff.duration, ctx) if eff.duration is not None else "permanent"
    ctx.game.play_permissions.append((ctx.controller, objs, until, bool(eff.free)))
    ctx.game.log("play_permission", player=ctx.controller, count=len(objs))


def _matching_cards(ctx: Ctx, subject: Any, objs: list[Any]) -> list[Any]:
    """"red spells from among them": the cards of ``objs`` the filter of a "those" reference
    names (as the spells they would be, 601.3); everything without one."""
    flt = getattr(subject, "filter", None)
    if subject is None or subject.kind != "those" or flt is None:
        return objs
    return [o for o in objs if isinstance(o, GameObject) and targeting.matches(
        ctx.game, o, flt, ctx.controller, None, zone_check=False)]


def h_cast_free(ctx: Ctx, eff: Any) -> None:
    """608.2g / 118.9: "you may cast it without paying its mana cost" during resolution; the
    spell is cast now (timing permissions are ignored, 601.2), then the resolution goes on."""
    game = ctx.game
    player = ctx.controller
    subject = eff.subject
    if subject is not None and subject.kind in ("chosen", "chosen_one"):
        pool = list(ctx.those)  # the card is chosen here, with the cast (one question)
    else:
        pool = resolve_ref(ctx, subject)
    options = [o for o in _matching_cards(ctx, subject, pool) if isinstance(o, GameObject)
               and o.zone in ("hand", "exile", "graveyard", "library") and not o.is_land]
    if getattr(eff, "any_number", False):
        # "cast any number of spells from among them without paying their mana costs": one
        # at a time, each cast during the resolution (608.2g), while the player wants more
        flt = subject.filter if subject is not None else None
        if flt is not None and flt.card_types:
            options = [o for o in options if any(t.capitalize() in o.face.types
                                                 for t in flt.card_types)]
        while options:
            before = len(game.stack)
            _cast_one_free(game, player, options, eff)
            if len(game.stack) == before:
                return
            options = [o for o in options if o.zone in ("hand", "exile", "graveyard", "library")]
        return
    if not options:
        return
    _cast_one_free(game, player, options, eff)


def _cast_one_free(game: Any, player: Player, options: list[GameObject], eff: Any) -> None:
    """Offer one card of ``options`` to cast now (118.9 without paying its mana cost when
    ``eff.free``); nothing when the player declines."""
    pick = game.decider.choose(player.name, "card to cast without paying its mana cost",
                               options, optional=True)
    if pick is None or not game.decider.may(player.name, f"cast {pick.name} without paying "
                                                         "its mana cost"):
        return
    cost = None if eff.free else casting.parse_cost(pick.face.mana_cost)
    if cost is not None and getattr(eff, "any_mana", False):
        # 609.4b: "mana of any type can be spent to cast that spell": each mana symbol of the
        # cost may be paid with any mana, as a generic cost of the same mana value
        cost = casting.parse_cost(f"{{{cost.mana_value}}}" if cost.mana_value else "")
    try:
        casting.put_on_stack_as_cast(game, player, pick, cost)
    except IllegalActionError as exc:
        game.note(f"{pick.name} can't be cast: {exc}")


def _pays(ctx: Ctx, player: Player, cost: Any) -> bool:
    """Whether ``player`` chooses to and can pay ``cost`` now (mana, discard, life; 118.3);
    a tuple of costs is a choice ("discard a card or pay {2}"): the first one the player
    can and will pay is paid."""
    if isinstance(cost, tuple):
        return any(_pays(ctx, player, one) for one in cost)
    game = ctx.game
    parts = list(getattr(cost, "parts", ()))
    mana = parse_cost(cost.mana) if getattr(cost, "mana", "") else None
    if mana is not None and not casting.can_pay(game, player, mana, 0):
        return False
    others = tuple(q for q in parts if q.kind in OTHER_COST_KINDS)
    if any(q.kind not in OTHER_COST_KINDS and q.kind != "mana" for q in parts):
        return False  # a cost this engine can't pay is not paid
    if others and cost_refusal(game, player, _source_obj(ctx), others) is not None:
        return False
    if not game.decider.may(player.name, f"pay {cost.text or 'the cost'}"):
        return False
    try:
        if mana is not None:
            casting.pay_mana(game, player, mana, 0, cost.text or "a cost")
    except IllegalActionError:
        return False
    if others:
        pay_costs(game, player, _source_obj(ctx), others)
    return True


def h_counter(ctx: Ctx, eff: ab.CounterSpell) -> None:
    """701.6; "unless its controller pays X" (ward, 702.21a) asks that player first."""
    game = ctx.game
    countered = []  # "If an ability of a creature is countered this way" (608.2c)
    # (a spell, or an activated or triggered ability on the stack: 701.6b)
    for obj in [x for x in resolve_ref(ctx, eff.subject)
                if isinstance(x, GameObject | StackAbility)]:
        if obj.zone == "stack" and obj in game.stack:
            if cant_be_countered(game, obj):
                game.log("counter_failed", obj=obj)  # 101.2: "can't" wins
                continue
            if eff.unless_pay is not None and _pays(ctx, obj.controller, eff.unless_pay):
                game.log("counter_cost_paid", obj=obj, player=obj.controller)
                continue
            game.stack.remove(obj)
            obj.zone = "none"
            if isinstance(obj, GameObject) and not obj.spell_copy and not obj.card_copy:
                # 702.34a: a spell cast with flashback is exiled whenever it leaves the stack;
                # "If that spell is countered this way, exile it instead of putting it into
                # its owner's graveyard" (614.1a: a replacement of where it goes)
                to = "exile" if obj.flashback else (eff.to_zone or "graveyard")
                if to == "library_bottom":
                    game.move(obj, "library", top=False)
                else:
                    game.move(obj, "library" if to == "library_top" else to)
            game.log("countered", obj=obj)
            countered.append(obj)
    if countered:
        ctx.those = countered


def cant_be_countered(game: Game, spell: Any) -> bool:
    """101.2 / 701.6: "This spell can't be countered" (a static ability working on the stack,
    113.6) and "spells you control can't be countered this turn" from a resolved effect."""
    if isinstance(spell, GameObject):
        for abl in compiled.object_abilities(spell):
            if isinstance(abl, ab.StaticAbility):
                for e in abl.effects:
                    if isinstance(e, ab.Restriction) and e.kind == "cant_be_countered" and \
                            e.subject is not None and e.subject.kind in ("self", "it"):
                        return True
    for controller, flt, turn in game.__dict__.get("uncounterable", ()):
        if turn == game.turn and spell.controller is controller and (
                flt is None or targeting.matches(game, spell, flt, controller, None,
                                                 zone_check=False)):
            return True
    for controller, flt, turn, since in game.__dict__.get("uncounterable_next", ()):
        if turn == game.turn and spell.controller is controller and \
                _first_cast_since(game, controller, flt, since) is spell:
            return True
    for src in game.battlefield:  # a permanent's "Spells you control can't be countered"
        found = src.face.statics
        if src.mods or src.static_mods:  # gained ones too (613.1f)

            found = statics._statics(src)
        if not found or src.phased_out:
            continue
        for abl in found:
            for e in abl.effects:
                if isinstance(e, ab.Restriction) and e.kind == "cant_be_countered" and \
                        e.subject is not None and e.subject.kind == "each" and \
                        targeting.matches(game, spell, e.subject.filter, src.controller, src,
                                          zone_check=False):
                    return True
    return False


def _first_cast_since(game: Game, player: Any, flt: Any, since: int) -> Any:
    """The first spell ``player`` cast after log position ``since`` that matches ``flt``
    ("the next [creature] spell you cast this turn")."""
    for ev in game.events[since:]:
        if ev.name == "spell_cast" and ev.data.get("player") is player:
            obj = ev.data.get("obj")
            if flt is None or targeting.matches(game, obj, flt, player, None, zone_check=False):
                return obj
    return None


def h_cast_permission(ctx: Ctx, eff: ab.CastPermission) -> None:
    """601.3 / 702.8d: "you may cast creature spells as though they had flash" for a duration."""
    if eff.kind != "flash":
        ctx.game.note(f"cast permission '{eff.text}' ({eff.kind}) is not modelled")
        return
    until = _until(eff.duration, ctx)
    players = ctx.game.players if eff.player == "each" else [ctx.controller]
    for who in players:
        ctx.game.cast_permissions.append((who, eff.filter, until))
    ctx.game.log("flash_permission", player=ctx.controller)


def uncopyable(spell: Any) -> bool:
    """113.6g: "This spell can't be copied" works on the stack."""
    for abl in compiled.object_abilities(spell):
        if isinstance(abl, ab.StaticAbility):
            for restriction in abl.effects:
                if isinstance(restriction, ab.Restriction) and \
                        restriction.kind == "cant_be_copied":
                    return True
    return False


def h_copy_spell(ctx: Ctx, eff: ab.CopySpell) -> None:
    """707.10: a copy of a spell is put on the stack (not cast); a copy of a prepare spell is a
    prepare spell (722.3d); the copy keeps the original's targets unless new ones are chosen."""
    game = ctx.game
    abilities = [a for a in resolve_ref(ctx, eff.subject) if isinstance(a, StackAbility)]
    for _ in range(amount(ctx, eff.times) if abilities else 0):
        for item in abilities:
            _copy_ability(ctx, item, eff.new_targets)
    for _ in range(amount(ctx, eff.times)):
        for spell in _objects(ctx, eff.subject):
            if spell.zone not in ("stack", "resolving"):
                continue
            if uncopyable(spell):
                game.note(f"{spell.name} can't be copied (113.6g)")
                continue
            copy = GameObject(game.new_id(), spell.card, spell.owner, "stack")
            game.objects_made.append(copy)
            copy.copy_values = spell.face
            copy.spell_copy = True
            game.copies_exist = True
            copy.is_prepare_spell = spell.is_prepare_spell
            copy.controller = ctx.controller
            copy.targets = list(spell.targets)
            copy.choices_made = dict(spell.choices_made)
            copy.x = spell.x
            copy.timestamp = game.next_timestamp()
            if eff.new_targets and spell.targets:
                _new_targets(game, copy, spell, ctx.controller)
            game.stack.append(copy)
            game.log("spell_copied", obj=copy, original=spell, player=ctx.controller)


def _copy_ability(ctx: Ctx, item: StackAbility, new_targets: bool) -> None:
    """707.10: a copy of an activated or triggered ability on the stack has the same source,
    effects, targets, X and choices, and the copier controls it (707.10a: not activated or
    triggered, so "once each turn" limits and triggers on activating don't see it)."""
    game = ctx.game
    if item not in game.stack:
        return
    copy = StackAbility(game.new_id(), item.name, item.source, ctx.controller,
                        list(item.effects), ability=item.ability, event=item.event,
                        kind=item.kind)
    copy.targets = list(item.targets)
    copy.choices_made = dict(item.choices_made)
    copy.x = item.x
    copy.label = item.label
    if new_targets and item.targets:
        _new_targets(game, copy, item, ctx.controller)
    game.stack.append(copy)
    game.log("ability_copied", obj=item.source, player=ctx.controller)


def _new_targets(game: Game, copy: Any, spell: Any, player: Player) -> None:
    """707.10c: the copy's controller may choose new targets; any number of them may stay
    unchanged (even if illegal), a changed one must be legal. One "may" question, then one
    choice per target (the current target first among the options: unanswered, it stays)."""
    if not game.decider.may(player.name, f"choose new targets for the copy of {spell.name}"):
        return
    old_map = spell.choices_made.get("target_map", {}) or {}
    stamps = dict((id(o), (o, t)) for o, t in spell.choices_made.get("target_stamps", []))
    new_map: dict[Any, list[Any]] = {}
    chosen: list[Any] = []
    for target, objs in old_map.items():
        for current in objs:
            legal = [o for o in targeting.candidates(game, target, player, copy)
                     if o is not current and o not in chosen]
            pick = game.decider.choose(player.name, f"new target for the copy of {spell.name} "
                                                    f"({target.text or target.kind})",
                                       [current] + legal)
            chosen.append(pick)
            new_map.setdefault(target, []).append(pick)
    copy.targets = chosen
    copy.choices_made = dict(spell.choices_made)
    copy.choices_made["target_map"] = new_map
    copy.choices_made["target_stamps"] = [
        stamps[id(o)] if id(o) in stamps and o in spell.targets else (o, o.timestamp)
        for o in chosen if isinstance(o, GameObject)]
    game.log("copy_targets_chosen", obj=copy, player=player)


def h_next_spell_alternative(ctx: Ctx, eff: ab.NextSpellAlternativeCost) -> None:
    """118.9: the controller's next spell this turn may be cast by paying life equal to its
    mana value rather than its mana cost (casting.next_spell_alternative offers it)."""
    game = ctx.game
    game.__dict__.setdefault("next_spell_alternatives", []).append(
        (ctx.controller, game.turn, eff.payment))
    game.log("alternative_cost_offered", player=ctx.controller, text=eff.text)


def h_pay_cost(ctx: Ctx, eff: Any) -> None:
    """118.1: pay a cost during resolution (mana from the pool, then lands); unpaid = not done."""
    game = ctx.game
    if getattr(eff, "times", None) == "any":
        _pay_any_number(ctx, eff)
        return
    parts = tuple(getattr(eff.cost, "parts", ()))
    others = tuple(q for q in parts if q.kind in OTHER_COST_KINDS)
    unknown = [q for q in parts if q.kind not in OTHER_COST_KINDS and q.kind != "mana"]
    for p in _players(ctx, eff.player):
        src = _source_obj(ctx)
        why = cost_refusal(game, p, src, others) if others else None
        if why is not None or unknown:
            ctx.stopped = True  # 118.3: a cost that can't be paid isn't paid
            game.note(f"{p.name} can't pay {eff.cost.text}: {why or 'not supported'}")
            continue
        try:
            casting.pay_mana(game, p, parse_cost(eff.cost.mana), 0, eff.text or "a cost")
        except IllegalActionError:
            ctx.stopped = True
            game.note(f"{p.name} can't pay {eff.cost.text or eff.cost.mana}")
            continue
        if others:
            paid = pay_costs(game, p, src, others)
            ctx.those = paid or ctx.those
        ctx.did = True


def _pay_any_number(ctx: Ctx, eff: Any) -> None:
    """"You may pay {1}{G} any number of times" (118.1): one "may" question per payment until
    the player stops or can't pay; ``ctx.count`` is the number of payments (the reflexive
    "When you pay this cost one or more times" reads it as "that many", 603.12)."""
    game = ctx.game
    cost = parse_cost(eff.cost.mana or "")
    times = 0
    for p in _players(ctx, eff.player)[:1]:
        while casting.can_pay(game, p, cost, 0) and game.decider.may(
                p.name, f"pay {eff.cost.mana} (paid {times} time(s) so far; any number of times)"):
            try:
                casting.pay_mana(game, p, cost, 0, eff.text or "a cost")
            except IllegalActionError:
                break
            times += 1
        if times:
            game.log("cost_paid", player=p, count=times)
    ctx.count = times
    ctx.did = times > 0


def h_unless(ctx: Ctx, eff: Any) -> None:
    """608.2d: each chooser may do the alternative; for those who don't (or can't), the effects
    happen ("Each player loses 2 life unless they discard a card")."""
    game = ctx.game
    groups = {r.kind for e in eff.effects for r in ab._refs_in(e)}
    if eff.chooser.kind == "that_player" and groups & {"player_each", "opponent_each"}:
        choosers = [p for p in game.apnap() if "player_each" in groups or p is not ctx.controller]
    else:
        choosers = _players(ctx, eff.chooser) or [ctx.controller]
    # "Counter that spell unless its controller pays {4}": "that spell" stays the object the
    # sentence is about; with no such object, "it" is the chooser ("... unless they discard")
    that = [o for o in resolve_ref(ctx, ab.Ref("it")) if isinstance(o, GameObject)][:1]
    for p in choosers:
        sub = Ctx(game, ctx.source, ctx.controller, ctx.item)
        sub.focus = p
        sub.it = p
        done = False
        if game.decider.may(p.name, f"{eff.text or 'do the alternative'}?"):
            sub.did = False
            run(game, sub, eff.alternative)
            done = sub.did and not sub.stopped
        if not done:
            sub.it = that[0] if that else p
            run(game, sub, eff.effects)


registry.register_effects({
    ab.CounterSpell: h_counter,
    ab.CastPermission: h_cast_permission,
    ab.CopySpell: h_copy_spell,
    ab.NextSpellAlternativeCost: h_next_spell_alternative,
    ab.PayCost: h_pay_cost,
    ab.Unless: h_unless,
    ab.PlayPermission: h_play_permission,
    ab.CastWithoutPaying: h_cast_free,
})
