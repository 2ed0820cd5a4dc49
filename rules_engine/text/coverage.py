"""How much of the mechanic-tagged cards the Oracle-text compiler understands.

Pure: takes card objects and a tagging function (the classifier's), returns a report. The CLI
command ``mtgkit coverage`` only reads cards and prints the report. A card is *fully supported*
when its compilation has no Unsupported clause at all; a *mechanic clause* is an unsupported
clause whose text contains the evidence span of one of the card's tags for that mechanic (the
evidence is normalised the same way as the clause: self-references to ``~``, reminder text
removed, "enters the battlefield" to "enters").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules_engine.text.compiler import compile_card
from rules_engine.text.normalize import canonical, self_names, strip_reminder


class TagLike(Protocol):
    """What coverage needs of a classifier tag."""

    mechanic: str
    face_index: int
    evidence: str


@dataclass
class MechanicCoverage:
    """Counts for one mechanic."""

    cards: int = 0
    fully_supported: int = 0
    unsupported_mechanic_clauses: int = 0


@dataclass
class CoverageReport:
    """Per-mechanic counts and unsupported clauses ranked by how many cards they block."""

    mechanics: dict[str, MechanicCoverage] = field(default_factory=dict)
    unsupported: list[tuple[str, list[str]]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The JSON form printed by ``mtgkit coverage --format json``."""
        return {
            "mechanics": {m: {"cards": c.cards, "fully_supported": c.fully_supported,
                              "unsupported_mechanic_clauses": c.unsupported_mechanic_clauses}
                          for m, c in self.mechanics.items()},
            "unsupported": [{"clause": clause, "cards": cards}
                            for clause, cards in self.unsupported],
        }


def _norm(text: str) -> str:
    return " ".join(text.lower().split()).rstrip(".")


def _evidence_forms(evidence: str, card: dict) -> set[str]:
    """The evidence span as it may appear in a compiled clause text."""
    names = set()
    faces = card.get("card_faces") or [card]
    for f in faces:
        names.update(self_names(card.get("name") or "", f.get("name")))
    forms = {_norm(evidence)}
    canon = strip_reminder(canonical(evidence, tuple(sorted(names, key=len, reverse=True))))
    if canon:
        forms.add(_norm(canon))
    return {f for f in forms if f}


def measure(cards: Iterable[dict], tagger: Callable[[dict], Iterable[TagLike]],
            mechanics: Sequence[str], *, only: Sequence[str] | None = None,
            rank_all: bool = False) -> CoverageReport:
    """Compile every card, count per mechanic, rank unsupported clauses.

    ``mechanics`` fixes the report's keys and order; ``only`` restricts to some of them;
    ``rank_all`` ranks clauses over every card read instead of the tagged cards only.
    """
    wanted = [m for m in mechanics if not only or m in only]
    report = CoverageReport(mechanics={m: MechanicCoverage() for m in wanted})
    blocking: dict[str, set[str]] = {}
    for card in cards:
        tags = [t for t in tagger(card) if t.mechanic in report.mechanics]
        card_mechs = {t.mechanic for t in tags}
        if not card_mechs and not rank_all:
            continue
        compiled = compile_card(card)
        unsupported = compiled.unsupported
        for mech in card_mechs:
            cov = report.mechanics[mech]
            cov.cards += 1
            cov.fully_supported += compiled.fully_supported
            spans = set()
            for t in tags:
                if t.mechanic == mech and t.evidence:
                    spans |= _evidence_forms(t.evidence, card)
            cov.unsupported_mechanic_clauses += sum(
                1 for clause in unsupported if any(s in _norm(clause) for s in spans))
        for clause in dict.fromkeys(unsupported):
            blocking.setdefault(clause, set()).add(card.get("name") or "?")
    ranked = sorted(blocking.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    report.unsupported = [(clause, sorted(names)) for clause, names in ranked]
    return report
