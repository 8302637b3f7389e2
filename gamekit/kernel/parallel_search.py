"""Steps 1–3 of :mod:`gamekit.kernel.certified_polytope` for one polytope on several threads.

The reverse-search tree (:mod:`gamekit.kernel.reverse_search`) splits into independent
subtrees, shared out as in mplrs (Avis & Jordan, *mplrs: a scalable parallel vertex/facet
enumeration code*, Math. Prog. Comput. 10 (2018)): the main thread searches the tree down
to depth ``FRONTIER_DEPTH`` (the *prefix*; its bases at that depth, the *frontier*, are
queued as jobs, not expanded). Worker threads take jobs (a basis whose subtree is to be
searched) from a shared queue; when a worker waits for work, a busy worker donates half of
the unexplored children of every level of its stack between two chunks. Every worker keeps its own arrays, starting as a copy of the prefix: a job
basis found by another worker is adopted together with its chain of ancestors, so each
worker's bases form a tree rooted at the slack basis with ``parent[i] < i``, which the
worker then checks exactly (:func:`gamekit.kernel.modular_verify.verify_tree`; the
compiled kernels release the GIL). The main thread merges the bases — the prefix once,
then each worker's own bases without the adopted ancestors and without the donated bases
it did not expand itself — into one hash table and runs the closure certificate on the
union: the same three steps and the same proof of completeness. Nothing here is trusted
either: a basis found twice after a misjudged float tie is merely stored twice, a basis
nobody expanded fails the certificate.
"""

from __future__ import annotations

import threading
from collections import deque

import numpy as np

from gamekit.kernel.search_state import (
    NO_NEIGHBOUR,
    FloatSearchFailed,
    SearchArrays,
    append_basis,
    new_stack,
)

__all__ = ["FRONTIER_DEPTH", "parallel_bases", "search_prefix"]

FRONTIER_DEPTH = 3
"""Depth of the frontier: bases there are the first jobs."""

class _Halt(Exception):
    """Another worker stopped (budget, float trouble or an error): stop at the next chunk."""


class _Pool:
    """The job queue: (owner worker or -1 for the prefix, basis index in its arrays)."""

    def __init__(self, frontier: list[int]) -> None:
        self.jobs = deque((-1, f) for f in frontier)
        self.cv = threading.Condition()
        self.active = 0
        self.waiting = 0
        self.stop = False
        self.cancelled = False

    def get(self):
        with self.cv:
            while True:
                if self.stop:
                    return None
                if self.jobs:
                    self.active += 1
                    return self.jobs.popleft()
                if self.active == 0:
                    self.cv.notify_all()
                    return None
                self.waiting += 1
                self.cv.wait(0.05)
                self.waiting -= 1

    def done(self) -> None:
        with self.cv:
            self.active -= 1
            self.cv.notify_all()

    def put(self, items: list) -> None:
        with self.cv:
            self.jobs.extend(items)
            self.cv.notify_all()

    def hungry(self) -> bool:
        return self.waiting > 0 and not self.jobs

    def halt(self) -> None:
        with self.cv:
            self.stop = True
            self.cv.notify_all()


def search_prefix(M, max_bases, deadline, progress, depth: int = FRONTIER_DEPTH):
    """The prefix of the reverse search, down to ``depth`` (the bases there, the *frontier*,
    are recorded but not expanded): (R, search parameters, arrays, count, frontier, why),
    ``why`` the budget that stopped it ('' if none). The main thread's part here, the
    client's in :mod:`gamekit.kernel.distributed_search`. Raises FloatSearchFailed on
    float trouble."""
    from gamekit.kernel.reverse_search import Params, rs_init
    from gamekit.kernel.search_driver import TOL, RSRun, setup

    R, arrays = setup(M, max_bases)
    k, d = len(M), len(M[0])
    run = RSRun(R, Params(d, TOL, maxdepth=depth), arrays, new_stack(depth + 1, k, d))
    rs_init(R, run.params, arrays, run.stack)
    why = run.run(0, 1, max_bases, deadline, progress)
    return R, Params(d, TOL), run.arrays, run.count, run.front.nodes[: run.front.size[0]].tolist(), why


class _Worker:
    """One thread: searches the subtrees of jobs, donates work, then checks its tree exactly."""

    def __init__(self, R, params, arrays: SearchArrays, count0: int, shared: list, slot: int, pool: _Pool) -> None:
        from gamekit.kernel.search_driver import RSRun

        self.R, self.params, self.count0 = R, params, count0
        copy = SearchArrays(*(a.copy() for a in arrays))
        self.run: RSRun | None = RSRun(R, params, copy, new_stack(64, R.shape[0], params.d), total=self.total)
        self.run.hook = self.donate
        self.shared, self.slot, self.pool = shared, slot, pool
        self.count, self.why, self.bad = count0, "", -1
        self.labels = np.zeros((0, 2), np.uint64)  # the exact labels of its bases, after verify()
        self.copies: list[int] = []  # adopted ancestors (expanded by their owner)
        self.workers: list[_Worker] = []
        self.error: BaseException | None = None  # a bug (not float trouble): re-raised by the main thread

    @property
    def arrays(self) -> SearchArrays:
        """This worker's arrays: those of its run (grown by the run, read by adopters)."""
        assert self.run is not None
        return self.run.arrays

    @arrays.setter
    def arrays(self, arrays: SearchArrays) -> None:
        assert self.run is not None
        self.run.arrays = arrays

    def total(self, count: int) -> int:
        self.shared[self.slot] = count - self.count0
        return self.count0 + sum(self.shared)

    def donate(self, run, top: int, count: int) -> int:
        """Between chunks: if a worker waits, queue half of the unexplored children of every
        stack level (inserted here, expanded by whoever takes them)."""
        from gamekit.kernel.float_search import flip

        if self.pool.stop:
            raise _Halt
        if not self.pool.hungry():
            return count
        _, _, basics, node, kidc, kidr, nkid, nxt = run.stack
        jobs: list[tuple[int, int]] = []
        for s in range(top + 1):  # half of the unexplored children of every level
            rem = int(nkid[s] - nxt[s])
            if rem <= 0 or (rem == 1 and jobs):
                continue
            first = int(nkid[s]) - max(1, rem // 2)
            for t in range(first, int(nkid[s])):
                p, c, u = int(node[s]), int(kidc[s, t]), int(basics[s, kidr[s, t]])
                lo, hi = flip(run.arrays.lo[p], run.arrays.hi[p], u)
                lo, hi = flip(lo, hi, c)
                run.arrays, j = append_basis(run.arrays, count, lo, hi, p, c, u)
                if j == count:
                    jobs.append((self.slot, count))
                    count += 1
            nkid[s] = first
        self.pool.put(jobs)
        return count

    def adopt(self, owner: _Worker, i: int) -> int:
        """Copy basis i of ``owner`` and its ancestors outside the prefix; its new index
        (-1 if this worker has the basis already)."""
        ost = owner.arrays
        chain = []
        while i >= self.count0:
            chain.append(i)
            i = int(ost.parent[i])
        where: dict[int, int] = {}
        for x in reversed(chain):
            par = int(ost.parent[x])
            self.arrays, j = append_basis(self.arrays, self.count, ost.lo[x], ost.hi[x], where.get(par, par), ost.enter[x],
                                     ost.leave[x])
            if j != self.count:
                if x == chain[0]:
                    return -1
                where[x] = j
                continue
            where[x] = j
            if x != chain[0]:
                self.arrays.nbr[j] = ost.nbr[x]
                self.copies.append(j)
            self.count += 1
        return where[chain[0]]

    def search(self, max_bases, deadline, progress) -> None:
        from gamekit.kernel.reverse_search import rs_start

        run = self.run
        assert run is not None
        while (job := self.pool.get()) is not None:
            owner, i = job
            if owner >= 0 and owner != self.slot:
                i = self.adopt(self.workers[owner], i)
            if i >= 0:
                try:
                    rs_start(self.R, self.params, self.arrays, i, run.stack)
                    self.why = run.run(0, self.count, max_bases, deadline, progress)
                except FloatSearchFailed:
                    self.why = "float"
                self.count = max(run.count, self.count0)  # a budget cut keeps the prefix
            self.pool.done()
            if self.why:
                self.pool.halt()
                return

    def verify(self, Mres, primes, limit: int, logs) -> None:
        """Step 2 on this worker's tree (after a time stop only its first ``limit`` own
        bases, to keep the exact check short too); ``logs``: the column bounds
        (:func:`gamekit.kernel.modular_verify.column_logs`)."""
        from gamekit.kernel.modular_verify import verify_tree

        ps, inv, half = primes
        if self.why == "seconds":
            self.count = min(self.count, self.count0 + limit)
        a, c = self.arrays, self.count
        self.labels = np.zeros((c, 2), np.uint64)
        self.bad = verify_tree(Mres, ps, inv, half, a.parent[:c], a.enter[:c], a.leave[:c], c, a.lo, a.hi, self.labels,
                               logs)

    def __call__(self, max_bases, deadline, progress, Mres, primes, limit, logs) -> None:
        try:
            self.search(max_bases, deadline, progress)
        except _Halt:
            self.why = self.why or "halted"
        except BaseException as exc:  # a bug, or the caller's progress callback cancelling
            self.error, self.why = exc, "error"
            self.pool.halt()
            return
        if self.why != "float" and not self.pool.cancelled:
            self.verify(Mres, primes, limit, logs)


def _own_rows(w: _Worker, count0: int, complete: bool) -> np.ndarray:
    """This worker's bases in the union: not the adopted ancestors; for a complete search not
    the donated bases it did not expand (their row of ``nbr`` is unfilled: 255)."""
    keep = np.ones(w.count - count0, bool)
    keep[np.array(w.copies, np.int64) - count0] = False
    if complete:
        keep &= w.arrays.nbr[count0:w.count, 0] != NO_NEIGHBOUR
    return np.nonzero(keep)[0] + count0


def _merge(workers: list[_Worker], count0: int, complete: bool, drop: int = 0) -> tuple[np.ndarray, ...]:
    """(lo, hi, nbr, labels, table) of the union: the prefix once (the frontier rows of
    ``nbr`` from the worker that expanded them: unfilled rows hold 255), then each
    worker's own bases (:func:`_own_rows`)."""
    from gamekit.kernel.float_search import rehash

    first = workers[0]
    nbr0 = first.arrays.nbr[:count0].copy()
    for w in workers[1:]:
        np.minimum(nbr0, w.arrays.nbr[:count0], out=nbr0)
    parts = [(first.arrays.lo[:count0].copy(), first.arrays.hi[:count0].copy(), nbr0, first.labels[:count0].copy())]
    for w in workers:
        rows = _own_rows(w, count0, complete)
        parts.append((w.arrays.lo[rows], w.arrays.hi[rows], w.arrays.nbr[rows], w.labels[rows]))
    for w in workers:  # the copies above are all that is needed: free the workers' arrays
        w.run, w.labels = None, np.zeros((0, 2), np.uint64)
    lo, hi, nbr, labels = (np.concatenate([p[t] for p in parts]) for t in range(4))
    del parts
    if drop:
        keep = max(1, len(lo) - drop)
        lo, hi, nbr, labels = lo[:keep], hi[:keep], nbr[:keep], labels[:keep]
    table = np.full(1 << (4 * len(lo) - 1).bit_length(), -1, np.int32)
    rehash(table, lo, hi, len(lo))
    return lo, hi, nbr, labels, table


def parallel_bases(M, Mres, primes, max_bases, deadline, progress, threads: int = 2, limit: int = 1 << 62,
                   drop: int = 0, frontier_depth: int = FRONTIER_DEPTH):
    """(lo, hi, labels, complete, stopped) of the certified bases, or None when the float
    search failed (:class:`gamekit.kernel.search_state.FloatSearchFailed` in any thread)
    or an exact check failed (see the module docstring). ``limit``: bases each worker
    checks after a time stop; ``drop`` (testing): bases removed before step 3. Any other
    error in a worker thread (a bug) is re-raised here."""
    from gamekit.kernel.modular_verify import closure_certificate, column_logs

    k, d = len(M), len(M[0])
    logs = column_logs(M)
    try:
        R, params, arrays, count0, frontier, why = search_prefix(M, max_bases, deadline, progress, frontier_depth)
    except FloatSearchFailed:
        return None
    pool = _Pool([] if why else frontier)
    shared = [0] * threads
    workers = [_Worker(R, params, arrays, count0, shared, t, pool) for t in range(threads)]
    for w in workers:
        w.workers = workers
    pool_threads = [threading.Thread(target=w, args=(max_bases, deadline, progress, Mres, primes, limit, logs))
                    for w in workers]
    for t in pool_threads:
        t.start()
    try:
        for t in pool_threads:
            t.join()
    except BaseException:  # e.g. KeyboardInterrupt: the workers stop at their next chunk
        pool.cancelled = True
        pool.halt()
        raise
    error = next((w.error for w in workers if w.error is not None), None)
    if error is not None:
        raise error
    if any(w.why == "float" or w.bad >= 0 for w in workers):
        return None
    stopped = why or next((w.why for w in workers if w.why not in ("", "halted")), "")
    lo, hi, nbr, labels, table = _merge(workers, count0, not stopped, drop)
    if stopped == "bases" and len(lo) > max_bases:  # the workers checked the budget apart
        lo, hi, labels = lo[:max_bases], hi[:max_bases], labels[:max_bases]
    complete = not stopped and bool(closure_certificate(lo, hi, nbr, table, len(lo), d, d + k))
    if not complete and not stopped:
        return None
    return lo, hi, labels, complete, stopped
