"""Parse wiki pages under a time budget, in a worker process.

Why a process: mwparserfromhell's tokenizer backtracks on constructs that never close,
and its cost grows faster than the page. Measured here (``tests/fuzz/test_fuzz_wiki.py``
found it): 9 kB of ``{{情報ボックス|`` take 2 s, 36 kB take 36 s; 24 kB of
``{{a|b=`` … ``}}`` 43 s; 36 kB of ``<span a="`` 62 s. A hostile (or just broken) page
of a few hundred kB would hold a crawl for hours. The tokenizer is C code that never
returns to the interpreter, so no signal or thread can stop it in-process; a worker
process can be killed. Real pages (well-formed, 10-100 kB) parse in well under a second,
so the default budget, :data:`PARSE_BUDGET`, is only ever met by such pages.

One worker is kept for a whole crawl: ``python -m scraper.parse_worker``, a fresh
interpreter (not ``multiprocessing``, whose spawn/forkserver re-import the caller's
``__main__`` and whose fork copies a process full of threads), fed length-prefixed
pickles on its stdin and answering on its stdout; a page costs a pickle each way. A
page over budget kills it and the next page starts another. An exception in the worker
comes back as itself (or as a RuntimeError naming its type, if it cannot be pickled).
The page's failure is the crawler's business: it records the page as failed
(:class:`~scraper.mediawiki.PageParseError`) and goes on.
"""

from __future__ import annotations

import os
import pickle
import select
import struct
import subprocess
import sys
import time
from typing import Any, BinaryIO

from scraper.names import NameSplitter
from scraper.wikiparse import ParsedPage, parse_page

#: seconds one page may take to parse (the crawler's ``parse_budget``)
PARSE_BUDGET = 30.0
#: seconds the worker may take to start (import lxml, mwparserfromhell), before any page
START_GRACE = 20.0
_HEADER = struct.Struct(">Q")


class ParseTimeout(Exception):
    """A page took longer than the budget to parse (the worker was stopped)."""


class WorkerFailed(Exception):
    """The worker process died or answered nonsense (it is restarted for the next page)."""


def _send(out: BinaryIO, obj: object) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(_HEADER.pack(len(data)) + data)
    out.flush()


def _read_exact(fd: int, size: int, deadline: float | None) -> bytes:
    chunks, got = [], 0
    while got < size:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                raise TimeoutError
        chunk = os.read(fd, min(size - got, 1 << 20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _receive(fd: int, deadline: float | None) -> Any:
    (size,) = _HEADER.unpack(_read_exact(fd, _HEADER.size, deadline))
    return pickle.loads(_read_exact(fd, size, deadline))


def serve() -> None:
    """The worker's loop: (splitter), then (title, kwargs) -> ("ok", page) | ("error", exc)."""
    inp, out = sys.stdin.buffer.fileno(), sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not corrupt the answers
    splitter: NameSplitter = _receive(inp, None)
    _send(out, ("ready", None))  # imports done: from here on, the budget is the page's
    while True:
        try:
            title, kwargs = _receive(inp, None)
        except EOFError:
            return
        try:
            answer: tuple[str, object] = ("ok", parse_page(title, splitter=splitter, **kwargs))
        except Exception as exc:  # sent back to be reported as this page's failure
            answer = ("error", exc)
        try:
            _send(out, answer)
        except (pickle.PicklingError, TypeError, AttributeError):
            _send(out, ("error", RuntimeError(f"{type(answer[1]).__name__}: {answer[1]}")))


class BoundedParser:
    """``parse_page`` in a worker process, with ``budget`` seconds per page."""

    def __init__(self, splitter: NameSplitter, budget: float = PARSE_BUDGET) -> None:
        self.splitter = splitter
        self.budget = budget
        self._proc: subprocess.Popen[bytes] | None = None

    def _start(self) -> subprocess.Popen[bytes]:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "scraper.parse_worker"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, env=env)
        assert self._proc.stdin is not None and self._proc.stdout is not None
        try:
            _send(self._proc.stdin, self.splitter)
            kind, _ = _receive(self._proc.stdout.fileno(), time.monotonic() + START_GRACE)
        except (TimeoutError, EOFError, OSError, pickle.UnpicklingError, struct.error) as exc:
            self.close()
            raise WorkerFailed(f"the parse worker did not start ({type(exc).__name__})") \
                from exc
        if kind != "ready":
            self.close()
            raise WorkerFailed(f"the parse worker said {kind!r} instead of 'ready'")
        return self._proc

    def parse(self, title: str, **kwargs: Any) -> ParsedPage:
        """:func:`~scraper.wikiparse.parse_page` (without ``splitter``), or
        :class:`ParseTimeout` after ``budget`` seconds."""
        proc = self._proc if self._proc is not None and self._proc.poll() is None \
            else self._start()
        assert proc.stdin is not None and proc.stdout is not None
        try:
            _send(proc.stdin, (title, kwargs))
            kind, value = _receive(proc.stdout.fileno(),
                                   time.monotonic() + self.budget)
        except TimeoutError:
            self.close()
            raise ParseTimeout(f"the parsers took longer than {self.budget:g} s "
                               "(page abandoned; markup that never closes?)") from None
        except (EOFError, OSError, pickle.UnpicklingError, struct.error) as exc:
            self.close()
            raise WorkerFailed(f"the parse worker stopped ({type(exc).__name__}; "
                               f"exit status {proc.poll()})") from exc
        if kind == "error":
            raise value  # type: ignore[misc]
        return value  # type: ignore[return-value]

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            for stream in (proc.stdin, proc.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
            if proc.poll() is None:
                proc.kill()
            proc.wait()

    def __enter__(self) -> BoundedParser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


if __name__ == "__main__":
    serve()
