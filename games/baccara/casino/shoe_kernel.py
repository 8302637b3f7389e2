"""Compiled dealing kernel for the shoe simulator: shuffle, burn, cut card, third-card rules.

One *shoe* is identified by its run seed and its number ``s`` (0, 1, 2, …). Its cards
are a uniformly random permutation of the shoe's ranks produced by the **forward
Fisher–Yates** shuffle: for i = 0 … N − 2, swap position i with a position j drawn
uniformly from {i, …, N − 1}. The uniform draws come from a per-shoe SplitMix64 stream
(Steele, Lea & Flood, *Fast splittable pseudorandom number generators*, OOPSLA 2014)
started at ``mix(mix(seed) ^ mix(s + 1))``, and each bounded draw is Lemire's
multiply-shift with rejection (Lemire, *Fast random integer generation in an interval*,
ACM TOMACS 2019), so every j is *exactly* uniform and so is the permutation (given
an ideal 32-bit source). Because the shuffle is forward, the first k cards are final
after k steps: the kernel shuffles lazily, only as far as the dealer reads, and
:func:`shuffled_shoes` (the full shuffle) deals the same cards.

Since a shoe depends only on (seed, s), shoes can be dealt in any order and on any
number of threads with the same result, and a shorter run is a prefix of a longer one.

Two backends give identical results:

* **numba** (``@njit(parallel=True)``, one ``prange`` over the shoes of a chunk; the
  number of threads is ``workers``), used when numba imports;
* **numpy**, the fallback: the same SplitMix64/Lemire shuffle vectorized across shoes,
  then the vectorized dealer of :mod:`games.baccara.casino.simulation`.

A coup is coded as in :func:`games.baccara.casino.simulation.deal_shoe_python`:
``((((pc−2)·10 + pt)·2 + (bc−2))·10 + bt)·4 + 2·[player pair] + [banker pair]``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

__all__ = ["numba_available", "shuffled_shoes", "deal_chunk", "seed_key"]

_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_MASK = (1 << 64) - 1


def _mix_int(z: int) -> int:
    """SplitMix64's output function on a Python int (mod 2⁶⁴)."""
    z &= _MASK
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


def seed_key(seed: int) -> int:
    """The run key mix(seed mod 2⁶⁴) shared by every shoe of a run."""
    return _mix_int(seed)


def _shoe_states(key: int, first: int, count: int) -> np.ndarray:
    """Initial SplitMix64 states of shoes first … first+count−1: mix(key ^ mix(s + 1))."""
    s = np.arange(first + 1, first + count + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        return _mix_np(s) ^ np.uint64(key)


def _mix_np(z: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        z = (z ^ (z >> np.uint64(30))) * np.uint64(_M1)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(_M2)
        return z ^ (z >> np.uint64(31))


def _mixed_states(key: int, first: int, count: int) -> np.ndarray:
    return _mix_np(_shoe_states(key, first, count))


# ------------------------------------------------------------------ numpy backend


def shuffled_shoes(base: np.ndarray, key: int, first: int, count: int) -> np.ndarray:
    """Shoes first … first+count−1 fully shuffled, rank indices, shape (count, N) uint8.

    ``base`` lists the shoe's cards (rank indices) in a fixed order. Vectorized across
    shoes; bit-identical to the compiled kernel.
    """
    n = base.size
    cards = np.tile(base.astype(np.uint8), (count, 1))
    state = _mixed_states(key, first, count)
    rows = np.arange(count)
    g = np.uint64(_GAMMA)
    lo32 = np.uint64(0xFFFFFFFF)
    with np.errstate(over="ignore"):
        for i in range(n - 1):
            r = np.uint64(n - i)
            thresh = np.uint64((2**32 - (n - i)) % (n - i))
            state += g
            m = (_mix_np(state) >> np.uint64(32)) * r
            bad = (m & lo32) < thresh
            while bad.any():  # Lemire's rejection (rare: probability < N / 2³²)
                state[bad] += g
                m[bad] = (_mix_np(state[bad]) >> np.uint64(32)) * r
                bad = (m & lo32) < thresh
            j = (m >> np.uint64(32)).astype(np.int64) + i
            ci = cards[:, i].copy()
            cards[:, i] = cards[rows, j]
            cards[rows, j] = ci
    return cards


# ------------------------------------------------------------------ numba backend


@lru_cache(maxsize=1)
def _numba_kernel():
    """Compile (or load from cache) the parallel dealing kernel; None without numba."""
    try:
        import numba
        from numba import njit, prange, uint64
    except Exception:  # noqa: BLE001 - any import failure means "use numpy"
        return None

    G, M1, M2 = uint64(_GAMMA), uint64(_M1), uint64(_M2)
    LO = uint64(0xFFFFFFFF)
    S30, S27, S31, S32 = uint64(30), uint64(27), uint64(31), uint64(32)

    @njit(cache=True, inline="always", error_model="numpy")
    def mix(z):
        z = (z ^ (z >> S30)) * M1
        z = (z ^ (z >> S27)) * M2
        return z ^ (z >> S31)

    @njit(cache=True, inline="always", error_model="numpy")
    def draw(cards, i, n, state):
        """Forward Fisher–Yates step i (exact: Lemire's rejection); returns the new state."""
        r = uint64(n - i)
        state += G
        m = (mix(state) >> S32) * r
        if (m & LO) < r:  # only then can the draw need rejecting (Lemire)
            thresh = uint64((4294967296 - (n - i)) % (n - i))
            while (m & LO) < thresh:
                state += G
                m = (mix(state) >> S32) * r
        j = i + np.int64(m >> S32)
        c = cards[j]
        cards[j] = cards[i]
        cards[i] = c
        return state

    @njit(cache=True, parallel=True, error_model="numpy")
    def deal(base, key, first, count, val, burn_len, pdraw, bdraw, cut, burn, cls, hist, codes, ncoups, cap_last):
        n = base.size
        last = n - cut
        maxc = codes.shape[1]
        for s in prange(count):
            cards = base.copy()
            state = mix(mix(uint64(first + s + 1)) ^ key)
            for i in range(min(n - 1, last + 6)):  # the prefix the dealer can read
                state = draw(cards, i, n, state)
            p = 0
            if burn:
                p = 1 + burn_len[cards[0]]
            cap = cap_last if s == count - 1 else n
            nc = 0
            while p <= last and nc < cap:
                r0, r1, r2, r3 = cards[p], cards[p + 1], cards[p + 2], cards[p + 3]
                pt = (val[r0] + val[r2]) % 10
                bt = (val[r1] + val[r3]) % 10
                p += 4
                pd = 0
                bd = 0
                if pt < 8 and bt < 8:
                    k = 10
                    if pdraw[pt]:
                        k = val[cards[p]]
                        p += 1
                        pt = (pt + k) % 10
                        pd = 1
                    if bdraw[bt, k]:
                        bt = (bt + val[cards[p]]) % 10
                        p += 1
                        bd = 1
                code = ((((pd * 10 + pt) * 2 + bd) * 10 + bt) * 4) + 2 * (r0 == r2) + (r1 == r3)
                hist[s, cls[code]] += 1
                if maxc > 0:
                    codes[s, nc] = code
                nc += 1
            ncoups[s] = nc
        return 0

    return numba, deal


def numba_available() -> bool:
    """Whether the compiled kernel is in use."""
    return _numba_kernel() is not None


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
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None] | None:
    """Deal shoes first … first+count−1 with the compiled kernel (None without numba).

    Returns ``(hist, ncoups, codes)``: per-shoe counts of each bet class (count ×
    n_classes, int32), coups per shoe, and with ``want_codes`` the coup codes
    (count × max coups per shoe, int16; row s valid up to ``ncoups[s]``). The last shoe
    of the chunk deals at most ``cap_last`` coups (to stop a run mid-shoe).
    """
    kern = _numba_kernel()
    if kern is None:
        return None
    numba, deal = kern
    maxc = (base.size // 4 + 1) if want_codes else 0
    hist = np.zeros((count, n_classes), dtype=np.int32)
    codes = np.zeros((count, max(maxc, 1) if want_codes else 0), dtype=np.int16)
    ncoups = np.zeros(count, dtype=np.int64)
    numba.set_num_threads(max(1, min(workers, numba.config.NUMBA_NUM_THREADS)))
    deal(base, np.uint64(key), np.int64(first), np.int64(count), val, burn_len, pdraw, bdraw,
         np.int64(cut), bool(burn), cls, hist, codes, ncoups, np.int64(cap_last))
    return hist, ncoups, (codes if want_codes else None)
