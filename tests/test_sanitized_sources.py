"""Every C file of the solver runs under the sanitizers in the slow set: tests/sanitizers.py names each one with
a driver that exists, and each kind's test_sanitizers.py runs them."""

from __future__ import annotations

from tests.conftest import ROOT
from tests.sanitizers import SANITIZED


def test_every_c_file_of_the_solver_has_a_sanitized_run():
    sources = {entry.source for entry in SANITIZED}
    assert sources == set((ROOT / "solver").rglob("*.c"))
    for entry in SANITIZED:
        assert entry.driver.is_file(), entry.driver
        assert (entry.driver.parent / "test_sanitizers.py").is_file(), entry.driver.parent
