"""Benchmark: compile every shared card's Oracle text (cold cache) vs. tagging the same cards.

Our figure: CPU seconds for ``rules_engine.text.compile_card`` over the 2,281 shared cards with
the compiler's cache cleared (the first compilation of each card). Baseline, measured in the same
run on the same cards: the classifier's ``tag_card`` (a lighter text pass: prefilters plus a few
regexes per mechanic). The ratio says how much more the full grammar costs than tagging.

    /work/venv/bin/python bench/text_compile.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._synthetic import shared_cards  # noqa: E402
from classifier.scryfall import card_text_from_scryfall  # noqa: E402
from classifier.tag import tag_card  # noqa: E402
from rules_engine.text import compile_card  # noqa: E402
from rules_engine.text.compiler import compile_face_text  # noqa: E402


def _time(fn, cards: list[dict]) -> float:
    start = time.process_time()
    for card in cards:
        fn(card)
    return time.process_time() - start


def main() -> None:
    cards = shared_cards()
    compile_face_text.cache_clear()
    ours = _time(compile_card, cards)
    full = sum(compile_card(c).fully_supported for c in cards)
    baseline = _time(lambda c: tag_card(card_text_from_scryfall(c)), cards)
    print(f"cards: {len(cards)}  fully supported: {full}")
    print(f"compile_card (cold cache): {ours:.2f} s CPU  ({1000 * ours / len(cards):.2f} ms/card)")
    print(f"baseline tag_card:         {baseline:.2f} s CPU  "
          f"({1000 * baseline / len(cards):.2f} ms/card)")
    print(f"ratio compile/tag: {ours / baseline:.1f}x")


if __name__ == "__main__":
    main()
