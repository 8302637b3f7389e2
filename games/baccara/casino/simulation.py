"""Vectorized shoe simulation of punto banco, betting sessions, and chemin de fer play.

**Casino procedure** (Wikipedia, *Punto banco*): the shoe is shuffled; the first card is
burned face up and as many further cards as its value are burned face down (an ace 1,
a ten or face card 10); a cut card is placed in front of the ``cut``-th card from the
end (7 by default; the R package of ``r-baccarat-simulation-readme.md`` uses 6). A coup
is dealt as long as the cut card has not appeared before it starts; the coup during
which the cut card appears is the last one of the shoe (it is always completed, since a
coup needs at most 6 cards and ``cut`` ≥ 6). Then a new shoe is shuffled.

**Dealing.** Shoe number s of a run (s = 0, 1, 2, …) is shuffled by the exact forward
Fisher–Yates shuffle driven by its own SplitMix64 stream keyed by (seed, s)
(:mod:`games.baccara.casino.shoe_kernel`) and dealt coup by coup with the real
third-card rules. A compiled kernel (the C library, else numba:
:func:`games.baccara.casino.shoe_kernel.backend`) deals a chunk of shoes on ``workers``
threads and returns per-shoe histograms of *bet classes* (final states on which every bet
pays the same); without one the same shuffles are vectorized in numpy and dealt by
:class:`_Dealer`, with identical results. The exact values printed beside the simulated
means come from state counts cached on disk (:mod:`games.baccara.casino.odds_cache`).
Chunks hold 16, 32, …, ``MAX_BATCH`` shoes, so memory stays flat in the number of
rounds; since a shoe depends only on (seed, s), a run with a given seed is
reproducible, a shorter run is a prefix of a longer one, and the thread count does not
change the result. Per-bet means and shoe-clustered confidence intervals follow from
the per-shoe histograms (coups of one shoe are dependent, so the shoe is the unit: a
ratio estimator with its delta-method standard error); only their exact integer sums
Σh and Σh·hᵀ are kept (:class:`_Accumulator`), so the statistics are evaluated exactly
and do not depend on chunks, threads or backend.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from gamekit.core import GameError, to_fraction
from games.baccara.cards import RANK_VALUE, RANKS, check_decks
from games.baccara.casino import odds_cache, shoe_kernel, sim_core
from games.baccara.casino.odds import (
    STATES,
    Bet,
    Shoe,
    chemin_de_fer_expectation,
)
from games.baccara.casino.sim_core import (
    NO_COUP,
    Accumulator,
    BetClasses,
    SessionResult,
    SimulationResult,
    bet_classes,
    check_cut,
    check_rounds,
)
from games.baccara.casino.sim_core import check_seed as _check_seed
from games.baccara.casino.sim_core import check_workers as _check_workers
from games.baccara.casino.stats import Z95, BetStat
from games.baccara.rules.drawing import (
    K_STOOD,
    PB_BANKER_DRAWS,
    PB_PLAYER_DRAWS,
    banker_draw_table,
    player_draw_table,
)

__all__ = [
    "MAX_BATCH",
    "Z95",
    "NO_COUP",
    "check_rounds",
    "check_cut",
    "play_coups",
    "BetStat",
    "SessionResult",
    "SimulationResult",
    "simulate",
    "deal_shoe_python",
    "simulate_python",
    "first_coups",
    "session_summary",
    "plot_sessions",
    "CheminDeFerResult",
    "simulate_chemin_de_fer",
]

MAX_BATCH = 4096  # shoes dealt together
_VAL = np.array([RANK_VALUE[r] for r in RANKS], dtype=np.int32)
_BURN = np.where(_VAL == 0, 10, _VAL)  # burn count by rank of the first card
_VAL_LIST = [RANK_VALUE[r] for r in RANKS]
_MAX_SESSION_ROUNDS = 50_000_000


# ------------------------------------------------------------------ validation


# ------------------------------------------------------------- one coup, vectorized


def play_coups(
    v: Sequence[np.ndarray],
    pdraw: np.ndarray,
    bdraw: np.ndarray,
    u_player: np.ndarray | float = 0.0,
    u_banker: np.ndarray | float = 0.0,
) -> tuple[np.ndarray, np.ndarray]:
    """Final state (without pair flags, 0..399) and cards used for coups with card values v[0..5].

    Cards are dealt P, B, P, B, then third cards. Player draws when ``u_player <
    pdraw[v0, v2]``, Banker when ``u_banker < bdraw[v1, v3, k]`` (k = Player's third card,
    10 if he stood); with 0/1 tables and u = 0 this is a fixed rule. Returns
    ``(state400, length)`` where ``state400 = (((pc−2)·10 + pt)·2 + (bc−2))·10 + bt``.
    """
    v0, v1, v2, v3, v4, v5 = v
    pt = (v0 + v2) % 10
    bt = (v1 + v3) % 10
    natural = (pt >= 8) | (bt >= 8)
    pdr = ~natural & (u_player < pdraw[v0, v2])
    k = np.where(pdr, v4, K_STOOD)
    bdr = ~natural & (u_banker < bdraw[v1, v3, k])
    b3 = np.where(pdr, v5, v4)
    ptf = np.where(pdr, (pt + v4) % 10, pt)
    btf = np.where(bdr, (bt + b3) % 10, bt)
    state = ((pdr.astype(np.int32) * 10 + ptf) * 2 + bdr) * 10 + btf
    return state, 4 + pdr.astype(np.int8) + bdr


@lru_cache(maxsize=1)
def _punto_banco_tables() -> tuple[np.ndarray, np.ndarray]:
    """CODE6[10⁵·v0 + … + v5] -> state400 (int16) and LEN5[10⁴·v0 + … + v4] -> cards used (int8)."""
    v = np.indices((10,) * 6).reshape(6, -1)
    pdraw = np.array([[PB_PLAYER_DRAWS[(a + b) % 10] for b in range(10)] for a in range(10)], dtype=float)
    bdraw = np.array([[PB_BANKER_DRAWS[(a + b) % 10] for b in range(10)] for a in range(10)], dtype=float)
    state, length = play_coups(list(v), pdraw, bdraw)
    code6 = state.astype(np.int16)
    len5 = length.reshape(10**5, 10)[:, 0].astype(np.int64)
    code6.setflags(write=False)
    len5.setflags(write=False)
    return code6, len5


# --------------------------------------------------------------------- the dealer


class _Dealer:
    """Shuffles and deals batches of shoes (buffers are reused between batches)."""

    def __init__(self, shoe: Shoe, cut: int, burn: bool) -> None:
        self.shoe = shoe
        self.size = shoe.size
        self.cut = cut
        self.burn = burn
        self.base = np.repeat(np.arange(13, dtype=np.uint32), shoe.counts)
        self._buffers: dict[int, np.ndarray] = {}
        code6, self.len5 = _punto_banco_tables()
        self.code6x4 = code6.astype(np.int64) * 4  # state index without the pair bits

    def _bufs(self, S: int) -> np.ndarray:
        if S not in self._buffers:
            self._buffers = {S: np.zeros((S, self.size + 8), dtype=np.uint8)}
        return self._buffers[S]

    def _keys(self, rng: np.random.Generator, rows: int) -> np.ndarray:
        """Sorted keys: 28 random bits above the card's rank (low 4 bits), one row per shoe."""
        keys = rng.integers(0, 2**32, size=(rows, self.size), dtype=np.uint32)
        np.bitwise_and(keys, np.uint32(0xFFFFFFF0), out=keys)
        np.bitwise_or(keys, self.base, out=keys)
        keys.sort(axis=1)
        return keys

    def shuffle(self, rng: np.random.Generator, S: int) -> np.ndarray:
        """S shuffled shoes as rank indices 0..12, shape (S, N + 8) (8 padding cards).

        Each shoe is sorted by i.i.d. 28-bit random keys; a shoe in which two keys tie
        (probability ≈ N²/2²⁹, about 3.2·10⁻⁴ for 8 decks) is redrawn, so given distinct
        keys the order is an exactly uniform random permutation.
        """
        cards = self._bufs(S)
        keys = self._keys(rng, S)
        bad = np.flatnonzero(((keys[:, 1:] ^ keys[:, :-1]) < 16).any(axis=1))  # equal random parts
        while bad.size:
            again = self._keys(rng, bad.size)
            keys[bad] = again
            bad = bad[((again[:, 1:] ^ again[:, :-1]) < 16).any(axis=1)]
        np.bitwise_and(keys.view(np.uint8)[:, ::4], 15, out=cards[:, : self.size])  # little-endian low byte
        return cards

    def deal(self, cards: np.ndarray) -> np.ndarray:
        """Codes (state index 0..1599, or NO_COUP) of every coup, shape (steps, S)."""
        S, width = cards.shape
        flat = cards.ravel()
        base = np.arange(S, dtype=np.int64) * width
        if self.burn:
            ptr = 1 + _BURN[cards[:, 0]].astype(np.int64)
        else:
            ptr = np.zeros(S, dtype=np.int64)
        last = self.size - self.cut  # a coup starting at or before this index is dealt
        code6x4, len5 = self.code6x4, self.len5
        val = _VAL
        shifted = [flat[i:] for i in range(6)]  # card i of a coup = shifted[i][coup start]
        steps = []
        while True:
            active = ptr <= last
            if not active.any():
                break
            fp = ptr + base
            r0, r1, r2, r3, r4, r5 = (c.take(fp) for c in shifted)
            k5 = (((val.take(r0) * 10 + val.take(r1)) * 10 + val.take(r2)) * 10 + val.take(r3)) * 10 + val.take(r4)
            code = code6x4.take(k5 * 10 + val.take(r5)) + (r0 == r2) * 2 + (r1 == r3)
            code[~active] = NO_COUP
            ptr += len5.take(k5) * active
            steps.append(code.astype(np.int16))
        return np.array(steps, dtype=np.int16).reshape(len(steps), S)


# ----------------------------------------------------------------- bet classes


class _BetClasses(BetClasses):
    """:class:`~games.baccara.casino.sim_core.BetClasses` with numpy arrays for the
    vectorized backends: ``cls`` (state → class), ``pay`` (float payouts per class and
    bet), ``kind`` and ``coup`` (the indicators as floats)."""

    def __init__(self, bets: Mapping[str, Bet]) -> None:
        super().__init__(bets)
        self.cls = np.array(self.cls_list, dtype=np.int64)
        self.pay = np.array([[float(p) for p in pays] for pays in self.exact_pay]).reshape(self.n_classes, -1)
        self.kind = np.array(self.kinds, dtype=float)
        self.coup = np.array(self.coups, dtype=float)


def _bet_classes(table: Mapping[str, Bet]) -> _BetClasses:
    """:class:`_BetClasses` of a bet table, cached by the identity of its Bet objects
    (:func:`games.baccara.casino.sim_core.bet_classes`)."""
    return bet_classes(table, _BetClasses)


def _batch_sizes() -> list[int]:
    sizes, s = [], 16
    while s < MAX_BATCH:
        sizes.append(s)
        s *= 2
    return sizes


def _batch_plan() -> Iterator[tuple[int, int]]:
    """(batch index, shoes in the batch): 16, 32, …, MAX_BATCH, MAX_BATCH, …"""
    return enumerate(itertools.chain(_batch_sizes(), itertools.repeat(MAX_BATCH)))


class _ChunkDealer:
    """Deals chunks of consecutive shoes of one run (compiled kernel, or numpy fallback)."""

    def __init__(self, shoe: Shoe, cut: int, burn: bool, seed: int, classes: _BetClasses, workers: int) -> None:
        self.base = np.repeat(np.arange(13, dtype=np.uint8), shoe.counts)
        self.key = shoe_kernel.seed_key(seed)
        self.cut, self.burn, self.classes, self.workers = cut, burn, classes, workers
        self.pdraw = np.asarray(PB_PLAYER_DRAWS, dtype=np.int32)
        self.bdraw = np.asarray(PB_BANKER_DRAWS, dtype=np.int32)
        self.val = _VAL.astype(np.int32)
        self.burn_len = _BURN.astype(np.int32)
        self.dealer: _Dealer | None = None
        self.shoe = shoe

    def deal(
        self, first: int, count: int, want_codes: bool, cap_last: int
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
        """Per-shoe class histograms h (count × C), Σ h·hᵀ (C × C), coups per shoe, codes if asked.

        The last shoe deals at most ``cap_last`` coups. Codes come as (count × width)
        rows, row s valid up to its number of coups.
        """
        c = self.classes
        out = shoe_kernel.deal_chunk(
            self.base, self.key, first, count, self.val, self.burn_len, self.pdraw, self.bdraw,
            self.cut, self.burn, c.cls, c.n_classes, want_codes, cap_last, self.workers,
        )
        if out is not None:
            return out
        if self.dealer is None:
            self.dealer = _Dealer(self.shoe, self.cut, self.burn)
        cards = shoe_kernel.shuffled_shoes(self.base, self.key, first, count)
        codes = self.dealer.deal(np.pad(cards, ((0, 0), (0, 8))))  # (steps, count); 8 padding cards
        codes[cap_last:, -1] = NO_COUP
        ncoups = (codes != NO_COUP).sum(axis=0)
        C = c.n_classes
        cls = c.cls.take(codes)
        hist = np.bincount((cls + C * np.arange(count)).ravel(), minlength=C * count).reshape(count, C)
        hist[:, C - 1] = 0
        h64 = hist.astype(np.int64)
        return hist, h64.T @ h64, ncoups, (codes.T.copy() if want_codes else None)


def _chunks() -> Iterator[int]:
    """Shoes per chunk: 16, 32, …, MAX_BATCH, MAX_BATCH, …"""
    return itertools.chain(_batch_sizes(), itertools.repeat(MAX_BATCH))


class _Accumulator(Accumulator):
    """:class:`~games.baccara.casino.sim_core.Accumulator` fed with numpy chunks."""

    def add(self, hist: np.ndarray, gram: np.ndarray, coups: int) -> None:
        """Add per-shoe class histograms (shoes × classes) and their Gram matrix."""
        self.add_sums(hist.sum(axis=0, dtype=np.int64).tolist(), gram.tolist(), coups, hist.shape[0])


def simulate(
    rounds: int = 1_000_000,
    decks: int = 8,
    seed: int | None = None,
    *,
    shoe: Shoe | None = None,
    cut: int = 7,
    burn: bool = True,
    bets: Mapping[str, Bet] | None = None,
    session_bet: str | None = None,
    sessions: int | None = None,
    stake: object = 1,
    exact: bool = True,
    progress: object | None = None,
    workers: int | None = None,
) -> SimulationResult:
    """Simulate ``rounds`` coups of punto banco dealt from casino shoes.

    ``shoe`` (default: a full ``decks``-deck shoe) is the composition every new shoe
    starts from. With ``session_bet`` and ``sessions`` = r, the rounds are split into r
    sessions of ``rounds // r`` consecutive coups each (``rounds`` must be a multiple of
    r) and the stake-weighted profit of each session is returned. ``exact=True`` attaches
    each bet's exact off-the-top return (:mod:`games.baccara.casino.odds`). ``progress``
    is an optional callable ``progress(done, total)``. ``workers`` threads deal batches
    in parallel (default: 2 when the load average leaves a core idle, else 1); the result
    does not depend on it.
    """
    rounds, shoe, cut, seed, table, stake_f = sim_core.prepare(rounds, decks, seed, shoe, cut, burn, bets, stake)
    n_per = None
    if session_bet is not None or sessions is not None:
        if session_bet is None or sessions is None:
            raise GameError("a betting session needs both a bet and a number of sessions")
        if session_bet not in table:
            raise GameError(f"unknown bet {session_bet!r} (choose from {', '.join(table)})")
        sessions = check_rounds(sessions, "number of sessions")
        if rounds % sessions:
            raise GameError(f"{rounds} rounds do not split into {sessions} equal sessions")
        if rounds > _MAX_SESSION_ROUNDS:
            raise GameError(f"betting sessions are limited to {_MAX_SESSION_ROUNDS} rounds in all, got {rounds}")
        n_per = rounds // sessions

    workers = _check_workers(workers)
    classes = _bet_classes(table)
    session_pay = None
    profits = None
    if n_per is not None and sessions is not None and session_bet is not None:
        session_pay = np.array([float(to_fraction(table[session_bet].payout(s))) for s in STATES]) * stake_f
        profits = np.zeros(sessions)
    start = time.perf_counter()
    if session_pay is None:  # the C kernel adds its exact sums into the accumulator directly
        acc = _Accumulator(classes)
        if sim_core.run_c(acc, rounds, shoe, cut, burn, seed, workers, progress):
            return sim_core.finish(acc, shoe, cut, burn, seed, rounds, time.perf_counter() - start, exact)
    dealer = _ChunkDealer(shoe, cut, burn, seed, classes, workers)
    acc = _Accumulator(classes)
    first = 0
    for S in _chunks():
        hist, gram, ncoups, codes = dealer.deal(first, S, session_pay is not None, 1 << 30)
        total = int(ncoups.sum())
        if acc.done + total > rounds:  # keep the first coups in shoe order: re-deal up to the last shoe
            need = rounds - acc.done
            j = int(np.searchsorted(np.cumsum(ncoups), need))  # shoe holding the last needed coup
            keep = need - int(ncoups[:j].sum())
            S = j + 1
            hist, gram, ncoups, codes = dealer.deal(first, S, session_pay is not None, keep)
        if profits is not None and codes is not None and session_pay is not None:
            stream = codes[np.arange(codes.shape[1]) < ncoups[:, None]]  # row-major: shoe order
            idx = (acc.done + np.arange(stream.size)) // n_per
            profits += np.bincount(idx, weights=session_pay.take(stream), minlength=sessions)
        acc.add(hist, gram, int(ncoups.sum()))
        first += S
        if progress is not None:
            progress(acc.done, rounds)
        if acc.done >= rounds:
            break
    seconds = time.perf_counter() - start

    exact_returns: dict[str, Fraction] = {}
    if exact:  # the state counts are cached on disk (odds_cache): the same Fractions as bet_return
        exact_returns = odds_cache.exact_returns(shoe, classes.names, classes.cls, classes.exact_pay)
    stats = acc.stats(exact_returns)
    sess = None
    if profits is not None and session_bet is not None and sessions is not None and n_per is not None:
        ex = exact_returns.get(session_bet)
        sess = SessionResult(
            session_bet, stake_f, sessions, n_per, profits, None if ex is None else float(ex) * stake_f * n_per
        )
    n_shoes = acc.shoes
    return SimulationResult(rounds, n_shoes, shoe, cut, burn, seed, seconds, acc.counts(), stats, sess)


def session_summary(profits: np.ndarray) -> dict[str, float]:
    """Summary statistics of session profits (as the R package prints after a run)."""
    p = np.asarray(profits, dtype=float)
    q = np.quantile(p, [0.05, 0.25, 0.5, 0.75, 0.95])
    return {
        "mean": float(p.mean()),
        "sd": float(p.std(ddof=1)) if p.size > 1 else 0.0,
        "min": float(p.min()),
        "q05": float(q[0]),
        "q25": float(q[1]),
        "median": float(q[2]),
        "q75": float(q[3]),
        "q95": float(q[4]),
        "max": float(p.max()),
        "p_win": float((p > 0).mean()),
        "p_loss": float((p < 0).mean()),
        "p_even": float((p == 0).mean()),
    }


def _roughness(counts: np.ndarray) -> float:
    """Relative size of the bin-to-bin zigzag: Σ(cᵢ − (cᵢ₋₁ + cᵢ₊₁)/2)² / Σcᵢ²."""
    if counts.size < 3 or not counts.any():
        return 0.0
    zig = counts[1:-1] - (counts[:-2] + counts[2:]) / 2
    return float((zig**2).sum() / (counts.astype(float) ** 2).sum())


def _histogram_edges(p: np.ndarray, target: int = 60) -> np.ndarray | int:
    """Bin edges that follow the lattice of outcomes, so the histogram shows no comb.

    Session profits are sums of per-round outcomes, so they lie on a lattice (step s = the
    smallest gap between distinct values, e.g. 0.05 for the Banker bet: 0.95w − l), but
    not every lattice point is equally reachable (0.95w − l crowds near integers): bins of
    an arbitrary multiple of s alias with that pattern and alternate high and low. Among
    bin widths k·s (k from the ~``target``-bin width up to 4 times it) and four offsets,
    the one whose counts zigzag least is chosen; every bin then covers the same share of
    the lattice's pattern. Non-lattice data get ``target`` plain bins.
    """
    target = min(target, max(10, int(np.sqrt(p.size))))
    u = np.unique(np.round(p, 9))  # float sums of 0.95's carry rounding noise
    if u.size < 2:
        return 10
    step = float(np.min(np.diff(u)))
    cells = (u - u[0]) / step
    lattice = step > 1e-6 and bool(np.all(np.abs(cells - np.round(cells)) < 1e-3))
    if not lattice:
        return target
    k0 = max(1, math.ceil((u[-1] - u[0]) / step / target))
    best: tuple[float, int, np.ndarray] | None = None
    for k in sorted({int(round(k0 * f)) for f in np.linspace(1, 4, 40)} | {k0}):
        width = step * k
        for shift in (0.0, 0.25, 0.5, 0.75):
            start = u[0] - step / 2 - shift * width
            edges = np.arange(start, u[-1] + width, width)
            score = _roughness(np.histogram(p, bins=edges)[0])
            if best is None or score < best[0] - 1e-9:
                best = (score, k, edges)
    return best[2]


def plot_sessions(result: SessionResult, path: str, density: bool = True) -> str:
    """Histogram of session profit/loss (with a kernel density curve) written to ``path``
    (PNG, SVG, PDF … by extension); returns the path written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    p = result.profits
    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=110)
    ax.hist(p, bins=_histogram_edges(p), density=True, color="#7aa6c2", edgecolor="white", label="sessions")
    if density and p.size > 2 and np.ptp(p) > 0:
        from scipy.stats import gaussian_kde

        xs = np.linspace(p.min(), p.max(), 400)
        ax.plot(xs, gaussian_kde(p)(xs), color="#1f3b57", lw=1.6, label="density")
    ax.axvline(p.mean(), color="#c0392b", lw=1.4, label=f"mean {p.mean():+.2f}")
    if result.exact_mean is not None:
        ax.axvline(result.exact_mean, color="black", ls="--", lw=1.2, label=f"exact {result.exact_mean:+.2f}")
    ax.set_xlabel(f"profit/loss after {result.rounds_per_session} rounds (stake {result.stake:g} on {result.bet})")
    ax.set_ylabel("density")
    ax.set_title(f"{result.sessions} sessions of {result.rounds_per_session} rounds: {result.bet}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    try:
        from gamekit.io import save_figure

        return save_figure(fig, path)  # atomic; the format follows the extension
    finally:
        plt.close(fig)


# ------------------------------------------------------- plain Python reference


def deal_shoe_python(cards: Sequence[int], cut: int = 7, burn: bool = True) -> list[tuple[int, list[int], list[int]]]:
    """Deal one shuffled shoe (rank indices 0..12) coup by coup in plain Python.

    Returns ``(state index, player's cards, banker's cards)`` per coup. This is the
    reference the vectorized dealer is tested against and the benchmark's baseline.
    """
    val = _VAL_LIST
    pdraws = [int(x) for x in PB_PLAYER_DRAWS]
    bdraws = [[int(x) for x in row] for row in PB_BANKER_DRAWS]
    size = len(cards)
    p = 1 + (10 if val[cards[0]] == 0 else val[cards[0]]) if burn else 0
    last = size - cut
    out = []
    while p <= last:
        P = [cards[p], cards[p + 2]]
        Bk = [cards[p + 1], cards[p + 3]]
        p += 4
        pt = (val[P[0]] + val[P[1]]) % 10
        bt = (val[Bk[0]] + val[Bk[1]]) % 10
        if pt < 8 and bt < 8:
            k = K_STOOD
            if pdraws[pt]:
                P.append(cards[p])
                p += 1
                k = val[P[2]]
                pt = (pt + k) % 10
            if bdraws[bt][k]:
                Bk.append(cards[p])
                p += 1
                bt = (bt + val[Bk[2]]) % 10
        code = ((((len(P) - 2) * 10 + pt) * 2 + (len(Bk) - 2)) * 10 + bt) * 4 + 2 * (P[0] == P[1]) + (Bk[0] == Bk[1])
        out.append((code, P, Bk))
    return out


def first_coups(
    shoe: Shoe, seed: int, k: int, cut: int = 7, burn: bool = True
) -> list[tuple[int, int, list[int], list[int]]]:
    """The first k coups of :func:`simulate` with this seed, card by card.

    Re-deals the same shoes (same generator, same batch schedule) with
    :func:`deal_shoe_python`; returns ``(shoe number, state index, player's ranks,
    banker's ranks)`` per coup, ranks as indices into ``RANKS``.
    """
    k = check_rounds(k, "number of coups")
    seed = _check_seed(seed)
    check_cut(cut, shoe.size, burn)
    base = np.repeat(np.arange(13, dtype=np.uint8), shoe.counts)
    key = shoe_kernel.seed_key(seed)
    out: list[tuple[int, int, list[int], list[int]]] = []
    first = 0
    for S in _chunks():
        cards = shoe_kernel.shuffled_shoes(base, key, first, min(S, 64))
        for s in range(cards.shape[0]):
            for code, P, B in deal_shoe_python([int(x) for x in cards[s]], cut, burn):
                out.append((first + s + 1, code, P, B))
                if len(out) == k:
                    return out
        first += cards.shape[0]
    raise AssertionError("unreachable")


def simulate_python(rounds: int, decks: int = 8, seed: int = 0, cut: int = 7, burn: bool = True) -> list[int]:
    """Histogram of final states of ``rounds`` coups dealt by a plain Python loop (random.shuffle)."""
    import random

    rounds = check_rounds(rounds)
    shoe = Shoe.decks(check_decks(decks))
    cut = check_cut(cut, shoe.size, burn)
    rnd = random.Random(seed)
    cards = [r for r, n in enumerate(shoe.counts) for _ in range(n)]
    hist = [0] * NO_COUP
    done = 0
    while done < rounds:
        rnd.shuffle(cards)
        for code, _, _ in deal_shoe_python(cards, cut, burn):
            hist[code] += 1
            done += 1
            if done == rounds:
                break
    return hist


# --------------------------------------------------------------- chemin de fer


@dataclass(frozen=True)
class CheminDeFerResult:
    """Simulated mean payoffs of a chemin de fer strategy pair, with exact values when computed."""

    rounds: int
    decks: int
    alpha: Fraction
    seed: int
    seconds: float
    player: BetStat
    banker: BetStat
    counts: dict[str, int]


def _fresh_coups(rng: np.random.Generator, shoe: Shoe, R: int) -> np.ndarray:
    """R ordered draws of 6 distinct cards from a full shoe, as rank indices (6, R)."""
    N = shoe.size
    pos = rng.integers(0, N, size=(R, 6))
    while True:
        srt = np.sort(pos, axis=1)
        bad = np.flatnonzero((srt[:, 1:] == srt[:, :-1]).any(axis=1))
        if bad.size == 0:
            break
        pos[bad] = rng.integers(0, N, size=(bad.size, 6))
    edges = np.cumsum(shoe.counts)
    return np.searchsorted(edges, pos.T, side="right")


def simulate_chemin_de_fer(
    player_strategy: Mapping[str, object],
    banker_strategy: Mapping[str, object],
    decks: int = 6,
    rounds: int = 1_000_000,
    alpha: object = Fraction(1, 20),
    seed: int | None = None,
    exact: bool = True,
    batch: int = 1 << 18,
) -> CheminDeFerResult:
    """Simulate chemin de fer coups with Player and Banker drawing with the given probabilities.

    Each coup is dealt from a freshly shuffled ``decks``-deck shoe (the papers' Model B:
    six cards without replacement). Strategies are maps from information-set labels to
    draw probabilities — Player ``"5"`` (or compositions ``"05"``, …), Banker ``"j:k"``
    totals or ``"06:-"`` compositions — as produced by ``baccara solve``; see
    :func:`games.baccara.rules.drawing.player_draw_table`. Payoffs per coup: Player +1/0/−1;
    Banker 1 − α on a Banker win, 0 on a tie, −1 on a loss. Draw decisions at mixed
    information sets are randomized independently per coup. With ``exact=True`` the exact
    expected payoffs (:func:`games.baccara.casino.odds.chemin_de_fer_expectation`) are
    attached for comparison.
    """
    rounds = check_rounds(rounds)
    d = check_decks(decks)
    a = to_fraction(alpha, "commission alpha")
    if not 0 <= a < 1:
        raise GameError(f"commission alpha must satisfy 0 <= alpha < 1, got {a}")
    seed = _check_seed(seed)
    ptab = player_draw_table(player_strategy)
    btab = banker_draw_table(banker_strategy)
    pdraw = ptab.astype(float)
    bdraw = btab.astype(float)
    shoe = Shoe.decks(d)
    rng = np.random.default_rng(seed)
    win_b = 1.0 - float(a)
    tot = np.zeros(3)  # banker wins, player wins, ties
    done = 0
    start = time.perf_counter()
    while done < rounds:
        R = min(batch, rounds - done)
        ranks = _fresh_coups(rng, shoe, R)
        v = _VAL.take(ranks)
        u = rng.random((2, R))
        state, _ = play_coups(list(v), pdraw, bdraw, u[0], u[1])
        pt = state // 20 % 10
        bt = state % 10
        tot += [(bt > pt).sum(), (pt > bt).sum(), (pt == bt).sum()]
        done += R
    seconds = time.perf_counter() - start
    nb, np_, nt = tot
    n = float(rounds)
    pb, pp = nb / n, np_ / n
    # per-coup payoffs are iid (fresh shoe): plain standard errors
    mean_p = pp - pb
    var_p = (pp + pb) - mean_p**2
    mean_b = win_b * pb - pp
    var_b = win_b**2 * pb + pp - mean_b**2
    ex = chemin_de_fer_expectation(player_strategy, banker_strategy, d, a) if exact else {}
    return CheminDeFerResult(
        rounds,
        d,
        a,
        seed,
        seconds,
        BetStat("player", float(mean_p), math.sqrt(max(var_p, 0) / n), ex.get("player")),
        BetStat("banker", float(mean_b), math.sqrt(max(var_b, 0) / n), ex.get("banker")),
        {"banker": int(nb), "player": int(np_), "tie": int(nt)},
    )
