"""Keywords that stand for static or triggered abilities of permanents: sunburst (702.44),
unleash (702.98), melee (702.121); and split second (702.61), checked by ``casting``.

Each is data for ``compiled.keyword_records`` through the registry: the rule's own wording
where the Oracle-text grammar reads it (``registry.KEYWORD_TEXTS``), records built here where it
can't (``registry.KEYWORD_BUILDERS``).

- 702.44a sunburst: "If this object is entering as a creature, ignoring any type-changing
  effects that would affect it, it enters with a +1/+1 counter on it for each color of mana
  spent to cast it. Otherwise, it enters with a charge counter on it for each color of mana
  spent to cast it." Two replacements (614.1c) guarded by "is a creature"; the count is the
  colours of the mana the spell's payment recorded (601.2h), so a permanent that didn't enter
  from the stack as a cast spell gets none (702.44b). Each instance works separately (702.44d).
- 702.98a unleash: "You may have this permanent enter with an additional +1/+1 counter on it"
  and "This permanent can't block as long as it has a +1/+1 counter on it."
- 702.121a melee: "Whenever this creature attacks, it gets +1/+1 until end of turn for each
  opponent you attacked with a creature this combat." (each instance triggers, 702.121b)
- 702.61a split second: ``casting.split_second_held`` refuses other spells and non-mana
  abilities while the spell is on the stack (the keyword is read there by name).
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine import amounts, registry
from rules_engine.game import Game
from rules_engine.objects import Player

_SPENT_COLORS = "for each color of mana spent to cast it"


def _sunburst(kw: Any) -> tuple[Any, ...]:
    """702.44a: +1/+1 counters entering as a creature, charge counters otherwise."""
    out = []
    for counter, negated in (("+1/+1", False), ("charge", True)):
        put = ab.PutCounters(subject=ab.Ref("self"), counter=counter, amount=ab.Amount(1),
                             text=f"it enters with a {counter} counter on it {_SPENT_COLORS}")
        out.append(ab.EntersReplacement(
            kind="counters",
            condition=ab.Condition("self_is", detail="a creature", negated=negated,
                                   text="if this object is entering as a creature"),
            effects=(ab.Repeat(count=ab.Amount(text=_SPENT_COLORS), effects=(put,),
                               text=put.text),),
            text=f"Sunburst ({counter} counters)"))
    return tuple(out)


def _unleash(kw: Any) -> tuple[Any, ...]:
    """702.98a, the first ability: the controller may have it enter with an additional +1/+1
    counter (a choice made as it enters, 614.12); the second is compiled from its text."""
    put = ab.PutCounters(subject=ab.Ref("self"), counter="+1/+1", amount=ab.Amount(1),
                         text="enter with an additional +1/+1 counter on it")
    enter = ab.EntersReplacement(
        kind="as_enters",
        effects=(ab.MayEffect(effects=(put,), text="You may have this permanent enter with an "
                                                   "additional +1/+1 counter on it"),),
        text="Unleash")
    cant_block = _compiled("This creature can't block as long as it has a +1/+1 counter on it.")
    return (enter, *cant_block) if cant_block else ()


def _compiled(text: str) -> tuple[Any, ...]:
    """Records of a rule's wording; empty unless every part compiles (never half run)."""
    from rules_engine.text.compiler import compile_face_text

    found = compile_face_text(text, "~", "~", "Creature").abilities
    if any(isinstance(a, ab.Unsupported) or any(isinstance(e, ab.UnsupportedEffect)
                                                 for e in ab.iter_effects((a,))) for a in found):
        return ()
    return tuple(found)


_ATTACKED = re.compile(r"(?:the number of )?(?P<who>opponents?|players?) you attacked(?: with "
                       r"(?:a|one or more) creatures?)? this combat", re.I)


def _attacked_this_combat(game: Game, text: str, controller: Player, source: Any,
                          ctx: Any) -> int | None:
    """"each opponent you attacked with a creature this combat" (702.121a): the players among
    the defenders of ``controller``'s latest declaration of attackers this turn (508.1; one
    combat a turn but for additional combat phases, 500.8, when the latest is this one)."""
    m = _ATTACKED.fullmatch(text.strip())
    if m is None:
        return None
    declared = [e for e in game.events_this_turn("attackers_declared")
                if e.data.get("player") is controller]
    if not declared:
        return 0
    defenders = declared[0].data.get("defenders") or ()
    return len({id(d) for d in defenders if isinstance(d, Player) and (
        not m.group("who").lower().startswith("opponent") or d is not controller)})


amounts.register_families((_attacked_this_combat,))
registry.register_keyword_builders({"sunburst": _sunburst, "unleash": _unleash})
registry.register_keyword_texts({
    # 702.121a
    "melee": ("Whenever this creature attacks, it gets +1/+1 until end of turn for each "
              "opponent you attacked with a creature this combat.",),
})
