"""Arrow arrays of Python values, built from buffers.

Why not ``pa.array``: pyarrow imports pandas (about 0.1 s) the first time it converts a
Python value (``pa.array``, ``pa.scalar``, a Python scalar given to a compute function), to
ask whether the value is a pandas object. mtgkit never hands it one, and that import was a
fifth of a small command's start-up; these build the same arrays from their buffers. A
compute function is called with arrays or options only, for the same reason
(tests/db/test_db_arrow_values.py checks a build imports no pandas).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import accumulate

import pyarrow as pa


def _validity(values: Sequence[object]) -> pa.Buffer | None:
    """The validity bitmap of ``values`` (None when no value is None)."""
    if all(v is not None for v in values):
        return None
    bits = bytearray((len(values) + 7) // 8)
    for i, v in enumerate(values):
        if v is not None:
            bits[i >> 3] |= 1 << (i & 7)
    return pa.py_buffer(bytes(bits))


def strings(values: Sequence[str | None]) -> pa.Array:
    """A ``string`` array (None for a null)."""
    encoded = [b"" if v is None else v.encode("utf-8") for v in values]
    offsets = array("i", [0])
    offsets.extend(accumulate(map(len, encoded)))
    return pa.StringArray.from_buffers(len(values), pa.py_buffer(offsets),
                                       pa.py_buffer(b"".join(encoded)), _validity(values))


_INT64 = pa.int64()
_CODES = {_INT64: "q", pa.int32(): "i"}


def integers(values: Sequence[int | None], kind: pa.DataType = _INT64) -> pa.Array:
    """An ``int64`` (or ``int32``) array (None for a null)."""
    code = _CODES[kind]
    data = array(code, (0 if v is None else v for v in values))
    return pa.Array.from_buffers(kind, len(values), [_validity(values), pa.py_buffer(data)])


def booleans(values: Sequence[bool]) -> pa.Array:
    """A ``bool`` array."""
    bytes_ = pa.Array.from_buffers(pa.uint8(), len(values),
                                   [None, pa.py_buffer(bytes(map(bool, values)))])
    return bytes_.cast(pa.bool_())
