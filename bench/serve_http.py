"""How fast ``mtgkit serve`` answers over HTTP, beside DuckDB's own time for the same search SQL.

    python bench/serve_http.py --n 100000          # synthetic copies of ../shared's cards
    python bench/serve_http.py --db research.duckdb

Starts the app under uvicorn on 127.0.0.1 (a free port, in a thread), asks each route
``--repeat`` times one request at a time, and prints p50/p95 per route. For the search routes
the baseline is DuckDB running the statement the search adapter sends (page 1 with its total,
``mtgkit.web.searching``), on its own connection in this process: the ratio is what the web
layer (HTTP, the card rows, templates or JSON) adds on top of the query.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

QUERIES = ["t:creature", "mech:day_night", "o:draw cmc<=3", "bolt"]


def build(n: int, folder: Path) -> Path:
    from bench._synthetic import synthetic_cards, write_jsonl
    from mtgkit.cli import main

    cards = folder / "cards.jsonl"
    write_jsonl(cards, synthetic_cards(n))
    db = folder / "bench.duckdb"
    if main(["--db", str(db), "build", "--cards", str(cards)]) != 0:
        sys.exit("build failed")
    return db


def start(db: Path):
    import uvicorn

    from mtgkit.web import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(db), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    return server, thread, f"http://127.0.0.1:{sock.getsockname()[1]}"


def percentiles(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[max(0, int(round(0.95 * len(times))) - 1)]


def duckdb_time(db: Path, query: str, repeat: int) -> list[float]:
    """DuckDB alone: the adapter's page-1 statement, on a read-only connection."""
    import duckdb

    from db.query import Filters, search_sql

    sql, params = search_sql(Filters(query=query))
    statement = (f"SELECT oracle_id, count(*) OVER () FROM (SELECT oracle_id, name FROM ({sql}) "
                 "AS hits) ORDER BY name, oracle_id LIMIT 175 OFFSET 0")
    con = duckdb.connect(str(db), read_only=True, config={"threads": 2})
    out = []
    try:
        for _ in range(repeat):
            t = time.perf_counter()
            con.execute(statement, params).fetchall()
            out.append((time.perf_counter() - t) * 1000)
    finally:
        con.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="synthetic cards (no --db)")
    parser.add_argument("--db", type=Path, help="an existing database instead")
    parser.add_argument("--repeat", type=int, default=40)
    args = parser.parse_args()
    import requests

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or build(args.n, Path(tmp))
        # the baseline first: DuckDB refuses a second configuration of one file in a process
        baselines = {q: percentiles(duckdb_time(db, q, args.repeat)) for q in QUERIES}
        server, thread, base = start(db)
        session = requests.Session()
        first = session.get(base + "/api/cards/search", params={"q": QUERIES[0]}).json()
        some_id = first["data"][0]["oracle_id"]
        some_name = first["data"][0]["name"]
        routes = [(f"/search?q={q}", "/search", {"q": q}, q) for q in QUERIES]
        routes += [(f"/api/cards/search?q={q}", "/api/cards/search", {"q": q}, q)
                   for q in QUERIES]
        routes += [("/card/<id> (after the first)", f"/card/{some_id}", {}, None),
                   ("/api/cards/named?fuzzy=", "/api/cards/named",
                    {"fuzzy": some_name[:-2]}, None),
                   ("/api/cards/autocomplete?q=", "/api/cards/autocomplete",
                    {"q": some_name[:6]}, None)]
        print(f"{'route':44} {'p50 ms':>8} {'p95 ms':>8}   {'duckdb p95':>10} {'ratio':>6}")
        try:
            for label, path, params, query in routes:
                session.get(base + path, params=params)  # warm (and play the card's scenarios)
                times = []
                for _ in range(args.repeat):
                    t = time.perf_counter()
                    resp = session.get(base + path, params=params)
                    times.append((time.perf_counter() - t) * 1000)
                    if resp.status_code >= 500:
                        sys.exit(f"{path}: HTTP {resp.status_code}")
                p50, p95 = percentiles(times)
                if query is not None:
                    floor = baselines[query][1]
                    print(f"{label:44} {p50:8.1f} {p95:8.1f}   {floor:10.1f} "
                          f"{p95 / floor:5.1f}x")
                else:
                    print(f"{label:44} {p50:8.1f} {p95:8.1f}")
        finally:
            server.should_exit = True
            thread.join(timeout=30)


if __name__ == "__main__":
    main()
