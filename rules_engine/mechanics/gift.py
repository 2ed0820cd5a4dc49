"""Gift (702.174): "Gift a [something]" - a promise made as the spell is cast, kept before the
spell's other effects (an instant or sorcery) or as the permanent enters.

- 702.174a: the first ability is "As an additional cost to cast this spell, you may choose an
  opponent" - announced with the other additional costs (601.2b, ``registry.
  CAST_ANNOUNCEMENTS``); the spell's gift "was promised" (702.174k) and the chosen player is
  kept in the spell's ``choices_made`` (and so on the permanent it becomes).
- 702.174b: on an instant or sorcery, "If this spell's gift cost was paid, [effect]" - the first
  of its spell abilities (the keyword is printed first; 702.174j: before any other); on a
  permanent, "When this permanent enters, if its gift cost was paid, [effect]". The records
  hold both (a permanent spell never runs spell abilities, an instant never enters).
- 702.174d-i: the effect of each [something]: a Food, a card, a tapped Fish, an extra turn, a
  Treasure, an Octopus - done by the chosen player (the "gift" keyword action runs the rule's
  own words with that player as "you").
- "if the gift was promised" / "wasn't promised": the condition "gift_promised".
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import conditions, registry
from rules_engine.context import Ctx
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks

# 702.174d-i: the gift -> what the chosen player does (the rule's words, "you" = that player)
GIFTS: dict[str, str] = {
    "a food": "Create a Food token.",
    "a card": "Draw a card.",
    "a tapped fish": "Create a tapped 1/1 blue Fish creature token.",
    "an extra turn": "Take an extra turn after this one.",
    "a treasure": "Create a Treasure token.",
    "an octopus": "Create an 8/8 blue Octopus creature token.",
}
_COMPILED: dict[str, tuple[Any, ...]] = {}


def _gift_effects(kind: str) -> tuple[Any, ...]:
    """The records of a gift's effect (compiled once; empty when the words don't compile)."""
    hit = _COMPILED.get(kind)
    if hit is None:
        from rules_engine.text.compiler import compile_face_text

        found: list[Any] = []
        for a in compile_face_text(GIFTS[kind], "~", "~", "Sorcery").abilities:
            if isinstance(a, ab.SpellAbility):
                found.extend(a.effects)
        ok = found and not any(isinstance(e, ab.UnsupportedEffect) for e in
                               ab.iter_effects(tuple(found)))
        hit = _COMPILED[kind] = tuple(found) if ok else ()
    return hit


def _gift(kw: Any) -> tuple[Any, ...]:
    """702.174a-b: the gift's second ability, as a spell ability and as an enters trigger."""
    kind = (kw.parameter or "").strip().lower()
    if kind not in GIFTS or not _gift_effects(kind):
        return ()
    promised = ab.Condition("gift_promised", text="if its gift cost was paid")
    give = ab.KeywordAction(name="gift", subject=ab.Ref("self"), text=f"give {kind}")
    return (
        ab.SpellAbility(effects=(ab.Conditional(condition=promised, effects=(give,),
                                                text=f"If this spell's gift cost was paid, "
                                                     f"give {kind}"),),
                        text=f"Gift {kind} (702.174b)"),
        ab.TriggeredAbility(
            trigger=ab.Trigger("enters", subject=ab.Ref("self"), text="this permanent enters"),
            condition=promised, effects=(give,),
            text=f"When this permanent enters, if its gift cost was paid, give {kind}"),
    )


def _ka_gift(ctx: Ctx, eff: Any) -> None:
    """702.174d-i: the chosen player does the gift's effect (702.174c: a gift is given)."""
    game = ctx.game
    source = ctx.source
    chosen = (getattr(source, "choices_made", None) or {}).get("gift_to")
    kw = next((a for a in _keywords(source) if a.name == "gift"), None)
    if not isinstance(chosen, Player) or kw is None:
        return
    kind = (kw.parameter or "").strip().lower()
    effects = _gift_effects(kind) if kind in GIFTS else ()
    if not effects:
        return
    hooks.run(game, Ctx(game, source, chosen, ctx.item), effects)
    game.log("gift_given", obj=source, player=ctx.controller, to=chosen, gift=kind)


def _keywords(obj: Any) -> list[Any]:
    from rules_engine import compiled

    return [a for a in compiled.object_abilities(obj) if isinstance(a, ab.KeywordAbility)]


def _promise(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
             already: tuple[Any, ...]) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """702.174a, 702.174k: "you may choose an opponent" as the spell is cast (601.2b)."""
    from rules_engine import compiled

    if compiled.keyword_ability(obj, "gift") is None:
        return cost_text, (), {}
    opponents = [p for p in game.players if p is not player and not getattr(p, "lost", False)]
    if not opponents or not game.decider.may(player.name, f"promise an opponent a gift for "
                                                          f"{obj.name} (702.174a)"):
        return cost_text, (), {}
    to = opponents[0] if len(opponents) == 1 else game.decider.choose(
        player.name, "opponent to promise the gift to (702.174a)", opponents)
    return cost_text, (), {"gift_promised": True, "gift_to": to,
                           "log": [("gift_promised", {"to": to})]}


def _promised(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702.174k: "if the gift was promised" (on the spell and the permanent it became)."""
    return bool((getattr(source, "choices_made", None) or {}).get("gift_promised"))


registry.register_keyword_builders({"gift": _gift})
registry.register_keyword_actions({"gift": _ka_gift})
registry.register_cast_announcement(_promise)
conditions._MORE.update({"gift_promised": _promised})
