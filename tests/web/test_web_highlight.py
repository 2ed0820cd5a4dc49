"""Evidence marking (mtgkit.web.highlight): spans found verbatim, merged, everything escaped."""

from __future__ import annotations

from mtgkit.web.highlight import find_spans, highlight


def test_each_evidence_is_marked_with_its_tag():
    html = str(highlight("Daybound (it becomes night next turn.)",
                         [("Daybound", "day_night:daybound")]))
    assert html.startswith('<mark title="day_night:daybound" data-tags="day_night:daybound">'
                           'Daybound</mark>')


def test_overlapping_evidence_merges_into_one_mark_with_both_tags():
    text = "Whenever day becomes night or night becomes day, draw."
    spans = find_spans(text, [("Whenever day becomes night", "a:x"),
                              ("night or night becomes day", "b:y")])
    assert len(spans) == 1
    assert text[spans[0].start:spans[0].end] == "Whenever day becomes night or night becomes day"
    assert spans[0].labels == ("a:x", "b:y")


def test_same_evidence_twice_takes_successive_occurrences():
    text = "it becomes day. Later it becomes day."
    spans = find_spans(text, [("it becomes day", "a:x"), ("it becomes day", "b:y")])
    assert [s.start for s in spans] == [0, text.rindex("it becomes day")]


def test_text_is_escaped_and_missing_evidence_is_skipped():
    html = str(highlight("<b>x</b> & 昼になる\n次", [("昼になる", "d:s"), ("absent", "z:z")]))
    assert "&lt;b&gt;x&lt;/b&gt; &amp; " in html
    assert "<mark" in html and "昼になる</mark><br>次" in html
    assert "z:z" not in html
    assert str(highlight(None, [])) == ""
