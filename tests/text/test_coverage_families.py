"""Families of unsupported clauses (issue 12 item 1): one template per family, ranked by cards
blocked, through the library and ``mtgkit coverage --families``."""

from __future__ import annotations

import json
from pathlib import Path

from mtgkit.cli import main
from rules_engine.text.families import families, family_key, subtypes_of

SUBTYPES = subtypes_of(["Land — Island Mountain", "Creature — Time Lord", "Creature — Elf"])


def test_nouns_numbers_mana_colours_are_normalised() -> None:
    a = family_key("Activate only if you control an Island or a Mountain.", SUBTYPES)
    b = family_key("Activate only if you control a Mountain or an Island.", SUBTYPES)
    assert a == b == "activate only if you control a NOUN or a NOUN"
    assert family_key("Target Elves get +2/+2 until end of turn.", SUBTYPES) == \
        family_key("Target creatures get -1/-1 until end of turn.", SUBTYPES)
    assert family_key("{2}{U}, {T}: Draw three cards.") == "{M}, {T}: draw N cards"
    assert family_key("Add one mana of any color. Spend it on a red spell.") == \
        "add N mana of any color. spend it on a COLOR spell"
    # a subtype is a capitalised word of a type line: "any time" stays words
    assert family_key("You may look at the top card of your library any time.", SUBTYPES) \
        .endswith("any time")
    # a run of types is one noun
    assert family_key("Destroy target legendary artifact creature.") == "destroy target NOUN"


def test_families_rank_by_cards_blocked_and_count_cards_blocked_alone() -> None:
    unsupported = [("Activate only if you control an Island or a Mountain.", ["A", "B"]),
                   ("Activate only if you control a Plains or an Island.", ["C"]),
                   ("Flip a coin.", ["C", "D"])]
    not_run = [("keyword:morph", ["B", "E", "F", "G"])]
    fams = families(unsupported, not_run, subtypes_of(["Land — Island Mountain Plains"]))
    assert [f.key for f in fams] == ["keyword:morph", "activate only if you control a NOUN "
                                     "or a NOUN", "flip a coin"]
    morph, verge, coin = fams
    assert morph.cards == ("B", "E", "F", "G") and morph.alone == ("E", "F", "G")
    assert verge.cards == ("A", "B", "C") and verge.alone == ("A",) and len(verge.clauses) == 2
    assert coin.alone == ("D",) and coin.source == "clause" and morph.source == "engine"


def test_coverage_families_json(tmp_path: Path, capsys) -> None:
    base = {"object": "card", "lang": "en", "layout": "normal", "mana_cost": "{1}{G}",
            "type_line": "Creature — Bear", "power": "2", "toughness": "2", "keywords": []}
    cards = [{**base, "name": f"Hum Bear {i}",
              "oracle_text": f"Whenever the moon hums {i} tunes, ~ recites a sonnet."}
             for i in (2, 3, 4)]
    cards.append({**base, "name": "Plain Bear", "oracle_text": ""})
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in cards), encoding="utf-8")
    assert main(["coverage", "--cards", str(path), "--all-cards", "--families",
                 "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    top = out["families"][0]
    assert top["family"] == "whenever the moon hums N tunes, ~ recites a sonnet"
    assert top["cards_blocked"] == 3 == top["cards_blocked_alone"] and top["clauses"] == 3
    assert main(["coverage", "--cards", str(path), "--all-cards", "--families"]) == 0
    assert "whenever the moon hums N tunes" in capsys.readouterr().out


def test_draft_and_deck_building_clauses_are_reported_not_unsupported(tmp_path: Path,
                                                                      capsys) -> None:
    base = {"object": "card", "lang": "en", "layout": "normal", "mana_cost": "{2}",
            "type_line": "Artifact Creature — Construct", "power": "1", "toughness": "1",
            "keywords": []}
    cards = [{**base, "name": "Pick Counter", "oracle_text": "Draft Pick Counter face up."},
             {**base, "name": "Swarm Drone", "oracle_text":
              "A deck can have any number of cards named Swarm Drone."},
             {**base, "name": "Game Within", "oracle_text": "Players play a Magic subgame, "
              "using their libraries as their decks."}]
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in cards), encoding="utf-8")
    assert main(["coverage", "--cards", str(path), "--all-cards", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["totals"]["fully_supported"] == 2  # the draft and the deck rule do nothing here
    assert out["unsupported"] == []
    reasons = {r["reason"]: r["cards"] for r in out["outside_two_player_game"]}
    assert any("draft" in k and v == ["Pick Counter"] for k, v in reasons.items())
    assert any("deck construction" in k and v == ["Swarm Drone"] for k, v in reasons.items())
    assert any("subgame" in k and v == ["Game Within"] for k, v in reasons.items())
    assert any(r["kind"].startswith("outside_two_player_game:") for r in out["not_run"])
