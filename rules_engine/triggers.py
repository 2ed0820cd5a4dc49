"""Triggered abilities (603): noticing trigger events, waiting, going on the stack.

A trigger event is a logged :class:`~rules_engine.events.Event`. Triggered abilities of
permanents (and delayed triggers, 603.7, and inherent abilities such as the initiative's,
726.2) that match it are collected as *pending*; the next time a player would receive
priority they are put on the stack in APNAP order, each player ordering their own (603.3b),
and their targets are chosen then (603.3d).
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable, Iterable
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, registry, statics, targeting
from rules_engine.events import Event
from rules_engine.game import Game, with_emblems
from rules_engine.objects import ABILITY_CHANGES, GameObject, Player, StackAbility
from rules_engine.registry import hooks
from rules_engine.text.costs import parse_cost_choice

STEP_OF_PHASE = {
    "upkeep": "upkeep", "draw": "draw", "end": "end", "combat": "beginning_of_combat",
    "beginning_of_combat": "beginning_of_combat", "precombat_main": "main1",
    "postcombat_main": "main2", "main": "main1", "end_of_combat": "end_of_combat",
    "cleanup": "cleanup",
}


# Trigger kinds matched by the event name alone (plus the player/self checks in _match_one).
_SIMPLE = {"take_initiative": "initiative_taken", "venture": "ventured",
           "complete_dungeon": "dungeon_completed", "becomes_prepared": "prepared",
           "draw": "drew", "gain_life": "life_gained", "transforms_into": "transformed",
           "lose_life": "life_lost", "roll_die": "die_rolled", "mill": "milled"}


class Pending:
    """A triggered ability that has triggered but is not yet on the stack (603.2, 603.3)."""

    __slots__ = ("name", "source", "controller", "ability", "effects", "event", "condition",
                 "targets", "kind")

    def __init__(self, name: str, source: Any, controller: Player, effects: tuple[Any, ...],
                 ability: Any = None, event: Any = None, condition: Any = None,
                 targets: tuple[Any, ...] = ()) -> None:
        self.name = name
        self.source = source
        self.controller = controller
        self.ability = ability
        self.effects = effects
        self.event = event
        self.condition = condition
        self.targets = targets
        self.kind = "triggered"


class Delayed:
    """A delayed triggered ability (603.7): triggers once on the next matching event."""

    __slots__ = ("ability", "controller", "source_name", "source", "created_turn", "once",
                 "this_turn")

    def __init__(self, ability: Any, controller: Player, source_name: str, source: Any,
                 created_turn: int) -> None:
        self.ability = ability
        self.controller = controller
        self.source_name = source_name
        self.source = source
        self.created_turn = created_turn
        self.once = True
        self.this_turn = False  # "whenever ... this turn" (603.7b): every time, this turn only


# MTGKIT_VERIFY_TRIGGER_INDEX=1: an event the index says no permanent listens to is scanned
# anyway and must trigger nothing (tests/sim/test_sim_trigger_index.py turns it on).
VERIFY_INDEX = os.environ.get("MTGKIT_VERIFY_TRIGGER_INDEX", "") not in ("", "0")


class IndexMissedTrigger(AssertionError):
    """A permanent's triggered ability triggered on an event the trigger index skipped."""


def check(game: Game, event: Any) -> None:
    """Collect every triggered ability that ``event`` triggers (603.2)."""
    name = event.name
    if name in _IGNORED:
        return
    if not game.delayed and name not in _TRIGGER_EVENTS and name not in _INHERENT_EVENTS \
            and name not in _SPECIAL_EVENTS:
        return  # nothing can look at it: the checks below would find nothing
    if name in _INHERENT_EVENTS and (game.initiative is not None or name == "initiative_taken"):
        hooks.inherent_triggers_initiative(game, event)  # (without a holder: initiative_taken)
    if name in _TRIGGER_EVENTS:
        index = game.trigger_index
        if index is None or index[0] != ABILITY_CHANGES[0]:
            index = game.trigger_index = (ABILITY_CHANGES[0], _listened(game))
        if name in index[1]:
            _permanents_triggered(game, event, name)
        elif VERIFY_INDEX:  # the scan the index skipped must find nothing
            before = len(game.pending_triggers)
            _permanents_triggered(game, event, name)
            if len(game.pending_triggers) != before:
                raise IndexMissedTrigger(f"turn {game.turn} {game.step}: {name} triggered an "
                                         "ability the trigger index does not list")
        if _graveyard_sources(game):
            _graveyard_triggered(game, event, name)
    # leaves-the-battlefield abilities "look back in time" (603.10a)
    if name in ("dies", "left_battlefield"):
        obj = event.data["obj"]
        lki = event.data.get("lki")
        if lki is not None:
            to_exile = event.data.get("to") == "exile"
            for abl in lki.triggered:
                # "When ~ dies" and "Whenever ~ or another <filter> dies" (the "~" half, which
                # the battlefield scan can't see: the object is gone); "When ~ dies or is put
                # into exile from the battlefield" (any alternative event of the ability)
                for trig in (abl.trigger, *abl.trigger.alternatives):
                    if not (_is_self(trig) or trig.subject.kind == "self_or"):
                        continue
                    if (trig.event == "dies" and name == "dies") or (
                            trig.event == "put_into_graveyard" and name == "left_battlefield"
                            and event.data.get("to") == "graveyard" and _from_battlefield(trig)
                    ) or (
                            name == "left_battlefield" and (
                                trig.event == "leaves_battlefield" or (
                                    trig.event == "exiled_from_battlefield" and to_exile) or (
                                    trig.event == "batch_leaves" and MORE_KINDS[trig.event](
                                        game, trig, event, obj, lki.controller)))):
                        _add(game, abl, obj, lki.controller, event)
                        break
    if name == "becomes_target":
        _ward(game, event)
    if name in ("cycled", "sacrificed", "plotted"):
        # "When you cycle ~" works from the graveyard the card was discarded to (702.29,
        # 113.6); "When you sacrifice ~" looks back in time (603.10a); "When this card becomes
        # plotted" works from exile, where it becomes plotted (702.170)
        obj = event.data["obj"]
        kind = {"cycled": "cycle", "sacrificed": "sacrifice"}.get(name, "becomes_plotted")
        if obj.zone != "battlefield":
            for abl in compiled.triggered_abilities(obj):
                if abl.trigger.event == kind and abl.trigger.subject is not None and \
                        abl.trigger.subject.kind == "self":
                    _add(game, abl, obj, event.data["player"], event)
    if name == "spell_resolved" and event.data["obj"].zone == "graveyard":
        # 702.55a: "When this spell card is put into a graveyard after resolving" works from
        # the graveyard the resolved card was put into (haunt, mechanics/haunt.py)
        card = event.data["obj"]
        for abl in compiled.triggered_abilities(card):
            if abl.trigger.event == "resolved_to_graveyard" and _is_self(abl.trigger):
                _add(game, abl, card, card.owner, event)
    if name == "spell_cast":  # "When you cast ~" works from the stack (113.6k)
        spell = event.data["obj"]
        for abl in compiled.triggered_abilities(spell):
            if abl.trigger.event == "cast" and abl.trigger.subject is not None and \
                    abl.trigger.subject.kind == "self":
                _add(game, abl, spell, spell.controller, event)
    for delayed in list(game.delayed) if game.delayed else ():
        if delayed.this_turn and delayed.created_turn != game.turn:
            game.delayed.remove(delayed)  # 603.7b: its duration ended with the turn
            continue
        trig = delayed.ability.trigger
        if getattr(trig, "detail", None) == "that_turn" and not hooks.that_turn_matches(
                game, delayed.ability):
            continue  # "At the beginning of that turn's end step": only in that extra turn
        if _matches(game, trig, event, delayed.source, delayed.controller, delayed=delayed):
            if delayed.once:
                game.delayed.remove(delayed)
            _add(game, delayed.ability, delayed.source, delayed.controller, event,
                 name=delayed.source_name)


# 113.6m: "return ~ from your graveyard to ..." in a triggered ability's effect: the ability
# functions only in the graveyard (Sunstreak Phoenix: "Whenever day becomes night or night
# becomes day, you may pay {1}{R}. If you do, return ~ from your graveyard to the battlefield").
_GRAVEYARD_ONLY: dict[int, tuple[Any, bool]] = {}
_LEAVING = frozenset({"dies", "put_into_graveyard", "leaves_battlefield"})


def _from_battlefield(trig: Any) -> bool:
    """Whether a "put into a graveyard" trigger can be met by a permanent leaving the
    battlefield ("from the battlefield", "from anywhere", or no zone said), not "from your
    library / hand" (700.4)."""
    detail = (trig.detail or "").lower()
    return not detail or detail in ("the battlefield", "anywhere")


def works_from_graveyard(abl: Any) -> bool:
    """Whether a triggered ability functions only from its card's graveyard (113.6m): its effect
    moves the card itself out of the graveyard, and its trigger condition doesn't put it there
    (a "when ~ dies, return it" ability is a battlefield look-back, 603.10a)."""
    hit = _GRAVEYARD_ONLY.get(id(abl))
    if hit is not None and hit[0] is abl:
        return hit[1]
    # (a leaving trigger about another object - recover's "when a creature is put into your
    # graveyard", 702.59a - is no look-back at this card: it works from the graveyard too)
    about_self = abl.trigger.subject is not None and abl.trigger.subject.kind == "self"
    found = (abl.trigger.event not in _LEAVING or not about_self) and \
        _moves_self_from(abl.effects, "graveyard")
    _GRAVEYARD_ONLY[id(abl)] = (abl, found)
    return found


def _moves_self_from(effects: Any, zone: str) -> bool:
    for eff in effects or ():
        if isinstance(eff, ab.MoveToZone) and eff.from_zone == zone and \
                eff.subject is not None and eff.subject.kind == "self":
            return True
        if not dataclasses.is_dataclass(eff):
            continue
        for f in dataclasses.fields(eff):  # nested effects: "If you do, ...", "Then ..."
            value = getattr(eff, f.name)
            if isinstance(value, tuple) and value and isinstance(value[0], ab.Effect) and \
                    _moves_self_from(value, zone):
                return True
    return False


_FACE_GRAVEYARD: dict[int, tuple[Any, tuple[Any, ...]]] = {}


def _graveyard_abilities(obj: Any) -> tuple[Any, ...]:
    face = obj.face
    hit = _FACE_GRAVEYARD.get(id(face))
    if hit is None or hit[0] is not face:
        found = tuple(a for a in compiled.triggered_abilities(obj) if works_from_graveyard(a))
        hit = _FACE_GRAVEYARD[id(face)] = (face, found)
    return hit[1]


def _graveyard_sources(game: Game) -> list[tuple[Any, tuple[Any, ...]]]:
    """Cards in graveyards with an ability that works there (113.6m).

    Only objects whose card has such an ability on some face can ever be one, and each object
    made in the game is looked at once for that (Game.objects_made): a game without such
    cards pays a length comparison per event instead of a walk over every graveyard."""
    candidates = game.objects_made_where("_graveyard_candidates", _may_trigger_from_graveyard)
    if not candidates:
        return []
    return [(o, abls) for o in candidates
            if o.zone == "graveyard" and (abls := _graveyard_abilities(o))]


_CARD_GRAVEYARD: dict[int, tuple[Any, bool]] = {}


def _may_trigger_from_graveyard(obj: Any) -> bool:
    return obj.card is not None and _card_has_graveyard_trigger(obj.card)


def _card_has_graveyard_trigger(card: Any) -> bool:
    """Whether any face of ``card`` has a triggered ability that works from a graveyard
    (cached per card definition)."""
    hit = _CARD_GRAVEYARD.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    faces = [card.front, card.back, *(card.halves or ())]
    found = any(isinstance(a, ab.TriggeredAbility) and works_from_graveyard(a)
                for face in faces if face is not None
                for a in compiled.face_abilities(card, face))
    _CARD_GRAVEYARD[id(card)] = (card, found)
    return found


def _graveyard_triggered(game: Game, event: Any, name: str) -> None:
    for obj, abilities in list(_graveyard_sources(game)):
        for abl in abilities:
            trig = abl.trigger
            if name in event_names(trig) and _matches(game, trig, event, obj, obj.owner):
                _add(game, abl, obj, obj.owner, event)


def _permanents_triggered(game: Game, event: Any, name: str) -> None:
    """Triggered abilities of permanents, and of emblems (114.4), that ``event`` triggers
    (603.2)."""
    for obj in list(with_emblems(game, game.battlefield)):
        if obj.mods or obj.static_mods:
            if obj.phased_out:
                continue
            abilities = compiled.triggered_abilities(obj)  # gained abilities count too
        else:
            face = obj.face  # fast path: the face's cached list and the events it looks at
            names = face.trigger_names
            if names is None:
                names = face.trigger_names = frozenset().union(
                    *(event_names(a.trigger) for a in compiled.triggered_abilities(obj)))
            if name not in names or obj.phased_out:
                continue
            abilities = face.triggered
        for abl in abilities:
            trig = abl.trigger
            if name in event_names(trig) and not works_from_graveyard(abl) and \
                    _matches(game, trig, event, obj, obj.controller):
                _add(game, abl, obj, obj.controller, event)
                for _ in range(_extra_times(game, trig, obj, event)):
                    _add(game, abl, obj, obj.controller, event)


def _extra_times(game: Game, trig: Any, obj: Any, event: Any) -> int:
    """How many more times than once one event triggers this ability: each chapter passed
    (714.2c: "I, II —" is one ability per chapter), each counter of "Whenever a +1/+1 counter
    is put on ~"."""
    extra = _additional_times(game, obj, event)
    if trig.event == "chapter":
        return max(hooks.triggered_sagas(game, trig, obj, event) - 1, 0) + extra
    if trig.each_one and event.name == "counters_put":
        return max(int(event.data.get("amount") or 1) - 1, 0) + extra
    return extra


# 603.2d causes: the event whose object the static's filter describes
_CAUSE_EVENTS = {"enters": ("entered",), "dies": ("dies",), "attacks": ("attacks",),
                 "cast": ("spell_cast", "spell_copied")}  # "you casting or copying ..."


def _additional_times(game: Game, obj: Any, event: Any) -> int:
    """603.2d: "If a triggered ability of a Ninja creature you control triggers, that ability
    triggers an additional time" (one more time for each such static; "If a permanent entering
    the battlefield causes ..." only when ``event`` is that cause). Not for delayed or
    reflexive triggers (603.2d): asked only for abilities permanents have."""
    if not isinstance(obj, GameObject) or obj.zone != "battlefield":
        return 0
    n = len(statics.restrictions_of(game, "triggers_additional_time", obj))
    for cause, names in _CAUSE_EVENTS.items():
        if event.name not in names:
            continue
        for src, eff in statics.restrictions_of(game, f"triggers_additional_time_{cause}", obj):
            about = event.data.get("obj")
            if cause == "cast" and event.data.get("player") is not src.controller:
                continue  # "you casting or copying"
            if isinstance(about, GameObject) and targeting.matches(
                    game, about, eff.filter, src.controller, src, zone_check=False):
                n += 1
    return n


def _listened(game: Game) -> frozenset[str]:
    """Every event name a triggered ability of a permanent could match (phased-out ones too).

    Valid until objects.ABILITY_CHANGES moves: the names depend only on which objects are on
    the battlefield and on their faces and modifications, and each change of those counts."""
    names: set[str] = set()
    for obj in with_emblems(game, game.battlefield):  # emblems' abilities work too (114.4)
        if obj.mods or obj.static_mods:
            for abl in compiled.triggered_abilities(obj):
                names |= event_names(abl.trigger)
            continue
        face = obj.face
        found = face.trigger_names
        if found is None:
            found = face.trigger_names = frozenset().union(
                *(event_names(a.trigger) for a in compiled.triggered_abilities(obj)))
        names |= found
    return frozenset(names)


def _ward(game: Game, event: Any) -> None:
    """702.21a: ward - "Whenever this permanent becomes the target of a spell or ability an
    opponent controls, counter that spell or ability unless that player pays [cost]."""
    obj = event.data["obj"]
    if obj.zone != "battlefield" or obj.phased_out or event.data["player"] is obj.controller:
        return
    ward = compiled.keyword_ability(obj, "ward")
    if ward is None or statics.restricted(game, "ward_doesnt_trigger", obj):
        return  # ("Ward abilities of those creatures don't trigger")

    spell = event.data["spell"]
    choice = parse_cost_choice(ward.parameter) if ward.cost is None and " or " in (
        ward.parameter or "") else None
    # ("Ward—Discard a card or pay {2}": the player may pay either, 702.21a, 118.3)
    cost: Any = choice if choice is not None else ward.cost if ward.cost is not None else \
        ab.Cost(parts=(ab.CostPart("mana", mana=ward.parameter or ""),),
                text=ward.parameter or "")
    defined = re.search(r"where X is (.+)$", ward.text or "", re.I)
    if defined:  # "Ward {X}, where X is the number of experience counters you have" (107.3)
        n = max(hooks.described_amount(game, defined.group(1), obj.controller, obj) or 0, 0)
        mana = "{" + str(n) + "}"
        cost = ab.Cost(parts=(ab.CostPart("mana", mana=mana),), text=mana)
    ev = Event("ward", {"obj": spell, "player": event.data["player"]}, game.turn, game.step)
    add_inherent(game, obj.name, obj.controller,
                 (ab.CounterSpell(subject=ab.Ref("triggering"), unless_pay=cost),),
                 event=ev, source=obj)


# ("spell_resolved" is watched: haunt's spell half triggers on it, 702.55a)
_IGNORED = frozenset({"note", "ability_resolving", "ability_resolved", "spell_resolving",
                      "shuffled", "priority"})


# Events initiative.inherent_triggers looks at (726.2, 309.4c); others can't trigger them.
_INHERENT_EVENTS = frozenset({"initiative_taken", "step_began", "combat_damage_to_player"})

# The event names each trigger kind can match in _match_one (a pre-filter: an event whose name
# is not listed can't trigger the ability, so _matches need not run for it).
# a "When you cast ~" trigger (subject Ref "self") is about that spell alone (113.6k)
_ONLY_ITSELF = frozenset({"self"})

_KIND_EVENTS: dict[str, frozenset[str]] = {
    "phase": frozenset({"step_began", "cleanup_began"}),
    "day_night_change": frozenset({"day_became_night", "night_became_day"}),
    "enters": frozenset({"entered"}),
    "attacks": frozenset({"attacks"}),
    "blocks": frozenset({"blocks"}),
    "becomes_blocked": frozenset({"blocks"}),
    "becomes_target": frozenset({"becomes_target"}),
    "dealt_damage": frozenset({"damage_dealt"}),
    "discard": frozenset({"discarded"}),
    "you_attack": frozenset({"attackers_declared"}),
    "searched_library": frozenset({"searched_library"}),
    "dies": frozenset({"dies"}),
    "leaves_battlefield": frozenset({"left_battlefield"}),  # another object's (603.6c)
    # "is put into a graveyard from the battlefield" (700.4: any permanent, not only a creature)
    "put_into_graveyard": frozenset({"left_battlefield"}),
    "deals_combat_damage_to_player": frozenset({"damage_dealt"}),
    "deals_combat_damage": frozenset({"damage_dealt"}),
    "deals_damage": frozenset({"damage_dealt"}),
    "cast": frozenset({"spell_cast"}),
    "copy": frozenset({"spell_copied"}),
    # Saga chapter abilities (714.2b): lore counters put on it, also as it enters (714.3a)
    "chapter": frozenset({"counters_put"}),
    "counter_put": frozenset({"counters_put"}),
    "leave_graveyard": frozenset({"left_graveyard"}),
    "cycle": frozenset({"cycled"}),
    "sacrifice": frozenset({"sacrificed"}),
    "unlock_door": frozenset({"door_unlocked"}),  # 709.5h (mechanics/rooms.py)
    "fully_unlock": frozenset({"door_unlocked"}),  # 709.5i
    "create_token": frozenset({"token_created"}),
    "becomes_monstrous": frozenset({"became_monstrous"}),  # 701.37b
    "turned_face_up": frozenset({"turned_face_up"}),  # 702.37e, 708.8 (mechanics/face_down)
    "tapped_for_mana": frozenset({"tapped_for_mana"}),  # 605.1b (resolved at once: _add)
    # "is put into exile from the battlefield" (the source's own: look-back in check)
    "exiled_from_battlefield": frozenset({"left_battlefield"}),
    # 603.2e: "becomes tapped" - every way a permanent is tapped logs one of these (attacking
    # taps it unless it has vigilance, 508.1f; the event says whether it did)
    "becomes_tapped": frozenset({"tapped", "tapped_for_mana", "tapped_for_cost", "convoked",
                                 "attacks"}),
    # 603.2e: "Whenever ~ becomes untapped" - the untap step (502.3) and effects untapping it
    "becomes_untapped": frozenset({"untapped"}),
    "scry_or_surveil": frozenset({"scried", "surveilled"}),
    "conjure": frozenset({"cards_conjured"}),
    "attacks_player": frozenset({"attackers_declared"}),
    **{kind: frozenset({ev}) for kind, ev in _SIMPLE.items()},
}
_TRIGGER_EVENTS = frozenset().union(*_KIND_EVENTS.values())  # any trigger kind at all
# Events the special cases in check look at (603.10a look-back, 702.21a ward, 113.6k "When you
# cast ~"); an event in none of these sets can only be matched by a delayed trigger (603.7).
_SPECIAL_EVENTS = frozenset({"dies", "left_battlefield", "becomes_target", "spell_cast",
                             "cycled", "sacrificed", "plotted", "spell_resolved"})

# What Game.log asks check about: an event outside WATCHED_EVENTS can only trigger a delayed
# triggered ability, and one in IGNORED_EVENTS nothing at all.
WATCHED_EVENTS = (_TRIGGER_EVENTS | _INHERENT_EVENTS | _SPECIAL_EVENTS) - _IGNORED
IGNORED_EVENTS = _IGNORED

# Trigger kinds matched in a module of their own (rules_engine/mechanics/trigger_events.py):
# kind -> ``matcher(game, trig, event, source, controller) -> bool``, filled by register_kind.
MORE_KINDS: dict[str, Callable[..., bool]] = {}


def register_kind(kind: str, events: Iterable[str], matcher: Callable[..., bool]) -> None:
    """Add a trigger kind (603.2) matched by ``matcher`` on the events named ``events``: the
    sets the log and the trigger index read are rebuilt, so the new events are watched."""
    global _TRIGGER_EVENTS, WATCHED_EVENTS
    if kind in _KIND_EVENTS and kind not in MORE_KINDS:
        raise ValueError(f"trigger kind {kind!r} is matched by triggers.py already")
    _KIND_EVENTS[kind] = frozenset(events)
    MORE_KINDS[kind] = matcher
    _TRIGGER_EVENTS = frozenset().union(*_KIND_EVENTS.values())
    WATCHED_EVENTS = (_TRIGGER_EVENTS | _INHERENT_EVENTS | _SPECIAL_EVENTS) - _IGNORED
    registry.provide(trigger_watched_events=WATCHED_EVENTS)


_NAMES_CACHE: dict[int, tuple[Any, frozenset[str]]] = {}


def event_names(trig: Any) -> frozenset[str]:
    """Names of the events that can trigger ``trig`` (or one of its alternatives); cached per
    trigger record (records are immutable, kept alive by the cache entry so ids stay unique)."""
    hit = _NAMES_CACHE.get(id(trig))
    if hit is not None and hit[0] is trig:
        return hit[1]
    names: set[str] = set()
    for one in (trig, *trig.alternatives):
        names.update(_KIND_EVENTS.get(one.event, ()))
    found = frozenset(names)
    _NAMES_CACHE[id(trig)] = (trig, found)
    return found


def _is_self(trig: Any) -> bool:
    subj = trig.subject
    return subj is None or subj.kind == "self"


def _first_block_of(game: Game, attacker: Any, data: Any) -> bool:
    """509.3c: "whenever ~ becomes blocked" triggers once as blockers are declared, however many
    creatures block it: only at the first "blocks" event naming it in this declare blockers
    step."""
    first = None
    for ev in reversed(game.events):
        if ev.name == "step_began" and ev.data.get("step") == "declare_blockers":
            break
        if ev.name == "blocks" and (ev.data.get("attacker") is attacker or
                                    attacker in ev.data.get("attackers", ())):
            first = ev
    return first is None or first.data is data


def _about(game: Game, trig: Any, obj: Any, source: Any, controller: Player,
           zone_check: bool = True) -> bool:
    """Whether the object an event is about is the one the trigger names: the source itself
    ("~"), one matching the filter ("a creature you control"), or either ("~ or another ...")."""
    subj = trig.subject
    kind = subj.kind if subj is not None else ("self" if trig.filter is None else "filter")
    if kind == "self" and trig.filter is None:
        return obj is source
    if kind in ("enchanted", "equipped"):  # "Whenever enchanted creature attacks" (303.4, 301.5)
        return obj is getattr(source, "attached_to", None) and obj is not None
    if kind == "self_or" and obj is source:
        return True
    flt = trig.filter if trig.filter is not None else (subj.filter if subj is not None else None)
    if flt is None:
        return obj is source
    return targeting.matches(game, obj, flt, controller, source, zone_check=zone_check)


def _targeted_by(detail: str | None, data: dict, controller: Player) -> bool:
    """115.1 / 603.2: "becomes the target of a spell", "... of a spell or ability an opponent
    controls", "... you control": what did the targeting and who controls it."""
    words = (detail or "").lower()
    item = data.get("spell")
    if "or ability" not in words and "spell" in words and not isinstance(item, GameObject):
        return False  # an ability on the stack is not a spell (113.1b)
    who = data.get("player") if item is None else getattr(item, "controller", data.get("player"))
    if "an opponent controls" in words and who is controller:
        return False
    if "you control" in words and "opponent" not in words and who is not controller:
        return False
    return True


def _target_about(game: Game, trig: Any, obj: Any, source: Any, controller: Player) -> bool:
    """"Whenever ~ becomes the target ...": the source; "a creature you control" is a permanent
    (109.2: on the battlefield), "a creature spell you control" a spell on the stack; either
    when the trigger names both (an ``any_of`` filter)."""
    flt = trig.filter
    if flt is None or (trig.subject is not None and trig.subject.kind == "self_or"
                       and obj is source):
        return _about(game, trig, obj, source, controller)
    for alt in flt.any_of or (flt,):
        zone = alt.zone or "battlefield"
        if obj.zone == zone and targeting.matches(game, obj, alt, controller, source,
                                                  zone_check=False):
            return True
    return False


def _earlier_this_turn(game: Game, event: Any, name: str, obj: Any) -> bool:
    """Whether ``obj`` already had a ``name`` event this turn before ``event``."""
    for ev in reversed(game.events):
        if ev.turn != game.turn:
            return False
        if ev is not event and ev.name == name and ev.data.get("obj") is obj:
            return True
    return False


def _targeted_by_ok(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """"becomes the target of a spell or ability you control / an opponent controls [for the
    first time each turn]" (115.1, 603.2; valiant): who controls what targets it, and for the
    first time, no earlier such event this turn about the same object."""
    detail = (trig.detail or "").lower()

    def by_ok(player: Any) -> bool:
        if detail.endswith("you control"):
            return player is controller
        if detail.endswith("an opponent controls"):
            return player is not None and player is not controller
        return True

    if not by_ok(event.data.get("player")):
        return False
    if trig.ordinal != 1:
        return True
    for ev in reversed(game.events):
        if ev.turn != game.turn:
            break
        if ev is not event and ev.name == "becomes_target" and ev.data.get("obj") is source \
                and by_ok(ev.data.get("player")):
            return False
    return True


def _matches(game: Game, trig: Any, event: Any, source: Any, controller: Player,
             delayed: Any = None) -> bool:
    if _match_one(game, trig, event, source, controller, delayed):
        return True
    return any(_match_one(game, alt, event, source, controller, delayed)
               for alt in trig.alternatives)


def _player_ok(game: Game, who: str | None, player: Any, controller: Player) -> bool:
    if who in (None, "each", "any", "a player"):
        return True
    if who == "you":
        return player is controller
    if who == "enchanted":
        return False  # decided by the caller, which knows the source
    if who in ("opponent", "an opponent"):
        return player is not controller
    return True


def _match_one(game: Game, trig: Any, event: Any, source: Any, controller: Player,
               delayed: Any) -> bool:
    kind = trig.event
    name = event.name
    data = event.data
    more = MORE_KINDS.get(kind)
    if more is not None:
        return name in _KIND_EVENTS[kind] and more(game, trig, event, source, controller)
    if kind == "phase":
        if name == "cleanup_began":  # 514.3a: "at the beginning of the next cleanup step"
            return trig.step == "cleanup" and _player_ok(game, trig.player, game.active,
                                                         controller)
        if name != "step_began":
            return False
        step = STEP_OF_PHASE.get(trig.step or "", trig.step)
        if data.get("step") != step:
            return False
        if trig.player == "enchanted":  # "at the beginning of enchanted player's upkeep"
            return source is not None and getattr(source, "attached_to", None) is game.active
        if trig.player == "enchanted_controller":
            # "the upkeep of enchanted creature's controller": whoever controls it now
            attached = getattr(source, "attached_to", None)
            return attached is not None and getattr(attached, "controller", None) is game.active
        return _player_ok(game, trig.player, game.active, controller)
    if kind == "day_night_change":
        if name not in ("day_became_night", "night_became_day"):
            return False
        if trig.to == "day":
            return name == "night_became_day"
        if trig.to == "night":
            return name == "day_became_night"
        return True
    if delayed is None and source is None:
        return False
    if kind == "enters":
        return name == "entered" and _about(game, trig, data["obj"], source, controller)
    if kind in ("attacks", "blocks"):
        if name != kind:
            return False
        detail = trig.detail
        if kind == "attacks" and detail and "most life" in detail:
            # "attacks the player with the most life or tied for most life" (702.105a's event)
            defender = data.get("defender")
            if not (isinstance(defender, Player) and defender.life >= max(
                    p.life for p in game.living)):
                return False
        if kind == "attacks" and detail and detail.startswith("you"):
            # "attacks you or a planeswalker you control" (508.1b)
            defender = data.get("defender")
            if defender is not controller and not (
                    "planeswalker" in detail and isinstance(defender, GameObject)
                    and defender.controller is controller):
                return False
        if detail == "with_at_least_others":
            # "Whenever ~ and at least two other creatures attack" (508.3a: declared together)
            others = [o for o in game.battlefield if o.attacking is not None and o is not source]
            return data["obj"] is source and len(others) >= (trig.ordinal or 1)
        if trig.ordinal == 1 and _earlier_this_turn(game, event, kind, data["obj"]):
            return False  # "attacks for the first time each turn" (a second combat, 506.1)
        return _about(game, trig, data["obj"], source, controller)
    if kind == "becomes_blocked":
        # (a creature blocking two or more attackers blocks once, 509.3a: all are listed)
        return name == "blocks" and (data["attacker"] is source or
                                     source in data.get("attackers", ())) and \
            _first_block_of(game, source, data)
    if kind == "becomes_target":
        if name != "becomes_target" or not _targeted_by(trig.detail, data, controller) or \
                not _target_about(game, trig, data["obj"], source, controller):
            return False
        # "for the first time each turn" (valiant): no earlier such targeting of that object
        return _targeted_by_ok(game, trig, event, data["obj"], controller)
    if kind == "dealt_damage":  # "Whenever ~ / enchanted creature / a creature you control
        return name == "damage_dealt" and _about(  # is dealt damage" (120.3)
            game, trig, data["recipient"], source, controller)
    if kind == "discard":
        return name == "discarded" and _player_ok(game, trig.player or "you", data["player"],
                                                  controller) and not _batched(
            game, trig, source, name)
    if kind == "you_attack":
        if name != "attackers_declared" or data["player"] is not controller:
            return False
        if trig.detail != "with_at_least":
            return True
        # "Whenever you attack with two or more creatures / one or more Lizards" (508.3a)
        attackers = data.get("attackers", ())
        if trig.filter is not None:
            attackers = [o for o in attackers if targeting.matches(
                game, o, trig.filter, controller, source, zone_check=False)]
        return len(attackers) >= (trig.ordinal or 1)
    if kind == "searched_library":  # 701.23a: who searched
        return name == "searched_library" and _player_ok(game, trig.player, data["player"],
                                                         controller)
    if kind in ("scry_or_surveil", "conjure"):
        # "Whenever you scry or surveil" (701.22, 701.25); "Whenever you conjure" (Alchemy)
        if name not in _KIND_EVENTS[kind]:
            return False
        return _player_ok(game, trig.player or "you", data.get("player"), controller)
    if kind == "attacks_player":
        # "Whenever you attack the player who has the initiative" (508.3a: once per declaration)
        if name != "attackers_declared" or data.get("player") is not controller:
            return False
        return trig.detail != "has_initiative" or game.initiative in data.get("defenders", ())
    if kind == "leaves_battlefield":
        # 603.6c / 603.10a: "Whenever ~ or another nontoken creature you control leaves the
        # battlefield": another object (the source's own is the look-back in check())
        obj = data["obj"]
        if name != "left_battlefield" or obj is source:
            return False
        return _about(game, trig, obj, source, controller, zone_check=False)
    if kind in ("dies", "put_into_graveyard"):
        if kind == "dies" and name != "dies":
            return False
        if kind == "put_into_graveyard" and (name != "left_battlefield" or
                                             data.get("to") != "graveyard" or
                                             not _from_battlefield(trig)):
            return False
        obj = data["obj"]
        if obj is source:
            return False  # the source's own leaves-the-battlefield ability: look-back in check()
        return _about(game, trig, obj, source, controller, zone_check=False)
    if kind in ("deals_combat_damage_to_player", "deals_combat_damage", "deals_damage"):
        if name != "damage_dealt" or (kind != "deals_damage" and not data.get("combat")):
            return False
        detail = (trig.detail or "").lower()
        recipient = data["recipient"]
        if kind == "deals_combat_damage_to_player" or "player" in detail or "opponent" in detail:
            if not isinstance(recipient, Player):
                return False
            if "opponent" in detail and recipient is controller:
                return False
        elif "creature" in detail and not isinstance(recipient, GameObject):
            return False
        return _about(game, trig, data["source"], source, controller)
    if kind == "cast":
        if name != "spell_cast":
            return False
        if not _player_ok(game, trig.player, data["player"], controller):
            return False
        if trig.filter is not None and not targeting.matches(game, data["obj"], trig.filter,
                                                             controller, source,
                                                             zone_check=False):
            return False
        # "Whenever you cast your third spell each turn": only the spell that is that player's
        # Nth this turn (casting logs spell_cast with nth, counting the spell itself)
        ordinal = getattr(trig, "ordinal", None)
        if ordinal and (data.get("nth") != ordinal if not _describes_kind(trig.filter) else
                        nth_of_kind(game, event, trig.filter, controller, source) != ordinal):
            return False
        detail = trig.detail
        if detail in ("hand", "graveyard", "exile", "library", "not_hand"):
            # "Whenever you cast a spell from your graveyard / from anywhere other than your
            # hand" (601.2a: the zone it was cast from)
            zone = getattr(data["obj"], "cast_from", None)
            if (zone == "hand") if detail == "not_hand" else (zone != detail):
                return False
        if detail == "opponents_turn" and game.active is controller:
            return False  # "your first spell during each opponent's turn"
        subj = trig.subject
        if subj is not None and subj.kind in _ONLY_ITSELF and data["obj"] is not source:
            return False  # "When you cast ~" (cascade ...): only this spell (113.6k), never
            # another spell cast while this object is a permanent
        if subj is not None and "targets" == subj.kind:  # "a spell that targets ..."
            return _spell_targets(game, subj, data["obj"], source, controller)
        return True
    if kind == "chapter":
        return hooks.triggered_sagas(game, trig, source, event) > 0
    if kind in ("leave_graveyard", "cycle", "sacrifice", "create_token"):
        # "Whenever one or more cards leave your graveyard", "Whenever a player cycles a card",
        # "Whenever you sacrifice another permanent" (701.21a)
        if name not in _KIND_EVENTS[kind]:
            return False
        if not _player_ok(game, trig.player or "you", data.get("player"), controller):
            return False
        obj = data["obj"]
        if _is_self(trig) and trig.filter is None:
            return False  # the card's own "When you cycle/sacrifice ~": special-cased in check
        if trig.filter is not None and not targeting.matches(game, obj, trig.filter,
                                                             controller, source,
                                                             zone_check=False):
            return False
        return not _batched(game, trig, source, name)
    if kind == "tapped_for_mana":
        # "Whenever enchanted land is tapped for mana", "Whenever a player taps a snow land for
        # mana", "Whenever you tap a land for mana"
        if name != "tapped_for_mana":
            return False
        if not _player_ok(game, trig.player or "you", data.get("player"), controller):
            return False
        return _about(game, trig, data["obj"], source, controller)
    if kind == "becomes_monstrous":  # "When ~ becomes monstrous" (701.37b)
        return name == "became_monstrous" and _about(game, trig, data["obj"], source,
                                                     controller)
    if kind == "turned_face_up":
        # "When ~ is turned face up" / "Whenever a permanent you control is turned face up":
        # it has the ability once face up (708.8), so the check after the event sees it
        # ("Whenever you turn a permanent face up": the player who turned it)
        return name == "turned_face_up" and _player_ok(game, trig.player, data.get("player"),
                                                       controller) and _about(
            game, trig, data["obj"], source, controller)
    if kind == "exiled_from_battlefield":
        if name != "left_battlefield" or data.get("to") != "exile" or data["obj"] is source:
            return False
        return _about(game, trig, data["obj"], source, controller, zone_check=False)
    if kind in ("unlock_door", "fully_unlock"):
        # "When you unlock this door": this half of this Room got its designation (709.5h);
        # "Whenever you unlock a door", "Whenever you fully unlock a Room" (709.5i)
        if name != "door_unlocked":
            return False
        obj = data.get("obj")
        if kind == "fully_unlock" and getattr(obj, "doors", 0) != 3:
            return False
        if _is_self(trig) and trig.filter is None:
            if obj is not source:
                return False
            return kind == "fully_unlock" or any(
                getattr(a, "trigger", None) is trig for a in data["half"].abilities or ())
        return _player_ok(game, trig.player or "you", data.get("player"), controller)
    if kind == "becomes_tapped":
        if name not in _KIND_EVENTS[kind] or (name == "attacks" and not data.get("tapped")):
            return False
        return _about(game, trig, data["obj"], source, controller)
    if kind == "becomes_untapped":
        return name == "untapped" and _about(game, trig, data["obj"], source, controller)
    if kind == "counter_put":
        # "Whenever one or more +1/+1 counters are put on ~" (122.6: also as it enters)
        if name != "counters_put" or not data.get("amount"):
            return False
        if trig.detail and data.get("counter") != trig.detail and trig.detail != "any":
            return False
        if trig.player and not _player_ok(game, trig.player, data.get("player"), controller):
            return False
        return _about(game, trig, data["obj"], source, controller)
    if kind == "copy":
        # "Whenever you cast or copy an instant or sorcery spell" (magecraft, 207.2c): copying a
        # spell puts a copy on the stack, which is not casting it (707.10); the copy is the
        # spell the trigger is about
        if name != "spell_copied":
            return False
        if not _player_ok(game, trig.player or "you", data.get("player"), controller):
            return False
        return trig.filter is None or targeting.matches(game, data["obj"], trig.filter,
                                                        controller, source, zone_check=False)
    simple = _SIMPLE
    if kind in simple:
        if name != simple[kind]:
            return False
        if kind in ("becomes_prepared", "transforms_into"):
            return _is_self(trig) and data.get("obj") is source
        if not _player_ok(game, trig.player or "you", data.get("player"), controller):
            return False
        if kind == "draw" and trig.ordinal:  # "your second card each turn"
            return data["player"].drawn_turn == trig.ordinal
        if kind in ("gain_life", "lose_life") and trig.ordinal == 1:
            # "for the first time each turn": this gain/loss is all of this turn's
            so_far = data["player"].life_gained_turn if kind == "gain_life" else \
                data["player"].life_lost_turn
            return so_far == data.get("amount")
        return True
    return False


def _spell_targets(game: Game, ref: Any, spell: Any, source: Any, controller: Player) -> bool:
    """115.1: "a spell that targets a creature you control" (one of its targets fits the
    filter), "a spell that targets ~" (heroic: one of them is the source), "... that targets
    only ~" (every target is the source)."""
    chosen = list(getattr(spell, "targets", None) or ())
    if ref.of is not None:  # ~ itself
        if "only" in (ref.text or ""):
            return bool(chosen) and all(t is source for t in chosen)
        return any(t is source for t in chosen)
    if ref.filter is None:
        return bool(chosen)
    return any(isinstance(t, GameObject) and targeting.matches(
        game, t, ref.filter, controller, source, zone_check=False) for t in chosen)


def _describes_kind(flt: Any) -> bool:
    """Whether a cast trigger's filter narrows "spell" to a kind ("instant or sorcery spell",
    "enchantment spell"), so "your first ... spell each turn" counts only that kind."""
    return flt is not None and bool(
        flt.card_types or flt.subtypes or flt.supertypes or flt.excluded_types or
        flt.excluded_subtypes or flt.colors or flt.any_of or
        any(q != "spell" for q in flt.qualifiers))


def nth_of_kind(game: Game, event: Any, flt: Any, controller: Player, source: Any) -> int:
    """"Whenever you cast your first instant or sorcery spell each turn": which spell of that
    kind ``event``'s spell is among those its caster cast this turn (this one included), so a
    creature spell cast before does not use up "first" (601.2i; only spells the description
    fits are counted)."""
    caster = event.data.get("player")
    n = 0
    for ev in reversed(game.events_this_turn("spell_cast")):
        if ev.data.get("player") is caster and targeting.matches(
                game, ev.data["obj"], flt, controller, source, zone_check=False):
            n += 1
        if ev is event:
            break
    return n


def _batched(game: Game, trig: Any, source: Any, name: str) -> bool:
    """"Whenever one or more cards leave your graveyard / you discard one or more cards":
    once for the objects of one batch (603.2c), i.e. not again while this ability's trigger
    from that batch still waits to be put on the stack; that trigger's event then counts the
    batch ("put that many +1/+1 counters", 608.2c)."""
    if trig.detail != "one_or_more":
        return False
    for p in game.pending_triggers:
        if p.source is source and p.ability is not None and p.ability.trigger is trig and \
                p.event is not None and p.event.name == name:
            old = p.event
            p.event = Event(name, {**old.data, "count": int(old.data.get("count", 1)) + 1},
                            old.turn, old.step)
            return True
    return False


def _add(game: Game, abl: Any, source: Any, controller: Player, event: Any,
         name: str | None = None) -> None:
    # 603.4: an intervening "if" clause is checked when the ability triggers
    if abl.condition is not None and not conditions.holds(game, abl.condition, controller, source,
                                                          event=event):
        return
    if getattr(abl, "once_each_turn", False) and _triggered_this_turn(game, abl, source):
        return  # "This ability triggers only once each turn" (its own words, 603.2)
    label = name or (source.name if source is not None else "ability")
    if _mana_ability(abl):
        # 605.1b / 605.4a: a triggered mana ability doesn't use the stack: it resolves at once
        item = StackAbility(game.new_id(), label, source, controller, list(abl.effects),
                            ability=abl, event=event)
        hooks.resolve_ability(game, item)
        return
    game.pending_triggers.append(
        Pending(label, source, controller, abl.effects, ability=abl, event=event,
                condition=abl.condition))


def _triggered_this_turn(game: Game, abl: Any, source: Any) -> bool:
    """"This ability triggers only once each turn": whether this ability of this object (the
    same object, 400.7) already triggered this turn; if not, this trigger is recorded."""
    key = (id(abl), id(source), getattr(source, "timestamp", 0))
    seen: dict = game.__dict__.setdefault("triggered_once_each_turn", {})
    if seen.get(key) == game.turn:
        return True
    seen[key] = game.turn
    return False


def _mana_ability(abl: Any) -> bool:
    """605.1b: a triggered ability without a target that triggers from a mana ability (a
    permanent tapped for mana) and could add mana is a mana ability."""
    trig = getattr(abl, "trigger", None)
    if trig is None or trig.event != "tapped_for_mana":
        return False
    effects = tuple(ab.iter_effects(tuple(abl.effects)))
    return any(isinstance(e, ab.AddMana) for e in effects) and not targeting.collect_targets(
        abl.effects)


def add_inherent(game: Game, name: str, controller: Player, effects: tuple[Any, ...],
                 event: Any = None, source: Any = None) -> None:
    """Queue an ability with no printed source text (726.2 initiative, 309.4c room abilities)."""
    game.pending_triggers.append(Pending(name, source, controller, effects, event=event))


def put_on_stack(game: Game) -> None:
    """603.3b: APNAP order, each player ordering their own; targets chosen now (603.3d)."""
    pending = game.pending_triggers
    game.pending_triggers = []
    for player in game.apnap():
        mine = [p for p in pending if p.controller is player]
        if not mine:
            continue
        if len(mine) > 1:
            mine = game.decider.order(player.name, "order of triggered abilities", mine,
                                      lambda p: p.name)
        for pend in mine:
            effects = tuple(pend.effects)
            if any(isinstance(e, ab.Modal) for e in effects):
                effects = hooks.choose_modes(game, player, effects, pend.source)  # 603.3c
            item = StackAbility(game.new_id(), pend.name, pend.source, player,
                                list(effects), ability=pend.ability, event=pend.event)
            ev = pend.event
            if ev is not None and ev.name == "entered" and ev.data.get("obj") is pend.source:
                # 107.3m: an enters-the-battlefield ability's X is the X of the spell that
                # became the permanent
                item.x = int(getattr(pend.source, "x", 0) or 0)
            wanted = targeting.collect_targets(effects)
            ok = targeting.choose_targets(game, item, wanted, player, given=None)
            if not ok:
                game.note(f"{pend.name}'s triggered ability has no legal target and is "
                          "removed (603.3d)")
                # (no longer waiting to leave the stack: a Saga may now be sacrificed, 714.4)
                game.log("trigger_removed", obj=pend.source, player=player)
                continue
            game.stack.append(item)
            game.log("ability_triggered_on_stack", obj=item, player=player)
            targeting.note_targets(game, item, player)


def still_applies(game: Game, item: StackAbility) -> bool:
    """603.4: the intervening "if" is checked again on resolution."""
    abl = item.ability
    if abl is None or getattr(abl, "condition", None) is None:
        return True
    if isinstance(abl, ab.ActivatedAbility):
        return True  # 602.5b: "Activate only if ..." restricts activation, not resolution
    source = item.source if isinstance(item.source, GameObject) else None
    ok = conditions.holds(game, abl.condition, item.controller, source,
                          event=getattr(item, "event", None))
    if not ok:
        game.note(f"{item.name}: its condition no longer holds, it does nothing (603.4)")
    return ok


def _verify_index() -> bool:
    return VERIFY_INDEX  # read at the call: tests switch it on with monkeypatch


registry.provide(trigger_check=check, trigger_watched_events=WATCHED_EVENTS,
                 trigger_ignored_events=IGNORED_EVENTS, trigger_verify_index=_verify_index)


def cast_spells_now_permanents(game: Game, key: str) -> list[GameObject]:
    """The spells listed under ``game.__dict__[key]`` (cast with some option: warp, suspend,
    "as though it had flash") that have since become permanents (608.3g); those still on the
    stack stay listed, the rest are dropped. One pass for every mechanic that acts on "the
    permanent this spell becomes"."""
    cast = game.__dict__.get(key)
    if not cast:
        return []
    game.__dict__[key] = [obj for obj in cast if obj.zone == "stack"]
    return [obj for obj in cast if obj.zone == "battlefield"]


def bind_delayed(game: Game, ability: Any, obj: GameObject) -> None:
    """Create a delayed triggered ability (603.7) about ``obj`` as it is now (its own copy of
    ``ability``, so the object it refers to is this one, 400.7)."""
    ability = dataclasses.replace(ability)
    game.__dict__.setdefault("delayed_refs", []).append((ability, [(obj, obj.timestamp)], []))
    game.delayed.append(Delayed(ability, obj.controller, obj.name, obj, game.turn))
