"""Casting spells (601), activating abilities (602, 605, 606) and playing lands (305).

Every check happens before anything changes, so a refused action leaves the game as it was;
the refusal is an :class:`IllegalActionError` naming the rule.
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine import (
    compiled,
    conditions,
    permanents,
    phyrexian,
    statics,
    statics_more,
    statics_players,
    statics_spells,
    targeting,
    turn,
)
from rules_engine.cost_modifiers import activation_cost, life_tax, modified_cost
from rules_engine.errors import IllegalActionError
from rules_engine.game import COMBAT_STEPS, Game
from rules_engine.mana import (
    BASIC_LAND_MANA,
    COLORS,
    ManaCost,
    chosen_color,
    parse_cost,
    plan_payment,
    take_spent,
)
from rules_engine.mechanics import split
from rules_engine.objects import GameObject, Player, StackAbility
from rules_engine.registry import (
    ALTERNATIVE_COSTS,
    CAST_ANNOUNCEMENTS,
    EXILE_CASTS,
    GRAVEYARD_CASTS,
    GRAVEYARD_LAND_PLAYS,
    HAND_ABILITIES,
    HAND_ACTIONS,
    HAND_SORCERY,
    hooks,
)
from rules_engine.targeting import note_targets

MAIN_STEPS = ("main1", "main2")


def _need_priority(game: Game, player: Player) -> None:
    if game.game_over:
        raise IllegalActionError("104.1", "the game is over")
    if player.left:
        raise IllegalActionError("800.4a", f"{player.name} has left the game")
    if game.priority is not player:
        holder = game.priority.name if game.priority else "nobody"
        raise IllegalActionError("117.1", f"{player.name} doesn't have priority ({holder} has)")


def sorcery_timing_ok(game: Game, player: Player) -> bool:
    """307.1 / 117.1a: main phase of its controller's turn with an empty stack."""
    return game.active is player and game.step in MAIN_STEPS and not game.stack


def _loyalty_any_time(game: Game, player: Player, obj: GameObject) -> bool:
    """A static "You may activate loyalty abilities of planeswalkers you control on any
    player's turn any time you could cast an instant" (changing 606.3's timing; still once
    each turn per permanent)."""
    return any(restriction.filter is None or targeting.matches(
        game, obj, restriction.filter, player, src)
        for src, restriction in statics.player_restrictions(game, "loyalty_instant_speed",
                                                            player))


def own_cast_restriction(game: Game, player: Player, obj: GameObject) -> str | None:
    """601.3 / 113.6e: the spell's own "Cast this spell only during combat" (506: the combat
    phase's steps) or "only during your turn"; the reason it can't be cast now, or None."""
    for abl in compiled.object_abilities(obj):
        if not isinstance(abl, ab.StaticAbility):
            continue
        for restriction in abl.effects:
            if not isinstance(restriction, ab.Restriction):
                continue
            if restriction.kind == "cast_only_during_combat" and game.step not in COMBAT_STEPS:
                return f"{obj.name}: {restriction.text or 'only during combat'}"
            if restriction.kind == "cast_only_during_your_turn" and game.active is not player:
                return f"{obj.name}: {restriction.text or 'only during your turn'}"
            if restriction.kind == "cast_only_if" and abl.condition is not None:
                if not conditions.holds(game, abl.condition, player, obj):
                    return f"{obj.name}: {restriction.text}"
    return None


def land_plays_allowed(game: Game, player: Player) -> int:
    """305.2: one land a turn, plus each additional play (305.2a: statics, effects/players)."""
    return 1 + len(statics.player_restrictions(game, "additional_land_play", player)) + \
        game.__dict__.get("extra_land_plays", {}).get((player.name, game.turn), 0)


def static_flash(game: Game, player: Player, obj: GameObject) -> bool:
    """601.3: a permanent's "You may cast Spirit spells [sorcery spells, spells] as though they
    had flash" lets its controller ("Any player may ...": every player) cast a spell it
    describes any time they have priority, while the ability's condition holds ("During each
    opponent's end step, ...", "During your turn, ...")."""
    if not game.statics_present and game.skip_quiet_sba_checks:
        return False  # no static ability at the last check (statics.apply, 117.5)
    for src in game.battlefield:
        if src.phased_out:
            continue
        for abl in statics.battlefield_statics(src):
            for eff in abl.effects:
                if not other_flash_permission(eff) or (
                        src.controller is not player and eff.player != "each"):
                    continue
                if abl.condition is not None and not conditions.holds(
                        game, abl.condition, src.controller, src):
                    continue
                if targeting.matches(game, obj, eff.filter, player, src, zone_check=False):
                    return True
    return False


def other_flash_permission(eff: Any) -> bool:
    """A static "You may cast [kind of] spells as though they had flash" about other spells
    (run by :func:`static_flash`; for rules_engine.support via effects.static_run)."""
    return isinstance(eff, ab.CastPermission) and eff.kind == "flash" and \
        eff.duration is None and eff.filter is not None and not self_flash_permission(eff)


def timing_ok(game: Game, player: Player, obj: GameObject) -> bool:
    """307.1 / 117.1a: may ``player`` cast ``obj`` now, as far as timing goes? Instants, flash
    (702.8a) and "you may cast ... as though it had flash" permissions (601.3) any time the
    player has priority; otherwise sorcery timing."""
    face = obj.face
    permissions = game.cast_permissions
    return "Instant" in face.types or compiled.has_keyword(obj, "flash") or bool(
        permissions and any(
            who is player and targeting.matches(game, obj, flt, player, None, zone_check=False)
            for who, flt, _until in permissions)) or sorcery_timing_ok(game, player) or \
        static_flash(game, player, obj) or sneak_window(game, player, obj)


def sneak_window(game: Game, player: Player, obj: GameObject) -> bool:
    """702.190a: "Any time you could cast an instant during your declare blockers step, you may
    cast this spell by paying [cost] and returning an unblocked creature you control to its
    owner's hand" - the timing sneak gives (the cost is mechanics/keywords_costs's)."""
    return game.step == "declare_blockers" and game.active is player and \
        compiled.keyword_ability(obj, "sneak") is not None


def _flash_for_more(obj: GameObject, game: Game | None = None,
                    player: Player | None = None) -> str | None:
    """601.3c: "You may cast this spell as though it had flash if you pay {2} more to cast it"
    (a static ability of the card itself, functioning wherever it is cast from): the extra mana
    as cost text, or None when the card has no such permission ("If there are three or more
    Lesson cards in your graveyard, you may cast ~ as though it had flash": while it holds)."""
    for abl in compiled.object_abilities(obj):
        if not isinstance(abl, ab.StaticAbility):
            continue
        if abl.condition is not None and (game is None or not conditions.holds(
                game, abl.condition, player, obj)):
            continue
        for eff in abl.effects:
            if self_flash_permission(eff):
                parts = eff.cost.parts if eff.cost is not None else ()
                return "".join(p.mana or "" for p in parts if p.kind == "mana")
    return None


def _additional_costs(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
                      already: tuple[Any, ...]) -> tuple[str, tuple[Any, ...], bool]:
    """601.2b / 601.2f-h: "As an additional cost to cast this spell, sacrifice a creature [or
    pay {3}]": the caster chooses among the alternatives they can pay (an optional one may be
    declined); mana joins the total cost, other parts are paid with the rest. A spell whose
    mandatory additional cost can't be paid can't be cast (601.2h). The flag says whether an
    additional cost is being paid ("if this spell's additional cost was paid")."""
    found = [a for a in compiled.object_abilities(obj) if isinstance(a, ab.AdditionalCost)]
    if not found:
        return cost_text, (), False
    parts: tuple[Any, ...] = ()
    paid = False  # "if ~'s additional cost was paid", "if evidence was collected" (601.2b)
    for abl in found:
        options = list(abl.alternatives) or [abl.cost]
        payable = []
        for option in options:
            mana = "".join(p.mana or "" for p in option.parts if p.kind == "mana")
            others = tuple(p for p in option.parts if p.kind != "mana")
            if any(p.kind not in hooks.other_cost_kinds for p in others):
                continue  # a cost kind this engine can't pay
            if not can_pay(game, player, parse_cost(cost_text + mana), x):
                continue
            if others and hooks.cost_refusal(game, player, obj, already + parts + others):
                continue
            payable.append((option, mana, others))
        if abl.optional and (not payable or not game.decider.may(
                player.name, f"pay the additional cost ({abl.text}) for {obj.name}")):
            continue
        if not payable:
            raise IllegalActionError("601.2h", f"{player.name} can't pay the additional cost "
                                               f"of {obj.name} ({abl.text})")
        pick = payable[0] if len(payable) == 1 else game.decider.choose(
            player.name, f"additional cost for {obj.name}", [
                _CostChoice(o.text or " ".join(p.text for p in o.parts), (o, m, ot))
                for o, m, ot in payable]).value
        _option, mana, others = pick
        cost_text += mana
        parts += others
        paid = True
    return cost_text, parts, paid


class _CostChoice:
    """One payable alternative of an additional cost, answerable by its words ("pay {3}")."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: Any) -> None:
        self.name = name
        self.value = value

    def __str__(self) -> str:
        return self.name


def _announce_kicker(game: Game, player: Player, obj: GameObject, cost_text: str,
                     x: int, names: tuple[str, ...] = ("kicker", "multikicker"),
                     ) -> tuple[str, int, tuple[Any, ...]]:
    """601.2b / 702.33a-d: the caster announces whether to pay each kicker cost (multikicker:
    any number of times); the kicker mana joins the total cost (601.2f), other kicker parts
    are paid with the rest (601.2h). Asked only when the kicked total could be paid, so a
    player is never offered a kicker they can't afford. Returns the cost text, the number of
    times kicked and the non-mana kicker parts."""
    present = {"kicker": compiled.keyword_ability(obj, "kicker"),
               "multikicker": compiled.keyword_ability(obj, "multikicker"),
               "buyback": compiled.keyword_ability(obj, "buyback"),  # 702.33, 702.27a
               "replicate": compiled.keyword_ability(obj, "replicate"),  # 702.56a
               "offspring": compiled.keyword_ability(obj, "offspring"),  # 702.175a
               "squad": compiled.keyword_ability(obj, "squad")}  # 702.157a
    if all(present.get(n) is None for n in names):
        return cost_text, 0, ()
    kickers = [k for k in compiled.object_abilities(obj) if isinstance(k, ab.KeywordAbility)
               and (k.name or "").lower() in names]
    kicked = 0
    parts: tuple[Any, ...] = ()
    paid: list[str] = []
    for k in kickers:
        kparts = k.cost.parts if k.cost is not None else ()
        mana_text = "".join(p.mana or "" for p in kparts if p.kind == "mana")
        others = tuple(p for p in kparts if p.kind != "mana")
        times = 99 if k.name.lower() in ("multikicker", "replicate", "squad") else 1
        for _ in range(times):
            if not can_pay(game, player, parse_cost(cost_text + mana_text), x):
                break
            if others:
                if hooks.cost_refusal(game, player, obj, parts + others):
                    break
            if not game.decider.may(player.name, f"pay {k.name.lower()} "
                                                 f"{k.cost.text if k.cost else ''} for {obj.name}"):
                break
            cost_text += mana_text
            parts += others
            kicked += 1
            paid.append(k.cost.text if k.cost is not None else "")
    game.__dict__["kicked_with"] = tuple(paid)  # which kicker costs (702.33d), for the spell
    return cost_text, kicked, parts


def self_flash_permission(eff: Any) -> bool:
    """Whether a static CastPermission is the card's own "as though it had flash" (run by
    :func:`_flash_for_more`; for rules_engine.support via effects.static_run)."""
    return isinstance(eff, ab.CastPermission) and eff.kind == "flash" and \
        eff.duration is None and eff.filter is not None and \
        eff.filter.text in ("this spell", "~", "this card")


def _next_spell_alternatives(game: Game, player: Player) -> list[Any]:
    """The "next spell you cast this turn" alternative costs waiting for ``player`` (this
    turn's only; effects.h_next_spell_alternative records them)."""
    pending = game.__dict__.get("next_spell_alternatives")
    if not pending:
        return []
    return [e for e in pending if e[0] is player and e[1] == game.turn]


def free_cast_permission(eff: Any) -> bool:
    """A static "You may cast [...] spells without paying their mana costs" (118.9), offered by
    :func:`free_cast_offered` as a spell is cast (for rules_engine.support via
    effects.static_run)."""
    return isinstance(eff, ab.CastPermission) and eff.kind == "free" and eff.duration is None


def free_cast_offered(game: Game, player: Player, obj: GameObject, from_zone: str) -> bool:
    """118.9 / 601.2b: may ``player`` cast ``obj`` without paying its mana cost by a static
    permission of a permanent they control? The spell is judged with the characteristics it
    will have on the stack (a prepare spell's copy: the prepare spell's, 722.3c; casting that
    copy is not itself an alternative cost, so this one may apply, 118.9a)."""
    if game.statics_none_at == statics.ABILITY_CHANGES[0]:
        return False  # no static ability on the battlefield (statics.apply), nothing changed since
    for src in game.battlefield:
        if src.controller is not player or src.phased_out:
            continue
        for abl in statics.battlefield_statics(src):
            for eff in abl.effects:
                if not free_cast_permission(eff):
                    continue
                flt = eff.filter
                if flt is not None and flt.zone is not None and flt.zone != from_zone:
                    continue
                if flt is not None and flt.text != "spell" and not targeting.matches(
                        game, obj, flt, player, None, zone_check=False):
                    continue
                return True
    return False


def split_second_on_stack(game: Game) -> bool:
    """702.61a: "As long as this spell is on the stack, players can't cast spells or activate
    abilities that aren't mana abilities." """
    return any(isinstance(item, GameObject) and compiled.keyword_ability(
        item, "split second") is not None for item in game.stack)


def cast_prohibited(game: Game, player: Player, obj: GameObject) -> str | None:
    """601.3: a static "can't cast" of a permanent ("Your opponents can't cast spells with mana
    value greater than ...") prohibits casting a spell it describes; the spell is judged with
    the characteristics it would have on the stack (601.3e), cast by ``player``. Returns the
    reason, or None."""
    if game.stack and split_second_on_stack(game):
        return "702.61a: a spell with split second is on the stack"
    limit = statics_players.cast_limit(game, player, obj)  # "more than one spell each turn"
    if limit:
        return limit
    if not game.battlefield:
        return None

    if game.statics_none_at == statics.ABILITY_CHANGES[0]:
        return None  # no static ability on the battlefield (statics.apply), nothing changed since

    # "Your opponents can't cast spells during your turn" (101.2)
    for src, restriction in statics.player_restrictions(game, "cant_cast_during_your_turn",
                                                        player):
        if game.active is src.controller:
            return f"{src.name}: {restriction.text}"
    for src in game.battlefield:
        if src.phased_out:
            continue
        for abl in statics._statics(src):
            for restriction in abl.effects:
                if not isinstance(restriction, ab.Restriction) or \
                        restriction.kind != "cant_cast" or restriction.duration is not None:
                    continue
                if abl.condition is not None and not conditions.holds(
                        game, abl.condition, src.controller, src):
                    continue
                who = restriction.subject.kind if restriction.subject is not None else "you"
                if who in ("opponent_each", "opponent") and player is src.controller or \
                        who == "you" and player is not src.controller:
                    continue
                if who not in ("opponent_each", "opponent", "you", "player_each", "each_player"):
                    continue
                saved = obj.controller
                obj.controller = player  # "they" of the filter: the caster
                try:
                    hit = targeting.matches(game, obj, restriction.filter, src.controller, src,
                                            zone_check=False)
                finally:
                    obj.controller = saved
                if hit:
                    return f"{src.name}: {restriction.text or 'a spell it prohibits'}"
    return None


def mana_sources(game: Game, player: Player) -> list[tuple[GameObject, tuple[str, ...]]]:
    """Untapped lands the player controls and the colours each can make (305.6, 605)."""
    found = []
    for obj in game.battlefield:
        if obj.controller is not player or obj.tapped or obj.phased_out:
            continue
        face = obj.face
        if obj.mods or obj.static_mods:
            # modifications may grant mana abilities or change its card types (205.1a: a
            # creature that "is a colorless land"): work it out afresh
            if not obj.is_land:
                continue
            made = _land_colors(obj, game)
        elif "Land" not in face.types:
            continue
        else:
            made = face.mana_colors  # cached per face: the same for every copy of the land
            if made is None:
                made = _land_colors(obj, game)
                if not _conditional_mana(obj):
                    face.mana_colors = made  # (not when "Activate only if ..." may change it)
        if made:
            found.append((obj, made))
    return found


def _conditional_mana(obj: GameObject) -> bool:
    """Whether one of its mana abilities says "Activate only if ..." (602.5b) or makes "mana of
    the chosen color" (each object's own choice): the colours are not the face's to cache."""
    return any(abl.is_mana_ability and (abl.condition is not None or any(
        (isinstance(e, ab.AddMana) and "chosen:color" in e.choices) or getattr(e, "chosen", False)
        for e in abl.effects))
        for abl in compiled.activated_abilities(obj))


def _land_colors(obj: GameObject, game: Game | None = None) -> tuple[str, ...]:
    """The colours a land's basic land types and tap-only mana abilities make (305.6, 605);
    a mana ability with an "Activate only if ..." restriction counts only while it holds
    (602.5b: "Activate only if you control an Island or a Mountain")."""
    # (305.6: a basic land type's mana ability; lost to "loses all abilities", 613.1f)
    colors = set() if compiled.lost_any(obj) else {
        BASIC_LAND_MANA[s] for s in obj.subtypes if s in BASIC_LAND_MANA}
    for m in obj.static_mods + obj.mods if (obj.static_mods or obj.mods) else ():
        if m.set_types and "Land" in m.set_types and m.subtypes:
            # 305.7: "Enchanted land is a Swamp" - it loses its other abilities but gains the
            # new basic land type's mana ability
            colors.update(BASIC_LAND_MANA[s] for s in m.subtypes if s in BASIC_LAND_MANA)
    for abl in compiled.activated_abilities(obj):
        if not abl.is_mana_ability or any(p.kind not in ("tap",) for p in abl.cost.parts):
            continue
        if abl.condition is not None and (game is None or not conditions.holds(
                game, abl.condition, obj.controller, obj)):
            continue
        for eff in abl.effects:
            if isinstance(eff, ab.AddMana):
                if eff.any_color or eff.one_color:
                    colors.update(COLORS)
                for sym in eff.choices:
                    if sym == "chosen:color":  # "one mana of the chosen color" (607.2?)
                        chosen = chosen_color(game, obj) if game is not None else None
                        colors.update((chosen,) if chosen else ())
                        continue
                    colors.update(ch for ch in sym if ch in COLORS + "C")
                if eff.chosen and game is not None:  # 614.12: the color its source chose
                    colors.update(c for c in (chosen_color(game, obj),) if c)
                colors.update(ch for ch in eff.mana if ch in COLORS + "C")
    return tuple(sorted(colors))


def _convoke_sources(game: Game, player: Player, spell: Any) -> list[tuple[Any, tuple[str, ...]]]:
    """702.51a: with convoke, each untapped creature the caster controls may pay {1} or one
    mana of its color (summoning sickness doesn't matter: it isn't a {T} ability). Listed
    after the lands, so a land is tapped first where either would do (702.51b: the total cost
    is already fixed)."""
    if spell is None:
        return []
    found: list[tuple[Any, tuple[str, ...]]] = []
    if compiled.keyword_ability(spell, "convoke") is not None:
        for obj in game.battlefield:
            if obj.controller is player and not obj.tapped and not obj.phased_out and \
                    obj.is_creature:
                found.append((_Convoker(obj), tuple(obj.colors) or ("C",)))
    if compiled.keyword_ability(spell, "improvise") is not None:
        # 702.126a: each untapped artifact may pay {1} (generic only: "C" here, after lands)
        used = {id(h.obj) for h, _c in found} | {id(o) for o, _c in mana_sources(game, player)}
        for obj in game.battlefield:
            if obj.controller is player and not obj.tapped and not obj.phased_out and \
                    obj.has_type("Artifact") and id(obj) not in used:
                found.append((_Convoker(obj, "improvised"), ("C",)))
    if compiled.keyword_ability(spell, "delve") is not None:
        # 702.66a: each card exiled from your graveyard pays {1}
        for obj in player.graveyard:
            if obj is not spell:
                found.append((_Convoker(obj, "delved"), ("C",)))
    return found


class _Convoker:
    """A permanent or card offered to pay for a spell with convoke (702.51a), improvise
    (702.126a) or delve (702.66a), told apart from a land's tap: ``how`` is what paying does
    ("convoked" / "improvised": tap it; "delved": exile it)."""

    __slots__ = ("how", "obj")

    def __init__(self, obj: GameObject, how: str = "convoked") -> None:
        self.obj = obj
        self.how = how


def waterbend_sources(game: Game, player: Player, generic: int,
                      exclude: Any = None) -> list[tuple[Any, tuple[str, ...]]]:
    """701.67a-b: while paying a waterbend cost, each untapped artifact or creature you control
    may pay {1} of that cost's generic mana (at most ``generic`` of them: only the waterbend
    part, 701.67b); listed after the lands, as convoke's helpers are."""
    used = {id(o) for o, _c in mana_sources(game, player)}
    found = [(_Convoker(o, "waterbend_tapped"), ("C",)) for o in game.battlefield
             if o.controller is player and not o.tapped and not o.phased_out and o is not exclude
             and (o.is_creature or o.has_type("Artifact")) and id(o) not in used]
    return found[:max(0, generic)]


def pay_mana(game: Game, player: Player, cost: ManaCost, x: int, what: str,
             spell: Any = None, extra: list[Any] | None = None) -> dict[str, int]:
    """601.2g-h: pay from the pool, then tap lands automatically; refuse if impossible.
    Returns the mana spent by kind ("R": 2, "C": 1), for "mana spent to cast it" (601.2h);
    creatures tapped for convoke (702.51a) or waterbend (701.67a, ``extra``) pay too but spend
    no mana."""
    sources = mana_sources(game, player) + _convoke_sources(game, player, spell) + list(extra or ())
    cost, life = phyrexian.choose_life(game, player, cost, x, what, sources)  # 107.4f
    plan = plan_payment(cost, x, player.mana_pool, sources)
    game.__dict__["last_phyrexian_life"] = life
    if plan is None:
        raise IllegalActionError("601.2h", f"{player.name} can't pay the mana cost of {what}")
    spent, all_taps = plan
    taps = [(o, c) for o, c in all_taps if not isinstance(o, _Convoker)]
    game.__dict__["last_mana_sources"] = take_spent(game, player, dict(player.mana_pool), spent,
                                                    taps)
    for helper, _color in all_taps:
        if isinstance(helper, _Convoker):
            if helper.how == "delved":
                game.move(helper.obj, "exile")
            else:
                helper.obj.tapped = True
            game.log(helper.how, obj=helper.obj, player=player, spell=what)
    for obj, color in taps:
        obj.tapped = True
        game.log("tapped_for_mana", obj=obj, player=player, mana=color)
    for color, n in spent.items():
        player.mana_pool[color] -= n
        if not player.mana_pool[color]:
            del player.mana_pool[color]
    if life:  # 107.4f, 119.4: paying life is losing that much life
        game.lose_life(player, phyrexian.LIFE_PER_SYMBOL * life)
        game.log("life_paid", player=player, amount=phyrexian.LIFE_PER_SYMBOL * life,
                 phyrexian=life, spell=what)
    paid = dict(spent)
    for _obj, color in taps:
        paid[color] = paid.get(color, 0) + 1
    return paid


def can_pay(game: Game, player: Player, cost: ManaCost, x: int, spell: Any = None) -> bool:
    return phyrexian.payable(cost, x, player.mana_pool, mana_sources(game, player)
                             + _convoke_sources(game, player, spell), player.life)


def library_top_permitted(game: Game, player: Player, obj: GameObject, kind: str) -> bool:
    """601.3 / 305.1: "You may cast creature spells [play lands] from the top of your library":
    ``obj`` is the top card of ``player``'s own library and a static permission of ``kind``
    ("cast_from_library_top", "play_lands_from_library_top") whose filter it fits applies."""
    if not player.library or player.library[0] is not obj:
        return False
    found = statics.player_restrictions(game, "cast_from_library_top", player) \
        if kind == "cast_from_library_top" else \
        statics.player_restrictions(game, "play_lands_from_library_top", player)
    return any(eff.filter is None or targeting.matches(game, obj, eff.filter, player, src,
                                                       zone_check=False)
               for src, eff in found)


def find_castable(game: Game, player: Player, name: str, from_zone: str) -> GameObject:
    zone = getattr(player, from_zone, None) if from_zone != "battlefield" else None
    if zone is None:
        raise IllegalActionError("601.2a", f"can't cast from {from_zone}")
    key = name.lower()
    found = [o for o in zone if (o.label and str(o.label).lower() == key)
             or o.name.lower() == key]
    if not found and " // " in key:  # the full name of a multi-face card ("A // B")
        found = [o for o in zone if o.card is not None and o.card.name.lower() == key]
    if not found and from_zone == "exile":
        # 722.3c: the prepared permanent's controller may cast the copy in its owner's exile
        for p in game.players:
            for o in p.exile:
                if o.copy_for is not None and (o.name.lower() == key or (
                        o.label and str(o.label).lower() == key)):
                    found.append(o)
    if not found and from_zone == "exile":
        # 601.3: a card in another player's exile this player may cast ("exile the top card
        # of that player's library ... you may cast that card")
        found = [o for who, objs, _u, _f in game.play_permissions if who is player
                 for o in objs if o.zone == "exile" and (o.name.lower() == key or (
                     o.label and str(o.label).lower() == key))]
    if not found:
        for obj in game.all_objects():
            card = getattr(obj, "card", None)
            if card is not None and card.prepare is not None and card.prepare.name.lower() == key \
                    and obj.copy_for is None:
                raise IllegalActionError(
                    "722.3", f"{card.name} can't be cast as its prepare spell {card.prepare.name}; "
                             "only a prepared permanent's copy in exile can be")
        raise IllegalActionError("601.2a", f"no card named {name!r} in {player.name}'s {from_zone}")
    return found[0]


def cast(game: Game, player: Player, name: str, *, from_zone: str = "hand",
         targets: list[Any] | None = None, x: int = 0) -> GameObject:
    """601.2: propose, choose targets, pay, and the spell becomes cast (601.2i)."""
    _need_priority(game, player)
    if player.name in game.cant_cast:
        raise IllegalActionError("101.2", f"{player.name} can't cast spells this turn (an effect "
                                          "says so)")
    obj, half = _find_castable_half(game, player, name, from_zone)
    original_face = obj.face
    fused = split.fused_face(obj.card) if half is None and from_zone == "hand" else None
    if fused is not None and game.decider.may(player.name, f"fuse {obj.name}: cast both "
                                                           "halves (702.102a)"):
        half = fused  # 702.102a: chosen before the card goes on the stack
    if half is not None:
        split.put_half_on_stack(obj, half)  # 709.3a: only the chosen half is evaluated
    disturb = _disturb(obj) if from_zone == "graveyard" and half is None else None
    if disturb is not None:
        # 702.146a-b: cast transformed - only the back face is evaluated and goes on the stack
        # (the zone change to the stack keeps the transformed status, and so the back face)
        obj.transformed = True
        obj.face = obj.card.back  # type: ignore[union-attr]
    statics_spells.grant(game, obj, player)  # 613.1f: "spells you cast have ..." (601.2a)
    try:
        _cast_checked(game, player, obj, half, from_zone, targets, x, disturb)
    except IllegalActionError:
        statics_spells.clear(obj)
        if half is not None:
            obj.face = original_face  # refused: the card keeps its characteristics
        if disturb is not None:
            obj.transformed = False  # and its front face in the graveyard
        raise
    game.priority = player  # 601.2j / 117.3c: the caster receives priority again
    game.passes = 0

    turn.give_priority(game, player)
    return obj


def _find_castable_half(game: Game, player: Player, name: str,
                        from_zone: str) -> tuple[GameObject, Any]:
    """The card to cast and, for a split card, the half named (709.3: chosen before casting)."""
    try:
        obj = find_castable(game, player, name, from_zone)
    except IllegalActionError:
        zone = getattr(player, from_zone, None) if from_zone != "battlefield" else None
        for candidate in zone or ():
            half = split.half_named(candidate, name)
            if half is not None:
                return candidate, half
        raise
    return obj, split.half_named(obj, name)


def _disturb(obj: GameObject) -> Any:
    """The card's disturb ability (702.146a), when it has one and no flashback (flashback is the
    permission a script casting from a graveyard means first) and a back face to cast."""
    if obj.card is None or obj.card.back is None or obj.transformed:
        return None
    if compiled.keyword_ability(obj, "flashback") is not None:
        return None
    return compiled.keyword_ability(obj, "disturb")


def _cast_checked(game: Game, player: Player, obj: GameObject, half: Any, from_zone: str,
                  targets: list[Any] | None, x: int, disturb: Any = None) -> None:
    """601.2a-i for :func:`cast` once the card (and the half of a split card) is known."""
    face = obj.face
    game.__dict__.pop("text_changed", None)  # a text change chosen for a refused cast ends
    if face.is_permanent_type and "Land" in face.types:
        raise IllegalActionError("305.1", f"{obj.name} is a land; lands are played, not cast")
    flashback = False  # also: exiled whenever it leaves the stack (702.34a, 702.127a)
    cost_text = face.mana_cost
    other_parts: tuple[Any, ...] = ()  # non-mana parts of an alternative cost (escape)
    graveyard_alt = False  # cast from a graveyard by registry.GRAVEYARD_CASTS
    alt_after = None  # ... for an alternative cost: how the mechanic marks the spell
    aftermath = half is not None and split.has_aftermath(half)
    if aftermath and from_zone != "graveyard":
        raise IllegalActionError("702.127a", f"{obj.name} has aftermath: this half can't be "
                                             f"cast from any zone other than a graveyard")
    if aftermath:
        if obj.owner is not player:
            raise IllegalActionError("702.127a", f"{obj.name} may be cast only from its "
                                                 "owner's graveyard")
        flashback = True  # 702.127a: cast from a graveyard, exiled whenever it leaves the stack
    elif disturb is not None:
        if obj.owner is not player:
            raise IllegalActionError("702.146a", f"{obj.name} may be cast with disturb only "
                                                 "from its owner's graveyard")
        # 702.146a: "cast this card transformed from your graveyard by paying [cost] rather
        # than its mana cost" (an alternative cost, 118.9)
        cost_text = disturb.cost.mana if disturb.cost is not None else (disturb.parameter or "")
    elif from_zone == "graveyard":
        fb = compiled.keyword_ability(obj, "flashback")
        escape = compiled.keyword_ability(obj, "escape") if fb is None else None
        other = None if fb is not None or escape is not None else next(
            (found for ask in GRAVEYARD_CASTS if (found := ask(game, player, obj))), None)
        permitted = fb is None and escape is None and other is None and any(
            who is player and obj in objs for who, objs, _u, _f in game.play_permissions)
        if fb is None and escape is None and other is None and not permitted:
            raise IllegalActionError("601.3", f"{obj.name} can't be cast from a graveyard")
        if other is not None:  # 702.81a retrace, 702.133a jump-start (their mechanics)
            cost_text, other_parts, flashback = other[:3]
            graveyard_alt = True
            if len(other) > 3:  # cast for a keyword's cost ("using its blitz ability")
                alt_after = other[3]
        elif permitted:
            pass  # 601.3: "you may cast this card from your graveyard" - for its mana cost
        elif escape is not None:
            # 702.138a: cast from the graveyard by paying the escape cost rather than its mana
            # cost (an alternative cost, 118.9); it is not exiled afterwards (no 702.34a)
            if obj.owner is not player:
                raise IllegalActionError("702.138a", f"{obj.name} may be escaped only from its "
                                                     "owner's graveyard")
            parts = escape.cost.parts if escape.cost is not None else ()
            cost_text = "".join(p.mana or "" for p in parts if p.kind == "mana")
            other_parts = tuple(p for p in parts if p.kind != "mana")
        else:
            flashback = True
            cost_text = keyword_mana(obj, fb)
    elif from_zone == "exile" and obj.copy_for is None and \
            _plotted_turn(game, player, obj) is not None:
        # 702.170d: a plotted card: cast without paying its mana cost during its owner's main
        # phase while the stack is empty, on a later turn (an alternative cost, 118.9)
        if game.turn <= (_plotted_turn(game, player, obj) or 0):
            raise IllegalActionError("702.170d", f"{obj.name} was plotted this turn: it may be "
                                                 "cast on a later turn")
        if not sorcery_timing_ok(game, player):
            raise IllegalActionError("702.170d", "a plotted card is cast during its owner's "
                                                 "main phase while the stack is empty")
        cost_text = ""
        game.log("cast_without_paying", obj=obj, player=player)
    elif from_zone == "exile" and obj.copy_for is None and _exile_cast_cost(
            game, player, obj) is not None:
        cost_text = _exile_cast_cost(game, player, obj) or ""  # 702.143a foretold (118.9)
    elif from_zone == "exile" and obj.copy_for is None:
        if not any(who is player and obj in objs for who, objs, _u, _f in game.play_permissions):
            raise IllegalActionError("601.3", f"{obj.name} can't be cast from exile")
        if any(who is player and obj in objs and free for who, objs, _u, free in
               game.play_permissions) and game.decider.may(
                player.name, f"cast {obj.name} without paying its mana cost (118.9)"):
            # "you may play/cast it without paying its mana cost" (an alternative cost, 118.9)
            cost_text = ""
            game.log("cast_without_paying", obj=obj, player=player)
        elif any(o is obj and t == obj.timestamp and p is player
                 for o, t, p in game.__dict__.get("any_mana_casts", ())):
            # 609.4b: mana of any color pays its colored symbols (the cost is the same)
            cost_text = re.sub(r"\{(?:[WUBRG]|[WUBRG2]/[WUBRGP])\}", "{1}", cost_text)
    elif from_zone == "exile":
        if obj.copy_for.controller is not player:
            raise IllegalActionError("722.3c", f"only the prepared permanent's controller "
                                               f"({obj.copy_for.controller.name}) may cast "
                                               f"{obj.name}")
    elif from_zone == "library":
        if not library_top_permitted(game, player, obj, "cast_from_library_top"):
            raise IllegalActionError("601.3", f"{obj.name} can't be cast from a library (only "
                                              "the top card, with a permission)")
    elif from_zone != "hand":
        raise IllegalActionError("601.3", f"{obj.name} can't be cast from {from_zone}")
    if from_zone not in ("exile",) and obj.owner is not player:
        raise IllegalActionError("601.3", f"{player.name} doesn't own {obj.name}")
    prohibition = cast_prohibited(game, player, obj) or own_cast_restriction(game, player, obj)
    if prohibition:
        raise IllegalActionError("601.3", prohibition)
    flashed = False
    if not timing_ok(game, player, obj):
        extra = _flash_for_more(obj, game, player)
        if extra is None:
            raise IllegalActionError("307.1", f"{obj.name} can be cast only in its controller's "
                                              "main phase with an empty stack")
        # 601.3c: "as though it had flash if you pay {2} more": an additional cost (601.2f)
        cost_text = cost_text + extra
        flashed = True  # cast any time a sorcery couldn't have been (mechanics/tail_rules.py)
    cleave = None
    if not flashback and disturb is None and not other_parts and \
            cost_text == face.mana_cost:
        cleave = _cleave_offer(game, player, obj)
        if cleave is not None:
            cost_text = cleave  # 702.148a / 118.9: an alternative cost
    warped = None
    if cleave is None and from_zone == "hand" and not flashback and disturb is None and \
            not other_parts and cost_text == face.mana_cost:
        warped = _warp_offer(game, player, obj)
        if warped is not None:
            cost_text = warped  # 702.185a / 118.9: an alternative cost
    alt_cast = None  # an alternative cost a mechanic offers (registry.ALTERNATIVE_COSTS)
    if cleave is None and warped is None and not flashback and disturb is None and \
            not other_parts and cost_text == face.mana_cost:
        for offer, after in ALTERNATIVE_COSTS:
            chosen = offer(game, player, obj, from_zone)
            if chosen is not None:
                if isinstance(chosen, tuple):  # mana and other parts (Force of Will)
                    chosen, extra = chosen
                    other_parts = other_parts + tuple(extra)
                cost_text, alt_cast = chosen, after  # 118.9a: only one alternative cost
                break
    pending_alt = _next_spell_alternatives(game, player) if cleave is None and \
        warped is None and alt_cast is None else []
    alt_used = cleave is not None or warped is not None or alt_cast is not None
    if pending_alt and not flashback and disturb is None and not other_parts and \
            cost_text == face.mana_cost and game.decider.may(
                player.name, f"pay life equal to {obj.name}'s mana value rather than its "
                             "mana cost (118.9)"):
        # 118.9 / 202.3e: life equal to its mana value (X as chosen) instead of the mana cost
        parsed = parse_cost(cost_text)
        life = parsed.mana_value + x * parsed.x_count
        cost_text = ""
        other_parts = other_parts + (ab.CostPart(kind="pay_life", amount=ab.Amount(life),
                                                 text=f"Pay {life} life"),)
        alt_used = True
    if not alt_used and not flashback and disturb is None and not other_parts and \
            cost_text == face.mana_cost \
            and cost_text and free_cast_offered(game, player, obj, from_zone) and \
            game.decider.may(player.name, f"cast {obj.name} without paying its mana cost "
                                          "(118.9)"):
        # 118.9: an alternative cost of nothing; only one alternative cost may apply (118.9a),
        # so not with flashback, disturb or escape; additional costs are still paid (118.9d)
        cost_text = ""
        game.log("cast_without_paying", obj=obj, player=player)
    cost_text, kicked, kick_parts = _announce_kicker(game, player, obj, cost_text, x)
    other_parts = other_parts + kick_parts
    cost_text, bought, buy_parts = _announce_kicker(game, player, obj, cost_text, x,
                                                    names=("buyback",))
    other_parts = other_parts + buy_parts
    cost_text, replicated, rep_parts = _announce_kicker(game, player, obj, cost_text, x,
                                                        names=("replicate",))
    other_parts = other_parts + rep_parts
    cost_text, sprung, off_parts = _announce_kicker(game, player, obj, cost_text, x,
                                                    names=("offspring",))
    other_parts = other_parts + off_parts
    cost_text, squads, squad_parts = _announce_kicker(game, player, obj, cost_text, x,
                                                      names=("squad",))
    other_parts = other_parts + squad_parts
    casualty = _casualty_offer(game, player, obj, other_parts)
    other_parts = other_parts + casualty
    teamwork = _teamwork_offer(game, player, obj, other_parts)
    other_parts = other_parts + teamwork
    cost_text, extra_parts, add_paid = _additional_costs(game, player, obj, cost_text, x,
                                                         other_parts)
    other_parts = other_parts + extra_parts
    announced: dict[str, Any] = {"casualty": True} if casualty else {}
    announced_logs: list[tuple[str, dict[str, Any]]] = []
    for announce in CAST_ANNOUNCEMENTS:  # 601.2b: awaken, gift, splice ... (mechanics)
        cost_text, more_parts, choices = announce(game, player, obj, cost_text, x, other_parts)
        other_parts = other_parts + more_parts
        announced_logs += choices.pop("log", ())  # logged once the spell is cast (a refusal
        # leaves the game unchanged)
        added = choices.pop("added_effects", ())  # text the spell gains (awaken, splice)
        announced.update(choices)
        if added:
            announced["added_effects"] = announced.get("added_effects", ()) + tuple(added)
    if other_parts:
        refusal = hooks.cost_refusal(game, player, obj, other_parts)
        if refusal:
            raise IllegalActionError("601.2h", refusal)
    cost = parse_cost(cost_text)
    # 601.2b: what was announced before the modes are chosen ("If this spell was kicked,
    # choose any number instead": the mode choice reads it, 700.2)
    if kicked:
        announced["kicked"] = kicked
    if add_paid:
        announced["additional_cost_paid"] = True
    if teamwork:
        announced["teamwork"] = True
    game.__dict__["cast_announced"] = announced  # (modes read entwine's, 702.42a)
    try:
        spell = put_on_stack_as_cast(game, player, obj, cost, cost_text, targets=targets, x=x,
                                     flashback=flashback, cleave=cleave is not None,
                                     announced=announced or None)
    finally:
        game.__dict__.pop("cast_announced", None)
    for name, data in announced_logs:
        game.log(name, obj=spell, player=player, **data)
    if flashed:
        spell.choices_made["cast_as_though_flash"] = True
        game.__dict__.setdefault("flash_cast", []).append(spell)
    if warped is not None:
        # 702.185a: "if this spell's warp cost was paid, exile the permanent it becomes at the
        # beginning of the next end step" (mechanics/warp.py sees it enter)
        spell.choices_made["warped"] = True
        game.__dict__.setdefault("warp_cast", []).append(spell)
        game.log("warp_paid", obj=spell, player=player)
    if alt_cast is None:
        alt_cast = alt_after
    if alt_cast is not None:
        alt_cast(game, player, spell)  # the mechanic marks the spell (702.74a evoked ...)
    if pending_alt:  # "the next spell you cast this turn": used up by this one (118.9)
        game.__dict__["next_spell_alternatives"] = [
            e for e in game.__dict__["next_spell_alternatives"] if e[0] is not player]
    if add_paid:
        spell.choices_made["additional_cost_paid"] = True  # (601.2b: announced and paid)
    if teamwork:
        spell.choices_made["teamwork"] = True  # "if this spell was cast using teamwork"
    if replicated:
        spell.choices_made["replicate"] = replicated  # 702.56a: times its cost was paid
    if sprung:
        spell.choices_made["offspring"] = True  # 702.175a: its offspring cost was paid
    if squads:
        spell.choices_made["squad"] = squads  # 702.157a: times its squad cost was paid
    if bought:
        spell.choices_made["buyback"] = True  # 702.27a: it returns to the hand as it resolves
        game.log("buyback_paid", obj=spell, player=player)
    if kicked:
        spell.choices_made["kicked"] = kicked  # 702.33d: how many times it was kicked
        spell.choices_made["kicked_with"] = game.__dict__.pop("kicked_with", ())
        game.log("kicked", obj=spell, player=player, times=kicked)
    if other_parts:
        spell.choices_made["cost_paid"] = hooks.pay_costs(game, player, obj, other_parts)
        if from_zone == "graveyard" and not flashback and not graveyard_alt:
            spell.choices_made["escaped"] = True  # 702.138c: "escaped" / "escapes with"


def _casualty_offer(game: Game, player: Player, obj: GameObject,
                    already: tuple[Any, ...]) -> tuple[Any, ...]:
    """702.153a: "As an additional cost to cast this spell, you may sacrifice a creature with
    power N or greater" (601.2b announced, 601.2h paid with the other costs). Offered only
    when the player controls such a creature; a "may" (unanswered: no). Returns the cost
    part to pay, or nothing."""
    kw = compiled.keyword_ability(obj, "casualty")
    param = (kw.parameter or "").strip() if kw is not None else ""
    if not param.isdigit():
        return ()
    n = int(param)
    part = ab.CostPart(kind="sacrifice", amount=ab.Amount(1),
                       what=ab.ObjectFilter(card_types=("creature",), controller="you",
                                            qualifiers=(f"with power {n} or greater",),
                                            text=f"a creature with power {n} or greater"),
                       text=f"Casualty {n}: sacrifice a creature with power {n} or greater")
    if hooks.cost_refusal(game, player, obj, already + (part,)):
        return ()
    if not game.decider.may(player.name, f"sacrifice a creature with power {n} or greater "
                                         f"(casualty {n}, 702.153a)"):
        return ()
    return (part,)


def _teamwork_offer(game: Game, player: Player, obj: GameObject,
                    already: tuple[Any, ...]) -> tuple[Any, ...]:
    """Teamwork N (its reminder text: "As an additional cost to cast this spell, you may tap
    any number of creatures you control with total power N or more"): an optional additional
    cost (601.2b announced, 601.2h paid; tapping them is no {T} cost, so summoning sickness
    doesn't matter, as for crew, 702.122c). Offered only when the power is there; a "may"
    (unanswered: no). Returns the cost part to pay, or nothing."""
    kw = compiled.keyword_ability(obj, "teamwork")
    param = (kw.parameter or "").strip() if kw is not None else ""
    if not param.isdigit():
        return ()
    n = int(param)
    part = ab.CostPart(kind="tap_creatures_power", amount=ab.Amount(n),
                       text=f"Teamwork {n}: tap creatures with total power {n} or more")
    if hooks.cost_refusal(game, player, obj, already + (part,)):
        return ()
    if not game.decider.may(player.name, f"tap creatures with total power {n} or more "
                                         f"(teamwork {n})"):
        return ()
    return (part,)


def _cleave_offer(game: Game, player: Player, obj: GameObject) -> str | None:
    """702.148a: a spell with cleave may be cast by paying its cleave cost rather than its mana
    cost (an alternative cost, 118.9; only one applies, 118.9a). Returns the cleave mana cost
    when the caster chooses it (a "may": unanswered, no), else None."""
    kw = compiled.keyword_ability(obj, "cleave")
    if kw is None or kw.cost is None or _text_changed(obj, "cleave") is None:
        return None
    if not game.decider.may(player.name, f"cast {obj.name} for its cleave cost "
                                         f"{kw.cost.mana} (702.148a)"):
        return None
    return kw.cost.mana or ""


def _warp_offer(game: Game, player: Player, obj: GameObject) -> str | None:
    """702.185a: "You may cast this card from your hand by paying [cost] rather than its mana
    cost" (an alternative cost, 118.9). Returns the warp mana cost when the caster chooses it
    (a "may": unanswered, no), else None."""
    kw = compiled.keyword_ability(obj, "warp")
    if kw is None or kw.cost is None or kw.cost.mana is None:
        return None
    if not game.decider.may(player.name, f"cast {obj.name} for its warp cost {kw.cost.mana} "
                                         "(702.185a)"):
        return None
    return kw.cost.mana


def keyword_mana(obj: GameObject, kw: Any) -> str:
    """The mana of a keyword's cost ("Flashback {2}{R}"); a granted keyword whose cost "is
    equal to its mana cost" (parameter "its mana cost") costs the card's mana cost."""
    if kw.cost is not None:
        return kw.cost.mana or ""
    if kw.parameter == "its mana cost":
        return obj.face.mana_cost
    return kw.parameter or ""


def _exile_cast_cost(game: Game, player: Player, obj: GameObject) -> str | None:
    """The cost a mechanic lets ``player`` cast ``obj`` from exile for now (foretell), else
    None (registry.EXILE_CASTS)."""
    for ask in EXILE_CASTS:
        cost = ask(game, player, obj)
        if cost is not None:
            return cost
    return None


def _text_changed(obj: GameObject, keyword: str) -> tuple[Any, ...] | None:
    """The instructions of the spell once ``keyword``'s text change applies (612, 702.148a)."""
    for a in compiled.face_abilities(obj.card, obj.face):
        if isinstance(a, ab.TextChangedSpell) and a.keyword == keyword:
            return a.effects
    return None


def put_on_stack_as_cast(game: Game, player: Player, obj: GameObject, cost: ManaCost | None,
                         cost_text: str = "", *, targets: list[Any] | None = None, x: int = 0,
                         flashback: bool = False, cleave: bool = False,
                         announced: dict[str, Any] | None = None) -> GameObject:
    """601.2a-i once the spell may be cast: modes, targets, costs (``cost`` None = without
    paying its mana cost, 118.9), then it becomes cast. Refusals leave the game unchanged."""
    # 601.2a: the card moves to the stack; 601.2b modes, 601.2c targets, then 601.2f-h costs
    original_zone = obj.zone
    statics_spells.grant(game, obj, player)  # 613.1f: "spells you cast have ..."
    halves = split.halves(obj.card)
    if halves and not split.is_cast_face(obj):
        # 709.3: cast by an effect ("cast target card ... without paying"): choose the half
        # now; 702.127a: the aftermath half only from a graveyard, and exiled afterwards
        castable = [h for h in halves if original_zone == "graveyard" or not
                    split.has_aftermath(h)]
        half = game.decider.choose(player.name, "half of the split card to cast (709.3)",
                                   castable)
        original_face = obj.face
        split.put_half_on_stack(obj, half)
        if split.has_aftermath(half):
            flashback = True
        if cost is not None:
            cost, cost_text = parse_cost(half.mana_cost), half.mana_cost
        try:
            return put_on_stack_as_cast(game, player, obj, cost, cost_text, targets=targets,
                                        x=x, flashback=flashback)
        except IllegalActionError:
            obj.face = original_face
            raise
    effects = compiled.spell_effects(obj.face, obj.card)
    changed = _text_changed(obj, "cleave") if cleave else None
    pending_text = game.__dict__.pop("text_changed", None)  # 702.96a overload (its mechanic)
    if changed is None and pending_text is not None and pending_text[0] is obj:
        changed = pending_text[1]
    if changed is not None:
        # 702.148a: the cleave cost was paid: the bracketed text is gone (a text-changing
        # effect, 612), before modes and targets are chosen (601.2b-c)
        effects = changed
    spliced = (game.__dict__.get("cast_announced") or {}).get("added_effects")
    if spliced:  # 702.47b-c, 702.113a-b: added effects follow; their targets are chosen too
        effects = tuple(effects) + tuple(spliced)
    modal = any(isinstance(e, ab.Modal) for e in effects)
    entwine = compiled.keyword_ability(obj, "entwine") if modal and cost is not None else None
    entwined = False
    if entwine is not None and entwine.cost is not None and entwine.cost.mana and \
            all(p.kind == "mana" for p in entwine.cost.parts) and \
            can_pay(game, player, parse_cost(cost_text + entwine.cost.mana), x, obj) and \
            game.decider.may(player.name, f"pay entwine {entwine.cost.text} for {obj.name}"):
        # 702.42a-b: all modes are chosen; the entwine cost is added to the total (601.2f)
        effects = tuple(e for eff in effects for e in (
            tuple(x for m in eff.modes for x in m) if isinstance(eff, ab.Modal) else (eff,)))
        cost_text += entwine.cost.mana
        cost = parse_cost(cost_text)
        game.log("entwined", obj=obj, player=player)
        modal, entwined = False, True
    if modal:
        game.__dict__.pop("chosen_mode_costs", None)
        if announced:  # (read by a mode count's condition; choices_made is set again below)
            obj.choices_made = {**(obj.choices_made or {}), **announced}
        effects = hooks.choose_modes(game, player, effects, obj)  # 601.2b
        wanted = targeting.collect_targets(effects)
        escalate = compiled.keyword_ability(obj, "escalate") if cost is not None else None
        chosen = next((ev for ev in reversed(game.events[-5:]) if ev.name == "modes_chosen"),
                      None)
        extra_modes = len([m for m in str(chosen.data.get("modes") or "").split(",") if m]) - 1 \
            if chosen is not None else 0
        if escalate is not None and escalate.cost is not None and extra_modes > 0:
            # 702.120a: an additional cost for each mode chosen beyond the first (601.2f)
            if any(p.kind != "mana" for p in escalate.cost.parts):
                raise IllegalActionError("702.120a", f"{obj.name}: an escalate cost other than "
                                                     "mana is not paid by this engine")
            cost_text += (escalate.cost.mana or "") * extra_modes
            cost = parse_cost(cost_text)
        if cost is not None and (compiled.keyword_ability(obj, "spree") is not None
                                 or compiled.keyword_ability(obj, "tiered") is not None):
            # 702.172a (spree), 702.183a (tiered): "as an additional cost to cast this spell,
            # pay the costs associated with those modes" (601.2f: added to the total cost)
            extra = "".join(c.mana for c in game.__dict__.pop("chosen_mode_costs", ()) or ())
            if extra:
                cost_text = cost_text + extra
                cost = parse_cost(cost_text)
    elif changed is not None or entwined or spliced:
        wanted = targeting.collect_targets(effects)
    else:
        wanted = _spell_targets(obj)
    enchant = compiled.keyword_ability(obj, "enchant") if "Aura" in obj.subtypes else None
    if enchant is not None:
        # 303.4a: an Aura spell targets the object or player it will enchant
        wanted = (ab.Target(kind=(enchant.parameter or "permanent").lower(),
                            text=f"enchant {enchant.parameter}"),) + tuple(wanted)
    wanted = hooks.mutate_spell_targets(game, obj) + tuple(wanted)  # 702.140a
    probe = StackAbility(0, obj.name, obj, player, [])
    probe.x = x  # "X target creatures": choose_targets reads X from the item
    obj.x = x  # 601.2b before 601.2c: "target creature card with mana value X or less"
    if wanted:
        if not targeting.choose_targets(game, probe, wanted, player, targets):
            raise IllegalActionError("601.2c", f"{obj.name} has no legal targets")
    if cost is not None:
        # 601.2f: the total cost - mana cost plus increases, minus reductions (the same
        # object back when nothing applies)
        total = modified_cost(game, player, obj, cost, probe.targets, original_zone)
        if total is not cost:
            cost, cost_text = total, cost_text + " (total cost, 601.2f)"
    if cost is not None and not can_pay(game, player, cost, x, obj):
        raise IllegalActionError("601.2h", f"{player.name} can't pay {cost_text or '{0}'} "
                                           f"for {obj.name}")
    life = life_tax(game, player, obj, probe.targets, original_zone)  # 601.2f in life
    if life and player.life < life:
        raise IllegalActionError("601.2h", f"119.4: {player.name} can't pay {life} life for "
                                           f"{obj.name}")
    obj_list = getattr(obj.owner if original_zone != "exile" else obj.owner, original_zone)
    obj_list.remove(obj)
    obj.zone = "stack"
    obj.controller = player
    obj.timestamp = game.next_timestamp()
    game.stack.append(obj)
    obj.targets = probe.targets
    obj.choices_made = dict(probe.choices_made)
    if modal or entwined or changed is not None or spliced:
        obj.choices_made["effects"] = effects
    if announced:  # 601.2b choices the cast triggers look at (702.153a casualty)
        obj.choices_made.update(announced)
    if changed is not None and cleave:
        obj.choices_made["cleave"] = True
        game.log("cleave_paid", obj=obj, player=player)
    obj.x = x
    obj.flashback = flashback
    obj.cast_from = original_zone
    if original_zone == "graveyard":  # 601.2a: it left the graveyard for the stack
        game.log("left_graveyard", obj=obj, player=obj.owner, to="stack")
    if cost is not None:
        obj.choices_made["mana_spent"] = pay_mana(game, player, cost, x, obj.name,
                                                  obj)  # 601.2g-h
        obj.choices_made["mana_sources"] = game.__dict__.pop("last_mana_sources", [])
        obj.choices_made["phyrexian_life"] = game.__dict__.pop("last_phyrexian_life", 0)
        game.note_spent_to_cast(player, sum(obj.choices_made["mana_spent"].values()))
    if life:
        game.lose_life(player, life)  # 119.4: paying life
        game.log("life_paid", player=player, amount=life)
    _became_cast(game, player, obj)
    note_targets(game, obj, player)
    return obj


def _became_cast(game: Game, player: Player, obj: GameObject) -> None:
    """601.2i: the spell becomes cast: cast triggers, unprepared (722.3c), counted (731.2)."""
    player.spells_cast_this_turn += 1
    perm = obj.copy_for
    if perm is not None:
        hooks.prepare_copy_cast(game, obj)  # 722.3c
    # nth: "your third spell each turn" counts every spell cast this turn, this one included
    game.log("spell_cast", obj=obj, player=player, nth=player.spells_cast_this_turn,
             mana=sum((obj.choices_made.get("mana_spent") or {}).values()))  # 700.14 expend
    if perm is not None and perm.prepared:
        hooks.prepare_unprepare_on_cast(game, perm)


def _spell_targets(obj: GameObject) -> tuple[Any, ...]:
    spells = [a for a in compiled.face_abilities(obj.card, obj.face)
              if isinstance(a, ab.SpellAbility)]
    return targeting.collect_targets(tuple(spells))


def play_land(game: Game, player: Player, name: str) -> GameObject:
    """305.1-305.2: a main phase of your turn, empty stack, one land per turn."""
    _need_priority(game, player)
    try:
        obj = find_castable(game, player, name, "hand")
    except IllegalActionError:
        # 305.1 / 601.3: a land in exile that an effect lets the player play
        allowed = [o for who, objs, _u, _f in game.play_permissions if who is player
                   for o in objs if o.zone == "exile" and (o.name.lower() == name.lower() or (
                       o.label and str(o.label).lower() == name.lower()))]
        if not allowed and (statics.player_restrictions(
                game, "play_lands_from_graveyard", player) or statics_more.timed_permissions(
                game, "play_lands_from_graveyard", player)):
            # "You may play lands from your graveyard" (a static permission)
            allowed = [o for o in player.graveyard if o.is_land and (
                o.name.lower() == name.lower() or (o.label and str(o.label).lower() ==
                                                   name.lower()))]
        if not allowed:  # a land card's own permission (702.187c mayhem)
            allowed = [o for o in player.graveyard if o.is_land and name.lower() in (
                o.name.lower(), str(o.label or "").lower()) and any(
                f(game, player, o) for f in GRAVEYARD_LAND_PLAYS)]
        if not allowed and player.library and player.library[0].is_land and \
                library_top_permitted(game, player, player.library[0],
                                      "play_lands_from_library_top"):
            # "You may play lands from the top of your library" (305.1, a static permission)
            top = player.library[0]
            if top.name.lower() == name.lower() or (top.label and str(top.label).lower() ==
                                                    name.lower()):
                allowed = [top]
        if not allowed:
            raise
        obj = allowed[0]
    if not obj.is_land:
        raise IllegalActionError("305.1", f"{obj.name} is not a land")
    if not sorcery_timing_ok(game, player):
        raise IllegalActionError("305.1", "a land can be played only in your main phase with an "
                                          "empty stack")
    if player.land_plays >= land_plays_allowed(game, player):
        raise IllegalActionError("305.2", f"{player.name} has already played "
                                          f"{player.land_plays} land(s) this turn")
    player.land_plays += 1
    permanents.enter_battlefield(game, obj, player)
    game.log("land_played", obj=obj, player=player)

    turn.give_priority(game, player)
    return obj


def activate(game: Game, player: Player, name: str, index: int,
             targets: list[Any] | None = None, x: int = 0) -> Any:
    """602.2: announce, targets, pay costs; a mana ability resolves at once (605.3a)."""
    _need_priority(game, player)
    objs = [o for o in game.find_objects(name) if o.zone == "battlefield" and not o.phased_out]
    if not objs:
        raise IllegalActionError("602.2", f"no permanent {name!r} on the battlefield")
    mine = [o for o in objs if o.controller is player]
    if not mine:
        raise IllegalActionError("602.2", f"{player.name} doesn't control {name}")
    return activate_object(game, player, mine[0], index, targets, x)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _count_use(game: Game, obj: GameObject, index: int, abl: Any) -> None:
    """Record an activation for 602.5b / 702.177a limits (only abilities that have one)."""
    if abl.max_per_turn is None and getattr(abl, "max_per_game", None) is None:
        return
    uses = game.__dict__.setdefault("activation_uses", {})
    key = (obj.oid, obj.timestamp, index)
    uses[key] = uses.get(key, 0) + 1
    uses[key + (game.turn,)] = uses.get(key + (game.turn,), 0) + 1


def hand_abilities(obj: GameObject) -> list[Any]:
    """Activated abilities that function while the card is in its owner's hand (113.6a):
    cycling (702.29a), plot, and those mechanics register (registry.HAND_ABILITIES:
    typecycling, 702.29e), in printed order."""
    return [a for a in compiled.keyword_abilities(obj)  # (given ones too, 613.1f)
            if a.name.lower() in ("cycling", "plot") or a.name.lower() in HAND_ABILITIES
            or a.name.lower() in HAND_ACTIONS]


def activate_in_hand(game: Game, player: Player, name: str, index: int = 1) -> StackAbility:
    """602.2 for an ability of a card in its owner's hand. Cycling (702.29a): "[Cost], Discard
    this card: Draw a card." - the discard is part of the cost (601.2h/602.2b), so the card is
    in the graveyard before the ability resolves; discard and cycle triggers see it at once."""
    _need_priority(game, player)
    key = name.lower()
    cards = [o for o in player.hand if o.name.lower() == key
             or (o.label and str(o.label).lower() == key)]
    if not cards:
        raise IllegalActionError("602.2", f"no card named {name!r} in {player.name}'s hand")
    obj = cards[0]
    abilities = hand_abilities(obj)
    if not 1 <= index <= len(abilities):
        raise IllegalActionError("602.1", f"{obj.name} has no ability {index} that works in the "
                                          f"hand (it has {len(abilities)})")
    kw = abilities[index - 1]
    if game.stack and split_second_on_stack(game):
        raise IllegalActionError("702.61a", "a spell with split second is on the stack")
    if kw.name.lower() in HAND_ACTIONS:  # suspend, foretell, ninjutsu (their mechanics)
        return HAND_ACTIONS[kw.name.lower()](game, player, obj, kw)
    mana_text = kw.cost.mana if kw.cost is not None and kw.cost.mana else (kw.parameter or "")
    cost = parse_cost(mana_text)
    if kw.name.lower() == "plot":
        plotted = _plot(game, player, obj, cost, mana_text)
        # 116.3 / 117.5: the player receives priority again, so "When this card becomes
        # plotted" (702.170) goes on the stack first
        turn.give_priority(game, player)
        return plotted
    how = kw.name.lower()
    from_hand = HAND_ABILITIES.get(how)
    if how in HAND_SORCERY and not sorcery_timing_ok(game, player):  # 702.53a transmute
        raise IllegalActionError("602.5d", f"{kw.name} only as a sorcery")
    cost = activation_cost(game, player, obj, kw, cost)  # "Cycling abilities ... cost less"
    effects = list(from_hand(kw, obj)) if from_hand is not None \
        else [ab.Draw(text="Draw a card")]
    if from_hand is not None and not effects:
        raise IllegalActionError("602.1", f"{kw.text or kw.name} is not run by this engine")
    if not can_pay(game, player, cost, 0):
        raise IllegalActionError("602.2b", f"{player.name} can't pay {mana_text} for "
                                           f"{kw.name.lower()} ({obj.name})")
    item = StackAbility(game.new_id(), obj.name, obj, player, effects, ability=kw,
                        kind="activated")
    wanted = targeting.collect_targets(tuple(effects))
    if wanted and not targeting.choose_targets(game, item, wanted, player, None):
        raise IllegalActionError("602.2b", f"{obj.name}'s ability has no legal targets")
    pay_mana(game, player, cost, 0, obj.name)
    game.discard(player, obj)  # 701.9a: discarding, as a cost
    if how in ("cycling", "typecycling"):
        game.log("cycled", player=player, obj=obj)  # 702.29f: typecycling is cycling
    game.stack.append(item)
    game.log("ability_activated", obj=item, player=player)

    turn.give_priority(game, player)
    return item


def _plot(game: Game, player: Player, obj: GameObject, cost: ManaCost, mana_text: str) -> Any:
    """702.170a-b: "Any time you have priority during your main phase while the stack is empty,
    you may exile this card from your hand and pay [cost]. It becomes a plotted card." A
    special action (116.2k): no stack, and the player keeps priority (116.3)."""
    if compiled.keyword_ability(obj, "plot") is None:
        raise IllegalActionError("702.170a", f"{obj.name} has no plot ability")
    if game.active is not player or game.step not in ("main1", "main2") or game.stack:
        raise IllegalActionError("702.170a", f"{obj.name} can be plotted only during your main "
                                             "phase while the stack is empty")
    if not can_pay(game, player, cost, 0):
        raise IllegalActionError("602.2b", f"{player.name} can't pay {mana_text} to plot "
                                           f"{obj.name}")
    pay_mana(game, player, cost, 0, obj.name)
    game.move(obj, "exile")
    game.__dict__.setdefault("plotted", []).append((player, obj, obj.timestamp, game.turn))
    game.log("plotted", player=player, obj=obj)
    return obj


def _plotted_turn(game: Game, player: Player, obj: GameObject) -> int | None:
    """The turn ``obj`` (still the same object in exile, 400.7) became plotted by ``player``."""
    for who, card, stamp, when in game.__dict__.get("plotted", ()):
        if who is player and card is obj and obj.timestamp == stamp and obj.zone == "exile":
            return when
    return None


def activate_object(game: Game, player: Player, obj: GameObject, index: int,
                    targets: list[Any] | None = None, x: int = 0) -> Any:
    """:func:`activate` once the permanent is known (it is on the battlefield, phased in and
    controlled by ``player``; callers that hold the object skip the lookup by name)."""
    _need_priority(game, player)
    abilities = compiled.activated_abilities(obj)
    if not 1 <= index <= len(abilities):
        raise IllegalActionError("602.1", f"{obj.name} has no activated ability {index} "
                                          f"(it has {len(abilities)})")
    abl = abilities[index - 1]
    if not abl.is_mana_ability and game.stack and split_second_on_stack(game):
        raise IllegalActionError("702.61a", "a spell with split second is on the stack")
    if statics.restricted(game, "cant_activate", obj):
        raise IllegalActionError("602.5", f"{obj.name}'s activated abilities can't be "
                                          "activated (an effect says so)")
    if not abl.is_mana_ability and statics.restricted(game, "cant_activate_nonmana", obj):
        # 602.5 / 605.1a: "... can't be activated unless they're mana abilities"
        raise IllegalActionError("602.5", f"{obj.name}'s non-mana activated abilities can't be "
                                          "activated (an effect says so)")
    if abl.timing == "sorcery" and not sorcery_timing_ok(game, player):
        raise IllegalActionError("602.5d", f"{obj.name}'s ability can be activated only as a "
                                           "sorcery")
    if abl.only_your_turn and game.active is not player:
        raise IllegalActionError("602.5", f"{obj.name}'s ability can be activated only during "
                                          "its controller's turn (602.1b)")
    if abl.only_step is not None and game.step != abl.only_step:
        raise IllegalActionError("602.5b", f"{obj.name}'s ability can be activated only during "
                                           f"the {abl.only_step} step")
    # 602.5b "Activate only once each turn" / 702.177a exhaust: counted per object (a permanent
    # that changed zones is a new object, 400.7, and gets a new timestamp) and per ability
    use_key = (obj.oid, obj.timestamp, index)
    per_turn = abl.max_per_turn
    per_game = getattr(abl, "max_per_game", None)
    uses = game.__dict__.setdefault("activation_uses", {})
    if per_turn is not None and uses.get(use_key + (game.turn,), 0) >= per_turn:
        raise IllegalActionError("602.5b", f"{obj.name}'s ability can be activated only "
                                           f"{_times(per_turn)} each turn")
    if per_game is not None and uses.get(use_key, 0) >= per_game:
        raise IllegalActionError("702.177a", f"{obj.name}'s ability can be activated only "
                                             f"{_times(per_game)}")
    if abl.condition is not None:
        if not conditions.holds(game, abl.condition, player, obj):
            # 602.5b: "Activate only if ..." - a restriction on activating it
            raise IllegalActionError("602.5b", f"{obj.name}'s ability can't be activated now "
                                               f"({abl.condition.text or abl.condition.kind})")
    mana_text = ""
    tap = untap = False
    loyalty = None
    other_parts: list[Any] = []
    waterbend = 0  # the generic mana of a waterbend cost (701.67b)
    for part in abl.cost.parts:
        if part.kind == "mana":
            mana_text += part.mana or ""
        elif part.kind == "tap":
            tap = True
        elif part.kind == "untap":
            untap = True  # {Q} (107.6): untap this permanent as a cost
        elif part.kind == "loyalty":
            amt = part.amount
            loyalty = amt.value if amt is not None else 0
            if amt is not None and amt.value is None and amt.variable in ("X", "-X"):
                # 107.3a: [-X] - X announced as the ability is activated (606.4)
                loyalty = -x if amt.variable == "-X" else x
        elif part.kind == "waterbend":  # 701.67a: "Pay [cost]", artifacts/creatures helping
            mana_text += part.mana or ""
            wb = parse_cost(part.mana or "")
            waterbend += wb.generic + wb.x_count * x
        elif part.kind in hooks.other_cost_kinds:
            other_parts.append(part)  # sacrifice, discard, pay life, remove counters ...
        else:
            raise IllegalActionError("602.2b", f"cost part '{part.text or part.kind}' is not "
                                               "supported by this engine")
    if abl.loyalty or loyalty is not None:
        if not sorcery_timing_ok(game, player) and not _loyalty_any_time(game, player, obj):
            raise IllegalActionError("606.3", "loyalty abilities: main phase, empty stack")
        if obj.loyalty_used:
            raise IllegalActionError("606.3", f"a loyalty ability of {obj.name} was already "
                                              "activated this turn")
        if loyalty is not None and loyalty < 0 and obj.loyalty < -loyalty:
            raise IllegalActionError("606.6", f"{obj.name} doesn't have {-loyalty} loyalty")
    if tap:
        if obj.tapped:
            raise IllegalActionError("602.2b", f"{obj.name} is already tapped")
        if obj.is_creature and obj.sick and not compiled.has_keyword(obj, "haste") and \
                not statics_more.activates_as_though_haste(game, obj):  # (609.4)
            raise IllegalActionError("302.6", f"{obj.name} has summoning sickness")
    if untap:
        # 107.6 / 602.2b: {Q} can be paid only by a tapped permanent; a creature's {Q} ability
        # needs it to have been controlled since the turn began (302.6)
        if not obj.tapped:
            raise IllegalActionError("107.6", f"{obj.name} is untapped: it can't pay {{Q}}")
        if obj.is_creature and obj.sick and not compiled.has_keyword(obj, "haste") and \
                not statics_more.activates_as_though_haste(game, obj):  # (609.4)
            raise IllegalActionError("302.6", f"{obj.name} has summoning sickness")
    cost = activation_cost(game, player, obj, abl, parse_cost(mana_text))  # 602.2b, 601.2f
    helpers = waterbend_sources(game, player, waterbend, obj if tap else None) if waterbend \
        else []
    if tap and obj.is_land:
        sources_ok = phyrexian.payable(cost, x, player.mana_pool, [
            s for s in mana_sources(game, player) if s[0] is not obj], player.life)
    else:  # (107.4f: Phyrexian symbols may be paid with life)
        sources_ok = phyrexian.payable(cost, x, player.mana_pool, mana_sources(game, player)
                                       + helpers, player.life)
    if not sources_ok:
        raise IllegalActionError("601.2h", f"{player.name} can't pay {mana_text} for {obj.name}")
    if other_parts:
        # 118.3: a cost can't be paid without the resources (119.4 life, 122.8 counters ...)
        refusal = hooks.cost_refusal(game, player, obj, tuple(other_parts))
        if refusal:
            rule, _, why = refusal.partition(":")
            raise IllegalActionError(rule.strip(), why.strip() or refusal)
    item = StackAbility(game.new_id(), obj.name, obj, player, list(abl.effects), ability=abl,
                        kind="activated")
    item.x = x
    wanted = targeting.collect_targets(abl.effects)
    if wanted and not targeting.choose_targets(game, item, wanted, player, targets):
        raise IllegalActionError("602.2b", f"{obj.name}'s ability has no legal targets")
    if wanted:  # 601.2c before 601.2f: a change for what the ability targets ("that target ~")
        aimed = activation_cost(game, player, obj, abl, parse_cost(mana_text), item.targets)
        if aimed != cost:
            cost = aimed
            if plan_payment(cost, x, player.mana_pool, mana_sources(game, player)
                            + helpers) is None:
                raise IllegalActionError("601.2h", f"{player.name} can't pay for {obj.name}")
    # pay: tap first so the land itself isn't used for mana
    if untap:
        obj.tapped = False
        game.log("untapped", obj=obj)  # 603.2e: it becomes untapped
    if tap:
        obj.tapped = True
        if not abl.is_mana_ability:  # (a mana ability logs "tapped_for_mana" as it resolves)
            game.log("tapped_for_cost", obj=obj, player=player, source=obj)
    item.choices_made["mana_spent"] = pay_mana(game, player, cost, x, obj.name, extra=helpers)
    item.choices_made["mana_sources"] = game.__dict__.pop("last_mana_sources", [])
    if waterbend or any(p.kind == "waterbend" for p in abl.cost.parts):
        game.log("waterbended", player=player, obj=obj)  # 701.67c: "whenever you waterbend"
    if other_parts:
        # 602.2b / 601.2h: the other costs are paid in any order; what was paid is remembered
        # for the effect ("the sacrificed creature", 608.2h)
        item.choices_made["cost_paid"] = hooks.pay_costs(game, player, obj, tuple(other_parts))
    _count_use(game, obj, index, abl)
    if loyalty is not None:
        obj.loyalty_used = True
        if loyalty >= 0:
            obj.counters["loyalty"] = obj.loyalty + loyalty
        else:
            obj.counters["loyalty"] = obj.loyalty + loyalty
    if abl.is_mana_ability:
        before = dict(player.mana_pool)
        hooks.resolve_ability(game, item)  # 605.3a
        if tap:  # "Whenever a land is tapped for mana" sees the mana it made (605.1b)
            made = [c for c, k in player.mana_pool.items() if k > before.get(c, 0)]
            game.log("tapped_for_mana", obj=obj, player=player,
                     mana=made[0] if made else None)
        game.log("mana_ability_activated", obj=obj, player=player)
        return item
    game.stack.append(item)
    game.log("ability_activated", obj=item, player=player)
    note_targets(game, item, player)

    turn.give_priority(game, player)
    return item
