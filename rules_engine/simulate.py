"""Seeded simulated games: a legal-move generator and a random policy.

Used by the property tests (random legal action sequences keep the game's invariants) and by
the benchmark. A move is tried against the engine; a move the rules refuse raises
:class:`IllegalActionError` before anything changes, so the generator may offer candidates
and let the engine judge them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, statics, statics_more, turn
from rules_engine.cards import CardLibrary
from rules_engine.errors import IllegalActionError, RulesEngineError
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.mechanics import (
    dk_keywords,
    face_down,
    graveyard_abilities,
    graveyard_casts,
    library_top,
    rooms,
)
from rules_engine.mechanics.opening_hand import opening_hand_actions
from rules_engine.objects import GameObject

Move = tuple[str, Any]


def candidate_moves(game: Game) -> list[Move]:
    """Moves the priority holder might make (the engine decides whether each is legal)."""
    p = game.priority
    if p is None or game.game_over:
        return []
    moves: list[Move] = [("pass", None)]
    sorcery_ok = casting.sorcery_timing_ok(game, p)
    untapped = 0
    activations: list[Move] = []  # one pass over the battlefield; they go last in the list
    for o in game.battlefield:
        if o.controller is not p:
            continue
        if not o.tapped and "Land" in o.face.types:
            untapped += 1
        if sorcery_ok and o.doors != 3 and o.card is not None and o.card.layout == "split" \
                and rooms.is_room(o.card):
            activations.append(("unlock", o))  # 709.5e: a special action, as a sorcery
        if o.face_down is not None and not o.phased_out:
            activations.append(("turn_face_up", o))  # 702.37e / 701.40b: a special action
        if not o.phased_out:
            found = o.face.activated  # the face's cached list when nothing is gained
            if found is None or o.mods:
                found = compiled.activated_abilities(o)
            if found:
                for i, abl in enumerate(found, 1):
                    if not abl.is_mana_ability:
                        activations.append(("activate", (o, i)))
    pool = p.mana_pool
    if pool:
        untapped += sum(pool.values())
    permissions = game.cast_permissions
    for obj in p.hand:
        face = obj.face
        if "Land" in face.types:
            if sorcery_ok and (p.land_plays == 0 or p.land_plays < casting.land_plays_allowed(
                    game, p)):  # 305.2a: additional land plays
                moves.append(("play_land", obj))
            continue
        if sorcery_ok and untapped >= 3 and face.keywords and (
                "morph" in face.keywords or "megamorph" in face.keywords
                or "disguise" in face.keywords):
            moves.append(("cast_face_down", obj))  # 702.37c / 702.168b: for {3}
        mana_value = face.mana_value
        if mana_value < 0:
            mana_value = game.mana_value_of(obj)
        if _zone_keywords(obj, registry.HAND_ACTIONS):
            # suspend, foretell, ninjutsu (702.62a, 702.143a, 702.49a): abilities in the hand
            for i, kw in enumerate(casting.hand_abilities(obj), 1):
                if kw.name.lower() in registry.HAND_ACTIONS:
                    moves.append(("hand_action", (obj, i)))
        if mana_value > untapped and _zone_keywords(obj, _ALT_COST_KEYWORDS):
            mana_value = min([mana_value] + [parse_cost(c).mana_value
                                             for c in _alt_costs(obj)])  # evoke, dash ...
        if (mana_value <= untapped or _may_cost_less(game, obj)) and (
                sorcery_ok or "Instant" in face.types or _has_flash(obj) or permissions or (
                    game.step == "declare_blockers" and "sneak" in face.keywords)):
            moves.append(("cast", obj))  # (a cost reduction may bring it in reach, 601.2f)
    top = library_top.playable_top(game, p) if game.statics_present else None
    if top is not None:  # 601.3 / 305.1: "you may play lands and cast spells from the top"
        if top.is_land:
            if sorcery_ok and p.land_plays < casting.land_plays_allowed(game, p):
                moves.append(("play_land", top))
        else:
            moves.append(("cast_library", top))
    for obj in p.graveyard:
        table = obj.face.keyword_table  # the face's cached keyword abilities by name
        if table is None or obj.mods:
            found_fb = compiled.keyword_ability(obj, "flashback")
        else:
            found_fb = table.get("flashback")
        if found_fb is not None or (registry.GRAVEYARD_CASTS and _zone_keywords(
                obj, _GRAVEYARD_CAST_KEYWORDS)):
            moves.append(("cast_graveyard", obj))  # flashback, retrace, jump-start
        if sorcery_ok and _zone_keywords(obj, _GRAVEYARD_KEYWORDS):
            for i, _kw in enumerate(graveyard_abilities.graveyard_abilities(obj), 1):
                moves.append(("graveyard_action", (obj, i)))  # unearth (702.84a)
    for q in game.players:
        for obj in q.exile:
            if obj.copy_for is not None and obj.copy_for.controller is p:
                moves.append(("cast_exile", obj))
    if registry.EXILE_CASTS and p.exile:
        for obj in p.exile:
            if obj.copy_for is None and _exile_cost(game, p, obj) is not None:
                moves.append(("cast_exile", obj))  # a foretold card (702.143a)
    if activations:
        moves.extend(activations)
    if game.active is p and game.step == "beginning_of_combat" and not game.stack:
        moves.append(("attack", None))
    return moves


_GRAVEYARD_KEYWORDS = frozenset(k for z, k in registry.ZONE_ACTIONS if z == "graveyard")
_GRAVEYARD_CAST_KEYWORDS = registry.GRAVEYARD_CAST_KEYWORDS  # retrace, harmonize ...
# alternative costs offered as a spell is cast (registry.ALTERNATIVE_COSTS), by keyword
_ALT_COST_KEYWORDS = ("evoke", "dash", "blitz", "spectacle", "surge", "bestow", "emerge", "mutate",
                      "prowl", "overload", "alternative cost")


def _alt_costs(obj: GameObject) -> list[str]:
    """The mana of the object's alternative-cost keywords (emerge before its reduction)."""
    found = []
    for name in _ALT_COST_KEYWORDS:
        kw = compiled.keyword_ability(obj, name)
        if kw is not None and kw.cost is not None and name == "alternative cost":
            # a printed "rather than pay this spell's mana cost" (Force of Will): its mana part
            found.append("".join(p.mana or "" for p in kw.cost.parts if p.kind == "mana"))
        elif kw is not None and kw.cost is not None and kw.cost.mana is not None:
            found.append(kw.cost.mana)
    return found


def _zone_keywords(obj: GameObject, names: Any) -> bool:
    """Has the object a keyword ability among ``names`` (the face's cached table first)?"""
    table = obj.face.keyword_table
    if table is None or obj.mods:
        return any(compiled.keyword_ability(obj, n) is not None for n in names)
    return any(n in table for n in names)


def _exile_cost(game: Game, player: Any, obj: GameObject) -> str | None:
    """The cost a mechanic lets ``player`` cast ``obj`` from exile for now (None: it can't)."""
    try:
        return casting._exile_cast_cost(game, player, obj)
    except IllegalActionError:
        return None


def _has_flash(obj: GameObject) -> bool:
    """compiled.has_keyword(obj, "flash"), without the call when the face's keywords decide."""
    face = obj.face
    if face.abilities is None or obj.mods or obj.static_mods:
        return compiled.has_keyword(obj, "flash")
    return "flash" in face.keywords


def apply_move(game: Game, move: Move) -> bool:
    """Try one move; False if the rules refused it (the game is unchanged then)."""
    kind, arg = move
    p = game.priority
    assert p is not None
    try:
        if kind == "pass":
            turn.pass_priority(game)
        elif kind == "play_land":
            casting.play_land(game, p, _key(arg))
        elif kind in ("cast", "cast_graveyard", "cast_exile", "cast_library") and (
                not casting.timing_ok(game, p, arg) or not _payable(game, p, arg, kind)):
            # casting.cast would refuse it (307.1, 601.2h) without changing anything; asking
            # first skips choosing its targets for a spell that can't be paid for anyway
            return False
        elif kind == "cast":
            casting.cast(game, p, _key(arg))
        elif kind == "cast_graveyard":
            casting.cast(game, p, _key(arg), from_zone="graveyard")
        elif kind == "cast_exile":
            casting.cast(game, p, arg.name, from_zone="exile")
        elif kind == "cast_library":
            casting.cast(game, p, _key(arg), from_zone="library")
        elif kind == "activate":
            obj, i = arg
            # what casting.activate's lookup by the object's unique "#id" label would check
            if obj.zone != "battlefield" or obj.phased_out or obj.controller is not p:
                return False
            if _refused_activation(game, p, obj, i):
                return False
            casting.activate_object(game, p, obj, i)
        elif kind == "hand_action":
            obj, i = arg
            if obj.zone != "hand" or obj.owner is not p:
                return False
            casting.activate_in_hand(game, p, _key(obj), i)
        elif kind == "graveyard_action":
            obj, i = arg
            if obj.zone != "graveyard" or obj.owner is not p:
                return False
            graveyard_abilities.activate_from_graveyard(game, p, _key(obj), i)
        elif kind == "cast_face_down":
            if arg.zone != "hand":
                return False
            face_down.cast_face_down(game, p, _key(arg))
        elif kind == "turn_face_up":
            if arg.zone != "battlefield" or arg.controller is not p or arg.face_down is None:
                return False
            options = face_down.face_up_options(arg)
            if not options or not casting.can_pay(game, p, parse_cost(options[0][2]), 0):
                return False  # (what turn_face_up_action would refuse, asked first)
            face_down.turn_face_up_action(game, p, arg)
        elif kind == "unlock":
            if arg.zone != "battlefield" or arg.controller is not p:
                return False
            rooms.unlock_action(game, p, arg, None)
        elif kind == "attack":
            from rules_engine import combat

            attackers = {}
            for obj in game.battlefield:
                # (a tapped or phased-out permanent can't attack, 508.1a: no need to ask)
                if obj.controller is p and not obj.tapped and not obj.phased_out and \
                        obj.is_creature:
                    try:
                        combat.can_attack(game, obj)
                    except IllegalActionError:
                        continue
                    attackers[obj] = game.next_player(p)
            # 508.1c: a lone attacker that can't attack alone stays home
            game.pending_attacks = statics_more.lone_attacker_removed(
                game, statics_more.attackers_allowed(game, attackers))
            turn.pass_priority(game)
        return True
    except IllegalActionError:
        return False


def _refused_activation(game: Game, player: Any, obj: GameObject, index: int) -> bool:
    """Checks casting.activate_object makes first, before anything changes: an ability
    activated only as a sorcery outside sorcery timing (602.5d), a {T} cost of a tapped
    permanent (602.2b). Asking here skips building the refusal for the usual failed tries."""
    found = compiled.activated_abilities(obj)
    if not 1 <= index <= len(found):
        return False  # let the engine give its own refusal
    abl = found[index - 1]
    if abl.timing == "sorcery" and not casting.sorcery_timing_ok(game, player):
        return True
    if obj.tapped:
        for part in abl.cost.parts:
            if part.kind == "tap":
                return True
    return False


def _payable(game: Game, player: Any, obj: GameObject, kind: str) -> bool:
    """Could ``player`` pay the mana cost casting.cast would ask for ``obj`` (601.2f-h)?

    The same cost casting.cast computes: the face's mana cost, or the flashback cost from a
    graveyard (702.34a), with X = 0 as the simulator casts it.
    """
    if kind == "cast_exile" and obj.copy_for is None:
        cost_text = _exile_cost(game, player, obj) or obj.face.mana_cost
    elif kind == "cast_graveyard":
        fb = compiled.keyword_ability(obj, "flashback")
        if fb is None and not graveyard_casts.castable(obj):
            return False
        cost_text = (obj.face.mana_cost or "") if fb is None else casting.keyword_mana(
            obj, fb)  # no flashback: a retrace / jump-start card pays its mana cost
        if fb is None:  # the cost its mechanic asks (harmonize, mayhem: an alternative cost)
            found = next((f for ask in registry.GRAVEYARD_CASTS
                          if (f := ask(game, player, obj))), None)
            if found is None:
                return False
            cost_text = dk_keywords.reduce_generic(found[0], dk_keywords.harmonize_reduction(
                game, player, obj))
    else:
        cost_text = obj.face.mana_cost
    if casting.can_pay(game, player, parse_cost(cost_text), 0, obj):  # (convoke, delve ...)
        return True
    if kind == "cast" and _zone_keywords(obj, _ALT_COST_KEYWORDS) and any(
            casting.can_pay(game, player, parse_cost(c), 0) for c in _alt_costs(obj)):
        return True  # an alternative cost (118.9) the caster may choose as it is cast
    # 601.2f / 118.7: a cost reduction may make the total cost payable; the engine works it
    # out once targets are chosen (mana.modified_cost), so only refuse here without one
    return _may_cost_less(game, obj)


# Face id -> (face, whether its own abilities include a cost modifier), kept alive by the entry.
_OWN_MODIFIER: dict[int, tuple[Any, bool]] = {}


def _has_cost_modifier(abilities: Any) -> bool:
    return any(isinstance(eff, ab.CostModifier) for abl in abilities
               if isinstance(abl, ab.StaticAbility) for eff in abl.effects)


def _may_cost_less(game: Game, obj: GameObject) -> bool:
    """Whether a "costs {N} less" ability of the spell itself or of a permanent could apply."""
    face = obj.face
    if obj.mods:
        if _has_cost_modifier(compiled.object_abilities(obj)):
            return True
    else:
        hit = _OWN_MODIFIER.get(id(face))
        if hit is None or hit[0] is not face:
            hit = _OWN_MODIFIER[id(face)] = (
                face, _has_cost_modifier(compiled.object_abilities(obj)))
        if hit[1]:
            return True
    if game.skip_quiet_sba_checks and not game.statics_present:
        return False  # no static ability on the battlefield at the last check (sba.check_all)
    return any(_has_cost_modifier(statics.battlefield_statics(src)) for src in game.battlefield
               if not src.phased_out)


def _key(obj: GameObject) -> str:
    if obj.label is None:
        obj.label = f"#{obj.oid}"
    return obj.label


def random_policy(rng: random.Random) -> Callable[[str, str, Any], Any]:
    def choose(player: str, prompt: str, options: Any) -> Any:
        return options[rng.randrange(len(options))]

    return choose


def play_random(game: Game, seed: int, max_moves: int = 200,
                check: Callable[[Game], None] | None = None) -> int:
    """Play random legal moves; return how many were made. ``check`` runs after each move."""
    rng = random.Random(seed)
    game.decider.policy = random_policy(rng)
    made = 0
    for _ in range(max_moves * 4):
        if made >= max_moves or game.game_over or game.priority is None:
            break
        moves = candidate_moves(game)
        rng.shuffle(moves)
        # passing is likely, so games move forward through turns
        moves.sort(key=lambda m: 0 if m[0] != "pass" or rng.random() < 0.5 else 1)
        for move in moves:
            try:
                ok = apply_move(game, move)
            except RulesEngineError:
                ok = False
            if ok:
                made += 1
                if check is not None:
                    check(game)
                break
    return made


def new_game(cards: CardLibrary, decks: dict[str, list[str]], seed: int = 0,
             hand_size: int = 7, decide: Any = None) -> Game:
    """A two-or-more-player game from decklists (names), shuffled with ``seed``; ``decide`` is
    the decision policy (set before the opening-hand actions of 103.6, which it answers)."""
    game = Game(list(decks), cards, seed=seed)
    if decide is not None:
        game.decider.policy = decide
    game.skip_quiet_sba_checks = True  # every change goes through the engine (sba.check_all)
    for p in game.players:
        for name in decks[p.name]:
            game.new_object(cards.get(name), p, "library")
        game.rng.shuffle(p.library)
        game.draw(p, hand_size)
    opening_hand_actions(game)  # 103.6: the Leylines, before the first turn
    game.events.clear()
    turn.give_priority(game, game.active)
    return game

