"""Simulated games as Ray tasks: one run spread over the cores of a machine or a cluster.

Why Ray and not more ``multiprocessing``: a run of millions of games outgrows one machine, and
Ray is the established engine for distributed Python. The shape of a run here:

- the driver (the ``mtgkit simulate`` process) resolves every card into a plain
  :class:`~rules_engine.sim_runner.RunSpec` and puts it in Ray's object store **once**
  (``ray.put``); each task receives only the reference, a batch number and its game numbers;
- a task plays its games with the same per-game seeds as ``--workers 1``
  (:func:`~rules_engine.sim_runner.game_seed`), so the rows do not depend on how games are
  spread; a worker process builds its card library from the spec the first time it sees that
  run and keeps it for the run's later tasks;
- the driver keeps only a bounded window of tasks in flight and takes finished batches as they
  arrive (``ray.wait``), in whatever order they finish; the caller stores each one, so Ctrl-C
  loses only the batches still being played.

Ray is an optional extra (``pip install "mtgkit[ray]"``): it is imported only when a Ray
backend is asked for, and its absence is a clear :class:`RayUnavailable` error.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rules_engine.cards import CardLibrary, DictCardSource
from rules_engine.sim_runner import GameRecord, RunSpec, game_seed, play_game, tune_gc

INSTALL_HINT = 'pip install "mtgkit[ray]"'
# tasks in flight per CPU of the cluster: enough that no CPU waits for the driver, few enough
# that an interrupted run throws away little work and the object store holds little
IN_FLIGHT_PER_CPU = 2


class RayUnavailable(RuntimeError):
    """Ray was asked for but is not installed (or cannot start)."""


def import_ray(*, local: bool) -> Any:
    """Import Ray lazily. A local Ray started for a run is kept on the loopback interface
    (on Linux Ray otherwise binds its services to the machine's network address)."""
    if local:
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    try:
        import ray
    except ImportError as exc:
        raise RayUnavailable(
            f"--backend ray needs Ray, which is not installed ({INSTALL_HINT})") from exc
    return ray


@dataclass(frozen=True)
class Batch:
    """A batch of a run: its number (the dataset partition) and its game numbers."""

    number: int
    games: tuple[int, ...]


def plan_batches(indexes: Sequence[int], size: int, first_number: int = 0) -> list[Batch]:
    """Cut the game numbers still to play into batches of at most ``size`` games, numbered
    from ``first_number`` (a resumed run numbers its new batches after the stored ones)."""
    size = max(1, size)
    todo = list(indexes)
    return [Batch(first_number + i, tuple(todo[j:j + size]))
            for i, j in enumerate(range(0, len(todo), size))]


# -- worker side ----------------------------------------------------------------------------------

_LIBRARIES: dict[str, tuple[RunSpec, CardLibrary]] = {}


def play_batch(key: str, spec_box: list[Any], games: Sequence[int]) -> list[GameRecord]:
    """Play ``games`` of the run ``key`` (what a Ray task runs; also callable directly).

    ``spec_box`` holds the spec or its object reference inside a list, so Ray does not fetch
    and unpickle the spec for every task: a worker process fetches it once per run."""
    hit = _LIBRARIES.get(key)
    if hit is None:
        spec = spec_box[0]
        if not isinstance(spec, RunSpec):  # an ObjectRef: fetch it from the object store
            import ray

            spec = ray.get(spec)
        _LIBRARIES.clear()  # a worker serves one run at a time; drop an earlier run's cards
        hit = _LIBRARIES[key] = (spec, CardLibrary(DictCardSource(spec.cards)))
        tune_gc()  # a Ray worker process only plays games
    spec, library = hit
    deck_a, deck_b = list(spec.deck_a), list(spec.deck_b)
    return [play_game(library, deck_a, deck_b, index=i, seed=game_seed(spec.seed, i),
                      policy=spec.policy, max_turns=spec.max_turns, max_moves=spec.max_moves,
                      keep_events=spec.keep_events)
            for i in games]


# -- driver side ----------------------------------------------------------------------------------

@contextmanager
def ray_session(address: str | None = None, num_cpus: int | None = None) -> Iterator[Any]:
    """Ray for one run: the session already open in this process (tests share one), else a
    connection to the cluster at ``address``, else a local Ray with ``num_cpus`` CPUs started
    for the run and shut down after it."""
    ray = import_ray(local=address is None)
    if ray.is_initialized():
        yield ray
        return
    kwargs: dict[str, Any] = {"log_to_driver": False, "configure_logging": True,
                              "logging_level": "warning"}
    if address is None:
        kwargs.update(address="local", num_cpus=num_cpus, include_dashboard=False)
    else:
        kwargs["address"] = address
    try:
        ray.init(**kwargs)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        raise RayUnavailable(f"could not start or reach {where}: {exc}") from exc
    try:
        yield ray
    finally:
        ray.shutdown()


def run_batches(ray: Any, spec: RunSpec, batches: Sequence[Batch],
                ) -> Iterator[tuple[Batch, list[GameRecord]]]:
    """Play ``batches`` as Ray tasks; yield ``(batch, records)`` as each one finishes.

    The spec goes to the object store once; at most ``IN_FLIGHT_PER_CPU`` tasks per cluster
    CPU are pending at a time. When the caller stops early (Ctrl-C, an error, ``close()``),
    the tasks still running are cancelled."""
    remote = ray.remote(num_cpus=1, max_retries=2)(play_batch)
    key = spec.key()
    box = [ray.put(spec)]
    cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
    window = max(2, IN_FLIGHT_PER_CPU * cpus)
    queue = list(reversed(batches))
    pending: dict[Any, Batch] = {}
    try:
        while queue or pending:
            while queue and len(pending) < window:
                batch = queue.pop()
                pending[remote.remote(key, box, batch.games)] = batch
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                batch = pending.pop(ref)
                yield batch, ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
