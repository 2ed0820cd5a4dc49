"""What every fuzz test here shares: hypothesis settings bounded for CI, and the corpus.

Settings: :func:`fuzz_settings` gives each test ``examples`` generated inputs, derandomized
(hypothesis derives a fixed seed from the test, so CI runs the same inputs every time and a
failure reproduces), no example database, and a generous per-input deadline (the machine is
shared). ``MTGKIT_FUZZ_EXAMPLES=N`` sets N examples per test instead and turns randomization on,
for long local sessions (new inputs every run; a failure prints the ``@reproduce_failure`` blob)::

    MTGKIT_FUZZ_EXAMPLES=20000 pytest tests/fuzz -q -x

Corpus: ``tests/fuzz/corpus/<target>/`` holds one file per input worth keeping (every crash
found, plus seeds); :func:`corpus` lists them for a plain parametrised replay test, so each
stays a regression test after the fix (tests/fuzz/README.md).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings

CORPUS = Path(__file__).resolve().parent / "corpus"
_ENV = "MTGKIT_FUZZ_EXAMPLES"


def long_run() -> bool:
    """Whether a long local session was asked for (``MTGKIT_FUZZ_EXAMPLES`` set)."""
    return bool(os.environ.get(_ENV))


def fuzz_settings(examples: int, deadline_s: float = 10.0) -> settings:
    """Settings for one fuzz test: ``examples`` inputs in CI (sized so the whole fuzz suite
    stays within its time budget), or ``$MTGKIT_FUZZ_EXAMPLES`` randomized ones."""
    override = os.environ.get(_ENV)
    return settings(
        max_examples=int(override) if override else examples,
        derandomize=not override,
        database=None,
        deadline=timedelta(seconds=deadline_s),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.filter_too_much],
        print_blob=True,
    )


class TooSlow(AssertionError):
    """An input kept a reader busy past its time limit (a hang, or worse than linear work)."""


@contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Fail with :class:`TooSlow` when the block runs longer than ``seconds`` (wall clock, via
    SIGALRM in the main thread): a reader that loops forever on an input must fail the test,
    not hang CI. Elsewhere (another thread, no SIGALRM) the block just runs."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not \
            threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise TooSlow(f"{what}: still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def scratch_dir(factory: Any) -> Path:
    """One folder per session for the files a fuzz test writes (each example overwrites the
    last: a new folder per example would cost more than the example)."""
    path = Path(factory.getbasetemp()) / "fuzz-scratch"
    path.mkdir(exist_ok=True)
    return path


def corpus(target: str, *suffixes: str) -> list[Path]:
    """The corpus files of ``target`` (``corpus/<target>/*``), sorted, README files left out;
    restricted to ``suffixes`` when given."""
    folder = CORPUS / target
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if p.is_file() and not p.name.lower().startswith("readme")
                  and (not suffixes or p.name.endswith(suffixes)))


def ids(paths: list[Path]) -> list[str]:
    """Test ids for corpus files: their names."""
    return [p.name for p in paths]
