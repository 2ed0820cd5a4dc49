"""Keyword abilities (702) that their rule defines as ordinary abilities, registered as data.

Why: most keywords are an abbreviation: "Persist means 'When this permanent is put into a
graveyard from the battlefield, if it had no -1/-1 counters on it, return it ...'" (702.79a).
The engine runs the ability the rule spells out, compiled from that text like Oracle text
(``compiled.keyword_records``), so a keyword costs one table row and no rules code; where the
grammar can't read the rule's wording (exalted's "attacks alone", flanking's "the blocking
creature", firebending's N red mana) a builder returns the records.

Each entry cites its rule. Registered through :func:`rules_engine.registry.register_keyword_texts`
and :func:`~rules_engine.registry.register_keyword_builders`; the support audit reads both.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, registry
from rules_engine.effects.core import _lki_of, _objects, _until, amount
from rules_engine.mana import parse_cost
from rules_engine.objects import Mod
from rules_engine.registry import hooks

# Texts filled by compiled.keyword_records: {n} the keyword's number, {nw} it as a word,
# {cost} its mana cost, {param} its parameter ("partner with Foo": the partner's name).
registry.register_keyword_texts({
    # 702.79a
    "persist": ("When this creature dies, if it had no -1/-1 counters on it, return it to the "
                "battlefield under its owner's control with a -1/-1 counter on it.",),
    # 702.93a
    "undying": ("When this creature dies, if it had no +1/+1 counters on it, return it to the "
                "battlefield under its owner's control with a +1/+1 counter on it.",),
    # 702.32a
    "fading": ("This permanent enters with {n} fade counters on it.",
               "At the beginning of your upkeep, remove a fade counter from this permanent. If "
               "you can't, sacrifice it."),
    # 702.63a (its third ability, "When the last time counter is removed from this permanent,
    # sacrifice it", is the upkeep removal's own consequence here: only that ability removes
    # time counters from a card with vanishing in this engine)
    "vanishing": ("This permanent enters with {n} time counters on it.",
                  "At the beginning of your upkeep, if this permanent has a time counter on it, "
                  "remove a time counter from it. Then if it has no time counters on it, "
                  "sacrifice it."),
    # 702.125a (a two-player game: one opponent)
    "undaunted": ("This spell costs {1} less to cast for each opponent you have.",),
    # 702.181a
    "mobilize": ("Whenever this creature attacks, create {nw} 1/1 red Warrior creature tokens "
                 "that are tapped and attacking. Sacrifice them at the beginning of the next "
                 "end step.",),
})


@cache
def _compiled(text: str) -> tuple[Any, ...]:
    """Records of a rule's wording; empty unless every part compiles (never half run)."""
    from rules_engine.text.compiler import compile_face_text

    found = compile_face_text(text, "this creature", "this creature", "Creature").abilities
    if any(isinstance(a, ab.Unsupported) or any(isinstance(e, ab.UnsupportedEffect)
                                                for e in ab.iter_effects((a,))) for a in found):
        return ()
    return tuple(found)


def _firebending(kw: Any) -> tuple[Any, ...]:
    """702.189a: "Firebending N" means "Whenever this creature attacks, add N {R}. Until end
    of combat, you don't lose this mana as steps and phases end." (each instance triggers
    separately, 702.189b). The trigger's effect is the "firebend" action below."""
    param = (kw.parameter or "").strip()
    if param.startswith("X, where X is "):  # "Firebending X, where X is ~'s power"
        amt = ab.Amount(text=param[len("X, where X is "):])
    elif param.isdigit() and 0 < int(param) <= 20:
        amt = ab.Amount(int(param))
    else:
        return ()
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("attacks", subject=ab.Ref("self"), text="this creature attacks"),
        effects=(ab.KeywordAction(name="firebend", amount=amt,
                                  text=f"add {param} {{R}} until end of combat"),),
        text=kw.text or f"Firebending {param}"),)


def _ka_firebend(ctx: Any, eff: Any) -> None:
    """Add N {R} that stays in the pool until end of combat (500.4's exception): kept through
    the steps' ends, given back to the ordinary rule as the end of combat step begins, so it
    empties when that step ends."""
    game = ctx.game
    n = max(0, amount(ctx, eff.amount, 0))
    if n <= 0:
        return
    p = ctx.controller
    p.mana_pool["R"] = p.mana_pool.get("R", 0) + n
    p.kept_mana["R"] = p.kept_mana.get("R", 0) + n
    game.__dict__.setdefault("combat_mana", []).append((p, n))
    game.log("mana_added", player=p, mana="{R}" * n)


@registry.turn_based("end_of_combat", "702.189a")
def _combat_mana_ends(game: Any, active: Any) -> None:
    """The end of combat: firebending's mana is no longer kept (it empties as this step ends)."""
    for p, n in game.__dict__.pop("combat_mana", ()):
        left = p.kept_mana.get("R", 0) - n
        if left > 0:
            p.kept_mana["R"] = left
        else:
            p.kept_mana.pop("R", None)


def _exalted(kw: Any) -> tuple[Any, ...]:
    """702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1 until
    end of turn." A creature attacks alone when it is the only creature declared as an attacker
    (506.5), so the trigger is the declaration of attackers (508.3a, "whenever you attack")
    with exactly one attacker; each exalted instance triggers separately (702.83b)."""
    attacking = ab.ObjectFilter(card_types=("creature",), controller="you",
                                qualifiers=("attacking",), text="attacking creature you control")
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("you_attack", text="a creature you control attacks alone"),
        condition=ab.Condition("one_attacker_yours", text="it attacks alone"),
        effects=(ab.ModifyPT(subject=ab.Ref("each", filter=attacking, text="that creature"),
                             power=ab.Amount(1), toughness=ab.Amount(1),
                             duration=ab.Duration("end_of_turn"), text="gets +1/+1"),),
        text=kw.text or "Exalted"),)


def _one_attacker_yours(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """506.5: exactly one creature was declared as an attacker this combat, by ``controller``
    (kept once met: it is part of exalted's trigger event, 603.4 does not undo it)."""
    memo = game.__dict__.setdefault("attacked_alone", set())
    key = (id(controller), game.turn)
    if key in memo:
        return True
    attackers = [o for o in game.battlefield if o.attacking is not None]
    held = len(attackers) == 1 and attackers[0].controller is controller
    if held:
        memo.add(key)
    return held


def _flanking(kw: Any) -> tuple[Any, ...]:
    """702.25a: "Whenever this creature becomes blocked by a creature without flanking, the
    blocking creature gets -1/-1 until end of turn." The trigger is one per blocker (the
    "blocks" event of each, 509.3c; each instance separately, 702.25b); the "flank" action
    checks the blocker has no flanking and shrinks it."""
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("becomes_blocked", subject=ab.Ref("self"),
                           text="this creature becomes blocked by a creature"),
        effects=(ab.KeywordAction(name="flank", text="the blocking creature gets -1/-1"),),
        text=kw.text or "Flanking"),)


def _ka_flank(ctx: Any, eff: Any) -> None:
    ev = ctx.event
    blocker = ev.data.get("obj") if ev is not None else None
    if blocker is None or blocker.zone != "battlefield" or \
            compiled.has_keyword(blocker, "flanking"):
        return
    blocker.mods.append(Mod(-1, -1, until=_until(ab.Duration("end_of_turn"), ctx),
                            timestamp=ctx.game.next_timestamp()))
    ctx.game.log("flanked", obj=blocker)


def _partner_with(kw: Any) -> tuple[Any, ...]:
    """702.124j: "Partner with [name]" also means "When this permanent enters, target player
    may search their library for a card named [name], reveal it, put it into their hand, then
    shuffle." (Its deck-construction half, 702.124a, has no effect in a game.)"""
    name = (kw.parameter or "").strip()
    if not name:
        return ()
    target = ab.Target(kind="player", filter=ab.ObjectFilter(text="player"), min_count=1,
                       max_count=1, index=0, text="target player")
    who = ab.Ref("target", target=target, text="target player")
    search = ab.SearchLibrary(player=who, filter=ab.ObjectFilter(
        qualifiers=("card", f"named {name}"), text=f"card named {name}"), destination="hand",
        reveal=True, shuffle=True, text=f"search their library for a card named {name}, reveal "
                                        "it, put it into their hand, then shuffle")
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("enters", subject=ab.Ref("self"), text="this permanent enters"),
        effects=(ab.MayEffect(effects=(search,), player=who, text="target player may search"),),
        text=kw.text or f"Partner with {name}"),)


def _modular(kw: Any) -> tuple[Any, ...]:
    """702.43a: "Modular N" means "This permanent enters with N +1/+1 counters on it" and
    "When this permanent is put into a graveyard from the battlefield, you may put a +1/+1
    counter on target artifact creature for each +1/+1 counter on this permanent." (It is an
    artifact creature, so "dies"; the counters are counted as it last existed, 608.2h, by the
    "modular move" action.)"""
    param = (kw.parameter or "").strip()
    if not param.isdigit():
        return ()
    enters = _compiled(f"This creature enters with {param} +1/+1 counters on it.")
    target = ab.Target(kind="permanent", filter=ab.ObjectFilter(
        card_types=("artifact", "creature"), text="artifact creature"), min_count=1,
        max_count=1, index=0, text="target artifact creature")
    move = ab.KeywordAction(name="modular move", subject=ab.Ref(
        "target", target=target, text="target artifact creature"),
        text="put a +1/+1 counter on target artifact creature for each +1/+1 counter on it")
    dies = ab.TriggeredAbility(
        trigger=ab.Trigger("dies", subject=ab.Ref("self"), text="this permanent dies"),
        effects=(ab.MayEffect(effects=(move,), text="you may put ..."),), optional=True,
        text="When this permanent is put into a graveyard from the battlefield, ...")
    return (*enters, dies) if enters else ()


def _ka_modular_move(ctx: Any, eff: Any) -> None:
    lki = _lki_of(ctx, ctx.source) or ctx.source
    n = (getattr(lki, "counters", None) or {}).get("+1/+1", 0)
    if n <= 0:
        return
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + \
                ctx.game.counters_to_put(obj, "+1/+1", n)
            ctx.game.log("counters_put", obj=obj, counter="+1/+1", amount=n,
                         player=ctx.controller)


def _offspring(kw: Any) -> tuple[Any, ...]:
    """702.175a: "Offspring [cost]" means "You may pay an additional [cost] as you cast this
    spell" (casting announces it with the kicker-like costs, 601.2b) and "When this permanent
    enters, if its offspring cost was paid, create a token that's a copy of it, except it's
    1/1." (707.9b: the exception is part of the copy's values.)"""
    if kw.cost is None:
        return ()
    copy = ab.CreateToken(token=ab.TokenSpec(power=ab.Amount(1), toughness=ab.Amount(1),
                                             copy_of=ab.Ref("self"),
                                             text="a token that's a copy of it, except 1/1"),
                          amount=ab.Amount(1), controller=ab.Ref("you"),
                          text="create a token that's a copy of it, except it's 1/1")
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("enters", subject=ab.Ref("self"), text="this permanent enters"),
        condition=ab.Condition("offspring_paid", text="if its offspring cost was paid"),
        effects=(copy,), text=kw.text or "Offspring"),)


def _squad(kw: Any) -> tuple[Any, ...]:
    """702.157a: "Squad [cost]" means "As an additional cost to cast this spell, you may pay
    [cost] any number of times" (announced by casting like multikicker) and "When this
    creature enters, if its squad cost was paid, create a token that's a copy of it for each
    time its squad cost was paid." (the "squad" action makes the copies)"""
    if kw.cost is None:
        return ()
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("enters", subject=ab.Ref("self"), text="this creature enters"),
        condition=ab.Condition("squad_paid", text="if its squad cost was paid"),
        effects=(ab.KeywordAction(name="squad", text="a token copy for each payment"),),
        text=kw.text or "Squad"),)


def _squad_paid(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    return bool((getattr(source, "choices_made", None) or {}).get("squad"))


def _ka_squad(ctx: Any, eff: Any) -> None:
    src = ctx.source
    times = int((getattr(src, "choices_made", None) or {}).get("squad") or 0)
    if times <= 0 or src is None:
        return
    copy = ab.CreateToken(token=ab.TokenSpec(copy_of=ab.Ref("self"), text="a copy of it"),
                          amount=ab.Amount(times), controller=ab.Ref("you"),
                          text="create a token that's a copy of it")
    hooks.run(ctx.game, ctx, (copy,))


def _offspring_paid(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    return bool((getattr(source, "choices_made", None) or {}).get("offspring"))


registry.register_keyword_actions({"modular move": _ka_modular_move, "squad": _ka_squad})
registry.register_keyword_actions({"firebend": _ka_firebend, "flank": _ka_flank})
registry.register_keyword_builders({
    "firebending": _firebending, "exalted": _exalted, "flanking": _flanking,
    "partner with": _partner_with, "modular": _modular, "offspring": _offspring,
    "squad": _squad,
})
# the condition exalted's trigger carries (read by conditions.holds and the support audit)
conditions._MORE["one_attacker_yours"] = _one_attacker_yours
conditions._MORE["offspring_paid"] = _offspring_paid
conditions._MORE["squad_paid"] = _squad_paid


def _typecycling(kw: Any, card: Any = None) -> tuple[Any, ...]:
    """702.29e-f: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library
    for a [type] card, reveal it, put it into your hand, then shuffle." (landcycling: a land
    card; basic landcycling: a basic land card). The effects of that ability; the cost is
    paid by casting.activate_in_hand as cycling's is (it is cycling, 702.29f)."""
    kind = (kw.parameter or "").strip().lower()
    if not kind:
        return ()
    words = kind if kind in ("land", "basic land") else " ".join(w.capitalize()
                                                                  for w in kind.split())
    found = _compiled("{1}, Discard this card: Search your library for a " + words + " card, "
                      "reveal it, put it into your hand, then shuffle.")
    return tuple(found[0].effects) if found else ()


def _transmute(kw: Any, card: Any) -> tuple[Any, ...]:
    """702.53a: "[Cost], Discard this card: Search your library for a card with the same mana
    value as the discarded card, reveal that card, and put it into your hand. Then shuffle.
    Activate only as a sorcery." (The mana value is the card's as it is activated.)"""
    if card is None:
        return ()
    mv = parse_cost(card.face.mana_cost).mana_value
    found = _compiled("{1}, Discard this card: Search your library for a card with mana value "
                      f"{mv}, reveal it, put it into your hand, then shuffle.")
    return tuple(found[0].effects) if found else ()


def _reinforce(kw: Any, card: Any) -> tuple[Any, ...]:
    """702.77a: "Reinforce N—[cost]" means "[Cost], Discard this card: Put N +1/+1 counters on
    target creature." """
    param = (kw.parameter or "").strip()
    if not param.isdigit():
        return ()
    found = _compiled(f"{{1}}, Discard this card: Put {param} +1/+1 counters on target "
                      "creature.")
    return tuple(found[0].effects) if found else ()


registry.HAND_ABILITIES.update({"typecycling": _typecycling, "transmute": _transmute,
                                "reinforce": _reinforce})
registry.HAND_SORCERY.add("transmute")
