"""Vectorized shoe simulation of punto banco, betting sessions, and chemin de fer play.

**Casino procedure** (Wikipedia, *Punto banco*): the shoe is shuffled; the first card is
burned face up and as many further cards as its value are burned face down (an ace 1,
a ten or face card 10); a cut card is placed in front of the ``cut``-th card from the
end (7 by default; the R package of ``r-baccarat-simulation-readme.md`` uses 6). A coup
is dealt as long as the cut card has not appeared before it starts; the coup during
which the cut card appears is the last one of the shoe (it is always completed, since a
coup needs at most 6 cards and ``cut`` ≥ 6). Then a new shoe is shuffled.

**Dealing.** Shoe number s of a run (s = 0, 1, 2, …) is shuffled by the exact forward
Fisher–Yates shuffle driven by its own SplitMix64 stream keyed by (seed, s) and dealt coup
by coup with the real third-card rules, by the compiled kernel or its pure-Python
reference (:mod:`games.baccara.casino.shoe_kernel`), which deal the same coups. The run
itself, :func:`simulate`, lives in the numpy-free :mod:`games.baccara.casino.sim_core`;
this module adds what needs numpy: betting sessions (:class:`SessionTally`), their plots,
the table of first coups, the plain Python baseline and chemin de fer play. Since a shoe
depends only on (seed, s), a run with a given seed is reproducible, a shorter run is a
prefix of a longer one, and the thread count does not change the result. Per-bet means
and shoe-clustered confidence intervals follow from exact integer sums of the per-shoe
class histograms (:class:`games.baccara.casino.sim_core.Accumulator`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from gamekit.core import GameError, to_fraction
from games.baccara.cards import RANK_VALUE, RANKS, check_decks
from games.baccara.casino import shoe_reference
from games.baccara.casino.odds import (
    STATES,
    Bet,
    Shoe,
    chemin_de_fer_expectation,
)
from games.baccara.casino.sim_core import (
    NO_COUP,
    SessionResult,
    SimulationResult,
    check_cut,
    check_rounds,
    simulate,
)
from games.baccara.casino.sim_core import check_seed as _check_seed
from games.baccara.casino.stats import Z95, BetStat
from games.baccara.rules.drawing import K_STOOD, banker_draw_table, player_draw_table

__all__ = [
    "Z95",
    "NO_COUP",
    "check_rounds",
    "check_cut",
    "play_coups",
    "BetStat",
    "SessionResult",
    "SimulationResult",
    "simulate",
    "SessionTally",
    "deal_shoe_python",
    "simulate_python",
    "first_coups",
    "session_summary",
    "plot_sessions",
    "CheminDeFerResult",
    "simulate_chemin_de_fer",
]

_VAL = np.array([RANK_VALUE[r] for r in RANKS], dtype=np.int32)


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


class SessionTally:
    """Profit of each betting session, added chunk by chunk from the dealer's coup codes.

    Parameters
    ----------
    bet : Bet
        The bet played every round.
    stake : float
        Stake per round.
    sessions, n_per : int
        Number of sessions and rounds per session.
    maxc : int
        Width of a shoe's row of coup codes (:attr:`games.baccara.casino.shoe_kernel.Dealer.maxc`).
    """

    def __init__(self, bet: Bet, stake: float, sessions: int, n_per: int, maxc: int) -> None:
        self.pay = np.array([float(to_fraction(bet.payout(s))) for s in STATES]) * stake
        self.stake, self.n_per, self.maxc = stake, n_per, maxc
        self.profits = np.zeros(sessions)
        self.done = 0

    def add(self, dealer, per: list[int]) -> None:
        """Add the coups of the dealer's last chunk (``per``: coups of each shoe), in shoe order."""
        k, w = len(per), self.maxc
        codes = np.frombuffer(dealer.codes, dtype=np.int16)[: k * w].reshape(k, w)
        stream = codes[np.arange(w) < np.asarray(per)[:, None]]  # row-major: shoe order
        if stream.size == 0:
            return
        idx = (self.done + np.arange(stream.size)) // self.n_per
        lo = int(idx[0])
        part = np.bincount(idx - lo, weights=self.pay.take(stream))
        self.profits[lo: lo + part.size] += part
        self.done += int(stream.size)

    def result(self, bet: str, exact_mean: float | None) -> SessionResult:
        """The sessions' profits as a :class:`SessionResult`."""
        return SessionResult(bet, self.stake, self.profits.size, self.n_per, self.profits, exact_mean)


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


deal_shoe_python = shoe_reference.deal_shoe
"""Deal one shuffled shoe coup by coup in plain Python (:func:`games.baccara.casino.shoe_reference.deal_shoe`)."""


def first_coups(
    shoe: Shoe, seed: int, k: int, cut: int = 7, burn: bool = True
) -> list[tuple[int, int, list[int], list[int]]]:
    """The first k coups of :func:`simulate` with this seed, card by card.

    Re-deals the same shoes with the pure-Python reference
    (:mod:`games.baccara.casino.shoe_reference`); returns ``(shoe number, state index,
    player's ranks, banker's ranks)`` per coup, ranks as indices into ``RANKS``.
    """
    k = check_rounds(k, "number of coups")
    seed = _check_seed(seed)
    check_cut(cut, shoe.size, burn)
    base = [r for r, n in enumerate(shoe.counts) for _ in range(n)]
    key = shoe_reference.seed_key(seed)
    out: list[tuple[int, int, list[int], list[int]]] = []
    s = 0
    while True:
        cards = shoe_reference.shuffled(base, key, s, min(len(base) - 1, len(base) - cut + 6))
        for code, P, B in deal_shoe_python(cards, cut, burn):
            out.append((s + 1, code, P, B))
            if len(out) == k:
                return out
        s += 1


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
