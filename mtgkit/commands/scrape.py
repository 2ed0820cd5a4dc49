"""``mtgkit scrape wiki|cards``: fetch the MTG Wiki or Scryfall politely into the database.

Examples::

    mtgkit scrape wiki --title 昼 --follow-links 1
    mtgkit scrape wiki --category キーワード能力 --max-pages 200
    mtgkit scrape cards --bulk oracle_cards
    mtgkit scrape cards --query "o:daybound" --lang ja
    mtgkit scrape cards --named "Time Stop" --named "Undercity"

Both scrapers wait between requests (wiki 1 s; Scryfall 100 ms, 500 ms for search),
honour robots.txt and Retry-After, and keep an HTTP cache in the database. A wiki
crawl interrupted with Ctrl-C resumes when the same command is run again.

Every request has an overall --deadline (default 300 s: connect, headers and the whole
body; --timeout is per read), redirects and next-page links stay on the source's own
hosts (the base URL's, Scryfall's file hosts, --allow-host), never into a private or
link-local network unless the base URL is in one, and a listing that repeats a page or
a continue token, or passes its page cap, is an error. A page or card that fails is
reported and the run goes on; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from db.errors import BadCardData
from db.http_cache import DuckDBCache
from db.load import load_card_files, load_ruling_files
from db.scryfall_state import loaded_bulk_version, record_bulk_loaded
from db.wiki import WikiStore
from mtgkit.commands._common import counted, open_store
from mtgkit.errors import UserError
from scraper.http import DEFAULT_CONTACT, HttpConfig, HttpError, PoliteClient
from scraper.mediawiki import MAX_LIST_PAGES, WikiClient, WikiCrawler, WikiError
from scraper.names import NameSplitter
from scraper.parse_worker import PARSE_BUDGET
from scraper.scryfall import (
    BULK_TYPES,
    DEFAULT_API,
    FILE_HOSTS,
    MAX_SEARCH_PAGES,
    ScryfallClient,
    ScryfallError,
)
from scraper.scryfall import scryfall_http_config as _scryfall_config

WIKI_HELP = """``mtgkit scrape wiki``: crawl the Japanese MTG Wiki (MediaWiki) into wiki_* tables.

Give --title, --category or --all-pages. Uses api.php when the site answers it, else
action=raw and the rendered page; one request a second; an interrupted crawl resumes.
Examples::

    mtgkit scrape wiki --title 昼 --follow-links 1
    mtgkit scrape wiki --category キーワード能力 --max-pages 200
    mtgkit scrape wiki --all-pages --no-api --db wiki.duckdb
"""

CARDS_HELP = """``mtgkit scrape cards``: fetch cards and rulings from Scryfall into the database.

Give --bulk, --query or --named. A bulk file is downloaded beside the database and skipped
when unchanged. Examples::

    mtgkit scrape cards --bulk oracle_cards
    mtgkit scrape cards --query "o:daybound" --lang ja
    mtgkit scrape cards --named "Time Stop" --named "Undercity" --db research.duckdb
"""


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "scrape", help="fetch MTG Wiki pages or Scryfall cards into the database",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    kinds = parser.add_subparsers(dest="source", metavar="SOURCE")
    kinds.required = True

    wiki = kinds.add_parser("wiki", help="crawl the MTG Wiki (MediaWiki)", description=WIKI_HELP,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    wiki.add_argument("--base-url", default="http://mtgwiki.com/",
                      help="wiki root URL (default http://mtgwiki.com/)")
    wiki.add_argument("--title", action="append", default=[], metavar="T",
                      help="a page to fetch (repeatable)")
    wiki.add_argument("--category", action="append", default=[], metavar="C",
                      help="fetch every article of a category (repeatable)")
    wiki.add_argument("--follow-links", type=int, default=0, metavar="DEPTH",
                      help="also fetch linked articles up to this depth (default 0)")
    wiki.add_argument("--max-pages", type=int, default=None, metavar="N",
                      help="stop after visiting N pages in this run")
    wiki.add_argument("--all-pages", action="store_true",
                      help="every article (api.php, else the rendered Special:AllPages pages)")
    wiki.add_argument("--no-api", action="store_true",
                      help="do not use api.php even if it answers (raw + rendered pages)")
    wiki.add_argument("--names", type=Path, default=None, metavar="FILE",
                      help="jpname.json-style name pairs to split 日本語/English titles")
    wiki.add_argument("--delay", type=float, default=1.0,
                      help="seconds between requests (default 1)")
    wiki.add_argument("--parse-budget", type=float, default=PARSE_BUDGET, metavar="SECONDS",
                      help="longest one page may take to parse, in a worker process; a page "
                           f"over it fails alone (default {PARSE_BUDGET:g})")
    _common_http(wiki, f"the base URL's host; listings stop at {MAX_LIST_PAGES} pages")
    wiki.set_defaults(func=run_wiki)

    cards = kinds.add_parser("cards", help="fetch cards from the Scryfall API",
                             description=CARDS_HELP,
                             formatter_class=argparse.RawDescriptionHelpFormatter)
    cards.add_argument("--api-base", default=DEFAULT_API, help=f"default {DEFAULT_API}")
    cards.add_argument("--bulk", choices=BULK_TYPES, default=None,
                       help="download and load a bulk file (skipped when unchanged)")
    cards.add_argument("--query", default=None, help="a Scryfall search")
    cards.add_argument("--named", action="append", default=[], metavar="NAME",
                       help="one card by exact name, with its rulings (repeatable)")
    cards.add_argument("--lang", choices=["ja"], default=None,
                       help="also fetch Japanese printings (fills the *_ja columns)")
    cards.add_argument("--download-dir", type=Path, default=None,
                       help="where bulk files go (default: beside the database)")
    cards.add_argument("--force", action="store_true", help="reload an unchanged bulk file")
    cards.add_argument("--delay", type=float, default=0.1,
                       help="seconds between requests (default 0.1)")
    cards.add_argument("--search-delay", type=float, default=0.5,
                       help="seconds between /cards/search and /cards/named requests "
                            "(default 0.5)")
    cards.add_argument("--download-deadline", type=float, default=3600.0, metavar="SECONDS",
                       help="overall limit per bulk download attempt; a cut download "
                            "resumes on the next run (default 3600)")
    _common_http(cards, f"the API host, Scryfall's file hosts ({', '.join(FILE_HOSTS)}) "
                        f"for the default API; searches stop at {MAX_SEARCH_PAGES} pages")
    cards.set_defaults(func=run_cards)


def _common_http(parser: argparse.ArgumentParser, hosts: str) -> None:
    parser.add_argument("--contact", default=DEFAULT_CONTACT,
                        help="contact address sent in the User-Agent ($MTGKIT_CONTACT)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="read timeout in seconds, per socket read (default 60)")
    parser.add_argument("--deadline", type=float, default=300.0, metavar="SECONDS",
                        help="overall limit per request: connect, headers and the whole "
                             "body (default 300)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="HOST[:PORT]",
                        help=f"a mirror redirects and links may go to, besides {hosts} "
                             "(repeatable)")
    parser.add_argument("--retries", type=int, default=5,
                        help="attempts per request (default 5)")
    parser.add_argument("--backoff", type=float, default=1.0,
                        help="first retry wait (s), doubled each time")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")


def _http_config(args: argparse.Namespace) -> HttpConfig:
    for name in ("timeout", "deadline", "download_deadline", "parse_budget"):
        value = getattr(args, name, None)
        if value is not None and not value > 0:
            raise UserError(f"--{name.replace('_', '-')} must be a positive number of seconds")
    return HttpConfig(
        contact=args.contact, read_timeout=args.timeout, max_attempts=max(1, args.retries),
        backoff_base=args.backoff, default_delay=args.delay, deadline=args.deadline,
        download_deadline=getattr(args, "download_deadline", None) or 3600.0,
    )


def run_wiki(args: argparse.Namespace) -> int:
    if not (args.title or args.category or args.all_pages):
        raise UserError("scrape wiki: give --title, --category or --all-pages")
    base = args.base_url if args.base_url.endswith("/") else args.base_url + "/"
    config = _http_config(args)  # a bad --timeout/--deadline fails before the store opens
    with open_store(args) as store:
        wiki_store = WikiStore(store)
        splitter = NameSplitter(wiki_store.name_pairs())
        if args.names:
            try:
                extra = NameSplitter.from_jpname_file(args.names)
            except (OSError, ValueError) as exc:
                raise UserError(f"{args.names}: cannot read name pairs: {exc}") from exc
            for en, ja in extra.en_to_ja.items():
                splitter.add(ja, en)
        http = PoliteClient(config, DuckDBCache(store))
        try:
            client = WikiClient(http, base, use_api=False if args.no_api else None,
                                extra_hosts=args.allow_host)
        except ValueError as exc:
            raise UserError(f"scrape wiki: {exc}") from exc
        crawler = WikiCrawler(client, wiki_store, splitter=splitter,
                              follow_depth=args.follow_links, max_pages=args.max_pages,
                              progress=not args.no_progress, parse_budget=args.parse_budget)
        try:
            report = crawler.crawl(args.title, args.category, args.all_pages)
        except (HttpError, WikiError) as exc:
            raise UserError(f"{exc} (pages already stored are kept; run again to resume)") \
                from exc
    state = "finished" if report.finished else "stopped (run again to resume)"
    print(f"wiki crawl {report.crawl_id}{' resumed' if report.resumed else ''}: "
          f"{report.fetched} fetched, {report.unchanged} unchanged, {report.missing} missing, "
          f"{report.failed} failed, {report.redirects} redirects; {state}; "
          f"{http.requests_made} HTTP requests")
    for error in report.errors[:20]:
        print(f"  {error}")
    return 1 if report.failed else 0


def _write_jsonl(objects: list[dict], directory: Path, name: str) -> Path:
    path = directory / name
    with open(path, "w", encoding="utf-8") as out:
        for obj in objects:
            out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    return path


def run_cards(args: argparse.Namespace) -> int:
    if not (args.bulk or args.query or args.named):
        raise UserError("scrape cards: give --bulk, --query or --named")
    config = _scryfall_config(args.api_base, delay=args.delay, search_delay=args.search_delay,
                              base=_http_config(args))
    progress = not args.no_progress
    with open_store(args) as store:
        http = PoliteClient(config, DuckDBCache(store))
        try:
            client = ScryfallClient(http, args.api_base, extra_hosts=args.allow_host)
        except ValueError as exc:
            raise UserError(f"scrape cards: {exc}") from exc
        failures: list[str] = []
        try:
            if args.bulk:
                _bulk(args, store, client, progress)
            if args.query or args.named:
                failures = _cards(args, store, client, progress)
        except (HttpError, ScryfallError, BadCardData, OSError) as exc:
            raise UserError(f"{exc} (what was loaded before is kept)") from exc
    failures.extend(client.problems)
    for failure in failures[:20]:
        print(f"  {failure}")
    if len(failures) > 20:
        print(f"  ... and {len(failures) - 20} more")
    return 1 if failures else 0


def _bulk(args: argparse.Namespace, store, client: ScryfallClient, progress: bool) -> None:
    item = client.bulk_item(args.bulk)
    updated = item.get("updated_at")
    if not args.force and updated and loaded_bulk_version(store, args.bulk) == updated:
        print(f"Scryfall {args.bulk}: unchanged since {updated}; nothing downloaded")
        return
    if args.download_dir is not None:
        folder = args.download_dir
    elif str(store.path) != ":memory:":
        folder = Path(store.path).resolve().parent / "scryfall-bulk"
    else:
        folder = Path(tempfile.gettempdir()) / "mtgkit-scryfall-bulk"
    path = client.download_bulk(item, folder, progress=progress)
    loader = load_ruling_files if args.bulk == "rulings" else load_card_files
    report = loader(store, [path], progress=progress, force=True)
    records = report.rulings if args.bulk == "rulings" else report.cards + report.ja_printings
    record_bulk_loaded(store, args.bulk, updated, item.get("jsonl_download_uri")
                       or item.get("download_uri"), item.get("size"), records)
    print(f"Scryfall {args.bulk} ({updated}): {path.name} loaded, {report.cards:,} cards, "
          f"{report.ja_printings:,} Japanese printings, {report.rulings:,} rulings, "
          f"{len(report.errors)} bad records")


def _cards(args: argparse.Namespace, store, client: ScryfallClient,
           progress: bool) -> list[str]:
    """Fetch the query and named cards, then load what came. A search page or a card that
    fails (an odd answer, a refused link, the deadline) is reported and the rest goes on;
    an unknown name is the user's error and stops the run before anything is loaded."""
    cards: list[dict] = []
    rulings: list[dict] = []
    failures: list[str] = []

    def gather(into: list[dict], items) -> None:
        try:
            for item in items:
                into.append(item)
        except (HttpError, ScryfallError) as exc:
            kept = "is" if len(into) == 1 else "are"
            failures.append(f"{exc} (the {counted(len(into), 'card')} before it {kept} kept)")

    if args.query:
        gather(cards, client.search(args.query))
    for name in args.named:
        try:
            card = client.named(name)
        except ScryfallError:
            raise
        except HttpError as exc:
            failures.append(f"{name}: {exc}")
            continue
        cards.append(card)
        try:
            for ruling in client.rulings(card["id"]):
                ruling.setdefault("oracle_id", card.get("oracle_id"))
                rulings.append(ruling)
        except (HttpError, ScryfallError) as exc:
            failures.append(f"{name}: rulings: {exc}")
    japanese: list[dict] = []
    if args.lang == "ja":
        gather(japanese, client.japanese_printings(args.query, args.named))
    with tempfile.TemporaryDirectory(prefix="mtgkit-scrape-") as tmp:
        folder = Path(tmp)
        files = [_write_jsonl(cards, folder, "cards.jsonl")]
        if japanese:
            files.append(_write_jsonl(japanese, folder, "cards_ja.jsonl"))
        report = load_card_files(store, files, progress=progress, force=True)
        ruling_count = 0
        if rulings:
            ruling_count = load_ruling_files(
                store, [_write_jsonl(rulings, folder, "rulings.jsonl")], progress=progress,
                force=True,
            ).rulings
    print(f"Scryfall: {len(cards)} card(s) fetched, {report.cards} loaded, "
          f"{report.ja_printings} Japanese printings, {ruling_count} rulings"
          f"{f'; {len(failures)} failed' if failures else ''}")
    return failures
