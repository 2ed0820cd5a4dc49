"""Face-down spells and permanents (708): morph, megamorph, disguise, manifest, manifest dread,
cloak, and turning face up.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 708.2 / 708.2a: a face-down spell or permanent is a 2/2 creature with no text, no name, no
  subtypes and no mana cost (disguise and cloak: with ward {2}, 702.168a, 701.58a); those are its
  copiable values (707.2). The characteristics live on the object
  (``GameObject.set_face_down``, applied after copy effects, 708.10); 708.2b: a face-down
  permanent can't be turned face down again.
- 708.3: objects put onto the battlefield face down are turned face down first, so their
  enters-the-battlefield abilities neither trigger nor apply (manifest, cloak).
- 708.4 / 702.37c / 702.168b: casting face down: the card is turned face down before it goes on
  the stack, prohibitions and cost changes see the face-down spell, and {3} is paid rather than
  its mana cost (an alternative cost, 118.9); it resolves into a face-down permanent.
- 708.5: only its controller may look at it: events name a face-down object as "face-down"
  (``Game.log`` marks them), the simulator records no card for it.
- 708.7 / 702.37e / 702.168d / 701.40b / 701.58b: turning face up is a special action (116.2b)
  any time its controller has priority: pay the morph, megamorph or disguise cost the permanent
  would have face up, or (a manifested or cloaked permanent that is a creature card with a mana
  cost) its mana cost; it does not use the stack, and the player keeps priority (116.3c).
- 708.8: it is the same object (counters, damage, modifications stay); enters-the-battlefield
  abilities don't trigger. 702.37f / 702.168e: X of the cost is X for its other abilities.
- 708.11 / 702.37b: "As ~ is turned face up" applies while it turns: megamorph's +1/+1 counter
  when the megamorph cost was paid.
- "When ~ is turned face up" triggers on the ``turned_face_up`` event (``triggers._KIND_EVENTS``).
- 708.9: a face-down permanent leaving the battlefield, or a face-down spell leaving the stack
  for another zone, is revealed (``Game.move`` logs ``face_down_revealed``).
- 701.40a / 701.40e: manifest the top card(s) of a library (one at a time) or a card from a hand;
  701.58a cloak the same way with ward {2}; 701.62a manifest dread: look at the top two cards,
  manifest one, the rest into the graveyard; 701.40g: a manifested instant or sorcery turned
  face up by an effect is revealed and stays face down.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, permanents, registry, statics, turn
from rules_engine.cards import Face
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects, _players, amount
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks
from rules_engine.text.keywords import parse_keyword

# 708.2a: "a 2/2 face-down creature with no text, no name, no subtypes, and no mana cost"
FACE_DOWN = Face(name="", type_line="Creature", types=("Creature",), power=2, toughness=2,
                 abilities=[], keywords=())
# 702.168a / 701.58a: "... with ward {2}"
_WARD = parse_keyword("Ward {2}")
FACE_DOWN_WARD = Face(name="", type_line="Creature", oracle_text="Ward {2}",
                      types=("Creature",), power=2, toughness=2,
                      abilities=[_WARD] if _WARD is not None else [], keywords=("ward",))
# the keywords that let a card be cast face down and turned face up for their cost
_CAST_KEYWORDS = ("megamorph", "morph", "disguise")
_THREE = parse_cost("{3}")


def turn_face_down(game: Game, obj: GameObject, by: str | None = None) -> bool:
    """Turn ``obj`` face down (708.2a), as ``by`` says ("disguise" and "cloak" give ward {2});
    False when it already is (708.2b: nothing happens)."""
    if obj.face_down is not None:
        return False
    game.face_down_used = True
    obj.set_face_down(FACE_DOWN_WARD if by in ("disguise", "cloak") else FACE_DOWN, by)
    return True


def _keyword_up(obj: GameObject, name: str) -> Any:
    """The keyword ability ``name`` the object would have face up (702.37e)."""
    face = obj.face_up()
    for a in compiled.face_abilities(obj.card, face):
        if isinstance(a, ab.KeywordAbility) and a.name == name:
            return a
    return None


def cast_keyword(obj: GameObject) -> str | None:
    """The keyword that lets this card be cast face down (702.37a, 702.37b, 702.168a)."""
    if compiled.keyword_ability(obj, "megamorph") is not None:
        return "megamorph"
    if compiled.keyword_ability(obj, "morph") is not None:
        return "morph"
    if compiled.keyword_ability(obj, "disguise") is not None:
        return "disguise"
    return None


def cast_face_down(game: Game, player: Player, name: str, *, from_zone: str = "hand",
                   targets: list[Any] | None = None) -> GameObject:
    """702.37c / 702.168b / 708.4: cast a card face down for {3} with its morph, megamorph or
    disguise ability. Refusals leave the card as it was (face up, in its zone)."""
    casting._need_priority(game, player)
    if player.name in game.cant_cast:
        raise IllegalActionError("101.2", f"{player.name} can't cast spells this turn (an effect "
                                          "says so)")
    obj = casting.find_castable(game, player, name, from_zone)
    by = cast_keyword(obj)
    if by is None:
        raise IllegalActionError("702.37d", f"{obj.name} has no morph or disguise ability: a "
                                            "card can't normally be cast face down")
    if from_zone == "hand":
        if obj.owner is not player:
            raise IllegalActionError("601.3", f"{player.name} doesn't own {obj.name}")
    elif not any(who is player and obj in objs for who, objs, _u, _f in game.play_permissions):
        # 702.37c: "from any zone from which you could normally cast it"
        raise IllegalActionError("601.3", f"{obj.name} can't be cast from {from_zone}")
    turn_face_down(game, obj, by)  # 708.4: before it is put on the stack
    try:
        prohibition = casting.cast_prohibited(game, player, obj) or \
            casting.own_cast_restriction(game, player, obj)
        if prohibition:
            raise IllegalActionError("601.3", prohibition)
        if not casting.timing_ok(game, player, obj):
            raise IllegalActionError("307.1", "a face-down creature spell can be cast only in "
                                              "its controller's main phase with an empty stack")
        # 118.9: {3} rather than its mana cost (cost increases and reductions still apply)
        casting.put_on_stack_as_cast(game, player, obj, _THREE, "{3}", targets=targets)
    except IllegalActionError:
        obj.set_face_down(None)
        raise
    obj.choices_made["cast_face_down"] = by
    game.log("cast_face_down", obj=obj, player=player)
    game.priority = player  # 601.2j / 117.3c: the caster receives priority again
    game.passes = 0
    turn.give_priority(game, player)
    return obj


def face_up_options(obj: GameObject) -> list[tuple[str, ab.Cost | None, str]]:
    """The ways ``obj`` may be turned face up now, as (how, cost record, mana): its morph /
    megamorph / disguise cost (702.37e, 702.168d: any face-down permanent with the ability),
    and for a manifested or cloaked creature card with a mana cost, that mana cost (701.40b-d,
    701.58b-d)."""
    out: list[tuple[str, ab.Cost | None, str]] = []
    if obj.face_down is None or obj.card is None:
        return out
    for name in _CAST_KEYWORDS:
        kw = _keyword_up(obj, name)
        if kw is not None and kw.cost is not None:
            mana = "".join(p.mana or "" for p in kw.cost.parts if p.kind == "mana")
            out.append((name, kw.cost, mana))
    face = obj.face_up()
    if obj.face_down_by in ("manifest", "cloak") and "Creature" in face.types and \
            face.mana_cost:
        out.append(("mana cost", None, face.mana_cost))
    return out


def turn_face_up_action(game: Game, player: Player, obj: GameObject, how: str | None = None,
                        x: int = 0) -> None:
    """The special action of turning a face-down permanent face up (116.2b, 702.37e,
    702.168d, 701.40b, 701.58b): ``how`` picks "morph" (a megamorph cost is a morph cost,
    702.37b), "disguise" or "mana cost" when there is a choice."""
    casting._need_priority(game, player)
    if obj.zone != "battlefield" or obj.face_down is None:
        raise IllegalActionError("708.7", "only a face-down permanent can be turned face up")
    if obj.phased_out:
        raise IllegalActionError("702.26b", "a phased-out permanent is treated as though it "
                                            "doesn't exist")
    if obj.controller is not player:
        raise IllegalActionError("702.37e", f"only its controller may turn it face up "
                                            f"({obj.controller.name})")
    for src, _eff in statics.restrictions_of(game, "cant_turn_face_up", obj) + [
            (src, eff) for src, eff in statics.restrictions_of(
                game, "cant_turn_face_up_your_turn", obj) if game.active is src.controller]:
        raise IllegalActionError("101.2", f"it can't be turned face up now ({src.name} says "
                                          "so)")
    options = face_up_options(obj)
    if how:
        want = str(how).lower().replace("_", " ")
        options = [o for o in options if o[0] == want or (want == "morph" and
                                                           o[0] == "megamorph")
                   or (want == "mana" and o[0] == "mana cost")]
    if not options:
        raise IllegalActionError(
            "702.37e", "it can't be turned face up: it would have no morph or disguise cost face "
                       "up, and it isn't a manifested or cloaked creature card with a mana cost "
                       "(701.40b)")
    kind, cost_record, mana = options[0]
    others = tuple(p for p in cost_record.parts if p.kind != "mana") if cost_record else ()
    unknown = [p for p in others if p.kind not in hooks.other_cost_kinds]
    if unknown:
        raise IllegalActionError("118.3", f"this engine can't pay '{unknown[0].text}'")
    cost = parse_cost(mana)
    if not casting.can_pay(game, player, cost, x):
        raise IllegalActionError("118.3", f"{player.name} can't pay {mana} to turn it face up")
    if others:
        refusal = hooks.cost_refusal(game, player, obj, others)
        if refusal:
            raise IllegalActionError("118.3", refusal)
    casting.pay_mana(game, player, cost, x, "turning a face-down permanent face up")
    if others:
        hooks.pay_costs(game, player, obj, others)
    obj.x = x  # 702.37f / 702.168e: X of the cost, for its other abilities
    turn_face_up(game, obj, player, megamorph=kind == "megamorph")
    turn.give_priority(game, player)  # 116.3c: the player receives priority afterwards


def turn_face_up(game: Game, obj: GameObject, player: Player, *, megamorph: bool = False
                 ) -> bool:
    """Turn ``obj`` face up (708.8): the same object, its normal characteristics again; "As ~
    is turned face up" applies as it turns (708.11: the megamorph counter, 702.37b). False
    when it stays face down (701.40g: a manifested or cloaked instant or sorcery card is
    revealed and left face down)."""
    if obj.face_down is None:
        return False
    face = obj.face_up()
    if obj.face_down_by in ("manifest", "cloak", None) and (
            "Instant" in face.types or "Sorcery" in face.types):
        game.log("face_down_revealed", obj=obj, card=face.name, player=player,
                 to="battlefield")
        return False
    obj.set_face_down(None)
    for abl in compiled.object_abilities(obj):
        # 708.11: its "As ~ is turned face up ..." abilities apply while it is turned face up
        if isinstance(abl, ab.EntersReplacement) and abl.kind in (
                "as_turned_face_up", "as_enters_or_turned_face_up"):
            ctx = Ctx(game, obj, obj.controller)
            ctx.it = obj
            hooks.run(game, ctx, abl.effects)
    if megamorph:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + game.counters_to_put(obj, "+1/+1", 1)
        game.log("counters_put", obj=obj, counter="+1/+1", amount=1, player=player)
    game.log("turned_face_up", obj=obj, player=player)
    return True


def put_face_down(game: Game, card: GameObject, player: Player, by: str) -> GameObject | None:
    """Put ``card`` onto the battlefield face down under ``player``'s control (708.3: turned
    face down first); None when it can't be (it already left its zone)."""
    if card.zone in ("battlefield", "stack", "gone"):
        return None
    turn_face_down(game, card, by)
    permanents.enter_battlefield(game, card, player)
    if card.zone != "battlefield":
        card.set_face_down(None)  # 701.40f: it didn't enter: it stays as it was
        return None
    if by in ("manifest", "cloak"):
        game.log("manifested" if by == "manifest" else "cloaked", obj=card, player=player)
    return card


def _ka_put_face_down(by: str) -> Any:
    def handler(ctx: Ctx, eff: Any) -> None:
        """701.40a / 701.58a: manifest or cloak the top card(s) of a library (one at a time,
        701.40e) or a card from a hand (the player's choice)."""
        game = ctx.game
        n = amount(ctx, eff.amount) if eff.amount is not None else 1
        done: list[GameObject] = []
        for p in _players(ctx, eff.subject) or [ctx.controller]:
            for _ in range(n):
                if eff.detail == "hand":
                    if not p.hand:
                        break
                    card = game.decider.choose(p.name, f"card to {by} from your hand",
                                               list(p.hand))
                elif p.library:
                    card = p.library[0]
                else:
                    break
                if card is not None and put_face_down(game, card, p, by) is not None:
                    done.append(card)
        _remember(ctx, done)

    return handler


def _remember(ctx: Ctx, done: list[GameObject]) -> None:
    """"... then put a +1/+1 counter on it": the permanent(s) just put onto the battlefield."""
    ctx.did = bool(done)
    ctx.count = len(done)
    if done:
        ctx.it = done[-1]
        ctx.those = list(done)


def _ka_manifest_dread(ctx: Ctx, eff: Any) -> None:
    """701.62a: look at the top two cards of your library, manifest one of them, then put the
    cards you looked at that were not manifested into your graveyard."""
    game = ctx.game
    done: list[GameObject] = []
    for p in _players(ctx, eff.subject) or [ctx.controller]:
        looked = list(p.library[:2])
        if not looked:
            continue
        chosen = game.decider.choose(p.name, "card to manifest (manifest dread)", looked) \
            if len(looked) > 1 else looked[0]
        if chosen is None:
            chosen = looked[0]
        if put_face_down(game, chosen, p, "manifest") is not None:
            done.append(chosen)
        for card in looked:
            if card is not chosen and card.zone == "library":
                game.move(card, "graveyard")
        game.log("manifested_dread", player=p)  # 701.62b: after the whole process
    _remember(ctx, done)


def _ka_turn_face_up(ctx: Ctx, eff: Any) -> None:
    """708.7: an effect turns a face-down permanent face up (no cost is paid)."""
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield" and obj.face_down is not None:
            turn_face_up(ctx.game, obj, obj.controller)


def _ka_turn_face_down(ctx: Ctx, eff: Any) -> None:
    """708.2a: an effect that lists no characteristics makes it a 2/2 face-down creature with
    no text, name, subtypes or mana cost; 708.2b: a face-down one is left as it is."""
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield" and turn_face_down(ctx.game, obj, None):
            ctx.game.log("turned_face_down", obj=obj, player=obj.controller)


def _ka_return_face_down(ctx: Ctx, eff: Any) -> None:
    """708.2a / 708.3: "return it to the battlefield face down under your control": turned
    face down (a plain 2/2) before it enters; a card with morph may be turned face up for its
    morph cost later (702.37e)."""
    done: list[GameObject] = []
    for obj in _objects(ctx, eff.subject):
        if obj.zone in ("battlefield", "stack", "gone") or obj.token:
            continue
        who = obj.owner if eff.detail == "owner" else ctx.controller
        if put_face_down(ctx.game, obj, who, None) is not None:
            done.append(obj)
    _remember(ctx, done)


registry.register_keyword_actions({
    "return face down": _ka_return_face_down,
    "manifest": _ka_put_face_down("manifest"),
    "cloak": _ka_put_face_down("cloak"),
    "manifest dread": _ka_manifest_dread,
    "turn face up": _ka_turn_face_up,
    "turn face down": _ka_turn_face_down,
})
