"""Splice (702.47): "Splice onto [quality] [cost]" - adding a card's text from the hand to a
spell being cast.

702.47a: "As you cast a [quality] spell, you may reveal this card from your hand and pay its
splice cost. If you do, add this card's effects to that spell." Announced with the spell's other
costs (601.2b, ``registry.CAST_ANNOUNCEMENTS``); the splice cost is an additional cost (mana to
the total cost 601.2f, other parts paid with the rest 601.2h). 702.47b: the spliced card stays
in the hand (only revealed); its effects follow the spell's own, in the order the cards were
revealed; the text refers to the spell it was spliced onto ("~" is that spell). 702.47c: the
targets of the added text are chosen with the spell's (``casting.put_on_stack_as_cast`` reads
the added effects, the "added_effects" announcement). 702.47d: a card can't be spliced onto
itself; each card once.
"""

from __future__ import annotations

from typing import Any

from rules_engine import casting, compiled, registry
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks


def _has_quality(obj: GameObject, quality: str) -> bool:
    """"Arcane" (a subtype) or "instant or sorcery" (card types) - what the spell must be."""
    words = [w.strip() for w in quality.replace(" or ", ",").split(",") if w.strip()]
    return bool(words) and any(obj.has_type(w.capitalize()) or w.capitalize() in obj.subtypes
                               for w in words)


def _splice(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
            already: tuple[Any, ...]) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """702.47a: offer each splice card in the caster's hand whose quality the spell has."""
    if not player.hand:
        return cost_text, (), {}
    added: list[Any] = []
    parts: tuple[Any, ...] = ()
    names: list[str] = []
    for card in list(player.hand):
        if card is obj:
            continue  # 702.47d
        kw = compiled.keyword_ability(card, "splice")
        if kw is None or kw.cost is None or not _has_quality(obj, kw.parameter or ""):
            continue
        effects = compiled.spell_effects(card.face, card.card)
        if not effects:
            continue
        mana = "".join(p.mana or "" for p in kw.cost.parts if p.kind == "mana")
        others = tuple(p for p in kw.cost.parts if p.kind != "mana")
        if not casting.can_pay(game, player, parse_cost(cost_text + mana), x, obj):
            continue
        if others and hooks.cost_refusal(game, player, obj, already + parts + others):
            continue
        if not game.decider.may(player.name, f"splice {card.name} onto {obj.name} "
                                             f"({kw.cost.text}, 702.47a)"):
            continue
        cost_text += mana
        parts += others
        added.extend(effects)
        names.append(card.name)
    if not added:
        return cost_text, (), {}
    return cost_text, parts, {"added_effects": tuple(added), "spliced": tuple(names),
                              "log": [("spliced", {"cards": tuple(names)})]}


registry.register_cast_announcement(_splice)


