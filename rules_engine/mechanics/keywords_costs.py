"""Keywords about paying for a spell: optional costs and alternative costs a caster announces
with the spell (601.2b, 601.2f-h) through ``registry.CAST_ANNOUNCEMENTS``. (Delve, improvise and
entwine are ``casting.py``'s own.)

- 702.166a bargain: "As an additional cost to cast this spell, you may sacrifice an artifact,
  enchantment, or token"; 702.166b: the spell (and the permanent it becomes) "was bargained",
  the condition its other abilities ask (``conditions`` kind "bargained").
- 702.113a awaken: "You may pay [cost] rather than pay this spell's mana cost as you cast this
  spell" (an alternative cost, 118.9, announced with the others) and "If this spell's awaken
  cost was paid, put N +1/+1 counters on target land you control. That land becomes a 0/0
  Elemental creature with haste. It's still a land." - text the spell gains only when the cost
  is paid (its target chosen only then, 702.113b: the "added_effects" announcement).
- 702.190a sneak: "Any time you could cast an instant during your declare blockers step, you
  may cast this spell by paying [cost] and returning an unblocked creature you control to its
  owner's hand rather than paying this spell's mana cost" - the timing is
  ``casting.sneak_window``; the alternative cost is announced here (a "return" cost part of an
  unblocked attacking creature, paid with the rest, 601.2h). Cast in that window only thanks to
  sneak, declining it refuses the cast (307.1). 702.190b: a permanent spell whose sneak cost
  was paid enters tapped and attacking (an entering record with the "sneaked" condition).
- 702.78a conspire: "As an additional cost to cast this spell, you may tap two untapped
  creatures you control that each share a color with it" (a "tap_untapped" cost part, paid with
  the rest, 601.2h) and "When you cast this spell, if its conspire cost was paid, copy it. If
  the spell has any targets, you may choose new targets for the copy." (a cast trigger working
  from the stack, 113.6k).

Each announcement is offered only when the caster could pay the bigger cost (as kicker's,
702.33), and is a "may" (unanswered: no).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, combat, compiled, conditions, registry
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks

_GENERIC = ("generic",)


def _affordable(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
                parts: tuple[Any, ...]) -> bool:
    """Whether ``cost_text`` plus the non-mana ``parts`` could be paid (601.2h)."""
    if not casting.can_pay(game, player, parse_cost(cost_text), x, obj):
        return False
    return not (parts and hooks.cost_refusal(game, player, obj, parts))


# 702.166a: "an artifact, enchantment, or token" (any one of the three will do)
_BARGAIN_PART = ab.CostPart(
    kind="sacrifice", amount=ab.Amount(1),
    what=ab.ObjectFilter(any_of=(ab.ObjectFilter(card_types=("artifact",)),
                                 ab.ObjectFilter(card_types=("enchantment",)),
                                 ab.ObjectFilter(qualifiers=("token",))),
                         text="an artifact, enchantment, or token"),
    text="Bargain: sacrifice an artifact, enchantment, or token")


def _bargain(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
             already: tuple[Any, ...]) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """702.166a-b: announce sacrificing an artifact, enchantment, or token (601.2b); the
    sacrifice is paid with the other non-mana costs (601.2h, ``effects.costs.pay_costs``)."""
    if compiled.keyword_ability(obj, "bargain") is None:
        return cost_text, (), {}
    if hooks.cost_refusal(game, player, obj, already + (_BARGAIN_PART,)):
        return cost_text, (), {}  # nothing to sacrifice
    if not game.decider.may(player.name, f"bargain {obj.name}: sacrifice an artifact, "
                                         "enchantment, or token (702.166a)"):
        return cost_text, (), {}
    return cost_text, (_BARGAIN_PART,), {"bargained": True, "log": [("bargained", {})]}


def _bargained(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702.166b: "if this spell was bargained" - on the spell and the permanent it became."""
    return bool((getattr(source, "choices_made", None) or {}).get("bargained"))


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten")
_AWAKEN: dict[int, tuple[Any, ...]] = {}


def _awaken_effects(n: int) -> tuple[Any, ...]:
    """702.113a's spell ability for N, compiled from the rule's words (once per N)."""
    hit = _AWAKEN.get(n)
    if hit is None:
        from rules_engine.text.compiler import compile_face_text

        count = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
        text = (f"Put {count} +1/+1 counters on target land you control and it becomes a 0/0 "
                "Elemental creature with haste that's still a land.")
        found = [e for a in compile_face_text(text, "~", "~", "Sorcery").abilities
                 if isinstance(a, ab.SpellAbility) for e in a.effects]
        ok = found and not any(isinstance(e, ab.UnsupportedEffect)
                               for e in ab.iter_effects(tuple(found)))
        hit = _AWAKEN[n] = tuple(found) if ok else ()
    return hit


def _awaken(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
            already: tuple[Any, ...]) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """702.113a: offer the awaken cost instead of the mana cost (from the hand, when no other
    alternative cost was chosen: 118.9a, the cost still starts with the mana cost)."""
    kw = compiled.keyword_ability(obj, "awaken")
    param = (kw.parameter or "").strip() if kw is not None else ""
    if kw is None or kw.cost is None or not param.isdigit() or obj.zone != "hand":
        return cost_text, (), {}
    printed = obj.face.mana_cost
    if not printed or not cost_text.startswith(printed):
        return cost_text, (), {}
    effects = _awaken_effects(int(param))
    if not effects:
        return cost_text, (), {}
    mana = "".join(p.mana or "" for p in kw.cost.parts if p.kind == "mana")
    others = tuple(p for p in kw.cost.parts if p.kind != "mana")
    new_cost = mana + cost_text[len(printed):]
    if not _affordable(game, player, obj, new_cost, x, already + others):
        return cost_text, (), {}
    if not any(o.controller is player and o.has_type("Land") for o in game.battlefield):
        return cost_text, (), {}  # no land to target (601.2c)
    if not game.decider.may(player.name, f"cast {obj.name} for its awaken cost "
                                         f"{kw.cost.text} (702.113a)"):
        return cost_text, (), {}
    return new_cost, others, {"awakened": True, "added_effects": effects,
                              "log": [("awakened", {})]}


_UNBLOCKED = ab.ObjectFilter(card_types=("creature",), controller="you",
                             qualifiers=("unblocked",),
                             text="an unblocked creature you control")


def _sneak(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
           already: tuple[Any, ...]) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """702.190a: offer the sneak cost in its owner's declare blockers step."""
    kw = compiled.keyword_ability(obj, "sneak")
    if kw is None or kw.cost is None or not casting.sneak_window(game, player, obj):
        return cost_text, (), {}
    only_sneak = not ("Instant" in obj.face.types or compiled.has_keyword(obj, "flash"))
    printed = obj.face.mana_cost
    part = ab.CostPart(kind="return", amount=ab.Amount(1), what=_UNBLOCKED,
                       text="Return an unblocked creature you control to its owner's hand")
    mana = "".join(p.mana or "" for p in kw.cost.parts if p.kind == "mana")
    others = tuple(p for p in kw.cost.parts if p.kind != "mana") + (part,)
    new_cost = mana + (cost_text[len(printed):] if cost_text.startswith(printed) else "")
    if cost_text.startswith(printed) and _affordable(game, player, obj, new_cost, x,
                                                     already + others) and \
            game.decider.may(player.name, f"cast {obj.name} for its sneak cost {kw.cost.text}, "
                                          "returning an unblocked creature (702.190a)"):
        return new_cost, others, {"sneaked": True, "log": [("sneaked", {})]}
    if only_sneak:
        from rules_engine.errors import IllegalActionError

        raise IllegalActionError("307.1", f"{obj.name} can be cast in the declare blockers step "
                                          "only for its sneak cost (702.190a)")
    return cost_text, (), {}


def _sneak_enters(kw: Any) -> tuple[Any, ...]:
    """702.190b: "enters the battlefield tapped and attacking" when its sneak cost was paid."""
    return (ab.EntersReplacement(
        kind="as_enters", condition=ab.Condition("sneaked", text="if its sneak cost was paid"),
        effects=(ab.KeywordAction(name="sneak enters attacking", subject=ab.Ref("self"),
                                  text="it enters tapped and attacking"),),
        text="Sneak (702.190b)"),)


def _ka_sneak_enters(ctx: Any, eff: Any) -> None:
    """702.190b / 506.3a: tapped and attacking (never declared as an attacker)."""
    obj = ctx.source
    if obj is None or obj.zone != "battlefield" or ctx.game.step not in (
            "declare_blockers", "first_strike_damage", "combat_damage"):
        return
    obj.tapped = True
    combat.enter_attacking(ctx.game, obj, obj.controller)


def _sneaked(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    return bool((getattr(source, "choices_made", None) or {}).get("sneaked"))


def _conspire_part(obj: GameObject) -> ab.CostPart | None:
    """702.78a: two untapped creatures you control that each share a color with the spell."""
    colors = tuple(obj.colors)
    if not colors:
        return None  # a colorless spell shares a color with nothing (105.2c)
    return ab.CostPart(kind="tap_untapped", amount=ab.Amount(2), what=ab.ObjectFilter(
        card_types=("creature",), colors=colors, controller="you",
        text="untapped creatures you control that each share a color with it"),
        text="Conspire: tap two untapped creatures you control that each share a color with it")


def _conspire(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
              already: tuple[Any, ...]) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """702.78a: announce paying the conspire cost (601.2b)."""
    if compiled.keyword_ability(obj, "conspire") is None:
        return cost_text, (), {}
    part = _conspire_part(obj)
    if part is None or hooks.cost_refusal(game, player, obj, already + (part,)):
        return cost_text, (), {}
    if not game.decider.may(player.name, f"conspire {obj.name}: tap two untapped creatures "
                                         "that share a color with it (702.78a)"):
        return cost_text, (), {}
    return cost_text, (part,), {"conspired": True, "log": [("conspired", {})]}


def _conspire_trigger(kw: Any) -> tuple[Any, ...]:
    """702.78a, the triggered half: copy the spell if its conspire cost was paid."""
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("cast", subject=ab.Ref("self"), player="you", text="you cast ~"),
        condition=ab.Condition("conspired", text="if its conspire cost was paid"),
        effects=(ab.CopySpell(subject=ab.Ref("self"), times=ab.Amount(1), new_targets=True,
                              text="copy it"),),
        text="Conspire"),)


def _conspired(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702.78a: "if its conspire cost was paid" (the spell, the trigger's source)."""
    return bool((getattr(source, "choices_made", None) or {}).get("conspired"))


registry.register_cast_announcement(_awaken)
registry.register_cast_announcement(_sneak)
registry.register_cast_announcement(_bargain)
registry.register_cast_announcement(_conspire)
registry.register_keyword_builders({"conspire": _conspire_trigger, "sneak": _sneak_enters})
registry.register_keyword_actions({"sneak enters attacking": _ka_sneak_enters})
conditions._MORE.update({"bargained": _bargained, "conspired": _conspired,
                         "sneaked": _sneaked})
