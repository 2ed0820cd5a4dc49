"""Graveyard-cast keywords with alternative costs: harmonize (702.180) and mayhem (702.187).

Both are permissions to cast a card from its owner's graveyard (601.3) for a cost other than
its mana cost (118.9, an alternative cost: 601.2b, 601.2f-h), asked by ``casting.py`` through
``registry.GRAVEYARD_CASTS`` like retrace and jump-start (``graveyard_casts.py``).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.180a: "Harmonize [cost]" means "You may cast this card from your graveyard by paying
  [cost] and tapping up to one untapped creature you control rather than paying this spell's
  mana cost", "If you cast this spell using its harmonize ability, its total cost is reduced by
  an amount of generic mana equal to the tapped creature's power" and "If the harmonize cost
  was paid, exile this card instead of putting it anywhere else any time it would leave the
  stack." The permission returns the harmonize cost with "exiled as it leaves the stack".
- 702.180b: the creature to tap is chosen as the harmonize cost is chosen (601.2b: the
  announcement below, a "up to one" choice - no answer: none) and tapped as the total cost is
  paid (601.2h: a "tap_untapped" cost part of a creature with at least that power, paid with
  the other costs). The reduction only lowers generic mana (601.2f, 118.7d: never below 0).
- 702.187b: "Mayhem [cost]" means "As long as you discarded this card this turn, you may cast
  it from your graveyard by paying [cost] rather than paying its mana cost." The card must be
  the object discarded this turn (400.7: a card that left the graveyard since is a new
  object); timing rules still apply (casting.py checks them, 307.1).
- 702.187c: "Mayhem" without a cost: "You may play this card from your graveyard if you
  discarded it this turn" - for a nonland card, cast for its mana cost (a land's play from
  the graveyard is not offered here).
- "if this spell's mayhem cost was paid" (the condition ``mayhem_paid``): the spell and the
  permanent it became were cast for the mayhem cost.
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, conditions, registry
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player

_GENERIC = re.compile(r"\{(\d+)\}")


def reduce_generic(cost_text: str, n: int) -> str:
    """``cost_text`` with its generic mana lowered by ``n`` (601.2f, 118.7d: a reduction
    lowers only the generic part, never below zero)."""
    if n <= 0:
        return cost_text
    m = _GENERIC.search(cost_text)
    if m is None:
        return cost_text
    left = max(0, int(m.group(1)) - n)
    return cost_text[:m.start()] + (f"{{{left}}}" if left else "") + cost_text[m.end():]


def _discarded_this_turn(game: Game, obj: GameObject) -> bool:
    """702.187b: this very card was discarded this turn and has stayed in the graveyard since
    (400.7: the discard is its last zone change)."""
    if obj.zone != "graveyard":
        return False
    return any(ev.data.get("obj") is obj for ev in game.events_this_turn("discarded"))


def _harmonize_cost(obj: GameObject) -> str | None:
    kw = compiled.keyword_ability(obj, "harmonize")
    if kw is None:
        return None
    return casting.keyword_mana(obj, kw)


def _mayhem_cost(obj: GameObject) -> str | None:
    kw = compiled.keyword_ability(obj, "mayhem")
    if kw is None:
        return None
    if kw.cost is None and not (kw.parameter or "").strip():
        return obj.face.mana_cost or ""  # 702.187c: "Mayhem" without a cost
    return casting.keyword_mana(obj, kw)


def _permission(game: Game, player: Player, obj: GameObject) -> tuple[str, tuple[Any, ...],
                                                                       bool] | None:
    """The GRAVEYARD_CASTS entry: harmonize (702.180a), mayhem (702.187b)."""
    if obj.owner is not player or obj.zone != "graveyard":
        return None
    if _discarded_this_turn(game, obj):
        cost = _mayhem_cost(obj)
        if cost is not None:
            return cost, (), False  # it goes where a resolved spell goes (no exile)
    cost = _harmonize_cost(obj)
    if cost is not None:
        return cost, (), True  # 702.180a: exiled as it leaves the stack
    return None


def _harmonize(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
               already: tuple[Any, ...]) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """702.180a-b: as the harmonize cost is chosen, choose up to one untapped creature you
    control; the total cost is reduced by its power and it is tapped as the cost is paid."""
    if obj.zone == "graveyard" and _mayhem_cost(obj) is not None and \
            _discarded_this_turn(game, obj):  # cast with mayhem (the permission's first choice)
        return cost_text, (), {"mayhem_paid": True, "log": [("mayhem_paid", {})]}
    harmonize = _harmonize_cost(obj)
    if obj.zone != "graveyard" or compiled.keyword_ability(obj, "flashback") is not None or \
            harmonize is None or not cost_text.startswith(harmonize):
        return cost_text, (), {}  # (cast from the graveyard some other way: no harmonize)
    options = [o for o in game.permanents(player) if o.is_creature and not o.tapped
               and o.power > 0]
    if not options:
        return cost_text, (), {"harmonized": True}
    options.sort(key=lambda o: -o.power)  # the unanswered default: the biggest reduction
    chosen = game.decider.choose(player.name, f"creature to tap for {obj.name}'s harmonize "
                                              "(702.180b), or none", options, optional=True)
    if chosen is None:
        return cost_text, (), {"harmonized": True}
    power = chosen.power
    part = ab.CostPart(kind="tap_untapped", amount=ab.Amount(1), what=ab.ObjectFilter(
        card_types=("creature",), controller="you",
        qualifiers=(f"with power greater than or equal to {power}",),
        text=f"an untapped creature you control with power {power} or greater"),
        text=f"Harmonize: tap {chosen.name}")
    return reduce_generic(cost_text, power), (part,), {
        "harmonized": True, "log": [("harmonize_tapped", {"power": power})]}


def harmonize_reduction(game: Game, player: Player, obj: GameObject) -> int:
    """The most a harmonize cast of ``obj`` could be reduced by now: the greatest power among
    untapped creatures ``player`` controls (702.180a; 0 without harmonize)."""
    if _harmonize_cost(obj) is None:
        return 0
    return max((o.power for o in game.permanents(player) if o.is_creature and not o.tapped),
               default=0)


def _mayhem_paid(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"If this spell's mayhem cost was paid" (702.187b)."""
    return bool((getattr(source, "choices_made", None) or {}).get("mayhem_paid"))


def castable(obj: GameObject) -> bool:
    """Whether the card has a graveyard cast of this module (for the simulator's moves)."""
    return any(compiled.keyword_ability(obj, k) is not None for k in ("harmonize", "mayhem"))


def _mayhem_land(game: Game, player: Player, obj: GameObject) -> bool:
    """702.187c: "Mayhem" without a cost on a land: its owner may play it from their graveyard
    if they discarded it this turn (the land play's own rules still apply, 305.1-305.2)."""
    return obj.owner is player and compiled.keyword_ability(obj, "mayhem") is not None and \
        _discarded_this_turn(game, obj)


registry.GRAVEYARD_CASTS.append(_permission)
registry.GRAVEYARD_LAND_PLAYS.append(_mayhem_land)
registry.GRAVEYARD_CAST_KEYWORDS.update({"harmonize", "mayhem"})
registry.register_cast_announcement(_harmonize)
conditions._MORE.update({"mayhem_paid": _mayhem_paid})


# 702.167a-b: craft. "Craft with [materials] [cost]" means "[Cost], Exile this permanent, Exile
# [materials] from among permanents you control and/or cards in your graveyard: Return this card
# to the battlefield transformed under its owner's control. Activate only as a sorcery."
_ARTICLE = re.compile(r"^(?:an?|one) (?P<noun>[A-Za-z-]+)$", re.I)
CRAFT_ZONE = "battlefield_or_graveyard"  # 702.167b: a permanent you control or a card you own


def _craft(kw: Any) -> tuple[Any, ...]:
    """The activated ability craft stands for, compiled from 702.167a's words; materials other
    than one object of a card type or subtype (702.167b) are left unrun (an Unsupported
    record)."""
    from dataclasses import replace

    from rules_engine.text.compiler import compile_face_text

    what = (kw.parameter or "").strip()
    m = _ARTICLE.match(what) or re.match(r"^(?P<noun>[A-Za-z-]+)$", what)
    if m is None or kw.cost is None:
        return (ab.Unsupported(text=kw.text, reason="craft materials not understood"),)
    noun = m.group("noun").lower()
    text = (f"{kw.cost.text}, Exile this permanent, Exile another {noun} you control: Return "
            "this card to the battlefield transformed under its owner's control. Activate only "
            "as a sorcery.")
    found = [a for a in compile_face_text(text, "~", "~", "Artifact").abilities
             if isinstance(a, ab.ActivatedAbility)]
    if len(found) != 1 or not isinstance(found[0].cost.parts[-1].what, ab.ObjectFilter):
        return (ab.Unsupported(text=kw.text, reason="craft did not compile"),)
    abl = found[0]
    last = abl.cost.parts[-1]
    flt = replace(last.what, controller="you", zone=CRAFT_ZONE,
                  text=f"another {noun} you control or {noun} card in your graveyard")
    parts = abl.cost.parts[:-1] + (replace(last, what=flt, text=f"Exile {flt.text}"),)
    return (replace(abl, cost=replace(abl.cost, parts=parts, text=kw.cost.text), text=kw.text),)


registry.register_keyword_builders({"craft": _craft})
