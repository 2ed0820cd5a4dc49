"""A Scryfall-compatible JSON API under ``/api/`` (so a Scryfall client can point at it).

- ``cards/search?q=&page=``: a list object (``object: list``, ``total_cards``, ``has_more``,
  ``next_page``, ``data``), 175 cards a page, as Scryfall pages its searches. Scryfall's
  ``order`` (name, cmc, power, toughness, set, released, rarity, color) and ``dir`` (asc,
  desc; ``auto``, the default, is the order's own direction: ascending) sort the results
  as the query's ``order:`` and ``direction:`` do (a query's own ``order:`` wins);
  ``unique=cards`` (the default) and ``include_extras`` (true or false) are accepted: mtgkit
  stores one printing per card and hides nothing, so ``unique=art`` or ``prints`` is a 400;
- ``cards/named?exact=`` or ``?fuzzy=``: one card object;
- ``cards/autocomplete?q=``: a catalog object of up to 20 English names;
- ``cards/<oracle_id>``: one card object.

Card objects are the stored English Scryfall objects plus ``mtgkit_*`` fields (mechanics,
roles, tags with evidence, Japanese name/type/text). Errors are Scryfall error objects
(``object: error``, ``code``, ``status``, ``details``): 400 ``bad_request`` for a query that
cannot be read or a bad parameter, 404 ``not_found`` for no match (Scryfall answers a search
with no results that way too).
"""

from __future__ import annotations

from typing import Any

import orjson
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mtgkit.web import searching
from mtgkit.web.cards import (
    Ambiguous,
    autocomplete,
    card_by_id,
    cards_by_ids,
    named_exact,
    named_fuzzy,
)

PAGE_SIZE = 175


class JSONResponse(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


def error_response(status: int, code: str, details: str, **extra: Any) -> Response:
    return JSONResponse({"object": "error", "code": code, "status": status, "details": details,
                         **extra}, status_code=status)


class ApiError(Exception):
    def __init__(self, status: int, code: str, details: str, **extra: Any) -> None:
        super().__init__(details)
        self.status, self.code, self.details, self.extra = status, code, details, extra


def _page_number(request: Request) -> int:
    raw = request.query_params.get("page", "1")
    try:
        page = int(raw)
    except ValueError:
        raise ApiError(400, "bad_request", f"page must be a whole number, not {raw!r}") from None
    if page < 1:
        raise ApiError(400, "bad_request", f"page must be 1 or more, not {page}")
    return page


# Scryfall's cards/search parameters and the search keys that say the same.
_OPTION_KEYS = {"order": "order", "dir": "direction", "unique": "unique"}


def _display_options(request: Request) -> list[Any]:
    """``order``, ``dir``, ``unique`` and ``include_extras`` as search terms (see the module
    doc); a value mtgkit cannot honour is a 400 that names the parameter."""
    params = dict(request.query_params)
    if params.get("dir", "").strip().lower() == "auto":
        params.pop("dir")
    extras = params.get("include_extras")
    if extras is not None and extras.strip().lower() not in ("true", "false"):
        raise ApiError(400, "bad_request",
                       f"include_extras must be true or false, not {extras!r}")
    try:
        return searching.options_from(params, _OPTION_KEYS)
    except searching.QueryError as exc:  # (values are checked when the query compiles)
        raise ApiError(400, "bad_request", str(exc)) from exc


def _handler(func: Any) -> Any:
    """Turn :class:`ApiError` into an error object (the handler stays a sync function)."""
    def wrapped(request: Request) -> Response:
        try:
            return func(request)
        except ApiError as exc:
            return error_response(exc.status, exc.code, exc.details, **exc.extra)
    wrapped.__name__ = func.__name__
    wrapped.__doc__ = func.__doc__
    return wrapped


@_handler
def cards_search(request: Request) -> Response:
    """Scryfall's ``/cards/search``."""
    query = request.query_params.get("q", "").strip()
    if not query:
        raise ApiError(400, "bad_request", "You didn't enter anything to search for.")
    page = _page_number(request)
    options = _display_options(request)
    state = request.app.state.web
    with state.db.store() as store:
        try:
            hits = searching.find(store, query, page, PAGE_SIZE, options)
        except searching.QueryError as exc:
            raise ApiError(400, "bad_request", str(exc)) from exc
        cards = cards_by_ids(store, hits.oracle_ids, full=True, data=state.card_data,
                             rowids=hits.rowids)
    if hits.total == 0:
        raise ApiError(404, "not_found", "Your query didn't match any cards.")
    if not cards:
        raise ApiError(404, "not_found", f"page {page} is past the last page of "
                       f"{hits.total} cards ({-(-hits.total // PAGE_SIZE)} pages)")
    has_more = page * PAGE_SIZE < hits.total
    body: dict[str, Any] = {"object": "list", "total_cards": hits.total, "has_more": has_more}
    if has_more:
        body["next_page"] = str(request.url.include_query_params(page=page + 1))
    body["data"] = [c.scryfall_object() for c in cards]
    return JSONResponse(body)


@_handler
def cards_named(request: Request) -> Response:
    """Scryfall's ``/cards/named``: ``exact`` (any case) or ``fuzzy``."""
    exact = request.query_params.get("exact")
    fuzzy = request.query_params.get("fuzzy")
    if (exact is None) == (fuzzy is None) or not (exact or fuzzy or "").strip():
        raise ApiError(400, "bad_request", "give exactly one of exact= or fuzzy= with a name")
    with request.app.state.web.db.store() as store:
        if exact is not None:
            found = named_exact(store, exact)
        else:
            try:
                found = named_fuzzy(store, fuzzy or "")
            except Ambiguous:
                raise ApiError(404, "not_found", "Too many cards match ambiguous name "
                               f"\u201c{fuzzy}\u201d. Add more words to refine your search.",
                               type="ambiguous") from None
        card = card_by_id(store, found) if found else None
    if card is None:
        raise ApiError(404, "not_found", "No cards found matching "
                       f"\u201c{exact if exact is not None else fuzzy}\u201d")
    return JSONResponse(card.scryfall_object())


@_handler
def cards_autocomplete(request: Request) -> Response:
    """Scryfall's ``/cards/autocomplete``: a catalog of English names."""
    with request.app.state.web.db.store() as store:
        names = autocomplete(store, request.query_params.get("q", ""))
    return JSONResponse({"object": "catalog", "total_values": len(names), "data": names})


@_handler
def card(request: Request) -> Response:
    """One card by oracle id."""
    oracle_id = request.path_params["oracle_id"]
    with request.app.state.web.db.store() as store:
        found = card_by_id(store, oracle_id)
    if found is None:
        raise ApiError(404, "not_found", f"No card found with the given ID ({oracle_id})")
    return JSONResponse(found.scryfall_object())


@_handler
def unknown(request: Request) -> Response:
    raise ApiError(404, "not_found", f"There is no API endpoint at {request.url.path}")


routes = [
    Route("/cards/search", cards_search),
    Route("/cards/named", cards_named),
    Route("/cards/autocomplete", cards_autocomplete),
    Route("/cards/{oracle_id}", card),
    Route("/{rest:path}", unknown),
]
