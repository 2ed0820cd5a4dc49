"""The scenarios that check a card's rulings, and whether they pass (check-rulings, lazily).

``mtgkit check-rulings`` runs every linked scenario (seconds); a card page needs only the few
linked to that card. :class:`RulingChecks` reads the scenario files and links their ``source``
references to the store's rulings once per process (text work, no games played), then plays a
scenario the first time a page asks for it and keeps the result. The database is opened
read-only and the server never writes, so a result stays true for the life of the process;
the cache is keyed by the database file's size and modification time all the same, in case it
is rebuilt under a running server.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db.store import Store


@dataclass(frozen=True)
class ScenarioCheck:
    """One scenario linked to a ruling, with its result."""

    file: str
    name: str
    passed: bool
    failures: tuple[str, ...]


def default_scenario_dir() -> Path | None:
    """``tests/scenarios`` of the working directory or of this source tree, if there is one."""
    for candidate in (Path("tests/scenarios"),
                      Path(__file__).resolve().parents[2] / "tests" / "scenarios"):
        if candidate.is_dir():
            return candidate
    return None


class RulingChecks:
    """Per process: scenario links built once, scenario results computed on first use."""

    def __init__(self, scenario_dir: Path | None, open_store: Callable[[], Store]) -> None:
        self.scenario_dir = scenario_dir
        self._open_store = open_store
        self._lock = threading.Lock()
        self._stamp: object = None
        self._links: dict[tuple[str, str | None, str], list[tuple[Any, dict[str, Any]]]] = {}
        self._results: dict[tuple[str, str], ScenarioCheck] = {}
        self.error: str | None = None

    def for_card(self, oracle_id: str, stamp: object) -> dict[tuple[str | None, str],
                                                            list[ScenarioCheck]]:
        """``(date, comment)`` of each of the card's rulings -> the scenarios checking it."""
        with self._lock:  # one builder at a time; the engine is not shared across threads
            if self._stamp != stamp:
                self._build()
                self._stamp = stamp
            wanted = {key: pairs for key, pairs in self._links.items() if key[0] == oracle_id}
            if not wanted:
                return {}
            source = None
            out: dict[tuple[str | None, str], list[ScenarioCheck]] = {}
            store = None
            try:
                for (_, date, comment), pairs in wanted.items():
                    checks = []
                    for info, scn in pairs:
                        key = (info.file, info.name)
                        if key not in self._results:
                            if source is None:
                                store = self._open_store()
                                source = _card_source(store)
                            self._results[key] = _run(info, scn, source)
                        checks.append(self._results[key])
                    out[(date, comment)] = checks
            finally:
                if store is not None:
                    store.close()
            return out

    def _build(self) -> None:
        """Link every scenario's source to the store's rulings (no scenario is played)."""
        from rules_engine import rulings_check as rc
        from rules_engine.errors import ScenarioError
        from rules_engine.scenario import load_file, scenario_files

        self._links, self._results, self.error = {}, {}, None
        if self.scenario_dir is None or not self.scenario_dir.is_dir():
            self.error = "no scenario folder (start the server with --scenarios DIR)"
            return
        from db.sim import rulings_with_cards

        store = self._open_store()
        try:
            rulings = rc.rulings_from_rows(rulings_with_cards(store))
        finally:
            store.close()
        index = rc.CardIndex(rulings)
        scenarios = []
        loaded = {}
        for path in scenario_files([self.scenario_dir]):
            try:
                items = load_file(path)
            except ScenarioError as exc:  # reported on the page, the others still count
                self.error = str(exc)
                continue
            for scn in items:
                refs = rc.parse_source(scn.get("source"), index)
                if refs.rulings:
                    info = rc.ScenarioInfo(str(path), str(scn.get("name", "")),
                                           str(scn.get("source", "")), refs)
                    scenarios.append(info)
                    loaded[id(info)] = scn
        coverage = rc.link(scenarios, rulings)
        for key, infos in coverage.by_ruling.items():
            self._links[key] = [(info, loaded[id(info)]) for info in infos]


def _card_source(store: Store) -> Any:
    """The engine's card lookup over this store, then the embedded sample (as check-rulings)."""
    from mtgkit.commands._cards import card_source

    return card_source([], store)


def _run(info: Any, scn: dict[str, Any], source: Any) -> ScenarioCheck:
    from rules_engine.scenario import run_scenario

    try:
        result = run_scenario(scn, source, Path(info.file))
        return ScenarioCheck(info.file, info.name, bool(result.passed),
                             tuple(str(f) for f in result.failures))
    except Exception as exc:  # noqa: BLE001 (a crash is a failure to show, not a 500)
        return ScenarioCheck(info.file, info.name, False, (f"crashed: {exc!r}",))
