"""Players and game objects: plain Python objects with slots, cheap to create and to copy.

An object's characteristics come from its card face (or a copy's values, 707.2) plus
counters and until-end-of-turn modifications; its status (tapped, flipped/transformed,
phased out, 110.5) and designations (prepared, 722.3a) live on the object.
"""

from __future__ import annotations

from typing import Any

from rules_engine.cards import CardDef, Face

# A count of changes that may change which triggered abilities permanents have: an object
# entering or leaving the battlefield, turning face/transforming, taking copy values, any new
# modification (granted abilities). triggers.check keeps an index of the event names the
# battlefield listens to and rebuilds it when this count moved. Shared by every game of the
# process (another game's change only costs a rebuild).
ABILITY_CHANGES = [0]


_PT_KINDS: dict[str, tuple[int, int] | None] = {}


def _pt_counter(kind: str) -> tuple[int, int] | None:
    """"+1/+0" -> (1, 0): what a counter of this kind adds to power and toughness (122.1a);
    None for other counters (cached: counter names are few)."""
    found = _PT_KINDS.get(kind, False)
    if found is False:
        import re

        m = re.fullmatch(r"([+-]\d+)/([+-]\d+)", kind)
        found = (int(m.group(1)), int(m.group(2))) if m else None
        _PT_KINDS[kind] = found
    return found  # type: ignore[return-value]

LORE = "lore"  # the counter kind of Saga chapters (714.2a; mechanics/sagas.py)


class Player:
    """A player: life, zones, counters of what happened this turn."""

    __slots__ = (
        "name", "index", "life", "library", "hand", "graveyard", "exile", "command",
        "mana_pool", "lost", "left", "won", "drew_from_empty", "land_plays",
        "spells_cast_this_turn", "dungeon", "dungeon_room", "completed_dungeons",
        "max_hand_size", "life_gained_turn", "life_lost_turn", "drawn_turn", "copies",
        "kept_mana",
    )

    def __init__(self, name: str, index: int) -> None:
        self.name = name
        self.index = index
        self.life = 20
        self.library: list[GameObject] = []
        self.hand: list[GameObject] = []
        self.graveyard: list[GameObject] = []
        self.exile: list[GameObject] = []
        self.command: list[GameObject] = []
        self.mana_pool: dict[str, int] = {}
        # mana that doesn't empty as steps end this turn ("Until end of turn, you don't lose
        # this mana as steps and phases end", 500.4): an upper bound per type
        self.kept_mana: dict[str, int] = {}
        self.lost = False
        self.left = False
        self.won = False
        self.drew_from_empty = False
        self.land_plays = 0
        self.spells_cast_this_turn = 0
        self.dungeon: Any = None  # rules_engine.mechanics.initiative.Dungeon
        self.dungeon_room: str | None = None
        self.completed_dungeons: list[str] = []
        self.max_hand_size = 7
        self.life_gained_turn = 0  # this turn's totals, for "if you gained life this turn" etc.
        self.life_lost_turn = 0
        self.drawn_turn = 0
        # every token / copy this player owns (GameObject's flag setters add them): the 704.5d-e
        # check looks at these instead of scanning every zone
        self.copies: list[GameObject] = []

    def __repr__(self) -> str:
        return f"Player({self.name})"


class Mod:
    """A continuous modification of one object (611.2): +p/+t, keywords, until a duration."""

    __slots__ = ("power", "toughness", "keywords", "until", "abilities", "set_pt", "types",
                 "timestamp", "colors", "subtypes", "set_types", "copy_face", "copy_card",
                 "add_subtypes", "switch_pt", "remove_types")

    def __init__(self, power: int = 0, toughness: int = 0, keywords: tuple[str, ...] = (),
                 until: str = "eot", abilities: tuple[Any, ...] = (),
                 set_pt: tuple[int | None, int | None] | None = None, types: tuple[str, ...] = (),
                 timestamp: int = 0, colors: tuple[str, ...] | None = None,
                 subtypes: tuple[str, ...] | None = None,
                 set_types: tuple[str, ...] | None = None, copy_face: Face | None = None,
                 copy_card: CardDef | None = None,
                 add_subtypes: tuple[str, ...] | None = None, switch_pt: bool = False,
                 remove_types: tuple[str, ...] = ()) -> None:
        ABILITY_CHANGES[0] += 1  # it may grant abilities to whatever it is put on
        self.power = power
        self.toughness = toughness
        self.keywords = keywords
        self.until = until
        self.abilities = abilities
        self.set_pt = set_pt
        self.types = types
        self.timestamp = timestamp
        # "becomes a blue Frog": new colors (layer 5, 105.3) and creature types (layer 4,
        # 205.1a); None leaves them as they are
        self.colors = colors
        self.subtypes = subtypes
        # "is a Treasure artifact" (205.1a, layer 4): the card types become these (an instant
        # or sorcery keeps its type); subtypes of the card types it no longer has go too
        self.set_types = set_types
        # "becomes a copy of" (707.2, layer 1a): the copiable values it takes while the
        # modification lasts, and the card they come from (its prepare spell, 722.2b)
        self.copy_face = copy_face
        self.copy_card = copy_card
        # "is a Giant in addition to its other types" (205.1b, layer 4): subtypes added, none
        # lost
        self.add_subtypes = add_subtypes
        # "switch its power and toughness" (613.4d, layer 7d: after every other change)
        self.switch_pt = switch_pt
        # "~ isn't a creature" (layer 4): these card types removed, the others kept (205.1a)
        self.remove_types = remove_types


# 205.3g-i, 205.3k: subtypes that are not creature types, by the card type they go with (the
# planeswalker types are told apart by the face's card types instead: 205.3j is a long list)
_SUBTYPE_FAMILY: dict[str, str] = {}
for _family, _names in (
        ("Artifact", "Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification "
                     "Gold Incubator Infinity Junk Lander Map Mutagen Powerstone Spacecraft "
                     "Stone Terminus Treasure Vehicle"),
        ("Enchantment", "Aura Background Cartouche Case Class Curse Role Room Rune Saga Shard "
                        "Shrine"),
        ("Land", "Cave Cloud Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet "
                 "Power-Plant Sphere Swamp Tower Town Urza's"),
        ("Battle", "Siege"),
        ("Spell", "Adventure Arcane Chorus Lesson Omen Trap")):
    for _name in _names.split():
        _SUBTYPE_FAMILY[_name] = _family


def subtype_family(subtype: str, card_types: tuple[str, ...] | list[str]) -> str:
    """The card type a subtype belongs to (205.3): "Treasure" -> Artifact, "Forest" -> Land,
    "Siege" -> Battle, "Lesson" -> Spell; other subtypes are creature types, except on a
    noncreature planeswalker, whose other subtypes are planeswalker types (205.3j)."""
    family = _SUBTYPE_FAMILY.get(subtype)
    if family is not None:
        return family
    if "Planeswalker" in card_types and "Creature" not in card_types \
            and "Kindred" not in card_types:
        return "Planeswalker"
    return "Creature"


# Zones where a card is face up (708.9: a face-down object moving to one is revealed and turned
# face up); a face-down object keeps its face-down values on the battlefield, on the stack and in
# the engine's in-between zones as it moves between those two.
_FACE_UP_ZONES = frozenset({"library", "hand", "graveyard", "exile", "command", "gone"})


def _family_present(family: str, card_types: list[str]) -> bool:
    if family == "Spell":
        return "Instant" in card_types or "Sorcery" in card_types
    if family == "Creature":
        return "Creature" in card_types or "Kindred" in card_types
    return family in card_types


class GameObject:
    """A card, token, copy or spell in some zone (109). Status is reset on zone change (400.7)."""

    __slots__ = (
        "oid", "label", "card", "owner", "controller", "_zone", "_transformed", "tapped",
        "_copy_values", "face",
        "phased_out", "counters", "damage", "sick", "_token", "_card_copy",
        "_spell_copy", "prepared", "prepared_copy", "copy_for", "timestamp", "mods",
        "attacking", "blocking", "blocked", "blockers", "x", "targets", "cast_from",
        "flashback", "deathtouch_damage", "goaded", "phased_controller", "attached_to",
        "is_prepare_spell", "loyalty_used", "choices_made", "static_mods", "doors",
        "exiled_with", "came_from", "zone_turn",
        "_face_down", "face_down_by",
    )

    def __init__(self, oid: int, card: CardDef | None, owner: Player, zone: str,
                 label: str | None = None) -> None:
        if zone == "battlefield":
            ABILITY_CHANGES[0] += 1
        self.oid = oid
        self.label = label
        self.card = card
        self.owner = owner
        self.controller = owner
        self._zone = zone
        self._transformed = False
        self._copy_values: Face | None = None
        # The characteristics in use (copy values, else the face up side, 712.8): a plain
        # attribute read on every hot path, recomputed whenever zone, transformed or
        # copy_values (what decides it) is set. None only for a card-less object before its
        # copy values are set (a token being created).
        self.face: Face = card.front if card is not None else None  # type: ignore[assignment]
        self.tapped = False
        self.phased_out = False
        self.counters: dict[str, int] = {}
        self.damage = 0
        self.sick = False
        self._token = False
        self._card_copy = False  # copy of a card: ceases off stack/battlefield (704.5e)
        self._spell_copy = False
        self.prepared = False
        self.prepared_copy: GameObject | None = None  # the exiled prepare-spell copy (722.3c)
        self.copy_for: GameObject | None = None  # on that copy: the prepared permanent
        self.is_prepare_spell = False
        self.timestamp = 0
        self.mods: list[Mod] = []
        self.static_mods: list[Mod] = []  # rebuilt from static abilities (rules_engine.statics)
        self.attacking: Any = None  # Player or GameObject being attacked
        self.blocking: list[GameObject] = []
        self.blocked = False
        self.blockers: list[GameObject] = []
        self.x = 0
        self.targets: list[Any] = []
        self.cast_from: str | None = None
        self.flashback = False
        self.deathtouch_damage = False
        self.goaded: set[str] = set()
        self.attached_to: Any = None  # the object or player this Aura/Equipment is attached to
        self.phased_controller: Player | None = None
        self.loyalty_used = False
        self.choices_made: dict[str, Any] = {}
        self.doors = 0  # a Room's unlocked designations (709.5c): 1 left half, 2 right half
        # in exile: (object, its timestamp) whose instruction exiled it ("exiled with ~", 607.2a)
        self.exiled_with: tuple[Any, int] | None = None
        self.came_from: str | None = None  # the zone it was in before its last move (400.7)
        self.zone_turn = 0  # the turn it was put into its zone ("put there this turn")
        # 708.2: the characteristics a face-down spell or permanent has (a 2/2 with no name,
        # text, subtypes or mana cost; ward {2} for disguise and cloak), None when face up;
        # face_down_by says which rule made it face down ("morph", "megamorph", "disguise",
        # "manifest", "cloak"): what it may be turned face up for (702.37e, 701.40b)
        self._face_down: Face | None = None
        self.face_down_by: str | None = None

    # -- token / copy flags: setting one registers the object with its owner (704.5d-e) ------
    def _register_copy(self) -> None:
        copies = self.owner.copies
        if self not in copies:
            copies.append(self)

    @property
    def token(self) -> bool:
        return self._token

    @token.setter
    def token(self, value: bool) -> None:
        self._token = value
        if value:
            self._register_copy()

    @property
    def card_copy(self) -> bool:
        return self._card_copy

    @card_copy.setter
    def card_copy(self, value: bool) -> None:
        self._card_copy = value
        if value:
            self._register_copy()

    @property
    def spell_copy(self) -> bool:
        return self._spell_copy

    @spell_copy.setter
    def spell_copy(self, value: bool) -> None:
        self._spell_copy = value
        if value:
            self._register_copy()

    # -- characteristics -------------------------------------------------------------
    # zone, transformed and copy_values decide the face in use: setting one recomputes it
    @property
    def zone(self) -> str:
        return self._zone

    @zone.setter
    def zone(self, value: str) -> None:
        if value == "battlefield" or self._zone == "battlefield":
            ABILITY_CHANGES[0] += 1
        self._zone = value
        if self._face_down is not None and value in _FACE_UP_ZONES:
            # 708.9: a face-down object that leaves the battlefield or the stack (for another
            # zone than the battlefield) is revealed: it is a face-up card there (the engine's
            # in-between zones, "stack_none" as a spell resolves, keep it face down)
            self._face_down = None
            self.face_down_by = None
            self.face = self._current_face()
        elif self._transformed or self._copy_values is not None or \
                self._face_down is not None:
            # only a transformed, copy or face-down face depends on zone
            self.face = self._current_face()

    @property
    def transformed(self) -> bool:
        return self._transformed

    @transformed.setter
    def transformed(self, value: bool) -> None:
        ABILITY_CHANGES[0] += 1
        self._transformed = value
        self.face = self._current_face()

    @property
    def copy_values(self) -> Face | None:
        """Copiable values from a copy effect or a token's definition (707.2, 111.4)."""
        return self._copy_values

    @copy_values.setter
    def copy_values(self, value: Face | None) -> None:
        ABILITY_CHANGES[0] += 1
        self._copy_values = value
        self.face = self._current_face()

    @property
    def face_down(self) -> Face | None:
        """The face-down characteristics (708.2) while it is a face-down spell or permanent."""
        return self._face_down

    def set_face_down(self, face: Face | None, by: str | None = None) -> None:
        """Turn it face down with these characteristics (708.2a), or face up (None: 708.8,
        it is the same object and regains its normal copiable values)."""
        ABILITY_CHANGES[0] += 1
        self._face_down = face
        self.face_down_by = by if face is not None else None
        self.face = self._current_face()

    def face_up(self) -> Face:
        """The characteristics it would have face up (702.37e: "what the permanent's morph cost
        would be if it were face up"; 708.10: a copy's values once turned face up)."""
        saved = self._face_down
        if saved is None:
            return self.face
        self._face_down = None
        try:
            return self._current_face()
        finally:
            self._face_down = saved

    def _current_face(self) -> Face:
        face_down = self._face_down
        if face_down is not None:  # (cleared as it reaches a zone where cards are face up)
            # 708.2 / 613.2b: face-down status is applied after copy effects (layer 1b), so a
            # face-down permanent that becomes a copy keeps its face-down values (708.10)
            return face_down
        mods = self.mods
        if mods and (self._zone == "battlefield" or self._zone == "stack"):
            # (on the stack: a prototyped spell's values, 718.3b; mods end as it moves, 400.7)
            latest = None  # 613.2a: copy effects in timestamp order, the last one wins
            for m in mods:
                if m.copy_face is not None and (latest is None or
                                                m.timestamp >= latest.timestamp):
                    latest = m
            if latest is not None:
                return latest.copy_face
        copy_values = self._copy_values
        card = self.card
        if copy_values is not None:
            if self._transformed and card is not None and card.back is not None \
                    and copy_values.name == card.front.name:
                return card.back
            return copy_values
        if card is None:
            return None  # type: ignore[return-value]  # a token before its values are set
        if self._transformed and card.back is not None and self._zone in ("battlefield",
                                                                           "stack"):
            return card.back
        return card.front

    def refresh_face(self) -> None:
        """Recompute the characteristics in use after a copy modification began or ended
        (707.2, 613.2a): the caller added or removed a Mod with ``copy_face``."""
        ABILITY_CHANGES[0] += 1
        self.face = self._current_face()

    @property
    def name(self) -> str:
        return self.face.name

    def _type_mods(self) -> list[Mod] | None:
        """The modifications that touch card types or subtypes (layer 4, 613.1d), in timestamp
        order (613.7), or None when there are none (the usual case)."""
        found = None
        for group in (self.static_mods, self.mods):
            for m in group:
                if m.types or m.set_types is not None or m.subtypes is not None or \
                        m.add_subtypes or m.remove_types:
                    if found is None:
                        found = []
                    found.append(m)
        if found is not None and len(found) > 1:
            found.sort(key=_by_timestamp)
        return found

    def _layer4(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Card types and subtypes after the type-changing effects (613.1d), applied in
        timestamp order: 205.1a (a set card type replaces the others, except instant and
        sorcery, and takes away the subtypes that go with a card type it no longer has; a set
        subtype replaces the subtypes of its own kind) and 205.1b (types added)."""
        face = self.face
        found = self._type_mods()
        if found is None:
            return face.types, face.subtypes
        types = list(face.types)
        subs = list(face.subtypes)
        printed = face.types
        for m in found:
            if m.set_types is not None:
                kept = [t for t in types if t in ("Instant", "Sorcery")]
                types = kept + [t for t in m.set_types if t not in kept]
                subs = [x for x in subs if _family_present(subtype_family(x, printed), types)]
            else:
                types += [t for t in m.types if t not in types]
            if m.remove_types:
                # 205.1a: a removed card type takes away the subtypes that go only with it
                types = [t for t in types if t not in m.remove_types]
                subs = [x for x in subs if _family_present(subtype_family(x, printed), types)]
            if m.subtypes is not None:
                within = m.set_types if m.set_types is not None else (tuple(types))
                families = {subtype_family(x, within) for x in m.subtypes}
                subs = [x for x in subs if subtype_family(x, printed) not in families]
                subs += [x for x in m.subtypes if x not in subs]
            if m.add_subtypes:
                subs += [x for x in m.add_subtypes if x not in subs]
        return tuple(types), tuple(subs)

    @property
    def types(self) -> tuple[str, ...]:
        """Card types now (205.2, after layer 4)."""
        if not self.mods and not self.static_mods:
            return self.face.types
        return self._layer4()[0]

    @property
    def type_line(self) -> str:
        """The type line now (205): supertypes, card types, then subtypes after a dash."""
        if not self.mods and not self.static_mods:
            return self.face.type_line
        types, subs = self._layer4()
        if types == self.face.types and subs == self.face.subtypes:
            return self.face.type_line
        line = " ".join(tuple(self.face.supertypes) + types)
        return line + (" — " + " ".join(subs) if subs else "")

    def has_type(self, t: str) -> bool:
        if not self.mods and not self.static_mods:  # (the usual unmodified object)
            return t in self.face.types
        return t in self._layer4()[0]

    @property
    def is_creature(self) -> bool:
        if not self.mods and not self.static_mods:  # has_type("Creature"), inlined: hot
            return "Creature" in self.face.types
        return "Creature" in self._layer4()[0]

    @property
    def is_land(self) -> bool:
        if not self.mods and not self.static_mods:
            return "Land" in self.face.types
        return "Land" in self._layer4()[0]

    @property
    def power(self) -> int:
        return self._pt()[0]

    @property
    def toughness(self) -> int:
        return self._pt()[1]

    def _pt(self) -> tuple[int, int]:
        face = self.face
        p = face.power or 0
        t = face.toughness or 0
        mods = self.static_mods + self.mods if self.static_mods else self.mods
        for m in mods:  # layer 7b set, then 7c modify (613.4)
            if m.set_pt is not None:  # (None: that half not set, 613.4a power-only CDAs)
                set_p, set_t = m.set_pt
                p = p if set_p is None else set_p
                t = t if set_t is None else set_t
        counters = self.counters
        if counters:
            # 122.1a: a +X/+Y counter gives +X/+Y (+1/+1, -1/-1, +1/+0, +0/+1, -0/-1, +2/+2 ...)
            for kind, n in counters.items():
                if kind == "+1/+1":
                    p += n
                    t += n
                elif kind == "-1/-1":
                    p -= n
                    t -= n
                elif n and kind[:1] in "+-":
                    bonus = _pt_counter(kind)
                    if bonus is not None:
                        p += n * bonus[0]
                        t += n * bonus[1]
        switches = 0
        for m in mods:
            p += m.power
            t += m.toughness
            switches += m.switch_pt
        if switches % 2:  # 613.4d (layer 7d): switched after every other change
            p, t = t, p
        return p, t

    @property
    def loyalty(self) -> int:
        return self.counters.get("loyalty", 0)

    @property
    def keywords(self) -> set[str]:
        kws = set(self.face.keywords)
        for m in self.mods:
            kws.update(m.keywords)
        for m in self.static_mods:
            kws.update(m.keywords)
        return kws

    def has_keyword(self, kw: str) -> bool:
        if kw in self.face.keywords:
            return True
        for m in self.mods:  # plain loops: no generator objects on this hot path
            if kw in m.keywords:
                return True
        for m in self.static_mods:
            if kw in m.keywords:
                return True
        return False

    @property
    def colors(self) -> tuple[str, ...]:
        """105.3 / 613.1e: the latest modification that sets colors wins (timestamp order),
        from a resolved effect or a static ability ("is a colorless land")."""
        mods = self.mods
        smods = self.static_mods
        if mods or smods:
            latest = None
            for group in (smods, mods):
                for m in group:
                    if m.colors is not None and (latest is None or
                                                 m.timestamp >= latest.timestamp):
                        latest = m
            if latest is not None:
                return latest.colors
        return self.face.colors

    @property
    def subtypes(self) -> tuple[str, ...]:
        """205.1a / 613.1d: "becomes a Frog" replaces a creature's creature types; a
        noncreature permanent that becomes a creature keeps its own subtypes and adds them;
        "is a Treasure artifact" leaves only Treasure (see _layer4)."""
        if not self.mods and not self.static_mods:
            return tuple(self.face.subtypes)
        return self._layer4()[1]

    def __repr__(self) -> str:
        return f"<{self.name}#{self.oid}@{self.zone}>"


def _by_timestamp(m: Mod) -> int:
    return m.timestamp


class StackAbility:
    """An activated or triggered ability on the stack (113.1b); named after its source."""

    __slots__ = ("oid", "name", "source", "controller", "effects", "targets", "ability",
                 "zone", "event", "x", "label", "choices_made", "kind", "card")

    def __init__(self, oid: int, name: str, source: Any, controller: Player, effects: list[Any],
                 ability: Any = None, event: Any = None, kind: str = "triggered") -> None:
        self.oid = oid
        self.name = name
        self.source = source
        self.controller = controller
        self.effects = effects
        self.targets: list[Any] = []
        self.ability = ability
        self.zone = "stack"
        self.event = event
        self.x = 0
        self.label = None
        self.choices_made: dict[str, Any] = {}
        self.kind = kind
        self.card = None

    @property
    def owner(self) -> Player:
        return self.controller

    def __repr__(self) -> str:
        return f"<ability {self.name}#{self.oid}>"
