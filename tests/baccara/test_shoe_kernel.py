"""The dealing kernel (games.baccara.casino._shoe via shoe_kernel) against its pure-Python reference.

Checked facts:
* the reference shuffle is a permutation of the shoe and card positions are uniform
  (chi-square at a fixed seed); its words follow SplitMix64's published first output;
* the compiled kernel deals exactly the reference's coups, shoe by shoe (codes, class
  sums, Gram matrix), for full and depleted shoes, with and without burn, in the lanes,
  pair and single-shoe paths, with AVX-512 lanes or without, on 1 or 2 threads, and for
  shoes whose draws Lemire's test rejects;
* a run's result does not depend on the kernel, the lanes or the threads;
* every argument of ``_shoe.deal`` is checked at the boundary: a wrong element type,
  length, shape or range is a TypeError/ValueError naming the argument, never a crash;
* a missing or damaged extension gives one notice line and the reference's run (a
  subprocess), and ``kernel="c"`` then refuses with a GameError.
"""

from __future__ import annotations

import subprocess
import sys
from array import array
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import chi2

from gamekit.core.errors import GameError
from games.baccara.casino import shoe_kernel
from games.baccara.casino import shoe_reference as ref
from games.baccara.casino.odds import STANDARD_BETS, Shoe
from games.baccara.casino.shoe_kernel import Dealer, Sums
from games.baccara.casino.sim_core import bet_classes, simulate

ROOT = Path(__file__).resolve().parents[2]
_C = shoe_kernel.compiled_kernel()
needs_c = pytest.mark.skipif(_C is None, reason="the compiled kernel is not built (python setup.py build_ext --inplace)")
_LANES = ["scalar"] + (["avx512"] if _C is not None and _C.has_avx512() else [])


def test_splitmix_matches_the_published_stream() -> None:
    """SplitMix64 seeded with 0: first output 0xE220A8397B1DCDAF (Vigna's splitmix64.c)."""
    assert ref.mix(ref.GAMMA) == 0xE220A8397B1DCDAF


def test_reference_shuffle_is_a_uniform_permutation() -> None:
    base = [r for r in range(13) for _ in range(4)]
    key = ref.seed_key(3)
    cards = np.array([ref.shuffled(base, key, s) for s in range(4096)])
    assert all(sorted(r.tolist()) == base for r in cards[:50])
    obs = np.stack([np.bincount(cards[:, p], minlength=13) for p in range(52)])
    exp = cards.shape[0] / 13
    stat = ((obs - exp) ** 2 / exp).sum()
    assert chi2.ppf(0.001, 52 * 12) < stat < chi2.ppf(0.999, 52 * 12)


def _reference_chunk(shoe: Shoe, classes, seed: int, first: int, count: int, cut: int, burn: bool):
    base = [r for r, n in enumerate(shoe.counts) for _ in range(n)]
    key = ref.seed_key(seed)
    codes = [ref.deal_codes(base, key, first + s, cut, burn) for s in range(count)]
    hist = np.array([np.bincount([classes.cls_list[c] for c in w], minlength=classes.n_classes) for w in codes])
    return codes, hist.astype(np.int64)


def _upper(gram: array, blocks: int, C: int) -> np.ndarray:
    g = np.frombuffer(gram, dtype=np.int64).reshape(blocks, C, C).sum(axis=0)
    return g + np.triu(g, 1).T


@needs_c
@pytest.mark.parametrize("shoe, cut, burn", [(Shoe.decks(8), 7, True), (Shoe.decks(1), 6, False),
                                             (Shoe.decks(2), 30, True), (Shoe.decks(1).remove({"5": 4, "K": 2}), 8, True)])
@pytest.mark.parametrize("lanes", _LANES)
@pytest.mark.parametrize("threads", [1, 2])
def test_kernel_deals_the_reference_coups(shoe: Shoe, cut: int, burn: bool, lanes: str, threads: int) -> None:
    classes = bet_classes(dict(STANDARD_BETS))
    first, count = 5, 43  # eight-lane groups, a pair and a single shoe per block
    codes, hist = _reference_chunk(shoe, classes, 17, first, count, cut, burn)
    for want_codes in (False, True):
        d = Dealer(shoe.counts, classes.cls_list, cut, burn, 17, "c", lanes, threads, want_codes)
        sums = Sums(4 * threads, classes.n_classes)
        per = d.deal(first, count, 1 << 30, sums)
        assert per == [len(w) for w in codes]
        assert d.info.name == "c" and d.info.lanes == lanes
        if want_codes:
            got = np.frombuffer(d.codes, dtype=np.int16)[: count * d.maxc].reshape(count, d.maxc)
            assert all(got[s, : per[s]].tolist() == codes[s] for s in range(count))
        hs, _ = sums.totals()
        assert hs == hist.sum(axis=0).tolist()
        assert np.array_equal(_upper(sums.gram, 4 * threads, classes.n_classes), hist.T @ hist)


@needs_c
@pytest.mark.parametrize("shoe_no, step", [(80403, 6), (161777, 92)])
def test_rejected_draws_follow_the_same_word_stream(shoe_no: int, step: int) -> None:
    """Shoes of seed 1 (8 decks) whose draw at ``step`` is rejected by Lemire's test.

    The fact is checked from the words themselves: no earlier draw is rejected and that one
    is; then the kernel (which leaves its two-draws-per-output fast path there, and its
    vector lanes) must deal exactly the reference's coups, the shoe alone, first or second
    of a pair, and in a group of eight."""
    n = 416
    st = ref.shoe_state(ref.seed_key(1), shoe_no)
    words = []
    for k in range(1, step // 2 + 2):
        x = ref.mix(st + k * ref.GAMMA)
        words += [x >> 32, x & 0xFFFFFFFF]
    rejected = [((words[i] * (n - i)) & 0xFFFFFFFF) < (2**32 - (n - i)) % (n - i) for i in range(step + 1)]
    assert rejected == [False] * step + [True]
    classes = bet_classes(dict(STANDARD_BETS))
    for lanes in _LANES:
        for first, count in ((shoe_no, 1), (shoe_no - 1, 2), (shoe_no, 2), (shoe_no - 3, 8), (shoe_no - 7, 16)):
            codes, _ = _reference_chunk(Shoe.decks(8), classes, 1, first, count, 7, True)
            d = Dealer(Shoe.decks(8).counts, classes.cls_list, 7, True, 1, "c", lanes, 1, True)
            per = d.deal(first, count, 1 << 30, Sums(1, classes.n_classes))
            got = np.frombuffer(d.codes, dtype=np.int16)[: count * d.maxc].reshape(count, d.maxc)
            assert [got[s, : per[s]].tolist() for s in range(count)] == codes


@needs_c
@pytest.mark.parametrize("workers", [1, 2])
def test_kernels_lanes_and_threads_give_the_same_run(workers: int) -> None:
    fast = simulate(30_000, 6, seed=4, exact=False, workers=workers, kernel="c")
    assert fast.kernel.name == "c"
    for lanes in _LANES:
        other = simulate(30_000, 6, seed=4, exact=False, workers=3 - workers, kernel="c", lanes=lanes)
        assert other.counts == fast.counts and other.kernel.lanes == lanes
    slow = simulate(30_000, 6, seed=4, exact=False, kernel="python")
    assert slow.kernel.name == "python" and fast.counts == slow.counts and fast.shoes == slow.shoes
    assert all((fast.bets[k].mean, fast.bets[k].stderr) == (slow.bets[k].mean, slow.bets[k].stderr)
               for k in fast.bets)


@needs_c
def test_many_bet_classes_take_the_wide_table() -> None:
    """A bet paying differently on every final state gives > 64 classes: the 16-bit class
    table, dealt without the lockstep fast path; the run must equal the reference's, and
    the exact value must match bet_return."""
    from games.baccara.casino.odds import STATES, Bet, bet_return, coup_distribution, state_index

    def by_state(s) -> Fraction:
        i = state_index(s.player_cards, s.player_total, s.banker_cards, s.banker_total,
                        int(s.player_pair), int(s.banker_pair))
        return Fraction(i % 97 - 48, 7)

    bets = {"fine": Bet("fine", "pays by final state", by_state), "banker": STANDARD_BETS["banker"]}
    assert bet_classes(bets).n_classes > 64 and len(STATES) == 1600
    fast = simulate(1_500, 2, seed=3, bets=bets, kernel="c")
    slow = simulate(1_500, 2, seed=3, bets=bets, kernel="python")
    assert fast.counts == slow.counts and fast.bets["fine"].mean == slow.bets["fine"].mean
    assert fast.bets["fine"].exact == bet_return(coup_distribution(Shoe.decks(2)), bets["fine"]).expected


def _args(**change):
    """Valid arguments of ``_shoe.deal`` for 4 one-deck shoes, with ``change`` applied."""
    C = 51
    kw = dict(key=5, first=0, count=4, cut=7, burn=True, cap_last=1 << 30, threads=1, lanes="auto",
              gram=array("q", bytes(8 * C * C)), ncoups=array("q", bytes(32)), hsum=None, hist=None, codes=None)
    pos = dict(cards=bytes(r for r in range(13) for _ in range(4)), classes=array("q", [i % 50 for i in range(1600)] + [50]),
               player_draws=array("q", [1] * 6 + [0] * 4), banker_draws=array("q", bytes(8 * 110)))
    pos.update({k: v for k, v in change.items() if k in pos})
    kw.update({k: v for k, v in change.items() if k not in pos})
    return [pos["cards"], pos["classes"], pos["player_draws"], pos["banker_draws"]], kw


@needs_c
@pytest.mark.parametrize("change, error, words", [
    ({"cards": array("q", [0] * 52)}, ValueError, "cards"),
    ({"cards": bytes([13] * 52)}, ValueError, "rank index"),
    ({"classes": array("i", range(1601))}, ValueError, "classes: wrong element type"),
    ({"classes": array("q", range(1600))}, ValueError, "classes: wrong length"),
    ({"classes": array("q", [60] * 1600 + [50])}, ValueError, "no-coup class"),
    ({"banker_draws": np.zeros((11, 10), dtype=np.int64)}, ValueError, "banker_draws: wrong shape"),
    ({"gram": array("q", bytes(8 * 51 * 51 + 8))}, ValueError, "gram"),
    ({"gram": bytes(8 * 51 * 51)}, TypeError, "gram"),
    ({"ncoups": np.zeros(8, dtype=np.int64)[::2]}, TypeError, "ncoups"),
    ({"ncoups": array("d", [0.0] * 4)}, ValueError, "ncoups: wrong element type"),
    ({"codes": array("h", bytes(2 * 4 * 13))}, ValueError, "codes: wrong length"),
    ({"hist": np.zeros((51, 4), dtype=np.int32)}, ValueError, "hist: wrong shape"),
    ({"cut": 5}, ValueError, "cut"),
    ({"cut": 42}, ValueError, "cut"),
    ({"threads": 0}, ValueError, "threads"),
    ({"count": 0}, ValueError, "count"),
    ({"key": -1}, ValueError, "key"),
    ({"lanes": "gpu"}, ValueError, "lanes"),
])
def test_every_argument_is_checked_at_the_boundary(change: dict, error: type, words: str) -> None:
    args, kw = _args(**change)
    with pytest.raises(error, match=words):
        _C.deal(*args, **kw)
    args, kw = _args()
    assert _C.deal(*args, **kw)[0] in ("avx512", "scalar")  # the unchanged call is valid


@needs_c
def test_missing_keyword_is_a_type_error() -> None:
    args, kw = _args()
    del kw["cut"]
    with pytest.raises(TypeError, match="'cut'"):
        _C.deal(*args, **kw)


def test_unknown_kernel_or_lanes_is_bad_input() -> None:
    with pytest.raises(GameError, match="kernel"):
        simulate(100, 1, seed=1, kernel="gpu")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="lanes"):
        simulate(100, 1, seed=1, lanes="sse")  # type: ignore[arg-type]


_BLOCKED = """
import importlib.abc, importlib.util, sys
MODE, SO, NAME = sys.argv[1], sys.argv[2], "games.baccara.casino._shoe"
class Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != NAME:
            return None
        if MODE == "missing":
            raise ModuleNotFoundError(f"No module named {NAME!r}", name=NAME)
        return importlib.util.spec_from_file_location(name, SO)  # a damaged build
sys.meta_path.insert(0, Finder())
from games.baccara.cli.main import main
sys.exit(main(["simulate", "--rounds", "3000", "--seed", "2", "--decks", "1", "--json"]))
"""


@pytest.mark.parametrize("mode", ["missing", "truncated", "garbage"])
def test_missing_or_damaged_extension_is_one_notice_and_the_same_run(mode: str, tmp_path) -> None:
    so = tmp_path / "_shoe.cpython-damaged.so"
    if mode == "truncated" and _C is not None:
        so.write_bytes(Path(_C.__file__).read_bytes()[:3000])
    else:
        so.write_bytes(b"\x7fELF" + b"\x00" * 60 + b"not a library")
    out = subprocess.run([sys.executable, "-c", _BLOCKED, mode, str(so)], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("notice: the compiled dealing kernel") and "pip install" in lines[0]
    import json

    got = json.loads(out.stdout)
    want = simulate(3000, 1, seed=2, kernel="python")
    assert got["kernel"]["name"] == "python" and got["counts"] == want.counts


@pytest.mark.skipif(not hasattr(__import__("os"), "fork") or _C is None, reason="needs fork and the compiled kernel")
def test_two_workers_after_fork() -> None:
    """A child forked after a two-worker run still deals on two threads, the same run."""
    import multiprocessing as mp

    parent = simulate(4_000, 1, seed=8, exact=False, workers=2, kernel="c")
    with mp.get_context("fork").Pool(1) as pool:
        child = pool.apply_async(_counts_with_two_workers).get(timeout=600)
    assert child == parent.counts


def _counts_with_two_workers() -> dict:
    return simulate(4_000, 1, seed=8, exact=False, workers=2, kernel="c").counts
