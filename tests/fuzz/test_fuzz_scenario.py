"""Fuzz the scenario loader and runner (issue 10 item 7).

- :func:`rules_engine.scenario_yaml.load_documents` on any bytes (binary, YAML-ish text made of
  the shipped scenarios' own lines, cut and spliced, anchors and aliases) returns the items or
  raises :class:`ScenarioError`; nothing else escapes, in bounded time.
- :func:`rules_engine.scenario.run_file` on generated, well-formed-looking scenarios (sample
  cards, actions, expectations) reports pass or fail and never an "internal error" (the
  runner's catch-all for an exception from the engine).

Crashes found are replayed from tests/fuzz/corpus/scenario/."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.errors import ScenarioError
from rules_engine.scenario import run_file
from rules_engine.scenario_yaml import load_documents
from tests.fuzz.fuzzing import corpus, fuzz_settings, ids, time_limit
from tests.fuzz.fuzzing import scratch_dir as _scratch

REPO = Path(__file__).resolve().parents[2]
SNIPPETS = ("&a", "*a", "&b [*a, *a, *a]", "<<: *a", "---", "...", "!!python/object:os.system",
            "!!binary AAAA", "? [a, b]\n: 1", "{", "}", "[", "]", "- ", ": ", "|", ">", "'",
            '"', "\t", "%YAML 1.1", "%TAG ! tag:x,2000:", "count: -5", "count: 1e9",
            "count: 0x10", "card:", "id:", "\ufeff", "\x00", "key: &k {x: *k}")


@lru_cache(maxsize=1)
def _scenario_lines() -> tuple[str, ...]:
    lines: dict[str, None] = {}
    for path in sorted((REPO / "tests" / "scenarios").rglob("*.yaml"))[:200]:
        for line in path.read_text(encoding="utf-8").splitlines():
            lines.setdefault(line)
    return tuple(lines) or ("name: x",)


@st.composite
def yamlish(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(st.one_of(st.sampled_from(_scenario_lines()),
                                    st.sampled_from(SNIPPETS)), min_size=1, max_size=30))
    text = "\n".join(lines)
    if draw(st.booleans()):
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.text(max_size=10)) + text[i + draw(st.integers(0, 10)):]
    return text.encode("utf-8", "surrogatepass")


def _load(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(data)
    try:
        with time_limit(30, f"loading {len(data)} bytes of YAML"):
            items = load_documents(path)
    except ScenarioError as exc:
        assert str(exc).startswith(str(path)), exc
        return
    assert items and all(line is None or line >= 1 for _, line in items)


@fuzz_settings(examples=300)
@given(data=st.one_of(yamlish(), st.binary(max_size=300)))
def test_loader_never_raises_other_errors(tmp_path_factory: pytest.TempPathFactory,
                                          data: bytes) -> None:
    _load(_scratch(tmp_path_factory), data)


# -- whole scenarios --------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _sample_names() -> tuple[str, ...]:
    path = REPO / "db" / "sample" / "cards.jsonl"
    names = [json.loads(line)["name"] for line in path.open(encoding="utf-8")]
    return tuple(sorted(names)) + ("Plains", "Island", "Swamp", "Mountain", "Forest", "平地")


@lru_cache(maxsize=1)
def _source():
    from mtgkit.commands._cards import card_source

    return card_source([], None)


STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup")
PLAYERS = ("alice", "bob")


def _entry():
    card = st.sampled_from(_sample_names())
    extras = st.fixed_dictionaries({"card": card}, optional={
        "tapped": st.booleans(), "face": st.sampled_from(("front", "back")),
        "prepared": st.booleans(), "token": st.booleans(),
        "counters": st.dictionaries(st.sampled_from(("+1/+1", "lore", "loyalty")),
                                    st.integers(0, 3), max_size=2)})
    one = st.one_of(st.fixed_dictionaries({"count": st.integers(1, 4)}),
                    st.fixed_dictionaries({"id": st.sampled_from(("x", "y", "z"))}), st.just({}))
    return st.one_of(card, st.builds(lambda e, o: {**e, **o}, extras, one))


def _zones():
    return st.fixed_dictionaries({}, optional={
        z: st.lists(_entry(), max_size=4) for z in ("hand", "library", "battlefield",
                                                    "graveyard", "exile")} | {
        "life": st.integers(-2, 30), "mana_pool": st.sampled_from(("{2}{W}", "{R}{R}", "{G}",
                                                                   "{C}{U}{B}"))})


def _target():
    return st.one_of(st.sampled_from(("x", "y", "z") + PLAYERS), st.sampled_from(_sample_names()))


def _player_action():
    name = st.sampled_from(_sample_names() + ("x", "y", "z"))
    return st.one_of(
        st.just("pass"), st.just("concede"),
        st.fixed_dictionaries({"cast": name}, optional={
            "targets": st.lists(_target(), max_size=2), "x": st.integers(0, 3),
            "from": st.sampled_from(("hand", "graveyard", "exile")),
            "choices": st.lists(st.one_of(st.booleans(), _target()), max_size=3)}),
        st.fixed_dictionaries({"activate": name}, optional={
            "ability": st.integers(1, 3), "targets": st.lists(_target(), max_size=2),
            "choices": st.lists(st.one_of(st.booleans(), _target()), max_size=2)}),
        st.fixed_dictionaries({"play_land": name}),
        st.fixed_dictionaries({"attack": st.dictionaries(st.sampled_from(("x", "y", "z")),
                                                         st.sampled_from(PLAYERS), max_size=2)}),
        st.fixed_dictionaries({"block": st.dictionaries(st.sampled_from(("x", "y", "z")),
                                                        st.sampled_from(("x", "y", "z")),
                                                        max_size=2)}),
    )


def _action():
    return st.one_of(
        st.fixed_dictionaries({"resolve": st.just({})}),
        st.fixed_dictionaries({"advance": st.fixed_dictionaries(
            {"step": st.sampled_from(STEPS)}, optional={"turn": st.integers(1, 4)})}),
        st.builds(lambda p, a: {p: a}, st.sampled_from(PLAYERS), _player_action()),
        st.fixed_dictionaries({"expect": st.fixed_dictionaries({}, optional={
            "day_night": st.sampled_from(("day", "night", "neither")),
            "stack": st.lists(st.sampled_from(_sample_names()), max_size=2)})}),
    )


@st.composite
def scenarios(draw: st.DrawFn) -> dict:
    return {
        "name": "fuzz",
        "state": draw(st.fixed_dictionaries({"players": st.fixed_dictionaries(
            {p: _zones() for p in PLAYERS})}, optional={
            "turn": st.integers(1, 3), "step": st.sampled_from(STEPS),
            "active": st.sampled_from(PLAYERS),
            "day_night": st.sampled_from(("day", "night", "neither")),
            "initiative": st.sampled_from(PLAYERS)})),
        "actions": draw(st.lists(_action(), max_size=6)),
        "expect": draw(st.fixed_dictionaries({}, optional={
            "zones": st.fixed_dictionaries({p: st.fixed_dictionaries({}, optional={
                "hand": st.lists(_entry(), max_size=2),
                "library_count": st.integers(0, 5)}) for p in PLAYERS}),
            "life": st.fixed_dictionaries({"alice": st.integers(0, 25)})})),
    }


def _run(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text(text, encoding="utf-8")
    with time_limit(120, "running a generated scenario"):
        results = run_file(path, _source())
    for result in results:
        internal = [f for f in result.failures if "internal error" in f]
        assert not internal, internal


@fuzz_settings(examples=60, deadline_s=30)
@given(scn=scenarios())
def test_runner_reports_never_crashes(tmp_path_factory: pytest.TempPathFactory,
                                      scn: dict) -> None:
    _run(_scratch(tmp_path_factory), yaml.safe_dump(scn, allow_unicode=True,
                                                        sort_keys=False))


CORPUS = corpus("scenario", ".yaml", ".bin")


@pytest.mark.parametrize("path", CORPUS, ids=ids(CORPUS))
def test_scenario_corpus(tmp_path: Path, path: Path) -> None:
    """Loader inputs (``*.bin``, ``load-*.yaml``) must load or fail with a ScenarioError;
    ``run-*.yaml`` scenarios must run without an internal error."""
    if path.name.startswith("run-"):
        _run(tmp_path, path.read_text(encoding="utf-8"))
    else:
        _load(tmp_path, path.read_bytes())
