"""The compiled dealing kernel (games.baccara.casino.shoe_kernel).

Checked facts:
* the numpy shuffle is a permutation of the shoe and card positions are uniform
  (chi-square at a fixed seed);
* each compiled kernel (C library, numba) deals exactly what the numpy backend (same
  shuffle + the vectorized dealer) and the plain Python dealer deal from the same shoes;
* a run's result does not depend on the backend (C, numba, numpy), nor on the threads;
* the C library is rebuilt into a fresh cache directory and reused from it.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import chi2

from games.baccara.casino import shoe_c, shoe_kernel
from games.baccara.casino.odds import STANDARD_BETS, Shoe
from games.baccara.casino.simulation import (
    NO_COUP,
    _BetClasses,
    _ChunkDealer,
    _Dealer,
    deal_shoe_python,
    simulate,
)

_COMPILED = [k for k, ok in (("c", shoe_c.load() is not None), ("numba", shoe_kernel.numba_available())) if ok]


@pytest.fixture(params=_COMPILED)
def compiled(request, monkeypatch) -> str:
    """Each compiled kernel available here, chosen through GAMEKIT_SIM_KERNEL."""
    monkeypatch.setenv("GAMEKIT_SIM_KERNEL", request.param)
    assert shoe_kernel.backend() == request.param
    return request.param


def test_numpy_shuffle_is_a_uniform_permutation() -> None:
    shoe = Shoe.decks(1)
    base = np.repeat(np.arange(13, dtype=np.uint8), shoe.counts)
    cards = shoe_kernel.shuffled_shoes(base, shoe_kernel.seed_key(3), 0, 4096)
    assert all(sorted(r.tolist()) == base.tolist() for r in cards[:50])
    obs = np.stack([np.bincount(cards[:, p], minlength=13) for p in range(52)])
    exp = cards.shape[0] / 13
    stat = ((obs - exp) ** 2 / exp).sum()
    assert chi2.ppf(0.001, 52 * 12) < stat < chi2.ppf(0.999, 52 * 12)


@pytest.mark.parametrize("decks, cut, burn", [(8, 7, True), (1, 6, False), (2, 30, True)])
def test_kernel_equals_numpy_backend_and_python_dealer(compiled: str, decks: int, cut: int, burn: bool) -> None:
    shoe = Shoe.decks(decks)
    classes = _BetClasses(dict(STANDARD_BETS))
    dealer = _ChunkDealer(shoe, cut, burn, 17, classes, 2)
    hist, gram, ncoups, codes = dealer.deal(5, 40, True, 1 << 30)
    cards = shoe_kernel.shuffled_shoes(dealer.base, dealer.key, 5, 40)
    ref = _Dealer(shoe, cut, burn).deal(np.pad(cards, ((0, 0), (0, 8))))
    for s in range(40):
        want = [int(c) for c in ref[:, s] if c != NO_COUP]
        assert codes[s, : ncoups[s]].tolist() == want
        assert want == [c for c, _, _ in deal_shoe_python(cards[s].tolist(), cut, burn)]
        assert np.array_equal(hist[s], np.bincount(classes.cls[want], minlength=classes.n_classes))
    h = hist.astype(np.int64)
    assert np.array_equal(gram, h.T @ h)


@pytest.mark.parametrize("workers", [1, 2])
def test_backends_give_the_same_run(compiled: str, workers: int, monkeypatch) -> None:
    fast = simulate(30_000, 6, seed=4, exact=False, workers=workers)
    monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "numpy")
    fallback = simulate(30_000, 6, seed=4, exact=False)
    assert fast.counts == fallback.counts and fast.shoes == fallback.shoes
    assert all(fast.bets[k].mean == fallback.bets[k].mean for k in fast.bets)
    assert all(fast.bets[k].stderr == fallback.bets[k].stderr for k in fast.bets)


@pytest.mark.parametrize("shoe_no, step", [(80403, 6), (161777, 92)])
def test_rejected_draws_follow_the_same_word_stream(compiled: str, shoe_no: int, step: int) -> None:
    """Shoes of seed 1 (8 decks) whose draw at ``step`` is rejected by Lemire's test.

    The fact is checked here from the words themselves: no earlier draw is rejected and
    that one is; then the compiled kernel (which leaves its two-draws-per-output fast path
    there) must deal exactly what the numpy shuffle and the Python dealer deal.
    """
    shoe = Shoe.decks(8)
    n = shoe.size
    key = shoe_kernel.seed_key(1)
    state0 = shoe_kernel._mixed_states(key, shoe_no, 1)
    lo = np.uint64(0xFFFFFFFF)
    rejected = []
    for i in range(step + 1):
        w = shoe_kernel._words(state0, np.array([i]))
        rejected.append(bool((w * np.uint64(n - i)) & lo < np.uint64((2**32 - (n - i)) % (n - i))))
    assert rejected == [False] * step + [True]
    classes = _BetClasses(dict(STANDARD_BETS))
    dealer = _ChunkDealer(shoe, 7, True, 1, classes, 1)
    for first in (shoe_no, shoe_no - 16, shoe_no - 17):  # alone; first / second shoe of a pair
        count = 1 if first == shoe_no else 32  # 32 shoes: 8 blocks of 4, dealt two by two
        hist, gram, ncoups, codes = dealer.deal(first, count, True, 1 << 30)
        cards = shoe_kernel.shuffled_shoes(dealer.base, key, first, count)
        for s in range(count):
            want = [c for c, _, _ in deal_shoe_python(cards[s].tolist(), 7, True)]
            assert codes[s, : ncoups[s]].tolist() == want


@pytest.mark.skipif(shoe_c.load() is None, reason="no C compiler")
def test_c_library_is_built_into_the_cache_and_reused(tmp_path, monkeypatch) -> None:
    """A fresh cache directory gets one library named by the source's digest; a second
    load (new process state) reuses the file and deals the same shoes."""
    monkeypatch.setenv("GAMEKIT_CACHE_DIR", str(tmp_path))
    shoe_c.load.cache_clear()
    try:
        fn = shoe_c.load()
        built = sorted(p.name for p in tmp_path.iterdir())
        assert fn is not None and len(built) == 1 and built[0].startswith("shoe_kernel-")
        mtime = (tmp_path / built[0]).stat().st_mtime_ns
        shoe_c.load.cache_clear()
        assert shoe_c.load() is not None
        assert sorted(p.name for p in tmp_path.iterdir()) == built  # no temporary file left
        assert (tmp_path / built[0]).stat().st_mtime_ns == mtime  # reused, not rebuilt
        monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "c")
        a = simulate(5_000, 2, seed=9, exact=False)
        monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "numpy")
        assert simulate(5_000, 2, seed=9, exact=False).counts == a.counts
    finally:
        shoe_c.load.cache_clear()


def test_many_bet_classes_take_the_wide_table(compiled: str, monkeypatch) -> None:
    """A bet paying differently on every final state gives > 64 classes: the coup table is
    no longer uint8 (numba: int32, C: uint16, dealt without the lockstep fast path); the run
    must still equal the numpy backend's, and the exact value must match bet_return."""
    from fractions import Fraction

    from games.baccara.casino.odds import STATES, Bet, bet_return, coup_distribution, state_index

    def by_state(s) -> Fraction:
        i = state_index(s.player_cards, s.player_total, s.banker_cards, s.banker_total,
                        int(s.player_pair), int(s.banker_pair))
        return Fraction(i % 97 - 48, 7)

    bets = {"fine": Bet("fine", "pays by final state", by_state), "banker": STANDARD_BETS["banker"]}
    assert _BetClasses(bets).n_classes > 64 and len(STATES) == 1600
    fast = simulate(1_500, 2, seed=3, bets=bets)
    monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "numpy")
    slow = simulate(1_500, 2, seed=3, bets=bets)
    assert fast.counts == slow.counts and fast.bets["fine"].mean == slow.bets["fine"].mean
    assert fast.bets["fine"].exact == bet_return(coup_distribution(Shoe.decks(2)), bets["fine"]).expected


@pytest.mark.skipif(not hasattr(__import__("os"), "fork") or shoe_c.load() is None, reason="needs fork and cc")
def test_two_workers_after_fork(monkeypatch) -> None:
    """C kernel: a child forked after a two-worker run (its copy of the thread pool has no
    threads) still deals, and deals the same run. (numba's OpenMP/workqueue threading
    layers are not fork-safe: not tested.)"""
    import multiprocessing as mp

    monkeypatch.setenv("GAMEKIT_SIM_KERNEL", "c")

    parent = simulate(4_000, 1, seed=8, exact=False, workers=2)
    with mp.get_context("fork").Pool(1) as pool:
        child = pool.apply_async(_counts_with_two_workers).get(timeout=120)
    assert child == parent.counts


def _counts_with_two_workers() -> dict:
    return simulate(4_000, 1, seed=8, exact=False, workers=2).counts
