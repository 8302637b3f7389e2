"""Compiled dealing kernel for the shoe simulator: shuffle, burn, cut card, third-card rules.

One *shoe* is identified by its run seed and its number ``s`` (0, 1, 2, …). Its cards
are a uniformly random permutation of the shoe's ranks produced by the **forward
Fisher–Yates** shuffle: for i = 0 … N − 2, swap position i with a position j drawn
uniformly from {i, …, N − 1}. The uniform draws come from a per-shoe SplitMix64 stream
(Steele, Lea & Flood, *Fast splittable pseudorandom number generators*, OOPSLA 2014)
started at ``mix(mix(seed) ^ mix(s + 1))``; each 64-bit output x_k = mix(state + k·γ),
k = 1, 2, …, gives two 32-bit words, first its high half then its low half
(w₀ = hi(x₁), w₁ = lo(x₁), w₂ = hi(x₂), …). Each bounded draw consumes words by
Lemire's multiply-shift with rejection (Lemire, *Fast random integer generation in an
interval*, ACM TOMACS 2019, Algorithm 5): j − i = ⌊w·r / 2³²⌋ for r = N − i, rejected
while (w·r mod 2³²) < (2³² − r) mod r, so every j is *exactly* uniform and so is the
permutation (given an ideal 32-bit source). Because the shuffle is forward, the first k
cards are final after k steps: the kernel shuffles lazily, only as far as the dealer
reads, and :func:`shuffled_shoes` (the full shuffle) deals the same cards.

Since a shoe depends only on (seed, s), shoes can be dealt in any order and on any
number of threads with the same result, and a shorter run is a prefix of a longer one.

**Dealing without branches.** A coup starting at position p is decided by the two-card
totals and pair flags of Player (cards p, p + 2) and Banker (p + 1, p + 3) and by the
values of the next two cards (p + 4, p + 5; read even when not dealt, since the cut card
leaves at least 6 cards behind): its index
``(((pt·2 + pp)·10 + bt)·2 + bp)·100 + 10·v₄ + v₅`` (0 … 39 999) is a sum of four table
look-ups, and one more table gives the coup's bet class and how many third cards it
used (0, 1 or 2; the punto banco tableau). The table is built once from the drawing
rules with the vectorized rule :func:`coup_table`, so the kernel's inner loop has no
data-dependent branch.

Three backends give identical results (:func:`backend`; ``GAMEKIT_SIM_KERNEL`` chooses):

* **C** (``shoe_kernel.c``, built once with the system C compiler and loaded by ctypes,
  :mod:`games.baccara.casino.shoe_c`), the default: it loads in milliseconds, where numba
  costs ≈ 1 CPU-second per process (import, code generator, cache load). Runs without
  sessions go through :func:`games.baccara.casino.sim_core.run_c` (the library's POSIX
  threads, no numpy); :func:`deal_chunk` here (per-shoe histograms and coup codes, for
  sessions and tests) uses ``workers`` Python threads on disjoint blocks, ctypes releasing
  the GIL. On AVX-512 CPUs the library shuffles and deals eight shoes at once (same
  stream; ``shoe_kernel.c`` explains);
* **numba** (``@njit(parallel=True)``, one ``prange`` over blocks of shoes; the number
  of threads is ``workers``), used when no C compiler is available;
* **numpy**, the fallback: the same SplitMix64/Lemire shuffle vectorized across shoes,
  then the vectorized dealer of :mod:`games.baccara.casino.simulation`.

A coup is coded as in :func:`games.baccara.casino.simulation.deal_shoe_python`:
``((((pc−2)·10 + pt)·2 + (bc−2))·10 + bt)·4 + 2·[player pair] + [banker pair]``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from games.baccara.casino.sim_core import GAMMA, MIX_M1, MIX_M2, seed_key

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

__all__ = ["numba_available", "backend", "shuffled_shoes", "deal_chunk", "seed_key"]

_MASK = (1 << 64) - 1


def _shoe_states(key: int, first: int, count: int) -> np.ndarray:
    """Initial SplitMix64 states of shoes first … first+count−1: mix(key ^ mix(s + 1))."""
    s = np.arange(first + 1, first + count + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        return _mix_np(s) ^ np.uint64(key)


def _mix_np(z: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        z = (z ^ (z >> np.uint64(30))) * np.uint64(MIX_M1)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(MIX_M2)
        return z ^ (z >> np.uint64(31))


def _mixed_states(key: int, first: int, count: int) -> np.ndarray:
    return _mix_np(_shoe_states(key, first, count))


# ------------------------------------------------------------------ numpy backend


def _words(state0: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Word t of each shoe's stream: hi(x_k) for t = 2k − 2, lo(x_k) for t = 2k − 1 (uint64 < 2³²)."""
    with np.errstate(over="ignore"):
        x = _mix_np(state0 + (t // 2 + 1).astype(np.uint64) * np.uint64(GAMMA))
    return np.where(t & 1, x & np.uint64(0xFFFFFFFF), x >> np.uint64(32))


def shuffled_shoes(base: np.ndarray, key: int, first: int, count: int) -> np.ndarray:
    """Shoes first … first+count−1 fully shuffled, rank indices, shape (count, N) uint8.

    ``base`` lists the shoe's cards (rank indices) in a fixed order. Vectorized across
    shoes (each shoe keeps its own word counter, since a rejection consumes a word);
    bit-identical to the compiled kernel.
    """
    n = base.size
    cards = np.tile(base.astype(np.uint8), (count, 1))
    state0 = _mixed_states(key, first, count)
    t = np.zeros(count, dtype=np.int64)  # words consumed so far, per shoe
    rows = np.arange(count)
    lo32 = np.uint64(0xFFFFFFFF)
    with np.errstate(over="ignore"):
        for i in range(n - 1):
            r = np.uint64(n - i)
            thresh = np.uint64((2**32 - (n - i)) % (n - i))
            m = _words(state0, t) * r
            t += 1
            bad = np.flatnonzero((m & lo32) < thresh)
            while bad.size:  # Lemire's rejection (rare: probability < N / 2³²)
                m[bad] = _words(state0[bad], t[bad]) * r
                t[bad] += 1
                bad = bad[(m[bad] & lo32) < thresh]
            j = (m >> np.uint64(32)).astype(np.int64) + i
            ci = cards[:, i].copy()
            cards[:, i] = cards[rows, j]
            cards[rows, j] = ci
    return cards


# ------------------------------------------------------------------ coup table


def coup_table(
    val: np.ndarray, pdraw: np.ndarray, bdraw: np.ndarray, cls: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Look-up tables of the branch-free dealer (module docstring).

    For ranks r₀ … r₅ of cards p … p + 5 the coup's index is
    ``px[16·r₀ + r₂] + bx[16·r₁ + r₃] + v10[r₄] + v1[r₅]`` with
    ``px = (pt·2 + pp)·2000``, ``bx = (bt·2 + bp)·100``, ``v10 = 10·value``, ``v1 = value``;
    ``ct[index] = class·4 + third cards used`` and ``code[index]`` is the coup code.
    The rule is the punto banco tableau: no draw on a natural (8 or 9), Player draws on
    ``pdraw[pt]``, Banker on ``bdraw[bt, k]`` with k Player's third card (10 if he stood).
    """
    val = np.asarray(val, dtype=np.int64)
    ranks = np.arange(16)
    vr = np.append(val, np.zeros(16 - val.size, dtype=np.int64))
    r0, r2 = np.meshgrid(ranks, ranks, indexing="ij")
    tot = (vr[r0] + vr[r2]) % 10
    pair = (r0 == r2).astype(np.int64)
    px = ((tot * 2 + pair) * 2000).ravel().astype(np.int32)
    bx = ((tot * 2 + pair) * 100).ravel().astype(np.int32)
    v10 = (10 * vr).astype(np.int32)
    v1 = vr.astype(np.int32)
    idx = np.arange(40_000)
    pt, pp = idx // 4000, idx // 2000 % 2
    bt, bp = idx // 200 % 10, idx // 100 % 2
    v4, v5 = idx // 10 % 10, idx % 10
    natural = (pt >= 8) | (bt >= 8)
    pdr = ~natural & (np.asarray(pdraw)[pt] != 0)
    k = np.where(pdr, v4, 10)
    bdr = ~natural & (np.asarray(bdraw)[bt, k] != 0)
    ptf = np.where(pdr, (pt + v4) % 10, pt)
    btf = np.where(bdr, (bt + np.where(pdr, v5, v4)) % 10, bt)
    code = (((pdr * 10 + ptf) * 2 + bdr) * 10 + btf) * 4 + 2 * pp + bp
    n_classes = int(np.max(cls)) + 1
    ct = np.asarray(cls)[code] * 4 + pdr + bdr
    ct = ct.astype(np.uint8 if n_classes <= 64 else np.int32)
    return px, bx, v10, v1, ct, code.astype(np.int16)


@lru_cache(maxsize=8)
def _cached_table(val: bytes, pdraw: bytes, pshape: tuple, bdraw: bytes, bshape: tuple, cls: bytes) -> tuple:
    return coup_table(
        np.frombuffer(val, dtype=np.int64),
        np.frombuffer(pdraw, dtype=np.int64).reshape(pshape),
        np.frombuffer(bdraw, dtype=np.int64).reshape(bshape),
        np.frombuffer(cls, dtype=np.int64),
    )


def _table_for(val: np.ndarray, pdraw: np.ndarray, bdraw: np.ndarray, cls: np.ndarray) -> tuple:
    """:func:`coup_table`, cached by the tables' contents."""
    arrs = [np.ascontiguousarray(a, dtype=np.int64) for a in (val, pdraw, bdraw, cls)]
    return _cached_table(arrs[0].tobytes(), arrs[1].tobytes(), arrs[1].shape, arrs[2].tobytes(),
                         arrs[2].shape, arrs[3].tobytes())


# ------------------------------------------------------------------ numba backend


@lru_cache(maxsize=1)
def _numba_kernel():
    """The compiled parallel dealing kernel (loaded from numba's cache); None without numba.

    OpenMP threads that wait for work sleep instead of spinning (``OMP_WAIT_POLICY``
    passive unless the user set it): a spinning idle thread burns a core that the other
    load of a shared machine, or the next chunk's Python code, could use.
    """
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        import numba

        from games.baccara.casino.shoe_numba import deal
    except Exception:  # noqa: BLE001 - any import failure means "use numpy"
        return None
    return numba, deal


def numba_available() -> bool:
    """Whether the numba kernel can be used (numba imports)."""
    return _numba_kernel() is not None


def _arrays(base: np.ndarray, count: int, n_classes: int, want_codes: bool, blocks: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Output arrays of a chunk: hist, codes, ncoups, per-block Gram matrices."""
    maxc = (base.size // 4 + 1) if want_codes else 0
    return (np.zeros((count, n_classes), dtype=np.int32), np.zeros((count, maxc), dtype=np.int16),
            np.zeros(count, dtype=np.int64), np.zeros((blocks, n_classes, n_classes), dtype=np.int64))


_POOLS: dict[tuple[int, int], ThreadPoolExecutor] = {}


def _pool(threads: int) -> ThreadPoolExecutor:
    """A thread pool of this size, kept for the next chunks (idle threads block, they do not
    spin); a forked child (whose copy of the pool has no threads) makes its own."""
    key = (threads, os.getpid())
    pool = _POOLS.get(key)
    if pool is None:
        from concurrent.futures import ThreadPoolExecutor

        pool = _POOLS[key] = ThreadPoolExecutor(threads, thread_name_prefix="shoe-kernel")
    return pool


def _deal_c(fn: Callable[..., int], base: np.ndarray, key: int, first: int, count: int, tables: tuple,
            burn_len: np.ndarray, cut: int, burn: bool, n_classes: int, want_codes: bool, cap_last: int,
            workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The C kernel: ``workers`` Python threads deal disjoint blocks (ctypes releases the GIL).

    With several threads the chunk is cut into 4 blocks per thread, taken from the pool's
    queue as threads come free: a thread slowed by other load on the machine takes fewer.
    """
    px, bx, v10, v1, ct, code_t = tables
    threads = max(1, min(workers, count))
    blocks = 1 if threads == 1 else min(count, 4 * threads)
    hist, codes, ncoups, gram = _arrays(base, count, n_classes, want_codes, blocks)
    ct8 = ct if ct.dtype == np.uint8 else None
    ct16 = None if ct8 is not None else np.ascontiguousarray(ct, dtype=np.uint16)
    base = np.ascontiguousarray(base, dtype=np.uint8)
    burn_len = np.ascontiguousarray(burn_len, dtype=np.int32)

    def ptr(a):
        return None if a is None else a.ctypes.data

    args = [ptr(base), base.size, key, first, count, blocks, 0, 0, ptr(px), ptr(bx), ptr(v10), ptr(v1),
            ptr(ct8), ptr(ct16), ptr(code_t), ptr(burn_len), cut, int(burn), ptr(hist), n_classes, ptr(gram),
            None, ptr(codes), codes.shape[1], ptr(ncoups), cap_last]

    def run(b: int) -> int:
        a = list(args)
        a[6], a[7] = b, b + 1
        return fn(*a)

    if threads == 1:
        status = [run(0)]
    else:
        status = list(_pool(threads).map(run, range(blocks)))
    if any(status):
        raise MemoryError("the C dealing kernel could not allocate its scratch shoes")
    return hist, gram, ncoups, codes


def _deal_numba(kern: tuple, base: np.ndarray, key: int, first: int, count: int, tables: tuple,
                burn_len: np.ndarray, cut: int, burn: bool, n_classes: int, want_codes: bool, cap_last: int,
                workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The numba kernel: one ``prange`` over 8 blocks per thread (per-block Gram matrices)."""
    numba, deal = kern
    px, bx, v10, v1, ct, code_t = tables
    threads = max(1, min(workers, numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(threads)
    blocks = min(count, 8 * threads)
    hist, codes, ncoups, gram = _arrays(base, count, n_classes, want_codes, blocks)
    deal(base, np.uint64(key), np.int64(first), np.int64(count), np.int64(blocks), px, bx, v10, v1, ct, code_t,
         burn_len, np.int64(cut), bool(burn), hist, gram, codes, ncoups, np.int64(cap_last))
    return hist, gram, ncoups, codes


def backend() -> str:
    """The kernel in use: ``"c"``, ``"numba"``, or ``"numpy"`` (no compiled kernel: the fallback).

    ``GAMEKIT_SIM_KERNEL`` (``c``, ``numba`` or ``numpy``) chooses; by default the C
    library (:mod:`games.baccara.casino.shoe_c`) when a C compiler is available, else numba,
    else numpy. All three deal the same cards.
    """
    want = os.environ.get("GAMEKIT_SIM_KERNEL", "c").lower()
    if want not in ("numba", "numpy"):
        from games.baccara.casino import shoe_c

        if shoe_c.load() is not None:
            return "c"
    if want != "numpy" and _numba_kernel() is not None:
        return "numba"
    return "numpy"


def deal_chunk(
    base: np.ndarray,
    key: int,
    first: int,
    count: int,
    val: np.ndarray,
    burn_len: np.ndarray,
    pdraw: np.ndarray,
    bdraw: np.ndarray,
    cut: int,
    burn: bool,
    cls: np.ndarray,
    n_classes: int,
    want_codes: bool,
    cap_last: int,
    workers: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None] | None:
    """Deal shoes first … first+count−1 with a compiled kernel (None without one: use numpy).

    Returns ``(hist, gram, ncoups, codes)``: per-shoe counts of each bet class (count ×
    n_classes, int32), their Gram matrix Σₛ hₛhₛᵀ (n_classes × n_classes, int64: every
    second moment of the per-shoe returns follows from it exactly), coups per shoe, and
    with ``want_codes`` the coup codes (count × max coups per shoe, int16; row s valid up
    to ``ncoups[s]``). The last shoe of the chunk deals at most ``cap_last`` coups (to
    stop a run mid-shoe). The C kernel (:mod:`games.baccara.casino.shoe_c`) and the numba
    kernel give identical results.
    """
    kind = backend()
    if kind == "numpy":
        return None
    tables = _table_for(val, pdraw, bdraw, cls)
    if kind == "c":
        from games.baccara.casino import shoe_c

        out = _deal_c(shoe_c.load(), base, key, first, count, tables, burn_len, cut, burn, n_classes,
                      want_codes, cap_last, workers)
    else:
        out = _deal_numba(_numba_kernel(), base, key, first, count, tables, burn_len, cut, burn, n_classes,
                          want_codes, cap_last, workers)
    hist, gram, ncoups, codes = out
    upper = gram.sum(axis=0)
    return hist, upper + np.triu(upper, 1).T, ncoups, (codes if want_codes else None)
