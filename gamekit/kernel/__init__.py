"""Search and linear-algebra kernels (integer pivoting, polytopes, float searches certified
afterwards). Internal to the solvers except the exact linear solves below.

Public names (imported lazily): :func:`solve_exact` (a square rational system) and
:func:`solve_int` (fraction-free, integer).
"""

from __future__ import annotations

from typing import Any

from gamekit.core.lazy import load

#: public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "solve_exact": "linalg",
    "solve_int": "linalg",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    return load(__name__, _EXPORTS, name, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
