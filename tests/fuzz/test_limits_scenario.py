"""Scenario files nobody here wrote (issue 10 item 2): each limit of rules_engine.scenario_yaml
is a clear error naming the file and line, reached in bounded time and memory, through the real
``mtgkit play`` command in a child process (its own peak RSS measured)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine import scenario_yaml as sy
from rules_engine.errors import ScenarioError
from tests.fuzz.bounded import PEAK_RSS_LIMIT_MB, run_bounded


def _laughs(levels: int = 9, width: int = 9) -> str:
    """The "billion laughs" file: each anchor repeats the one before ``width`` times."""
    lines = ["name: laughs", 'a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


def _scenario(zone_yaml: str) -> str:
    return ("name: limits\nstate:\n  players:\n    alice:\n"
            f"      library: {zone_yaml}\n")


def _load_error(tmp_path: Path, text: str) -> tuple[Path, str]:
    """In process (cheap): the ScenarioError loading ``text`` raises."""
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        sy.load_documents(path)
    return path, str(info.value)


def _play(tmp_path: Path, text: str, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    out = run_bounded(["mtgkit", "play", str(path)], timeout=60)
    assert not out.killed, "mtgkit play did not finish in 60 s"
    assert out.peak_mb < PEAK_RSS_LIMIT_MB, f"peak RSS {out.peak_mb:.0f} MB"
    return path, out


def test_billion_laughs_fails_fast(tmp_path: Path) -> None:
    text = _laughs()
    assert len(text.encode()) < 700  # the 620-byte file, near enough
    path, out = _play(tmp_path, text)
    assert out.returncode == 2
    assert f"{path}: line " in out.stdout and "expands to more than 200,000 nodes" in out.stdout
    assert out.seconds < 20


@pytest.mark.parametrize(("text", "expected"), [
    ("name: r\nx: &a [1, *a]\n", "line 2: a YAML alias refers to a collection that contains"),
    ("name: r\nx: &a {k: *a}\n", "line 2: a YAML alias refers to a collection that contains"),
    ("name: d\nx: " + "[" * 200 + "]" * 200 + "\n", "nested"),
    ("name: d\nx:\n" + "".join("  " * i + "- \n" for i in range(1, 120)), "nested"),
    ("name: al\nbase: &b 1\nxs: [" + ", ".join(["*b"] * 1500) + "]\n",
     "more than 1,000 YAML alias uses"),
])
def test_yaml_structure_limits(tmp_path: Path, text: str, expected: str) -> None:
    path, message = _load_error(tmp_path, text)
    assert message.startswith(f"{path}: ") and expected in message


def test_file_size_limit(tmp_path: Path) -> None:
    text = "name: big\n" + "# padding\n" * (sy.MAX_FILE_BYTES // 10 + 1)
    path, message = _load_error(tmp_path, text)
    assert message.startswith(f"{path}: larger than 1,048,576 bytes")


@pytest.mark.parametrize(("count", "expected"), [
    ("-5", "count: -5 copies; a count is at least 1"),
    ("0", "count: 0 copies; a count is at least 1"),
    ("2.5", "count: expected a whole number of copies, got 2.5"),
    ("five", "count: expected a whole number of copies, got 'five'"),
    ("true", "count: expected a whole number of copies, got True"),
    ("[3]", "count: expected a whole number of copies, got [3]"),
    ("10000000", "count: 10,000,000 copies, more than the 1,000 one entry may ask for"),
])
def test_entry_count(tmp_path: Path, count: str, expected: str) -> None:
    path, message = _load_error(tmp_path, _scenario(f"[{{card: Plains, count: {count}}}]"))
    assert message.startswith(f"{path}: line 5: state.players.alice.library[0].{expected}")


def test_count_of_ten_million_through_play(tmp_path: Path) -> None:
    """The issue's 6.9 GB case, through the command: refused at once."""
    path, out = _play(tmp_path, _scenario("[{card: Plains, count: 10000000}]"))
    assert out.returncode == 2
    assert f"{path}: line 5: state.players.alice.library[0].count: 10,000,000" in out.stdout
    assert out.seconds < 20


def test_zone_and_state_totals(tmp_path: Path) -> None:
    entries = ", ".join(["{card: Plains, count: 600}"] * 2)
    path, message = _load_error(tmp_path, _scenario(f"[{entries}]"))
    assert "line 5: state.players.alice.library: 1,200 cards, more than the 1,000" in message
    players = "".join(f"    p{i}:\n      library: [{{card: Plains, count: 1000}}]\n"
                      for i in range(6))
    path, out = _play(tmp_path, "name: many\nstate:\n  players:\n" + players, "t.yaml")
    assert out.returncode == 2
    assert "state.players: 6,000 cards set up, more than the 5,000" in out.stdout


def test_expectation_counts_checked_too() -> None:
    scn = {"name": "x", "expect": {"zones": {"alice": {"hand": [{"card": "Plains",
                                                                   "count": 5000}]}}}}
    with pytest.raises(ScenarioError, match=r"expect\.zones\.alice\.hand\[0\]\.count: 5,000"):
        sy.check_card_counts(scn)


def test_aliases_within_limits_still_load(tmp_path: Path) -> None:
    """Anchors are legal YAML: a scenario reusing an entry through an alias still runs."""
    text = ("name: aliases\nstate:\n  players:\n    alice:\n"
            "      library: [&p {card: Plains, count: 3}, *p]\n"
            "expect:\n  zones: {alice: {library_count: 6}}\n")
    path, out = _play(tmp_path, text)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed" in out.stdout


def test_node_graph_check_is_linear() -> None:
    """The expanded size is computed per node once: 30 levels of doubling (2^30 nodes when
    expanded) are refused without expanding them."""
    import time

    text = "a0: &a0 [x, x]\n" + "".join(f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]\n"
                                          for i in range(1, 30))
    t0 = time.perf_counter()
    with pytest.raises(ScenarioError, match="expands to more than"):
        list(__import__("yaml").load_all(text, Loader=sy._Loader))
    assert time.perf_counter() - t0 < 2
