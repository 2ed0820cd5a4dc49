"""Stream Scryfall objects out of ``.json`` (array), ``.jsonl`` and ``.jsonl.gz`` files.

Scryfall's bulk files are gzipped JSON Lines since July 2026 and the older form is
one JSON array; ``all_cards`` is over 2 GB either way, so nothing here reads a whole
file into memory. Every object comes with the line it starts on, and a record that
cannot be decoded comes back as a :class:`~db.errors.BadCardData` (file, line,
reason) in its place, so one bad line never stops a load.
"""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import orjson

from db.errors import BadCardData

_CHUNK = 1 << 20
_DECODER = json.JSONDecoder()

Item = tuple[int, dict | BadCardData]
# With the object's own JSON text when the file has it (JSON Lines), else None.
RawItem = tuple[int, dict | BadCardData, str | None]


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


def iter_objects(path: Path | str) -> Iterator[Item]:
    """Yield ``(line, object)`` for every JSON object in the file (see :func:`iter_raw_objects`)."""
    for line, obj, _raw in iter_raw_objects(path):
        yield line, obj


def iter_raw_objects(path: Path | str) -> Iterator[RawItem]:
    """Yield ``(line, object, raw JSON text or None)`` for every JSON object in the file, in order.

    The form is told by the first byte: ``[`` is a JSON array, anything else JSON Lines.
    A gzip error (a truncated download) is raised as :class:`BadCardData`, since what
    follows the break cannot be read at all.
    """
    path = Path(path)
    with open_text(path) as stream:
        try:
            first, head = _first_byte(stream)
            if first == b"[":
                yield from _iter_array(path, head, stream)
            else:
                yield from _iter_lines(path, head, stream)
        except (EOFError, gzip.BadGzipFile, OSError) as exc:
            raise BadCardData(str(path), 0, f"cannot read compressed data: {exc}") from exc


def _iter_lines(path: Path, head: bytes, stream: IO[bytes]) -> Iterator[RawItem]:
    pending = head.removeprefix(b"\xef\xbb\xbf")  # a byte order mark is not part of line 1
    line_no = 0
    while True:
        chunk = stream.read(_CHUNK)
        data = pending + chunk
        lines = data.split(b"\n")
        pending = lines.pop() if chunk else b""
        for line in lines:
            line_no += 1
            text = line.strip()
            if not text:
                continue
            try:
                obj = orjson.loads(text)
            except orjson.JSONDecodeError as exc:
                yield line_no, BadCardData(str(path), line_no, f"not JSON: {exc}"), None
                continue
            if not isinstance(obj, dict):
                yield line_no, BadCardData(str(path), line_no, "not a JSON object"), None
                continue
            yield line_no, obj, text.decode("utf-8", errors="replace")
        if not chunk:
            return


def _iter_array(path: Path, head: bytes, stream: IO[bytes]) -> Iterator[RawItem]:
    """Decode a JSON array one element at a time with ``raw_decode`` over a sliding buffer."""
    buffer = head.decode("utf-8-sig", errors="strict") if head else ""
    decoder_pending = b""
    pos = buffer.index("[") + 1
    line_no = 1 + buffer.count("\n", 0, pos)
    eof = False

    def refill() -> bool:
        nonlocal buffer, pos, decoder_pending
        chunk = stream.read(_CHUNK)
        if not chunk:
            return False
        data = decoder_pending + chunk
        try:
            text = data.decode("utf-8")
            decoder_pending = b""
        except UnicodeDecodeError as exc:  # a multi-byte character cut by the chunk edge
            cut = exc.start
            text = data[:cut].decode("utf-8")
            decoder_pending = data[cut:]
        buffer = buffer[pos:] + text
        pos = 0
        return True

    while True:
        # Skip blanks and separators, counting lines.
        while True:
            while pos < len(buffer) and buffer[pos] in " \t\r\n,":
                if buffer[pos] == "\n":
                    line_no += 1
                pos += 1
            if pos < len(buffer) or eof:
                break
            eof = not refill()
        if pos >= len(buffer):
            yield line_no, BadCardData(
                str(path), line_no, "JSON array is not closed (truncated file?)"
            ), None
            return
        if buffer[pos] == "]":
            return
        while True:
            try:
                obj, end = _DECODER.raw_decode(buffer, pos)
                break
            except json.JSONDecodeError as exc:
                if not eof and refill():
                    continue
                eof = True
                yield line_no, BadCardData(str(path), line_no, f"not JSON: {exc.msg}"), None
                return
        start_line = line_no
        line_no += buffer.count("\n", pos, end)
        pos = end
        if isinstance(obj, dict):
            yield start_line, obj, None
        else:
            yield start_line, BadCardData(
                str(path), start_line, "array element is not a JSON object"
            ), None
