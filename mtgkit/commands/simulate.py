"""``mtgkit simulate``: play complete two-player games between two decks and record them.

Examples::

    mtgkit simulate --deck day_night --deck vanilla --games 1000 --seed 7
    mtgkit simulate --deck my.txt --deck their.txt --games 200 --policy greedy --workers 2

A ``--deck`` is a deck file (``4 Tavern Ruffian`` lines; the sideboard is ignored) or the name
of a sample deck shipped with mtgkit (``--list-decks`` shows them). Games are reproducible for a
seed whatever ``--workers`` is. Rows go to ``sim_runs``/``sim_games``/``sim_events`` in the
database (``--no-store`` skips that); a summary is printed at the end.

Interrupt a long run with Ctrl-C: the games finished so far are stored, and the same command
run again resumes that run, playing only the games it lacks (games are seeded one by one, so
the rows are those an uninterrupted run writes). ``--new-run`` starts afresh instead.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from mtgkit.errors import UserError

BATCH = 250


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "simulate", help="play seeded two-player games between two decks and record them",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deck", action="append", default=[], metavar="FILE|NAME",
                        help="deck file or sample deck name; give two (one = mirror match)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=("random", "greedy"), default="random")
    parser.add_argument("--workers", type=int, default=1, help="parallel processes (default 1)")
    parser.add_argument("--max-turns", type=int, default=40,
                        help="stop a game as a draw after this many turns (default 40)")
    parser.add_argument("--cards", nargs="*", default=[], help="extra Scryfall .json/.jsonl files")
    parser.add_argument("--no-store", action="store_true", help="do not write to the database")
    parser.add_argument("--allow-unsupported", action="store_true",
                        help="play even when a deck names a card the engine does not fully "
                             "support (refused otherwise, listing each such card)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--list-decks", action="store_true", help="list the sample decks and exit")
    parser.add_argument("--batch", type=int, default=BATCH, metavar="N",
                        help=f"games stored per transaction (default {BATCH}); Ctrl-C keeps "
                             "every finished game whatever it is")
    parser.add_argument("--new-run", action="store_true",
                        help="start a new run even if the same games were left unfinished")
    parser.add_argument("--replay", type=int, metavar="GAME",
                        help="play only game GAME of this run (same seed) and print its whole log")
    parser.set_defaults(func=run)


def resolve_deck_path(value: str) -> Path:
    """A deck argument as a file path: an existing file, else a shipped sample deck's name."""
    from rules_engine.deckfile import sample_decks_dir

    path = Path(value)
    if path.exists():
        return path
    sample = sample_decks_dir() / (value if value.endswith(".txt") else f"{value}.txt")
    if sample.exists():
        return sample
    names = ", ".join(p.stem for p in sorted(sample_decks_dir().glob("*.txt")))
    raise UserError(f"{value}: no such deck file or sample deck (samples: {names})")


def run(args: argparse.Namespace) -> int:
    from rules_engine.deckfile import DeckError, check_names, read_deck, sample_decks
    from rules_engine.sim_runner import RunSpec, card_dicts_for, run_games

    if args.list_decks:
        for path in sample_decks():
            deck = read_deck(path)
            print(f"{path.stem:12} {deck.size:3} cards  {path}")
        return 0
    if not args.deck or len(args.deck) > 2:
        raise UserError("give one or two --deck options (one deck plays a mirror match)")
    if args.games < 1:
        raise UserError("--games must be at least 1")
    if args.workers < 1:
        raise UserError("--workers must be at least 1")
    if args.batch < 1:
        raise UserError("--batch must be at least 1")
    from mtgkit.commands._cards import card_source
    from mtgkit.commands._common import open_store

    store = None
    card_store = None
    if not args.no_store:
        store = open_store(args)
    elif _existing_db(args) is not None:  # still read cards from the database, read-only
        card_store = open_store(argparse.Namespace(db=_existing_db(args)), read_only=True)
    try:
        source = card_source(args.cards, store or card_store)
        decks = []
        try:
            for value in (args.deck * 2)[:2]:
                deck = read_deck(resolve_deck_path(value))
                check_names(deck, source.get)
                decks.append(deck)
        except DeckError as exc:
            raise UserError(str(exc)) from exc
        deck_a, deck_b = decks
        names_a, names_b = deck_a.card_names(), deck_b.card_names()
        if not args.allow_unsupported:
            _refuse_unsupported(source.get, names_a + names_b)
        # every card is resolved into a plain dict here, so workers never touch the database
        spec = RunSpec(cards=card_dicts_for(source.get, names_a + names_b),
                       deck_a=tuple(names_a), deck_b=tuple(names_b), seed=args.seed,
                       policy=args.policy, max_turns=args.max_turns,
                       keep_events=not args.no_store)
    except BaseException:
        if store is not None:
            store.close()
        raise
    finally:
        if card_store is not None:
            card_store.close()
    for deck in decks:
        if deck.sideboard_size:
            print(f"{deck.path}: sideboard of {deck.sideboard_size} cards ignored",
                  file=sys.stderr)

    if args.replay is not None:
        return _replay(spec, args.replay, store)
    summary = _Summary()
    todo = list(range(args.games))
    run_id = None
    played = 0
    try:
        if store is not None:
            run_id, todo = _start_or_resume(store, spec, args, deck_a.name, deck_b.name, summary)
        t0 = time.perf_counter()
        batch: list[Any] = []
        stored = args.games - len(todo)
        try:
            with _progress(args.games, stored, not args.no_progress) as advance:
                for record in run_games(spec, args.games, args.workers, indexes=todo):
                    summary.add(record)
                    batch.append(record)
                    played += 1
                    if store is not None and len(batch) >= args.batch:
                        stored += _flush(store, run_id, deck_a.name, deck_b.name, batch)
                        advance(stored_note=f"{stored} of {args.games} games stored")
                    else:
                        advance()
        except KeyboardInterrupt:
            # Ctrl-C: the games finished so far are stored (one transaction), the rest is
            # played when the same command runs again
            if store is None:
                print(f"interrupted after {played} games (nothing stored: --no-store)",
                      file=sys.stderr)
                return 130
            _flush(store, run_id, deck_a.name, deck_b.name, batch)
            from db.sim import stored_game_numbers

            stored = len(stored_game_numbers(store, run_id))  # (a flush may have been cut short)
            print(f"interrupted: {stored} of {args.games} games of run {run_id} stored in "
                  f"{store.path}; run the same command again to resume", file=sys.stderr)
            return 130
        if store is not None:
            _flush(store, run_id, deck_a.name, deck_b.name, batch)
            from db.sim import finish_run

            finish_run(store, run_id)
        elapsed = time.perf_counter() - t0
    finally:
        if store is not None:
            store.close()
    summary.print(deck_a.name, deck_b.name, args, elapsed, played)
    if run_id is not None:
        print(f"run {run_id}: {args.games} rows in sim_games written to {store.path}")
    return 0


def _refuse_unsupported(get: Any, names: list[str]) -> None:
    """Refuse a game with a card the engine does not fully support (an unsupported clause, or a
    record compiled but not run: ``mtgkit coverage``'s test), naming each card and its first
    unsupported clause: such games mostly stop without a winner, so they are not measurements."""
    from rules_engine.support import not_run
    from rules_engine.text.compiler import compile_card

    bad = []
    for name in dict.fromkeys(names):
        card = get(name)
        if card is None:
            continue
        compiled = compile_card(card)
        first = (list(compiled.unsupported) + list(not_run(compiled)))[:1]
        if first:
            bad.append(f"  {name}: {' '.join(first[0].split())}")
    if bad:
        raise UserError(f"{len(bad)} card(s) in these decks are not fully supported by the "
                        "engine (first unsupported clause shown); play anyway with "
                        "--allow-unsupported:\n" + "\n".join(bad))


def _start_or_resume(store: Any, spec: Any, args: argparse.Namespace, a: str, b: str,
                     summary: _Summary) -> tuple[int, list[int]]:
    """(run id, game numbers still to play): the unfinished run of the same games if one
    exists (unless --new-run), its stored games added to ``summary``; else a new run."""
    from types import SimpleNamespace

    from db.sim import game_rows, start_run, unfinished_run

    key = spec.key()
    run_id = None if args.new_run else unfinished_run(store, key, args.games)
    if run_id is None:
        run_id = start_run(store, seed=args.seed, games=args.games, policy=args.policy,
                           deck_a=a, deck_b=b, workers=args.workers,
                           max_turns=args.max_turns, spec_key=key)
        return run_id, list(range(args.games))
    rows = game_rows(store, run_id)
    for row in rows:
        summary.add(SimpleNamespace(**row), stored=True)
    done = {row["game"] for row in rows}
    print(f"resuming run {run_id}: {len(done)} of {args.games} games already stored "
          f"(--new-run starts afresh)", file=sys.stderr)
    return run_id, [i for i in range(args.games) if i not in done]


def _replay(spec: Any, index: int, store: Any) -> int:
    from rules_engine.sim_runner import replay_game

    if store is not None:
        store.close()  # a replay writes nothing
    if index < 0:
        raise UserError("--replay takes a game number (0 is the first game)")
    rec = replay_game(spec, index)
    for line in rec.log:
        print(line)
    winner = rec.winner or "none"
    print(f"game {rec.game} (seed {rec.seed}): winner {winner}, {rec.turns} turns, "
          f"{rec.moves} actions; {rec.reason}")
    return 0


def _existing_db(args: argparse.Namespace) -> str | None:
    """Where to read cards from when nothing is written: --db, $MTGKIT_DB, ./mtgkit.duckdb."""
    import os

    path = args.db or os.environ.get("MTGKIT_DB")
    if path is None and Path("mtgkit.duckdb").exists():
        path = "mtgkit.duckdb"
    return path if path and Path(path).exists() else None


def _flush(store: Any, run_id: int | None, a: str, b: str, batch: list[Any]) -> int:
    """Store a batch of games in one transaction; returns how many were stored. A Ctrl-C
    during the write is held until the batch is stored (ctrl_c_deferred)."""
    from db.sim import write_games
    from mtgkit.commands._common import ctrl_c_deferred

    if run_id is None or not batch:
        batch.clear()
        return 0
    with ctrl_c_deferred():
        count = write_games(store, run_id, a, b, batch)
        batch.clear()
    return count


class _progress:
    """Progress on stderr, as a context giving an ``advance(stored_note=None)``: a rich bar on
    a terminal; elsewhere (a log file, a pipe) one plain line each time a batch is stored."""

    def __init__(self, total: int, done: int, enabled: bool) -> None:
        self.total = total
        self.done = done
        self.enabled = enabled
        self.bar: Any = None

    def __enter__(self) -> Any:
        if not self.enabled:
            return _no_progress
        if not sys.stderr.isatty():
            return _plain_progress
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        self.bar = Progress("games", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=Console(stderr=True), transient=True)
        self.bar.start()
        task = self.bar.add_task("games", total=self.total, completed=self.done)
        return lambda stored_note=None: self.bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _no_progress(stored_note: str | None = None) -> None:
    return None


def _plain_progress(stored_note: str | None = None) -> None:
    if stored_note is not None:
        print(stored_note, file=sys.stderr, flush=True)


class _Summary:
    """Per-game figures and win rates, accumulated as records arrive."""

    METRICS = (("day/night changes", "day_night_changes"),
               ("initiative changes", "initiative_changes"),
               ("dungeons completed", "dungeons_completed"),
               ("prepare spells cast", "prepare_spells_cast"),
               ("turns ended early", "turns_ended_early"))

    def __init__(self) -> None:
        self.games = 0
        self.moves = 0
        self.played_moves = 0
        self.turns = 0
        self.wins: Counter[str | None] = Counter()
        self.reasons: Counter[str] = Counter()
        self.totals: Counter[str] = Counter()
        self.maxima: Counter[str] = Counter()
        self.any: Counter[str] = Counter()

    def add(self, r: Any, stored: bool = False) -> None:
        self.games += 1
        self.moves += r.moves
        if not stored:
            self.played_moves += r.moves
        self.turns += r.turns
        self.wins[r.winner] += 1
        self.reasons[_reason_kind(r.reason)] += 1
        for _, attr in self.METRICS:
            v = getattr(r, attr)
            self.totals[attr] += v
            self.maxima[attr] = max(self.maxima[attr], v)
            self.any[attr] += v > 0

    def print(self, a: str, b: str, args: argparse.Namespace, elapsed: float,
              played: int) -> None:
        """The summary of every game of the run; the speed is of the ``played`` ones only
        (a resumed run also counts the games stored before)."""
        n = max(self.games, 1)
        rate = played / elapsed if elapsed > 0 else float("inf")
        earlier = f", {self.games - played} stored before" if played != self.games else ""
        print(f"{self.games} games  {a} (a) vs {b} (b)  seed {args.seed}  policy {args.policy}  "
              f"workers {args.workers}  {elapsed:.1f} s ({rate:.1f} games/s, "
              f"{self.played_moves / max(elapsed, 1e-9):.0f} actions/s{earlier})")
        draws = self.games - self.wins["a"] - self.wins["b"]
        print(f"win rate: a {self.wins['a'] / n:6.1%}   b {self.wins['b'] / n:6.1%}   "
              f"no winner {draws / n:6.1%}   mean turns {self.turns / n:.1f}")
        print(f"{'per game':22} {'mean':>7} {'max':>5} {'games with any':>15}")
        for label, attr in self.METRICS:
            print(f"{label:22} {self.totals[attr] / n:7.2f} {self.maxima[attr]:5d} "
                  f"{self.any[attr]:15d}")
        print("how games ended:")
        for reason, count in self.reasons.most_common(8):
            print(f"  {count:6d}  {reason}")
        if len(self.reasons) > 8:
            print(f"  ... {len(self.reasons) - 8} more kinds")


def _reason_kind(reason: str) -> str:
    """Group end reasons: 'a lost: 704.5a ...' and 'b lost: 704.5a ...' read as one line."""
    if reason[:2] in ("a ", "b ") and " lost: " in reason:
        return "a player lost: " + reason.split(" lost: ", 1)[1]
    return reason if len(reason) <= 110 else reason[:107] + "..."
