"""Real MTGO Standard decks against each other, played to the end (issue 12 item 6).

``bench/real_decks.py`` counts the complete real decks of ``../shared/data/decks/`` whose every
card the engine fully supports. Counting is not playing: this test takes those fully playable
decks (decided here the same way ``mtgkit simulate`` refuses a deck: every card compiles fully and
``rules_engine.support.not_run`` is empty), pairs a seeded sample of them and plays each pair to
the end with the library behind ``mtgkit simulate`` (``sim_runner.play_game``). A game may end in
any legal way or at the turn limit, but never with an engine error or an unsupported clause
(the decks were chosen to have none, so one means the support audit is wrong), and the whole
sample stays within a time bound.
"""

from __future__ import annotations

import gzip
import json
import random
import time
from pathlib import Path

import pytest

from rules_engine.cards import CardLibrary, DictCardSource
from rules_engine.sim_runner import game_seed, play_game
from rules_engine.support import engine_tables, not_run
from rules_engine.text import compile_card

PAIRS = 8          # games played (each a different seeded pair of decks)
TIME_LIMIT = 60.0  # seconds for the whole sample
EXTRA_FILES = ("cards/cards.jsonl", "basics.jsonl", "decks/cards.jsonl")


def _jsonl(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _deck_lists(decks_dir: Path) -> list[tuple[str, list[str]]]:
    """(file, one name per card) of every deck file under ``decks_dir/standard``."""
    out = []
    for path in sorted((decks_dir / "standard").glob("*.txt")):
        names: list[str] = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                count, name = line.split(" ", 1)
                names += [name] * int(count)
        out.append((path.name, names))
    return out


@pytest.fixture(scope="module")
def playable(request: pytest.FixtureRequest) -> tuple[CardLibrary, list[tuple[str, list[str]]]]:
    shared = request.getfixturevalue("shared_dir")
    data = shared / "data"
    pool_file = data / "pool" / "cards.jsonl.gz"
    if not pool_file.is_file() or not (data / "decks" / "standard").is_dir():
        pytest.skip(f"needs the shared card pool and real decks under {data}")
    decks = _deck_lists(data / "decks")
    wanted = {n for _f, names in decks for n in names}
    cards: dict[str, dict] = {}
    for f in (*EXTRA_FILES[::-1], "pool/cards.jsonl.gz"):  # the pool's object wins
        if (data / f).is_file():
            for c in _jsonl(data / f):
                if c.get("name") in wanted and (c.get("lang") or "en") == "en":
                    cards[c["name"]] = c
    tables = engine_tables()
    runs: dict[str, bool] = {}
    for name, card in cards.items():
        compiled = compile_card(card)
        runs[name] = compiled.fully_supported and not not_run(compiled, tables)
    ok = [(f, names) for f, names in decks if all(runs.get(n, False) for n in names)]
    if len(ok) < 2:
        pytest.skip(f"fewer than two fully playable real decks ({len(ok)})")
    return CardLibrary(DictCardSource(list(cards.values()))), ok


def test_real_deck_pairs_play_to_the_end(playable) -> None:
    library, decks = playable
    rng = random.Random(2026)
    bad = []
    t0 = time.perf_counter()
    for i in range(PAIRS):
        (fa, deck_a), (fb, deck_b) = rng.sample(decks, 2)
        policy = "greedy" if i % 2 else "random"
        rec = play_game(library, deck_a, deck_b, index=i, seed=game_seed(2026, i),
                        policy=policy, keep_events=False)
        if rec.reason.startswith(("engine error", "unsupported")):
            bad.append(f"game {i} ({policy}) {fa} vs {fb}: {rec.reason}")
    elapsed = time.perf_counter() - t0
    assert not bad, "\n".join(bad)
    assert elapsed < TIME_LIMIT, f"{PAIRS} games took {elapsed:.1f} s"
