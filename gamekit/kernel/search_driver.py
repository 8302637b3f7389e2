"""Step 1 of :mod:`gamekit.kernel.certified_polytope`, the float search, driven from Python.

The compiled kernels (:func:`gamekit.kernel.reverse_search.rs_chunk`,
:func:`gamekit.kernel.float_search.bfs_chunk`) run in resumable chunks; the drivers here
grow the arrays (:mod:`gamekit.kernel.search_state`) when a kernel asks for room, adapt the
chunk length to about ``CHUNK_SECONDS``, report progress and check the budgets between
chunks. Where the float search gives up (a singular float basis, a column without positive
entry) a driver raises :class:`gamekit.kernel.search_state.FloatSearchFailed`; nothing else
is turned into "use the exact search". This module imports numba (through the kernels)
only when a search runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np

from gamekit.kernel.search_state import (
    FloatSearchFailed,
    Frontier,
    SearchArrays,
    Stack,
    Status,
    grow_frontier,
    grow_stack,
    make_room,
    new_arrays,
    new_stack,
)

__all__ = ["TOL", "CHUNK_SECONDS", "FoundBases", "setup", "stopped", "reverse_search", "RSRun"]

CHUNK_SECONDS = 0.05
"""The float search returns to Python about this often (budgets, progress)."""
TOL = 1e-9
"""Relative tolerance of the float ratio tests and reduced-cost signs."""

FoundBases = tuple[SearchArrays, int, str]
"""(arrays, number of bases, '' | 'bases' | 'seconds'): the result of a float search."""

Progress = Callable[[int, int], None] | None
Chunk = Callable[..., tuple[int, int, Status]]


def setup(M: Sequence[Sequence[int]], max_bases: int | None) -> tuple[np.ndarray, SearchArrays]:
    """The float matrix ``R = [M/max M | I | 1]`` and the search arrays holding basis 0,
    the slack basis (scaling M by a positive number does not change the bases)."""
    from gamekit.kernel.float_search import rehash

    k, d = len(M), len(M[0])
    A = np.array(M, dtype=np.float64)
    A /= A.max()
    R = np.hstack([A, np.eye(k), np.ones((k, 1))])
    cap = 1024 if max_bases is None else max(2, min(1024, max_bases + d + 1))
    arrays = new_arrays(k, d, cap)
    rehash(arrays.table, arrays.lo, arrays.hi, 1)
    return R, arrays


class _Chunks:
    """Adapts the number of steps per compiled call to about ``CHUNK_SECONDS``."""

    def __init__(self) -> None:
        self.steps = 8

    def __enter__(self) -> _Chunks:
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.dt = time.perf_counter() - self.t0

    def adapt(self, done: int) -> None:
        dt = self.dt
        if done > 0 and dt > 0:
            self.steps = max(1, min(1 << 20, int(done * CHUNK_SECONDS / dt)))


def stopped(count: int, max_bases: int | None, deadline: float | None) -> str:
    """The budget that ``count`` bases at this time exceed: 'bases', 'seconds' or ''."""
    if max_bases is not None and count >= max_bases:
        return "bases"
    if deadline is not None and time.perf_counter() > deadline:
        return "seconds"
    return ""


def reverse_search(M, max_bases: int | None, deadline: float | None, progress: Progress,
                   chunk: Chunk | None = None, levels: int = 64) -> FoundBases:
    """Step 1 by reverse search (:mod:`gamekit.kernel.reverse_search`): an explicit stack
    of one tableau per depth level (``levels`` at first), grown on demand; resumable
    chunks as for the BFS. ``chunk``: the compiled chunk (default
    :func:`gamekit.kernel.reverse_search.rs_chunk`; tests pass a failing one). Raises
    :class:`FloatSearchFailed` on float trouble."""
    from gamekit.kernel.reverse_search import Params, rs_init

    R, arrays = setup(M, max_bases)
    k, d = len(M), len(M[0])
    run = RSRun(R, Params(d, TOL), arrays, new_stack(levels, k, d), chunk=chunk)
    rs_init(R, run.params, arrays, run.stack)
    why = run.run(0, 1, max_bases, deadline, progress)
    return run.arrays, run.count, why


class RSRun:
    """The resumable driver of :func:`gamekit.kernel.reverse_search.rs_chunk`: grows the
    arrays, the stack and the frontier on request, adapts the chunk length, checks the
    budgets between chunks. ``total`` maps this run's count to the count that the budget
    ``max_bases`` applies to (several runs may share one budget)."""

    def __init__(self, R: np.ndarray, params, arrays: SearchArrays, stack: Stack,
                 total: Callable[[int], int] | None = None, chunk: Chunk | None = None) -> None:
        from gamekit.kernel.reverse_search import rs_chunk

        self.R, self.params, self.arrays, self.stack = R, params, arrays, stack
        self.front = Frontier(np.zeros(64 if params.maxdepth > 0 else 1, np.int64), np.zeros(1, np.int64))
        self.total = total or (lambda c: c)
        self.count = 0
        self.ch = _Chunks()
        self.chunk = chunk or rs_chunk
        self.hook: Callable[[RSRun, int, int], int] | None = None  # called between chunks: count = hook(run, top, count)

    def run(self, top: int, count: int, max_bases: int | None, deadline: float | None, progress: Progress) -> str:
        """Search from the stack (levels 0..top) until done or stopped: '' | 'bases' |
        'seconds'; raises :class:`FloatSearchFailed` on float trouble. ``self.count`` is
        the number of bases afterwards."""
        ch = self.ch
        while True:
            c0 = count
            steps = ch.steps if max_bases is None else max(1, min(ch.steps, max_bases - self.total(count) + 1))
            with ch:
                top, count, status = self.chunk(self.R, self.params, self.arrays, self.stack, self.front, count, top,
                                                steps)
            ch.adapt(count - c0)
            self.count = count
            if status == Status.FLOAT_TROUBLE:
                raise FloatSearchFailed("a singular float basis or a column without positive entry")
            if progress is not None:
                progress(self.total(count), self.total(count))
            if status == Status.DONE and top < 0:
                return ""
            if self.hook is not None:
                count = self.count = self.hook(self, top, count)
            why = stopped(self.total(count), max_bases, deadline)
            if why:
                if why == "bases" and max_bases is not None:
                    self.count = max(1, count - max(0, self.total(count) - max_bases))
                return why
            if status == Status.ARRAYS_FULL:
                self.arrays = make_room(self.arrays, count, 1)
            elif status == Status.STACK_FULL:
                self.stack = grow_stack(self.stack, 2 * self.stack.Ts.shape[0])
            elif status == Status.FRONTIER_FULL:
                self.front = grow_frontier(self.front)
