"""Reading ruling and rule references out of scenario sources, and matching them to rulings."""

from __future__ import annotations

from rules_engine import rulings_check as rc

RULINGS = [
    rc.Ruling("arl", "Arlinn, the Pack's Hope // Arlinn, the Moon's Fury",
              ("Arlinn, the Pack's Hope", "Arlinn, the Moon's Fury"), "2021-09-24",
              "Day and night are designations that the game itself can have. The game starts "
              "as neither."),
    rc.Ruling("tav", "Tavern Ruffian // Tavern Smasher", ("Tavern Ruffian", "Tavern Smasher"),
              "2021-09-24", "Day and night are designations that the game itself can have. The "
              "game starts as neither."),
    rc.Ruling("tav", "Tavern Ruffian // Tavern Smasher", ("Tavern Ruffian", "Tavern Smasher"),
              "2021-09-24", "If it is night, permanents with daybound that enter the battlefield "
              "without being cast will enter with their nightbound faces up."),
    rc.Ruling("ge", "Glorious End", (), "2017-04-18",
              "Ending the turn this way means: 1) All spells are exiled; this includes spells "
              "that can’t be countered. 2) Creatures are removed from combat."),
]


def _link(source: str) -> tuple[rc.SourceRefs, list[rc.Ruling]]:
    refs = rc.parse_source(source, rc.CardIndex(RULINGS))
    cov = rc.link([rc.ScenarioInfo("f.yaml", "n", source, refs)], RULINGS)
    return refs, [r for r in RULINGS if cov.by_ruling.get(r.key)]


def test_rule_numbers_with_and_without_cr() -> None:
    refs, _ = _link("CR 702.145d, CR 702.145f; 722.3c (the copy); CR 500.7 vs CR 724.1")
    assert refs.rules == ["702.145d", "702.145f", "722.3c", "500.7", "724.1"]
    assert refs.rulings == []


def test_card_name_with_a_comma_and_face_names() -> None:
    _, hits = _link("ruling 2021-09-24, Arlinn, the Pack's Hope: Day and night are designations")
    assert [h.oracle_id for h in hits] == ["arl"]
    _, hits = _link("ruling 2021-09-24, Tavern Smasher / Arlinn, the Moon's Fury: The game "
                    "starts as neither.")
    assert sorted(h.oracle_id for h in hits) == ["arl", "tav"]


def test_no_card_named_links_every_card_with_the_text() -> None:
    _, hits = _link("ruling: Day and night are designations that the game itself can have")
    assert sorted(h.oracle_id for h in hits) == ["arl", "tav"]


def test_ellipsis_fragments_in_order_and_typographic_quotes() -> None:
    _, hits = _link("ruling 2017-04-18, Glorious End: Ending the turn this way means ... "
                    "spells that can't be countered ... removed from combat; CR 724.1b")
    assert [h.oracle_id for h in hits] == ["ge"]
    _, hits = _link("ruling 2017-04-18, Glorious End: removed from combat ... Ending the turn")
    assert hits == []  # fragments out of order


def test_semicolon_inside_ruling_text_stays_in_the_ruling() -> None:
    refs, hits = _link("ruling 2017-04-18, Glorious End: All spells are exiled; this includes "
                       "spells that can’t be countered.; CR 724.1b")
    assert [h.oracle_id for h in hits] == ["ge"]
    assert refs.rules == ["724.1b"]


def test_wrong_date_or_card_only_ambiguity_is_unresolved() -> None:
    for source in ("ruling 2020-01-01, Tavern Ruffian: The game starts as neither",
                   "ruling 2021-09-24, Tavern Ruffian"):
        refs = rc.parse_source(source, rc.CardIndex(RULINGS))
        cov = rc.link([rc.ScenarioInfo("f.yaml", "n", source, refs)], RULINGS)
        assert len(cov.unresolved) == 1 and not cov.by_ruling
    _, hits = _link("ruling 2017-04-18, Glorious End")  # the card's only ruling that day
    assert [h.oracle_id for h in hits] == ["ge"]
