"""Doctests of docs/dynamics.md (the modules' doctests run in tests/test_docstrings.py)."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_docs_dynamics_md():
    path = Path(__file__).resolve().parents[2] / "docs" / "dynamics.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 10
