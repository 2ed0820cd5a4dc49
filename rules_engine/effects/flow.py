"""Control flow of an effect: "you may" (603.5), "if"/"otherwise" (608.2c), repeats, modes
(700.2), delayed triggers (603.7), "where X is", choices and die rolls (706).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rules_engine import abilities as ab
from rules_engine import conditions, records, registry, targeting
from rules_engine import conditions as cnd
from rules_engine import conditions_more as cnd_more
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects import dice
from rules_engine.effects.chance import won
from rules_engine.effects.core import _players, amount, resolve_ref, run
from rules_engine.effects.described import _they, _times_resolved, described_amount, spent_on
from rules_engine.effects.modes_repeat import instance_effects, repeated_picks
from rules_engine.effects.search_zones import searched_library
from rules_engine.errors import IllegalActionError
from rules_engine.events import Event
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player, StackAbility
from rules_engine.registry import hooks
from rules_engine.triggers import Delayed, Pending


def h_delayed(ctx: Ctx, eff: ab.DelayedTrigger) -> None:
    if eff.ability is None:
        return
    src = _source_obj(ctx)
    name = src.name if src is not None else "delayed trigger"
    if eff.ability.trigger.event == "reflexive":
        # 603.12: a reflexive triggered ability triggers now ("When you do, ...")

        event = None
        trig = eff.ability.trigger
        if (trig.detail or "").startswith("this_way;"):
            # "When you discard a nonland card this way": only if it did (effects/reflexive)
            from rules_engine.effects.reflexive import reflected_cards

            cards = reflected_cards(ctx, trig)
            if not cards:
                return
            event = Event("reflexive", {"count": len(cards), "obj": cards[0]}, ctx.game.turn,
                          ctx.game.step)
        elif ctx.count:  # "that many": what the action it reflects on counted (603.12, 608.2c)

            event = Event("reflexive", {"count": ctx.count}, ctx.game.turn, ctx.game.step)
        ctx.game.pending_triggers.append(Pending(name, src, ctx.controller, eff.ability.effects,
                                                 ability=eff.ability, event=event))
        return
    # 603.7c: "it" / "them" in a delayed ability mean the objects they meant when it was
    # created (the attacking creature, the tokens just made), followed only in their zone
    from dataclasses import replace

    ability = replace(eff.ability)  # its own record, so the remembered objects are its own
    if eff.ability.trigger is not None and eff.ability.trigger.detail == "that_turn":
        marker = ctx.game.__dict__.get("last_extra_turn_marker")
        if marker is not None:
            ctx.game.__dict__.setdefault("that_turn_delays", []).append((ability, marker))
    # (only for a step trigger, "at end of combat"/"at the beginning of the next end step":
    # an event trigger's "it"/"that spell" is what triggers it, 603.7c's other half)
    timed = eff.ability.trigger is not None and eff.ability.trigger.event == "phase"
    it = [o for o in resolve_ref(ctx, ab.Ref("it")) if isinstance(o, GameObject)] \
        if timed and (ctx.it is not None or ctx.targets or ctx.event is not None) else []
    those = [o for o in ctx.those if isinstance(o, GameObject)] if timed else []
    # (a list searched by identity: a deep-copied game keeps the pairs, not the ids)
    refs = ctx.game.__dict__.setdefault("delayed_refs", [])
    refs.append((ability, [(o, o.timestamp) for o in it], [(o, o.timestamp) for o in those]))
    if len(refs) > 256:
        del refs[0]
    delayed = Delayed(ability, ctx.controller, name, src, ctx.game.turn)
    if getattr(eff, "this_turn", False):
        delayed.once = False
        delayed.this_turn = True
    ctx.game.delayed.append(delayed)


def _last_controller(game: Game, obj: GameObject) -> Any:
    """Who controlled ``obj`` on the battlefield: now, or when it last left it (608.2h)."""
    if obj.zone == "battlefield":
        return obj.controller
    for ev in reversed(game.events):
        if ev.name == "left_battlefield" and ev.data.get("obj") is obj:
            lki = ev.data.get("lki")
            return getattr(lki, "controller", None)
    return None


def h_noop_log(ctx: Ctx, eff: Any) -> None:
    ctx.game.log(type(eff).__name__.lower(), text=getattr(eff, "text", ""))


def h_may(ctx: Ctx, eff: ab.MayEffect) -> None:
    game = ctx.game
    choosers = _players(ctx, eff.player)
    if len(choosers) > 1 and ctx.focus is None and not eff.once_each_turn:
        # "Each player may search their library ...": each decides in turn order, and what
        # they do is about them ("their", 608.2d, 101.4)
        for p in choosers:
            ctx.focus = p
            try:
                h_may(ctx, eff)
            finally:
                ctx.focus = None
        return
    chooser = (choosers or [ctx.controller])[0]
    once_key = None
    if eff.once_each_turn:
        # "Do this only once each turn": per object (400.7) and per instruction, this turn
        src = _source_obj(ctx)
        once_key = (getattr(src, "oid", None), getattr(src, "timestamp", None), eff.text,
                    game.turn)
        if once_key in game.__dict__.setdefault("done_once_each_turn", set()):
            run(game, ctx, eff.if_you_dont)
            return
    answer = game.decider.may(chooser.name, eff.text or "you may")
    # 608.2d: who chose what ("for each opponent who does", rules_engine.amount_extra)
    game.log("may_answered", player=chooser, yes=bool(answer))
    if answer:
        if once_key is not None:
            game.__dict__["done_once_each_turn"].add(once_key)
        ctx.did = True
        ctx.stopped = False
        run(game, ctx, eff.effects)
        if ctx.stopped:  # a cost in "you may pay ..." could not be paid: they didn't
            ctx.stopped = False
            run(game, ctx, eff.if_you_dont)
            return
        run(game, ctx, eff.if_you_do)
    else:
        run(game, ctx, eff.if_you_dont)


# where an object a verb of "... this way" moved is afterwards (608.2c)
_MOVED_TO = {"exiled": ("exile",), "milled": ("graveyard",), "discarded": ("graveyard",),
             "sacrificed": ("graveyard", "gone"), "destroyed": ("graveyard", "gone"),
             "returned": ("hand", "battlefield", "library")}


def h_conditional(ctx: Ctx, eff: ab.Conditional) -> None:
    cond = eff.condition
    if cond.kind == "ability_resolved_count":
        # "if this is the second time this ability has resolved this turn"
        holds = _times_resolved(ctx) == (cond.amount.value if cond.amount else 1)
        holds = holds != cond.negated
    elif cond.kind in ("won_flip", "won_clash"):
        # "If you win the flip" (705), "If you win" after a clash (701.30)
        holds = won(ctx, cond.kind) != cond.negated
    elif cond.kind == "searched_library":
        # "If you search your library this way, shuffle" (701.23, 701.24)
        holds = searched_library(ctx) != cond.negated
    elif cond.kind == "did":
        # 608.2c: "If you do" - the previous instruction was carried out
        holds = ((ctx.did or ctx.count > 0) and not ctx.stopped) != cond.negated
    elif cond.kind == "is_a" and cond.subject is not None and cond.subject.kind != "self":
        if cond.subject.kind == "it" and ctx.cond_it is not None:
            found = [ctx.cond_it]  # (the "it" the previous "if it's ..." asked about, 608.2c)
        else:
            found = [o for o in resolve_ref(ctx, cond.subject) if isinstance(o, GameObject)]
            if cond.subject.kind == "it" and len(found) == 1:
                ctx.cond_it = found[0]
        holds = any(cnd._is_a(ctx.game, cond, ctx.controller, o) for o in found) != \
            cond.negated
    elif cond.kind == "controlled_it":
        # "If you controlled that permanent" (608.2h): its controller on the battlefield, or
        # as it last existed there once it has left
        found = [o for o in resolve_ref(ctx, cond.subject) if isinstance(o, GameObject)]
        holds = any(_last_controller(ctx.game, o) is ctx.controller for o in found) != \
            cond.negated
    elif cond.kind == "mana_spent":
        # "If five or more mana was spent to cast that spell" (601.2h)
        what = "~" if cond.subject is None or cond.subject.kind == "self" else "it"
        spent = spent_on(ctx, _source_obj(ctx), what) or {}
        need = cond.amount.value if cond.amount is not None and cond.amount.value else 1
        got = spent.get(cond.detail, 0) if cond.detail else sum(spent.values())  # "{B}{B}"
        holds = (got >= need) != cond.negated
    elif cond.kind == "spent_more_than_power_or_toughness":
        # 702.191a (increment): the triggering spell's mana against this creature's P or T
        me = _source_obj(ctx)
        spent = sum((spent_on(ctx, me, "that spell") or {}).values())
        holds = isinstance(me, GameObject) and me.zone == "battlefield" and me.is_creature \
            and (spent > me.power or spent > me.toughness)
        holds = holds != cond.negated
    elif cond.kind == "moved_this_way":
        # "if a creature card was exiled/milled this way": the cards the previous effect moved
        zones = _MOVED_TO.get(cond.detail or "", ())
        # (only those now where the verb put them: a token an earlier "create" of the same
        # resolution made is no card "milled this way")
        moved = [o for o in ctx.those if not zones or getattr(o, "zone", None) in zones]
        if not moved:
            # an instruction that moved the objects it chose ("return a land you control to
            # its owner's hand. If another Desert was returned this way"): those now in the
            # zone the verb names
            moved = [o for o in (*ctx.chosen, *([ctx.it] if ctx.it is not None else ()))
                     if isinstance(o, GameObject) and o.zone in zones]
        found = any(targeting.matches(ctx.game, o, cond.filter, ctx.controller,
                                      _source_obj(ctx), zone_check=False) for o in moved)
        holds = found != cond.negated
    elif cond.kind == "ability_countered_this_way":
        # "If an ability of an artifact, creature, or planeswalker is countered this way, that
        # permanent ...": the source of an ability the previous instruction countered (the
        # permanent as it is now, 113.7a), which becomes "that permanent"
        found = [a.source for a in ctx.those if isinstance(a, StackAbility)
                 and isinstance(a.source, GameObject) and a.source.zone == "battlefield"
                 and targeting.matches(ctx.game, a.source, cond.filter, ctx.controller, None)]
        holds = bool(found) != cond.negated
        if found:
            ctx.it = found[0]
    else:
        holds = conditions.holds(ctx.game, cond, ctx.controller, _source_obj(ctx), ctx=ctx)
    if holds and cond.kind == "player_compare":
        # "... equal to the difference" (rules_engine.amount_extra reads it while these run)
        token = cnd_more.CURRENT.set(ctx)
        try:
            diff = cnd_more.compared_difference(ctx.game, cond, ctx.controller,
                                                _source_obj(ctx))
        finally:
            cnd_more.CURRENT.reset(token)
        ctx.game.__dict__["compared_difference"] = (ctx, diff)
    if holds:
        run(ctx.game, ctx, eff.effects)
    else:
        run(ctx.game, ctx, eff.otherwise)


def h_repeat(ctx: Ctx, eff: ab.Repeat) -> None:
    """"<player> loses 1 life for each card they own in exile ...": the count is taken once,
    before the first repetition (608.2c reads the sentence as one instruction); "they"/"their"
    is the player the repeated effect names."""
    count = eff.count
    text = (count.text or "") if count is not None else ""
    if re.fullmatch(r"for each of (?:them|those|these|those \w+|these \w+|the chosen \w+)",
                    text, re.I) and ctx.those:
        # "For each of them, create a token that's a copy of that creature": once per object,
        # each time about that one (608.2c); "those tokens" after it are all the ones made
        objects, made = list(ctx.those), []
        for obj in objects:
            ctx.it = obj
            ctx.those = []  # (nothing looked at yet: "an Equipment you control" is chosen)
            run(ctx.game, ctx, eff.effects)
            made.extend(o for o in ctx.those if o is not obj)
        ctx.those = made or objects
        return
    each = re.fullmatch(r"for each (?P<what>.+)", text, re.I)
    if each and not re.match(r"(?:opponent|player|time|1\b|one\b|of\b|card type|color|kind)",
                             each.group("what"), re.I) and _names_the_counted(
                                 each.group("what"), _that_words(eff.effects)):
        # "For each creature you control, put a +1/+1 counter on that creature": once per
        # object counted, "that creature" being that one (608.2c)
        objects = hooks.matching(ctx.game, each.group("what"), ctx.controller, _source_obj(ctx))
        if objects is None and " " in each.group("what"):
            head, rest = each.group("what").split(" ", 1)
            objects = hooks.matching(ctx.game, f"{head}s {rest}", ctx.controller,
                                     _source_obj(ctx))
        if objects is not None:
            for obj in list(objects):
                ctx.it = obj
                run(ctx.game, ctx, eff.effects)
            return
    they = _they(text)
    if count is not None and count.value is None and they != text:
        who = next((getattr(e, "player", None) for e in eff.effects
                    if isinstance(getattr(e, "player", None), ab.Ref)), None)
        players = _players(ctx, who) if who is not None else []
        if players:
            n = sum(described_amount(ctx.game, they, p, _source_obj(ctx), ctx) or 0
                    for p in players[:1])
            for _ in range(n):
                run(ctx.game, ctx, eff.effects)
            return
    for _ in range(amount(ctx, eff.count)):
        run(ctx.game, ctx, eff.effects)


def _that_words(value: Any, depth: int = 0) -> set[str]:
    """The nouns of "that creature" / "that Rat" (a Ref to "it" written with "that") in the
    repeated effects."""
    if depth > 6 or value is None or isinstance(value, str | int | bool | float):
        return set()
    if isinstance(value, ab.Ref):
        words = (value.text or "").lower().split()
        found = {words[1]} if value.kind == "it" and len(words) == 2 and words[0] == "that" \
            else set()
        return found | _that_words(value.of, depth + 1)
    if isinstance(value, tuple):
        return set().union(*(_that_words(v, depth + 1) for v in value)) if value else set()
    return set().union(set(), *(_that_words(getattr(value, s, None), depth + 1)
                                for s in getattr(type(value), "__slots__", ())))


def _names_the_counted(what: str, nouns: set[str]) -> bool:
    """"For each Rat you control, ... that Rat": the repeated instruction is about each counted
    object in turn when "that <noun>" names what is counted ("that creature" after "for each
    instant and sorcery card in your graveyard" is another object)."""
    words = {w.rstrip("s") for w in what.lower().replace(",", " ").split()}
    for noun in nouns:
        if noun.rstrip("s") in words or (noun == "permanent" and "card" not in words and
                                          not re.search(r"\bin (?:your|a|all|their)\b",
                                                        what.lower())):
            return True
    return False


class Mode:
    """One mode of a modal spell or ability, answerable by number ("1") or by its text."""

    __slots__ = ("label", "name", "effects", "aliases")

    def __init__(self, index: int, effects: tuple[Any, ...], printed: str = "") -> None:
        self.label = str(index + 1)
        self.name = " ".join(getattr(e, "text", "") for e in effects) or f"mode {index + 1}"
        self.effects = effects
        # the mode as printed on the card (its bullet, with and without a flavor word), which
        # a scenario writer copies from the card
        self.aliases = ()
        if printed:
            body = re.sub(r"^[^—.]{1,40}? — (?=\S)", "", printed)
            self.aliases = tuple(dict.fromkeys((printed.lower(), body.lower())))


def _printed_modes(text: str, count: int) -> list[str]:
    """The bullets of a modal text ("• Target creature becomes prepared."), when there are
    exactly as many as the modes."""
    bullets = [line.lstrip("•").strip() for line in str(text).split("\n")
               if line.lstrip().startswith("•")]
    return bullets if len(bullets) == count else [""] * count


def choose_modes(game: Game, player: Player, effects: tuple[Any, ...],
                 source: Any = None) -> tuple[Any, ...]:
    """601.2b / 603.3c / 700.2: modes are chosen as the spell or ability goes on the stack;
    the effects of the chosen modes replace the Modal record. ``source`` is the object whose
    ability it is ("choose one that hasn't been chosen this turn" remembers per object)."""
    out: list[Any] = []
    for eff in effects:
        if not isinstance(eff, ab.Modal):
            out.append(eff)
            continue
        printed = _printed_modes(eff.text, len(eff.modes))
        modes = [Mode(i, m, printed[i]) for i, m in enumerate(eff.modes)]
        used: set[str] | None = None
        if isinstance(eff, records.ModalUnchosen):
            # 700.2 / 700.2b: only modes not yet chosen this turn for this object (400.7: the
            # same object); with none left, no mode is chosen and the ability does nothing
            key = (id(source), getattr(source, "timestamp", None), eff.text)
            table = game.__dict__.setdefault("modes_chosen_this_turn", {})
            turn, used = table.get(key, (game.turn, set()))
            if turn != game.turn and not isinstance(eff, records.ModalUnchosenEver):
                used = set()
            table[key] = (game.turn, used)
            modes = [md for md in modes if md.label not in used]
            if not modes:
                game.note(f"every mode of '{eff.text.splitlines()[0]}' was chosen this turn")
                continue
        if getattr(eff, "repeatable", False):  # 700.2d: a mode may be chosen again
            picks = repeated_picks(game, player, modes, eff)
            out.extend(instance_effects(picks or modes[:max(eff.min_choices, 0)]))
            game.log("modes_chosen", player=player, modes=",".join(m.label for m in picks))
            continue
        lo, hi = eff.min_choices, eff.max_choices
        if isinstance(eff, records.ModalIf) and eff.condition is not None and conditions.holds(
                game, eff.condition, player, source):
            lo, hi = eff.more_min, eff.more_max  # "If ..., you may choose both instead"
        picks = game.decider.choose_many(player.name, "mode", modes, hi)
        if len(picks) > hi:
            head = eff.text.splitlines()[0] if eff.text else "the ability"
            raise IllegalActionError("700.2", f"at most {hi} mode(s) of '{head}' may be chosen")
        chosen = picks or modes[:max(lo, 0)]
        if used is not None:
            used.update(md.label for md in chosen)
        for mode in chosen:
            out.extend(mode.effects)
        # the costs of the chosen modes (702.172a spree: an additional cost, 601.2f), read by
        # casting right after this call
        game.__dict__["chosen_mode_costs"] = [
            eff.mode_costs[int(m.label) - 1] for m in chosen
            if int(m.label) - 1 < len(eff.mode_costs) and eff.mode_costs[int(m.label) - 1]]
        game.log("modes_chosen", player=player, modes=",".join(m.label for m in picks))
    return tuple(out)


def h_modal(ctx: Ctx, eff: ab.Modal) -> None:
    """Modes not chosen earlier (a Modal nested in another effect) are chosen now, by the
    player the words name ("each opponent may discard a card or sacrifice a permanent": that
    opponent chooses, 608.2d)."""
    chooser = ctx.controller
    if eff.chooser is not None and eff.chooser.kind != "you":
        chooser = (_players(ctx, eff.chooser) or [ctx.controller])[0]
    run(ctx.game, ctx, choose_modes(ctx.game, chooser, (eff,), _source_obj(ctx)))


def h_choose_target(ctx: Ctx, eff: Any) -> None:
    """"Choose target creature." - the target was chosen as the spell was cast (601.2c); the
    following effects call it "it"/"that creature" ("Choose up to two target creatures. Put
    a +1/+1 counter on each of them": "them" are the chosen targets, 608.2c)."""
    found = resolve_ref(ctx, eff.subject)
    if found:
        ctx.it = found[-1]
        ctx.those = list(found)
        ctx.chosen = list(found)  # ("return the chosen cards to the battlefield")


def h_roll_die(ctx: Ctx, eff: Any) -> None:
    """706.1-706.3: roll and apply the results table (:func:`rules_engine.effects.dice.h_roll_die`,
    where every die roll is made)."""
    dice.h_roll_die(ctx, eff)


def h_with_x(ctx: Ctx, eff: Any) -> None:
    """X defined by the effect's own words (107.3): computed as the first instruction that
    uses it is carried out (608.2h: "mill two cards, then ~ gets +X/+X, where X is the number
    of creature cards in your graveyard" counts after the mill), then kept for the rest."""
    before = ctx.x
    each = re.fullmatch(r"the (power|toughness) of each .+", (eff.x.text or ""), re.I)
    if each and len(eff.effects) == 1 and isinstance(eff.effects[0], ab.ModifyPT) and \
            eff.effects[0].subject is not None and eff.effects[0].subject.kind == "each":
        # 701.10b: "Double the power of each creature you control": each of them gets +X/+0,
        # X being that creature's own power as the effect resolves
        pump = eff.effects[0]
        for obj in [o for o in resolve_ref(ctx, pump.subject) if isinstance(o, GameObject)]:
            ctx.it = obj
            ctx.x = obj.power if each.group(1).lower() == "power" else obj.toughness
            run(ctx.game, ctx, (replace(pump, subject=ab.Ref("it", text="that creature")),))
        ctx.x = before
        return
    body = tuple(eff.effects)
    first = next((i for i, e in enumerate(body) if _uses_x(e)), 0)
    if first:
        run(ctx.game, ctx, body[:first])  # instructions before X matters
    ctx.x = amount(ctx, eff.x, 0)
    with targeting.XInForce(ctx.game, ctx.x):  # "with mana value X or less, where X is ..."
        run(ctx.game, ctx, body[first:])
    ctx.x = before  # the definition holds for its own sentence ("twice X" keeps X after it)


def _uses_x(eff: Any, depth: int = 0) -> bool:
    """Whether a record names X: an amount whose variable is X, or X in its words."""
    if depth > 6:
        return True
    if isinstance(eff, str):
        return re.search(r"\bX\b", eff) is not None
    if isinstance(eff, tuple):
        return any(_uses_x(e, depth + 1) for e in eff)
    if isinstance(eff, ab.Amount):
        return eff.variable == "X" or _uses_x(eff.text or "", depth + 1)
    fields = getattr(eff, "__dataclass_fields__", None)
    if not fields:
        return False
    return any(_uses_x(getattr(eff, f), depth + 1) for f in fields if f != "text")


def h_once_each_turn(ctx: Ctx, eff: records.OnceEachTurn) -> None:
    """"Do this only once each turn": the optional instruction is offered until it has been
    done once this turn by this object (the same object, 400.7); declining doesn't use it."""
    game = ctx.game
    src = _source_obj(ctx)
    key = (id(src), getattr(src, "timestamp", 0), eff.text)
    done: dict = game.__dict__.setdefault("done_once_each_turn", {})
    if done.get(key) == game.turn:
        game.note(f"'{eff.text}' was already done this turn")
        return
    ctx.did = False
    run(game, ctx, eff.effects)
    if ctx.did and not ctx.stopped:
        done[key] = game.turn


registry.register_effects({
    records.OnceEachTurn: h_once_each_turn,
    ab.DelayedTrigger: h_delayed,
    ab.MayEffect: h_may,
    ab.Conditional: h_conditional,
    ab.Repeat: h_repeat,
    ab.Modal: h_modal,
    records.ModalUnchosen: h_modal,
    records.ModalIf: h_modal,
    records.ModalUnchosenEver: h_modal,
    ab.WithX: h_with_x,
    ab.ChooseTarget: h_choose_target,
    ab.RollDie: h_roll_die,
})


registry.provide(choose_modes=choose_modes)
