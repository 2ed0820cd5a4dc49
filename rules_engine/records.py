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
