"""Card boxes as the MTG Wiki renders them, read back from the page text.

A rendered box looks like::

    Tavern Ruffian / 酒場のごろつき (３)(赤)
    クリーチャー — 人間(Human) 戦士(Warrior) 狼男(Werewolf)
    日暮(…)
    2/5
    Tavern Smasher / 酒場破り
    〔赤〕 クリーチャー — 狼男(Werewolf)

The header may put either name first, the type line may run into the header, the P/T
may run into the next header (``2/5Tavern Smasher / 酒場破り``), the type line may be
printed twice, and a box may have no P/T at all. So a face is anchored on a header
(``name / 名前`` with one side Latin and one side Japanese, then an optional cost) that
is followed by a type line, and it ends at a P/T or loyalty line, the next header, a
blank line or a heading, never on line breaks alone.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from scraper.names import has_japanese


@dataclass
class CardBox:
    """One face of a card shown on a page (from the rendered box or a ``{{#card:}}``)."""

    name_en: str | None
    name_ja: str | None
    mana_cost: str | None = None  # normalised: {2}{W}
    mana_cost_raw: str | None = None  # as printed: (２)(白)
    color_indicator: str | None = None  # "R", "RG"
    type_line: str | None = None
    text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    face_index: int = 0
    source: str = "rendered"  # "rendered" | "wikitext"


#: Japanese mana words and letters (after NFKC) -> Scryfall symbols
MANA_WORDS = {
    "白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G", "無": "C",
    "W": "W", "U": "U", "B": "B", "R": "R", "G": "G", "C": "C",
    "X": "X", "Y": "Y", "Z": "Z", "S": "S", "雪": "S", "Φ": "P", "P": "P", "ファイレクシア": "P",
}
COLOR_LETTERS = {"白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G"}

TYPE_WORDS = re.compile(
    r"クリーチャー|アーティファクト|エンチャント|インスタント|ソーサリー|土地|プレインズウォーカー"
    r"|バトル|部族|同族|キンドレッド|次元|現象|ダンジョン|策略|陰謀|ヴァンガード|英雄|トークン"
)
COST_GROUP = r"[(（][0-9０-９XYZＸＹＺSＳCＣWUBRGＷＵＢＲＧ白青黒赤緑無雪Φ/／]{1,8}[)）]"
COST_RUN = re.compile(rf"\s*((?:{COST_GROUP})+)")
EN_NAME = re.compile(r"^[A-Za-z0-9\"'À-ÿ][A-Za-z0-9 ,.'’\"!?&:\-À-ÿ/+]*$")
PT_LINE = re.compile(r"^([0-9０-９*＊XＸ+＋\-−]{1,4})\s*[/／]\s*([0-9０-９*＊XＸ+＋\-−]{1,4})$")
PT_RUN_IN = re.compile(r"^([0-9０-９*＊XＸ+＋]{1,3}/[0-9０-９*＊XＸ+＋]{1,3})(?=\S)(.+ / .+)$")
LOYALTY_LINE = re.compile(r"^[0-9０-９XＸ]{1,3}$")
COLOR_INDICATOR = re.compile(r"^〔([^〕]+)〕\s*")
DASHES = re.compile(r"\s*[—―─–]\s*")


def normalise_cost(raw: str | None) -> str | None:
    """``(２)(白)`` -> ``{2}{W}``; hybrid ``(白/青)`` -> ``{W/U}``; None if unreadable."""
    if not raw:
        return None
    symbols = []
    for group in re.findall(r"[(（]([^()（）]+)[)）]", raw):
        parts = unicodedata.normalize("NFKC", group).split("/")
        mapped = []
        for part in parts:
            part = part.strip()
            if part.isdigit():
                mapped.append(str(int(part)))
            elif part in MANA_WORDS:
                mapped.append(MANA_WORDS[part])
            else:
                return None
        symbols.append("{" + "/".join(mapped) + "}")
    return "".join(symbols) or None


def _color_indicator(raw: str) -> str | None:
    letters = [COLOR_LETTERS[c] for c in raw if c in COLOR_LETTERS]
    return "".join(letters) or None


def _mana_like(cost_raw: str) -> bool:
    """Every group reads as a mana symbol (``(2021)`` after a title is a year, not a cost)."""
    return normalise_cost(cost_raw) is not None and all(
        len(re.sub(r"\D", "", g)) <= 2 for g in re.findall(r"[(（]([^()（）]+)[)）]", cost_raw))


def _english_only_header(line: str) -> tuple[str, None, str, str] | None:
    """``Nightglass Oddity (２)(青)``: a card with no Japanese name; only with a cost."""
    cost_match = COST_RUN.search(line)
    if not cost_match or cost_match.start() == 0:
        return None
    name = line[: cost_match.start()].strip()
    rest = line[cost_match.end():].strip()
    if (len(name) > 60 or not EN_NAME.match(name) or "/" in name
            or not _mana_like(cost_match.group(1))):
        return None
    if rest and not TYPE_WORDS.search(rest):
        return None
    return name, None, cost_match.group(1), rest


def split_header(line: str) -> tuple[str, str | None, str | None, str] | None:
    """A card header line -> (English, Japanese or None, raw cost, run-in rest) or None.

    ``English / 日本語 (cost)`` either way round; a name the Japanese printing kept in
    Latin letters shows the same name on both sides; a card with no Japanese name shows
    ``English (cost)``.
    """
    if len(line) > 200:
        return None
    if " / " not in line:
        return _english_only_header(line)
    left, right = line.split(" / ", 1)
    left = left.strip()
    cost_match = COST_RUN.search(right)
    cost_raw = None
    rest = ""
    if cost_match:
        name_right = right[: cost_match.start()].strip()
        cost_raw = cost_match.group(1)
        rest = right[cost_match.end():].strip()
    else:
        name_right = right.strip()
    if not left or not name_right or "。" in name_right or "。" in left:
        return None
    if EN_NAME.match(left) and has_japanese(name_right) and len(name_right) <= 40:
        en, ja = left, name_right
    elif EN_NAME.match(name_right) and has_japanese(left) and len(left) <= 40:
        en, ja = name_right, left
    elif left == name_right and EN_NAME.match(left) and cost_raw and _mana_like(cost_raw):
        en, ja = left, left
    else:
        return None
    if rest and not TYPE_WORDS.search(rest):
        return None
    return en, ja, cost_raw, rest


def is_type_line(line: str) -> bool:
    """A Japanese type line: a card type word, short, no sentence end."""
    body = COLOR_INDICATOR.sub("", line)
    return bool(TYPE_WORDS.search(body)) and len(body) <= 90 and "。" not in body


def _normalise_type(line: str) -> str:
    return DASHES.sub(" — ", line.strip())


def _ascii(value: str) -> str:
    return unicodedata.normalize("NFKC", value).replace("−", "-")


#: a type line that *starts* like one (optional colour indicator, supertypes, then a card
#: type): what a face whose header is missing must begin with
TYPE_LINE_START = re.compile(
    r"^(?:〔[^〕]+〕\s*)?(?:(?:伝説の|基本|氷雪|ワールド|持続|エルドラージ・)\s*)*"
    r"(?:" + TYPE_WORDS.pattern + r")"
)


def _lines(text: str) -> list[str]:
    lines: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not PT_LINE.match(line) and not PT_RUN_IN.match(line):
            line = line.lstrip("＊*").strip()  # a "＊" bullet, not a "＊/＊" P/T
        if line.startswith("[編集]"):  # plain-text copies: the line before it is a heading
            heading = lines.pop() if lines else ""
            lines.extend(["", heading, ""])
            line = line[len("[編集]"):].strip()
        run_in = PT_RUN_IN.match(line)
        if run_in:
            lines.extend([run_in.group(1), run_in.group(2)])
        else:
            lines.append(line)
    return lines


def _read_face(lines: list[str], j: int, box: CardBox, type_line: str) -> tuple[int, bool]:
    """Read rules text and the closing P/T or loyalty line into ``box`` from line ``j``.

    Returns the line after the face and whether it closed on a P/T or loyalty line.
    """
    text_lines: list[str] = []
    closed = False
    is_walker = "プレインズウォーカー" in type_line or "バトル" in type_line
    while j < len(lines):
        line = lines[j]
        if not line or line.startswith("\x01") or split_header(line) is not None:
            break
        pt = PT_LINE.match(line)
        if pt and "プレインズウォーカー" not in type_line:
            box.power, box.toughness = _ascii(pt.group(1)), _ascii(pt.group(2))
            j += 1
            closed = True
            break
        if is_walker and LOYALTY_LINE.match(line):
            box.loyalty = _ascii(line)
            j += 1
            closed = True
            break
        text_lines.append(line)
        j += 1
        if len(text_lines) > 20:
            break
    box.text = "\n".join(text_lines) or None
    return j, closed


def _new_face(type_line: str, **names: str | None) -> tuple[CardBox, str]:
    indicator = None
    ind = COLOR_INDICATOR.match(type_line)
    if ind:
        indicator = _color_indicator(ind.group(1))
        type_line = type_line[ind.end():]
    box = CardBox(color_indicator=indicator, type_line=_normalise_type(type_line),
                  name_en=names.get("name_en"), name_ja=names.get("name_ja"))
    return box, type_line


def _headless_face(lines: list[str], i: int) -> tuple[CardBox, int] | None:
    """A face whose header line is missing (mobile copies drop the first one).

    Only taken when the evidence is strong: a line that starts like a type line, at the
    start of a block, whose face closes on a P/T or loyalty line, or runs straight into
    the header of a back face (a header without a cost). The cost may survive on a line
    of its own (``(３)(赤)``) above the type line.
    """
    if i > 0 and lines[i - 1] and not lines[i - 1].startswith("\x01"):
        return None
    cost_raw = None
    cost_only = COST_RUN.fullmatch(lines[i])
    if cost_only and i + 1 < len(lines) and _mana_like(cost_only.group(1)):
        cost_raw = cost_only.group(1)
        i += 1
    line = lines[i]
    if not TYPE_LINE_START.match(line) or not is_type_line(line):
        return None
    box, type_line = _new_face(line)
    box.mana_cost, box.mana_cost_raw = normalise_cost(cost_raw), cost_raw
    j = i + 1
    while j < len(lines) and lines[j] == line:
        j += 1
    j, closed = _read_face(lines, j, box, type_line)
    follows = split_header(lines[j]) if j < len(lines) else None
    back_next = follows is not None and follows[2] is None
    if not (closed or back_next) or (not closed and box.text is None):
        return None
    return box, j


def find_card_boxes(text: str) -> list[CardBox]:
    """Every card face shown in a page's plain text, in order.

    A face without its header (see :func:`_headless_face`) is kept with no names: the
    caller may know them (the page's ``{{#card:}}`` names, or the card store through the
    named back face).
    """
    lines = _lines(text)
    boxes: list[CardBox] = []
    i = 0
    previous_ended_at = -2
    while i < len(lines):
        header = split_header(lines[i])
        if header is None:
            headless = _headless_face(lines, i) if lines[i] else None
            if headless is not None:
                box, j = headless
                boxes.append(box)
                previous_ended_at = i = j
            else:
                i += 1
            continue
        en, ja, cost_raw, rest = header
        j = i + 1
        type_line = rest or None
        if type_line is None and j < len(lines) and is_type_line(lines[j]):
            type_line = lines[j]
            j += 1
        if type_line is None:
            i += 1
            continue
        while j < len(lines) and lines[j] == type_line:  # the duplicated type line
            j += 1
        box, type_line = _new_face(type_line, name_en=en, name_ja=ja)
        box.mana_cost, box.mana_cost_raw = normalise_cost(cost_raw), cost_raw
        j, _ = _read_face(lines, j, box, type_line)
        # a header right after the previous face, without a cost, is that card's back face
        if boxes and previous_ended_at == i and cost_raw is None:
            box.face_index = boxes[-1].face_index + 1
        boxes.append(box)
        previous_ended_at = j
        i = j
    return boxes
