"""How much of the mechanic-tagged cards the Oracle-text compiler understands.

Pure: takes card objects and a tagging function (the classifier's), returns a report. The CLI
command ``mtgkit coverage`` only reads cards and prints the report. A card *compiles fully* when
its compilation has no Unsupported clause at all; it is *fully supported* when it also holds
nothing the engine would not run (:func:`rules_engine.support.not_run`: an effect without a
handler, a keyword no rule code checks, a trigger kind no event matches ...), so the figure is
what the engine can play, not only what the grammar reads. A *mechanic clause* is an unsupported
clause whose text contains the evidence span of one of the card's tags for that mechanic (the
evidence is normalised the same way as the clause: self-references to ``~``, reminder text
removed, "enters the battlefield" to "enters").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules_engine.support import KEYWORDS_WITHOUT_EFFECT, engine_tables, not_run, outside_game
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
    compiled_fully: int = 0


@dataclass
class CoverageReport:
    """Per-mechanic counts, unsupported clauses and unrun record kinds ranked by how many cards
    they block, and the totals over every card measured (``totals``: the tagged cards, or all
    cards read with ``rank_all``)."""

    mechanics: dict[str, MechanicCoverage] = field(default_factory=dict)
    unsupported: list[tuple[str, list[str]]] = field(default_factory=list)
    not_run: list[tuple[str, list[str]]] = field(default_factory=list)
    totals: MechanicCoverage = field(default_factory=MechanicCoverage)
    # reason -> cards: what a two-player game cannot or need not run (draft, deck building,
    # subgames, multiplayer-only keywords), reported instead of counted as unsupported
    outside_two_player_game: dict[str, set[str]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The JSON form printed by ``mtgkit coverage --format json`` (the keys "mechanics" and
        "unsupported" and the three per-mechanic counts are fixed; the rest is additive)."""
        return {
            "mechanics": {m: _counts(c) for m, c in self.mechanics.items()},
            "unsupported": [{"clause": clause, "cards": cards}
                            for clause, cards in self.unsupported],
            "not_run": [{"kind": kind, "cards": cards} for kind, cards in self.not_run],
            "totals": {k: v for k, v in _counts(self.totals).items()
                       if k != "unsupported_mechanic_clauses"},
            "outside_two_player_game": [
                {"reason": why, "cards": sorted(cards)}
                for why, cards in sorted(self.outside_two_player_game.items())],
        }


def _counts(c: MechanicCoverage) -> dict[str, int]:
    return {"cards": c.cards, "fully_supported": c.fully_supported,
            "unsupported_mechanic_clauses": c.unsupported_mechanic_clauses,
            "compiled_fully": c.compiled_fully}


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
    unrun: dict[str, set[str]] = {}
    tables = engine_tables()
    for card in cards:
        if not isinstance(card, dict) or not card.get("name"):
            continue  # nothing to name it by (compile_card refuses it); the reader reports it
        tags = [t for t in tagger(card) if t.mechanic in report.mechanics]
        card_mechs = {t.mechanic for t in tags}
        if not card_mechs and not rank_all:
            continue
        compiled = compile_card(card)
        unsupported, outside = _game_clauses(compiled.unsupported)
        missing = not_run(compiled, tables) + tuple(
            f"outside_two_player_game:{why}" for _c, why, blocks in outside if blocks)
        for _clause, why, _blocks in outside:
            report.outside_two_player_game.setdefault(why, set()).add(card.get("name") or "?")
        for kw in _keywords(compiled):
            if kw in KEYWORDS_WITHOUT_EFFECT:
                report.outside_two_player_game.setdefault(
                    f"keyword {kw}: {KEYWORDS_WITHOUT_EFFECT[kw]}", set()).add(
                        card.get("name") or "?")
        compiles = not unsupported
        playable = compiles and not missing
        name = str(card["name"])
        report.totals.cards += 1
        report.totals.compiled_fully += compiles
        report.totals.fully_supported += playable
        for mech in card_mechs:
            cov = report.mechanics[mech]
            cov.cards += 1
            cov.compiled_fully += compiles
            cov.fully_supported += playable
            spans = set()
            for t in tags:
                if t.mechanic == mech and t.evidence:
                    spans |= _evidence_forms(t.evidence, card)
            cov.unsupported_mechanic_clauses += sum(
                1 for clause in unsupported if any(s in _norm(clause) for s in spans))
        for clause in dict.fromkeys(unsupported):
            blocking.setdefault(clause, set()).add(name)
        for kind in missing:
            unrun.setdefault(kind, set()).add(name)
    report.unsupported = _ranked(blocking)
    report.not_run = _ranked(unrun)
    return report


def _game_clauses(clauses: Sequence[str]) -> tuple[tuple[str, ...],
                                                   list[tuple[str, str, bool]]]:
    """Split unsupported clauses into those of the game and those about the draft, deck
    construction or a subgame (:func:`rules_engine.support.outside_game`)."""
    kept, outside = [], []
    for clause in clauses:
        found = outside_game(clause)
        if found is None:
            kept.append(clause)
        else:
            outside.append((clause, *found))
    return tuple(kept), outside


def _keywords(compiled: Any) -> set[str]:
    return {a.name.lower() for f in compiled.faces for a in f.abilities
            if type(a).__name__ == "KeywordAbility" and a.name}


def _ranked(found: dict[str, set[str]]) -> list[tuple[str, list[str]]]:
    """Most cards blocked first, then alphabetical (deterministic output)."""
    ranked = sorted(found.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    return [(key, sorted(names)) for key, names in ranked]
