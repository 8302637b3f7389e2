"""Compile the numba kernels once, at install time (``gamekit compile``).

The certified searches run compiled kernels (``@njit(cache=True)``): numba compiles a
kernel on its first call and keeps the machine code in its on-disk cache (``__pycache__``
next to the source, or numba's user cache directory when that is read-only), from which
every later process loads it. Without this step the first ``gamekit solve`` of an 8×8 or
larger game after an install spends 10–15 CPU-s compiling (measured:
``benchmarks/results/startup.md``). :func:`compile_kernels` is the one place that decides
what is compiled ahead of use: it solves a fixed set of small games through the public
solvers, with each compiled strategy named explicitly (so every kernel is compiled with
exactly the argument types the solvers pass at run time), and calls the additive
kernels through their own wrappers. It is run once after ``pip install`` (README, Quick
start); nothing at run time compiles ahead of use or depends on whether it was run.

Why a command and not a build step: numba's cache index is keyed to the source file's
modification time and size, to numba's version and to the host CPU. A wheel install
writes the sources with the time of the install (a cache built into the wheel is stale
on arrival), and a PEP 517 build runs in an isolated environment whose numba need not be
the one installed. Compiling in the installed environment, on the machine that runs it,
is the one way that holds for ``pip install``, ``pip install -e`` and wheels alike.

Examples
--------
>>> "gamekit.kernel.reverse_search" in KERNEL_MODULES
True
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["KERNEL_MODULES", "CompileReport", "compile_kernels", "kernel_dispatchers", "compiled_here"]

#: Every gamekit module that defines numba kernels (a test checks this list against the
#: source: each module that imports numba's ``njit`` is here).
KERNEL_MODULES: tuple[str, ...] = (
    "gamekit.kernel.float_search",
    "gamekit.kernel.reverse_search",
    "gamekit.kernel.modular_float",
    "gamekit.kernel.modular_verify",
    "gamekit.kernel.partner_filter",
    "gamekit.kernel.float_lemke_howson",
    "gamekit.kernel.lh_endpoint",
    "gamekit.kernel.cofactor_kernels",
    "gamekit.bimatrix.label_match",
    "gamekit.additive.vertex_kernels",
)


@dataclass(frozen=True)
class CompileReport:
    """What :func:`compile_kernels` did: the steps run, the kernels numba compiled in this
    process (empty when the cache was complete already) and those it loaded from its cache."""

    steps: tuple[str, ...]
    compiled: tuple[str, ...]
    loaded: tuple[str, ...]


def _int_game(seed: int, m: int, n: int, hi: int) -> tuple[list[list[int]], list[list[int]]]:
    rng = random.Random(seed)
    return ([[rng.randint(0, hi) for _ in range(n)] for _ in range(m)],
            [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)])


def _solve_all(A: list[list[int]], B: list[list[int]], strategy: str, threads: int) -> None:
    from gamekit.bimatrix.solve import solve_result
    from gamekit.core.game import BimatrixGame

    solve_result(BimatrixGame(A, B), "all", strategy=strategy, threads=threads,  # type: ignore[arg-type]
                 eliminate_dominated=False)


def _lemke_howson() -> None:
    from gamekit.bimatrix.solve import solve_result
    from gamekit.core.game import BimatrixGame

    A, B = _int_game(3, 16, 16, 99)
    solve_result(BimatrixGame(A, B), "lemke_howson", strategy="float_path")
    A, B = _int_game(4, 16, 16, 1 << 40)  # payoffs beyond the one-call end check: its byte-limb route
    solve_result(BimatrixGame(A, B), "lemke_howson", strategy="float_path")


def _additive() -> None:
    import numpy as np

    import gamekit.additive.vertex_filter as vf
    from gamekit.kernel.verified_float import _cofactors_and_permanents

    rng = np.random.default_rng(0)
    _cofactors_and_permanents(rng.integers(-60, 60, size=(8, 4, 5)).astype(float), compiled=True)
    C = rng.integers(1, 10**6, size=(20, 4)).astype(float)
    GS = rng.integers(-1000, 1000, size=(12, 4)).astype(float)
    faces = vf.FaceTables(np.arange(12), GS, rng.integers(-9, 9, size=(3, 12)).astype(float), np.zeros(3))
    vf._zeros_and_payoffs(C, faces, compiled=True)


def _steps() -> list[tuple[str, Callable[[], None]]]:
    """The games solved: each compiled strategy of ``method="all"`` (one and two threads),
    on generic, degenerate and rectangular integer games; the float Lemke–Howson path; the
    additive games' kernels."""
    steps: list[tuple[str, Callable[[], None]]] = []
    for strategy in ("one_sided", "two_sided"):
        for threads in (1, 2):
            for label, (A, B) in (("12×12 0..99", _int_game(0, 12, 12, 99)),
                                  ("12×12 {0,1,2}", _int_game(1, 12, 12, 2)),
                                  ("5×40 0..99", _int_game(2, 5, 40, 99))):
                steps.append((f"all, {strategy}, {threads} thread(s), {label}",
                              functools.partial(_solve_all, A, B, strategy, threads)))
    steps.append(("lemke_howson, float path, 16×16", _lemke_howson))
    steps.append(("additive games' kernels", _additive))
    return steps


def kernel_dispatchers() -> dict[str, object]:
    """``module.name`` → numba dispatcher, for every kernel of :data:`KERNEL_MODULES` that
    is compiled on its own (not the ``inline="always"`` helpers, which are compiled into
    their callers). Imports numba (compiles nothing).

    Returns
    -------
    dict
        ``"module.function"`` → its ``numba`` dispatcher.

    Examples
    --------
    >>> "gamekit.kernel.reverse_search._rs_loop" in kernel_dispatchers()
    True
    """
    from numba.core.registry import CPUDispatcher

    out: dict[str, object] = {}
    for name in KERNEL_MODULES:
        mod = importlib.import_module(name)
        for attr, obj in vars(mod).items():
            if (isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == name
                    and obj.targetoptions.get("inline", "never") != "always"):
                out[f"{name}.{attr}"] = obj
    return out


def compiled_here() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The kernels of :func:`kernel_dispatchers` that numba compiled in this process, and
    those it loaded from its disk cache (numba's per-dispatcher cache counters).

    Returns
    -------
    tuple of two tuples of str
        The names (``"module.function"``) compiled, and those loaded.

    Examples
    --------
    >>> compiled, loaded = compiled_here()
    >>> isinstance(compiled, tuple) and isinstance(loaded, tuple)
    True
    """
    ds = kernel_dispatchers()
    compiled = tuple(sorted(k for k, d in ds.items() if sum(d._cache_misses.values())))  # type: ignore[attr-defined]
    loaded = tuple(sorted(k for k, d in ds.items() if sum(d._cache_hits.values())))  # type: ignore[attr-defined]
    return compiled, loaded


def compile_kernels(on_step: Callable[[str, int, int], None] | None = None) -> CompileReport:
    """Compile (or load from numba's disk cache) every numba kernel gamekit's solvers call.

    Solves a fixed set of small games with each compiled strategy named explicitly (see
    the module docstring), so numba compiles each kernel for the argument types the
    solvers use and stores it in its disk cache; later processes load it (no compilation).
    Takes about a minute of CPU on an empty cache, about a second on a warm one.

    Parameters
    ----------
    on_step : callable, optional
        Called as ``on_step(description, k, total)`` before step k (0-based) of ``total``
        (a progress bar).

    Returns
    -------
    CompileReport
        The steps run, the kernels compiled and those loaded from numba's cache.

    Raises
    ------
    CertificationError
        If a solver fails its exact check on one of the games (an internal error).

    Examples
    --------
    >>> report = compile_kernels()  # doctest: +SKIP
    >>> compile_kernels().compiled  # doctest: +SKIP
    ()
    """
    steps = _steps()
    for k, (label, run) in enumerate(steps):
        if on_step is not None:
            on_step(label, k, len(steps))
        run()
    return CompileReport(tuple(label for label, _ in steps), *compiled_here())
