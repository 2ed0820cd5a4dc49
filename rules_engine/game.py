"""Game state: players, zones, objects, designations, the log, and the zone-change primitives.

The turn structure, priority and the stack live in :mod:`rules_engine.turn`; casting in
:mod:`rules_engine.casting`; state-based actions in :mod:`rules_engine.sba`. This module only
holds state and the small operations every other part needs (moving an object between zones,
drawing, creating tokens, logging events). Everything is plain Python objects: no deep copies.
"""

from __future__ import annotations

import random
from typing import Any

from rules_engine import compiled
from rules_engine.cards import CardDef, CardLibrary, Face
from rules_engine.decisions import Decider
from rules_engine.errors import UnknownCard
from rules_engine.events import Event
from rules_engine.mana import parse_cost
from rules_engine.objects import ABILITY_CHANGES, GameObject, Player, StackAbility
from rules_engine.registry import hooks

STEPS = (
    "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "main2",
    "end", "cleanup",
)
COMBAT_STEPS = frozenset(STEPS[4:10])
# the first step of each phase (500.1; 500.8: an added phase begins with it)
FIRST_STEPS = frozenset({"untap", "main1", "beginning_of_combat", "main2", "end"})
PLAYER_ZONES = ("library", "hand", "graveyard", "exile", "command")
# Events after which state-based actions (704) cannot newly apply, unless a static ability is
# on the battlefield (Game.statics_present): a step beginning, mana abilities tapping lands,
# drawing (704.5b is its own event), declaring attackers and blockers, becoming a target, and
# the start of a resolution (its end is logged separately). Everything else marks the state
# dirty, so sba.check_all skips only checks that could not act.
# Also quiet: a turn beginning (untapping, summoning sickness and the turn's counters are
# nothing 704 looks at; "until your next turn" effects that end mark the state dirty
# themselves, turn.expire_until_next_turn; phasing and day/night log their own events) and a
# triggered ability put on the stack (it has no costs, 603.3).
SBA_QUIET_EVENTS = frozenset({
    "step_began", "tapped_for_mana", "drew", "attacks", "attackers_declared", "blocks",
    "becomes_target", "spell_resolving", "ability_resolving", "turn_began",
    "ability_triggered_on_stack"})
_LISTED_ZONES = frozenset(PLAYER_ZONES) | {"battlefield", "stack"}


class Game:
    """A game in progress. See the module docstring for what lives elsewhere."""

    def __init__(self, player_names: list[str], cards: CardLibrary, *, strict: bool = False,
                 seed: int = 0) -> None:
        self.players = [Player(n, i) for i, n in enumerate(player_names)]
        self.by_name = {p.name: p for p in self.players}
        self.cards = cards
        self.battlefield: list[GameObject] = []
        self.emblems: list[GameObject] = []  # in command zones (114; mechanics/emblems.py)
        self.phase_serial = 0  # step_serial of the current phase's first step (500.8)
        self.extra_phases: Any = None  # added phases of this turn (mechanics/extra_phases.py)
        self.stack: list[Any] = []  # bottom first
        self.turn = 1
        self.active = self.players[0]
        self.step = "main1"
        self.priority: Player | None = None
        self.passes = 0
        self.day_night = "neither"
        self.initiative: Player | None = None
        self.events: list[Event] = []
        self.notes: list[str] = []
        self.decider = Decider(strict=strict, log=self.note)
        self.rng = random.Random(seed)
        self._next_id = 1
        self.timestamp = 0
        self.pending_triggers: list[Any] = []  # triggered, not yet on the stack (603.3)
        self.delayed: list[Any] = []  # delayed triggered abilities (603.7)
        self.resolving: Any = None
        self.turn_ending = False  # inside 724.1 process
        self.end_turn_requested = False
        self.end_combat_requested = False
        self.step_fs_happened = False
        self.extra_turns: list[Player] = []
        self.last_turn_spells: dict[str, int] = {}
        self.cast_permissions: list[tuple[Any, Any, str]] = []  # (player, filter, until)
        self.cant_cast: set[str] = set()  # players who can't cast spells this turn (101.2)
        self.monarch: Player | None = None
        self.control_reverts: list[tuple[GameObject, Player]] = []
        self.creatures_died_this_turn = 0
        self.prev_active: Player | None = None
        self.prev_active_spells = 0
        self.step_serial = 0
        self.pending_attacks: dict[Any, Any] | None = None
        self.pending_blocks: dict[Any, Any] | None = None
        self.game_over = False
        self.first_player = self.players[0]
        self.cleanup_again = False
        self.enter_effects: list[tuple[Player, Any, tuple[Any, ...], str]] = []  # 614.1c
        self.play_permissions: list[tuple[Player, list[Any], str, bool]] = []  # 601.3
        self.skips: list[list[Any]] = []  # [player, "turn"|"untap_step"|...] (614.10)
        self.bound_key: tuple[int, str, int] | None = None  # day_night.bound_checks memo
        self.statics_live = False  # some permanent has static_mods (rules_engine.statics)
        # Some permanent has a static ability (set by statics.apply): its effects may depend on
        # anything (the turn, tapped status...), so state-based actions are always checked then.
        self.statics_present = True
        # objects.ABILITY_CHANGES when statics.apply last found no static ability on the
        # battlefield (it needn't look again until the count moves)
        self.statics_none_at: int | None = None
        # Something that state-based actions look at may have changed since the last check
        # found nothing to do: set by every logged event except SBA_QUIET_EVENTS (sba.check_all).
        self.sba_dirty = True
        # (ABILITY_CHANGES count, event names some permanent's triggered ability looks at):
        # triggers.check's index, rebuilt when the count moved
        self.trigger_index: tuple[int, frozenset[str]] | None = None
        self.copies_exist = False  # any token or copy made yet (704.5d-e scans only then)
        # Every GameObject made in this game, in order (new_object, create_token, spell copies):
        # scans that care about a few kinds of card (characteristic-defining abilities,
        # abilities that work from a graveyard) look only at the objects made since their last
        # look, instead of every zone at every call.
        self.objects_made: list[GameObject] = []
        self._living: list[Player] | None = None  # cache, reset by leave_game.leave
        # When a list, every note and every spell_cast / entered event is appended to it too:
        # the simulator looks at just these for clauses the compiler could not read.
        self.face_events: list[Event] | None = None
        # Some object has been face down in this game (708): Game.log then marks the face-down
        # objects an event names, so the log never shows what they are (708.5)
        self.face_down_used = False
        # provided by rules_engine.triggers and rules_engine.effects.replacement (registry)
        self._trigger_check = hooks.trigger_check
        self._zone_replacement = hooks.zone_change_replacement
        self._watched = hooks.trigger_watched_events
        self._ignored = hooks.trigger_ignored_events

    # -- ids, names, logging ----------------------------------------------------------------
    # sba.check_all may skip a check after only SBA_QUIET_EVENTS. Off by default: library users
    # and tests change the state directly (life, damage) and expect the next check to see it;
    # the simulator, which changes the state only through the engine, turns it on.
    skip_quiet_sba_checks = False

    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def next_timestamp(self) -> int:
        self.timestamp += 1
        return self.timestamp

    def log(self, name: str, **data: Any) -> Event:
        """Record an event and let triggered abilities look at it (603.2)."""
        if self.face_down_used:
            hidden = [key for key, value in data.items()
                      if getattr(value, "face_down", None) is not None]
            if hidden:
                # 708.5: the other players don't know a face-down object's identity; the log
                # names it as a face-down creature, also once it is later turned face up
                data["hidden"] = tuple(hidden)
        event = Event(name, data, self.turn, self.step)
        self.events.append(event)
        if name not in SBA_QUIET_EVENTS:
            self.sba_dirty = True
        # triggers.check would return at once for an event no trigger kind, inherent ability
        # or special case looks at, unless a delayed trigger (603.7) waits for anything
        if name in self._watched or (self.delayed and name not in self._ignored):
            self._trigger_check(self, event)
        face_events = self.face_events
        if face_events is not None and (name == "spell_cast" or name == "entered"):
            face_events.append(event)
        return event

    def events_this_turn(self, name: str) -> list[Event]:
        """Events of this turn with this name, newest first (the log is in order, so the walk
        stops at the first event of an earlier turn)."""
        found = []
        for ev in reversed(self.events):
            if ev.turn != self.turn:
                break
            if ev.name == name:
                found.append(ev)
        return found

    def objects_made_where(self, key: str, keep: Any) -> list[GameObject]:
        """The objects made in this game (``objects_made``) for which ``keep(obj)`` is true, in
        order; kept under ``key`` and extended with only the objects made since the last call,
        so a question about a few kinds of card costs a length comparison when nothing new was
        made. ``keep`` must depend on the object's card only (it is asked once per object)."""
        state = self.__dict__.get(key)
        if state is None:
            state = self.__dict__[key] = [0, []]
        made = self.objects_made
        if state[0] != len(made):
            state[1].extend(obj for obj in made[state[0]:] if keep(obj))
            state[0] = len(made)
        return state[1]

    def note(self, text: str) -> None:
        event = Event("note", {"text": text}, self.turn, self.step)
        self.events.append(event)
        if self.face_events is not None:
            self.face_events.append(event)

    def player(self, name: str) -> Player:
        return self.by_name[name]

    @property
    def living(self) -> list[Player]:
        """Players still in the game (800.4): cached, rebuilt when someone leaves."""
        cached = self._living
        if cached is None:
            cached = self._living = [p for p in self.players if not p.left]
        return cached

    def apnap(self) -> list[Player]:
        """Players in APNAP order starting with the active player (101.4)."""
        n = len(self.players)
        start = self.active.index
        order = [self.players[(start + i) % n] for i in range(n)]
        return [p for p in order if not p.left]

    def next_player(self, player: Player) -> Player:
        n = len(self.players)
        for i in range(1, n + 1):
            cand = self.players[(player.index + i) % n]
            if not cand.left:
                return cand
        return player

    def opponents(self, player: Player) -> list[Player]:
        return [p for p in self.living if p is not player]

    # -- objects and zones ------------------------------------------------------------------
    def zone_list(self, obj: Any) -> list[Any]:
        zone = obj.zone
        if zone == "battlefield":
            return self.battlefield
        if zone == "stack":
            return self.stack
        return getattr(obj.owner, zone)

    def new_object(self, card: CardDef | None, owner: Player, zone: str,
                   label: str | None = None) -> GameObject:
        obj = GameObject(self.new_id(), card, owner, zone, label)
        obj.timestamp = self.next_timestamp()
        self.objects_made.append(obj)
        if zone == "battlefield":
            self.battlefield.append(obj)
        elif zone == "stack":
            self.stack.append(obj)
        else:
            getattr(owner, zone).append(obj)
        return obj

    def card_def(self, name: str) -> CardDef:
        found = self.cards.get(name)
        if found is None:
            raise UnknownCard(f"card '{name}' not found in any card source")
        return found

    def all_objects(self) -> list[Any]:
        objs: list[Any] = list(self.battlefield) + list(self.stack)
        for p in self.players:
            for z in PLAYER_ZONES:
                objs.extend(getattr(p, z))
        return objs

    def move(self, obj: GameObject, to_zone: str, *, controller: Player | None = None,
             top: bool = True, tapped: bool = False, cause: str | None = None) -> GameObject:
        """Move ``obj`` to ``to_zone`` (400.7: it becomes a new object with reset status).

        The same Python object is reused (its id label follows it, as the scenario format
        wants); status, counters, damage and modifications are cleared.
        """
        from_zone = obj.zone
        # 614.1a/614.6: "If ~ would be put into a graveyard from anywhere, exile it instead"
        to_zone = self._zone_replacement(self, obj, from_zone, to_zone)
        if from_zone in _LISTED_ZONES:
            try:
                self.zone_list(obj).remove(obj)
            except ValueError:
                pass  # (not listed there: nothing to take it out of)
        was_prepared = obj.prepared
        last_known = _LastKnown(obj) if from_zone == "battlefield" else None
        if last_known is not None:
            # "if it was enchanted / equipped" (608.2h): the Auras and Equipment on it as it left
            last_known.attached = tuple(o for o in self.battlefield if o.attached_to is obj)
        if from_zone == "battlefield":
            obj.prepared = False
            obj.attacking = None
            obj.blocking = []
            obj.blockers = []
            obj.blocked = False
        face_down = obj.face_down is not None
        obj.zone = to_zone
        if face_down and obj.face_down is None:
            # 708.9: a face-down permanent leaving the battlefield (a face-down spell leaving
            # the stack, but not for the battlefield) is revealed to all players as it moves
            self.log("face_down_revealed", obj=obj, card=obj.name, player=obj.owner,
                     to=to_zone)
        if to_zone != "stack" and not (from_zone == "stack" and to_zone == "battlefield"):
            obj.transformed = False
        obj.tapped = tapped
        obj.counters = {}
        obj.damage = 0
        copying = bool(obj.mods) and any(m.copy_face is not None for m in obj.mods)
        # (digital-only "perpetually": that change follows the card to every zone, so it is
        # the one modification a new object keeps, 400.7's exception in Alchemy)
        obj.mods = [m for m in obj.mods if m.until == "perpetual" and m.copy_face is None]
        obj.static_mods = []
        if copying:
            obj.refresh_face()  # 400.7: a new object, no longer a copy (707.2 effect gone)
        obj.phased_out = False
        obj.goaded = set()
        obj.attached_to = None
        obj.deathtouch_damage = False
        obj.doors = 0  # 709.5c: designations of the permanent
        obj.timestamp = self.next_timestamp()
        # 406.6, 607.2a: a card exiled by a resolving spell or ability's instruction is
        # "exiled with" that spell or ability's source (this incarnation of it, 400.7)
        res = self.resolving if to_zone == "exile" else None
        src = getattr(res, "source", res) if res is not None else None
        obj.exiled_with = (src, src.timestamp) if src is not None else None
        replaced = self.__dict__.pop("exile_replaced_by", None) if to_zone == "exile" else None
        if replaced is not None and replaced[0] is obj:  # "If ... would die, exile it instead"
            obj.exiled_with = (replaced[1], replaced[1].timestamp)  # (607.2a: that ability's)
        obj.came_from = from_zone  # "each card exiled from their hand this way" (608.2c)
        obj.zone_turn = self.turn  # "a creature card in a graveyard that was put there this turn"
        if to_zone == "exile" and not obj.token:  # "one or more cards were put into exile
            self.__dict__["exiled_on_turn"] = self.turn  # this turn" (a token is no card)
        if to_zone == "graveyard" and not obj.token and obj.face is not None and \
                obj.face.is_permanent_type:
            # 700.11: "descended this turn": permanent cards put into a player's graveyard
            kept = self.__dict__.get("descended")
            if not kept or kept[0] != self.turn:
                kept = self.__dict__["descended"] = (self.turn, {})
            kept[1][obj.owner.name] = kept[1].get(obj.owner.name, 0) + 1
        owner = obj.owner
        if to_zone == "battlefield":
            obj.controller = controller or obj.controller
            obj.sick = True
            self.battlefield.append(obj)
        elif to_zone == "stack":
            obj.controller = controller or obj.controller
            self.stack.append(obj)
        else:
            obj.controller = owner
            zone = getattr(owner, to_zone)
            if to_zone == "library" and not top:
                zone.append(obj)
            elif to_zone == "library":
                zone.insert(0, obj)
            else:
                zone.append(obj)
        if self.__dict__.get("after_move"):
            # 614.1a: the rest of a replaced zone change ("instead exile it and put a hit
            # counter on it") happens to the object in its new zone
            hooks.after_zone_change(self, obj)
        if to_zone == "graveyard" and not obj.token:
            self._note_graveyard_entry(obj, from_zone)
        if from_zone == "battlefield":
            if obj.prepared_copy is not None or was_prepared:
                hooks.prepare_remove_copy(self, obj)  # 722.5
            if obj.choices_made.get("merged"):
                hooks.mutate_left_battlefield(self, obj, to_zone)  # 730.3
            self.log("left_battlefield", obj=obj, to=to_zone, lki=last_known)
            if to_zone == "graveyard" and last_known.is_creature:
                self.creatures_died_this_turn += 1
                self.log("dies", obj=obj, lki=last_known)
        elif from_zone == "graveyard":  # "Whenever one or more cards leave your graveyard"
            self.log("left_graveyard", obj=obj, player=owner, to=to_zone)
        return obj

    def _note_graveyard_entry(self, obj: GameObject, from_zone: str) -> None:
        """Remember a card put into a graveyard this turn (400.7), kept for "if you descended
        this turn" and "if a creature card was put into your graveyard from anywhere this
        turn" (``mechanics/deed_conditions.py``): (turn, card, owner, from zone, permanent)."""
        entries = self.__dict__.setdefault("graveyard_entries", [])
        if entries and entries[0][0] != self.turn:
            entries.clear()
        permanent = any(t in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                              "Battle") for t in obj.face.types)
        entries.append((self.turn, obj, obj.owner, from_zone, permanent))

    def create_token(self, controller: Player, face: Face | None, *, tapped: bool = False,
                     card: CardDef | None = None, transformed: bool = False) -> GameObject:
        """Create a token on the battlefield (111.2, 701.7) and let it enter (603.6a).

        ``face`` None with a ``card`` makes a double-faced token (707.8a) using the card's faces.
        """
        obj = GameObject(self.new_id(), card, controller, "battlefield")
        self.objects_made.append(obj)
        self.copies_exist = True
        obj.token = True
        obj.copy_values = face
        obj.transformed = transformed
        obj.controller = controller
        obj.tapped = tapped
        obj.sick = True
        obj.timestamp = self.next_timestamp()
        hooks.enter_battlefield(self, obj, controller, new=True)
        return obj

    def draw(self, player: Player, n: int = 1) -> list[GameObject]:
        if n > 0 and self.statics_present:
            # 614.1a / 121.6: "if you would draw one or more cards, you draw that many cards
            # plus one instead" (a static ability of a permanent its controller controls)
            n += len(hooks.player_restrictions(self, "draw_plus_one", player))
        drawn: list[GameObject] = []
        for _ in range(n):
            if player.graveyard and hooks.dredge_draw(self, player):
                continue  # 702.52a: the draw was replaced (milled, a dredge card returned)
            if self.statics_present:
                # 614.11: "If you would draw a card, draw two cards instead", "... skip that
                # draw instead", "... you win the game instead" (effects/replace_events.py)
                data = hooks.replace_event(self, "draw", {"player": player, "amount": 1})
                if data.get("win"):  # 104.2b: its opponents lose, so the player wins
                    for other in [p for p in self.living if p is not player]:
                        hooks.leave_game(self, other, "104.2b: an opponent won")
                    return drawn
                if data["amount"] != 1:
                    # (the replacement applies once, 614.5: the draws instead are plain ones)
                    for _k in range(data["amount"]):
                        self._draw_one(player, drawn)
                    continue
            self._draw_one(player, drawn)
        return drawn

    def _draw_one(self, player: Player, drawn: list[GameObject]) -> None:
        """121.2: the top card of the library into the hand (704.5b: from an empty library, the
        player will lose)."""
        if not player.library:
            player.drew_from_empty = True  # 704.5b
            self.log("drew_from_empty_library", player=player)
            return
        card = player.library[0]
        self.move(card, "hand")
        player.drawn_turn += 1
        drawn.append(card)
        self.log("drew", player=player, obj=card)
        if player.drawn_turn == 1 and card.card is not None:
            hooks.miracle_first_draw(self, player, card)  # 702.94a

    def discard(self, player: Player, card: GameObject) -> GameObject:
        """701.9a: ``player`` discards ``card`` (from their hand to their graveyard), unless a
        replacement sends it elsewhere: madness exiles it and triggers (702.35a, asked
        through ``hooks.madness_discard``). Either way it was discarded ("whenever you
        discard a card" sees it)."""
        exiled = hooks.madness_discard(self, player, card)
        if not exiled:
            self.move(card, "graveyard")
        self.log("discarded", player=player, obj=card)
        return card

    def shuffle(self, player: Player) -> None:
        self.rng.shuffle(player.library)
        self.log("shuffled", player=player)

    def lose_life(self, player: Player, n: int) -> None:
        if n <= 0:
            return
        player.life -= n
        player.life_lost_turn += n
        self.log("life_lost", player=player, amount=n)

    def paired_with(self, obj: Any) -> GameObject | None:
        """702.95b/e: the creature ``obj`` is paired with (soulbond), while both are still the
        same creatures on the battlefield under the control of the player who paired them."""
        for a, ta, b, tb, who in self.__dict__.get("soulbond_pairs", ()):
            if obj is not a and obj is not b:
                continue
            if all(o.zone == "battlefield" and o.timestamp == t and o.is_creature and
                   o.controller is who for o, t in ((a, ta), (b, tb))):
                return b if obj is a else a
        return None

    def note_spent_to_cast(self, player: Player, n: int) -> None:
        """700.14: the turn's running total of mana ``player`` spent to cast spells; logs
        ``mana_spent_to_cast`` with the totals before and after this payment (expend)."""
        kept = self.__dict__.get("mana_spent_casting")
        if not kept or kept[0] != self.turn:
            kept = self.__dict__["mana_spent_casting"] = (self.turn, {})
        before = kept[1].get(player.name, 0)
        kept[1][player.name] = before + n
        if n > 0:
            self.log("mana_spent_to_cast", player=player, before=before, after=before + n)

    def counters_to_put(self, obj: GameObject | None, kind: str, n: int,
                        by: Player | None = None, player: Player | None = None) -> int:
        """122.6, 614.1a: how many ``kind`` counters are put on ``obj`` (or on ``player``) when
        an effect would put ``n``, after replacements ("that many plus one ... instead",
        "twice that many ... instead"); ``by`` is the player putting them (122.6a: the
        controller of an object entering with counters, if none is said)."""
        if n <= 0:
            return n
        data = hooks.replace_event(self, "counters", {
            "obj": obj, "player": player, "kind": kind, "amount": n,
            "by": by if by is not None else getattr(obj, "controller", None)})
        return max(0, data["amount"])

    def gain_life(self, player: Player, n: int) -> None:
        if n <= 0:
            return
        if hooks.player_restrictions(self, "cant_gain_life", player) or \
                (player.name, self.turn) in self.__dict__.get("cant_gain_life", ()):
            self.note(f"{player.name} can't gain life (119.7)")  # "Players can't gain life"
            return
        # 614.1a: "If you would gain life, you gain that much life plus 1 instead", "... that
        # player loses that much life instead" (effects/replace_events.py)
        data = hooks.replace_event(self, "gain_life", {"player": player, "amount": n})
        n = data["amount"]
        if data.get("lose"):
            self.lose_life(player, n)
            return
        if n <= 0:
            return
        player.life += n
        player.life_gained_turn += n
        self.log("life_gained", player=player, amount=n)

    def permanents(self, controller: Player | None = None) -> list[GameObject]:
        """Phased-in permanents (702.26b: phased-out ones are treated as nonexistent)."""
        return [o for o in self.battlefield
                if not o.phased_out and (controller is None or o.controller is controller)]

    def find_objects(self, key: str) -> list[Any]:
        """Objects named by an id label, else by name (case-insensitive)."""
        key_l = str(key).lower()
        objs = self.all_objects()
        by_label = [o for o in objs if o.label is not None and str(o.label).lower() == key_l]
        if by_label:
            return by_label
        found = [o for o in objs if o.name.lower() == key_l]
        if not found and " // " in key_l:
            # a multi-face card's full name ("Tavern Ruffian // Tavern Smasher") names that
            # card whichever face it shows (the scenario format allows it for card entries)
            found = [o for o in objs if getattr(o, "card", None) is not None
                     and o.card.name.lower() == key_l]
        return found

    def add_stack_ability(self, ability: StackAbility) -> None:
        self.stack.append(ability)

    def mana_value_of(self, obj: GameObject) -> int:
        face = obj.face
        card = obj.card
        if card is not None and card.back is not None and face is card.back and \
                card.layout == "transform" and obj.copy_values is None:
            # 712.8c/e: a transforming card's back face has its front face's mana value
            face = card.front
        if face.mana_value < 0:
            face.mana_value = parse_cost(face.mana_cost).mana_value
        return face.mana_value


# -- emblems (114.4): objects whose abilities work from the command zone, beside permanents --
def active_emblems(game: Game) -> list[GameObject]:
    """Emblems whose abilities work now: still in a command zone (a player who left the game
    took theirs along, 800.4a)."""
    found = game.emblems
    if found and any(o.zone != "command" for o in found):
        found[:] = [o for o in found if o.zone == "command"]
        ABILITY_CHANGES[0] += 1
    return found


def with_emblems(game: Game, permanents: list[GameObject]) -> list[GameObject]:
    """``permanents`` followed by the active emblems (the objects whose static and triggered
    abilities work, 604.2 and 114.4); the same list when there are none (hot path)."""
    if not game.emblems:
        return permanents
    found = active_emblems(game)
    return permanents + found if found else permanents


class _LastKnown:
    """Last known information of a permanent that left the battlefield (608.2h)."""

    __slots__ = ("name", "is_creature", "controller", "power", "toughness", "types", "obj",
                 "counters", "triggered", "attached", "timestamp", "subtypes")

    def __init__(self, obj: GameObject) -> None:
        self.obj = obj
        # the triggered abilities it had as it left: leaves-the-battlefield abilities look
        # back in time (603.10a), e.g. those of a transformed face, which the card in its
        # new zone no longer shows (712.8)
        self.triggered = compiled.triggered_abilities(obj)
        self.name = obj.name
        self.counters = dict(obj.counters)  # "put its counters on ..." (122.1, 608.2h)
        self.is_creature = obj.is_creature
        self.controller = obj.controller
        self.power = obj.power
        self.toughness = obj.toughness
        self.types = obj.face.types
        self.attached: tuple[Any, ...] = ()  # what was attached to it (Game.move fills it)
        self.timestamp = obj.timestamp  # (its designations were given to this incarnation)
        # its subtypes with every effect applied ("if it wasn't a Demon", 603.10a, 608.2h)
        self.subtypes = obj.subtypes
