"""Reliability suite: writes the probe counters for scripts/reliability_report.py if asked."""

from __future__ import annotations

import os
from pathlib import Path

import probes

REPORT_ENV = "CHATBOT_RELIABILITY_REPORT"
_outcomes = {"passed": 0, "failed": 0, "xfailed": 0, "skipped": 0}


def pytest_runtest_logreport(report):
    if "tests/reliability/" not in report.nodeid.replace("\\", "/") and not report.nodeid.startswith(
            "test_"):
        return
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        if hasattr(report, "wasxfail"):
            _outcomes["xfailed"] += 1
        else:
            _outcomes[report.outcome] += 1


def pytest_sessionfinish(session, exitstatus):
    target = os.environ.get(REPORT_ENV)
    if target:
        probes.dump(Path(target), {"tests": dict(_outcomes)})
