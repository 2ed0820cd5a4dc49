"""How fast a search answers its first page (with the total count) on 100k synthetic cards,
beside DuckDB's own time for the same SQL.

    python bench/search.py                     # 100k cards, library call (+ HTTP if built)
    python bench/search.py --n 20000 --repeat 5
    python bench/search.py --db /tmp/s.duckdb  # keep (or reuse) the database

Ours is ``db.search.search(con, q, page=1, page_size=175)``: parse, compile, check the
index is current, count, page, tags, Python dicts. The baseline is DuckDB executing the
statements that call runs (``db.search.plan``: the count, the page's row ids, the rows
by id) with the same parameters, and nothing else: the floor for this index. The
same queries then go over HTTP to a real ``mtgkit serve`` subprocess on 127.0.0.1 (``GET
/api/cards/search?q=``, 175 cards a page, and the HTML ``/search?q=``, 60), one request at a
time, each route beside DuckDB's time for the same SQL at its page size; the server's CPU
time per request is printed too (from /proc), since wall time on a shared machine includes
waiting for a core. The goal (issue 13): page 1 p95 under 50 ms over HTTP.
The synthetic cards are copies of ../shared's cards with new names and ids; the copies of
cards that have a Japanese printing get one too, so Japanese text is searched as well.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._synthetic import SHARED, shared_cards, synthetic_cards, write_jsonl  # noqa: E402

QUERIES = [
    "t:instant -o:draw", "t:creature or t:planeswalker", "(t:elf or t:goblin) c:g",
    "o:/^draw/", '!"Time Stop"', 'o:"~ deals"', "kw:flying", 'fo:"can\'t be blocked"',
    "r:mythic", "c:red", "c:azorius", "pow>tou", "year>=2020", "is:dfc", "id:rg t:creature",
    "-t:land", "goblin", "dragon lord", "o:it's", "", "cmc<=2 t:creature c:w",
    "mech:day_night", "is:vanilla", "t:dragon order:cmc direction:desc", "lang:ja o:引く",
    "name:/^a.*s$/", "m:{G}{G} pow>=4", "-c:r -c:g -c:b t:creature cmc>=5",
]


CPU: list[float] = []  # process CPU time of each library call (DuckDB's threads included)


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def synthetic_japanese(n: int) -> list[dict]:
    """A ``lang: ja`` printing for each synthetic copy of a card that has one in ../shared."""
    ja_path = SHARED / "data" / "cards" / "cards_ja.jsonl"
    by_id = {}
    for line in ja_path.open(encoding="utf-8"):
        obj = json.loads(line)
        by_id.setdefault(obj["oracle_id"], obj)
    base = shared_cards()
    out = []
    for i, card in enumerate(synthetic_cards(n)):
        ja = by_id.get(base[i % len(base)]["oracle_id"])
        if ja is not None:
            out.append(dict(ja, oracle_id=card["oracle_id"], name=card["name"],
                            id=card["id"] + "-ja"))
    return out


def build(db: Path, n: int, tmp: Path) -> None:
    from db import connect
    from db.load import load_card_files

    cards = tmp / "cards.jsonl"
    write_jsonl(cards, synthetic_cards(n))
    write_jsonl(tmp / "cards_ja.jsonl", iter(synthetic_japanese(n)))
    start = time.perf_counter()
    with connect(db) as store:
        load_card_files(store, [cards, tmp / "cards_ja.jsonl"], progress=False)
    print(f"built {n:,} cards in {time.perf_counter() - start:.1f} s")


def time_library(con, repeat: int) -> tuple[list[float], list[float], dict[str, int]]:
    """Wall-clock samples of ours and of the floor (and CPU samples, in ``CPU``)."""
    from db.search import FETCH_BY_ROWID, plan, search

    ours: list[float] = []
    floor: list[float] = []
    totals = {}
    CPU.clear()
    for query in QUERIES:
        search(con, query, 1, 175)  # warm: index check, DuckDB caches
        steps = plan(query, limit=175)
        for _ in range(repeat):
            start, cpu = time.perf_counter(), time.process_time()
            page = search(con, query, 1, 175)
            ours.append(time.perf_counter() - start)
            CPU.append(time.process_time() - cpu)
            start = time.perf_counter()
            if steps.first is not None:
                picked = con.execute(*steps.first).fetchone()[1] or []
                rowids = [p["r"] for p in picked]
            else:
                con.execute(*steps.count).fetchone()
                rowids = [r[0] for r in con.execute(*steps.ids).fetchall()]
            if rowids:
                con.execute(FETCH_BY_ROWID, [min(rowids), max(rowids), rowids]).fetchall()
            floor.append(time.perf_counter() - start)
        totals[query] = page.total
    return ours, floor, totals


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system, all threads) the process ``pid`` has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# The routes timed over HTTP and their page sizes (the HTML page shows 60 cards, the API 175).
ROUTES = (("/api/cards/search", 175), ("/search", 60))


def start_server(db: Path) -> tuple[subprocess.Popen, str] | None:
    """A real ``mtgkit serve`` on 127.0.0.1 and its base URL, once it answers (None if not)."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mtgkit", "serve", "--db", str(db), "--host", "127.0.0.1",
         "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/api/cards/search?q=t%3Aland", timeout=5).read()
            return server, base
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                err = server.stderr.read().decode() if server.stderr else ""
                print(f"mtgkit serve did not start: {err.strip()[-500:]}")
                return None
            time.sleep(0.2)


def time_http(db: Path, repeat: int) -> dict[str, tuple[list[float], list[float]]] | None:
    """Per route: wall-clock samples of ``GET route?q=`` against a real ``mtgkit serve``
    (one request at a time, the first of each query a warm-up) and the server process's CPU
    time for each. None when the server is not built or did not start."""
    if importlib.util.find_spec("mtgkit.web") is None:
        return None
    started = start_server(db)
    if started is None:
        return None
    server, base = started
    out: dict[str, tuple[list[float], list[float]]] = {}
    try:
        for route, _size in ROUTES:
            wall: list[float] = []
            cpu: list[float] = []
            for query in QUERIES:
                url = base + route + "?" + urllib.parse.urlencode({"q": query})
                for i in range(repeat + 1):
                    before = process_cpu(server.pid)
                    start = time.perf_counter()
                    try:
                        with urllib.request.urlopen(url, timeout=30) as response:
                            response.read()
                    except urllib.error.HTTPError as exc:  # 404 "no cards", 400 for q=""
                        if exc.code >= 500:
                            raise
                        exc.read()
                    if i:
                        wall.append(time.perf_counter() - start)
                        cpu.append(process_cpu(server.pid) - before)
            out[route] = (wall, cpu)
        return out
    finally:
        server.terminate()
        server.wait(timeout=10)


def time_floor(con, limit: int, repeat: int) -> list[float]:
    """DuckDB alone: the statements a search for a page of ``limit`` cards runs."""
    from db.search import FETCH_BY_ROWID, plan

    samples = []
    for query in QUERIES:
        steps = plan(query, limit=limit)
        for _ in range(repeat):
            start = time.perf_counter()
            if steps.first is not None:
                picked = con.execute(*steps.first).fetchone()[1] or []
                rowids = [p["r"] for p in picked]
            else:
                con.execute(*steps.count).fetchone()
                rowids = [r[0] for r in con.execute(*steps.ids).fetchall()]
            if rowids:
                con.execute(FETCH_BY_ROWID, [min(rowids), max(rowids), rowids]).fetchall()
            samples.append(time.perf_counter() - start)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="synthetic cards")
    parser.add_argument("--repeat", type=int, default=20, help="runs of each query")
    parser.add_argument("--db", type=Path, help="database to build (or reuse if it exists)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        db = args.db or tmp / "search.duckdb"
        if not db.exists():
            build(db, args.n, tmp)
        import duckdb

        from db.search import ensure_index

        con = duckdb.connect(str(db), read_only=True)
        con.execute("SET enable_progress_bar = false")
        ensure_index(con)
        cards = con.execute("SELECT count(*) FROM cards").fetchone()[0]
        ours, floor, totals = time_library(con, args.repeat)
        floors = {route: time_floor(con, size, args.repeat) for route, size in ROUTES}
        con.close()
        print(f"{cards:,} cards, {len(QUERIES)} queries x {args.repeat} runs, page 1 "
              "(175 cards) with its total count")
        ours_p95, floor_p95 = p95(ours) * 1000, p95(floor) * 1000
        print(f"library db.search.search   p95 {ours_p95:7.1f} ms  "
              f"median {statistics.median(ours) * 1000:6.1f} ms")
        print(f"DuckDB alone, same SQL     p95 {floor_p95:7.1f} ms  "
              f"median {statistics.median(floor) * 1000:6.1f} ms")
        print(f"ratio (library / DuckDB)   {ours_p95 / floor_p95:.2f}x")
        print(f"library CPU time per call  p95 {p95(CPU) * 1000:7.1f} ms  (load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: wall time includes waiting)")
        http = time_http(db, args.repeat)
        if http is None:
            print("HTTP: mtgkit.web is not built here (or did not start): not measured")
        else:
            for (route, size), (wall, cpu) in zip(ROUTES, http.values(), strict=True):
                wall_p95, floor_route = p95(wall) * 1000, p95(floors[route]) * 1000
                print(f"HTTP GET {route + '?q=':22} p95 {wall_p95:7.1f} ms  median "
                      f"{statistics.median(wall) * 1000:6.1f} ms  server CPU p95 "
                      f"{p95(cpu) * 1000:6.1f} ms  | DuckDB alone ({size} cards) p95 "
                      f"{floor_route:6.1f} ms  ratio {wall_p95 / floor_route:.2f}x")
        worst = max(QUERIES, key=lambda q: totals[q])
        print(f"(largest answer: {totals[worst]:,} cards for {worst!r})")
        targets = [w for w, _ in http.values()] if http is not None else [ours]
        verdict = "under" if max(p95(t) for t in targets) * 1000 < 50 else "OVER"
        print(f"goal: page-1 p95 < 50 ms{' over HTTP' if http else ''} -> {verdict}")


if __name__ == "__main__":
    main()
