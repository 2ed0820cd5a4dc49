"""Sagas and read ahead.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 714.2a-c: a chapter symbol "{rN}—[Effect]" is a triggered ability, "When one or more lore
  counters are put onto this Saga, if the number of lore counters on it was less than N and
  became at least N, [effect]"; "{rN1}, {rN2}—[Effect]" means one such ability per number.
- 714.2d: a Saga's final chapter number is the greatest chapter number among its chapter
  abilities (0 when it has none).
- 714.3a: each Saga without read ahead enters with a lore counter on it (a replacement effect,
  614.1c); 122.6: counters an object enters with are "put on" it, so chapter I triggers.
- 714.3b / 702.155b: a Saga with read ahead enters with the number of lore counters its
  controller chooses, from one to its final chapter number.
- 702.155a: read ahead - chapter abilities can't trigger the turn the Saga entered unless it has
  exactly the number of lore counters named in that ability's chapter symbol.
- 714.3c: as a player's precombat main phase begins, that player puts a lore counter on each
  Saga they control with one or more chapter abilities (a turn-based action; no stack).
- 714.4 / 704.5s: a Saga permanent with one or more chapter abilities whose lore counters are at
  least its final chapter number, and which isn't the source of a chapter ability that has
  triggered but not yet left the stack, is sacrificed by its controller (a state-based action).
"""

from __future__ import annotations

from typing import Any

from rules_engine import compiled, registry
from rules_engine.game import Game
from rules_engine.objects import LORE, GameObject, Player


def chapter_numbers(trig: Any) -> tuple[int, ...]:
    """The chapter numbers of one chapter ability's trigger (714.2c: "I, II" is two)."""
    if trig.detail:
        return tuple(int(n) for n in str(trig.detail).split(",") if n.strip())
    return (trig.ordinal,) if trig.ordinal else ()


def is_saga(obj: GameObject) -> bool:
    return "Saga" in obj.face.subtypes


def final_chapter(obj: GameObject) -> int:
    """714.2d: the greatest chapter number among the chapter abilities it has now (abilities
    gained or lost count: a Saga that lost all abilities has none)."""
    best = 0
    for abl in compiled.triggered_abilities(obj):
        if abl.trigger.event == "chapter":
            best = max(best, *chapter_numbers(abl.trigger), 0)
    return best


def entry_lore(game: Game, obj: GameObject, controller: Player) -> int:
    """714.3a-b: the lore counters a Saga enters with (0 for anything else)."""
    if not is_saga(obj):
        return 0
    if not compiled.has_keyword(obj, "read ahead"):
        return 1  # 714.3a
    final = final_chapter(obj)
    if final <= 1:
        return 1
    # 702.155b: "As this Saga enters, choose a number between one and its final chapter number"
    return int(game.decider.choose(controller.name, "read ahead: lore counters to enter with "
                                                    "(702.155b)", list(range(1, final + 1))))


def _entered_this_turn(game: Game, obj: GameObject) -> bool:
    for event in reversed(game.events):
        if event.turn != game.turn:
            return False
        if event.name == "entered" and event.data.get("obj") is obj:
            return True
    return False


def triggered(game: Game, trig: Any, source: Any, event: Any) -> int:
    """How many of the chapter abilities a chapter trigger stands for ``event`` triggers:
    lore counters put on ``source`` (714.2b), also as it enters (714.3a; permanents.py logs
    the counters an object enters with after its "entered" event, 122.6)."""
    data = event.data
    if source is None or event.name != "counters_put" or data.get("obj") is not source or \
            data.get("counter") != LORE:
        return 0
    after = source.counters.get(LORE, 0)
    before = after - int(data.get("amount") or 0)
    found = [n for n in chapter_numbers(trig) if before < n <= after]
    if found and compiled.has_keyword(source, "read ahead") and _entered_this_turn(game, source):
        found = [n for n in found if n == after]  # 702.155a
    return len(found)


def precombat_main(game: Game, player: Player) -> None:
    """714.3c: a lore counter on each Saga ``player`` controls with a chapter ability."""
    for obj in list(game.battlefield):
        if obj.controller is player and not obj.phased_out and is_saga(obj) and \
                final_chapter(obj) > 0:
            obj.counters[LORE] = obj.counters.get(LORE, 0) + 1
            game.log("counters_put", obj=obj, counter=LORE, amount=1, player=player)


def _chapter_waiting(game: Game, obj: GameObject) -> bool:
    """Whether a chapter ability of ``obj`` has triggered and not yet left the stack."""
    for item in (*game.pending_triggers, *game.stack):
        abl = getattr(item, "ability", None)
        if getattr(item, "source", None) is obj and abl is not None and \
                getattr(abl, "trigger", None) is not None and abl.trigger.event == "chapter":
            return True
    return False


def must_sacrifice(game: Game, obj: GameObject) -> bool:
    """714.4 for one permanent with lore counters on it."""
    if not is_saga(obj):
        return False
    final = final_chapter(obj)
    return final > 0 and obj.counters.get(LORE, 0) >= final and not _chapter_waiting(game, obj)


def sacrifice(game: Game, objs: list[GameObject]) -> None:
    """714.4: each Saga's controller sacrifices it (701.21a)."""
    for obj in objs:
        if obj.zone != "battlefield":
            continue
        player = obj.controller
        game.move(obj, "graveyard")
        game.log("sacrificed", obj=obj, player=player, rule="714.4")


# -- hook points (rules_engine.registry) ---------------------------------------------------------
registry.turn_based("main1", "714.3c")(precombat_main)
registry.provide(saga_entry_lore=entry_lore, saga_must_sacrifice=must_sacrifice,
                 saga_sacrifice=sacrifice, triggered_sagas=triggered)
