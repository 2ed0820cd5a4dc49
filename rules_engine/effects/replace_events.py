"""Replacement effects that modify an event (614.1a), one layer for every replaceable event.

An event's own code describes the event as a dict and asks :func:`replace_event` (the hook
``registry.hooks.replace_event``) before it happens:

==============  ====================================================  ==========================
event kind      data                                                  asked by
==============  ====================================================  ==========================
``gain_life``   ``player``, ``amount`` (-> ``lose``: lose it instead)  ``Game.gain_life`` (119.3)
``damage``      ``source``, ``recipient``, ``amount``, ``combat``      ``combat.deal_damage``
``counters``    ``obj`` (or ``player``), ``kind``, ``amount``, ``by``  ``Game.counters_to_put``
``tokens``      ``player``, ``face``, ``amount`` (-> ``extra`` specs)  ``effects/tokens.h_token``
``roll_dice``   ``player``, ``count`` (-> ``extra_dice``)              ``effects/dice.roll``
``draw``        ``player``, ``amount`` 1 (-> 0 skip, N, ``win``)       ``Game.draw`` (614.11)
``lose_mana``   ``player``, ``amount`` (-> ``becomes`` a mana type)    ``turn.end_step`` (500.4)
``extra_turn``  ``player``, ``amount`` 1 (-> 0: that turn is skipped)  ``turn.next_turn`` (614.10)
==============  ====================================================  ==========================

The replacements are :class:`~rules_engine.records.ReplaceEvent` records: in static abilities of
permanents and emblems (their "as long as" condition checked now, 611.3a), and those a resolved
spell or ability created for a duration ("Until end of turn, if ...", kept in
``game.__dict__["event_replacements"]``). Each modification kind (``op``) is a function in
``registry.REPLACEMENT_OPS``. Each replacement applies at most once to an event (614.5); when
several apply, the affected player (or the affected object's controller) chooses which one
applies first, then the rest that still apply are considered again (616.1, 616.1e-f).
"""

from __future__ import annotations

from typing import Any

from rules_engine import conditions, records, registry, statics, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _until, resolve_ref
from rules_engine.game import Game, with_emblems
from rules_engine.objects import ABILITY_CHANGES, GameObject, Player

EVENTS = frozenset({"gain_life", "damage", "counters", "tokens", "roll_dice", "draw",
                    "lose_mana", "extra_turn"})


def runs(rep: Any) -> bool:
    """Whether this layer applies the replacement (for the support audit)."""
    return rep.event in EVENTS and rep.op in registry.REPLACEMENT_OPS


def _static_replacements(game: Game) -> list[tuple[GameObject, Any, Any]]:
    """(source, static ability, ReplaceEvent) of the battlefield's permanents and the emblems,
    kept until the abilities in the game change (objects.ABILITY_CHANGES)."""
    key = (ABILITY_CHANGES[0], len(game.battlefield), len(game.emblems))
    cached = game.__dict__.get("_event_replacers")
    if cached is not None and cached[0] == key:
        return cached[1]
    found = []
    for src in with_emblems(game, game.battlefield):
        for abl in statics._statics(src):
            for eff in abl.effects:
                if isinstance(eff, records.ReplaceEvent):
                    found.append((src, abl, eff))
    game.__dict__["_event_replacers"] = (key, found)
    return found


def _active(game: Game, kind: str) -> list[tuple[Any, Player, Any]]:
    """(source, controller, ReplaceEvent) of kind ``kind`` that exist now."""
    out = []
    for src, abl, rep in _static_replacements(game):
        if rep.event != kind or src.phased_out:
            continue
        if abl.condition is not None and not conditions.holds(game, abl.condition,
                                                              src.controller, src):
            continue
        out.append((src, src.controller, rep))
    kept = game.__dict__.get("event_replacements")
    if kept:
        kept[:] = [k for k in kept if not _expired(game, k[3])]
        out.extend((src, ctl, rep) for src, ctl, rep, _until_ in kept if rep.event == kind)
    return out


def _expired(game: Game, until: Any) -> bool:
    """A duration of a created replacement: ("turn", N) lasts through turn N (514.2)."""
    return isinstance(until, tuple) and until[0] == "turn" and game.turn > until[1]


def _player_fits(who: str | None, player: Any, controller: Player) -> bool:
    if who in (None, "any"):
        return True
    if who == "you":
        return player is controller
    if who == "opponent":
        return isinstance(player, Player) and player is not controller
    return False


def _recipient_fits(game: Game, rep: Any, src: Any, ctl: Player, to: Any) -> bool:
    """120.1: who or what the damage would be dealt to, as the replacement describes it."""
    word = rep.recipient or "any"
    if isinstance(to, Player):
        if word in ("any", "player"):
            ok = True
        elif word in ("opponent", "opponent_or_permanent"):
            ok = to is not ctl
        else:
            ok = word == "you" and to is ctl
        return ok and rep.subject is None
    if not isinstance(to, GameObject):
        return False
    if word == "self":
        return to is src
    if word == "attached":
        return to is getattr(src, "attached_to", None)
    if word in ("you", "opponent", "player"):
        return False
    if word == "opponent_or_permanent" and to.controller is ctl:
        return False
    return targeting.matches(game, to, rep.subject, ctl, src, zone_check=False)


def _source_fits(game: Game, rep: Any, src: Any, ctl: Player, source: Any) -> bool:
    if rep.source_is == "self" and source is not src:
        return False
    if rep.source_is == "other" and source is src:
        return False
    if rep.source_is == "attached" and (source is None or
                                        source is not getattr(src, "attached_to", None)):
        return False
    if rep.source is None:
        return True
    return isinstance(source, GameObject) and targeting.matches(
        game, source, rep.source, ctl, src, zone_check=False)


def _face_fits(flt: Any, face: Any) -> bool:
    """A token's characteristics against "Treasure tokens" / "artifact tokens" (111.4)."""
    if flt is None:
        return True
    if face is None:
        return False
    line = (face.type_line or "").lower()
    if flt.card_types and not any(t.lower() in line for t in flt.card_types):
        return False
    return not flt.subtypes or any(t.lower() in line.split() for t in flt.subtypes)


def _applies(game: Game, kind: str, src: Any, ctl: Player, rep: Any, data: dict) -> bool:
    if rep.condition is not None and not conditions.holds(game, rep.condition, ctl, src):
        return False
    if kind == "gain_life":
        return not data.get("lose") and _player_fits(rep.player, data["player"], ctl)
    if kind == "damage":
        combat = data.get("combat", False)
        if (rep.combat == "combat" and not combat) or (rep.combat == "noncombat" and combat):
            return False
        return _source_fits(game, rep, src, ctl, data.get("source")) and \
            _recipient_fits(game, rep, src, ctl, data["recipient"])
    if kind == "counters":
        if rep.counter is not None and rep.counter != data["kind"]:
            return False
        if rep.player is not None and not _player_fits(rep.player, data.get("by"), ctl):
            return False
        obj = data.get("obj")
        if obj is None:  # counters on a player ("on a permanent or player")
            return rep.recipient in ("any", "player") and rep.subject is None
        if rep.recipient == "self":
            return obj is src
        return rep.recipient != "player" and targeting.matches(game, obj, rep.subject, ctl, src,
                                                               zone_check=False)
    if kind == "tokens":
        if rep.op == "copies" and rep.instead_to == "attached":
            # ("As long as ~ is attached to a creature, ...": nothing to copy otherwise)
            host = getattr(src, "attached_to", None)
            if not isinstance(host, GameObject) or host.zone != "battlefield":
                return False
        return _player_fits(rep.player or "you", data["player"], ctl) and \
            _face_fits(rep.subject, data.get("face")) and not data.get("copy_of")
    if kind == "roll_dice":
        return _player_fits(rep.player or "you", data["player"], ctl)
    if kind == "extra_turn":
        return _player_fits(rep.player or "you", data["player"], ctl)
    if kind == "lose_mana":
        return _player_fits(rep.player or "you", data["player"], ctl) and not data.get("becomes")
    if kind == "draw":
        player = data["player"]
        if not _player_fits(rep.player or "you", player, ctl) or data["amount"] != 1:
            return False
        if rep.when == "empty":  # "while your library has no cards in it"
            return not player.library
        if rep.when == "not_first_in_draw_step":
            # "except the first one you draw in each of your draw steps" (504.1)
            return not (game.step == "draw" and game.active is player and
                        not _drew_this_draw_step(game, player))
        return True
    return False


def _drew_this_draw_step(game: Game, player: Player) -> bool:
    """Whether ``player`` already drew a card in this draw step (the log since it began)."""
    for ev in reversed(game.events):
        if ev.name == "step_began":
            return False
        if ev.name == "drew" and ev.data.get("player") is player:
            return True
    return False


def _affected(kind: str, data: dict) -> Player | None:
    """616.1: the affected player, or the affected object's controller, chooses."""
    if kind == "damage":
        to = data["recipient"]
        return to if isinstance(to, Player) else getattr(to, "controller", None)
    if kind == "counters" and data.get("obj") is not None:
        return data["obj"].controller
    return data.get("player")


def replace_event(game: Game, kind: str, data: dict) -> dict:
    """Apply the replacements of ``kind`` that apply to the event ``data`` describes, each
    once (614.5), in the order the affected player chooses (616.1e-f); return the data."""
    if kind == "damage" and game.__dict__.get("redirect_shields"):
        _redirected(game, data)
    found = _active(game, kind)
    if not found:
        return data
    used: list[Any] = []
    while True:
        cands = [(s, c, r) for s, c, r in found if not any(r is u for u in used)
                 and _applies(game, kind, s, c, r, data) and _first_ok(game, s, r)]
        if not cands:
            return data
        pick = cands[0]
        if len(cands) > 1:
            who = _affected(kind, data)
            if who is not None:
                objs = [s for s, _c, _r in cands]
                chosen = game.decider.choose(who.name, f"replacement effect to apply first "
                                             f"to {kind.replace('_', ' ')} (616.1)", objs)
                pick = next((x for x in cands if x[0] is chosen), cands[0])
        src, ctl, rep = pick
        used.append(rep)
        if rep.first_each_turn:
            # "the first time ... each turn": that event only, applied or not (614.1a)
            game.__dict__.setdefault("first_time_used", {})[(id(src), id(rep))] = game.turn
        if rep.optional and not game.decider.may(ctl.name, f"{rep.text} (614.1a)"):
            continue
        registry.REPLACEMENT_OPS[rep.op](game, data, rep, src)
        game.log("event_replaced", event=kind, by=src, text=rep.text)
        if data.get("amount", 1) <= 0 and kind != "tokens":
            return data


def _first_ok(game: Game, src: Any, rep: Any) -> bool:
    """"The first time you would ... each turn / during each of your turns": not yet this
    turn (and, for "your turns", only during its controller's turn)."""
    if not rep.first_each_turn:
        return True
    if rep.first_each_turn == "your_turn" and game.active is not getattr(src, "controller", None):
        return False
    return game.__dict__.get("first_time_used", {}).get((id(src), id(rep))) != game.turn


def _n(game: Game, rep: Any, src: Any) -> int:
    amt = rep.n
    if amt is None:
        return 1
    if amt.value is not None:
        return int(amt.value)
    got = registry.hooks.amount(Ctx(game, src, src.controller), amt, 0) \
        if isinstance(src, GameObject) else 0
    return int(got or 0)


def _plus(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["amount"] += _n(game, rep, src)


def _times(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["amount"] *= _n(game, rep, src)


def _minus(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["amount"] = max(0, data["amount"] - _n(game, rep, src))


def _half(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["amount"] //= max(1, _n(game, rep, src))  # "half that many ..., rounded down"


def _all_but(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["amount"] = min(data["amount"], _n(game, rep, src))


def _lose_instead(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["lose"] = True


def _nothing(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["amount"] = 0


def _becomes(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["becomes"] = rep.instead_to  # "that mana becomes colorless instead" (500.4)


def _win(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["win"] = True  # "you win the game instead" (104.2b)


def _extra_token(game: Game, data: dict, rep: Any, src: Any) -> None:
    data.setdefault("extra", []).append(rep.token)


def _advantage(game: Game, data: dict, rep: Any, src: Any) -> None:
    data["extra_dice"] = data.get("extra_dice", 0) + _n(game, rep, src)


def _prevent_then(game: Game, data: dict, rep: Any, src: Any) -> None:
    """615.1 / 614.1a: the damage is prevented and the instructions after it happen, "that
    many" being the damage prevented and "it" the replacement's source."""
    prevented = data["amount"]
    data["amount"] = 0
    if not rep.then or prevented <= 0:
        return
    controller = getattr(src, "controller", None) or data.get("player")
    ctx = Ctx(game, src, controller)
    ctx.count = prevented
    ctx.it = src
    game.log("damage_prevented", obj=src, amount=prevented)
    registry.hooks.run(game, ctx, rep.then)


def _redirect(game: Game, data: dict, rep: Any, src: Any) -> None:
    """"All damage that would be dealt to you is dealt to enchanted creature instead": the
    damage event gets another recipient (614.1a, 120.3), if that one is still there."""
    new = src if rep.instead_to == "self" else getattr(src, "attached_to", None)
    if isinstance(new, GameObject) and new.zone == "battlefield":
        data["recipient"] = new


def _copies(game: Game, data: dict, rep: Any, src: Any) -> None:
    """"... instead create that many tokens that are copies of enchanted permanent / equipped
    creature / a creature other than ~ you choose" (614.1a, 707.2): the tokens' copiable
    values are that object's; nothing to copy leaves the event as it was."""
    if rep.instead_to == "chosen":
        options = [o for o in game.permanents() if o.is_creature and o is not src]
        original = game.decider.choose(src.controller.name, "creature the tokens are copies of",
                                       options) if options else None
    else:
        original = getattr(src, "attached_to", None)
    if isinstance(original, GameObject) and original.zone == "battlefield":
        data["copy_of"] = original


def _redirected(game: Game, data: dict) -> None:
    """Redirection shields of this turn (RedirectDamage): damage to a protected object or
    player goes, up to the shield's amount, to the new recipient instead (``data["also"]``,
    dealt by combat.deal_damage as its own damage)."""
    shields = game.__dict__["redirect_shields"]
    shields[:] = [s for s in shields if s[4] == game.turn and (s[2] is None or s[2] > 0)]
    for shield in shields:
        froms, to, remaining, stamps, _turn = shield
        rec = data["recipient"]
        if data["amount"] <= 0 or not any(rec is o for o in froms):
            continue
        if isinstance(rec, GameObject) and stamps.get(id(rec)) != rec.timestamp:
            continue  # (a new object, 400.7)
        if isinstance(to, GameObject) and to.zone != "battlefield":
            continue
        k = data["amount"] if remaining is None else min(remaining, data["amount"])
        if remaining is not None:
            shield[2] = remaining - k
        data["amount"] -= k
        data.setdefault("also", []).append((to, k))
        game.log("damage_redirected", recipient=rec, to=to, amount=k)


def h_redirect_damage(ctx: Ctx, eff: records.RedirectDamage) -> None:
    """614.1a: the objects are fixed now (611.2c); the shield lasts this turn."""
    froms = [o for o in resolve_ref(ctx, eff.source_ref) if isinstance(o, GameObject | Player)]
    tos = [o for o in resolve_ref(ctx, eff.to) if isinstance(o, GameObject | Player)]
    if not froms or not tos:
        return
    n = None if eff.amount is None else int(registry.hooks.amount(ctx, eff.amount, 0))
    stamps = {id(o): o.timestamp for o in froms if isinstance(o, GameObject)}
    ctx.game.__dict__.setdefault("redirect_shields", []).append(
        [froms, tos[0], n, stamps, ctx.game.turn])
    ctx.game.log("redirection_created", player=ctx.controller)


def h_replace_event(ctx: Ctx, eff: records.ReplaceEvent) -> None:
    """A resolving spell's or ability's replacement effect ("Until end of turn, if one or more
    tokens would be created under your control, twice that many ... instead", 614.1a, 611.2a):
    it exists from now on, for its duration."""
    until = ("turn", ctx.game.turn) if _until(eff.duration, ctx) == "eot" else None
    src = _source_obj(ctx)
    ctx.game.__dict__.setdefault("event_replacements", []).append(
        (src if src is not None else ctx.controller, ctx.controller, eff, until))
    ctx.game.log("replacement_created", player=ctx.controller, event=eff.event)


registry.REPLACEMENT_OPS.update({
    "plus": _plus, "times": _times, "minus": _minus, "prevent": _minus,
    "prevent_all_but": _all_but, "half": _half, "lose_instead": _lose_instead, "none": _nothing,
    "extra_token": _extra_token, "advantage": _advantage, "redirect": _redirect,
    "copies": _copies, "win": _win,
    "prevent_then": _prevent_then, "becomes": _becomes,
})
registry.register_effects({records.ReplaceEvent: h_replace_event,
                           records.RedirectDamage: h_redirect_damage})
registry.provide(replace_event=replace_event)
