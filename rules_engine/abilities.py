"""The ability and effect data model the rules engine runs.

The Oracle-text compiler (:mod:`rules_engine.text`) turns each face of a card into a list of
*clauses*: one :class:`Ability` subclass per ability paragraph (rule 113.2c: each paragraph
break marks a separate ability), or :class:`Unsupported` when the compiler does not understand
the paragraph (or one sentence of it). Nothing is dropped silently: an ability that contains an
unsupported sentence keeps it as an :class:`UnsupportedEffect` in its effect list, so the engine
can refuse to run it and the coverage command can count it.

Everything here is a plain frozen dataclass with tuples (hashable, comparable, deterministic):
the engine reads these records and never parses text itself. The four ability categories follow
rule 113.3 (spell, activated, triggered, static); keyword abilities (rule 702) and replacement
abilities that modify how a permanent enters (rule 614.1c-d, 614.12) get their own classes
because the engine handles them specially.

References to players and objects are :class:`Ref` records (``Ref("self")``, ``Ref("you")``,
``Ref("target", target=Target(...))``, ``Ref("each", filter=...)``); targets carry their
constraints in an :class:`ObjectFilter` (rule 115: "target creature you control",
"non-Frog creature", "spell"). Amounts are :class:`Amount` (a number, ``X`` or a described
quantity such as "equal to its power").

Stability: this module is shared with the engine author; changes are additive only (new classes,
new optional fields with defaults).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# --------------------------------------------------------------------------------------------
# Building blocks: amounts, filters, targets, references, costs, conditions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Amount:
    """A number in an effect: fixed (``value``), ``X`` (rule 107.3) or described in words.

    ``value`` is set for fixed numbers; ``variable`` is "X" for X costs; ``text`` keeps words such
    as "equal to its power" or "that much" for amounts the engine computes from the game.
    """

    value: int | None = None
    variable: str | None = None
    text: str | None = None

    @property
    def is_fixed(self) -> bool:
        """True when the amount is a plain number known before the game."""
        return self.value is not None and self.variable is None and self.text is None


@dataclass(frozen=True, slots=True)
class ObjectFilter:
    """A description of objects or players (rule 109/115 targeting constraints, "each ..." sets).

    ``card_types`` are alternatives ("artifact or creature"); ``subtypes`` alternatives ("Wolf or
    Werewolf"); ``excluded_*`` are "non-" words ("non-Frog creature", "nonland permanent").
    ``controller`` is "you", "opponent" or None; ``zone`` is where the object is ("battlefield",
    "graveyard", "hand", "library", "stack", "exile"); ``other`` means "another"/"other" (not the
    source); ``qualifiers`` keeps extra words we recognise but the engine may check by itself
    ("tapped", "attacking", "blocking", "basic", "token", "with power 2 or less", "with mana value
    3 or less"). ``text`` is the original noun phrase. ``subtypes_all`` is True when the
    subtypes are all required ("Human Werewolf": both), False when they are alternatives
    ("Wolf or Werewolf", "Wolves and Werewolves you control"). ``any_of`` holds whole
    alternative descriptions ("basic land cards and/or Gate cards").
    """

    card_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    excluded_types: tuple[str, ...] = ()
    excluded_subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    controller: str | None = None
    owner: str | None = None
    zone: str | None = None
    other: bool = False
    qualifiers: tuple[str, ...] = ()
    text: str = ""
    subtypes_all: bool = False
    # "basic land cards and/or Gate cards": either description will do (the others are empty)
    any_of: tuple[ObjectFilter, ...] = ()


@dataclass(frozen=True, slots=True)
class Target:
    """One instance of the word "target" (rule 115.1): what can be chosen and how many.

    ``kind`` is the broad category: "creature", "permanent", "player", "opponent", "any" (creature,
    player, planeswalker or battle: rule 115.4), "spell", "card" (in a zone), "planeswalker".
    ``min_count``/``max_count`` cover "up to two target ..." (min 0, max 2) and "two target ..."
    (2, 2). ``index`` numbers the targets of one ability in text order (rule 601.2c).
    ``count_variable`` is "X" for "X target creatures" (exactly X, "up to X": at most X; the
    value of X is announced first, rule 601.2b); min/max then only bound it (0..99).
    """

    kind: str
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    min_count: int = 1
    max_count: int = 1
    index: int = 0
    text: str = ""
    count_variable: str | None = None


@dataclass(frozen=True, slots=True)
class Ref:
    """Who or what an effect acts on.

    ``kind`` values the compiler emits (the engine resolves them at resolution, rule 608.2):

    * the source and players: "self" (this object: CARDNAME, its name, "this creature"),
      "you", "opponent_each", "player_each", "player_each_other", "defending_player",
      "active_player" ("the player whose turn it is"), "that_player" (a player named earlier:
      the target player, the player a trigger refers to, "they"), "controller_of"/"owner_of"
      (of ``of``), "hand_of" (``of``'s hand), "library_top" (top of ``of``'s library), "game"
      (day/night restrictions);
    * attachments: "enchanted", "equipped";
    * targets: "target" (with ``target``);
    * earlier nouns: "it" (an object named earlier in the same ability: the last target, the
      triggering object, the card just exiled, or the source in a self trigger), "those" (a group
      named earlier: "them"), "rest" ("the rest", "the other"), "chosen_one" ("one of them");
    * sets: "each" (every object matching ``filter``: "each creature you control", "all
      creatures"), "chosen" (objects chosen on resolution, described by ``filter``; a
      ``count:N`` qualifier gives how many, zone "among" means from the looked-at cards);
    * trigger subjects: "self_or" ("~ or another Wolf you control": self, or ``filter``),
      "targets" (what a cast spell targets, ``filter``).
    """

    kind: str
    target: Target | None = None
    filter: ObjectFilter | None = None
    of: Ref | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class CostPart:
    """One component of a cost (rule 118, 602.1): mana, {T}, {Q}, sacrifice, discard, ...

    ``kind``: "mana" (``mana`` like "{2}{R}"), "tap" ({T}), "untap" ({Q}), "loyalty" (``amount``
    signed, rule 606), "sacrifice", "discard", "exile", "pay_life", "tap_untapped" ("Tap two
    untapped creatures you control"), "remove_counters", "return" (to hand), "energy",
    "mill", "reveal", "collect_evidence", "other".
    ``what`` describes the object(s) involved; ``counter`` the counter kind for
    "remove_counters" ("Remove three spore counters from ~").
    """

    kind: str
    mana: str | None = None
    amount: Amount | None = None
    what: ObjectFilter | Ref | None = None
    text: str = ""
    counter: str | None = None


@dataclass(frozen=True, slots=True)
class Cost:
    """A full cost: all parts are paid (rule 601.2h, 602.2b)."""

    parts: tuple[CostPart, ...] = ()
    text: str = ""

    @property
    def mana(self) -> str:
        """The concatenated mana symbols of the cost ("" when none)."""
        return "".join(p.mana or "" for p in self.parts if p.kind == "mana")


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition checked by the engine (intervening if of rule 603.4, "if it's night", ...).

    ``kind`` values the compiler emits: day/night "is_day", "is_night", "neither_day_nor_night"
    (rule 731); turn "is_your_turn"; designations "have_initiative", "you_or_defender_has_
    initiative" (rule 726), "completed_dungeon" (rule 309.7), "monarch", "citys_blessing",
    "max_speed", "defending_player_is_monarch", "has_energy"; counts with ``amount`` (at least
    N, ``amount.text`` "or fewer" for at most) and often ``filter``: "creatures_died_this_turn",
    "control_count", "graveyard_count", "life_gained_this_turn", "life_total",
    "player_hand_size", "your_hand_size", "spells_cast_this_turn", "cards_drawn_this_turn",
    "sacrificed_this_turn", "attacked_with_this_turn", "cast_spell_this_turn", "mana_spent",
    "self_power_at_least", "class_level" (rule 716), "player_cast_spells_last_turn" and
    "no_spells_cast_last_turn" (old werewolves, not rule 731); objects "you_control",
    "opponent_controls", "opponent_controls_more", "is_a" (``subject`` matches ``filter``),
    "self_is" (``detail`` attacking/tapped/...), "counters_on" (``subject`` has ``amount``
    counters of kind ``detail``), "prepared" (rule 722), "targets", "moved_this_way"
    (``detail`` exiled/discarded/...), "entered_this_turn", "self_attacked_this_turn",
    "self_attacked_or_blocked" (``detail`` "combat"/"turn"), "ability_resolved_count"
    ("this is the second time this ability has resolved this turn": ``amount`` exactly N),
    "kicked", "cast_from" (``detail`` the zone, or None for "if you cast it"), "had_counters"
    (last known information, ``detail`` the kind or None for any), "control_total_power",
    "opponent_lost_life_at_least", "life_lost_this_turn", "cast_spell_from_hand_this_turn",
    "entered_under_control_this_turn" (``amount`` at least N matching ``filter``), "or",
    "attacking_total_power", "graveyard_card_types" (``amount`` at least N),
    "attacked_this_turn", "attacking_alone", "empty_hand", "exiled_this_turn",
    "left_graveyard_this_turn", "opponent_lost_life_this_turn", "opponent_more_cards_in_hand",
    "opponent_more_life", "more_life_than_opponent"; "did" ("If you do," / "When you do," after an
    instruction that is not optional, rule 608.2c/603.12: the previous instruction, or the cost
    when nothing earlier could fail, was carried out; ``negated`` for "If you don't/can't");
    and "and" (all ``parts``).
    ``negated`` flips the result. ``text`` is the original wording.
    """

    kind: str
    amount: Amount | None = None
    filter: ObjectFilter | None = None
    subject: Ref | None = None
    detail: str | None = None
    parts: tuple[Condition, ...] = ()
    negated: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Duration:
    """How long a continuous effect from a resolving ability lasts (rule 611.2a-b).

    ``kind``: "end_of_turn" ("until end of turn", rule 514.2), "your_next_turn", "this_turn",
    "combat", "permanent" (no duration), "while" (as long as ``condition``), "perpetual"
    (digital-only "perpetually": the change follows the card across zones).
    """

    kind: str = "end_of_turn"
    condition: Condition | None = None


# --------------------------------------------------------------------------------------------
# Effects (rule 609): one-shot actions and continuous effects
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """Base class of every effect. ``text`` is the sentence (or part) it was compiled from."""


@dataclass(frozen=True, slots=True)
class UnsupportedEffect(Effect):
    """A sentence inside an otherwise understood ability that the compiler could not read.

    The engine must refuse (or report) rather than skip it; the coverage command counts it.
    """

    text: str = ""


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    """A player draws cards (rule 121)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Discard(Effect):
    """A player discards cards (rule 701.9); ``whole_hand`` for "discards their hand";
    ``random`` for "at random"; ``any_number`` for "discard any number of cards"; ``card`` for a
    specific card named earlier ("That player discards that card")."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    filter: ObjectFilter | None = None
    whole_hand: bool = False
    random: bool = False
    any_number: bool = False
    text: str = ""
    card: Ref | None = None


@dataclass(frozen=True, slots=True)
class Mill(Effect):
    """A player mills cards (rule 701.17)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Scry(Effect):
    """Scry N (rule 701.22)."""

    amount: Amount = field(default_factory=lambda: Amount(1))
    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Surveil(Effect):
    """Surveil N (rule 701.25)."""

    amount: Amount = field(default_factory=lambda: Amount(1))
    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Explore(Effect):
    """A creature explores (rule 701.44)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class SearchLibrary(Effect):
    """Search a library for cards (rule 701.23), put them somewhere, usually then shuffle.

    ``destination`` is "hand", "battlefield", "graveyard", "library_top", or "found" when the
    following effects move the found cards (MoveToZone on Ref("chosen"/"rest"/"those"), e.g.
    "put one onto the battlefield tapped and the other into your hand"); ``tapped`` for
    "onto the battlefield tapped"; ``reveal`` when the card is revealed. With destination
    "library_top" and ``shuffle`` the library is shuffled first, then the card put on top
    ("then shuffle and put that card on top").
    """

    player: Ref = field(default_factory=lambda: Ref("you"))
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    min_count: int = 1
    max_count: int = 1
    destination: str = "hand"
    tapped: bool = False
    reveal: bool = False
    shuffle: bool = True
    text: str = ""


@dataclass(frozen=True, slots=True)
class SearchZones(Effect):
    """"Search your library and/or graveyard for a card named ..." (701.23 over several zones):
    the cards may come from any of ``zones``; the library is shuffled only by the instruction
    that follows, "If you search your library this way, shuffle" (701.24)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    zones: tuple[str, ...] = ("library", "graveyard")
    min_count: int = 1
    max_count: int = 1
    destination: str = "hand"
    tapped: bool = False
    reveal: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class LookAtTop(Effect):
    """Look at (or reveal) the top N cards of a library, take some, put the rest elsewhere.

    ``choose_filter``/``choose_min``/``choose_max`` describe what may be taken ("You may reveal a
    creature card ... from among them"), ``destination`` where it goes ("hand", "battlefield",
    "graveyard"), ``rest`` where the rest goes ("library_bottom_any", "library_bottom_random",
    "graveyard", "library_top_any", "hand"). ``counters`` for "with three +1/+1 counters on it".
    """

    amount: Amount = field(default_factory=lambda: Amount(1))
    player: Ref = field(default_factory=lambda: Ref("you"))
    reveal: bool = False
    choose_filter: ObjectFilter | None = None
    choose_min: int = 0
    choose_max: int = 0
    destination: str | None = None
    rest: str | None = None
    counters: tuple[tuple[str, int], ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class GainLife(Effect):
    """A player gains life (rule 119.3)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class LoseLife(Effect):
    """A player loses life (rule 119.3)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class DealDamage(Effect):
    """``source`` deals ``amount`` damage to each of ``recipients`` (rule 120).

    ``divided`` for "divided as you choose" (rule 601.2d).
    """

    source: Ref = field(default_factory=lambda: Ref("self"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    recipients: tuple[Ref, ...] = ()
    divided: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Fight(Effect):
    """Two creatures fight (rule 701.14)."""

    first: Ref = field(default_factory=lambda: Ref("self"))
    second: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class ModifyPT(Effect):
    """``subject`` gets +P/+T (rule 613.4c), for ``duration`` (a static ability when None)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    power: Amount = field(default_factory=lambda: Amount(0))
    toughness: Amount = field(default_factory=lambda: Amount(0))
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""


@dataclass(frozen=True, slots=True)
class SetBasePT(Effect):
    """``subject`` has base power/toughness P/T (rule 613.4b); a characteristic-defining ability
    "~'s power is equal to ..." (rule 604.3, layer 7a) leaves the other value None (printed)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    power: Amount | None = field(default_factory=lambda: Amount(0))
    toughness: Amount | None = field(default_factory=lambda: Amount(0))
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""


@dataclass(frozen=True, slots=True)
class GrantAbility(Effect):
    """``subject`` gains/has abilities (rule 113.10): keyword names, or quoted abilities compiled.

    ``keywords`` holds :class:`KeywordAbility` records ("flying", "protection from creatures");
    ``abilities`` holds compiled quoted abilities ("Whenever this creature deals combat damage
    to a player, draw a card."). ``duration`` None means a static grant ("have haste").
    """

    subject: Ref = field(default_factory=lambda: Ref("self"))
    keywords: tuple[KeywordAbility, ...] = ()
    abilities: tuple[Ability, ...] = ()
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""


@dataclass(frozen=True, slots=True)
class Animate(Effect):
    """``subject`` becomes a P/T creature with types/abilities (rule 613, e.g. a planeswalker's
    "becomes a 5/5 Werewolf creature with trample, indestructible, and haste")."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    power: Amount | None = None
    toughness: Amount | None = None
    card_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    keywords: tuple[KeywordAbility, ...] = ()
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    # "in addition to its other types" (205.1b): the subtypes are added, not set (205.1a)
    additional: bool = False
    # "becomes a land" (205.1a): these card types replace its others (no longer a creature)
    set_types: bool = False


@dataclass(frozen=True, slots=True)
class PutCounters(Effect):
    """Put ``amount`` counters of ``counter`` ("+1/+1", "loyalty", "corpse", ...) on ``subject``
    (rule 122)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    counter: str = "+1/+1"
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class PutCountersOf(Effect):
    """"Put its counters on target creature": for each kind of counter ``source`` has (as it
    last existed when it has left the battlefield, rule 608.2h), put that many of that kind on
    ``subject`` (rule 122.1)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    source: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class EnterAsCopy(Effect):
    """"You may have ~ enter as a copy of any creature on the battlefield" (rule 707.2, 614.1c):
    as ``subject`` enters, its controller chooses an object matching ``filter`` and the
    permanent enters as a copy of it; ``except_text`` keeps the "except ..." exceptions
    (rule 707.9)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    except_text: str | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class RemoveCounters(Effect):
    """Remove counters from ``subject`` (rule 122)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    counter: str = "+1/+1"
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class TokenSpec:
    """The characteristics of a created token (rule 111.4, 111.10 predefined tokens).

    For predefined tokens ("Treasure", "Food", "Clue", "Blood", "Map"...) ``name`` is set and the
    engine supplies the rest (rule 111.10). ``copy_of`` is set for "a token that's a copy of X"
    (rule 707.2), ``except_text``/``except_spec`` for "except it's a 1/1 green Frog".
    ``abilities`` are compiled quoted abilities ("with \"Whenever this token attacks, ...\"").
    """

    name: str | None = None
    power: Amount | None = None
    toughness: Amount | None = None
    colors: tuple[str, ...] = ()
    card_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    keywords: tuple[KeywordAbility, ...] = ()
    abilities: tuple[Ability, ...] = ()
    copy_of: Ref | None = None
    except_text: str | None = None
    predefined: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class CreateToken(Effect):
    """``controller`` creates ``amount`` tokens (rule 701.7). ``tapped``/``attacking`` for
    "that are tapped and attacking" (rule 508.4)."""

    token: TokenSpec = field(default_factory=TokenSpec)
    amount: Amount = field(default_factory=lambda: Amount(1))
    controller: Ref = field(default_factory=lambda: Ref("you"))
    tapped: bool = False
    attacking: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Destroy(Effect):
    """Destroy ``subject`` (rule 701.8); ``no_regenerate`` for "It can't be regenerated."."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    no_regenerate: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Exile(Effect):
    """Exile ``subject`` (rule 701.13). ``from_zone`` when cards are exiled from a graveyard,
    library or hand; ``random`` for "at random"; ``until`` for "exile cards from the top of your
    library until you exile a nonland card" (with ``amount`` "total mana value" N: until the
    exiled cards' mana values total N or more)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    from_zone: str | None = None
    amount: Amount | None = None
    random: bool = False
    until: ObjectFilter | None = None
    face_down: bool = False
    text: str = ""
    until_source_leaves: bool = False


@dataclass(frozen=True, slots=True)
class MoveToZone(Effect):
    """Put/return ``subject`` into ``to_zone`` (rule 400.7): "return target creature card from your
    graveyard to your hand", "return ... to the battlefield tapped", "put ... onto the battlefield
    under your control with a corpse counter on it", "put it on top of its owner's library".

    ``to_zone``: "hand", "battlefield", "graveyard", "library_top", "library_bottom", "library",
    "library_top_any"/"library_bottom_any"/"library_bottom_random" (order chosen / random),
    "library_N_from_top" ("third from the top").
    ``under_control`` is "you", "owner" or None; ``counters`` are (kind, n) pairs it enters with;
    ``transformed`` for "return it to the battlefield transformed" (rule 712.14).
    """

    subject: Ref = field(default_factory=lambda: Ref("it"))
    to_zone: str = "hand"
    from_zone: str | None = None
    tapped: bool = False
    attacking: bool = False
    under_control: str | None = None
    counters: tuple[tuple[str, int], ...] = ()
    text: str = ""
    transformed: bool = False


@dataclass(frozen=True, slots=True)
class Sacrifice(Effect):
    """A player sacrifices permanents (rule 701.21)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    subject: Ref = field(default_factory=lambda: Ref("self"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Tap(Effect):
    """Tap ``subject`` (rule 701.26)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Untap(Effect):
    """Untap ``subject`` (rule 701.26)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class TapOrUntap(Effect):
    """"Tap or untap target permanent": the controller chooses (rule 701.26)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Goad(Effect):
    """Goad ``subject`` (rule 701.15)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Transform(Effect):
    """Transform ``subject`` (rule 701.27); ``any_number`` for "transform any number of ..."."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    any_number: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class CopySpell(Effect):
    """Copy a spell (rule 707.10); ``times`` copies; ``new_targets`` when the controller may
    choose new targets for the copies (rule 707.10c)."""

    subject: Ref = field(default_factory=lambda: Ref("triggering"))
    times: Amount = field(default_factory=lambda: Amount(1))
    new_targets: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class ParadigmCopy(Effect):
    """Paradigm's delayed trigger effect (rule 702.192a): "create a copy of this object in
    exile. You may cast the copy without paying its mana cost" (the object: the source)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class DelayedTrigger(Effect):
    """A delayed triggered ability created by a resolving effect (rule 603.7): "When you next
    cast an instant or sorcery spell this turn, copy that spell." ``ability`` is what triggers."""

    ability: TriggeredAbility | None = None
    text: str = ""
    # "Whenever ... this turn, ...": it triggers each time until the turn ends (603.7b)
    this_turn: bool = False


@dataclass(frozen=True, slots=True)
class CounterSpell(Effect):
    """Counter ``subject`` (rule 701.6); ``unless_pay`` for "unless its controller pays {X}";
    ``to_zone`` where a countered spell goes instead of its owner's graveyard (614.1a)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    unless_pay: Cost | None = None
    text: str = ""
    to_zone: str | None = None


@dataclass(frozen=True, slots=True)
class AddMana(Effect):
    """Add mana (rule 106). ``mana`` is literal symbols ("{R}{G}", "{C}"); ``any_color`` count for
    "N mana of any color"; ``one_color`` for "of any one color"; ``choices`` for "{R} or {G}";
    ``retain_until`` for "you don't lose this mana as steps and phases end" (rule 106.4);
    ``spend_only`` for "Spend this mana only to cast ..." (rule 106.6); ``player`` for "that
    player adds ..." (None: the ability's controller); ``produced`` for "one mana of any type
    that land produced" (the mana of the tap that triggered it, rule 605.1b)."""

    mana: str = ""
    amount: Amount = field(default_factory=lambda: Amount(1))
    any_color: bool = False
    one_color: bool = False
    choices: tuple[str, ...] = ()
    retain_until: Duration | None = None
    text: str = ""
    spend_only: str | None = None
    player: Ref | None = None
    produced: bool = False
    each_color_among: ObjectFilter | None = None  # "one mana of each color among <these>"
    chosen: bool = False  # "one mana of the chosen color" (614.12: its source's choice)


@dataclass(frozen=True, slots=True)
class Reveal(Effect):
    """Reveal cards (rule 701.20)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class RevealUntil(Effect):
    """"Reveal cards from the top of your library until you reveal a land card" (rule 701.20):
    ``player`` reveals from the top of their library until ``amount`` cards matching ``filter``
    are revealed (all of the library if there are fewer). Later sentences name the last match
    ("that card", Ref "it") and the other revealed cards ("the rest")."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Shuffle(Effect):
    """A player shuffles (rule 701.24); ``zones`` lists what is shuffled into the library
    ("hand", "graveyard") for "shuffles their hand and graveyard into their library"."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    zones: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class SearchExileName(Effect):
    """"Search its owner's graveyard, hand, and library for any number of cards with that name
    and exile them" (701.23a; "that name": the card just acted on, else the name chosen)."""

    player: Ref = field(default_factory=lambda: Ref("that_player"))
    zones: tuple[str, ...] = ("graveyard", "hand", "library")
    text: str = ""


@dataclass(frozen=True, slots=True)
class Attach(Effect):
    """Attach ``subject`` to ``to`` (rule 701.3)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    to: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class SetDayNight(Effect):
    """"It becomes day" / "It becomes night" (rule 731.2c, 731.3)."""

    to: str = "day"
    text: str = ""


@dataclass(frozen=True, slots=True)
class ToggleDayNight(Effect):
    """"If it's night, it becomes day. Otherwise, it becomes night." (rule 731.2)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class StopDayNight(Effect):
    """"It stops being day or night" (the game stops tracking day/night; an un-card effect,
    modelled as returning to the state of rule 731.1: neither day nor night)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class TakeInitiative(Effect):
    """A player takes the initiative (rule 726.2, 726.3)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Venture(Effect):
    """Venture into the dungeon (rule 701.49) or into Undercity (rule 701.49d, 726.3a).
    ``into`` is "dungeon" or "undercity"."""

    into: str = "dungeon"
    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class BecomePrepared(Effect):
    """``subject`` becomes prepared (``prepared`` True, rule 722.3a) or unprepared (rule 722.3b)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    prepared: bool = True
    text: str = ""


@dataclass(frozen=True, slots=True)
class EndTurn(Effect):
    """End the turn (rule 724.1). ``player`` is who decides when "may" applies (Obeka)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class EndCombat(Effect):
    """End the combat phase (rule 724.2)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class LoseGame(Effect):
    """A player loses the game (rule 104.3)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class WinGame(Effect):
    """A player wins the game (rule 104.2)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class CastWithoutPaying(Effect):
    """A player may cast ``subject`` (without paying its mana cost when ``free``; rule 601.2b,
    118.9). ``duration`` bounds how long the permission lasts; ``condition`` restricts when."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    free: bool = True
    any_mana: bool = False
    duration: Duration | None = None
    condition: Condition | None = None
    text: str = ""
    any_number: bool = False  # "cast any number of spells from among them" (one at a time)


@dataclass(frozen=True, slots=True)
class Restriction(Effect):
    """A rules restriction or requirement on objects/players (rule 101.2, 508.1c, 509.1b):
    ``kind`` e.g. "cant_block", "cant_be_blocked", "cant_be_blocked_by" (``filter``),
    "attacks_each_combat", "cant_attack", "cant_be_countered", "cant_become_day",
    "cant_become_night", "cant_cast" (``filter`` of spells), "cant_gain_life"...
    ``duration`` None for a static ability."""

    kind: str = ""
    subject: Ref = field(default_factory=lambda: Ref("self"))
    filter: ObjectFilter | None = None
    duration: Duration | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class CostModifier(Effect):
    """Spells (``filter``) cost more or less (rule 601.2f): ``delta`` mana symbols to add
    (``increase`` True) or remove; ``amount`` for "{X} less ... where X is ..."."""

    filter: ObjectFilter = field(default_factory=ObjectFilter)
    delta: str = ""
    increase: bool = False
    amount: Amount | None = None
    applies_to_self: bool = False
    condition: Condition | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class CastPermission(Effect):
    """Permission to cast as though it had flash, from other zones, etc. (rule 601.3, 702.8d):
    ``kind`` "flash" (with optional additional ``cost``), "from_graveyard"...; a static one on
    a permanent may hold only while its StaticAbility's ``condition`` does ("During each
    opponent's end step, ...")."""

    kind: str = "flash"
    filter: ObjectFilter | None = None
    cost: Cost | None = None
    duration: Duration | None = None
    player: str | None = None  # None: the controller; "each": "Any player may cast ..."
    text: str = ""


@dataclass(frozen=True, slots=True)
class ReplacementEffect(Effect):
    """A replacement effect (rule 614) given by a static ability: when ``event`` would happen to
    ``subject`` ("die", "leave_battlefield", "enter"), do ``instead`` (rule 614.1a) or
    additionally for "enters with an additional ..." (``additional``)."""

    event: str = ""
    subject: Ref = field(default_factory=lambda: Ref("self"))
    instead: tuple[Effect, ...] = ()
    duration: Duration | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class PayCost(Effect):
    """A player pays a cost during resolution ("you may pay {1}{R}. If you do, ...",
    rule 118.1; usually inside a :class:`MayEffect`)."""

    cost: Cost = field(default_factory=Cost)
    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""
    # "you may pay {1}{G} any number of times" (the Adversary cycle): "any"; the number of
    # payments is the effect's count ("that many", "for each time you paid this cost")
    times: str | None = None


@dataclass(frozen=True, slots=True)
class Conjure(Effect):
    """Conjure a card into a zone (digital-only Alchemy action, no Comprehensive Rules number:
    create a new card by name in ``zone`` that did not exist in the game before)."""

    name: str = ""
    zone: str = "hand"
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class KeywordAction(Effect):
    """A rule 701 keyword action without fields of its own, dispatched by ``name``:
    "proliferate" (701.34), "learn" (701.48), "investigate" (701.16), "regenerate" (701.19),
    "populate" (701.36), "connive" (701.50), "amass" (701.47, ``amount`` and ``detail`` the
    Army type), "adapt" (701.46), "bolster" (701.39), "support" (701.41), "discover" (701.57),
    "forage" (701.61), "incubate" (701.53), "manifest dread" (701.62), "endure" (701.63),
    "time travel" (701.56), "the ring tempts you" (701.54), "collect evidence" (701.59),
    "monstrosity" (701.37), "phase out" (702.26), "flip" (710), "regenerate"...
    ``subject`` is who or what performs or undergoes it."""

    name: str = ""
    amount: Amount | None = None
    subject: Ref = field(default_factory=lambda: Ref("you"))
    detail: str | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChooseCard(Effect):
    """``chooser`` chooses a card matching ``filter`` from ``zone`` of ``owner`` ("You choose a
    nonland card from it" after a player reveals their hand); later text names it "that card"."""

    chooser: Ref = field(default_factory=lambda: Ref("you"))
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    zone: str = "hand"
    owner: Ref = field(default_factory=lambda: Ref("that_player"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class PreventDamage(Effect):
    """Prevent damage (rule 615): all damage (``amount`` None) or the next N, that would be dealt
    ``to`` something and/or ``by`` something, ``combat_only`` for combat damage, for
    ``duration`` (usually this turn)."""

    to: Ref | None = None
    by: Ref | None = None
    amount: Amount | None = None
    combat_only: bool = False
    duration: Duration | None = field(default_factory=lambda: Duration("this_turn"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChooseValue(Effect):
    """A player chooses a value that later text refers to (rule 607.2d style "the chosen ..."):
    ``kind`` "creature type", "color", "card type", "card name", "number", "basic land type",
    "player", "opponent"; ``options`` when the text lists them."""

    kind: str = ""
    options: tuple[str, ...] = ()
    chooser: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class CreateEmblem(Effect):
    """A player gets an emblem with abilities (rule 114.1, 114.2): ``abilities`` are compiled from
    the quoted text; an emblem is in the command zone and cannot be removed."""

    abilities: tuple[Ability, ...] = ()
    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class LoseAbility(Effect):
    """``subject`` loses abilities (rule 113.10, 613.1f layer 6): keyword names, or all
    abilities when ``all_abilities``."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    keywords: tuple[KeywordAbility, ...] = ()
    all_abilities: bool = False
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""


@dataclass(frozen=True, slots=True)
class NextSpellAlternativeCost(Effect):
    """"Rather than pay the mana cost of the next spell you cast this turn, you may pay life
    equal to that spell's mana value": an alternative cost (118.9) offered for the
    controller's next spell this turn, used up by that spell either way."""

    payment: str = "life_equal_to_mana_value"
    text: str = ""


@dataclass(frozen=True, slots=True)
class BecomeCopy(Effect):
    """``subject`` becomes a copy of ``of`` [until a duration]: it takes the copiable values of
    that object (707.2, layer 1a 613.2a); status and designations such as prepared are not
    copied (722.3a ruling), and it doesn't enter or leave the battlefield (707.4)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    of: Ref = field(default_factory=lambda: Ref("it"))
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""


@dataclass(frozen=True, slots=True)
class SetTypes(Effect):
    """``subject`` *is* a [colorless] <card types and subtypes> [with "<abilities>"] [and loses
    all other (card types and) abilities]: "Enchanted permanent is a Treasure artifact with
    '...' and it loses all other abilities". Its card types are set (205.1a: replaced, not
    added; layer 4, 613.1d), its colors when named (layer 5), and in layer 6 (613.1f) it loses
    its other abilities and gains the quoted ones. One effect over several layers (613.6)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    card_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    abilities: tuple[Ability, ...] = ()
    lose_abilities: bool = False
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""


@dataclass(frozen=True, slots=True)
class SetClassLevel(Effect):
    """This Class's level becomes ``level`` (rule 716.2a, the activated half of a class level
    bar)."""

    level: int = 2
    text: str = ""


@dataclass(frozen=True, slots=True)
class Seek(Effect):
    """Seek (digital-only Alchemy action, no Comprehensive Rules number): put ``amount`` cards
    matching ``filter`` chosen at random from your library into your hand (``destination``
    "battlefield" for "seek ... and put it onto the battlefield")."""

    filter: ObjectFilter = field(default_factory=ObjectFilter)
    amount: Amount = field(default_factory=lambda: Amount(1))
    destination: str = "hand"
    text: str = ""


@dataclass(frozen=True, slots=True)
class AdditionalPhase(Effect):
    """"After this phase, there is an additional combat phase [followed by an additional main
    phase]" (rule 500.8): ``phases`` in order."""

    phases: tuple[str, ...] = ("combat",)
    text: str = ""


@dataclass(frozen=True, slots=True)
class RollDie(Effect):
    """Roll a die (rule 706.1) and apply the results table (rule 706.3): ``results`` rows are
    (low, high, effects); ``high`` None for "15+"."""

    sides: int = 20
    results: tuple[tuple[int, int | None, tuple[Effect, ...]], ...] = ()
    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChooseTarget(Effect):
    """"Choose target creature." - the ability's target is chosen (rule 601.2c/603.3d) and later
    sentences refer to it; the sentence itself does nothing else."""

    subject: Ref = field(default_factory=lambda: Ref("target"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExtraTurn(Effect):
    """A player takes an extra turn after this one (rule 500.7)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class BecomeMonarch(Effect):
    """A player becomes the monarch (rule 725.1)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class Skip(Effect):
    """A player skips a step, phase or turn (rule 614.10): ``what`` "draw_step", "untap_step",
    "combat_phase", "turn"; ``next_only`` for "your next ..."."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    what: str = "turn"
    next_only: bool = True
    text: str = ""


@dataclass(frozen=True, slots=True)
class GainControl(Effect):
    """``player`` gains control of ``subject`` (rule 613.2, layer 2) for ``duration``
    (None = indefinitely)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    player: Ref = field(default_factory=lambda: Ref("you"))
    duration: Duration | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class PlayPermission(Effect):
    """A player may play (lands and spells, rule 305/601) ``subject`` (cards exiled this way,
    usually) until ``duration`` ends: "You may play that card this turn" (impulse draw)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    cast_only: bool = False
    free: bool = False
    duration: Duration | None = field(default_factory=lambda: Duration("this_turn"))
    text: str = ""


# -- combinators -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MayEffect(Effect):
    """"You may X. If you do, Y." (rule 608.2d, 603.5): the player chooses whether to do
    ``effects``; ``if_you_do`` runs only when they did; ``if_you_dont`` otherwise.
    ``player`` is who chooses (usually "you"); ``once_each_turn``: "Do this only once each
    turn" (the choice is offered only if not yet taken this turn for this object)."""

    effects: tuple[Effect, ...] = ()
    if_you_do: tuple[Effect, ...] = ()
    if_you_dont: tuple[Effect, ...] = ()
    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""
    once_each_turn: bool = False


@dataclass(frozen=True, slots=True)
class Unless(Effect):
    """"<effects> unless <chooser> <alternative>" (a "punisher" choice, rule 608.2d): the
    chooser may do ``alternative``; if they don't, ``effects`` happen. With a player group
    ("Each player loses 2 life unless they discard a card") each player chooses for themself."""

    effects: tuple[Effect, ...] = ()
    alternative: tuple[Effect, ...] = ()
    chooser: Ref = field(default_factory=lambda: Ref("that_player"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class WithX(Effect):
    """"..., where X is <definition>" (rule 107.3c/107.3e style definitions of X in effects):
    the engine computes ``x`` first, then runs ``effects`` whose amounts use variable X."""

    x: Amount = field(default_factory=lambda: Amount(variable="X"))
    effects: tuple[Effect, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Conditional(Effect):
    """"If <condition>, X. Otherwise, Y." and "... X instead" (the ordinary-English "if" of
    rule 603.4's last sentence; "instead" replaces the preceding effect, rule 614.1a)."""

    condition: Condition = field(default_factory=lambda: Condition("text"))
    effects: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Repeat(Effect):
    """Do ``effects`` once for each thing counted by ``count`` ("for each creature card exiled
    this way")."""

    count: Amount = field(default_factory=lambda: Amount(1))
    effects: tuple[Effect, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Modal(Effect):
    """Choose ``min_choices``..``max_choices`` of ``modes`` (rule 700.2); each mode is a tuple of
    effects. "choose up to one" gives min 0, max 1. ``mode_costs`` (same order as ``modes``)
    are the additional costs of spree modes "+ {1} — ..." (rule 702.172, 700.2h).
    ``repeatable`` for "You may choose the same mode more than once." (rule 700.2d)."""

    modes: tuple[tuple[Effect, ...], ...] = ()
    min_choices: int = 1
    max_choices: int = 1
    chooser: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""
    mode_costs: tuple[Cost | None, ...] = ()
    repeatable: bool = False


# --------------------------------------------------------------------------------------------
# Triggers
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trigger:
    """The trigger event of a triggered ability (rule 603.1, 603.2).

    ``event`` kinds the compiler emits: object events with ``subject`` (Ref "self", "equipped",
    "enchanted", "self_or") and/or ``filter`` (any object matching): "enters" (rule 603.6a),
    "attacks" (rule 508.3a), "blocks", "becomes_blocked" (``filter`` = blocker), "dies"
    (rule 700.4), "leaves_battlefield", "put_into_graveyard", "dealt_damage",
    "deals_combat_damage_to_player", "deals_damage"/"deals_combat_damage" (``detail`` to what),
    "becomes_target", "becomes_tapped", "transforms_into", "becomes_prepared", "counter_put",
    "turned_face_up" (rule 702.37), "becomes_monstrous" (701.37), "becomes_plotted" (702.170),
    "unlock_door" (this Room's door, rule 709.5);
    player events with ``player`` "you"/"opponent"/"any": "you_attack" (``ordinal`` N with
    ``detail`` "with_at_least"), "attacks_player", "cast" (``filter`` of spells, ``ordinal``
    for "your second spell each turn", ``detail`` zone cast from or "next_this_turn",
    ``subject`` Ref("targets") for "a spell that targets ..."), "copy", "draw" (``ordinal``),
    "discard", "sacrifice", "create_token", "cycle", "gain_life"/"lose_life" (``ordinal`` 1 =
    first time each turn), "scry_or_surveil", "conjure", "expend", "leave_graveyard";
    steps: "phase" (``step`` "upkeep", "draw", "combat", "precombat_main", "postcombat_main",
    "end", "end_of_combat"; ``player`` "you"/"each"/"opponent"/"enchanted"; ``detail`` "next"
    for a delayed "your next end step"); game: "day_night_change" (``to`` "day"/"night"/None,
    rule 731.4), "take_initiative" (rule 726), "complete_dungeon", "venture", "room_entered"
    (rule 309.4c, ``detail`` room), "chapter" (Saga, rule 714.2b; ``detail`` "1,2"),
    "class_level" (rule 716), "reflexive" ("When you do", rule 603.12).
    ``alternatives`` holds further trigger events for "When X enters or attacks" (rule 603.2)
    and "When X enters and whenever ...".
    """

    event: str
    subject: Ref | None = None
    filter: ObjectFilter | None = None
    player: str | None = None
    step: str | None = None
    to: str | None = None
    ordinal: int | None = None
    detail: str | None = None
    alternatives: tuple[Trigger, ...] = ()
    text: str = ""
    # "Whenever a +1/+1 counter is put on ~": once for each counter of the event (not once
    # for "one or more")
    each_one: bool = False


# --------------------------------------------------------------------------------------------
# Abilities (rule 113.3) and the Unsupported clause
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ability:
    """Base class of compiled ability paragraphs (rule 113.2c). ``text`` is the paragraph."""


@dataclass(frozen=True, slots=True)
class KeywordAbility(Ability):
    """A keyword ability (rule 702): ``name`` lower case ("flying", "daybound", "nightbound",
    "ward", "equip", "protection", "flashback", "escape", "landwalk"...); ``parameter`` keeps the
    keyword's parameter text ("from creatures", "2" for Toxic 2) and ``cost`` a cost parameter
    (Ward {1}, Ward—Pay 2 life, Equip {3}, Flashback {2}{R}{G}); ``rider`` a restriction after
    the cost ("Equip—Pay 3 life. Activate only once each turn.", 602.5b) the ability keeps."""

    name: str = ""
    parameter: str | None = None
    cost: Cost | None = None
    text: str = ""
    rider: str = ""


@dataclass(frozen=True, slots=True)
class StaticAbility(Ability):
    """A static ability (rule 604): continuous effects true while the object is in its zone.
    ``condition`` for "As long as ..." (rule 604.1); ``zone`` where it functions when not the
    battlefield (rule 113.6)."""

    effects: tuple[Effect, ...] = ()
    condition: Condition | None = None
    zone: str | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Ability):
    """A triggered ability (rule 603): ``trigger``, an intervening-if ``condition`` checked when
    it triggers and on resolution (rule 603.4), and ``effects`` run on resolution.
    ``once_each_turn`` for "This ability triggers only once each turn" (rule 603.2h);
    ``label`` is an ability word or flavor word ("Landfall", "Loud Ruckus", rule 207.2c).
    ``optional`` is True when the whole effect is "you may" (rule 603.5)."""

    trigger: Trigger = field(default_factory=lambda: Trigger("text"))
    condition: Condition | None = None
    effects: tuple[Effect, ...] = ()
    once_each_turn: bool = False
    optional: bool = False
    label: str | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Ability):
    """An activated ability "[Cost]: [Effect.] [Activation instructions]" (rule 602).

    ``timing`` is "sorcery" for "Activate only as a sorcery" (rule 602.5d), "instant", or None;
    ``only_your_turn`` for "Activate only during your turn"; ``max_per_turn`` 1 for "Activate only
    once each turn" (2 for "no more than twice each turn"); ``condition`` for "Activate only if
    ..."; ``only_step`` for "Activate only during your upkeep"; ``any_player`` for "Any player may
    activate this ability" (rule 602.1a is the default); ``max_per_game`` 1 for an exhaust
    ability (rule 702.177a: "Activate only once"). ``is_mana_ability`` follows rule
    605.1a (no target, could add mana, not loyalty); ``loyalty`` is True for [+1]/[-2] abilities
    (rule 606)."""

    cost: Cost = field(default_factory=Cost)
    effects: tuple[Effect, ...] = ()
    timing: str | None = None
    only_your_turn: bool = False
    max_per_turn: int | None = None
    condition: Condition | None = None
    is_mana_ability: bool = False
    loyalty: bool = False
    label: str | None = None
    text: str = ""
    only_step: str | None = None
    any_player: bool = False
    max_per_game: int | None = None


@dataclass(frozen=True, slots=True)
class EntersReplacement(Ability):
    """A replacement ability modifying how this permanent enters (rule 614.1c-d, 614.12).

    ``kind``: "tapped" ("enters tapped"), "prepared" ("enters prepared", rule 722.3a),
    "counters" ("enters with N +1/+1 counters", ``effects`` holds the PutCounters), "as_enters"
    ("As this enters, choose ..." or "If it's neither day nor night, it becomes day as this
    creature enters", rule 731.2a); ``condition`` guards it; ``effects`` are applied as the
    permanent enters. ``subject`` is usually self; "each creature you control enters with an
    additional +1/+1 counter" uses a filter ref.
    """

    kind: str = "as_enters"
    effects: tuple[Effect, ...] = ()
    condition: Condition | None = None
    subject: Ref = field(default_factory=lambda: Ref("self"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class SpellAbility(Ability):
    """The instructions of an instant or sorcery (rule 113.3a), followed on resolution
    (rule 608.2)."""

    effects: tuple[Effect, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class TextChangedSpell(Ability):
    """The instructions of an instant or sorcery as a keyword's text-changing effect leaves
    them (rule 612): cleave's "remove all text found within square brackets" (rule 702.148a),
    run instead of the face's SpellAbility records when ``keyword``'s cost was paid."""

    keyword: str = "cleave"
    effects: tuple[Effect, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class AdditionalCost(Ability):
    """"As an additional cost to cast this spell, ..." (rule 601.2b, 601.2f). ``alternatives``
    is set for "sacrifice a creature or pay {3}": the caster pays one of them (``cost`` is
    then the first)."""

    cost: Cost = field(default_factory=Cost)
    optional: bool = False
    text: str = ""
    alternatives: tuple[Cost, ...] = ()


@dataclass(frozen=True, slots=True)
class Unsupported(Ability):
    """An ability paragraph the compiler does not understand, kept verbatim (never dropped)."""

    text: str = ""
    reason: str = ""


# --------------------------------------------------------------------------------------------
# Dungeon rooms (rule 309.4)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Room:
    """A dungeon room (rule 309.4): ``name`` (flavor, rule 309.4b), its room ability's effects
    (rule 309.4c: "When you move your venture marker into this room, [effect]") and the names of
    the rooms its arrows lead to (``exits``; empty for the bottommost room)."""

    name: str
    effects: tuple[Effect, ...] = ()
    exits: tuple[str, ...] = ()
    text: str = ""


def iter_effects(items: tuple[Effect, ...] | tuple[Ability, ...]):
    """Yield every effect in ``items`` depth-first, entering combinators and granted abilities.

    Used by the engine to find targets and by the compiler to find unsupported sentences.
    """
    for item in items:
        if isinstance(item, Effect):
            yield item
        children: tuple = ()
        if isinstance(item, MayEffect):
            children = item.effects + item.if_you_do + item.if_you_dont
        elif isinstance(item, Conditional):
            children = item.effects + item.otherwise
        elif isinstance(item, Unless):
            children = item.effects + item.alternative
        elif isinstance(item, Repeat | WithX):
            children = item.effects
        elif isinstance(item, RollDie):
            children = tuple(e for _, _, row in item.results for e in row)
        elif isinstance(item, Modal):
            children = tuple(e for mode in item.modes for e in mode)
        elif isinstance(item, ReplacementEffect):
            children = item.instead
        elif isinstance(item, DelayedTrigger) and item.ability is not None:
            children = item.ability.effects
        elif isinstance(item, CreateEmblem):
            children = tuple(e for a in item.abilities for e in iter_effects((a,)))
        elif isinstance(item, StaticAbility | TriggeredAbility | ActivatedAbility
                        | EntersReplacement | SpellAbility | TextChangedSpell):
            children = item.effects
        if children:
            yield from iter_effects(children)


def targets_of(ability: Ability) -> tuple[Target, ...]:
    """All targets an ability asks for, in text order (rule 601.2c, 602.2b, 603.3d)."""
    found: list[Target] = []
    for eff in iter_effects((ability,)):
        for value in _refs_in(eff):
            if value.kind == "target" and value.target is not None and value.target not in found:
                found.append(value.target)
    return tuple(found)


def _refs_in(eff: Effect):
    """Every :class:`Ref` held directly by an effect's fields."""
    for name in getattr(type(eff), "__slots__", ()):
        value = getattr(eff, name, None)
        if isinstance(value, Ref):
            yield value
        elif isinstance(value, tuple):
            for v in value:
                if isinstance(v, Ref):
                    yield v
