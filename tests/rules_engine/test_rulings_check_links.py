"""A ruling reference that names a card the rulings do not know links nothing.

Why: the embedded sample has rulings for fewer cards than the real data. A scenario citing
"ruling ..., Emeritus of Conflict: <generic prepare ruling>" must not, when Emeritus of Conflict
is unknown, fall back to linking every card that shares the text (that would count the ruling as
covered for cards the scenario never played); it is reported as unresolved instead.
"""

from __future__ import annotations

from rules_engine import rulings_check as rc

TEXT = "A creature without a prepare spell can't become prepared."
RULINGS = [
    rc.Ruling("woe", "Emeritus of Woe // Demonic Tutor", ("Emeritus of Woe", "Demonic Tutor"),
              "2026-03-20", TEXT),
    rc.Ruling("sfy", "Studious First-Year // Rampant Growth",
              ("Studious First-Year", "Rampant Growth"), "2026-03-20", TEXT),
]


def _cov(source: str) -> rc.Coverage:
    refs = rc.parse_source(source, rc.CardIndex(RULINGS))
    return rc.link([rc.ScenarioInfo("f.yaml", "n", source, refs)], RULINGS)


def test_unknown_card_name_is_unresolved_not_a_wildcard() -> None:
    cov = _cov(f"ruling 2026-03-20, Emeritus of Conflict: {TEXT}; CR 722.3a")
    assert not cov.by_ruling and not cov.unresolved
    assert len(cov.no_rulings) == 1 and cov.no_rulings[0][1].unknown_card == \
        "Emeritus of Conflict"
    assert cov.counts()["no_rulings_for_card"] == 1
    assert "722.3a" in cov.by_rule


def test_known_card_links_only_that_card_and_no_card_links_all() -> None:
    cov = _cov(f"ruling 2026-03-20, Studious First-Year: {TEXT}")
    assert [k[0] for k in cov.by_ruling] == ["sfy"]
    cov = _cov(f"ruling 2026-03-20: {TEXT}")
    assert sorted(k[0] for k in cov.by_ruling) == ["sfy", "woe"]


def test_select_cards_by_face_or_full_name_and_refuses_unknown() -> None:
    import pytest

    kept = rc.select_cards(RULINGS, ["studious first-year", "Emeritus of Woe // Demonic Tutor"])
    assert sorted(r.oracle_id for r in kept) == ["sfy", "woe"]
    assert [r.oracle_id for r in rc.select_cards(RULINGS, ["Demonic Tutor"])] == ["woe"]
    with pytest.raises(ValueError, match="Emeritus of Conflcit"):
        rc.select_cards(RULINGS, ["Emeritus of Conflcit"])


def test_check_rulings_card_filter_reports_only_those_cards(tmp_path, capsys, monkeypatch) -> None:
    import json

    from mtgkit.cli import main

    monkeypatch.chdir(tmp_path)  # no ./mtgkit.duckdb: the embedded sample's rulings
    (tmp_path / "s.yaml").write_text(
        'name: neither day nor night at the start\n'
        'source: "ruling 2021-09-24, Tavern Ruffian: Day and night are designations that the '
        'game itself can have. The game starts as neither."\n'
        'expect: {day_night: neither}\n', encoding="utf-8")
    code = main(["check-rulings", str(tmp_path), "--format", "json", "--card", "Tavern Smasher"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {r["card"] for r in report["rulings"]} == {"Tavern Ruffian // Tavern Smasher"}
    assert report["counts"]["pass"] == 1 and report["unresolved"] == []
    assert main(["check-rulings", str(tmp_path), "--card", "No Such Card"]) == 2
