"""Steps 1–3 of :mod:`gamekit.kernel.certified_polytope` for one polytope on a Dask cluster.

The scheme of mplrs (Avis & Jordan, *mplrs: a scalable parallel vertex/facet enumeration
code*, Math. Prog. Comput. 10 (2018)) with the client as master, the same as the threads of
:mod:`gamekit.kernel.parallel_search` but across processes and machines:

* **Split.** The client searches the reverse-search tree (:mod:`gamekit.kernel.reverse_search`)
  down to the shallowest depth whose frontier gives :data:`JOBS_PER_THREAD` jobs per worker
  thread (:func:`gamekit.kernel.parallel_search.search_prefix`) and checks that prefix
  exactly itself. A *job* is a list of subtree roots, each a *chain*: the (entering,
  leaving) pivots from the slack basis to the root. The integer matrix is scattered to
  every worker once.
* **Workers** (:func:`run_job`). A worker rebuilds each root from its chain, searches its
  subtree in floats with a budget of ``job_bases`` bases (mplrs's ``-maxnodes``), and when
  the budget is hit hands the unexplored children of its stack back as new chains (the
  client submits them again: load balancing). It checks its bases exactly
  (:func:`gamekit.kernel.modular_verify.verify_tree` on its tree, the chains' ancestors
  included, so that the tree is rooted at the slack basis), runs the closure check on its
  own bases (:func:`local_queries`: every neighbour found among them is settled there)
  and returns only what the client needs: masks, exact labels and the neighbours it did
  not find — 32 bytes per basis plus 16 per unresolved neighbour. Given the partner
  matrix (``one_sided``), it also runs the partner filter
  (:func:`gamekit.kernel.partner_filter.partner_status`) on its vertices and returns one
  status byte per basis, so that the client solves exactly only the candidates.
* **Merge: the split certificate.** The client puts every returned basis into one table
  (the union 𝓤) and looks up there the neighbours that the workers and its own prefix
  left unresolved (:func:`gamekit.kernel.modular_verify.all_present`). A job whose result
  is lost leaves bases whose neighbours are missing, so the certificate fails and the
  caller falls back to the exact search; a job whose task raised (e.g. its worker died)
  is resubmitted up to :data:`MAX_RESUBMIT` times. Nothing a worker's float search
  decides is trusted.

*Why the split certificate is the certificate of one process.* The single certificate
(:func:`gamekit.kernel.modular_verify.closure_certificate` on 𝓤, as in one process) holds
iff for every B ∈ 𝓤 and every nonbasic c of B the structural checks pass (u = nbr[B, c]
is basic in B; B has d nonbasic variables) and the key ``K = B − u + c`` is in 𝓤; with
that and every B ∈ 𝓤 exactly lexico-feasible, 𝓤 is closed under adjacency and is every
lexico-feasible basis (Balinski; :mod:`gamekit.kernel.certified_polytope`). 𝓤 is the
union of the parts the client merged: its prefix and the result of every job it kept
(a chain's ancestors are returned by no job). For B in part P the same compiled loop
(:func:`gamekit.kernel.modular_verify.closure_misses`, of which ``closure_certificate``
is the case with no miss allowed) runs the structural checks and looks K up in a table of
P's own bases — the same exact comparison of masks as a lookup in 𝓤's table — and
passes K on only when K ∉ P; a structural failure fails the search. Since P ⊆ 𝓤,
"K ∈ P" implies "K ∈ 𝓤", and every K ∉ P is looked up in 𝓤 by the client: each (B, c)
ends with "K ∈ 𝓤" checked exactly, or the certificate fails — the split certificate
holds iff the single one does, pair for pair. A lost or dropped job contributes neither
its bases nor its claims, so the neighbours pointing into its subtree are misses of the
other parts that the union lacks: the certificate fails.

dask is imported only here and only when a cluster is given (:func:`connect`); importing
this module imports neither dask nor numba.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gamekit.core.errors import GameError
from gamekit.kernel.search_state import (
    NO_NEIGHBOUR,
    FloatSearchFailed,
    SearchArrays,
    append_basis,
    new_stack,
)

__all__ = ["JOB_BASES", "JOBS_PER_THREAD", "CONNECT_TIMEOUT", "MAX_RESUBMIT", "MISS_CACHE", "ClusterReport",
           "SearchProblem", "JobResult", "connect", "run_job", "local_queries", "distributed_bases",
           "partner_statuses"]

JOB_BASES = 1 << 15
"""Budget of one job, in bases (mplrs's ``-maxnodes``): ≈ 0.1 s of search and exact check
at n = 16…20, so the scheduler's ≈ 1 ms per task stays near 1 %."""
JOBS_PER_THREAD = 4
"""The prefix is searched down to the first depth with this many frontier bases per worker thread."""
MAX_FRONTIER_DEPTH = 16
"""The prefix stops deepening here even with fewer frontier bases (a thin tree)."""
CONNECT_TIMEOUT = 30.0
"""Seconds to reach a scheduler given by address (dask retries a refused connection until
then: the scheduler may be starting), and to wait for its first worker."""
MAX_RESUBMIT = 2
"""A job whose task raised is submitted again this many times before the error propagates."""
MISS_CACHE = 1 << 15
"""Slots of the direct-mapped cache of recent misses with which a job's check of its own
neighbours skips a key it has just asked for (half the keys are repeats, mostly close
together in the search's order)."""

Chain = np.ndarray
"""The (entering, leaving) pivots from the slack basis to a subtree root: shape (L, 2), uint8."""


@dataclass(frozen=True)
class SearchProblem:
    """What every worker needs, scattered once: the positive integer matrix ``M`` (k×d,
    as nested lists of Python integers), its residues ``Mres``, the verification primes
    (``primes``, ``inv``, ``half``: :func:`gamekit.kernel.modular_verify.choose_primes`)
    and, for the partner filter, the other polytope's matrix N (d×k, float64, integers
    below 2⁵³) or None."""

    M: Sequence[Sequence[int]]
    Mres: np.ndarray
    primes: np.ndarray
    inv: np.ndarray
    half: np.ndarray
    partner: np.ndarray | None = None


@dataclass(frozen=True)
class JobResult:
    """A job's answer: its own bases (masks ``lo``/``hi``, exact ``labels``, partner-filter
    ``status``, empty without a partner matrix; the chains' ancestors excluded), the masks
    ``qlo``/``qhi`` of the neighbours of its bases that are not among them
    (:func:`local_queries`), the chains it did not search (``jobs``), ``failed`` ('' |
    'float': the float search gave up | 'exact': a basis failed the exact check |
    'closure': a structural check of the closure failed) and the ``worker`` that ran it."""

    lo: np.ndarray
    hi: np.ndarray
    labels: np.ndarray
    status: np.ndarray
    qlo: np.ndarray
    qhi: np.ndarray
    jobs: list[Chain]
    failed: str = ""
    worker: str = ""


@dataclass
class ClusterReport:
    """What ran on the cluster (``parameters["cluster"]`` of a solve; summed over the
    polytopes searched): worker processes and threads, jobs run, jobs that hit their budget
    and handed subtrees back (``split``), tasks resubmitted after an error, the frontier
    depth and job budget, the bases the client found itself (the prefix) and those of each
    worker (by address)."""

    scheduler: str = ""
    workers: int = 0
    threads: int = 0
    jobs: int = 0
    split: int = 0
    resubmitted: int = 0
    frontier_depth: int = 0
    job_bases: int = 0
    client_bases: int = 0
    bases_per_worker: dict[str, int] = field(default_factory=dict)
    queries: int = 0
    merge_cpu: float = 0.0

    def merged(self, other: ClusterReport | None) -> ClusterReport:
        """The sum of two reports (two polytopes searched on the same cluster).

        Examples
        --------
        >>> a = ClusterReport("tcp://h:1", 2, 2, jobs=5, client_bases=7, bases_per_worker={"w1": 10})
        >>> b = ClusterReport("tcp://h:1", 2, 2, jobs=3, client_bases=1, bases_per_worker={"w1": 1, "w2": 4})
        >>> m = a.merged(b)
        >>> m.jobs, m.client_bases, m.bases_per_worker
        (8, 8, {'w1': 11, 'w2': 4})
        """
        if other is None:
            return self
        per = Counter(self.bases_per_worker)
        per.update(other.bases_per_worker)
        return ClusterReport(self.scheduler, max(self.workers, other.workers), max(self.threads, other.threads),
                             self.jobs + other.jobs, self.split + other.split, self.resubmitted + other.resubmitted,
                             max(self.frontier_depth, other.frontier_depth), self.job_bases,
                             self.client_bases + other.client_bases, dict(sorted(per.items())),
                             self.queries + other.queries, self.merge_cpu + other.merge_cpu)

    def as_dict(self) -> dict[str, Any]:
        """The report as plain data (JSON: docs/json.md)."""
        return {"scheduler": self.scheduler, "workers": self.workers, "threads": self.threads, "jobs": self.jobs,
                "split": self.split, "resubmitted": self.resubmitted, "frontier_depth": self.frontier_depth,
                "job_bases": self.job_bases, "client_bases": self.client_bases,
                "bases_per_worker": dict(self.bases_per_worker), "queries": self.queries,
                "merge_cpu": round(self.merge_cpu, 4)}


@contextmanager
def connect(cluster: Any, timeout: float = CONNECT_TIMEOUT) -> Iterator[Any]:
    """A ``distributed.Client`` for ``cluster``: the client itself, or one connected to the
    scheduler address ``cluster`` (a string such as ``"tcp://host:8786"``) and closed on
    exit; None for None (this process).

    Parameters
    ----------
    cluster : distributed.Client, str or None
        The cluster.
    timeout : float
        Seconds to wait for the scheduler (an address only).

    Returns
    -------
    contextlib.AbstractContextManager
        Yields the client (or None).

    Raises
    ------
    GameError
        dask.distributed is not installed, ``cluster`` is neither a client nor an address,
        or the scheduler cannot be reached within ``timeout`` seconds.

    Examples
    --------
    >>> with connect(None) as client:
    ...     print(client)
    None
    """
    if cluster is None:
        yield None
        return
    try:
        from distributed import Client
    except ImportError:
        raise GameError("a cluster needs dask.distributed: pip install 'gamekit[dask]'") from None
    if isinstance(cluster, Client):
        yield cluster
        return
    if not isinstance(cluster, str) or not cluster.strip():
        raise GameError(f"cluster must be a distributed.Client or a scheduler address such as "
                        f"'tcp://host:8786', got {cluster!r}")
    try:  # reach the scheduler first: a Client whose connection failed waits 2 × timeout when collected
        _probe(cluster, timeout)
        client = Client(cluster, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise GameError(f"cannot connect to the Dask scheduler at {cluster!r}: {why}") from None
    try:
        yield client
    finally:
        client.close()


def _probe(address: str, timeout: float) -> None:
    """Open and close one connection to ``address`` (OSError or ValueError if impossible)."""
    import asyncio

    from distributed.comm import connect as open_comm

    async def touch() -> None:
        comm = await open_comm(address, timeout=timeout)
        await comm.close()

    asyncio.run(touch())


def _threads(client: Any) -> tuple[int, int]:
    """(worker processes, threads) of the cluster, after waiting for a first worker."""
    workers = client.scheduler_info().get("workers", {})
    if not workers:
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise GameError(f"the Dask cluster at {client.scheduler.address} has no worker "
                            f"(waited {CONNECT_TIMEOUT:g} s)") from exc
        workers = client.scheduler_info().get("workers", {})
    return len(workers), sum(int(w.get("nthreads", 1)) for w in workers.values())


def _chain(arrays: SearchArrays, i: int) -> Chain:
    """The pivots from the slack basis (index 0) to basis i along the tree."""
    pairs = []
    while i > 0:
        pairs.append((int(arrays.enter[i]), int(arrays.leave[i])))
        i = int(arrays.parent[i])
    return np.array(pairs[::-1], np.uint8).reshape(-1, 2)


class _Budget(Exception):
    """A job's budget is spent: its search stops between two chunks (stack levels 0..top)."""

    def __init__(self, top: int) -> None:
        super().__init__(top)
        self.top = top


def _insert_chain(run, chain: Chain, count: int, copies: list[int]) -> tuple[int, int]:
    """Insert the bases of ``chain`` (the ancestors as ``copies``): (index of its root, or
    −1 when that basis is here already; the new count)."""
    from gamekit.kernel.float_search import flip

    i = 0
    for t, (c, u) in enumerate(chain.tolist()):
        a = run.arrays
        lo, hi = flip(a.lo[i], a.hi[i], u)
        lo, hi = flip(lo, hi, c)
        run.arrays, j = append_basis(a, count, lo, hi, i, c, u)
        if j == count:
            count += 1
            if t < len(chain) - 1:
                copies.append(j)
        elif t == len(chain) - 1:
            return -1, count
        i = j
    return i, count


def _unexplored(run, top: int) -> list[Chain]:
    """The children not visited yet at every level of a stopped search's stack, as chains."""
    _, _, basics, node, kidc, kidr, nkid, nxt = run.stack
    out = []
    for s in range(top + 1):
        if nxt[s] < nkid[s]:
            base = _chain(run.arrays, int(node[s]))
            for t in range(int(nxt[s]), int(nkid[s])):
                c, u = int(kidc[s, t]), int(basics[s, kidr[s, t]])
                out.append(np.vstack([base, np.array([[c, u]], np.uint8)]))
    return out


def _worker_name() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):  # not inside a Dask worker
        return "local"


def run_job(problem: SearchProblem, chains: list[Chain], budget: int) -> JobResult:
    """A worker's part (see the module docstring): search the subtrees of ``chains`` in
    turn until about ``budget`` bases are found, hand back the rest, check every basis
    exactly.

    Parameters
    ----------
    problem : SearchProblem
        The matrix and the verification primes.
    chains : list of numpy.ndarray
        Subtree roots, each as the (entering, leaving) pivots from the slack basis.
    budget : int
        Bases after which the search stops at its next chunk.

    Returns
    -------
    JobResult
        The job's own bases and the chains left unsearched.

    Examples
    --------
    >>> from gamekit.kernel.modular_verify import choose_primes
    >>> M = [[2, 1], [1, 2]]
    >>> ps, inv, half = choose_primes(M)
    >>> res = np.stack([np.array(M, np.int64) % int(p) for p in ps])
    >>> problem = SearchProblem(M, res, ps, inv, half)
    >>> roots = [np.array([[0, 2]], np.uint8), np.array([[1, 3]], np.uint8)]  # the slack basis's children
    >>> out = run_job(problem, roots, 100)  # the 3 other bases of {z ≥ 0, Mz ≤ 1}, checked exactly
    >>> len(out.lo), out.jobs, out.failed
    (3, [], '')
    >>> out = run_job(problem, roots, 1)  # budget 1: the second root is handed back
    >>> len(out.lo), [c.tolist() for c in out.jobs]
    (1, [[[1, 3]]])
    """
    from gamekit.kernel.reverse_search import Params
    from gamekit.kernel.search_driver import TOL, RSRun, setup

    k, d = len(problem.M), len(problem.M[0])
    R, arrays = setup(problem.M, None)
    run = RSRun(R, Params(d, TOL), arrays, new_stack(64, k, d))
    copies = [0]  # the slack basis and the chains' ancestors: not this job's bases
    todo: deque[Chain] = deque(chains)
    try:
        count, left = _search_chains(run, R, todo, budget, copies)
    except FloatSearchFailed:
        return _failed(d, "float")
    return _job_result(problem, run, count, copies, left + list(todo))


def _search_chains(run, R, todo: deque[Chain], budget: int, copies: list[int]) -> tuple[int, list[Chain]]:
    """:func:`run_job`'s float search: pop and search the subtrees of ``todo`` until the
    budget is spent; the basis count and the chains handed back from the stack."""
    from gamekit.kernel.reverse_search import rs_start

    def spent(run, top: int, count: int) -> int:  # between chunks: stop, or cap the next chunk
        left = budget - (count - len(copies))
        if left <= 0:
            raise _Budget(top)
        run.ch.steps = min(run.ch.steps, left)
        return count

    run.hook = spent
    left: list[Chain] = []
    count = 1
    while todo and count - len(copies) < budget:
        root, count = _insert_chain(run, todo.popleft(), count, copies)
        if root < 0:
            continue
        rs_start(R, run.params, run.arrays, root, run.stack)
        run.count = count
        try:
            spent(run, 0, count)
            run.run(0, count, None, None, None)
        except _Budget as stop:
            left = _unexplored(run, stop.top)
        count = run.count
    return count, left


def _job_result(problem: SearchProblem, run, count: int, copies: list[int], left: list[Chain]) -> JobResult:
    """:func:`run_job`'s exact part: check the tree, run the closure check and the partner
    filter on the job's own bases (``copies`` excluded)."""
    from gamekit.kernel.modular_verify import verify_tree

    k, d = len(problem.M), len(problem.M[0])
    a = run.arrays
    labels = np.zeros((count, 2), np.uint64)
    if verify_tree(problem.Mres, problem.primes, problem.inv, problem.half, a.parent[:count], a.enter[:count],
                   a.leave[:count], count, a.lo, a.hi, labels) >= 0:
        return _failed(d, "exact")
    own = np.ones(count, bool)
    own[copies] = False
    lo, hi = a.lo[:count][own], a.hi[:count][own]
    queries = local_queries(lo, hi, a.nbr[:count][own], d, k)
    if queries is None:
        return _failed(d, "closure")
    return JobResult(lo, hi, labels[own], partner_statuses(labels[own], problem.partner, d, k), *queries,
                     left, "", _worker_name())


def _failed(d: int, why: str) -> JobResult:
    """A job's answer when its float search or exact check failed: no bases."""
    none = np.zeros(0, np.uint64)
    return JobResult(none, none, np.zeros((0, 2), np.uint64), np.zeros(0, np.int8), none, none, [], why,
                     _worker_name())


def local_queries(lo: np.ndarray, hi: np.ndarray, nbr: np.ndarray, d: int, k: int
                  ) -> tuple[np.ndarray, np.ndarray] | None:
    """The closure check of one part of the bases (a job's, or the client's prefix) against
    that part alone: the masks of the neighbours ``B − nbr[B, c] + c`` (B in the part, c
    nonbasic) that are not in the part, which the client must find in the union
    (:func:`gamekit.kernel.modular_verify.closure_misses` on a table of the part; a key
    just sent is not sent again: :data:`MISS_CACHE`).

    Parameters
    ----------
    lo, hi : numpy.ndarray
        Basic masks of the part's bases (uint64, two words).
    nbr : numpy.ndarray
        The variable that leaves when the t-th nonbasic variable enters, per basis (uint8).
    d, k : int
        Structural variables and rows of the polytope.

    Returns
    -------
    tuple of numpy.ndarray or None
        ``(qlo, qhi)``, the masks of the neighbours still to find; None when a structural
        check fails (the certificate fails).

    Examples
    --------
    >>> lo = np.array([0b1100, 0b0110, 0b1001], np.uint64)  # d = k = 2: bases {2,3}, {1,2}, {0,3}
    >>> nbr = np.array([[2, 3], [2, 1], [3, 0]], np.uint8)  # who leaves when each nonbasic enters
    >>> qlo, qhi = local_queries(lo, np.zeros(3, np.uint64), nbr, 2, 2)
    >>> [bin(int(q)) for q in qlo]  # {0,1}, neighbour of {1,2} and of {0,3}, is not in the part
    ['0b11']
    >>> local_queries(lo, np.zeros(3, np.uint64), np.array([[2, 3], [2, 1], [1, 3]], np.uint8), 2, 2) is None
    True
    """
    from gamekit.kernel.float_search import rehash
    from gamekit.kernel.modular_verify import closure_misses

    n = len(lo)
    table = np.full(1 << (4 * n - 1).bit_length(), -1, np.int32)
    rehash(table, lo, hi, n)
    qlo, qhi = np.empty(d * n, np.uint64), np.empty(d * n, np.uint64)
    seen = np.full(MISS_CACHE, -1, np.int32)
    got = int(closure_misses(lo, hi, nbr, table, n, d, d + k, qlo, qhi, seen))
    return None if got < 0 else (qlo[:got].copy(), qhi[:got].copy())


def partner_statuses(labels: np.ndarray, partner: np.ndarray | None, d: int, k: int) -> np.ndarray:
    """:func:`gamekit.kernel.partner_filter.partner_status` of each basis (by its exact
    labels); empty without a ``partner`` matrix.

    Parameters
    ----------
    labels : numpy.ndarray
        Exact label masks, one row of two words per basis.
    partner : numpy.ndarray or None
        The other polytope's matrix N (d×k, float64).
    d, k : int
        Structural variables and rows of the searched polytope.

    Returns
    -------
    numpy.ndarray
        int8 statuses, one per basis (or none).

    Examples
    --------
    >>> lab = np.array([[0b0011, 0], [0b0110, 0], [0b1010, 0], [0b0011, 0]], np.uint64)  # d = k = 2
    >>> partner_statuses(lab, np.array([[1.0, 2.0], [2.0, 1.0]]), 2, 2).tolist()  # origin, none, candidate
    [-1, 0, 1, -1]
    >>> partner_statuses(lab, None, 2, 2).tolist()
    []
    """
    if partner is None or not len(labels):
        return np.zeros(0, np.int8)
    from gamekit.kernel.partner_filter import partner_status

    # every basis, not each distinct label set: a vertex of a nondegenerate polytope has one
    # basis, and sorting the label sets to find duplicates costs half as much as the filter
    return partner_status(np.ascontiguousarray(labels), partner, d, k, np.empty(len(labels), np.int8))


def _frontier(M, max_bases, deadline, progress, target: int):
    """The client's prefix at the shallowest depth with ``target`` frontier bases (or no
    frontier: the whole tree): (arrays, count, frontier, why, depth)."""
    from gamekit.kernel.parallel_search import search_prefix

    depth = 1
    while True:
        _, _, arrays, count, frontier, why = search_prefix(M, max_bases, deadline, progress, depth)
        if why or not frontier or len(frontier) >= target or depth >= MAX_FRONTIER_DEPTH:
            return arrays, count, frontier, why, depth
        depth += 1


class _Master:
    """The client's job queue: pending chains, tasks in flight, the merged parts, the report."""

    def __init__(self, client: Any, problem: Any, budget: int, slots: int, report: ClusterReport) -> None:
        from distributed import as_completed

        self.client, self.problem, self.budget, self.slots, self.report = client, problem, budget, slots, report
        self.pending: deque[Chain] = deque()
        self.flight: dict[Any, tuple[list[Chain], int]] = {}
        self.done = as_completed(loop=client.loop)
        self.parts: list[tuple[np.ndarray, ...]] = []
        self.total = 0

    def submit(self, chains: list[Chain], attempt: int) -> None:
        fut = self.client.submit(run_job, self.problem, chains, self.budget, pure=False)
        self.flight[fut] = (chains, attempt)
        self.done.add(fut)

    def fill(self) -> None:
        """Share the pending chains out over the free slots (about two tasks per thread)."""
        while self.pending and len(self.flight) < self.slots:
            n = -(-len(self.pending) // (self.slots - len(self.flight)))
            self.submit([self.pending.popleft() for _ in range(n)], 0)

    def result(self, fut: Any) -> JobResult | None:
        """The task's result, or None after resubmitting it (its task raised)."""
        chains, attempt = self.flight.pop(fut)
        try:
            return fut.result()
        except Exception:  # a lost worker, a failed transfer, or a bug: try again, then propagate
            if attempt >= MAX_RESUBMIT:
                raise
            self.report.resubmitted += 1
            self.submit(chains, attempt + 1)
            return None

    def cancel(self) -> None:
        self.client.cancel([*self.flight, self.problem])
        self.flight.clear()


def distributed_bases(M, Mres, primes, max_bases, deadline, progress, client, job_bases: int = JOB_BASES,
                      drop_jobs: int = 0, partner: np.ndarray | None = None):
    """Steps 1–3 of :mod:`gamekit.kernel.certified_polytope` for ``{z ≥ 0, Mz ≤ 1}`` on
    the cluster of ``client`` (see the module docstring); what
    :func:`gamekit.kernel.certified_polytope.search_bases` runs when given a cluster.

    Parameters
    ----------
    M : sequence of sequences of int
        The positive integer matrix (k×d, k + d ≤ 128).
    Mres, primes
        M modulo the verification primes and the primes' data
        (:func:`gamekit.kernel.modular_verify.choose_primes`).
    max_bases : int or None
        Stop (``stopped="bases"``) once the client holds this many bases.
    deadline : float or None
        Stop (``stopped="seconds"``) after this ``time.perf_counter()`` value.
    progress : callable or None
        Called as ``progress(bases, bases)`` after each job.
    client : distributed.Client
        The cluster.
    job_bases : int
        The budget of a job in bases (mplrs's ``-maxnodes``).
    drop_jobs : int
        Testing only: the results of that many jobs that found bases are discarded, as if
        lost (the certificate must then fail).
    partner : numpy.ndarray or None
        The other polytope's matrix (d×k, float64): the workers also run the partner filter
        (:func:`partner_statuses`).

    Returns
    -------
    tuple or None
        ``(lo, hi, labels, complete, stopped, report, status)``: the masks and exact labels
        of the certified bases, whether the closure certificate holds, the budget that
        stopped the search ('' if none), the :class:`ClusterReport` and the partner-filter
        status of each basis (None without ``partner``); None when a float search or an
        exact check failed (the caller runs the exact search).

    Raises
    ------
    GameError
        The cluster has no worker within :data:`CONNECT_TIMEOUT` seconds.

    Examples
    --------
    >>> import logging
    >>> from distributed import Client, LocalCluster
    >>> from gamekit.kernel.modular_verify import choose_primes
    >>> M = [[3, 1, 2], [1, 3, 1], [2, 2, 3]]
    >>> primes = choose_primes(M)
    >>> Mres = np.stack([np.array(M, np.int64) % int(p) for p in primes[0]])
    >>> with LocalCluster(n_workers=1, processes=False, dashboard_address=":0", silence_logs=logging.ERROR) as lc:
    ...     with Client(lc, set_as_default=False) as client:
    ...         lo, hi, labels, complete, stopped, report, _ = distributed_bases(M, Mres, primes, None, None,
    ...                                                                           None, client)
    >>> len(lo), complete, stopped, report.workers
    (8, True, '', 1)
    """
    from gamekit.kernel.search_driver import stopped

    k, d = len(M), len(M[0])
    nworkers, nthreads = _threads(client)
    try:
        arrays, count0, frontier, why, depth = _frontier(M, max_bases, deadline, progress, JOBS_PER_THREAD * nthreads)
    except FloatSearchFailed:
        return None
    prefix = _prefix_part(Mres, primes, arrays, count0, partner, d, k)
    if prefix is None:
        return None
    part0, client_bases = prefix
    report = ClusterReport(str(client.scheduler.address), nworkers, nthreads, frontier_depth=depth,
                           job_bases=job_bases, client_bases=client_bases)
    parts: list[tuple[np.ndarray, ...]] = [part0]
    if not why and frontier:
        ps, inv, half = primes
        problem = SearchProblem(M, Mres, ps, inv, half, partner)
        master = _Master(client, client.scatter(problem, broadcast=True, hash=False), job_bases, 2 * nthreads, report)
        master.pending.extend(_chain(arrays, i) for i in frontier)
        master.total = report.client_bases
        try:
            why = _collect(master, max_bases, deadline, progress, drop_jobs, stopped)
        finally:
            master.cancel()
        if why is None:
            return None
        parts += master.parts
    return _merge(parts, why, max_bases, report, partner)


def _prefix_part(Mres, primes, arrays: SearchArrays, count0: int, partner: np.ndarray | None, d: int, k: int
                 ) -> tuple[tuple[np.ndarray, ...], int] | None:
    """:func:`distributed_bases`'s check of the client's prefix: its part
    ``(lo, hi, labels, status, qlo, qhi)`` (the frontier bases, the jobs' roots, excluded)
    and its number of bases, or None when its exact or closure check failed."""
    from gamekit.kernel.modular_verify import verify_tree

    ps, inv, half = primes
    labels0 = np.zeros((count0, 2), np.uint64)
    if verify_tree(Mres, ps, inv, half, arrays.parent[:count0], arrays.enter[:count0], arrays.leave[:count0], count0,
                   arrays.lo, arrays.hi, labels0) >= 0:
        return None
    own = arrays.nbr[:count0, 0] != NO_NEIGHBOUR  # the frontier bases are the jobs' roots
    lo0, hi0 = arrays.lo[:count0][own], arrays.hi[:count0][own]
    queries0 = local_queries(lo0, hi0, arrays.nbr[:count0][own], d, k)
    if queries0 is None:
        return None
    return (lo0, hi0, labels0[own], partner_statuses(labels0[own], partner, d, k), *queries0), int(own.sum())


def _merge(parts: list[tuple[np.ndarray, ...]], why: str, max_bases, report: ClusterReport,
           partner: np.ndarray | None):
    """:func:`distributed_bases`'s merge: the union of the parts, cut to ``max_bases``, and
    the split certificate (module docstring) when no budget stopped the search; its return
    value, or None when the certificate fails."""
    from gamekit.kernel.float_search import rehash
    from gamekit.kernel.modular_verify import all_present

    t0 = time.thread_time()
    lo, hi, labels, status = (np.concatenate([p[t] for p in parts]) for t in range(4))
    if why == "bases" and len(lo) > max_bases:
        lo, hi, labels, status = lo[:max_bases], hi[:max_bases], labels[:max_bases], status[:max_bases]
    complete = False
    if not why:  # the split certificate (module docstring): the parts' misses are all in the union
        table = np.full(1 << (4 * len(lo) - 1).bit_length(), -1, np.int32)
        rehash(table, lo, hi, len(lo))
        report.queries = sum(len(p[4]) for p in parts)
        complete = all(all_present(table, lo, hi, len(lo), p[4], p[5]) for p in parts)
        if not complete:
            return None
    report.merge_cpu = time.thread_time() - t0
    return lo, hi, labels, complete, why, report, (None if partner is None else status)


def _collect(master: _Master, max_bases, deadline, progress, drop_jobs: int, stopped) -> str | None:
    """Run the jobs until none is left or a budget stops them: '' | 'bases' | 'seconds', or
    None when a worker's float search or exact check failed."""
    report = master.report
    master.fill()
    for fut in master.done:
        res = master.result(fut)
        if res is None:
            continue
        if res.failed:
            return None
        report.jobs += 1
        report.split += bool(res.jobs)  # its budget ran out: it handed work back
        if drop_jobs > 0 and len(res.lo):
            drop_jobs -= 1
        else:
            master.parts.append((res.lo, res.hi, res.labels, res.status, res.qlo, res.qhi))
            master.pending.extend(res.jobs)
            master.total += len(res.lo)
            report.bases_per_worker[res.worker] = report.bases_per_worker.get(res.worker, 0) + len(res.lo)
        if progress is not None:
            progress(master.total, master.total)
        why = stopped(master.total, max_bases, deadline)
        if why:
            return why
        master.fill()
    return ""
