"""Small rule families of issue 12 that many cards share (helper "tail"):

- filter qualifiers "of the chosen type/color" (607.2d, 614.12: the value the filter's source
  chose as it entered), "modified" (700.9: counters, equipped, or enchanted by an Aura its
  controller controls) and "enchanted" (303.4: an Aura is attached to it), registered in
  :data:`rules_engine.registry.QUALIFIERS` ("Modified creatures you control have trample",
  "can't be blocked by enchanted creatures");
- the condition ``self_power_at_least`` ("Activate only if ~'s power is 4 or greater",
  "if its power is 6 or greater", 602.5b / 603.4): the source's power now;
- the condition ``timing`` of "Cast ~ only during the declare attackers step and only if
  you've been attacked this step" (601.3; grammar ``text/tail_phrases.timing_condition``):
  ``detail`` "steps:<a>,<b>" (the current step is one of them), "before:<step>" /
  "after:<step>" (this turn's steps, 500.1 order), "turn:you" / "turn:opponent" (500: the
  active player), "attacked_you_this_step" (a creature was declared attacking the player, or a
  permanent they control, this declare attackers step: 508.1, 506.2).

- "You may cast ~ as though it had flash. If you cast it any time a sorcery couldn't have been
  cast, the controller of the permanent it becomes sacrifices it at the beginning of the next
  cleanup step": casting marks a spell cast by that permission outside sorcery timing
  (``choices_made["cast_as_though_flash"]``); once it is a permanent (608.3), a delayed
  triggered ability (603.7) bound to it (603.7c, 400.7) sacrifices it as the next cleanup
  step begins (514.3a: it triggers there, players get priority, then another cleanup step).

- the conditions ``player_life_at_most`` ("unless a player has 13 or less life") and
  ``opponents_at_least`` ("unless you have two or more opponents").

The untap symbol {Q} (107.6) is a cost part of :mod:`rules_engine.effects.costs`.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, registry
from rules_engine.game import STEPS
from rules_engine.objects import GameObject
from rules_engine.triggers import bind_delayed, cast_spells_now_permanents


def _auras_on(game: Any, obj: Any) -> list[Any]:
    """The Auras attached to ``obj`` (303.4)."""
    return [o for o in game.battlefield if o.attached_to is obj and "Aura" in o.subtypes]


def enchanted(game: Any, obj: Any, source: Any = None) -> bool:
    """303.4: a permanent is "enchanted" while an Aura is attached to it."""
    return isinstance(obj, GameObject) and bool(_auras_on(game, obj))


def modified(game: Any, obj: Any, source: Any = None) -> bool:
    """700.9: one or more counters on it, equipped (301.5), or enchanted by an Aura controlled
    by its controller (303.4)."""
    if not isinstance(obj, GameObject):
        return False
    if any(n > 0 for n in obj.counters.values()):
        return True
    for o in game.battlefield:
        if o.attached_to is not obj:
            continue
        if "Equipment" in o.subtypes:
            return True
        if "Aura" in o.subtypes and o.controller is obj.controller:
            return True
    return False


def _self_power_at_least(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """"~'s power is N or greater" (a 602.5b restriction or a 603.4 intervening "if")."""
    need = cond.amount.value if cond.amount is not None and cond.amount.value is not None else 0
    return isinstance(source, GameObject) and source.power >= need


def _timing(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """601.3: whether now is a time the words allow (see the module docstring)."""
    what, _, arg = (cond.detail or "").partition(":")
    if what == "steps":
        return game.step in arg.split(",")
    if what in ("before", "after"):
        if game.step not in STEPS or arg not in STEPS:
            return False
        now, then = STEPS.index(game.step), STEPS.index(arg)
        return now < then if what == "before" else now > then
    if what == "turn":
        return (game.active is controller) == (arg == "you")
    if what == "attacked_you_this_step":
        if game.step != "declare_attackers":
            return False
        for ev in game.events_this_turn("attacks"):
            defender = ev.data.get("defender")
            if defender is controller or getattr(defender, "controller", None) is controller:
                return True
        return False
    return False


def of_chosen(what: str) -> Any:
    """"of the chosen type" / "of the chosen color": the value the filter's source chose
    ("As ~ enters, choose a creature type", 614.12; linked to it, 607.2d / 400.7): a creature
    (or other) subtype, a card type when a card type was chosen, a color (105.2)."""

    def holds(game: Any, obj: Any, source: Any) -> bool:
        if not isinstance(obj, GameObject) or source is None:
            return False
        stamp = getattr(source, "timestamp", None)
        values = [(kind, v) for s, at, kind, v in game.__dict__.get("chosen_values", ())
                  if s is source and at == stamp and (
                      kind.startswith("color") if what == "color" else kind.endswith(" type"))]
        if not values:
            return False
        kind, value = values[-1]  # (the latest choice)
        value = str(value).strip()
        if what == "color":
            return _COLOR_LETTERS.get(value.lower(), value.upper()[:1]) in obj.colors
        if kind == "card type":
            return obj.has_type(value.capitalize())
        return value.lower() in {s.lower() for s in obj.subtypes}

    return holds


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
def _player_life_at_most(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """"a player has 13 or less life" (any player in the game; "an opponent": one of them)."""
    n = cond.amount.value if cond.amount is not None and cond.amount.value is not None else 0
    players = game.opponents(controller) if cond.detail == "opponent" else game.living
    return any(p.life <= n for p in players)


def _opponents_at_least(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """"you have two or more opponents" (102.1-102.3: every other player still in the game)."""
    n = cond.amount.value if cond.amount is not None and cond.amount.value is not None else 1
    return len(list(game.opponents(controller))) >= n


registry.QUALIFIERS.update({
    "modified": modified, "unmodified": lambda g, o, s: not modified(g, o),
    "enchanted": enchanted,
    "of the chosen type": of_chosen("type"), "of the chosen color": of_chosen("color"),
    "not of the chosen type": lambda g, o, s: not of_chosen("type")(g, o, s),
    "not of the chosen color": lambda g, o, s: not of_chosen("color")(g, o, s),
})
conditions._MORE["self_power_at_least"] = _self_power_at_least
conditions._MORE["timing"] = _timing
conditions._MORE["player_life_at_most"] = _player_life_at_most
conditions._MORE["opponents_at_least"] = _opponents_at_least


_SACRIFICE = ab.TriggeredAbility(
    trigger=ab.Trigger(event="phase", step="cleanup",
                       text="at the beginning of the next cleanup step"),
    effects=(ab.Sacrifice(player=ab.Ref("you"), subject=ab.Ref("it"),
                          text="the controller of the permanent it becomes sacrifices it"),),
    text="At the beginning of the next cleanup step, sacrifice it (601.3, 514.3a).")


def _sacrifices_if_flashed(obj: GameObject) -> bool:
    return any(isinstance(restriction, ab.Restriction)
               and restriction.kind == "sacrifice_at_cleanup_if_flashed"
               for a in compiled.object_abilities(obj) if isinstance(a, ab.StaticAbility)
               for restriction in a.effects)


@registry.state_based(order=6)
def _flashed_entered(game: Any) -> bool:
    """Bind the delayed sacrifice to each flashed spell that became a permanent (608.3g, as
    warp does): a spell that left the stack any other way is dropped."""
    for obj in cast_spells_now_permanents(game, "flash_cast"):
        if obj.choices_made.get("cast_as_though_flash") and _sacrifices_if_flashed(obj):
            bind_delayed(game, _SACRIFICE, obj)
    return False
