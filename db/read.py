"""Stream Scryfall objects out of ``.json`` (array), ``.jsonl`` and ``.jsonl.gz`` files.

Scryfall's bulk files are gzipped JSON Lines since July 2026 and the older form is
one JSON array; ``all_cards`` is over 2 GB either way, so nothing here reads a whole
file into memory, nor a whole line: input is read in chunks of :data:`_CHUNK` bytes.

Two limits, so that no input can hold the reader for long or fill memory:

- :data:`MAX_RECORD_BYTES` (1 MiB): a record (a line of JSON Lines, an element of an
  array) larger than this is reported as a :class:`~db.errors.BadCardData` (file, line,
  reason) in its place and skipped, and the rest of the file is read. The largest real
  Scryfall card object is a few tens of KB.
- :data:`MAX_LINE_BYTES` (64 MiB, decompressed): a line or array element that long is no
  Scryfall file at all (a 1 GiB line in a ``.jsonl.gz``): the reader stops there and
  raises :class:`~db.errors.BadCardData`, after reading at most that much of it.

Every object comes with the line it starts on; a record that cannot be decoded (not
JSON, not an object, an invalid UTF-8 byte, too large) comes back as a ``BadCardData``
in its place, so one bad record never stops a load. What stops the whole file (raised,
so the caller stores nothing of it and does not record it as loaded): a broken gzip
stream, an over-long line, a JSON array that is not closed, or an array element whose
end cannot be found (the reader resynchronises after a bad element when its brackets
balance, and refuses the file otherwise).
"""

from __future__ import annotations

import codecs
import gzip
import io
import json
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import orjson

from db.errors import BadCardData

_CHUNK = 1 << 20
MAX_RECORD_BYTES = 1 << 20
MAX_LINE_BYTES = 64 << 20
_DECODER = json.JSONDecoder()

Item = tuple[int, dict | BadCardData]
# With the object's own JSON text (UTF-8 bytes), or None for an error.
RawItem = tuple[int, dict | BadCardData, bytes | None]


def open_text(path: Path) -> IO[bytes]:
    """Open ``path`` for binary reading, gunzipping when it is gzip (by magic bytes, not name)."""
    raw = open(path, "rb")  # noqa: SIM115 - returned to the caller, who closes it
    magic = raw.peek(2)[:2] if isinstance(raw, io.BufferedReader) else b""
    if magic == b"\x1f\x8b":
        return gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[return-value]
    return raw


def _first_byte(stream: IO[bytes]) -> tuple[bytes, bytes]:
    """Return the first non-blank byte and everything read so far (to put back)."""
    seen = b""
    while True:
        chunk = stream.read(4096)
        if not chunk:
            return b"", seen
        seen += chunk
        stripped = seen.lstrip(b"\xef\xbb\xbf \t\r\n")
        if stripped:
            return stripped[:1], seen
        if len(seen) > MAX_LINE_BYTES:
            return b"", b""


def iter_objects(path: Path | str) -> Iterator[Item]:
    """Yield ``(line, object)`` for every JSON object in the file (see :func:`iter_raw_objects`)."""
    for line, obj, _raw in iter_raw_objects(path):
        yield line, obj


def iter_raw_objects(path: Path | str, parse: bool = True) -> Iterator[RawItem]:
    """Yield ``(line, object, raw JSON bytes or None)`` for every JSON object in the file.

    The form is told by the first byte: ``[`` is a JSON array, anything else JSON Lines.
    With ``parse=False`` the lines of a JSON Lines file come unparsed, as ``(line, None,
    raw)`` (blank lines skipped, over-long ones reported as usual), for a caller that checks
    a batch of lines at once and parses one by one with :func:`parse_line` only when that
    fails (db.load); an array's elements are parsed either way.
    Raises :class:`BadCardData` for what stops the whole file (see the module doc).
    """
    path = Path(path)
    with open_text(path) as stream:
        try:
            first, head = _first_byte(stream)
            if first == b"[":
                yield from _iter_array(path, head, stream)
            else:
                yield from _iter_lines(path, head, stream, parse)
        except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
            raise BadCardData(str(path), 0, f"cannot read compressed data: {exc}") from exc
        except OSError as exc:
            raise BadCardData(str(path), 0, f"cannot read the file: {exc}") from exc


def not_json_reason(text: bytes, exc: Exception) -> str:
    """Why a record is not JSON; an invalid UTF-8 byte is named as such (orjson's message
    for it speaks of surrogates)."""
    try:
        text.decode("utf-8")
    except UnicodeDecodeError as bad:
        return (f"invalid UTF-8: byte 0x{text[bad.start]:02x} at column {bad.start + 1} "
                "cannot be decoded")
    return f"not JSON: {exc}"


def _too_big(path: Path, line_no: int, size: str) -> BadCardData:
    return BadCardData(str(path), line_no,
                       f"record is {size} bytes, over the limit of {MAX_RECORD_BYTES:,} bytes "
                       "(skipped)")


def _line_too_long(path: Path, line_no: int) -> BadCardData:
    return BadCardData(str(path), line_no,
                       f"line is over {MAX_LINE_BYTES:,} bytes (decompressed): not a Scryfall "
                       "card file; nothing from this file was stored")


def parse_line(path: Path | str, line_no: int, line: bytes) -> dict | BadCardData | None:
    """One JSON Lines record: its object, the reason it is none, or None for a blank line."""
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        if not line.strip():
            return None
        return BadCardData(str(path), line_no, not_json_reason(line, exc))
    if type(obj) is not dict:
        return BadCardData(str(path), line_no, "not a JSON object")
    return obj


def _iter_lines(path: Path, head: bytes, stream: IO[bytes], parse: bool = True
                ) -> Iterator[RawItem]:
    pending = head.removeprefix(b"\xef\xbb\xbf")  # a byte order mark is not part of line 1
    line_no = 0
    while True:
        if len(pending) > MAX_RECORD_BYTES:
            # An over-long line: skip to its end in bounded memory, or refuse the file.
            line_no += 1
            skipped = len(pending)
            while True:
                chunk = stream.read(_CHUNK)
                if not chunk:
                    yield line_no, _too_big(path, line_no, f"{skipped:,}"), None
                    return
                cut = chunk.find(b"\n")
                if cut >= 0:
                    skipped += cut
                    pending = chunk[cut + 1:]
                    break
                skipped += len(chunk)
                if skipped > MAX_LINE_BYTES:
                    raise _line_too_long(path, line_no)
            if skipped > MAX_LINE_BYTES:
                raise _line_too_long(path, line_no)
            yield line_no, _too_big(path, line_no, f"{skipped:,}"), None
            continue
        chunk = stream.read(_CHUNK)
        data = pending + chunk if pending else chunk
        lines = data.split(b"\n")
        pending = lines.pop() if chunk else b""
        for line in lines:
            line_no += 1
            if len(line) > MAX_RECORD_BYTES:
                yield line_no, _too_big(path, line_no, f"{len(line):,}"), None
                continue
            if not parse:
                if line and not line.isspace():
                    yield line_no, None, line  # type: ignore[misc]
                continue
            obj = parse_line(path, line_no, line)
            if obj is None:
                continue
            if type(obj) is not dict:
                yield line_no, obj, None
                continue
            yield line_no, obj, line
        if not chunk:
            return


# Tokens of a structural scan (resynchronising after a bad array element, or skipping an
# oversized one): outside strings the brackets, commas and quotes; inside strings the
# closing quote, an escape, or a line break (a JSON string cannot hold one, so a string
# still open at a line break was broken: the scan treats it as closed there).
_OUTSIDE = re.compile(r'[{}\[\],"\n]')
_INSIDE = re.compile(r'["\\\n]')
_SURROGATE = re.compile("[\udc80-\udcff]")


class _Scan:
    """Find where an array element ends, across chunks (depth and string state carried)."""

    def __init__(self) -> None:
        self.depth = 0
        self.in_string = False
        self.escape = False
        self.newlines = 0

    def feed(self, text: str, i: int) -> int | None:
        """Scan ``text`` from ``i``; the offset just past the element, or None for more."""
        n = len(text)
        while i < n:
            if self.escape:
                self.escape = False
                i += 1
                continue
            if self.in_string:
                m = _INSIDE.search(text, i)
                if m is None:
                    return None
                c, i = m.group(), m.end()
                if c == "\\":
                    self.escape = True
                else:
                    if c == "\n":
                        self.newlines += 1
                    self.in_string = False
                continue
            m = _OUTSIDE.search(text, i)
            if m is None:
                return None
            c = m.group()
            if c == '"':
                self.in_string = True
            elif c == "\n":
                self.newlines += 1
            elif c in "{[":
                self.depth += 1
            elif c in "}]":
                if self.depth == 0:  # the array's own close: the element ended before it
                    return m.start()
                self.depth -= 1
                if self.depth == 0:
                    return m.end()
            elif c == "," and self.depth == 0:
                return m.start()
            i = m.end()
        return None


def _iter_array(path: Path, head: bytes, stream: IO[bytes]) -> Iterator[RawItem]:
    """Decode a JSON array one element at a time with ``raw_decode`` over a sliding buffer.

    Bytes are decoded with ``surrogateescape``, so an invalid UTF-8 byte becomes a lone
    surrogate in the text: the element holding it is reported (found by a search for such
    characters) and the elements around it still load. An element that is not JSON is
    reported and skipped when a structural scan finds its end (its brackets balance);
    otherwise the file is refused.
    """
    decoder = codecs.getincrementaldecoder("utf-8")(errors="surrogateescape")
    buffer = decoder.decode(head.removeprefix(b"\xef\xbb\xbf"))
    pos = buffer.index("[") + 1
    line_no = 1 + buffer.count("\n", 0, pos)
    eof = False
    dumps = orjson.dumps

    def refill() -> bool:
        nonlocal buffer, pos, eof
        if eof:
            return False
        chunk = stream.read(_CHUNK)
        if not chunk:
            eof = True
            buffer = buffer[pos:] + decoder.decode(b"", final=True)
        else:
            buffer = buffer[pos:] + decoder.decode(chunk)
        pos = 0
        return bool(chunk)

    def skip_oversized() -> BadCardData:
        """Skip the element at ``pos`` (too large to hold) in bounded memory, or refuse."""
        nonlocal pos, line_no
        start_line, scan, consumed = line_no, _Scan(), 0
        while (end := scan.feed(buffer, pos)) is None:
            consumed += len(buffer) - pos
            if consumed > MAX_LINE_BYTES:
                raise _line_too_long(path, start_line)
            pos = len(buffer)
            if not refill():
                raise BadCardData(str(path), start_line, "array element is not closed "
                                  "(truncated file?); nothing from this file was stored")
        line_no = start_line + scan.newlines
        size = consumed + end - pos
        pos = end
        return _too_big(path, start_line, f"{size:,}")

    while True:
        # Skip blanks and separators, counting lines.
        while True:
            while pos < len(buffer) and buffer[pos] in " \t\r\n,":
                if buffer[pos] == "\n":
                    line_no += 1
                pos += 1
            if pos < len(buffer) or not refill():
                break
        if pos >= len(buffer):
            raise BadCardData(str(path), line_no, "JSON array is not closed (truncated file?); "
                              "nothing from this file was stored")
        if buffer[pos] == "]":
            return
        start_line = line_no
        while True:
            try:
                obj, end = _DECODER.raw_decode(buffer, pos)
                break
            except RecursionError:  # nested deeper than Python's decoder goes: refuse the file
                raise BadCardData(str(path), start_line, "JSON nested too deeply to read; "
                                  "nothing from this file was stored") from None
            except json.JSONDecodeError as exc:
                obj, bad_end = None, _Scan().feed(buffer, pos)
                if bad_end is not None:  # a whole element, but not JSON: resynchronise
                    end = bad_end
                    err_line = start_line + buffer.count("\n", pos, max(pos, exc.pos))
                    reason = f"not JSON: {exc.msg} (at line {err_line})"
                    break
                if len(buffer) - pos > MAX_RECORD_BYTES:
                    end = -1
                    break
                if not refill():
                    raise BadCardData(
                        str(path), start_line, "array element is not closed (truncated "
                        "file?); nothing from this file was stored") from exc
            except ValueError as exc:  # JSON, but not a value Python takes (a 5,000-digit int)
                obj, end = None, _Scan().feed(buffer, pos)
                if end is None:
                    raise BadCardData(str(path), start_line, f"not readable: {exc}; nothing "
                                      "from this file was stored") from None
                reason = f"not readable: {exc}"
                break
        if end < 0:
            yield start_line, skip_oversized(), None
            continue
        if end <= pos:  # nothing to skip (e.g. a stray ':'): no way to find the next element
            raise BadCardData(str(path), start_line, f"not JSON at {buffer[pos:pos + 20]!r}: "
                              "the array cannot be resynchronised; nothing from this file was "
                              "stored")
        line_no += buffer.count("\n", pos, end)
        text_start, pos = pos, end
        if obj is None:
            yield start_line, BadCardData(str(path), start_line, reason), None
            continue
        if end - text_start > MAX_RECORD_BYTES:
            yield start_line, _too_big(path, start_line, f"{end - text_start:,}"), None
            continue
        bad_at = _SURROGATE.search(buffer, text_start, end)
        if bad_at is not None:
            byte = ord(bad_at.group()) - 0xDC00
            column = bad_at.start() - (buffer.rfind("\n", 0, bad_at.start()) + 1) + 1
            line = start_line + buffer.count("\n", text_start, bad_at.start())
            yield line, BadCardData(str(path), line, f"invalid UTF-8: byte 0x{byte:02x} at "
                                    f"column {column} cannot be decoded"), None
            continue
        if type(obj) is not dict:
            yield start_line, BadCardData(
                str(path), start_line, "array element is not a JSON object"
            ), None
            continue
        try:
            raw = dumps(obj)
        except orjson.JSONEncodeError as exc:  # a lone surrogate written as a \\u escape
            yield start_line, BadCardData(str(path), start_line, f"not valid text: {exc}"), None
            continue
        # an exact-size copy: orjson's own buffer keeps its spare capacity (about 8 KB a
        # record), which made a batch of 20,000 small cards cost 155 MB
        yield start_line, obj, memoryview(raw).tobytes()
