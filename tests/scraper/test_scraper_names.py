"""The 日本語/English splitter measured on the 33k real name pairs of jpname.json."""

from __future__ import annotations

import json

import pytest

from scraper.names import NameSplitter, heuristic_split


def _truth(shared_dir) -> list[tuple[str | None, str]]:
    data = json.loads((shared_dir / "data/names/jpname.json").read_text(encoding="utf-8"))
    out = []
    for item in data:
        ja = item["jpname"]
        if ja == "undefined" or item.get("info") in ("nojpname", "nopage"):
            ja = None
        out.append((ja, item["name"]))
    return out


def _title(ja: str | None, en: str) -> str:
    return f"{ja}/{en}" if ja else en


def test_heuristic_split_accuracy_on_jpname(shared_dir, capsys):
    truth = _truth(shared_dir)
    right = sum(heuristic_split(_title(ja, en)) == (ja, en) for ja, en in truth)
    last_slash = sum(
        (tuple(_title(ja, en).rsplit("/", 1)) if ja else (None, en)) == ((ja, en) if ja else
                                                                          (None, en))
        for ja, en in truth
    )
    with capsys.disabled():
        print(f"\nname splitter on {len(truth)} jpname pairs: heuristic {right / len(truth):.5f} "
              f"({len(truth) - right} wrong); last-slash baseline {last_slash / len(truth):.5f}")
    assert right / len(truth) >= 0.999
    assert right > last_slash


def test_dictionary_split_is_exact_on_jpname(shared_dir):
    truth = _truth(shared_dir)
    splitter = NameSplitter(truth)
    wrong = [(ja, en) for ja, en in truth if splitter.split(_title(ja, en)) != (ja, en)]
    assert wrong == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ペニーが操縦するSP//dr/SP//dr, Piloted by Peni", ("ペニーが操縦するSP//dr",
                                                            "SP//dr, Piloted by Peni")),
        ("召喚：チョコボ＆モーグリ/Summon: Choco/Mog", ("召喚：チョコボ＆モーグリ",
                                                     "Summon: Choco/Mog")),
        ("生+死/Life+Death", ("生+死", "Life+Death")),
        ("メイス＋２/+2 Mace", ("メイス＋２", "+2 Mace")),
        ("C.A.M.P./C.A.M.P.", ("C.A.M.P.", "C.A.M.P.")),
        ("昼", ("昼", None)),
        ("Nightmare Moon", (None, "Nightmare Moon")),
        ("カウンター (目印)", ("カウンター (目印)", None)),
    ],
)
def test_hard_names_split_without_a_dictionary(text, expected):
    assert NameSplitter().split(text) == expected


def test_a_dictionary_settles_what_the_heuristic_cannot():
    # a made-up Japanese name ending in Latin letters after a slash
    ambiguous = "試作機/MK-II/Prototype"
    assert heuristic_split(ambiguous) == ("試作機", "MK-II/Prototype")
    splitter = NameSplitter([("試作機/MK-II", "Prototype")])
    assert splitter.split(ambiguous) == ("試作機/MK-II", "Prototype")
