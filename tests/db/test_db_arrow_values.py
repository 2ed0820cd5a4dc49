"""db.arrow_values builds the arrays pa.array would, and a build never imports pandas (which
pyarrow does on its first conversion of a Python value: a fifth of a small command's
start-up)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

from db.arrow_values import booleans, integers, strings

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("values", [[], ["a", "", "日暮", None, "x" * 300], [None, None]])
def test_strings_are_pa_arrays_strings(values) -> None:
    built = strings(values)
    built.validate(full=True)
    assert built.equals(pa.array(values, pa.string()))


@pytest.mark.parametrize("kind", [pa.int64(), pa.int32()])
def test_integers_are_pa_arrays_integers(kind) -> None:
    values = [0, -1, 2**31 - 1, None, 7]
    built = integers(values, kind)
    built.validate(full=True)
    assert built.equals(pa.array(values, kind))
    assert integers(range(3)).to_pylist() == [0, 1, 2]


def test_booleans_are_pa_arrays_booleans() -> None:
    values = [True, False, True, True, False, False, False, False, True]
    assert booleans(values).equals(pa.array(values, pa.bool_()))
    assert booleans([]).equals(pa.array([], pa.bool_()))


def test_a_build_imports_no_pandas(shared_dir, tmp_path) -> None:
    code = (
        "import sys; from mtgkit.cli import main; "
        f"main(['--db', {str(tmp_path / 'x.duckdb')!r}, 'build', '--cards', "
        f"{str(shared_dir / 'data/cards/cards.jsonl')!r}, "
        f"{str(shared_dir / 'data/cards/cards_ja.jsonl')!r}]); "
        "print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True,
                         capture_output=True, text=True).stdout
    assert out.strip().splitlines()[-1] == "False"
