"""Steps 1–3 of :mod:`gamekit.kernel.certified_polytope` for one polytope on several threads.

The reverse-search tree (:mod:`gamekit.kernel.reverse_search`) splits into independent
subtrees: the main thread searches the tree down to depth ``FRONTIER_DEPTH`` (the
*prefix*, whose bases at that depth — the *frontier* — are recorded, not expanded), then
each worker thread takes frontier bases one at a time from a shared queue (dynamic load
balance) and searches their subtrees in its own copy of the prefix's arrays (so its bases
form a tree rooted at the slack basis with ``parent[i] < i``), and checks its tree exactly
(:func:`gamekit.kernel.modular_verify.verify_tree`; the compiled kernels release the GIL).
The main thread then merges the bases (the prefix once, then each worker's own) into one
hash table and runs the closure certificate on the union — the same three steps, the same
proof of completeness: nothing here is trusted either (a basis found by two workers after
a misjudged float tie is merely stored twice; a missed one fails the certificate).
"""

from __future__ import annotations

import threading

import numpy as np

__all__ = ["FRONTIER_DEPTH", "parallel_bases"]

FRONTIER_DEPTH = 3
"""Depth of the frontier: bases there are the roots of the subtrees shared out."""

_KEYS = ("lo", "hi", "parent", "enter", "leave", "nbr")


def _prefix(M, max_bases, deadline, progress):
    """The main thread's part: (R, arrays, count, frontier, why)."""
    from gamekit.kernel.certified_polytope import _TOL, RSRun, _new_stack, _setup
    from gamekit.kernel.reverse_search import rs_init

    R, st = _setup(M, max_bases)
    k, d = len(M), len(M[0])
    run = RSRun(R, d, st, _new_stack(FRONTIER_DEPTH + 1, k, d), maxdepth=FRONTIER_DEPTH)
    if rs_init(R, d, st["nbr"], *run.stack, _TOL) != 0:
        return R, st, 1, [], "float"
    why = run.run(0, 1, max_bases, deadline, progress)
    return R, run.st, run.count, run.frontier[: run.nfront[0]].tolist(), why


class _Worker:
    """One thread: subtrees of frontier bases from the shared ``jobs``, then the exact check."""

    def __init__(self, R, d: int, k: int, st: dict, count0: int, shared: list, slot: int) -> None:
        self.st = {key: st[key].copy() for key in (*_KEYS, "table")}
        self.R, self.d, self.k, self.count0 = R, d, k, count0
        self.shared, self.slot = shared, slot
        self.count, self.why, self.labels, self.bad = count0, "", None, -1

    def total(self, count: int) -> int:
        self.shared[self.slot] = count - self.count0
        return self.count0 + sum(self.shared)

    def search(self, jobs, max_bases, deadline, progress) -> None:
        from gamekit.kernel.certified_polytope import _TOL, RSRun, _new_stack
        from gamekit.kernel.reverse_search import rs_start

        run = RSRun(self.R, self.d, self.st, _new_stack(64, self.k, self.d), total=self.total)
        run.count = self.count
        for f in jobs:
            if rs_start(self.R, self.d, run.st["lo"], run.st["hi"], f, run.st["nbr"], *run.stack, _TOL) != 0:
                self.why = "float"
                return
            self.why = run.run(0, run.count, max_bases, deadline, progress)
            self.st, self.count = run.st, run.count
            if self.why:
                return

    def verify(self, Mres, primes, limit: int) -> None:
        """Step 2 on this worker's tree (after a time stop only its first ``limit`` own
        bases, to keep the exact check short too)."""
        from gamekit.kernel.modular_verify import verify_tree

        ps, inv, half = primes
        if self.why == "seconds":
            self.count = min(self.count, self.count0 + limit)
        st, c = self.st, self.count
        self.labels = np.zeros((c, 2), np.uint64)
        self.bad = verify_tree(Mres, ps, inv, half, st["parent"][:c], st["enter"][:c], st["leave"][:c], c,
                               st["lo"], st["hi"], self.labels)

    def __call__(self, jobs, max_bases, deadline, progress, Mres, primes, limit) -> None:
        try:
            self.search(jobs, max_bases, deadline, progress)
            if self.why != "float":
                self.verify(Mres, primes, limit)
        except Exception:  # e.g. the caller's progress callback cancelling: no result
            self.why = "float"


def _merge(workers: list[_Worker], count0: int, d: int, drop: int = 0) -> tuple[np.ndarray, ...]:
    """(lo, hi, nbr, labels, table) of the union: the prefix once (the frontier rows of
    ``nbr`` from the worker that expanded them: unfilled rows hold 255), then each
    worker's own bases."""
    from gamekit.kernel.float_search import rehash

    first = workers[0]
    nbr0 = first.st["nbr"][:count0].copy()
    for w in workers[1:]:
        np.minimum(nbr0, w.st["nbr"][:count0], out=nbr0)
    parts = [(first.st["lo"][:count0], first.st["hi"][:count0], nbr0, first.labels[:count0])]
    parts += [(w.st["lo"][count0:w.count], w.st["hi"][count0:w.count], w.st["nbr"][count0:w.count],
               w.labels[count0:w.count]) for w in workers]
    lo, hi, nbr, labels = (np.concatenate([p[t] for p in parts]) for t in range(4))
    if drop:
        keep = max(1, len(lo) - drop)
        lo, hi, nbr, labels = lo[:keep], hi[:keep], nbr[:keep], labels[:keep]
    table = np.full(1 << (4 * len(lo) - 1).bit_length(), -1, np.int32)
    rehash(table, lo, hi, len(lo))
    return lo, hi, nbr, labels, table


def parallel_bases(M, Mres, primes, max_bases, deadline, progress, threads: int = 2, limit: int = 1 << 62,
                   drop: int = 0):
    """(lo, hi, labels, complete, stopped) of the certified bases, or None on float
    trouble or a failed exact check (see the module docstring). ``limit``: bases each
    worker checks after a time stop; ``drop`` (testing): bases removed before step 3."""
    from gamekit.kernel.modular_verify import closure_certificate

    k, d = len(M), len(M[0])
    R, st, count0, frontier, why = _prefix(M, max_bases, deadline, progress)
    if why == "float":
        return None
    jobs = iter(frontier) if not why else iter(())
    lock = threading.Lock()

    def take():
        while True:
            with lock:
                f = next(jobs, None)
            if f is None:
                return
            yield f

    shared = [0] * threads
    workers = [_Worker(R, d, k, st, count0, shared, t) for t in range(threads)]
    pool = [threading.Thread(target=w, args=(take(), max_bases, deadline, progress, Mres, primes, limit))
            for w in workers]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    if any(w.why == "float" or w.bad >= 0 for w in workers):
        return None
    stopped = why or next((w.why for w in workers if w.why), "")
    lo, hi, nbr, labels, table = _merge(workers, count0, d, drop)
    complete = not stopped and bool(closure_certificate(lo, hi, nbr, table, len(lo), d, d + k))
    if not complete and not stopped:
        return None
    return lo, hi, labels, complete, stopped
