"""Effect records added after :mod:`rules_engine.abilities` reached its size cap.

The same kind of plain frozen dataclasses as there (the compiler produces them, the engine's
handlers and static-ability code read them); ``abilities`` stays the place of the shared
building blocks (:class:`~rules_engine.abilities.Ref`, ``Amount``, ``ObjectFilter`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine.abilities import (
    Amount,
    Duration,
    Effect,
    KeywordAbility,
    Modal,
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
