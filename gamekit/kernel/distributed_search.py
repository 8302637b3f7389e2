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
  not find — 32 bytes per basis plus 16 per unresolved neighbour (sharded certificate:
  the neighbours, and the masks once more, go to their shards instead). Given the partner
  matrix (``one_sided``), it also runs the partner filter
  (:func:`gamekit.kernel.partner_filter.partner_status`) on its vertices and returns one
  status byte per basis, so that the client solves exactly only the candidates.
* **Merge: the certificate** (``certificate``, :data:`Certificate`; ``"auto"`` picks by
  :func:`choose_certificate`, the report says which ran). *Split*: the client puts every
  returned basis into one table (the union 𝓤) and looks up there the neighbours that the
  workers and its own prefix left unresolved
  (:func:`gamekit.kernel.modular_verify.all_present`). *Sharded*: one :class:`Shard`
  actor per worker process; shard s is to hold the bases and the unresolved keys whose
  mask hashes to s (:func:`shard_of`). Each job sends its bases and its unresolved keys
  to their shards (:func:`route`, under the job's token; a job's keys no longer go to the
  client, only their number), the client sends its prefix's the same way (token 0), and
  at the end asks every shard for its :meth:`Shard.verdict` on the tokens of the parts it
  kept: "every key held is one of the bases held", with the numbers of bases and keys
  held. The certificate holds iff all W answers say yes and the numbers add up to the
  union's bases and to the keys the kept parts reported. The client adds W answers: its
  serial work per basis is only the concatenation of the returned masks and labels (the
  caller then takes the distinct vertices and solves the partners of the candidates).
  Either way, a job whose result is lost leaves bases whose neighbours are missing, so the
  certificate fails and the caller falls back to the exact search; so does a lost shard
  (its actor cannot answer, or a job cannot reach it); a job whose task raised (e.g. its
  worker died) is resubmitted up to :data:`MAX_RESUBMIT` times, under a new token.
  Nothing a worker's float search decides is trusted.

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
passes K on (into Q_P, P's unresolved keys) only when K ∉ P; a structural failure fails
the search. Since P ⊆ 𝓤, "K ∈ P" implies "K ∈ 𝓤", and every K ∉ P is looked up in 𝓤 by
the client: each (B, c) ends with "K ∈ 𝓤" checked exactly, or the certificate fails —
the split certificate holds iff the single one does, pair for pair. A lost or dropped job
contributes neither its bases nor its claims, so the neighbours pointing into its subtree
are misses of the other parts that the union lacks: the certificate fails.

*Why the sharded certificate is the split one* (hence the single one). Let h = :func:`shard_of`
with W shards, 𝒫 the kept parts (the prefix, token 0, and every job whose result the
client merged, by token), 𝓤 = ⋃_{P∈𝒫} P and, for shard s, V_s and Q_s the bases and keys
it holds from the parts of 𝒫 (:meth:`Shard.verdict` reads only those tokens, and answers
no if one is missing). Every part P sends P ∩ h⁻¹(s) and Q_P ∩ h⁻¹(s) to shard s — the
same masks it returns to the client, from the same arrays, dealt by one function of the
mask — so V_s = 𝓤 ∩ h⁻¹(s) and Q_s = ⋃_P Q_P ∩ h⁻¹(s) when every piece arrived, which the
client checks by counting: Σ_s |V_s| = |𝓤| and Σ_s |Q_s| = Σ_P |Q_P| (a piece is kept
whole or not at all, under its token). (⇐) If every K ∈ Q_P is in 𝓤, K is in some part
P′ that sent it, as a basis, to shard h(K) — the shard to which P sent it as a key: the
shard finds it; all W answers are yes. (⇒) A yes of shard s means every K ∈ Q_s is in
V_s ⊆ 𝓤; with the counts, every key of every Q_P reached its shard, so every K ∈ Q_P is
in 𝓤: the split certificate holds. A part that is not kept (a dropped result, a task
that raised and was resubmitted under a new token, a job whose result is lost) is in no
V_s or Q_s, exactly as it is in no union; a lost shard gives no yes. Neither direction
depends on h beyond its being a function of the mask, nor on the order in which the
pieces arrive.

dask is imported only here and only when a cluster is given (:func:`connect`); importing
this module imports neither dask nor numba.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

import numpy as np

from gamekit.core.errors import GameError
from gamekit.kernel.search_state import (
    NO_NEIGHBOUR,
    FloatSearchFailed,
    SearchArrays,
    append_basis,
    new_stack,
)

__all__ = ["JOB_BASES", "JOBS_PER_THREAD", "CONNECT_TIMEOUT", "MAX_RESUBMIT", "MISS_CACHE", "SHARDED_FROM_WORKERS",
           "Certificate", "ClusterReport", "SearchProblem", "JobResult", "Shard", "connect", "run_job", "local_queries", "route",
           "shard_of", "choose_certificate", "distributed_bases", "partner_statuses"]

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
    below 2⁵³) or None; the shards' actors (sharded certificate, :class:`Shard`) or none —
    in the problem, so that a worker unpacks them once, not once per job; ``logs``, the
    exact column bounds of M (:func:`gamekit.kernel.modular_verify.column_logs`), so that
    each basis is read modulo only the primes its own bound needs."""

    M: Sequence[Sequence[int]]
    Mres: np.ndarray
    primes: np.ndarray
    inv: np.ndarray
    half: np.ndarray
    partner: np.ndarray | None = None
    shards: Sequence[Any] = ()
    logs: tuple[np.ndarray, int] | None = None


@dataclass(frozen=True)
class JobResult:
    """A job's answer: its own bases (masks ``lo``/``hi``, exact ``labels``, partner-filter
    ``status``, empty without a partner matrix; the chains' ancestors excluded), the masks
    ``qlo``/``qhi`` of the neighbours of its bases that are not among them
    (:func:`local_queries`; empty under the sharded certificate, which sent them to their
    shards), the chains it did not search (``jobs``), ``failed`` ('' | 'float': the float
    search gave up | 'exact': a basis failed the exact check | 'closure': a structural
    check of the closure failed | 'shard': a shard could not be reached), the ``worker``
    that ran it and the number of those neighbour keys (``keys``)."""

    lo: np.ndarray
    hi: np.ndarray
    labels: np.ndarray
    status: np.ndarray
    qlo: np.ndarray
    qhi: np.ndarray
    jobs: list[Chain]
    failed: str = ""
    worker: str = ""
    keys: int = 0


@dataclass
class ClusterReport:
    """What ran on the cluster (``parameters["cluster"]`` of a solve; summed over the
    polytopes searched): worker processes and threads, jobs run, jobs that hit their budget
    and handed subtrees back (``split``), tasks resubmitted after an error, the frontier
    depth and job budget, the bases the client found itself (the prefix) and those of each
    worker (by address), the neighbour keys looked up outside their part (``queries``),
    the client's CPU for the merge (``merge_cpu``), the certificate that ran
    (``"split"`` | ``"sharded"``: :func:`choose_certificate`) and its number of shards."""

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
    certificate: str = ""
    shards: int = 0

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
                             self.queries + other.queries, self.merge_cpu + other.merge_cpu,
                             self.certificate, max(self.shards, other.shards))

    def as_dict(self) -> dict[str, Any]:
        """The report as plain data (JSON: docs/json.md)."""
        return {"scheduler": self.scheduler, "workers": self.workers, "threads": self.threads, "jobs": self.jobs,
                "split": self.split, "resubmitted": self.resubmitted, "frontier_depth": self.frontier_depth,
                "job_bases": self.job_bases, "client_bases": self.client_bases,
                "bases_per_worker": dict(self.bases_per_worker), "queries": self.queries,
                "merge_cpu": round(self.merge_cpu, 4), "certificate": self.certificate, "shards": self.shards}


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


def run_job(problem: SearchProblem, chains: list[Chain], budget: int, token: int = 0) -> JobResult:
    """A worker's part (see the module docstring): search the subtrees of ``chains`` in
    turn until about ``budget`` bases are found, hand back the rest, check every basis
    exactly; with shards in the problem, send its bases and the neighbour keys it did not
    find among them to their shards (:func:`route`, the sharded certificate) under ``token``.

    Parameters
    ----------
    problem : SearchProblem
        The matrix, the verification primes and the shards (if any).
    chains : list of numpy.ndarray
        Subtree roots, each as the (entering, leaving) pivots from the slack basis.
    budget : int
        Bases after which the search stops at its next chunk.
    token : int
        This task's number: the shards keep its pieces under it.

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
    out = _job_result(problem, run, count, copies, left + list(todo))
    if not problem.shards or out.failed:  # split certificate: the keys go back to the client
        return out
    if not route(problem.shards, token, out.lo, out.hi, out.qlo, out.qhi):
        return _failed(d, "shard")
    none = np.zeros(0, np.uint64)
    return JobResult(out.lo, out.hi, out.labels, out.status, none, none, out.jobs, "", out.worker, out.keys)


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
                   a.leave[:count], count, a.lo, a.hi, labels, problem.logs) >= 0:
        return _failed(d, "exact")
    own = np.ones(count, bool)
    own[copies] = False
    lo, hi = a.lo[:count][own], a.hi[:count][own]
    queries = local_queries(lo, hi, a.nbr[:count][own], d, k)
    if queries is None:
        return _failed(d, "closure")
    return JobResult(lo, hi, labels[own], partner_statuses(labels[own], problem.partner, d, k), *queries,
                     left, "", _worker_name(), len(queries[0]))


def _failed(d: int, why: str) -> JobResult:
    """A job's answer when its float search or exact check failed: no bases."""
    none = np.zeros(0, np.uint64)
    return JobResult(none, none, np.zeros((0, 2), np.uint64), np.zeros(0, np.int8), none, none, [], why,
                     _worker_name())


def local_queries(lo: np.ndarray, hi: np.ndarray, nbr: np.ndarray, d: int, k: int
                  ) -> tuple[np.ndarray, np.ndarray] | None:
    """The closure check of one part of the bases (a job's, or the client's prefix) against
    that part alone: the masks of the neighbours ``B − nbr[B, c] + c`` (B in the part, c
    nonbasic) that are not in the part, which must be found in the union — by the client
    (split certificate) or by their shards (sharded)
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


Certificate = Literal["auto", "split", "sharded"]
"""How the closure certificate is merged (module docstring): ``"split"``, the client looks
up the keys left by the parts in the union; ``"sharded"``, the bases and those keys are
dealt to one shard per worker, which answers for its keys; ``"auto"``:
:func:`choose_certificate`."""

_H1 = np.uint64(0x9E3779B97F4A7C15)
_H2 = np.uint64(0xC2B2AE3D27D4EB4F)


SHARDED_FROM_WORKERS = 4
"""``"auto"`` runs the sharded certificate on clusters of this many worker processes or
more (:func:`choose_certificate`)."""


def choose_certificate(certificate: Certificate, workers: int) -> Literal["split", "sharded"]:
    """The certificate that runs: the one asked for, or for ``"auto"`` the sharded one on a
    cluster of :data:`SHARDED_FROM_WORKERS` worker processes or more, the split one on
    fewer. The sharded certificate takes the union's table and the lookups off the client
    (≈ 0.15 µs per basis of its serial CPU at 18×18, and the unresolved keys' ≈ 50 bytes
    per basis off its network) but costs the workers up to ≈ 0.45 µs per basis more in
    all (the all-to-all of ≈ 70 bytes per basis through Dask's comms, the shards' tables;
    0.1 µs in one process). Measured with 1 and 2 workers, where the workers are the
    bottleneck, it is not faster (the busiest process used 0–40 % more CPU); the model of
    docs/solvers.md ("What limits scaling to 100 workers") puts the break-even near 3
    workers (``benchmarks/results/distributed.md``).

    Parameters
    ----------
    certificate : {"auto", "split", "sharded"}
        The certificate asked for.
    workers : int
        Worker processes of the cluster.

    Returns
    -------
    str
        ``"split"`` or ``"sharded"``.

    Raises
    ------
    GameError
        ``certificate`` is not one of the three names.

    Examples
    --------
    >>> choose_certificate("auto", 2), choose_certificate("auto", 16), choose_certificate("sharded", 2)
    ('split', 'sharded', 'sharded')
    """
    if certificate not in ("auto", "split", "sharded"):
        raise GameError(f"certificate must be 'auto', 'split' or 'sharded', got {certificate!r}")
    if certificate == "auto":
        return "sharded" if workers >= SHARDED_FROM_WORKERS else "split"
    return certificate


def shard_of(lo: np.ndarray, hi: np.ndarray, shards: int) -> np.ndarray:
    """The shard (0..shards-1) of each basic mask (``lo``/``hi``, uint64): a hash of the
    mask alone, the same for a basis and for a neighbour key equal to it.

    Parameters
    ----------
    lo, hi : numpy.ndarray
        The masks' two words.
    shards : int
        Number of shards (≥ 1).

    Returns
    -------
    numpy.ndarray
        int64 shard numbers.

    Examples
    --------
    >>> lo = np.arange(1, 9, dtype=np.uint64)
    >>> s = shard_of(lo, np.zeros(8, np.uint64), 3)
    >>> bool(((0 <= s) & (s < 3)).all()), s.tolist() == shard_of(lo.copy(), np.zeros(8, np.uint64), 3).tolist()
    (True, True)
    """
    with np.errstate(over="ignore"):
        h = (lo * _H1) ^ (hi * _H2)
        h ^= h >> np.uint64(31)
        h *= _H1
        h ^= h >> np.uint64(29)
    return (h % np.uint64(shards)).astype(np.int64)


def _deal(lo: np.ndarray, hi: np.ndarray, shards: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """The masks dealt to their shards: one (lo, hi) pair of arrays per shard."""
    s = shard_of(lo, hi, shards)
    order = np.argsort(s.astype(np.uint16) if shards < 1 << 16 else s, kind="stable")  # 16 bits: a radix sort
    cut = np.cumsum(np.bincount(s, minlength=shards))[:-1]
    return list(zip(np.split(lo[order], cut), np.split(hi[order], cut)))


def route(shards: Sequence[Any], token: int, lo: np.ndarray, hi: np.ndarray, qlo: np.ndarray, qhi: np.ndarray
          ) -> bool:
    """Send one part's bases (masks ``lo``/``hi``) and its unresolved neighbour keys
    (``qlo``/``qhi``) to their shards (:func:`shard_of`), every shard its piece (empty
    ones too) under ``token``; wait for every shard's receipt. False when a shard could
    not be reached (its worker is lost).

    Parameters
    ----------
    shards : sequence of Shard actors (or objects with Shard's methods)
        Shard s holds the masks with :func:`shard_of` = s.
    token : int
        The part's number.
    lo, hi, qlo, qhi : numpy.ndarray
        The part's bases and keys.

    Returns
    -------
    bool
        Every shard holds its piece.

    Examples
    --------
    >>> class Here(Shard):  # a shard in this process: its methods answer at once
    ...     def add(self, *piece):
    ...         return _Done(super().add(*piece))
    >>> shards = [Here(0, 2), Here(1, 2)]
    >>> lo = np.array([0b0011, 0b0101, 0b0110], np.uint64)
    >>> route(shards, 1, lo, np.zeros(3, np.uint64), lo[:1], np.zeros(1, np.uint64))
    True
    >>> sum(len(sh.parts[1][0]) for sh in shards), sum(len(sh.parts[1][2]) for sh in shards)
    (3, 1)
    """
    W = len(shards)
    bases, keys = _deal(lo, hi, W), _deal(qlo, qhi, W)
    try:
        sent = [sh.add(token, *bases[s], *keys[s]) for s, sh in enumerate(shards)]
        return all(f.result() == len(bases[s][0]) + len(keys[s][0]) for s, f in enumerate(sent))
    except Exception:  # the actor's worker is lost (OSError, RuntimeError, CommClosedError, ...)
        return False


class _Done:
    """An answer already there (for shards in this process)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def result(self) -> Any:
        return self.value


class Shard:
    """One shard of the sharded certificate, held by one worker as a Dask actor: the
    pieces of the parts (bases and unresolved neighbour keys with :func:`shard_of` = its
    ``index``), by token, until the client asks for its :meth:`verdict`.

    *Why an actor.* A shard must gather pieces from every job while the jobs run, on many
    workers, and answer once at the end: state that lives on one worker and is written by
    many tasks. An actor is exactly that, with a worker-to-worker call per piece (no
    scheduler task and no key per piece: W calls per job, not W keys); futures of per-shard
    arrays would need W tasks (and keys) per job or move every job's result to every
    shard. Its failure mode is the one the certificate needs: when the worker holding it
    is lost, every later call raises, and the certificate fails.

    Examples
    --------
    >>> sh = Shard(0, 1)
    >>> lo = np.array([0b0011, 0b0101], np.uint64)
    >>> z = np.zeros(2, np.uint64)
    >>> sh.add(1, lo, z, lo[1:], z[1:]), sh.add(2, lo[:0], z[:0], lo[:1], z[:1])
    (3, 1)
    >>> sh.verdict([1, 2]), sh.verdict([2]), sh.verdict([1, 3])  # token 3 never came
    ((True, 2, 2), (False, 0, 1), (False, 0, 0))
    """

    def __init__(self, index: int, shards: int) -> None:
        self.index, self.shards = index, shards
        self.parts: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}

    def add(self, token: int, lo: np.ndarray, hi: np.ndarray, qlo: np.ndarray, qhi: np.ndarray) -> int:
        """Keep one part's piece (a part sent again, e.g. a task run twice, replaces its
        piece); the number of masks received."""
        self.parts[token] = (lo, hi, qlo, qhi)
        return len(lo) + len(qlo)

    def verdict(self, tokens: Sequence[int]) -> tuple[bool, int, int]:
        """(every key of the parts ``tokens`` is one of their bases here, bases, keys),
        from the parts ``tokens`` only (the client's kept parts); (False, 0, 0) when a
        piece of one of them is missing."""
        from gamekit.kernel.float_search import rehash
        from gamekit.kernel.modular_verify import all_present

        if any(t not in self.parts for t in tokens):
            return False, 0, 0
        got = [self.parts[t] for t in tokens]
        lo, hi, qlo, qhi = (np.concatenate([p[c] for p in got]) if got else np.zeros(0, np.uint64)
                            for c in range(4))
        table = np.full(1 << (4 * len(lo) - 1).bit_length(), -1, np.int32)
        rehash(table, lo, hi, len(lo))
        return bool(all_present(table, lo, hi, len(lo), qlo, qhi)), len(lo), len(qlo)


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
    """The client's job queue: pending chains, tasks in flight (with their chains, attempt
    and token), the merged parts and their tokens, the report."""

    def __init__(self, client: Any, problem: Any, budget: int, slots: int, report: ClusterReport) -> None:
        from distributed import as_completed

        self.client, self.problem, self.budget, self.slots, self.report = client, problem, budget, slots, report
        self.pending: deque[Chain] = deque()
        self.flight: dict[Any, tuple[list[Chain], int, int]] = {}
        self.done = as_completed(loop=client.loop)
        self.parts: list[tuple[np.ndarray, ...]] = []
        self.tokens: list[int] = []
        self.keys = 0
        self.total = 0
        self.next_token = 1  # 0: the client's prefix

    def submit(self, chains: list[Chain], attempt: int) -> None:
        token, self.next_token = self.next_token, self.next_token + 1  # a new token per attempt
        fut = self.client.submit(run_job, self.problem, chains, self.budget, token, pure=False)
        self.flight[fut] = (chains, attempt, token)
        self.done.add(fut)

    def fill(self) -> None:
        """Share the pending chains out over the free slots (about two tasks per thread)."""
        while self.pending and len(self.flight) < self.slots:
            n = -(-len(self.pending) // (self.slots - len(self.flight)))
            self.submit([self.pending.popleft() for _ in range(n)], 0)

    def result(self, fut: Any) -> tuple[JobResult, int] | None:
        """The task's result and token, or None after resubmitting it (its task raised)."""
        chains, attempt, token = self.flight.pop(fut)
        try:
            return fut.result(), token
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
                      drop_jobs: int = 0, partner: np.ndarray | None = None, certificate: Certificate = "auto",
                      drop_shards: int = 0):
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
    certificate : {"auto", "split", "sharded"}
        How the closure certificate is merged (:data:`Certificate`,
        :func:`choose_certificate`); the report says which ran.
    drop_shards : int
        Testing only (sharded certificate): that many shards are released before their
        verdict, as if their workers were lost (the certificate must then fail).

    Returns
    -------
    tuple or None
        ``(lo, hi, labels, complete, stopped, report, status)``: the masks and exact labels
        of the certified bases, whether the closure certificate holds, the budget that
        stopped the search ('' if none), the :class:`ClusterReport` and the partner-filter
        status of each basis (None without ``partner``); None when a float search, an
        exact check or the certificate failed, or a shard was lost (the caller runs the
        exact search).

    Raises
    ------
    GameError
        The cluster has no worker within :data:`CONNECT_TIMEOUT` seconds, or
        ``certificate`` is unknown.

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
    >>> len(lo), complete, stopped, report.workers, report.certificate
    (8, True, '', 1, 'split')
    """
    nworkers, nthreads = _threads(client)
    how = choose_certificate(certificate, nworkers)
    budget = _Limits(max_bases, deadline, progress)
    start = _client_prefix(M, Mres, primes, budget, JOBS_PER_THREAD * nthreads, partner)
    if start is None:
        return None
    report = ClusterReport(str(client.scheduler.address), nworkers, nthreads, frontier_depth=start.depth,
                           job_bases=job_bases, client_bases=start.client_bases, certificate=how)
    if start.why or not start.frontier:  # the client's prefix is the whole tree (or a budget stopped it)
        return _merge([start.part0], [start.part0], start.why, max_bases, report, partner, None)
    return _cluster_search(client, (M, Mres, primes, partner), start, report, budget, (drop_jobs, drop_shards))


class _Limits(NamedTuple):
    """The caller's budgets: bases, a ``perf_counter`` deadline, and the progress callback."""

    max_bases: int | None
    deadline: float | None
    progress: Any


class _Prefix(NamedTuple):
    """Step 1 on the client: the float search down to the frontier, and the prefix's part."""

    arrays: Any
    frontier: list
    why: str
    depth: int
    part0: tuple
    client_bases: int
    logs: Any


def _client_prefix(M, Mres, primes, budget: _Limits, jobs: int, partner) -> _Prefix | None:
    """The client's float search until ``jobs`` frontier nodes (or the whole tree, or a budget),
    its bases checked exactly (:func:`_prefix_part`); None when the float search or a check failed."""
    from gamekit.kernel.modular_verify import column_logs

    k, d = len(M), len(M[0])
    try:
        arrays, count0, frontier, why, depth = _frontier(M, budget.max_bases, budget.deadline, budget.progress, jobs)
    except FloatSearchFailed:
        return None
    logs = column_logs(M)
    prefix = _prefix_part(Mres, primes, arrays, count0, partner, d, k, logs)
    if prefix is None:
        return None
    return _Prefix(arrays, frontier, why, depth, prefix[0], prefix[1], logs)


def _cluster_search(client, inputs: tuple, start: _Prefix, report: ClusterReport, budget: _Limits,
                    drops: tuple[int, int]):
    """Steps 2–3 on the cluster: the frontier's subtrees as jobs, then the merged certificate
    (split, or on the shards' actors); ``inputs`` = (M, Mres, primes, partner), ``drops`` =
    (drop_jobs, drop_shards) for the tests. Returns :func:`distributed_bases`'s tuple or None."""
    M, Mres, (ps, inv, half), partner = inputs
    parts: list[tuple[np.ndarray, ...]] = [start.part0]
    holders = _start_shards(client) if report.certificate == "sharded" else []
    try:
        shards = _shards_with_prefix(client, holders, start.part0, report)
        if shards is None:
            return None
        problem = SearchProblem(M, Mres, ps, inv, half, partner, shards, start.logs)
        master = _Master(client, client.scatter(problem, broadcast=True, hash=False), report.job_bases,
                         2 * report.threads, report)
        master.pending.extend(_chain(start.arrays, i) for i in start.frontier)
        master.total, master.keys = report.client_bases, len(start.part0[4])
        why = _run_jobs(master, budget.max_bases, budget.deadline, budget.progress, drops[0])
        if why is None:
            return None
        parts += master.parts
        if drops[1]:
            client.cancel(holders[:drops[1]])
        verdict = (shards, [0, *master.tokens], master.keys) if shards else None
        with client.as_current():
            return _merge(parts, [] if shards else parts, why, budget.max_bases, report, partner, verdict)
    except TimeoutError:  # a shard's actor did not start
        return None
    finally:
        client.cancel(holders)


def _shards_with_prefix(client: Any, holders: list[Any], part0: tuple[np.ndarray, ...],
                        report: ClusterReport) -> _Shards | None:
    """:func:`distributed_bases`'s shards (none for the split certificate), each holding
    the client's prefix part under token 0; None when a shard refused it."""
    with client.as_current():  # the client's calls of the actors go through this client
        shards = _Shards([h.result(timeout=CONNECT_TIMEOUT) for h in holders])
        report.shards = len(shards)
        if shards and not route(shards, 0, *part0[:2], *part0[4:6]):
            return None
    return shards


def _run_jobs(master: _Master, max_bases, deadline, progress, drop_jobs: int) -> str | None:
    """Run the master's jobs to the end (or a budget) and cancel what is left: the budget
    that stopped it ('' if none), None when a job failed."""
    from gamekit.kernel.search_driver import stopped

    try:
        return _collect(master, max_bases, deadline, progress, drop_jobs, stopped)
    finally:
        master.cancel()


class _Shards(Sequence[Any]):
    """The shards' actors as one opaque argument of a job (not a list, tuple, set or dict,
    which Dask would search for keys): a job does not depend on the actors' keys — a task depending on the
    key of a lost actor pinned to its worker would wait forever; a job whose shard is lost
    fails instead (:func:`route`)."""

    def __init__(self, actors: list[Any]) -> None:
        self.actors = actors

    def __len__(self) -> int:
        return len(self.actors)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.actors)

    def __getitem__(self, s: Any) -> Any:
        return self.actors[s]


def _start_shards(client: Any) -> list[Any]:
    """One :class:`Shard` actor per worker process, pinned to it: the futures holding them."""
    addresses = sorted(client.scheduler_info().get("workers", {}))
    return [client.submit(Shard, s, len(addresses), actor=True, workers=[a], allow_other_workers=False, pure=False)
            for s, a in enumerate(addresses)]


def _prefix_part(Mres, primes, arrays: SearchArrays, count0: int, partner: np.ndarray | None, d: int, k: int,
                 logs: tuple[np.ndarray, int] | None = None) -> tuple[tuple[np.ndarray, ...], int] | None:
    """:func:`distributed_bases`'s check of the client's prefix: its part
    ``(lo, hi, labels, status, qlo, qhi)`` (the frontier bases, the jobs' roots, excluded)
    and its number of bases, or None when its exact or closure check failed."""
    from gamekit.kernel.modular_verify import verify_tree

    ps, inv, half = primes
    labels0 = np.zeros((count0, 2), np.uint64)
    if verify_tree(Mres, ps, inv, half, arrays.parent[:count0], arrays.enter[:count0], arrays.leave[:count0], count0,
                   arrays.lo, arrays.hi, labels0, logs) >= 0:
        return None
    own = arrays.nbr[:count0, 0] != NO_NEIGHBOUR  # the frontier bases are the jobs' roots
    lo0, hi0 = arrays.lo[:count0][own], arrays.hi[:count0][own]
    queries0 = local_queries(lo0, hi0, arrays.nbr[:count0][own], d, k)
    if queries0 is None:
        return None
    return (lo0, hi0, labels0[own], partner_statuses(labels0[own], partner, d, k), *queries0), int(own.sum())


def _merge(parts: list[tuple[np.ndarray, ...]], asked: list[tuple[np.ndarray, ...]], why: str, max_bases,
           report: ClusterReport, partner: np.ndarray | None, verdict: tuple[Sequence[Any], list[int], int] | None):
    """:func:`distributed_bases`'s merge: the union of the parts, cut to ``max_bases``, and,
    when no budget stopped the search, the certificate (module docstring): the keys of the
    parts ``asked`` looked up in the union (split), or the shards' verdicts on the kept
    parts (``verdict`` = (shards, tokens kept, keys the kept parts sent): sharded). Its
    return value, or None when the certificate fails."""
    from gamekit.kernel.float_search import rehash
    from gamekit.kernel.modular_verify import all_present

    t0 = time.thread_time()
    lo, hi, labels, status = (np.concatenate([p[t] for p in parts]) for t in range(4))
    if why == "bases" and len(lo) > max_bases:
        lo, hi, labels, status = lo[:max_bases], hi[:max_bases], labels[:max_bases], status[:max_bases]
    complete = False
    if not why and verdict is not None:  # the sharded certificate: W answers
        complete = _shard_verdicts(*verdict, len(lo), report)
    elif not why:  # the split certificate (module docstring): the parts' misses are all in the union
        table = np.full(1 << (4 * len(lo) - 1).bit_length(), -1, np.int32)
        rehash(table, lo, hi, len(lo))
        report.queries = sum(len(p[4]) for p in asked)
        complete = all(all_present(table, lo, hi, len(lo), p[4], p[5]) for p in asked)
    if not why and not complete:
        return None
    report.merge_cpu = time.thread_time() - t0
    return lo, hi, labels, complete, why, report, (None if partner is None else status)


def _shard_verdicts(shards: Sequence[Any], tokens: list[int], keys: int, bases: int, report: ClusterReport) -> bool:
    """The sharded certificate's client part: every shard's verdict on the kept parts
    ``tokens`` is "all present", and the shards hold, from those parts, exactly the
    ``bases`` bases of the union and the ``keys`` keys the parts left (so no piece was
    lost on the way). False when a shard fails or cannot be reached."""
    try:
        answers = [f.result() for f in [sh.verdict(tokens) for sh in shards]]
    except Exception:  # a shard's worker is lost, or its actor was released
        return False
    report.queries = sum(a[2] for a in answers)
    return all(a[0] for a in answers) and sum(a[1] for a in answers) == bases and report.queries == keys


def _collect(master: _Master, max_bases, deadline, progress, drop_jobs: int, stopped) -> str | None:
    """Run the jobs until none is left or a budget stops them: '' | 'bases' | 'seconds', or
    None when a worker's float search, exact check or shard failed."""
    report = master.report
    master.fill()
    for fut in master.done:
        got = master.result(fut)
        if got is None:
            continue
        res, token = got
        if res.failed:
            return None
        report.jobs += 1
        report.split += bool(res.jobs)  # its budget ran out: it handed work back
        if drop_jobs > 0 and len(res.lo):
            drop_jobs -= 1
        else:
            master.parts.append((res.lo, res.hi, res.labels, res.status, res.qlo, res.qhi))
            master.tokens.append(token)
            master.keys += res.keys
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
