"""Mark each mechanic tag's evidence in a face's text, as HTML.

The classifier cuts every tag's evidence verbatim out of one field of one face in one language
(the rules text, the type line for the Undercity rule, the name for a prepare spell face), so
finding the span again is a plain substring search in that field. Two tags with the same
evidence take successive occurrences; overlapping spans merge into one ``<mark>`` that names
every tag it carries. Everything else is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import Markup, escape


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    labels: tuple[str, ...]


def find_spans(text: str, evidences: Iterable[tuple[str, str]]) -> list[Span]:
    """Spans of ``(evidence, label)`` pairs in ``text``; evidence not found is skipped.

    Overlapping spans are merged, keeping every label, so the marks never nest."""
    taken: dict[str, int] = {}
    raw: list[Span] = []
    for evidence, label in evidences:
        if not evidence:
            continue
        start = text.find(evidence, taken.get(evidence, 0))
        if start < 0:
            start = text.find(evidence)  # more tags than occurrences: mark the first again
        if start < 0:
            continue
        taken[evidence] = start + len(evidence)
        raw.append(Span(start, start + len(evidence), (label,)))
    raw.sort(key=lambda s: (s.start, -s.end))
    merged: list[Span] = []
    for span in raw:
        if merged and span.start < merged[-1].end:
            last = merged[-1]
            labels = last.labels + tuple(x for x in span.labels if x not in last.labels)
            merged[-1] = Span(last.start, max(last.end, span.end), labels)
        else:
            merged.append(span)
    return merged


def highlight(text: str | None, evidences: Iterable[tuple[str, str]]) -> Markup:
    """``text`` as HTML with each evidence span in ``<mark>`` (its tags in ``title``) and line
    breaks as ``<br>``."""
    if not text:
        return Markup("")
    out: list[str] = []
    pos = 0
    for span in find_spans(text, evidences):
        out.append(_plain(text[pos:span.start]))
        labels = " ".join(span.labels)
        out.append(Markup('<mark title="{0}" data-tags="{0}">{1}</mark>').format(
            labels, _plain(text[span.start:span.end])))
        pos = span.end
    out.append(_plain(text[pos:]))
    return Markup("").join(out)


def _plain(text: str) -> Markup:
    return Markup("<br>").join(escape(line) for line in text.split("\n"))
