"""The HTML pages: the search page (``/``, ``/search``) and a card's page (``/card/<id>``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import Response

from classifier import ROLES
from mtgkit.web import searching
from mtgkit.web.cards import (
    Card,
    Face,
    card_by_id,
    card_count,
    cards_by_ids,
    rulings_of,
    wiki_mentions,
)
from mtgkit.web.highlight import highlight
from mtgkit.web.links import mtgwiki_title, mtgwiki_url, scryfall_url

PAGE_SIZE = 60


@dataclass
class Facet:
    term: str  # e.g. "mech:day_night"
    label: str
    count: int
    active: bool
    href: str


def _with_term(request: Request, query: str, term: str) -> tuple[bool, str]:
    """Whether ``term`` is already in ``query``; and the link that adds it (or removes it)."""
    words = query.split()
    active = term in words
    new = " ".join(w for w in words if w != term) if active else f"{query} {term}".strip()
    return active, str(request.url_for("search").include_query_params(q=new)) if new else str(
        request.url_for("home"))


def _facets(request: Request, query: str) -> list[tuple[Facet, list[Facet]]]:
    mechanics, roles = request.app.state.web.facets()
    known = {m: list(rs) for m, rs in ROLES.items()}
    for mechanic, role in roles:  # a role the store has that this classifier does not name
        if role not in known.setdefault(mechanic, []):
            known[mechanic].append(role)
    out = []
    for mechanic, role_names in known.items():
        active, href = _with_term(request, query, f"mech:{mechanic}")
        head = Facet(f"mech:{mechanic}", mechanic, mechanics.get(mechanic, 0), active, href)
        items = []
        for role in role_names:
            active, href = _with_term(request, query, f"role:{role}")
            items.append(Facet(f"role:{role}", role, roles.get((mechanic, role), 0), active,
                               href))
        out.append((head, items))
    return out


def _page_links(request: Request, query: str, page: int, pages: int) -> list[tuple[str, str]]:
    """(label, href) for first/previous/nearby/next/last pages ('' href: the current page)."""
    def href(n: int) -> str:
        return str(request.url_for("search").include_query_params(q=query, page=n))
    links: list[tuple[str, str]] = []
    if page > 1:
        links.append(("« prev", href(page - 1)))
    for n in range(max(1, page - 3), min(pages, page + 3) + 1):
        links.append((str(n), "" if n == page else href(n)))
    if page < pages:
        links.append(("next »", href(page + 1)))
    return links


def search_page(request: Request) -> Response:
    state = request.app.state.web
    query = request.query_params.get("q", "").strip()
    raw_page = request.query_params.get("page", "1")
    error = None
    page = 1
    try:
        page = int(raw_page)
        if page < 1:
            raise ValueError
    except ValueError:
        error = f"page must be a whole number 1 or more, not {raw_page!r}"
        page = 1
    cards: list[Card] = []
    total = 0
    with state.db.store() as store:
        all_cards = card_count(store)
        if query and error is None:
            try:
                hits = searching.find(store, query, page, PAGE_SIZE)
                total = hits.total
                cards = cards_by_ids(store, hits.oracle_ids, rowids=hits.rowids)
            except searching.QueryError as exc:
                error = str(exc)
    pages = max(1, -(-total // PAGE_SIZE))
    context = {
        "query": query, "error": error, "cards": cards, "total": total, "page": page,
        "pages": pages, "page_size": PAGE_SIZE, "all_cards": all_cards,
        "facets": _facets(request, query),
        "page_links": _page_links(request, query, page, pages) if total else [],
        "first": (page - 1) * PAGE_SIZE + 1, "last": (page - 1) * PAGE_SIZE + len(cards),
    }
    status = 400 if error else 200
    return state.templates.TemplateResponse(request, "search.html", context, status_code=status)


@dataclass
class FaceView:
    face: Face
    name: Markup
    name_ja: Markup
    type_line: Markup
    type_line_ja: Markup
    text: Markup
    text_ja: Markup


def _face_views(card: Card) -> list[FaceView]:
    """Each face's fields with the evidence of its tags marked, per language.

    A tag's evidence sits in one field of its face: the text, else the type line, else the
    name (the classifier's own order of fields)."""
    views = []
    for face in card.faces:
        spans: dict[str, list[tuple[str, str]]] = {}
        fields = {"en": (face.oracle_text, face.type_line, face.name),
                  "ja": (face.text_ja, face.type_line_ja, face.name_ja)}
        for tag in card.tags:
            if (tag.face_index or 0) != face.index or not tag.evidence:
                continue
            lang = tag.lang if tag.lang in fields else "en"
            for slot, value in zip(("text", "type", "name"), fields[lang], strict=True):
                if value and tag.evidence in value:
                    spans.setdefault(f"{lang}:{slot}", []).append(
                        (tag.evidence, f"{tag.mechanic}:{tag.role}"))
                    break
        views.append(FaceView(
            face,
            highlight(face.name, spans.get("en:name", [])),
            highlight(face.name_ja, spans.get("ja:name", [])),
            highlight(face.type_line, spans.get("en:type", [])),
            highlight(face.type_line_ja, spans.get("ja:type", [])),
            highlight(face.oracle_text, spans.get("en:text", [])),
            highlight(face.text_ja, spans.get("ja:text", []))))
    return views


def card_page(request: Request) -> Response:
    state = request.app.state.web
    oracle_id = request.path_params["oracle_id"]
    with state.db.store() as store:
        card = card_by_id(store, oracle_id)
        if card is None:
            return error_page(request, 404, f"No card with oracle id {oracle_id!r}")
        rulings = rulings_of(store, oracle_id)
        mentions = wiki_mentions(store, card)
    checks = state.rulings.for_card(oracle_id, state.db.stamp()) if rulings else {}
    data: dict[str, Any] = orjson.loads(card.data) if card.data else {}
    title = mtgwiki_title(card)
    context = {
        "card": card, "faces": _face_views(card), "data": data,
        "rulings": [(r, checks.get((r.published_at, r.comment), [])) for r in rulings],
        "rulings_error": state.rulings.error,
        "mentions": [(m, m.url or mtgwiki_url(m.title)) for m in mentions],
        "scryfall_url": scryfall_url(card, data.get("scryfall_uri")),
        "mtgwiki_title": title, "mtgwiki_url": mtgwiki_url(title),
        "query": "",
    }
    return state.templates.TemplateResponse(request, "card.html", context)


def error_page(request: Request, status: int, message: str) -> Response:
    state = request.app.state.web
    return state.templates.TemplateResponse(
        request, "error.html", {"status": status, "message": message, "query": ""},
        status_code=status)
