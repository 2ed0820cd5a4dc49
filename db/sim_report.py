"""A report of one simulation run: figures from ``sim_games``/``sim_events`` and charts.

The figures are SQL over the stored rows (the database, or the Parquet dataset of
``mtgkit simulate --out`` seen through views of the same names); the charts are drawn by
matplotlib (Agg, no display) as PNGs embedded in one self-contained HTML file, so the report
opens offline, anywhere, with no JavaScript.

What it shows, and where each figure comes from:

- win rate per deck (per seat in a mirror match) with a 95% Wilson score interval: wins /
  games from ``sim_games.winner``; games with no winner count as not won;
- game length: ``sim_games.turns``;
- the turn of the first day/night change: the first ``became_day``/``became_night``/
  ``day_became_night``/``night_became_day`` event of each game in ``sim_events`` (CR 731);
- initiative changes and dungeons completed per game (CR 726, 309.7), prepare spells cast
  (preparation cards, CR 722) and turns ended early ("end the turn", CR 724.1): the per-game
  counts ``sim_games`` holds, which the engine derives from the same events.
"""

from __future__ import annotations

import base64
import html
import io
import math
from dataclasses import dataclass, field
from typing import Any

DAY_NIGHT_EVENTS = ("became_day", "became_night", "day_became_night", "night_became_day")
PER_GAME = (("initiative_changes", "initiative changes"),
            ("dungeons_completed", "dungeons completed"),
            ("prepare_spells_cast", "prepare spells cast"),
            ("turns_ended_early", "turns ended early"),
            ("day_night_changes", "day/night changes"))
Z95 = 1.959963984540054


class ReportError(ValueError):
    """No such run (or no games stored for it)."""


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: unlike the normal approximation, it stays
    inside [0, 1] and is honest for rates near 0 or 1 and for small samples."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class DeckRate:
    label: str
    wins: int
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class RunStats:
    """Everything the report shows, as plain data (also usable without the charts)."""

    run_id: int
    run: dict[str, Any]
    games: int
    no_winner: int
    decks: list[DeckRate]
    turns: list[int]
    first_day_night_turn: list[int]  # one per game that changed at all
    per_game: dict[str, list[int]] = field(default_factory=dict)
    reasons: list[tuple[str, int]] = field(default_factory=list)
    event_counts: list[tuple[str, int]] = field(default_factory=list)


def _con(store_or_con: Any) -> Any:
    return getattr(store_or_con, "con", store_or_con)


def run_stats(store_or_con: Any, run_id: int) -> RunStats:
    """The figures of run ``run_id`` from a Store or a DuckDB connection with ``sim_runs``,
    ``sim_games`` and ``sim_events`` tables (or views)."""
    con = _con(store_or_con)
    cur = con.execute("SELECT * FROM sim_runs WHERE run_id = ?", [run_id])
    names = [d[0] for d in cur.description]
    found = cur.fetchall()
    if not found:
        raise ReportError(f"no simulation run {run_id} (see `mtgkit export --table sim_runs`)")
    run = dict(zip(names, found[0], strict=True))
    cols = ", ".join(c for c, _ in PER_GAME)
    rows = con.execute(
        f"SELECT deck_a, deck_b, winner, turns, reason, {cols} FROM sim_games "
        "WHERE run_id = ? ORDER BY game", [run_id]).fetchall()
    if not rows:
        raise ReportError(f"simulation run {run_id} has no stored games")
    n = len(rows)
    mirror = rows[0][0] == rows[0][1]
    wins = {"a": 0, "b": 0}
    for r in rows:
        if r[2] in wins:
            wins[r[2]] += 1
    decks = []
    for seat, name in (("a", rows[0][0]), ("b", rows[0][1])):
        label = f"{name} ({seat})" if mirror else name
        decks.append(DeckRate(label, wins[seat], n, *wilson_interval(wins[seat], n)))
    per_game = {c: [int(r[5 + i]) for r in rows] for i, (c, _) in enumerate(PER_GAME)}
    first = con.execute(
        "SELECT min(turn) FROM sim_events WHERE run_id = ? AND list_contains(?, event) "
        "GROUP BY game ORDER BY game", [run_id, list(DAY_NIGHT_EVENTS)]).fetchall()
    reasons = con.execute(
        "SELECT CASE WHEN regexp_matches(reason, '^[ab] lost: ') "
        "THEN 'a player lost: ' || regexp_replace(reason, '^[ab] lost: ', '') "
        "ELSE reason END AS kind, count(*) FROM sim_games WHERE run_id = ? "
        "GROUP BY kind ORDER BY count(*) DESC, kind LIMIT 12", [run_id]).fetchall()
    events = con.execute(
        "SELECT event, count(*) FROM sim_events WHERE run_id = ? GROUP BY event "
        "ORDER BY count(*) DESC, event", [run_id]).fetchall()
    return RunStats(run_id=run_id, run=run, games=n, no_winner=n - wins["a"] - wins["b"],
                    decks=decks, turns=[int(r[3]) for r in rows],
                    first_day_night_turn=[int(t) for (t,) in first], per_game=per_game,
                    reasons=[(str(k), int(c)) for k, c in reasons],
                    event_counts=[(str(k), int(c)) for k, c in events])


# -- charts -------------------------------------------------------------------------------------

def _plt() -> Any:
    """pyplot on the Agg backend (no display needed), imported only when a report is drawn."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    _plt().close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _figure(title: str) -> tuple[Any, Any]:
    fig, ax = _plt().subplots(figsize=(6.4, 3.6))
    ax.set_title(title)
    return fig, ax


def _empty(ax: Any, text: str) -> None:
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes)
    ax.set_xticks([])
    ax.set_yticks([])


def _count_bars(ax: Any, values: list[int], xlabel: str) -> None:
    """Games per value of a small count (0, 1, 2, ... per game)."""
    from collections import Counter

    counts = Counter(values)
    xs = list(range(0, max(counts) + 1))
    ax.bar(xs, [counts.get(x, 0) for x in xs], color="#4c72b0")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_xticks(xs if len(xs) <= 20 else xs[:: max(1, len(xs) // 20)])


def chart_win_rates(stats: RunStats) -> str:
    fig, ax = _figure(f"Win rate per deck, 95% Wilson interval ({stats.games} games)")
    labels = [d.label for d in stats.decks]
    rates = [d.rate for d in stats.decks]
    err = [[d.rate - d.low for d in stats.decks], [d.high - d.rate for d in stats.decks]]
    ax.bar(labels, rates, yerr=err, capsize=8, color=["#4c72b0", "#dd8452"])
    for i, d in enumerate(stats.decks):
        ax.annotate(f"{d.rate:.1%}\n[{d.low:.1%}, {d.high:.1%}]", (i, d.high),
                    textcoords="offset points", xytext=(0, 4), ha="center", fontsize=9)
    ax.set_ylim(0, 1.15)
    ax.set_ylabel("share of games won")
    if stats.no_winner:
        ax.text(0.99, 0.97, f"no winner: {stats.no_winner / stats.games:.1%}", ha="right",
                va="top", transform=ax.transAxes, fontsize=9)
    return _png(fig)


def chart_game_length(stats: RunStats) -> str:
    fig, ax = _figure("Game length")
    lo, hi = min(stats.turns), max(stats.turns)
    ax.hist(stats.turns, bins=range(lo, hi + 2), align="left", color="#55a868")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    return _png(fig)


def chart_first_day_night(stats: RunStats) -> str:
    fig, ax = _figure("Turn of the first day/night change")
    if not stats.first_day_night_turn:
        _empty(ax, "day and night never changed in this run")
    else:
        values = stats.first_day_night_turn
        ax.hist(values, bins=range(min(values), max(values) + 2), align="left",
                color="#8172b3")
        ax.set_xlabel("turn")
        ax.set_ylabel("games")
        ax.text(0.99, 0.97, f"{stats.games - len(values)} of {stats.games} games never "
                "changed", ha="right", va="top", transform=ax.transAxes, fontsize=9)
    return _png(fig)


def chart_counts(stats: RunStats, column: str, title: str) -> str:
    fig, ax = _figure(title)
    values = stats.per_game[column]
    if not any(values):
        _empty(ax, f"no {title.lower().split(' per game')[0]} in this run")
    else:
        _count_bars(ax, values, "per game")
    return _png(fig)


def chart_initiative_dungeons(stats: RunStats) -> str:
    """Initiative changes and dungeons completed side by side (CR 726.2 ventures into
    Undercity each time a player takes the initiative)."""
    from collections import Counter

    fig, axes = _plt().subplots(1, 2, figsize=(9.6, 3.6))
    for ax, column, title in ((axes[0], "initiative_changes", "Initiative changes per game"),
                              (axes[1], "dungeons_completed", "Dungeons completed per game")):
        ax.set_title(title)
        values = stats.per_game[column]
        if not any(values):
            _empty(ax, "none in this run")
        else:
            counts = Counter(values)
            xs = list(range(0, max(counts) + 1))
            ax.bar(xs, [counts.get(x, 0) for x in xs], color="#c44e52")
            ax.set_xticks(xs if len(xs) <= 20 else xs[:: max(1, len(xs) // 20)])
            ax.set_xlabel("per game")
            ax.set_ylabel("games")
    return _png(fig)


# -- the page -----------------------------------------------------------------------------------

def build_report_html(store_or_con: Any, run_id: int) -> str:
    """The whole report of run ``run_id`` as one self-contained HTML page (charts inline)."""
    stats = run_stats(store_or_con, run_id)
    charts = [
        ("win-rate", "Win rate per deck", chart_win_rates(stats)),
        ("game-length", "Game length", chart_game_length(stats)),
        ("first-day-night", "First day/night change", chart_first_day_night(stats)),
        ("initiative-dungeons", "Initiative and dungeons", chart_initiative_dungeons(stats)),
        ("prepare", "Prepare spells cast",
         chart_counts(stats, "prepare_spells_cast", "Prepare spells cast per game")),
        ("turns-ended", "Turns ended early",
         chart_counts(stats, "turns_ended_early", "Turns ended early per game")),
    ]
    e = html.escape
    run = stats.run
    title = f"mtgkit simulation run {run_id}: {run.get('deck_a')} vs {run.get('deck_b')}"
    facts = [("games", f"{stats.games:,} of {run.get('games', stats.games):,}"),
             ("seed", run.get("seed")), ("policy", run.get("policy")),
             ("max turns", run.get("max_turns")),
             ("mean turns", f"{sum(stats.turns) / stats.games:.1f}"),
             ("finished", run.get("finished_at") or "no (interrupted or still running)")]
    deck_rows = "".join(
        f"<tr><td>{e(d.label)}</td><td>{d.wins:,}</td><td>{d.rate:.1%}</td>"
        f"<td>{d.low:.1%} – {d.high:.1%}</td></tr>" for d in stats.decks)
    metric_rows = "".join(
        f"<tr><td>{e(label)}</td><td>{sum(v) / stats.games:.2f}</td><td>{max(v)}</td>"
        f"<td>{sum(1 for x in v if x):,}</td></tr>"
        for c, label in PER_GAME for v in [stats.per_game[c]])
    reason_rows = "".join(f"<tr><td>{c:,}</td><td>{e(k)}</td></tr>" for k, c in stats.reasons)
    figures = "".join(
        f'<figure id="{cid}"><img alt="{e(alt)}" src="data:image/png;base64,{png}">'
        f"<figcaption>{e(alt)}</figcaption></figure>" for cid, alt, png in charts)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 0.25em 0.8em; text-align: left; }}
figure {{ display: inline-block; margin: 0.5em; }} img {{ max-width: 100%; }}
</style></head><body>
<h1>{e(title)}</h1>
<table>{"".join(f"<tr><th>{e(k)}</th><td>{e(str(v))}</td></tr>" for k, v in facts)}</table>
<h2>Win rate</h2>
<table><tr><th>deck</th><th>wins</th><th>rate</th><th>95% Wilson interval</th></tr>
{deck_rows}<tr><td>no winner</td><td>{stats.no_winner:,}</td>
<td>{stats.no_winner / stats.games:.1%}</td><td></td></tr></table>
<h2>Per game</h2>
<table><tr><th></th><th>mean</th><th>max</th><th>games with any</th></tr>{metric_rows}</table>
<h2>Charts</h2>
{figures}
<h2>How games ended</h2>
<table><tr><th>games</th><th>reason</th></tr>{reason_rows}</table>
</body></html>
"""


def dataset_connection(root: Any) -> Any:
    """An in-memory DuckDB connection whose ``sim_runs``/``sim_games``/``sim_events`` views
    read a Parquet dataset of ``mtgkit simulate --out`` (so the report reads either source)."""
    import duckdb

    from db.sim_dataset import SimDataset

    ds = SimDataset(root)
    con = duckdb.connect()
    for table in ("sim_runs", "sim_games", "sim_events"):
        con.execute(f"CREATE VIEW {table} AS SELECT * FROM {ds.read_sql(table)}")
    return con
