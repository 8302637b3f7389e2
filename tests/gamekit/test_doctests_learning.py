"""Doctests of the QRE, dynamics and generator modules and of docs/dynamics.md."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

MODULES = ["gamekit.generators", "gamekit.nearest", "gamekit.plots", "gamekit.quantal.trace",
           "gamekit.quantal.certified", "gamekit.quantal.fit", "gamekit.dynamics.trajectory",
           "gamekit.dynamics.fictitious", "gamekit.dynamics.pure", "gamekit.dynamics.replicator",
           "gamekit.dynamics.regret", "gamekit.dynamics.logit"]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_docs_dynamics_md():
    path = Path(__file__).resolve().parents[2] / "docs" / "dynamics.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 10
