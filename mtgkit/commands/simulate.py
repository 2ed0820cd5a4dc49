"""``mtgkit simulate``: play complete two-player games between two decks and record them.

Examples::

    mtgkit simulate --deck day_night --deck vanilla --games 1000 --seed 7
    mtgkit simulate --deck my.txt --deck their.txt --games 200 --policy greedy --workers 2
    mtgkit simulate --deck day_night --deck initiative --games 100000 --backend ray --out runs/
    mtgkit simulate --deck day_night --games 1000000 --backend ray --address 10.0.0.5:6379

A ``--deck`` is a deck file (``4 Tavern Ruffian`` lines; the sideboard is ignored) or the name
of a sample deck shipped with mtgkit (``--list-decks`` shows them). Games are reproducible for a
seed whatever ``--workers`` is. Rows go to ``sim_runs``/``sim_games``/``sim_events`` in the
database (``--no-store`` skips that); a summary is printed at the end.

Interrupt a long run with Ctrl-C: the games finished so far are stored, and the same command
run again resumes that run, playing only the games it lacks (games are seeded one by one, so
the rows are those an uninterrupted run writes). ``--new-run`` starts afresh instead. A run
that is already complete is not played again: the command says so and shows its summary.

``--backend ray`` plays batches of games as Ray tasks (``pip install "mtgkit[ray]"``): on a
local Ray started for the run (``--workers`` CPUs, default all), or on the cluster at
``--address``. ``--out DIR`` also writes the run as a Parquet dataset (partitioned by run and
batch) under DIR; with ``--no-store`` the dataset is the only record, and resumes like the
database does.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
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
    parser.add_argument("--workers", type=int, default=None,
                        help="parallel processes (default 1); with --backend ray, the CPUs of "
                             "the local Ray started for the run (default: every core)")
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="local processes (default) or Ray tasks (the mtgkit[ray] extra)")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --backend ray: an existing Ray cluster (host:port or 'auto') "
                             "instead of a local Ray started for the run")
    parser.add_argument("--out", type=Path, metavar="DIR",
                        help="also write the run as a Parquet dataset under DIR (with "
                             "--no-store: only there)")
    parser.add_argument("--max-turns", type=int, default=40,
                        help="stop a game as a draw after this many turns (default 40)")
    parser.add_argument("--cards", nargs="*", default=[], help="extra Scryfall .json/.jsonl files")
    parser.add_argument("--no-store", action="store_true", help="do not write to the database")
    parser.add_argument("--allow-unsupported", action="store_true",
                        help="play even when a deck names a card the engine does not fully "
                             "support (refused otherwise, listing each such card)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--list-decks", action="store_true", help="list the sample decks and exit")
    parser.add_argument("--batch", type=int, default=None, metavar="N",
                        help=f"games stored per transaction (default {BATCH}; with --backend "
                             "ray, games per Ray task, by default sized to the cluster); "
                             "Ctrl-C keeps every finished game whatever it is")
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
    from rules_engine.sim_runner import RunSpec, card_dicts_for

    if args.list_decks:
        for path in sample_decks():
            deck = read_deck(path)
            print(f"{path.stem:12} {deck.size:3} cards  {path}")
        return 0
    if not args.deck or len(args.deck) > 2:
        raise UserError("give one or two --deck options (one deck plays a mirror match)")
    if args.games < 1:
        raise UserError("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        raise UserError("--workers must be at least 1")
    if args.batch is not None and args.batch < 1:
        raise UserError("--batch must be at least 1")
    if args.address and args.backend != "ray":
        raise UserError("--address names a Ray cluster: give it with --backend ray")
    if args.address and args.workers is not None:
        raise UserError("--workers sets the CPUs of a local Ray; with --address the cluster's "
                        "CPUs are used")
    if args.backend == "ray" and args.replay is None:  # before anything is stored
        from rules_engine.sim_ray import RayUnavailable, import_ray

        try:
            import_ray(local=args.address is None)
        except RayUnavailable as exc:
            raise UserError(str(exc)) from exc
    dataset = None
    if args.out is not None and args.replay is None:
        from db.sim_dataset import DatasetError, SimDataset

        try:
            dataset = SimDataset(args.out)
        except DatasetError as exc:
            raise UserError(str(exc)) from exc
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
                       keep_events=not args.no_store or dataset is not None)
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
    sink = _Sink(store, dataset, deck_a.name, deck_b.name)
    summary = _Summary()
    played = 0
    try:
        start = sink.start_or_resume(spec, args, summary)
        if start.complete:
            summary.print(deck_a.name, deck_b.name, args, 0.0, 0, _label(args, None))
            print(f"run {start.run_id} is already complete: its {args.games} games are stored in "
                  f"{sink.where()}; "
                  f"nothing played (--new-run plays them again as a new run)")
            return 0
        run_id, todo = start.run_id, start.todo
        t0 = time.perf_counter()
        pending: list[Any] = []
        stored = args.games - len(todo)
        cpus: list[int | None] = [None]
        batch_size = args.batch or BATCH
        try:
            with _progress(args.games, stored, not args.no_progress) as advance:
                for records, whole in _played(spec, args, todo, cpus):
                    for record in records:
                        summary.add(record)
                    pending.extend(records)
                    played += len(records)
                    if sink.active and (whole or len(pending) >= batch_size):
                        stored += sink.flush(run_id, pending)
                        advance(len(records), f"{stored} of {args.games} games stored")
                    else:
                        advance(len(records))
        except KeyboardInterrupt:
            # Ctrl-C: the games finished so far are stored (one transaction), the rest is
            # played when the same command runs again
            if not sink.active:
                print(f"interrupted after {played} games (nothing stored: --no-store)",
                      file=sys.stderr)
                return 130
            sink.flush(run_id, pending)
            stored = sink.stored_count(run_id)  # (a flush may have been cut short)
            print(f"interrupted: {stored} of {args.games} games of run {run_id} stored in "
                  f"{sink.where()}; run the same command again to resume", file=sys.stderr)
            return 130
        sink.flush(run_id, pending)
        sink.finish(run_id)
        elapsed = time.perf_counter() - t0
    finally:
        if store is not None:
            store.close()
    summary.print(deck_a.name, deck_b.name, args, elapsed, played, _label(args, cpus[0]))
    if store is not None:
        print(f"run {run_id}: {args.games} rows in sim_games written to {store.path}")
    if dataset is not None:
        print(f"run {run_id}: Parquet dataset in {dataset.root} "
              f"(sim_games, sim_events, sim_runs; partitions run_id={run_id}/batch=N)")
    return 0


def _label(args: argparse.Namespace, cpus: int | None) -> str:
    """How the games were spread, for the summary line."""
    if args.backend == "ray":
        where = f"cluster {args.address}" if args.address else "local"
        return f"backend ray ({where}, {cpus} CPUs)" if cpus else f"backend ray ({where})"
    return f"workers {args.workers or 1}"


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




def _played(spec: Any, args: argparse.Namespace, todo: list[int],
            cpus: list[int | None]) -> Any:
    """``(records, whole_batch)`` as games finish: one record at a time from local workers (in
    game order), or the records of one Ray task at a time (in the order tasks finish)."""
    if not todo:
        return
    if args.backend != "ray":
        from rules_engine.sim_runner import run_games

        for record in run_games(spec, args.games, args.workers or 1, indexes=todo):
            yield [record], False
        return
    from rules_engine.sim_ray import RayUnavailable, plan_batches, ray_session, run_batches

    try:
        session = ray_session(args.address, args.workers)
        ray = session.__enter__()
    except RayUnavailable as exc:
        raise UserError(str(exc)) from exc
    try:
        cpus[0] = int(ray.cluster_resources().get("CPU", 1)) or 1
        # by default about four tasks per CPU, so every CPU keeps busy until the end
        size = args.batch or max(1, min(BATCH, -(-len(todo) // (4 * cpus[0]))))
        try:
            for _batch, records in run_batches(ray, spec, plan_batches(todo, size)):
                yield records, True
        except ray.exceptions.RayError as exc:  # e.g. a cluster node without mtgkit on it
            first = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
            raise UserError(f"a Ray task failed ({first}); the batches stored so far are kept. "
                            "Every node of the cluster needs mtgkit (the same version) "
                            "installed") from exc
    finally:
        session.__exit__(None, None, None)


class _Start:
    """Where a run stands: its id, the game numbers still to play, already complete or not."""

    def __init__(self, run_id: int | None, todo: list[int], complete: bool = False) -> None:
        self.run_id = run_id
        self.todo = todo
        self.complete = complete


class _Sink:
    """Where finished games go: the database, the Parquet dataset, both, or neither.

    With a database, it is the record a run resumes from; the dataset follows it (after an
    interruption the games the database has and the dataset lacks are copied over). With only
    a dataset (``--no-store --out``), the dataset is the record."""

    def __init__(self, store: Any, dataset: Any, deck_a: str, deck_b: str) -> None:
        self.store = store
        self.dataset = dataset
        self.deck_a = deck_a
        self.deck_b = deck_b
        self.active = store is not None or dataset is not None

    def where(self) -> str:
        places = [str(p) for p in (getattr(self.store, "path", None),
                                   getattr(self.dataset, "root", None)) if p is not None]
        return " and ".join(places)

    def start_or_resume(self, spec: Any, args: argparse.Namespace, summary: _Summary) -> _Start:
        """The unfinished run of the same games if one exists (unless --new-run), its stored
        games added to ``summary``; an already complete one (nothing to play); else a new run."""
        if self.store is not None:
            return self._start_db(spec, args, summary)
        if self.dataset is not None:
            return self._start_dataset(spec, args, summary)
        return _Start(None, list(range(args.games)))

    def _start_db(self, spec: Any, args: argparse.Namespace, summary: _Summary) -> _Start:
        from db.sim import finished_run, game_rows, start_run, unfinished_run

        key = spec.key()
        store = self.store
        done_id = None if args.new_run else finished_run(store, key, args.games)
        run_id = done_id or (None if args.new_run else unfinished_run(store, key, args.games))
        if run_id is None:
            run_id = start_run(store, seed=args.seed, games=args.games, policy=args.policy,
                               deck_a=self.deck_a, deck_b=self.deck_b,
                               workers=args.workers or 1, max_turns=args.max_turns,
                               spec_key=key)
            self._sync_dataset(run_id, key, set())
            return _Start(run_id, list(range(args.games)))
        rows = game_rows(store, run_id)
        for row in rows:
            summary.add(SimpleNamespace(**row), stored=True)
        done = {row["game"] for row in rows}
        self._sync_dataset(run_id, key, done)
        if done_id is not None:
            if self.dataset is not None:  # (its run row as the database has it: finished)
                from db.sim import run_row

                self.dataset.write_run(run_id, run_row(store, run_id) or {})
            return _Start(run_id, [], complete=True)
        print(f"resuming run {run_id}: {len(done)} of {args.games} games already stored "
              f"(--new-run starts afresh)", file=sys.stderr)
        return _Start(run_id, [i for i in range(args.games) if i not in done])

    def _sync_dataset(self, run_id: int, key: str, in_db: set[int]) -> None:
        """Make the dataset hold exactly the games the database holds for this run."""
        if self.dataset is None:
            return
        from db.sim import run_row, run_tables
        from db.sim_dataset import DatasetError

        ds = self.dataset
        try:
            ds.check_run(run_id, key)
        except DatasetError as exc:
            raise UserError(str(exc)) from exc
        if ds.run(run_id) is None:
            ds.write_run(run_id, run_row(self.store, run_id) or {})
        have: set[int] = set()
        for number, games in ds.batches(run_id).items():
            if set(games) <= in_db:
                have.update(games)
            else:  # written after the database was (cannot happen, but never duplicate)
                ds.drop_batch(run_id, number)
        missing = in_db - have
        if missing:
            games, events = run_tables(self.store, run_id, missing)
            ds.write_batch(run_id, ds.next_batch(run_id), games, events)

    def _start_dataset(self, spec: Any, args: argparse.Namespace, summary: _Summary) -> _Start:
        import pyarrow.parquet as pq

        ds = self.dataset
        key = spec.key()
        found = None if args.new_run else ds.find_run(key, args.games)
        if found is None:
            run_id = ds.next_run_id()
            ds.write_run(run_id, {"seed": args.seed, "games": args.games, "policy": args.policy,
                                  "deck_a": self.deck_a, "deck_b": self.deck_b,
                                  "workers": args.workers or 1, "max_turns": args.max_turns,
                                  "spec_key": key, "started_at": datetime.now()})
            return _Start(run_id, list(range(args.games)))
        run_id = found["run_id"]
        done: set[int] = set()
        for number in sorted(ds.batches(run_id)):
            path = ds.root / "sim_games" / f"run_id={run_id}" / f"batch={number}"
            for row in pq.read_table(path / "part-0.parquet").to_pylist():
                summary.add(SimpleNamespace(**row), stored=True)
                done.add(row["game"])
        if found["finished_at"] is not None:
            return _Start(run_id, [], complete=True)
        print(f"resuming run {run_id}: {len(done)} of {args.games} games already stored "
              f"(--new-run starts afresh)", file=sys.stderr)
        return _Start(run_id, [i for i in range(args.games) if i not in done])

    def flush(self, run_id: int | None, batch: list[Any]) -> int:
        """Store a batch of games (database transaction first, then the dataset files);
        returns how many were stored. A Ctrl-C during the write is held until the batch is
        stored in both (ctrl_c_deferred)."""
        from db.sim import record_tables, write_tables
        from mtgkit.commands._common import ctrl_c_deferred

        if run_id is None or not batch or not self.active:
            batch.clear()
            return 0
        with ctrl_c_deferred():
            games, events = record_tables(run_id, self.deck_a, self.deck_b, batch)
            if self.store is not None:
                write_tables(self.store, games, events)
            if self.dataset is not None:
                self.dataset.write_batch(run_id, self.dataset.next_batch(run_id), games, events)
            batch.clear()
        return games.num_rows

    def stored_count(self, run_id: int) -> int:
        from db.sim import stored_game_numbers

        if self.store is not None:
            return len(stored_game_numbers(self.store, run_id))
        return len(self.dataset.game_numbers(run_id))

    def finish(self, run_id: int | None) -> None:
        from db.sim import finish_run

        if run_id is None:
            return
        if self.store is not None:
            finish_run(self.store, run_id)
            if self.dataset is not None:  # the database's row, finish time included
                from db.sim import run_row

                self.dataset.write_run(run_id, run_row(self.store, run_id) or {})
        elif self.dataset is not None:
            self.dataset.finish_run(run_id)


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
        return lambda n=1, stored_note=None: self.bar.advance(task, n)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _no_progress(n: int = 1, stored_note: str | None = None) -> None:
    return None


def _plain_progress(n: int = 1, stored_note: str | None = None) -> None:
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
              played: int, spread: str) -> None:
        """The summary of every game of the run; the speed is of the ``played`` ones only
        (a resumed run also counts the games stored before)."""
        n = max(self.games, 1)
        rate = played / elapsed if elapsed > 0 else float("inf")
        earlier = f", {self.games - played} stored before" if played != self.games else ""
        head = f"{self.games} games  {a} (a) vs {b} (b)  seed {args.seed}  policy {args.policy}"
        if played:
            print(f"{head}  {spread}  {elapsed:.1f} s ({rate:.1f} games/s, "
                  f"{self.played_moves / max(elapsed, 1e-9):.0f} actions/s{earlier})")
        else:
            print(f"{head}  (all stored before)")
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
