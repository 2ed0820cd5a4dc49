"""How fast wiki pages are parsed (the scraper's CPU cost, not the network), beside bare bs4.

    python bench/scrape.py --rounds 20

Pages: the project's fixture wiki (tests/fixtures/wiki) rendered as full MediaWiki pages,
each parsed twice: as the API gives it (wikitext + parser output) and as the no-API
fallback gives it (raw wikitext + the full rendered page); plus the four seed pages of
../shared/seeds rendered at run time when ../shared is there. In the same run:

  ours      scraper.wikiparse.parse_page: HTML to text and sections, links, card boxes,
            CR references, quoted rules, categories, English name (wikitext parsed too)
  baseline  BeautifulSoup(html, "lxml") alone on the same HTML: the floor any
            bs4-based scraper pays before extracting anything

Prints pages/s for both (best round; median beside it) and the ratio ours/baseline.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

from bs4 import BeautifulSoup

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from scraper.wikiparse import parse_page  # noqa: E402
from tests.scraper.fakewiki import FakeWiki  # noqa: E402
from tests.scraper.seedrender import render_article, render_diff  # noqa: E402

SHARED = REPO.parent / "shared"


def pages() -> list[tuple[str, str | None, str]]:
    """(title, wikitext or None, html) for every page the benchmark parses."""
    wiki = FakeWiki(SimpleNamespace(fallback=None))
    out = []
    for title, page in wiki.pages.items():
        out.append((title, page["wikitext"], wiki.render_body(title)))
        out.append((title, page["wikitext"], wiki.render_page(title)))
    seeds = SHARED / "seeds"
    if seeds.is_dir():
        names = json.loads((SHARED / "data/names/jpname.json").read_text(encoding="utf-8"))
        pairs = {n["jpname"]: n["name"] for n in names if n.get("jpname") != "undefined"}
        for path in sorted(seeds.glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            if "を編集中" in text.splitlines()[0]:
                title, html = render_diff(text)
            else:
                title, html = render_article(text, pairs)
            out.append((title, None, html))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    corpus = pages()
    size = sum(len(h) for _, _, h in corpus)

    # rounds alternate baseline and ours, and the best round of each counts: the machine
    # is shared, and interleaving keeps a burst of load from landing on one side only
    base_rounds, our_rounds = [], []
    boxes = links = 0
    for _ in range(args.rounds):
        start = time.perf_counter()
        for _title, _wt, html in corpus:
            BeautifulSoup(html, "lxml")
        base_rounds.append(time.perf_counter() - start)
        start = time.perf_counter()
        boxes = links = 0
        for title, wikitext, html in corpus:
            page = parse_page(title, wikitext=wikitext, html=html)
            boxes += len(page.card_boxes)
            links += len(page.links)
        our_rounds.append(time.perf_counter() - start)

    n = len(corpus)
    base, ours = min(base_rounds), min(our_rounds)
    print(f"{n} pages ({size / 1024:.0f} KiB of HTML), best of {args.rounds} alternating rounds; "
          f"{boxes} card boxes and {links} links per round")
    print(f"ours      parse_page          {n / ours:8.1f} pages/s  "
          f"(median {n / statistics.median(our_rounds):.1f})")
    print(f"baseline  BeautifulSoup(lxml) {n / base:8.1f} pages/s  "
          f"(median {n / statistics.median(base_rounds):.1f})")
    print(f"ratio     ours/baseline       {base / ours:8.2f}")


if __name__ == "__main__":
    main()
