"""The Starlette application: ``create_app(db_path)`` wires the store, the pages and the API.

Handlers are plain (synchronous) functions: Starlette runs each in its thread pool, and each
takes its own cursor from :class:`mtgkit.web.database.Database`, so requests run side by side.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from mtgkit.web import api, pages
from mtgkit.web.cards import DataCache, facet_counts
from mtgkit.web.database import Database
from mtgkit.web.rulings import RulingChecks, default_scenario_dir

HERE = Path(__file__).parent
_SYMBOL = re.compile(r"\{([^{}]+)\}")


def mana_symbols(cost: str | None) -> Markup:
    """``{2}{R}`` as small coloured badges (a Jinja filter); other text is escaped as is."""
    if not cost:
        return Markup("")
    out, pos = [], 0
    for m in _SYMBOL.finditer(cost):
        out.append(escape(cost[pos:m.start()]))
        sym = m.group(1)
        css = sym if sym in ("W", "U", "B", "R", "G") else "x"
        out.append(Markup('<span class="sym sym-{0}" title="{{{1}}}">{1}</span>').format(css, sym))
        pos = m.end()
    out.append(escape(cost[pos:]))
    return Markup("").join(out)


class WebState:
    """What every handler shares: the database, the templates and the per-process caches."""

    def __init__(self, db: Database, scenario_dir: Path | None) -> None:
        self.db = db
        self.templates = Jinja2Templates(directory=str(HERE / "templates"))
        self.templates.env.filters["mana"] = mana_symbols
        self.rulings = RulingChecks(scenario_dir, db.open_store)
        self.card_data = DataCache()
        self._facets: tuple[object, Any] | None = None
        self._lock = threading.Lock()

    def facets(self) -> tuple[dict[str, int], dict[tuple[str, str], int]]:
        """Cards per mechanic and per role, computed once per database file version."""
        stamp = self.db.stamp()
        with self._lock:
            if self._facets is None or self._facets[0] != stamp:
                with self.db.store() as store:
                    self._facets = (stamp, facet_counts(store))
            return self._facets[1]


def create_app(db_path: Path | str, *, scenario_dir: Path | str | None = None) -> Starlette:
    """The web app over the database at ``db_path`` (opened read-only).

    ``scenario_dir`` holds the scenarios whose rulings the card pages report (default: the
    source tree's ``tests/scenarios``). Raises :class:`mtgkit.web.database.DatabaseUnavailable`
    when the file is missing or unreadable, before any request is served.
    """
    db = Database(db_path)
    scenarios = Path(scenario_dir) if scenario_dir is not None else default_scenario_dir()
    state = WebState(db, scenarios)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            db.close()

    routes = [
        Route("/", pages.search_page, name="home"),
        Route("/search", pages.search_page, name="search"),
        Route("/card/{oracle_id}", pages.card_page, name="card"),
        Mount("/api", routes=api.routes, name="api"),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: _http_error})
    app.state.web = state
    return app


async def _http_error(request: Request, exc: Exception) -> Response:
    """404/405 and the like: a Scryfall error object under /api/, an HTML page elsewhere."""
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/") or request.url.path == "/api":
        return api.error_response(exc.status_code, "not_found" if exc.status_code == 404
                                  else "bad_request", exc.detail)
    return pages.error_page(request, exc.status_code, exc.detail)
