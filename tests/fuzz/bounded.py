"""Run a command in a child process and measure what it cost: exit status, output, wall time and
the command's own peak RSS (through ``bench/_child.py``'s launcher, so the test process's own
memory does not count), killing it past a deadline. The hardening tests (issue 10: bounded
time, peak RSS under 600 MB) assert on these figures rather than trusting that an error was
merely raised."""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench._child import MeasuredProcess

PEAK_RSS_LIMIT_MB = 600


@dataclass
class Outcome:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float
    killed: bool


def run_bounded(args: list[str], timeout: float = 60.0, cwd: Path | None = None) -> Outcome:
    """Run ``args`` (``mtgkit`` is this interpreter's module entry point); kill it after
    ``timeout`` seconds."""
    if args and args[0] == "mtgkit":
        args = [sys.executable, "-c", "from mtgkit.cli import main; raise SystemExit(main())",
                *args[1:]]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        usage = MeasuredProcess(args, cwd=cwd, stdout=out, stderr=err).wait(timeout)
        out.seek(0)
        err.seek(0)
        return Outcome(usage.returncode, out.read().decode("utf-8", "replace"),
                       err.read().decode("utf-8", "replace"), usage.seconds, usage.peak_mb,
                       usage.killed)
