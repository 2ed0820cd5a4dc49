"""Parse wiki pages under a time budget, in a worker process.

Why a process: mwparserfromhell's tokenizer backtracks on constructs that never close,
and its cost grows faster than the page. Measured here (``tests/fuzz/test_fuzz_wiki.py``
found it): 9 kB of ``{{情報ボックス|`` take 2 s, 36 kB take 36 s; 24 kB of
``{{a|b=`` … ``}}`` 43 s; 36 kB of ``<span a="`` 62 s. A hostile (or just broken) page
of a few hundred kB would hold a crawl for hours. The tokenizer is C code that never
returns to the interpreter, so no signal or thread can stop it in-process; a worker
process can be killed. Real pages (well-formed, 10-100 kB) parse in well under a second,
so the default budget, :data:`PARSE_BUDGET`, is only ever met by such pages.

One worker is kept for a whole crawl (started from a ``forkserver`` that has the parser
imported, so a page costs a pickle each way, not a fresh interpreter); a page over
budget kills it and the next page starts another. An exception in the worker comes back
as itself. The page's failure is the crawler's business: it records the page as failed
(:class:`~scraper.mediawiki.PageParseError`) and goes on.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
from typing import Any

from scraper.names import NameSplitter
from scraper.wikiparse import ParsedPage, parse_page

#: seconds one page may take to parse (the crawler's ``parse_budget``)
PARSE_BUDGET = 30.0

_SPLITTER: NameSplitter | None = None


class ParseTimeout(Exception):
    """A page took longer than the budget to parse (the worker was stopped)."""


def _init(splitter: NameSplitter) -> None:
    global _SPLITTER
    _SPLITTER = splitter


def _parse(title: str, kwargs: dict[str, Any]) -> ParsedPage:
    return parse_page(title, splitter=_SPLITTER, **kwargs)


def _context() -> multiprocessing.context.BaseContext:
    try:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["scraper.wikiparse"])
        return ctx
    except ValueError:  # no forkserver on this platform
        return multiprocessing.get_context("spawn")


class BoundedParser:
    """``parse_page`` in a worker process, with ``budget`` seconds per page."""

    def __init__(self, splitter: NameSplitter, budget: float = PARSE_BUDGET) -> None:
        self.splitter = splitter
        self.budget = budget
        self._pool: multiprocessing.pool.Pool | None = None

    def _start(self) -> multiprocessing.pool.Pool:
        self._pool = _context().Pool(1, initializer=_init, initargs=(self.splitter,))
        return self._pool

    def parse(self, title: str, **kwargs: Any) -> ParsedPage:
        """:func:`~scraper.wikiparse.parse_page` (without ``splitter``), or
        :class:`ParseTimeout` after ``budget`` seconds."""
        pool = self._pool or self._start()
        pending = pool.apply_async(_parse, (title, kwargs))
        try:
            return pending.get(self.budget)
        except multiprocessing.TimeoutError:
            self.close()
            raise ParseTimeout(f"the parsers took longer than {self.budget:g} s "
                               "(page abandoned; markup that never closes?)") from None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def __enter__(self) -> BoundedParser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
