"""Resolving spells and abilities (608.2): walk the compiled effect records through the registry.

The engine never looks at a card's name: a spell or ability resolves by walking its compiled
effect records, resolving each :class:`~rules_engine.abilities.Ref` against the game at that
moment (608.2c-h) and calling the handler :data:`rules_engine.registry.EFFECT_HANDLERS` holds
for the record's class. An :class:`UnsupportedEffect` is reported in the log and skipped.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.described import _DESCRIBED, described_amount
from rules_engine.effects.durations import while_tag
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player, StackAbility

# effect record class -> handler, filled by every family module (and mechanics) as imported
HANDLERS = registry.EFFECT_HANDLERS


def resolve_spell(game: Game, obj: GameObject) -> None:
    """608.2: follow the instant or sorcery's instructions in order."""
    obj.zone = "resolving"
    ctx = Ctx(game, obj, obj.controller, obj)
    chosen = obj.choices_made.get("effects")
    with targeting.XInForce(game, ctx.x):  # filters that mention X (107.3)
        run(game, ctx, chosen if chosen is not None else compiled.spell_effects(obj.face,
                                                                                obj.card))
    if obj.zone == "resolving" and obj.choices_made.get("buyback") and not obj.spell_copy \
            and not obj.flashback:
        # 702.27a: "If the buyback cost was paid, put this spell into its owner's hand instead
        # of into that player's graveyard as it resolves" (the last step of 608.2n)
        game.move(obj, "hand")
        game.log("returned_by_buyback", obj=obj)


def resolve_ability(game: Game, item: StackAbility) -> None:
    source = item.source
    ctx = Ctx(game, source, item.controller, item)
    with targeting.XInForce(game, ctx.x):  # filters that mention X (107.3)
        run(game, ctx, tuple(item.effects))


def targets_still_legal(game: Game, obj: Any) -> bool:
    """608.2b: if every target is now illegal, the spell doesn't resolve."""
    if not obj.targets:
        return True
    return any(targeting.still_legal(game, obj, t) for t in obj.targets)


def run(game: Game, ctx: Ctx, effects: tuple[Any, ...] | list[Any]) -> None:
    for eff in effects:
        if game.game_over:
            return
        handler = HANDLERS.get(type(eff))
        if handler is None:
            game.note(f"effect {type(eff).__name__} ('{getattr(eff, 'text', '')}') is not run "
                      "by this engine")
            continue
        handler(ctx, eff)


def targets_for(ctx: Ctx, target: Any) -> list[Any]:
    if target is not None and target in ctx.target_map:
        found = ctx.target_map[target]
    elif ctx.targets:
        found = ctx.targets[:1] if target is None else _by_index(ctx, target)
    else:
        found = []
    return [t for t in found if targeting.still_legal(ctx.game, ctx.item, t)]


def _by_index(ctx: Ctx, target: Any) -> list[Any]:
    idx = getattr(target, "index", 0)
    return ctx.targets[idx:idx + 1] if idx < len(ctx.targets) else []


def resolve_ref(ctx: Ctx, ref: Any) -> list[Any]:
    """Objects or players a :class:`Ref` names now."""
    game = ctx.game
    if ref is None:
        return []
    kind = ref.kind
    if kind == "self":
        obj = _source_obj(ctx)
        return [obj] if obj is not None else []
    if kind == "you":
        return [ctx.controller]
    if kind == "active_player":  # "the player whose turn it is" (102.1), whoever controls this
        return [game.active]
    if kind == "target":
        found = targets_for(ctx, ref.target)
        if found:
            ctx.it = found[-1]
        return found
    if kind == "it":
        linked = game.__dict__.get("linked_exile")
        if linked and (ref.text or "").lower() == "the exiled card":
            # 607.2a: the card this permanent's hideaway exiled (702.75a), while the same
            # object (400.7) and the card is still in exile
            src = _source_obj(ctx)
            found = [c for s, stamp, c in linked if s is src and c.zone == "exile" and
                     (stamp is None or getattr(src, "timestamp", None) == stamp)]
            if found:
                return found
        if ctx.it is not None:
            return [ctx.it]
        if ctx.item is not None and game.__dict__.get("delayed_refs"):
            found = _remembered(ctx, "it")
            if found is not None:
                return found
        if ctx.targets:
            return [t for t in ctx.targets[-1:] if targeting.still_legal(game, ctx.item, t)]
        trig = _triggering(ctx)
        if trig is not None and not isinstance(trig, Player):
            return [trig]
        # "At the beginning of your upkeep, if ~ isn't prepared, it becomes prepared": an
        # event about a player only (a step beginning) leaves "it" for the source itself
        return [_source_obj(ctx)]
    if kind == "triggering":
        trig = _triggering(ctx)
        return [trig] if trig is not None else []
    if kind == "that_player":
        if isinstance(ctx.it, Player):
            return [ctx.it]
        for t in reversed(ctx.targets):
            if isinstance(t, Player):
                return [t]
        if ctx.event is not None and ctx.event.name == "damage_dealt" and isinstance(
                ctx.event.data.get("player"), Player) and not ctx.targets:
            # "deals combat damage to a player, create a Treasure token and exile the top card
            # of that player's library": the damaged player, not the token's controller (603.2)
            return [ctx.event.data["player"]]
        if isinstance(ctx.it, GameObject):
            return [ctx.it.controller]
        if ctx.event is not None and isinstance(ctx.event.data.get("player"), Player):
            return [ctx.event.data["player"]]
        if ctx.event is not None and isinstance(ctx.event.data.get("recipient"), Player):
            return [ctx.event.data["recipient"]]  # "deals combat damage to a player, that
            # player ..." triggered by the damage event (603.2)
        return [ctx.controller]
    if kind == "player_each":
        return [ctx.focus] if ctx.focus is not None else list(game.apnap())
    if kind == "player_each_other":  # "each other player": every player but the controller
        if ctx.focus is not None:
            return [ctx.focus] if ctx.focus is not ctx.controller else []
        return [p for p in game.apnap() if p is not ctx.controller]
    if kind == "opponent_each":
        if ctx.focus is not None:
            return [ctx.focus] if ctx.focus is not ctx.controller else []
        return [p for p in game.apnap() if p is not ctx.controller]
    if kind in ("opponents_who_did", "opponents_who_didnt"):
        # "Each opponent who doesn't loses 2 life ...": the opponents who declined the optional
        # instruction before in this resolution (608.2d; effects/flow.h_may logs the answers)
        answers: dict[int, bool] = {}
        acted: set[int] = set()  # (said yes, then did it: "sacrifice a creature" with none
        for ev in reversed(game.events):  # to sacrifice is not done, 701.21a)
            if ev.name in ("spell_resolving", "ability_resolving"):
                break
            if ev.name == "may_answered" and id(ev.data.get("player")) not in answers:
                answers[id(ev.data.get("player"))] = bool(ev.data.get("yes")) and \
                    id(ev.data.get("player")) in acted
            elif ev.name != "may_answered":
                acted.add(id(ev.data.get("player")))
                acted.add(id(getattr(ev.data.get("obj"), "controller", None)))
        want = kind == "opponents_who_did"
        return [p for p in game.apnap() if p is not ctx.controller and
                answers.get(id(p)) is want]
    if kind == "attacked_by":
        # "the player or planeswalker that creature is attacking" (506.4, 508.1b)
        return [o.attacking for o in resolve_ref(ctx, ref.of)
                if isinstance(o, GameObject) and o.attacking is not None]
    if kind == "defending_player":
        src = _source_obj(ctx)
        if isinstance(src, GameObject) and isinstance(src.attacking, Player):
            return [src.attacking]
        return game.opponents(ctx.controller)[:1]
    if kind in ("enchanted", "equipped", "attached"):
        src = _source_obj(ctx)
        target = getattr(src, "attached_to", None)
        return [target] if target is not None else []
    if kind in ("controller_of", "owner_of"):
        out = []
        of = resolve_ref(ctx, ref.of)
        ev = ctx.event
        if ctx.it is None and ev is not None and ev.name == "damage_dealt" and \
                (ref.text or "").lower().startswith("that creature's") and \
                isinstance(ev.data.get("recipient"), GameObject) and \
                ev.data.get("source") in of:
            # "Whenever an Archer you control deals damage to a creature, that Archer deals
            # that much damage to that creature's controller": the creature dealt damage
            of = [ev.data["recipient"]]
        for obj in of:
            if isinstance(obj, GameObject):
                out.append(obj.controller if kind == "controller_of" else obj.owner)
            elif isinstance(obj, Player):
                # (inside an "unless its controller pays": the Unless made the chooser "it",
                # 608.2d - the player who may pay is the one paying)
                out.append(obj)
        return out
    if kind == "each" and ref.filter is not None and ref.filter.zone in ("graveyard", "exile"):
        # "Creature cards in your graveyard gain ...": the cards there now (611.2c)
        owners = {"you": [ctx.controller], "opponent": game.opponents(ctx.controller)}.get(
            ref.filter.owner or "", game.living)
        return [o for p in owners for o in getattr(p, ref.filter.zone) if targeting.matches(
            game, o, _without_zone(ref.filter), ctx.controller, None, zone_check=False)]
    if kind == "each":
        found = [o for o in game.permanents()
                 if targeting.matches(game, o, ref.filter, ctx.controller, _source_obj(ctx))
                 and (not ref.filter or not ref.filter.card_types or True)]
        if ref.filter is not None and ref.filter.controller == "that_player":
            # "each creature that player controls" / "... target player controls": the player
            # the effect named (its target, 608.2c); targeting.matches has no player to ask
            that_players = [p for p in resolve_ref(ctx, ab.Ref("that_player"))
                            if isinstance(p, Player)]
            found = [o for o in found if o.controller in that_players]
        if ref.filter is not None and "attached to that creature" in ref.filter.qualifiers:
            # "Destroy all Equipment attached to that creature": "that creature" is the one
            # the effect spoke of before (its target, 608.2c), as it is now (301.5, 303.4)
            that = resolve_ref(ctx, ab.Ref("it"))
            found = [o for o in found if o.attached_to is not None and o.attached_to in that]
        return found
    if kind == "graveyard_of":
        # "exile target player's graveyard" (404.1, 406.3): every card in those graveyards
        return [c for p in resolve_ref(ctx, ref.of) if isinstance(p, Player)
                for c in list(p.graveyard)]
    if kind == "those":
        if not ctx.those and ctx.item is not None and game.__dict__.get("delayed_refs"):
            found = _remembered(ctx, "those")
            if found is not None:
                return found
        if not ctx.those and ctx.event is not None and ctx.event.name == "spell_cast" and \
                (ref.text or "").lower() in ("those permanents", "those creatures"):
            # "Whenever you cast a spell that targets one or more permanents, gain control of
            # those permanents": the triggering spell's targets (603.2, 115.1)
            spell = ctx.event.data.get("obj")
            want = "Creature" if ref.text.lower().endswith("creatures") else None
            return [t for t in (getattr(spell, "targets", None) or ())
                    if isinstance(t, GameObject) and t.zone == "battlefield" and
                    (want is None or t.is_creature)]
        if ref.filter is not None:  # "each of those creatures you don't control" (608.2c)
            return [o for o in ctx.those if not isinstance(o, GameObject) or targeting.matches(
                game, o, ref.filter, ctx.controller, _source_obj(ctx), zone_check=False)]
        if not ctx.those and (ref.text or "").lower() == "them" and ctx.event is not None:
            # "Whenever enchanted player / an opponent casts a spell, ~ deals 2 damage to
            # them": the player the trigger is about (a singular "they")
            trig = getattr(getattr(ctx.item, "ability", None), "trigger", None)
            who = ctx.event.data.get("player")
            if getattr(trig, "player", None) in ("enchanted", "opponent", "any") and \
                    isinstance(who, Player):
                return [who]
        return list(ctx.those)
    if kind in ("chosen", "chosen_one"):
        return _choose_among(ctx, ref)
    if kind == "picked":  # "the chosen cards": picked among those (records.ChooseAmong)
        return list(ctx.chosen)
    if kind == "rest":
        return [o for o in ctx.those if o not in ctx.chosen]
    game.note(f"reference '{ref.text or kind}' not understood")
    return []


def _choose_among(ctx: Ctx, ref: Any) -> list[Any]:
    """"one of them" / "a creature card from among them": chosen from the cards just looked at."""
    game = ctx.game
    flt = ref.filter
    if flt is not None and flt.qualifiers in (("opponent",), ("player",)) and not (
            flt.card_types or flt.subtypes or flt.supertypes or flt.colors):
        # "An opponent draws a card", "a player gains 3 life": one player, the controller's
        # choice among them (608.2d; the only one in a two-player game)
        players = game.opponents(ctx.controller) if flt.qualifiers == ("opponent",) else \
            list(game.living)
        if len(players) > 1:
            return [game.decider.choose(ctx.controller.name, f"choose {ref.text or 'a player'}",
                                        players)]
        return players
    pool = [o for o in ctx.those if isinstance(o, GameObject)]
    count = 1
    if not pool and flt is not None and flt.zone in (None, "battlefield") and \
            "card" not in flt.qualifiers:
        return _choose_permanents(ctx, ref)
    if flt is not None and flt.zone in ("graveyard", "exile", "hand"):
        # "exile a card from an opponent's graveyard": not "from among them", so the card is
        # chosen from that zone of the players the filter names (608.2d); "exile a nonland
        # card from your hand", "put up to two creature cards from your hand onto the
        # battlefield": a hand is its owner's own, your choice
        owners = {"you": [ctx.controller], "opponent": game.opponents(ctx.controller)}.get(
            flt.owner or "", [ctx.controller] if flt.zone == "hand" else game.living)
        pool = [o for p in owners for o in getattr(p, flt.zone)]
    elif flt is not None and flt.zone == "hand_or_graveyard":
        # "a land card from your hand or graveyard": either zone of its own (608.2d)
        pool = list(ctx.controller.hand) + list(ctx.controller.graveyard)
    up_to = False
    if flt is not None:
        for q in flt.qualifiers:
            if q.startswith("count:"):
                value = q.split(":", 1)[1]
                up_to = value.startswith(("up to ", "up_to_"))
                value = value.removeprefix("up to ").removeprefix("up_to_")
                count = int(value) if value.isdigit() else (  # "up to X lands" (107.3)
                    ctx.x if value == "X" else len(pool))
        pool = [o for o in pool if targeting.matches(game, o, _without_zone(flt), ctx.controller,
                                                     _source_obj(ctx), zone_check=False)]
        if "dealt damage this way" in flt.qualifiers and len(pool) <= count:
            ctx.chosen = list(pool)  # a reference to what was just damaged, not a choice
            if pool:
                ctx.it = pool[-1]
            return pool
    if up_to:  # "up to two ...": the player may stop choosing (608.2d)
        chosen = _choose_up_to(ctx, ref, pool, count)
    else:
        chosen = game.decider.choose_many(ctx.controller.name,
                                          f"choose {ref.text or 'a card'}", pool, count)
    ctx.chosen = list(chosen)
    if chosen:
        ctx.it = chosen[-1]
    return chosen


def _choose_up_to(ctx: Ctx, ref: Any, pool: list[Any], count: int) -> list[Any]:
    """"up to N": one optional pick at a time (none, or a scripted list of them)."""
    game = ctx.game
    prompt = f"choose {ref.text or 'a card'}"
    queue = getattr(game.decider, "queues", {}).get(ctx.controller.name)
    if queue and isinstance(queue[0], list):  # all the picks as one scripted list
        return game.decider.choose_many(ctx.controller.name, prompt, pool, count)[:count]
    chosen: list[Any] = []
    left = list(pool)
    flt = ref.filter
    unused = list(flt.any_of) if flt is not None and _ONE_EACH in flt.qualifiers else None
    while left and len(chosen) < count:
        if unused is not None:  # "a creature card and/or a land card": one of each
            left = [o for o in left if any(_fits(ctx, o, d) for d in unused)]
            if not left:
                break
        pick = game.decider.choose(ctx.controller.name, prompt, left, optional=True)
        if pick is None:
            break
        left.remove(pick)
        chosen.append(pick)
        if unused is not None:
            unused.remove(next(d for d in unused if _fits(ctx, pick, d)))
    return chosen


_ONE_EACH = "one for each description"  # (text.nouns.ONE_EACH)


def _fits(ctx: Ctx, obj: Any, flt: Any) -> bool:
    return targeting.matches(ctx.game, obj, _without_zone(flt), ctx.controller, None,
                             zone_check=False)


def _choose_permanents(ctx: Ctx, ref: Any) -> list[Any]:
    """"Untap a creature you control", "return another creature you control to its owner's
    hand": with nothing looked at before, the noun names permanents; the controller chooses
    which as the effect is applied (608.2d, 701.21 for "a" = one). The choice is asked only when
    there is one: with no more matching permanents than the effect needs, they are all it
    affects, so a strict scenario has nothing to answer."""
    game = ctx.game
    flt = ref.filter
    count = 1
    up_to = False
    for q in flt.qualifiers:
        if q.startswith("count:"):
            value = q.split(":", 1)[1]
            up_to = value.startswith("up to ")
            value = value.removeprefix("up to ")
            count = int(value) if value.isdigit() else (ctx.x if value == "X" else 10 ** 6)
    pool = [o for o in game.permanents()
            if targeting.matches(game, o, flt, ctx.controller, _source_obj(ctx))]
    if flt.controller == "that_player":
        # "a creature ... among creatures that player controls": the player the effect named
        # (its target, 608.2c); targeting.matches has no player to ask
        theirs = [p for p in resolve_ref(ctx, ab.Ref("that_player")) if isinstance(p, Player)]
        pool = [o for o in pool if o.controller in theirs]
    if up_to:
        chosen = _choose_up_to(ctx, ref, pool, count)
    elif len(pool) <= count:
        chosen = pool
    else:
        chosen = game.decider.choose_many(ctx.controller.name, f"choose {ref.text or 'one'}",
                                          pool, count)
    ctx.chosen = list(chosen)
    if chosen:
        ctx.it = chosen[-1]
    return list(chosen)


def _without_zone(flt: Any) -> Any:
    from dataclasses import replace

    return replace(flt, zone=None) if flt.zone else flt


def _triggering(ctx: Ctx) -> Any:
    ev = ctx.event
    if ev is None:
        return None
    if ev.name == "attached" and getattr(getattr(getattr(ctx.item, "ability", None), "trigger",
                                                 None), "event", None) == "becomes_attached":
        return ev.data.get("to")  # "Whenever ~ becomes attached to a creature, tap that creature"
    if ev.name == "damage_dealt":
        trig = getattr(getattr(ctx.item, "ability", None), "trigger", None)
        if getattr(trig, "event", None) == "deals_damage_to" and (
                getattr(trig, "detail", None) or "").startswith("permanent"):
            # "Whenever ~ deals damage to a Vampire, destroy that creature" (120.3): the
            # permanent dealt damage is what the trigger is about
            return ev.data.get("recipient")
    if ev.name == "blocks" and getattr(getattr(getattr(ctx.item, "ability", None), "trigger",
                                               None), "event", None) == "becomes_blocked":
        # 509.3c: what "becomes blocked" is the attacker; the event names its blocker first
        src = _source_obj(ctx)
        return src if src in ev.data.get("attackers", ()) else ev.data.get("attacker")
    for key in ("obj", "source", "player"):
        val = ev.data.get(key)
        if val is not None:
            return val
    return None


def _players(ctx: Ctx, ref: Any) -> list[Player]:
    out = []
    for x in resolve_ref(ctx, ref):
        if isinstance(x, Player):
            out.append(x)
        elif isinstance(x, GameObject):
            out.append(x.controller)
    return out


def _objects(ctx: Ctx, ref: Any) -> list[GameObject]:
    return [x for x in resolve_ref(ctx, ref) if isinstance(x, GameObject)]


def amount(ctx: Ctx, amt: Any, default: int = 1) -> int:
    if amt is None:
        return default
    if amt.value is not None:
        return int(amt.value)
    if amt.variable == "X" and not amt.text:
        return ctx.x
    if amt.variable == "-X" and not amt.text:
        return -ctx.x  # "gets -X/-X" (the sign is the effect's, 107.1b does not apply)
    text = (amt.text or "").lower()
    if text.startswith("up to "):
        return _up_to(ctx, amt.text[len("up to "):])
    described = _DESCRIBED.get(text)
    if described is not None:
        return described(ctx)
    value = described_amount(ctx.game, amt.text or "", ctx.controller, _source_obj(ctx), ctx)
    if value is not None:
        return max(value, 0)  # 107.1b: a calculation that yields a negative number gives 0
    ctx.game.note(f"amount '{amt.text}' not computed; using {default}")
    return default


def _amount_for(ctx: Ctx, amt: Any, player: Player) -> int:
    """An amount of an instruction each of several players follows ("Each opponent loses life
    equal to the number of cards in their hand"): "they"/"their" is that player (ctx.focus)."""
    if amt is None or amt.text is None or ctx.focus is not None:
        return amount(ctx, amt)
    ctx.focus = player
    try:
        return amount(ctx, amt)
    finally:
        ctx.focus = None


def _up_to(ctx: Ctx, words: str) -> int:
    """"up to N" / "up to X": the controller chooses how many, from N down to 0 (608.2d; an
    unanswered choice takes the first option, the most)."""
    limit = ctx.x if words.strip() == "X" else amount(ctx, ab.Amount(text=words), 0)
    options = list(range(max(limit, 0), -1, -1))
    picked = ctx.game.decider.choose(ctx.controller.name, f"how many (up to {limit})", options)
    return int(picked) if picked is not None else 0


def h_unsupported(ctx: Ctx, eff: Any) -> None:
    ctx.game.note(f"unsupported effect skipped: {eff.text!r}")


def _until(duration: Any, ctx: Ctx | None = None) -> str:
    """A duration as a tag: "eot" (514.2), "combat", "next_turn:<player>" (611.2b), ..."""
    if duration is None:
        return "static"
    if duration.kind == "while" and ctx is not None:
        return while_tag(ctx, duration)  # "for as long as ..." (611.2b, effects/durations.py)
    if duration.kind == "your_next_turn":
        return f"next_turn:{ctx.controller.name}" if ctx is not None else "next_turn:"
    if duration.kind == "your_next_end_step":  # ends as that end step begins (611.2b)
        return f"next_end:{ctx.controller.name}" if ctx is not None else "next_end:"
    # (digital-only "perpetually": kept by Game.move as the card changes zones)
    return {"end_of_turn": "eot", "this_turn": "eot", "combat": "combat",
            "perpetual": "perpetual"}.get(duration.kind, "permanent")


def _remembered(ctx: Ctx, kind: str) -> list[Any] | None:
    """The objects a delayed ability's "it" (or "them") was bound to (603.7c), or None."""
    refs = ctx.game.__dict__.get("delayed_refs")
    ability = getattr(ctx.item, "ability", None)
    if not refs or ability is None:
        return None
    hit = next((r for r in reversed(refs) if r[0] is ability), None)
    if hit is None:
        return None
    pairs = hit[1] if kind == "it" else hit[2]
    if not pairs:
        return None
    return [o for o, stamp in pairs if o.timestamp == stamp]


def _lki_of(ctx: Ctx, obj: Any) -> Any:
    """Last known information of ``obj`` from the event that triggered this ability."""
    ev = ctx.event
    if ev is not None and ev.data.get("obj") is obj:
        return ev.data.get("lki")
    return None


registry.register_effects({
    ab.UnsupportedEffect: h_unsupported,
})


registry.provide(resolve_spell=resolve_spell, resolve_ability=resolve_ability,
                 targets_still_legal=targets_still_legal, run=run, resolve_ref=resolve_ref,
                 amount=amount)
