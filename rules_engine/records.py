"""Effect records added after :mod:`rules_engine.abilities` reached its size cap.

The same kind of plain frozen dataclasses as there (the compiler produces them, the engine's
handlers and static-ability code read them); ``abilities`` stays the place of the shared
building blocks (:class:`~rules_engine.abilities.Ref`, ``Amount``, ``ObjectFilter`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_engine.abilities import (
    Amount,
    CostModifier,
    Duration,
    Effect,
    KeywordAbility,
    Modal,
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


@dataclass(frozen=True, slots=True)
class ModalUnchosen(Modal):
    """"Choose one that hasn't been chosen this turn —": a modal ability (700.2) whose modes
    already chosen this turn for this object (the same object, 400.7) can't be chosen again;
    with every mode chosen, no mode can be chosen and the ability does nothing (700.2b)."""


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
class NextSpellGrant(Effect):
    """A resolved "The next [noncreature] spell you cast this turn has cascade / convoke /
    affinity for artifacts" (611.2a, 613.1f): ``grant`` gives those keywords to the next spell
    its controller casts this turn that the grant's filter describes (used up by it, 601.2i);
    kept by effects/cost_effects.py, given by rules_engine.statics_spells as it is cast."""

    grant: Any = None
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
class LifeCostModifier(CostModifier):
    """"Spells your opponents cast that target ~ cost an additional 3 life to cast" (601.2f:
    a cost increase in life, judged once the targets are chosen, 601.2c; 119.4: it can be
    paid only with that much life). Applied by cost_modifiers.life_tax."""

    life: int = 0
