"""Effect records added after :mod:`rules_engine.abilities` reached its size cap.

The same kind of plain frozen dataclasses as there (the compiler produces them, the engine's
handlers and static-ability code read them); ``abilities`` stays the place of the shared
building blocks (:class:`~rules_engine.abilities.Ref`, ``Amount``, ``ObjectFilter`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_engine.abilities import (
    AddMana,
    Amount,
    Condition,
    CostModifier,
    Duration,
    Effect,
    KeywordAbility,
    Modal,
    ModifyPT,
    MoveToZone,
    ObjectFilter,
    Ref,
    Repeat,
    RollDie,
    TokenSpec,
)


@dataclass(frozen=True, slots=True)
class IsChosen(Effect):
    """``subject`` *is* the value chosen for its source: "This land is the chosen type"
    (a basic land type chosen as it entered, 614.12; 305.7: it loses its other land types),
    "~ is the chosen type in addition to its other types" (205.1b), "Enchanted land is the
    chosen color" (105.3, layer 5). ``what`` is "type" or "color"; the value is the one the
    source's "choose a ..." linked to it (607.2d)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    what: str = "type"
    additional: bool = False
    duration: Duration | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class RemoveTypes(Effect):
    """``subject`` *isn't* a <card type>: "As long as your devotion to blue is less than five,
    Thassa isn't a creature" (layer 4, 613.1d): the card types named are removed, the others
    stay, and so do the subtypes that go with a card type it still has (205.1a)."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    card_types: tuple[str, ...] = ()
    duration: Duration | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class ActivationCostChange(Effect):
    """"This ability costs {1} less to activate for each legendary creature you control"
    (602.2b: 601.2f applies to an ability's activation cost): the change, as a spell's own
    ``modifier`` would be written (applies_to_self), kept among the ability's effects and
    applied by cost_modifiers.activation_cost as the ability is activated; nothing is left
    for it to do as the ability resolves."""

    modifier: CostModifier | None = None
    text: str = ""



@dataclass(frozen=True, slots=True)
class CreateAttachedToken(Effect):
    """"Create a Royal Role token attached to that creature": an Aura token created already
    attached to ``to`` (111.10j-r Role tokens, 303.4f: an Aura put onto the battlefield without
    being cast is attached as the effect says; 303.4g: with nothing to attach it to, it isn't
    created). ``to`` is resolved before the token exists, so "it"/"that creature" keep meaning
    the creature the sentence speaks of."""

    token: TokenSpec = field(default_factory=TokenSpec)
    to: Ref = field(default_factory=lambda: Ref("it"))
    controller: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class PlayerExiles(Effect):
    """"Target opponent exiles a creature they control", "... exiles a card from their hand",
    "... and their graveyard": the player exiles what the words describe (701.13), choosing
    among their own objects when a number of them is described (608.2d: the player the
    instruction names makes the choice). ``zone`` is "battlefield" (permanents they control),
    "hand" or "graveyard"; ``whole`` exiles every card there ("their graveyard")."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    filter: ObjectFilter | None = None
    zone: str = "battlefield"
    amount: Amount = field(default_factory=lambda: Amount(1))
    whole: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class GrantChoice(Effect):
    """"Target creature gains your choice of double strike or lifelink until end of turn": the
    controller picks one of ``keywords`` as the effect resolves (608.2d) and the subject gains
    it (613.1f, layer 6)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    keywords: tuple[KeywordAbility, ...] = ()
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""


@dataclass(frozen=True, slots=True)
class FromOutsideGame(Effect):
    """"You may put a card you own from outside the game into your hand", "... reveal a
    creature card you own from outside the game and put it into your hand" (400.11b, 108.3b):
    a card of ``filter`` the player owns outside the game (their sideboard, 400.11a) comes into
    their hand."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    filter: ObjectFilter | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class OnceEachTurn(Repeat):
    """"..., you may draw a card. Do this only once each turn.": ``effects`` (a "you may") are
    done at most once a turn for this object; later in the turn the ability does nothing."""


@dataclass(frozen=True, slots=True)
class BecomesChosenType(Effect):
    """"Target land becomes the basic land type of your choice until end of turn", "... becomes
    the creature type of your choice": the controller chooses a value of ``kind`` ("basic land
    type" or "creature type") as it resolves (608.2d) and it replaces the subject's subtypes of
    that kind (layer 4, 613.1d; 305.7 a land's old land types go, its new basic land type gives
    its mana ability 305.6). With ``value`` the text names the subtype ("Target land becomes a
    Swamp until end of turn", "Target creature becomes a Coward until end of turn")."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    kind: str = "basic land type"
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""
    value: str | None = None  # the subtype named ("becomes a Swamp"): no choice then


@dataclass(frozen=True, slots=True)
class SwitchPT(Effect):
    """"Switch ~'s power and toughness until end of turn", "Switch target creature's power and
    toughness until end of turn": layer 7d (613.4d), applied after every other power and
    toughness change; two switches cancel out."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    duration: Duration | None = field(default_factory=Duration)
    text: str = ""


@dataclass(frozen=True, slots=True)
class EnterAsCopyExcept(Effect):
    """"You may have ~ enter as a copy of any creature ..., except it's a Bird in addition to its
    other types and it has flying" (707.9, 614.1c): :class:`~rules_engine.abilities.EnterAsCopy`
    with its exceptions read into fields, which become part of the copiable values (707.9b):
    ``subtypes`` / ``card_types`` added to the copied ones ("in addition to its other types",
    205.1b) or set instead (``replace_types``), ``keywords`` added to its abilities."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    subtypes: tuple[str, ...] = ()
    card_types: tuple[str, ...] = ()
    replace_types: bool = False
    keywords: tuple[KeywordAbility, ...] = ()
    text: str = ""
    # more exceptions (707.9b; text/copy_except.py): "its name is ~" (``own_name``), "it's
    # legendary in addition to its other types" / "it isn't legendary" (``supertypes`` added,
    # ``not_legendary``), "it's a 4/4 black Zombie ..." (``power``/``toughness``/``colors`` set),
    # "it doesn't copy that creature's color" (``colorless``: no colors copied), quoted
    # abilities it has (``abilities``, 113.10), and "it enters with N additional <kind> counters
    # on it [if it's a <type>]" (``counters``: (kind, amount, card type or "") as it enters,
    # 614.1c; a choice of the copy, not a copiable value)
    own_name: bool = False
    supertypes: tuple[str, ...] = ()
    not_legendary: bool = False
    power: int | None = None
    toughness: int | None = None
    colors: tuple[str, ...] = ()
    colorless: bool = False
    abilities: tuple[Any, ...] = ()
    counters: tuple[tuple[str, Amount, str], ...] = ()


@dataclass(frozen=True, slots=True)
class DoubleCounters(Effect):
    """"Double the number of +1/+1 counters on each creature you control": each object of
    ``subject`` gets as many ``counter`` counters as it already has (701.10e), counted for
    each object on its own as the effect resolves."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    counter: str = "+1/+1"
    text: str = ""


@dataclass(frozen=True, slots=True)
class MoveExiledWith(Effect):
    """"Put each card exiled with ~ into its owner's graveyard", "Return each card exiled with
    ~ to its owner's hand": every card in exile that an instruction of this object put there
    (406.6, 607.2a) goes to ``destination`` ("graveyard", "hand" or "battlefield"); the cards
    moved are what "this way" counts afterwards (608.2c)."""

    destination: str = "graveyard"
    controller: str = "owner"
    text: str = ""
    # "put all creature cards exiled with ~ onto the battlefield under your control": only
    # the cards the filter names (None: every one)
    filter: ObjectFilter | None = None
    # "put a creature card exiled with ~ onto the battlefield": one of them, chosen (608.2d)
    one: bool = False
    # "Put a card exiled with ~ into your graveyard": the controller chooses that many of them
    # (608.2d), the last one is "it"; None: every one
    count: int | None = None


@dataclass(frozen=True, slots=True)
class ModalUnchosen(Modal):
    """"Choose one that hasn't been chosen this turn —": a modal ability (700.2) whose modes
    already chosen this turn for this object (the same object, 400.7) can't be chosen again;
    with every mode chosen, no mode can be chosen and the ability does nothing (700.2b)."""


@dataclass(frozen=True, slots=True)
class ModalUnchosenEver(ModalUnchosen):
    """"Choose one that hasn't been chosen —" (no "this turn"): the modes chosen for this
    object at any time before (the same object, 400.7) can't be chosen again (700.2)."""


@dataclass(frozen=True, slots=True)
class ModalIf(Modal):
    """"Choose one. If <condition>, you may choose both instead." (700.2, 614.15): as the modes
    are chosen (601.2b), the condition holding lets ``more_min``..``more_max`` modes be chosen
    instead of ``min_choices``..``max_choices``."""

    condition: Condition | None = None
    more_min: int = 1
    more_max: int = 2


@dataclass(frozen=True, slots=True)
class PutFromMilled(Effect):
    """"You may put a permanent card from among the milled cards into your hand": the player
    chooses up to ``max_count`` cards of ``filter`` among the cards this resolution milled
    (701.17, 608.2c "this way") still in the graveyard, and puts them into ``destination``."""

    filter: ObjectFilter | None = None
    min_count: int = 0
    max_count: int = 1
    destination: str = "hand"
    text: str = ""


@dataclass(frozen=True, slots=True)
class SearchFor(Effect):
    """"Search target opponent's library for up to X creature cards with different names":
    ``searcher`` looks through the library of ``library`` (701.23) for up to ``count`` cards of
    ``filter`` (None: any number) and finds at least ``min_count`` when there are that many
    (701.23b: a search for cards with a stated quality may find fewer). The found cards are
    what the next instructions move ("put them onto the battlefield", "exile them", 608.2c);
    ``distinct_names`` for "with different names" (no two found share a name, 201.2)."""

    searcher: Ref = field(default_factory=lambda: Ref("you"))
    library: Ref = field(default_factory=lambda: Ref("you"))
    filter: ObjectFilter | None = None
    count: Amount | None = None
    min_count: int = 0
    distinct_names: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class SetLifeTotal(Effect):
    """"Target player's life total becomes 10", "each player's life total becomes the number
    of creatures they control": each player gains or loses the difference (119.5), so the
    change is a life gain or a life loss for every rule and trigger that asks."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    amount: Amount = field(default_factory=lambda: Amount(0))
    text: str = ""


@dataclass(frozen=True, slots=True)
class MoveAllAmong(Effect):
    """"Put all land cards revealed this way into your hand", "Put each creature card milled
    this way onto the battlefield": every card of ``filter`` among the cards the previous
    instruction revealed, looked at or milled (608.2c "this way") moves to ``to_zone`` (a
    :class:`~rules_engine.abilities.MoveToZone` zone name); they become the chosen ones, so
    "the rest" afterwards is the others. ``other`` for "all other cards revealed this way"
    (the ones not already chosen or named "that card")."""

    filter: ObjectFilter | None = None
    to_zone: str = "hand"
    tapped: bool = False
    under_control: str | None = None
    other: bool = False
    text: str = ""
    # "all revealed cards not cast this way", "all cards revealed this way that weren't put onto
    # the battlefield": only those still in this zone (the library they were revealed in)
    still_in: str | None = None


@dataclass(frozen=True, slots=True)
class RevealTop(Effect):
    """"Each player reveals the top card of their library", "target opponent reveals the top
    X cards of their library" (701.20a): the cards stay where they are; together they are
    "the cards revealed this way" for the instructions that follow (608.2c)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class MoveAtRandom(Effect):
    """"Return two creature cards at random from your graveyard to the battlefield": the game,
    not a player, picks ``count`` cards of ``filter`` from ``from_zone`` of ``owner`` (each card
    equally likely; fewer when there are fewer) and moves them to ``to_zone`` (400.7)."""

    filter: ObjectFilter | None = None
    count: Amount = field(default_factory=lambda: Amount(1))
    owner: Ref = field(default_factory=lambda: Ref("you"))
    from_zone: str = "graveyard"
    to_zone: str = "hand"
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExtraLandPlays(Effect):
    """"You may play an additional land this turn", "... up to two additional lands this
    turn" (305.2a): that many more land plays for the player this turn."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class RemoveCountersChosen(Effect):
    """"Remove all counters from target permanent", "Remove up to three counters from target
    permanent", "Remove any number of counters from target creature you control", "Remove up
    to four charge counters from ...": counters of any kind (``counter`` None) or of one kind,
    all of them (``amount`` None and not ``up_to``), exactly that many, or up to that many /
    any number (``up_to``, ``amount`` None for any number); the controller picks the kinds one
    counter at a time (122.1, 608.2d). What was removed is "that many" afterwards (608.2c)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    counter: str | None = None
    amount: Amount | None = None
    up_to: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class PutFromHandOnTop(Effect):
    """"Target opponent puts a card from their hand on top of their library": each such player
    chooses that many cards of their own hand (608.2d) and puts them on top (401.4)."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class PutTopOrBottom(Effect):
    """"Target creature's owner puts it on their choice of the top or bottom of their
    library", "you may put it on the top or bottom of its owner's library": ``chooser``
    decides which (608.2d); the object goes to its owner's library there (401.4)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    chooser: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""
    # the places offered: "top", "bottom", or "<ordinal> from the top" ("second from the top
    # or on the bottom", 401.4 counted from the top)
    choices: tuple[str, ...] = ("top", "bottom")


@dataclass(frozen=True, slots=True)
class SearchZonesForName(Effect):
    """"Search its controller's graveyard, hand, and library for all cards with the same name
    as that artifact and exile them", "Search target opponent's graveyard, hand, and library
    for up to four cards with that name and exile them": the player's ``zones`` are searched
    (701.23) for cards with the name of the object the effect spoke of (its target, kept as it
    last existed), else the name the source chose (709.4a); at most ``max_count`` (None: all
    of them) are exiled. ``player`` "its controller/owner" is that object's."""

    player: Ref = field(default_factory=lambda: Ref("that_player"))
    zones: tuple[str, ...] = ("graveyard", "hand", "library")
    max_count: int | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class RevealAtRandom(Effect):
    """"Target player reveals a card at random from their hand" (701.20a): the game picks the
    card (its seeded generator); later text names it "that card" / "the revealed card"."""

    player: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class WithSameName(Effect):
    """"Destroy target artifact and all other artifacts with the same name as that artifact",
    "Exile target nonland permanent ... and all tokens that player controls with the same name
    as that permanent": ``subject`` and every other permanent of ``filter`` whose name is its
    name (201.2) are destroyed (701.8) or exiled (``exile``) at once."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    filter: ObjectFilter | None = None
    exile: bool = False
    text: str = ""
    # "Return target creature card and all other cards with the same name as that card from
    # your graveyard to your hand": the cards are looked for in the target's zone and moved
    # as this record says (its subject is replaced by the whole group)
    move: MoveToZone | None = None


@dataclass(frozen=True, slots=True)
class ReturnAttached(MoveToZone):
    """"You may return ~ from your graveyard to the battlefield attached to that creature": the
    Aura enters attached to ``attach_to`` (303.4f-g: it stays where it is when it can't legally
    enchant it; a permanent that isn't an Aura or Equipment enters unattached, 303.4h). A move
    of the card itself from its graveyard, so the ability works there (113.6m)."""

    attach_to: Ref | None = None


@dataclass(frozen=True, slots=True)
class ChooseFromZones(Effect):
    """"You choose a nonland card from that player's graveyard or hand": one card of
    ``filter`` among those zones of ``owner`` (608.2d, after "target opponent reveals their
    hand"); later text calls it "it" / "that card"."""

    chooser: Ref = field(default_factory=lambda: Ref("you"))
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    zones: tuple[str, ...] = ("graveyard", "hand")
    owner: Ref = field(default_factory=lambda: Ref("that_player"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChooseAmong(Effect):
    """"Choose one of them", "An opponent chooses two of those cards", "... a creature card from
    among them", "choose one of them at random": ``chooser`` picks ``count`` cards matching
    ``filter`` among the cards the effect just looked at, revealed, exiled or searched for
    (608.2c "them"; 608.2d the named player chooses; ``random``: "at random", the game picks
    with its random generator). The cards picked are "that card" / "the chosen cards"
    afterwards, the others "the rest" / "the other"; the group looked at stays "those
    cards"."""

    chooser: Ref = field(default_factory=lambda: Ref("you"))
    count: int = 1
    filter: ObjectFilter | None = None
    random: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class RollDieModified(RollDie):
    """"Roll a d20 and add the total mana value of those cards", "... and subtract the number
    of cards in your hand": a die roll whose instruction carries a modifier (706.2: the natural
    result plus or minus ``modifier`` is the result the table and "the result" read)."""

    modifier: Amount | None = None
    subtract: bool = False


@dataclass(frozen=True, slots=True)
class Vote(Effect):
    """"Starting with you, each player votes for time or money" (701.38a): each player, starting
    with the controller and in turn order, chooses one of ``options`` (words with no rules
    meaning, 701.38b). The tally is what "If time gets more votes", "for each money vote" and
    "the number of profit votes" read afterwards."""

    options: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class CastFromHand(Effect):
    """"You may cast an instant or sorcery spell from your hand with mana value less than or
    equal to that damage without paying its mana cost" (608.2g, 118.9): during the resolution,
    the controller may cast one card from their hand that ``filter`` describes (its amounts
    counted now), for no mana when ``free``."""

    filter: ObjectFilter | None = None
    free: bool = True
    text: str = ""


@dataclass(frozen=True, slots=True)
class SpellCostModifier(CostModifier):
    """A spell cost change (601.2f) with what :class:`CostModifier` can't say: "This effect
    reduces only the amount of colored mana you pay" (``colored_only``: a coloured symbol's
    reduction never takes generic mana, 118.7b-d otherwise), and where the spell is cast from
    ("Spells you cast from anywhere other than your hand", ``from_zones`` / ``not_from``)."""

    colored_only: bool = False
    from_zones: tuple[str, ...] = ()
    not_from: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AbilityCostModifier(CostModifier):
    """"Activated abilities of artifacts you control cost {1} less to activate", "Equip
    abilities you activate of other Equipment cost {1} less ...", "Loyalty abilities of
    planeswalkers your opponents control cost {1} more ..." (602.2b applies 601.2f to an
    activation cost): ``filter`` describes the ability's source, ``ability_kind`` its kind
    (None any, "equip", "exhaust", "loyalty", "nonmana"), ``activator`` "you" / "opponent"
    when the text names who activates it, ``target`` what it must target ("that target ~"),
    ``min_one`` "This effect can't reduce the mana in that cost to less than one mana"."""

    ability_kind: str | None = None
    activator: str | None = None
    target: ObjectFilter | None = None
    min_one: bool = False


@dataclass(frozen=True, slots=True)
class CostChangeThisTurn(Effect):
    """A resolved "Artifact spells you cast this turn cost {1} less to cast", "the next spell
    you cast this turn costs {1} less to cast" (611.2a: a continuous effect from a resolved
    ability, for the rest of the turn; ``next_only``: used up by the next such spell its
    controller casts, 601.2i). Kept by effects/cost_effects.py, applied by
    cost_modifiers.modified_cost (601.2f)."""

    modifier: CostModifier | None = None
    next_only: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class ReplaceEvent(Effect):
    """A replacement effect that modifies an event as it happens (614.1a), applied by the
    event's own code through ``registry.hooks.replace_event`` (``effects/replace_events.py``):

    ``event`` is the replaced event kind: "gain_life" (119.3), "damage" (120.3), "counters"
    (122.6, put on a permanent, also as it enters, or on a player), "tokens" (111.1, created),
    "draw" (121.1, one card drawn),
    "roll_dice" (706.1). ``op`` is the modification: "plus" N / "times" N / "minus" N (of the
    amount), "prevent" N of it (615.7), "lose_instead" (gain becomes loss), "none" (nothing
    happens, 614.1b), "extra_token" (``token`` created too), "advantage" (N more dice, the
    lowest ignored, 706.6), "redirect" (the damage is dealt to ``instead_to`` instead: "self"
    ~, "attached" the permanent ~ enchants or equips), "copies" (the tokens are copies of
    ``instead_to``: "attached", or "chosen" - a creature other than ~ chosen then).
    ``first_each_turn`` "turn" / "your_turn": only the first such event each turn (each of
    your turns); ``optional``: "you may instead". ``when`` narrows a draw (121.1): "empty"
    while the library has no cards, "not_first_in_draw_step" except the first one drawn in each
    of the player's draw steps. Draws (614.11): "times" N (draw N cards instead), "none" (skip
    that draw), "win" (that player wins the game instead, 104.2b). "prevent_then" prevents the
    damage and runs ``then`` ("prevent that damage and mill twice that many cards", "put that
    many +1/+1 counters on it instead": "that many" is the damage prevented, "it" ~).
    ``condition``: "while you're the monarch" (checked as the event would happen).

    Who and what: ``player`` the player the event is about ("you", "opponent", "any"; for
    counters and dice the player who puts or rolls), ``subject`` the object it is about
    (counters' recipient, damage's recipient permanent, the tokens), ``recipient`` a damage
    recipient word ("any", "you", "opponent", "opponent_or_permanent", "self", "permanent"),
    ``source`` the damage source's filter (``source_is``: "self" ~ itself, "other" another
    one, "attached" the permanent ~ enchants or equips),
    ``combat`` "combat" / "noncombat", ``counter`` the counter kind (None = any kind).
    ``duration`` for the ones a resolving spell creates ("until end of turn, if ...")."""

    event: str = ""
    op: str = ""
    n: Amount | None = None
    player: str | None = None
    subject: ObjectFilter | None = None
    recipient: str | None = None
    source: ObjectFilter | None = None
    source_is: str | None = None
    combat: str | None = None
    counter: str | None = None
    token: TokenSpec | None = None
    instead_to: str | None = None
    first_each_turn: str | None = None
    optional: bool = False
    when: str | None = None
    then: tuple[Effect, ...] = ()
    condition: Condition | None = None
    duration: Duration | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class NextSpellGrant(Effect):
    """A resolved "The next [noncreature] spell you cast this turn has cascade / convoke /
    affinity for artifacts" (611.2a, 613.1f): ``grant`` gives those keywords to the next spell
    its controller casts this turn that the grant's filter describes (used up by it, 601.2i);
    kept by effects/cost_effects.py, given by rules_engine.statics_spells as it is cast."""

    grant: Any = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChooseInstruction(Effect):
    """"Each opponent discards a card or sacrifices a creature", "... unless they sacrifice a
    nonland permanent or discard a card": ``chooser`` (each player it names) picks one of the
    ``options`` (each a sequence of effects) and carries it out (608.2d: the player named makes
    the choice as the effect resolves)."""

    chooser: Ref = field(default_factory=lambda: Ref("you"))
    options: tuple[tuple[Effect, ...], ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class AddManaCouldProduce(AddMana):
    """"Add one mana of any type that a land you control could produce", "... of any color that
    a land an opponent controls could produce" (106.7): one mana of a type (``colors_only``:
    a colour, never colorless) that some permanent matching ``source_filter`` could produce
    now. An :class:`AddMana`, so the ability is still a mana ability (605.1a)."""

    source_filter: ObjectFilter | None = None
    colors_only: bool = False


@dataclass(frozen=True, slots=True)
class ChangeTargets(Effect):
    """"You may choose new targets for target spell / that spell / it", "You may change any
    targets of target Arcane spell" (115.7d: the player may change any number of the spell's
    targets, each new one legal; the "may" is the :class:`MayEffect` around it)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class MoveCounters(Effect):
    """"Move a counter from target creature you control onto a second target creature you
    control", "move a +1/+1 counter from target creature onto ~" (122.5: removed from the first
    object and put onto the second; nothing happens if either can't be done). ``counter`` is a
    kind, or "any" / None (the mover's choice for "a counter", every kind for "all counters");
    ``amount`` None: all of them ("Move all counters from target creature onto another")."""

    source: Ref = field(default_factory=lambda: Ref("it"))
    to: Ref = field(default_factory=lambda: Ref("self"))
    counter: str | None = "any"
    amount: Amount | None = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExcessDamage(Effect):
    """The damage in ``effects`` whose excess (120.4a: beyond lethal damage for a creature,
    counting damage already marked and deathtouch; beyond its loyalty for a planeswalker) is
    dealt to ``excess_to`` instead ("Excess damage is dealt to that creature's controller
    instead")."""

    effects: tuple[Effect, ...] = ()
    excess_to: Ref = field(default_factory=lambda: Ref("controller_of", of=Ref("it")))
    text: str = ""


@dataclass(frozen=True, slots=True)
class OptionalSpellCost(CostModifier):
    """"As an additional cost to cast green permanent spells, you may pay 2 life. Those spells
    cost {G} less to cast if you paid life this way. This effect reduces only the amount of
    green mana you pay." (601.2b: an optional additional cost announced as such a spell is
    cast; 601.2f: ``delta`` is then taken off its coloured symbols only): ``filter`` the
    spells, ``extra`` the cost. Offered by effects/cost_effects.py (a cast announcement)."""

    extra: Any = None


@dataclass(frozen=True, slots=True)
class PutIntoChosenZone(Effect):
    """"Search your library for a creature card, reveal it, put it into your hand or
    graveyard": ``chooser`` picks one of ``zones`` for the object (608.2d)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    zones: tuple[str, ...] = ("hand", "graveyard")
    chooser: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class BecomesChosenColor(Effect):
    """"Target creature becomes the color of your choice until end of turn" (105.3, layer 5):
    the controller names a color as it resolves and the object becomes that color for the
    duration (a :class:`~rules_engine.abilities.SetTypes` of that one color)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    duration: Duration | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class ShuffleSearchers(Effect):
    """"Then each player who searched their library this way shuffles" (701.24a: only the
    players who searched during this resolution, 701.23)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class RedirectDamage(Effect):
    """"The next 1 damage that would be dealt to ~ this turn is dealt to target creature you
    control instead", "All damage that would be dealt to target creature this turn is dealt to
    you instead" (614.1a, 615.7-style shield): ``amount`` None for all of it; the objects of
    ``source_ref`` and ``to`` are fixed as it resolves (611.2c)."""

    amount: Amount | None = None
    source_ref: Ref = field(default_factory=lambda: Ref("self"))
    to: Ref = field(default_factory=lambda: Ref("you"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class SpendAnyMana(Effect):
    """"... and you may spend mana as though it were mana of any color to cast that spell",
    "mana of any type can be spent to cast them" (609.4b): when the controller casts these
    cards, any mana pays their colored symbols (the cost itself is unchanged)."""

    subject: Ref = field(default_factory=lambda: Ref("it"))
    text: str = ""


@dataclass(frozen=True, slots=True)
class DistributeCounters(Effect):
    """"Distribute three +1/+1 counters among one, two, or three target creatures" (601.2d:
    the division among the targets, each getting at least one; 122.1)."""

    subject: Ref = field(default_factory=lambda: Ref("target"))
    counter: str = "+1/+1"
    amount: Amount = field(default_factory=lambda: Amount(1))
    text: str = ""


@dataclass(frozen=True, slots=True)
class RemoveCountersAmong(Effect):
    """"Remove up to three stun counters from among all permanents" (122.1, 608.2d): the
    controller removes that many counters of the kind in all, one at a time, from the
    permanents the filter names; ``up_to``: they may stop early."""

    filter: ObjectFilter = field(default_factory=ObjectFilter)
    counter: str | None = None
    amount: Amount = field(default_factory=lambda: Amount(1))
    up_to: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class PutCountersOfKind(Effect):
    """"put its +1/+1 counters on target creature you control" (122.1, 608.2h): as many
    counters of that one kind as ``source`` had (its last known information once it has left
    the battlefield) go on ``subject``."""

    subject: Ref = field(default_factory=lambda: Ref("self"))
    source: Ref = field(default_factory=lambda: Ref("it"))
    counter: str = "+1/+1"
    text: str = ""


@dataclass(frozen=True, slots=True)
class EachPlayerDoes(Effect):
    """"Each player returns two land cards from their graveyard to the battlefield": every
    ``player`` follows ``effects`` in turn order as if they controlled the ability ("you" and
    "your" are that player; they make its choices, 608.2d, 101.4)."""

    player: Ref = field(default_factory=lambda: Ref("player_each"))
    effects: tuple[Effect, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class PlayersWho(Effect):
    """"Each player who controls an artifact or enchantment creates a 2/2 green Bear creature
    token", "Each opponent who lost life this turn sacrifices a creature": the players of
    ``players`` for whom ``condition`` holds (read from that player's side: "you control" is
    "they control") follow ``effects`` one at a time, in APNAP order (101.4); each is the
    "player_each" / "opponent_each" of those effects while it acts."""

    players: Ref = field(default_factory=lambda: Ref("player_each"))
    condition: Any = None
    effects: tuple[Effect, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class DoublePT(ModifyPT):
    """"Double the power and toughness of each creature you control [until end of turn]"
    (701.10b-c): each of those creatures gets +X/+Y, X and Y its own power and toughness as the
    effect resolves (a negative value gives -X, 701.10c). A :class:`ModifyPT`, so the
    durations the grammar reads apply; ``both`` for "power and toughness"."""

    both: bool = True


@dataclass(frozen=True, slots=True)
class DeclareTargets(Effect):
    """"Choose target creature you control and target creature an opponent controls": the
    targets are chosen as the spell is cast (601.2c) and nothing happens to them by this
    sentence itself; the sentences after name them ("the creature you control", "those
    creatures fight each other")."""

    subjects: tuple[Ref, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class DealToEachOther(Effect):
    """"Each of those creatures deals damage equal to its toughness to the other" (120.3,
    701.14a-like): ``first`` and ``second`` each deal damage equal to their own ``stat``
    ("power" or "toughness") to the other, at the same time."""

    first: Ref = field(default_factory=lambda: Ref("target"))
    second: Ref = field(default_factory=lambda: Ref("target"))
    stat: str = "power"
    text: str = ""


@dataclass(frozen=True, slots=True)
class LifeCostModifier(CostModifier):
    """"Spells your opponents cast that target ~ cost an additional 3 life to cast" (601.2f:
    a cost increase in life, judged once the targets are chosen, 601.2c; 119.4: it can be
    paid only with that much life). Applied by cost_modifiers.life_tax."""

    life: int = 0
