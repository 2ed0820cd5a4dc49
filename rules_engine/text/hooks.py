"""Late-bound hooks between the effect grammar and the paragraph compiler.

Quoted abilities inside effects ("gains \"Whenever ...\"", tokens "with \"...\"", emblems) and
delayed triggers ("When you next cast ...") are compiled by :mod:`rules_engine.text.paragraphs`,
which itself uses the effect grammar; the paragraph module fills these at import time so the
modules do not import each other in a cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

COMPILE_QUOTED: Callable[[str], tuple] | None = None
PARSE_TRIGGER_SENTENCE: Callable[[str, Any], Any] | None = None
# the effect grammar's verb-phrase parser (text.effects.parse_vp), for phrase builders that
# read two verb phrases of one subject ("discards a card or sacrifices a creature")
PARSE_VP: Callable[[Any, str, Any], Any] | None = None
