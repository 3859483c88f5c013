"""Reliability suite: shared stores per module, helpers, and the probe counters for
scripts/reliability_report.py (written when CHATBOT_RELIABILITY_REPORT names a file)."""

from __future__ import annotations

import os
from pathlib import Path

import probes
import pytest
from checks import engines

from chatbot.memory import MemoryStore

REPORT_ENV = "CHATBOT_RELIABILITY_REPORT"
_outcomes = {"passed": 0, "failed": 0, "xfailed": 0, "xpassed": 0, "skipped": 0}
_pending: list[str] = []
_skipped: list[str] = []


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # One store per module and engine: embedding costs ~10 ms a text, opening a store ~0.5 s.
    if "shared_engine" in metafunc.fixturenames:
        metafunc.parametrize("shared_engine", engines(metafunc.config), scope="module")


@pytest.fixture(scope="module")
def shared_store(shared_engine, tmp_path_factory, embedder):
    path = tmp_path_factory.mktemp(f"store-{shared_engine}")
    store = MemoryStore(path=path, embedder=embedder, engine=shared_engine)
    yield store
    store.close()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if "reliability/" not in report.nodeid.replace("\\", "/"):
        return
    if report.when == "call" or report.outcome != "passed":
        if hasattr(report, "wasxfail"):
            _outcomes["xpassed" if report.outcome == "passed" else "xfailed"] += 1
            _pending.append(report.nodeid.split("::", 1)[-1])
        else:
            _outcomes[report.outcome] += 1
            if report.outcome == "skipped" and isinstance(report.longrepr, tuple):
                _skipped.append(f"{report.nodeid.split('::', 1)[-1]}: {report.longrepr[2]}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    target = os.environ.get(REPORT_ENV)
    if target:
        probes.dump(Path(target), {"tests": dict(_outcomes), "exitstatus": int(exitstatus),
                                   "pending": _pending, "skipped": _skipped,
                                   "notes": dict(probes.NOTES)})

