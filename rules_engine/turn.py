"""Turn structure, priority and the stack (500-514, 117, 405, 608).

The game is driven by priority passes: :func:`pass_priority` lets the player holding priority
pass; when every player has passed in succession, the top of the stack resolves (608) or, with
an empty stack, the step ends and the game proceeds (500.2) until some player would next
receive priority. Before a player receives priority, state-based actions are checked and
waiting triggered abilities are put on the stack, repeatedly (117.5, 704.3).
"""

from __future__ import annotations

from typing import Any

from rules_engine import combat, permanents, registry, sba, statics, triggers
from rules_engine.game import FIRST_STEPS, STEPS, Game
from rules_engine.objects import GameObject, Player, StackAbility
from rules_engine.registry import hooks

# step -> the mechanics' turn-based actions of that step (502.1 phasing, 502.2 day/night,
# 714.3c lore counters ...), registered as the mechanics are imported
_TURN_BASED = registry.TURN_BASED

PRIORITY_STEPS = frozenset(STEPS) - {"untap", "cleanup"}
_STEP_INDEX = {step: i for i, step in enumerate(STEPS)}


def give_priority(game: Game, player: Player | None = None) -> None:
    """117.5: SBAs then triggers, repeated until neither happens, then ``player`` gets priority."""
    while True:
        if game.sba_dirty or game.statics_present or not game.skip_quiet_sba_checks \
                or sba.VERIFY_SKIPS:  # (else sba.check_all would skip the check at once)
            sba.check_all(game)
        if game.game_over:
            game.priority = None
            return
        if game.pending_triggers:
            triggers.put_on_stack(game)
            continue
        break
    target = player or game.active
    if target.left:
        target = game.next_player(target)
    game.priority = target
    game.passes = 0


def pass_priority(game: Game) -> None:
    """The priority holder passes (117.3d); all passing in succession resolves or ends the step."""
    holder = game.priority
    if holder is None or game.game_over:
        return
    passes = game.passes + 1
    living = game._living  # (the Game.living cache, read without the property call)
    if living is None:
        living = game.living
    if passes < len(living):
        game.passes = passes
        game.priority = game.next_player(holder)
        return
    game.passes = 0
    game.priority = None
    if game.stack:
        resolve_top(game)
        if game.end_turn_requested:
            hooks.end_turn_finish(game)  # 724 (mechanics/end_turn.py)
            return
        if game.end_combat_requested:
            hooks.end_turn_finish_combat(game)
            return
        give_priority(game, game.active)  # 117.3b
    else:
        end_step(game)


def resolve_top(game: Game) -> None:
    """608: resolve the top object of the stack."""

    item = game.stack.pop()
    game.resolving = item
    controller = item.controller
    if isinstance(item, StackAbility):
        game.log("ability_resolving", obj=item)
        if triggers.still_applies(game, item):
            hooks.resolve_ability(game, item)
        game.resolving = None
        item.zone = "gone"
        game.log("ability_resolved", obj=item)
        return
    obj: GameObject = item
    game.log("spell_resolving", obj=obj)
    if not hooks.targets_still_legal(game, obj) and not hooks.bestow_target_illegal(game, obj) \
            and not hooks.mutate_target_illegal(game, obj):
        # 608.2b: all its targets are illegal, so it doesn't resolve (702.103e: a bestowed
        # Aura spell resolves as a creature spell instead)
        game.resolving = None
        obj.zone = "stack_none"
        game.note(f"{obj.name} doesn't resolve: all its targets are illegal (608.2b)")
        # flashback (702.34a) and aftermath (702.127a) exile it whenever it leaves the stack
        _spell_leaves_stack(game, obj, "exile" if obj.flashback else "graveyard")
        return
    if hooks.mutate_merge(game, obj):  # 702.140c: it merges instead of entering
        game.resolving = None
        game.log("spell_resolved", obj=obj)
        return
    if obj.face.is_permanent_type:
        # 608.3: a permanent spell becomes a permanent under its controller's control
        obj.zone = "stack_none"
        game.resolving = None
        if obj.spell_copy:
            obj.card_copy = True  # 707.10: a copy of a permanent spell becomes a token
            obj.token = True
            game.copies_exist = True
        permanents.enter_battlefield(game, obj, controller, from_stack=True)
        game.log("spell_resolved", obj=obj)
        return
    hooks.resolve_spell(game, obj)
    game.resolving = None
    if obj.zone != "resolving":
        # Its own effect moved it: ending the turn exiles the resolving object too (724.1b),
        # so it did not finish resolving and is not logged as resolved.
        return
    # 608.2n: an instant or sorcery goes to its owner's graveyard (flashback: exile, 702.34a)
    dest = "exile" if obj.flashback else "graveyard"
    if dest == "graveyard":
        dest = hooks.resolved_spell_zone(game, obj, dest)  # 702.88a rebound: exile instead
    if hooks.paradigm_has(obj):  # 702.192a: "Exile this spell" (+ the delayed trigger)
        dest = hooks.paradigm_resolved(game, obj, hooks.paradigm_note_resolved(game, obj))
    _spell_leaves_stack(game, obj, dest)
    game.log("spell_resolved", obj=obj)


def _spell_leaves_stack(game: Game, obj: GameObject, zone: str) -> None:
    obj.zone = "none"
    if obj.spell_copy or obj.card_copy:
        obj.zone = "gone"  # 704.5e: a copy of a spell outside the stack ceases to exist
        return
    game.move(obj, zone)


def next_step_name(game: Game) -> str | None:
    """The step after the current one, skipping combat steps that do not happen (506.1, 508.8)."""
    i = _STEP_INDEX[game.step]
    attacking = None  # whether any creature attacks: looked up once, when first needed
    while True:
        i += 1
        if i >= len(STEPS):
            return None
        step = STEPS[i]
        if step == "declare_blockers" or step == "combat_damage":
            if attacking is None:
                attacking = bool(combat.attackers(game))
            if not attacking:
                continue
        if step == "first_strike_damage" and not combat.has_first_strike_step(game):
            continue
        if step == "draw" and skipping(game, game.active, "draw_step"):
            continue  # 614.10: the step doesn't happen
        if step == "beginning_of_combat" and skipping(game, game.active, "combat_phase"):
            i = STEPS.index("end_of_combat")
            continue
        return step


def end_step(game: Game) -> None:
    """500.2-500.4: the step ends (mana empties), the next one begins; continue to priority."""
    if game.step == "end_of_combat":  # "Until end of combat, you don't lose this mana" ends
        for name, kept in game.__dict__.pop("combat_kept_mana", {}).items():
            for p in game.players:
                if p.name == name:
                    p.kept_mana = {c: n - kept.get(c, 0) for c, n in p.kept_mana.items()
                                   if n - kept.get(c, 0) > 0}
    for p in game.players:
        held = statics.player_restrictions(game, "keeps_unspent_mana", p) if p.mana_pool else []
        if held:  # "You don't lose unspent red mana as steps and phases end" (500.4, static)
            colors = {c for _src, r in held for c in _kept_colors(r)}
            p.kept_mana = {c: max(p.kept_mana.get(c, 0), n) if c in colors else
                           p.kept_mana.get(c, 0) for c, n in p.mana_pool.items()}
        if p.mana_pool:
            if p.kept_mana:  # 500.4 except mana an effect says isn't lost (spent last)
                kept = {c: min(n, p.kept_mana.get(c, 0)) for c, n in p.mana_pool.items()}
                p.kept_mana = {c: n for c, n in kept.items() if n}
                lost = {c: n - kept.get(c, 0) for c, n in p.mana_pool.items()}
                p.mana_pool.clear()
                p.mana_pool.update(p.kept_mana)
                _lose_mana(game, p, lost)
            else:
                lost = dict(p.mana_pool)
                p.mana_pool.clear()  # 500.4
                _lose_mana(game, p, lost)
    if game.step == "end_of_combat":
        combat.remove_all_from_combat(game)
    if game.step == "cleanup":
        if game.cleanup_again:
            game.cleanup_again = False
            begin_step(game, "cleanup")
            return
        next_turn(game)
        return
    step = next_step_name(game)
    if game.extra_phases is not None:  # 500.8: phases added after the one ending now
        step = hooks.extra_phases_next_step(game, step)
    if step is None:
        next_turn(game)
        return
    begin_step(game, step)


_COLOR_SYMBOLS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _kept_colors(restriction: object) -> set[str]:
    """The mana symbols a static "don't lose unspent [red] mana" keeps (all without a colour)."""
    flt = getattr(restriction, "filter", None)
    named = getattr(flt, "colors", ()) if flt is not None else ()
    if not named:
        return {"W", "U", "B", "R", "G", "C"}
    return {_COLOR_SYMBOLS[c] for c in named if c in _COLOR_SYMBOLS}


def _lose_mana(game: Game, player: Any, lost: dict[str, int]) -> None:
    """500.4 / 614.1a: "If you would lose unspent mana, that mana becomes colorless instead":
    the mana that would empty from the pool stays, as that type (effects/replace_events)."""
    n = sum(v for v in lost.values() if v > 0)
    if n <= 0:
        return
    becomes = hooks.replace_event(game, "lose_mana", {"player": player, "amount": n}).get(
        "becomes")
    if becomes:
        player.mana_pool[becomes] = player.mana_pool.get(becomes, 0) + n


def next_turn(game: Game) -> None:
    """500.1/103: the next player in turn order takes a turn, starting with the untap step."""
    for p in game.players:
        p.kept_mana.clear()  # "until end of turn" is over
        held = statics.player_restrictions(game, "keeps_unspent_mana", p) if p.mana_pool else []
        colors = {c for _src, r in held for c in _kept_colors(r)}
        if p.mana_pool:  # 500.4; a static "don't lose unspent mana" keeps its colours
            kept = {c: n for c, n in p.mana_pool.items() if c in colors and n}
            lost = {c: n for c, n in p.mana_pool.items() if c not in kept}
            p.mana_pool.clear()
            p.mana_pool.update(kept)
            _lose_mana(game, p, lost)
    game.prev_active = game.active
    game.prev_active_spells = game.active.spells_cast_this_turn
    game.last_turn_spells = {p.name: p.spells_cast_this_turn for p in game.players}
    game.turn += 1
    extra = None
    marker = None
    while game.extra_turns and extra is None:
        cand = game.extra_turns.pop()  # 500.7: the most recently created extra turn first
        marker = hooks.extra_turn_taken(game)  # which effect made it ("that turn", 603.7)
        extra = None if cand.left else cand
        if extra is not None and hooks.replace_event(game, "extra_turn", {
                "player": extra, "amount": 1})["amount"] <= 0:
            # 614.10: "If an opponent would begin an extra turn, that player skips that turn
            # instead" (effects/replace_events.py)
            game.log("turn_skipped", player=extra)
            extra = None
    game.active = extra or game.next_player(game.active)
    for _ in range(len(game.players) * 4):  # 614.10: skipped turns don't happen at all
        if not skipping(game, game.active, "turn"):
            break
        game.log("turn_skipped", player=game.active)
        game.active = game.next_player(game.active)
    # a skipped extra turn is not "that turn" (614.10): the marker only if it really starts
    hooks.turn_started(game, marker if extra is not None and game.active is extra else None)
    for p in game.players:
        p.spells_cast_this_turn = 0
        p.land_plays = 0
        p.life_gained_turn = p.life_lost_turn = p.drawn_turn = 0
    game.creatures_died_this_turn = 0
    for obj in game.battlefield:
        obj.loyalty_used = False
    begin_step(game, "untap")


def begin_step(game: Game, step: str) -> None:
    """Turn-based actions of the step (502-514), its triggers, then priority where it has any."""
    game.step = step
    game.step_serial += 1
    if step in FIRST_STEPS:
        game.phase_serial = game.step_serial  # a phase instance begins (500.8)
    active = game.active
    if step == "untap":
        game.log("turn_began", player=active)
        if skipping(game, active, "untap_step"):  # 614.10: the whole untap step is skipped
            game.log("step_skipped", step="untap", player=active)
            begin_step(game, "upkeep")
            return
        for action in _TURN_BASED.get("untap", ()):  # 502.1 phasing, 502.2 day/night check
            action(game, active)
        expire_until_next_turn(game, active)
        held = _held_tapped(game, active)
        for obj in game.battlefield:  # 502.3
            if obj.controller is active and not obj.phased_out:
                if (not held or obj not in held) and not (
                        obj.tapped and (statics.restricted(game, "doesnt_untap", obj) or
                                        statics.restricted(game, "cant_become_untapped", obj))
                ) and not (
                        obj.tapped and statics.restricted(game, "may_not_untap", obj)
                        and game.decider.may(active.name, f"choose not to untap {obj.name} "
                                                          "during the untap step (502.3)")):
                    # (502.3: a static "doesn't untap during its controller's untap step";
                    # "You may choose not to untap ~ during your untap step" is asked)
                    if obj.tapped:
                        obj.tapped = False
                        game.log("untapped", obj=obj)  # 603.2e ("becomes untapped")
                    if game.__dict__.get("while_durations"):
                        game.sba_dirty = True  # "for as long as ~ remains tapped" may end
                obj.sick = False
        begin_step(game, "upkeep")  # 502.4: no priority; triggers wait for the upkeep
        return
    if step == "cleanup":
        hooks.cleanup_step(game)  # 514 (mechanics/end_turn.py)
        return
    game.log("step_began", step=step, player=active)
    if step == "draw":
        # 103.8a: the player who plays first skips the draw step of their first turn
        if not (game.turn == 1 and active is game.first_player):
            game.draw(active, 1)
    elif step == "upkeep":
        # "at the beginning of your upkeep" abilities of keywords (702.24a cumulative upkeep,
        # 702.30a echo, 702.62a suspend ...): their mechanics put them in the pending triggers
        for action in _TURN_BASED.get("upkeep", ()):
            action(game, active)
    elif step == "main1":
        for action in _TURN_BASED.get("main1", ()):  # 714.3c lore counters (sagas)
            action(game, active)
    elif step == "end":
        for action in _TURN_BASED.get("end", ()):  # "until your next end step" ends (611.2b)
            action(game, active)
    elif step == "declare_attackers":
        combat.declare_attackers(game, game.pending_attacks or {})
        game.pending_attacks = None
    elif step == "declare_blockers":
        combat.declare_blockers(game, game.pending_blocks or {})
        game.pending_blocks = None
    elif step == "first_strike_damage":
        combat.combat_damage(game, first_strike=True)
    elif step == "combat_damage":
        combat.combat_damage(game, first_strike=False)
    elif step == "end_of_combat":
        for action in _TURN_BASED.get("end_of_combat", ()):  # 702.189a firebending's mana
            action(game, active)
    give_priority(game, active)


def _held_tapped(game: Game, active: Player) -> list[GameObject]:
    """Permanents of ``active`` that "don't untap during their controller's next untap step"
    (502.3 with the effect's instruction): used up by this untap step; an entry whose permanent
    left the battlefield since (a new object, 400.7) is dropped."""
    pending = game.__dict__.get("skip_next_untap")
    if not pending:
        return []
    held = [o for o, stamp in pending
            if o.controller is active and o.zone == "battlefield" and o.timestamp == stamp]
    game.__dict__["skip_next_untap"] = [
        (o, stamp) for o, stamp in pending
        if o.zone == "battlefield" and o.timestamp == stamp and o.controller is not active]
    return held


def expire_until_next_turn(game: Game, player: Player) -> None:
    """611.2b: "until your next turn" effects end as that player's next turn begins."""
    tag = f"next_turn:{player.name}"
    for obj in game.battlefield:
        mods = obj.mods
        if mods:
            kept = [m for m in mods if m.until != tag]
            if len(kept) != len(mods):
                obj.mods = kept
                if any(m.copy_face is not None for m in mods if m.until == tag):
                    obj.refresh_face()  # a copy effect ended (707.2)
                game.sba_dirty = True  # e.g. its toughness drops (704.5f): check again
    game.cast_permissions = [c for c in game.cast_permissions if c[2] != tag]
    game.enter_effects = [e for e in game.enter_effects if e[3] != tag]
    game.play_permissions = [e for e in game.play_permissions if e[2] != tag]


def skipping(game: Game, player: Player, what: str) -> bool:
    """614.10: does ``player`` skip ``what`` now? One-shot skips are used up; static ones
    ("Skip your draw step") come from permanents on the battlefield."""
    for entry in game.skips:
        if entry[0] is player and entry[1] == what:
            game.skips.remove(entry)
            return True
    if game.skip_quiet_sba_checks and not game.statics_present:
        # No permanent had a static ability at the last state-based action check, which
        # always runs before a step ends (117.5, 704.3) and recomputes it whenever anything
        # changed since (sba.check_all): no static "Skip your ..." can apply.
        return False
    return statics.skips(game, player, what)
