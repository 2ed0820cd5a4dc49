"""Run a command in a child process and measure what it cost: exit status, output, wall time and
the child's own peak RSS (``os.wait4``'s rusage, so earlier children of the test process do not
count), killing it past a deadline. The hardening tests (issue 10: bounded time, peak RSS under
600 MB) assert on these figures rather than trusting that an error was merely raised."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

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
        t0 = time.perf_counter()
        proc = subprocess.Popen(args, stdout=out, stderr=err, cwd=cwd, start_new_session=True)
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            os.killpg(proc.pid, signal.SIGKILL)

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - t0
        out.seek(0)
        err.seek(0)
        return Outcome(proc.returncode, out.read().decode("utf-8", "replace"),
                       err.read().decode("utf-8", "replace"), seconds,
                       usage.ru_maxrss / 1024, killed.is_set())  # ru_maxrss is in KiB on Linux
