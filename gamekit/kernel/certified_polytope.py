"""Every lexico-feasible basis of ``{z ≥ 0, M z ≤ 1}``: float search, exact certificate.

Three steps (docs/solvers.md, "Float search, exact certificate"):

1. **Search (floats, compiled).** The reverse search of
   :mod:`gamekit.kernel.reverse_search` (on several threads
   :mod:`gamekit.kernel.parallel_search`; the breadth-first search over
   :func:`gamekit.kernel.float_search.bfs_chunk` is the tests' reference,
   ``tests/gamekit/oracles/bfs_search.py``) finds a candidate set 𝓑 of
   bases with a spanning tree (each basis but the first is its parent with one exchange,
   ``parent[i] < i``). Its float decisions are not trusted: correctness rests only on
   steps 2 and 3.
2. **Exact check of each basis.** :func:`gamekit.kernel.modular_verify.verify_tree` pivots
   along the tree in exact multi-modular arithmetic and checks that every B ∈ 𝓑 is
   nonsingular and lexico-feasible — the rows of ``(B⁻¹·1, B⁻¹)`` are lexicographically
   positive — and computes its exact labels.
3. **Exact check of completeness.** :func:`gamekit.kernel.modular_verify.closure_certificate`
   checks, for every B ∈ 𝓑 and every nonbasic variable c of B, that the basis
   ``B'' = B − u + c`` (u the variable the search saw leave when c entered; step 2 has
   checked that every B ∈ 𝓑 is exactly the basic set the search recorded) is in 𝓑 — a hash
   lookup on bitmasks only. B'' ≠ B (c ∉ B) and ``N(B'') = N(B) − c + u ⊇ N(B) \\ {c}``
   (N = set of nonbasic variables).

*Why 3 proves completeness.* Lexico-feasible bases are the vertices of the perturbed
polytope ``{z ≥ 0, M z ≤ 1 + (ε, …, ε^k)}``, which is simple and bounded (M > 0), so its
vertex–edge graph is connected (Balinski) and d-regular; an edge is a set E of d − 1
nonbasic variables, and exactly two lexico-feasible bases have E inside their nonbasic
set (the two endpoints of the edge). B'' is lexico-feasible (step 2), differs from B and
contains ``E = N(B) \\ {c}``: it *is* B's neighbour through c. So 𝓑 contains, with every
basis, all its d neighbours: it is closed under adjacency, hence (connectedness,
𝓑 ∋ the slack basis) it is every lexico-feasible basis. Every vertex of the polytope is the limit of a perturbed vertex
(:mod:`gamekit.kernel.pivot`), so the distinct exact label sets of 𝓑 are all its vertices.

If step 2 or 3 fails (float trouble), :func:`search_bases` returns None and the caller
uses the exact search (:func:`gamekit.kernel.polytope.enumerate_vertices`). Memory is
about ``50 + d`` bytes per basis (:func:`bytes_per_basis`: no tableau and no basis list is
stored, a basis is its bitmask) and bounded by ``max_bases``; when the budget (bases or seconds) is
hit the result has ``complete=False`` and contains the exactly verified bases found so far.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from gamekit.kernel.search_driver import reverse_search as _reverse_search
from gamekit.kernel.search_state import FloatSearchFailed

if TYPE_CHECKING:
    from gamekit.kernel.distributed_search import Certificate, ClusterReport

__all__ = ["CertifiedBases", "search_bases", "basis_point", "basis_vectors", "bytes_per_basis", "fast_path_applies"]


@dataclass(frozen=True, eq=False)
class CertifiedBases:
    """Exactly verified lexico-feasible bases of ``{z ≥ 0, Mz ≤ 1}`` (d structural, k rows).

    Basis i is its set of basic variables, the two-word bitmask (``lo[i]``, ``hi[i]``);
    ``labels[i]`` is its exact label set (two words). ``complete`` is True when the
    completeness certificate holds; otherwise ``stopped`` says which budget ended the
    search. ``residues``/``primes``: M modulo the verification primes (for
    :func:`basis_vectors`). ``cluster``: what ran on a Dask cluster, if one searched;
    ``status``: the partner-filter status of each basis when the cluster's workers ran it
    (:func:`gamekit.kernel.distributed_search.partner_statuses`), else None.
    About ``50 + d`` bytes per basis during the search (:func:`bytes_per_basis`).
    """

    d: int
    k: int
    lo: np.ndarray
    hi: np.ndarray
    labels: np.ndarray
    complete: bool
    stopped: str = ""
    residues: np.ndarray | None = None
    primes: np.ndarray | None = None
    cluster: ClusterReport | None = None
    status: np.ndarray | None = None

    def vertices(self) -> tuple[np.ndarray, np.ndarray]:
        """(label masks lo/hi of the distinct vertices, index of one basis of each)."""
        lab = self.labels
        order = np.lexsort((lab[:, 1], lab[:, 0]), axis=0)  # stable: first basis of each label set first
        s = lab[order]
        new = np.ones(len(s), bool)
        new[1:] = (s[1:] != s[:-1]).any(axis=1)
        first = np.sort(order[new])
        return lab[first], first

    def basic_sets(self, which: Sequence[int]) -> np.ndarray:
        """The basic variables (increasing) of the bases ``which``, one row each."""
        words = np.stack([self.lo[which], self.hi[which]], axis=1).view(np.uint8)
        bits = np.unpackbits(words, axis=1, bitorder="little")[:, : self.d + self.k]
        return np.nonzero(bits)[1].reshape(len(which), self.k).astype(np.int64)


def bytes_per_basis(d: int) -> int:
    """Memory per stored basis during the search: masks 16, parent 4, entering and leaving
    variable 2, neighbours d, exact labels 16, hash table 8–16 (load ≤ 1/2)."""
    return 16 + 4 + 2 + d + 16 + 12


def fast_path_applies(M: Sequence[Sequence[int]]) -> bool:
    """The compiled path handles up to 128 variables (two-word masks)."""
    return len(M) + len(M[0]) <= 128


def _compile_notice(*dispatchers) -> None:
    """The one-line stderr notice (terminals only) when the search kernels are not in
    numba's disk cache yet (:mod:`gamekit.kernel.compile_notice`)."""
    from gamekit.kernel.compile_notice import notice_if_compiling
    from gamekit.kernel.modular_verify import _walk
    from gamekit.kernel.partner_filter import partner_status
    from gamekit.kernel.reverse_search import _expand_level, _rs_loop

    notice_if_compiling((_expand_level, _rs_loop, _walk, partner_status, *dispatchers))


def search_bases(
    M: Sequence[Sequence[int]],
    max_bases: int | None = None,
    deadline: float | None = None,
    progress=None,
    drop: int = 0,
    threads: int = 1,
    frontier_depth: int | None = None,
    cluster: Any = None,
    job_bases: int | None = None,
    partner: Sequence[Sequence[int]] | None = None,
    certificate: Certificate = "auto",
    drop_shards: int = 0,
) -> CertifiedBases | None:
    """Steps 1–3 of the module docstring for a positive integer k×d matrix ``M``.

    Returns None when the float search or an exact check failed (use the exact search).
    ``drop`` (testing only) discards that many bases found last (with a cluster: the
    results of that many jobs), to exercise the completeness certificate.
    ``frontier_depth`` (threads > 1): the depth of the main thread's prefix whose bases
    are shared out (default :data:`gamekit.kernel.parallel_search.FRONTIER_DEPTH`).
    ``threads`` > 1: the reverse search and the exact check share out subtrees (:mod:`gamekit.kernel.parallel_search`). ``cluster``: a
    ``distributed.Client`` whose workers share out the subtrees instead, with jobs of
    ``job_bases`` bases (default :data:`gamekit.kernel.distributed_search.JOB_BASES`;
    :mod:`gamekit.kernel.distributed_search`); ``partner`` (with a cluster): the other
    polytope's matrix N (d×k, integers below 2⁵³), whose partner filter the workers then
    run too (``status`` of the result); ``certificate`` (with a cluster): how the closure
    certificate is merged, ``"auto"``, ``"split"`` or ``"sharded"``
    (:func:`gamekit.kernel.distributed_search.choose_certificate`); ``drop_shards``
    (testing only): that many shards are lost before their verdict.
    """
    from gamekit.kernel.modular_verify import choose_primes, closure_misses, verify_tree

    _compile_notice(verify_tree, closure_misses)
    primes = choose_primes(M)
    if primes is None or not fast_path_applies(M):
        return None
    ps = primes[0]
    k, d = len(M), len(M[0])
    Mi = np.array(M, dtype=object)
    Mres = np.stack([np.array(Mi % int(p), dtype=np.int64) for p in ps])
    limit = max(1, int(1.0 / (1e-8 * len(ps) * k * (d + 1))))  # bases checked in ~1 s after a time stop
    if cluster is not None:
        from gamekit.kernel.distributed_search import distributed_bases

        budget = {} if job_bases is None else {"job_bases": job_bases}
        Nf = None if partner is None else np.array(partner, dtype=np.float64)
        got = distributed_bases(M, Mres, primes, max_bases, deadline, progress, cluster, drop_jobs=drop, partner=Nf,
                                certificate=certificate, drop_shards=drop_shards, **budget)
        if got is None:
            return None
        lo, hi, labels, complete, stopped, report, status = got
        return CertifiedBases(d, k, lo, hi, labels, complete, stopped, Mres, ps, report, status)
    if threads > 1:
        from gamekit.kernel.parallel_search import parallel_bases

        depth = {} if frontier_depth is None else {"frontier_depth": frontier_depth}
        out = parallel_bases(M, Mres, primes, max_bases, deadline, progress, threads, limit, drop, **depth)
        return None if out is None else CertifiedBases(d, k, out[0], out[1], out[2], out[3], out[4], Mres, ps)
    return _one_thread(M, Mres, primes, max_bases, deadline, progress, limit, drop)


def _one_thread(M: Sequence[Sequence[int]], Mres: np.ndarray, primes: tuple, max_bases: int | None,
                deadline: float | None, progress: Callable[[int, int], None] | None, limit: int,
                drop: int) -> CertifiedBases | None:
    """:func:`search_bases` in this thread: the float reverse search, the exact check of
    its tree (at most ``limit`` bases after a time stop) and the closure certificate."""
    from gamekit.kernel.modular_verify import closure_certificate, column_logs, verify_tree

    ps, inv, half = primes
    k, d = len(M), len(M[0])
    try:
        st, count, stopped = _reverse_search(M, max_bases, deadline, progress)
    except FloatSearchFailed:  # the float search gave up; any other exception is a bug
        return None
    count = max(1, count - drop)
    if stopped == "seconds":  # keep the exact check short too: ~10 ns per modular operation
        count = min(count, limit)
    labels = np.zeros((count, 2), np.uint64)
    bad = verify_tree(Mres, ps, inv, half, st.parent[:count], st.enter[:count], st.leave[:count], count, st.lo, st.hi,
                      labels, column_logs(M))
    if bad >= 0:
        return None
    complete = not stopped and bool(closure_certificate(st.lo, st.hi, st.nbr, st.table, count, d, d + k))
    if not complete and not stopped:
        return None  # candidate set not closed: the float search missed bases
    return CertifiedBases(d, k, st.lo[:count].copy(), st.hi[:count].copy(), labels, complete, stopped, Mres, ps)


def basis_point(M: Sequence[Sequence[int]], basis: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """Exact vertex ``z = nums / den`` of a basis (nonbasic variables 0): the basic
    structural variables Z solve ``M[R, Z] z_Z = 1`` with R the rows whose slack is
    nonbasic (|R| = |Z| since |basis| = k)."""
    from gamekit.core.errors import CertificationError
    from gamekit.kernel.linalg import solve_int

    k, d = len(M), len(M[0])
    Z = sorted(int(v) for v in basis if v < d)
    slack = {int(v) - d for v in basis if v >= d}
    R = [i for i in range(k) if i not in slack]
    nums = [0] * d
    if not Z:
        return tuple(nums), 1
    sol = solve_int([[M[i][j] for j in Z] for i in R], [1] * len(R))
    if sol is None:
        raise CertificationError("certified vertex enumeration: a verified basis is singular")
    for j, v in zip(Z, sol[0]):
        nums[j] = v
    return tuple(nums), sol[1]


def _crt(res: np.ndarray, primes: np.ndarray) -> np.ndarray:
    """Integers with residues ``res[..., s]`` modulo ``primes[s]`` in the symmetric range
    (−Π/2, Π/2) (Chinese remainder theorem; Python integers in an object array)."""
    ps = [int(p) for p in primes]
    if len(ps) == 1:  # one prime: the symmetric residue itself (int64, no Python integers)
        return np.where(res[..., 0] > ps[0] // 2, res[..., 0] - ps[0], res[..., 0])
    Pi = 1
    for p in ps:
        Pi *= p
    acc = np.zeros(res.shape[:-1], dtype=object)
    for s, p in enumerate(ps):
        c = (Pi // p) * pow(Pi // p, -1, p)
        acc = acc + res[..., s].astype(object) * c
    acc %= Pi
    return np.where(acc > Pi // 2, acc - Pi, acc)


MODULAR_VERTEX_PRIMES = 4
""":func:`basis_vectors` computes the vertices of a polytope verified modulo at most this many
primes (entries below about 2¹⁰⁸) from its residues, the others by FLINT."""


def basis_vectors(M: Sequence[Sequence[int]], cb: CertifiedBases, which: Sequence[int]) -> list[tuple[int, ...]]:
    """For each basis index in ``which``: the vertex z of that basis as a nonnegative
    integer vector, a positive multiple of z (z / Σz is the strategy), by one of two
    arithmetics chosen here by the length of the numbers (the number of verification
    primes; both give the same vectors up to a positive factor):

    * short numbers (at most :data:`MODULAR_VERTEX_PRIMES` primes: small payoffs, e.g. the
      2ⁿ − 1 equilibria of a coordination game): the Cramer numerators ``N = det·z``
      modulo the primes of the verification
      (:func:`gamekit.kernel.modular_verify.basis_numerators`, compiled; ``|N_j| ≤ H < Π/2``),
      recovered by the Chinese remainder theorem; z ≥ 0 and z ≠ 0 for every vertex but the
      origin, so ``N·sign(ΣN)`` is a nonnegative multiple of z. A basis that is singular
      modulo some prime is solved by :func:`basis_point` instead;
    * long numbers (integer payoffs of 10⁶, the column-reduced payoffs of rational games
      with hundreds of bits and a hundred primes): :func:`basis_point`, FLINT's exact solve
      of the |Z|×|Z| system (the vertices of equilibria have about half the variables
      basic) — as fast as the residues on integer payoffs, 3–10× faster on rational ones;
      the residues win only where a call's fixed cost dominates (1 µs against 15 µs per
      vertex with one prime)."""
    from gamekit.kernel.modular_verify import basis_numerators

    which = list(which)
    if not which:
        return []
    bases = cb.basic_sets(which)
    if cb.primes is None or len(cb.primes) > MODULAR_VERTEX_PRIMES:
        return [basis_point(M, basis)[0] for basis in bases]
    assert cb.primes is not None and cb.residues is not None  # set for every certified result
    out = np.zeros((len(which), len(cb.primes), cb.d), np.int64)
    res = np.transpose(out, (0, 2, 1))  # [b, j, s]
    vecs: list[tuple[int, ...]] = []
    start = 0
    while start < len(which):
        bad = basis_numerators(cb.residues, cb.primes, bases[start:], out[start:])
        stop = len(which) if bad < 0 else start + bad
        for row in _crt(res[start:stop], cb.primes).tolist():
            vecs.append(tuple(row) if sum(row) >= 0 else tuple(-a for a in row))
        if bad >= 0:
            vecs.append(basis_point(M, bases[stop])[0])
            stop += 1
        start = stop
    return vecs
