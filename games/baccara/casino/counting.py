"""Card counting at punto banco: effects of removal, a true-count strategy, sixes per shoe.

**Effects of removal (EOR).** For a bet b and a rank r, EOR_b(r) = E_b(shoe − one r) −
E_b(full shoe), exactly (:func:`games.baccara.casino.odds.house_edge` on the depleted shoe).
Exchangeability gives the identity Σ_r c_r·EOR_b(r) = 0 (burning one random card does not
change the expectation of the next coup; c_r = cards of rank r), checked in the tests.

**Linear estimate, true count.** With N cards in the full shoe, S seen and s_r seen of rank r,
the first-order estimate of a bet's expectation in the remaining shoe is

    Ê_b = E_b + N/(N − S) · Σ_r EOR_b(r)·(s_r − c_r S/N)
        = E_b + TC_b,   TC_b = RC_b / (unseen decks),  RC_b = Σ_r t_b(r) s_r,

with the (balanced) tags t_b(r) = (N/52)·EOR_b(r): the usual running count divided by the
decks left. The simulation (:func:`true_count_simulation`) deals casino shoes (burn, cut card;
the counter sees the first burn card and every dealt card) and compares

* ``flat_banker``: one unit on Banker every coup (the baseline, edge ≈ −1.06 %);
* ``choose_side``: one unit every coup on whichever of Banker/Player has the higher Ê
  — the "reduce the house edge" reading of Wikipedia's "about 0.05 %";
* ``advantage_only``: one unit on the best of Banker, Player, Tie (8 to 1) only when its
  Ê exceeds a threshold (0 by default), nothing otherwise.

**Banker wins with 6.** The probability per coup off the top is exact; the number per shoe is
simulated (its mean and distribution), beside the exact per-coup probability times the mean
number of coups per shoe (the two agree up to the tiny cut-card effect).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from gamekit.core import GameError, fmt
from games.baccara.cards import RANK_VALUE, RANKS, check_decks
from games.baccara.casino.odds import STANDARD_BETS, Shoe, coup_distribution, house_edge
from games.baccara.casino.shoe_play import (
    Z95,
    batch_rng,
    check_shoe_run,
    clustered_mean,
    deal_batch,
    shuffled_ranks,
)
from games.baccara.rules.drawing import PB_BANKER_DRAWS, PB_PLAYER_DRAWS

__all__ = [
    "COUNT_BETS",
    "EORTable",
    "eor_table",
    "linear_tags",
    "TrueCountResult",
    "true_count_simulation",
    "SixesResult",
    "banker_six_wins",
    "punto_banco_tables",
]

#: Bets the counting simulation can play (names of the contract's bet table).
COUNT_BETS = ("banker", "player", "tie_8_to_1")


@dataclass(frozen=True)
class EORTable:
    """Exact effects of removal: ``eor[bet][rank]`` and the full-shoe expectations ``base[bet]``."""

    decks: int
    base: dict[str, Fraction]
    eor: dict[str, dict[str, Fraction]]

    def to_json(self) -> dict:
        return {
            "decks": self.decks,
            "base": {b: fmt(v) for b, v in self.base.items()},
            "eor": {b: {r: fmt(v) for r, v in row.items()} for b, row in self.eor.items()},
            "eor_float": {b: {r: float(v) for r, v in row.items()} for b, row in self.eor.items()},
        }


def eor_table(decks: int = 8, bets: tuple[str, ...] | None = None,
              progress: Callable[[int, int], None] | None = None) -> EORTable:
    """EOR_b(r) = E_b(shoe − one card of rank r) − E_b(full shoe) for every rank and bet, exactly."""
    d = check_decks(decks)
    names = tuple(STANDARD_BETS) if bets is None else bets
    unknown = [b for b in names if b not in STANDARD_BETS]
    if unknown:
        raise GameError(f"unknown bet {unknown[0]!r} (choose from {', '.join(STANDARD_BETS)})")
    table = {b: STANDARD_BETS[b] for b in names}
    full = house_edge(d, table)
    base = {b: full.bets[b].expected for b in names}
    eor: dict[str, dict[str, Fraction]] = {b: {} for b in names}
    for i, r in enumerate(RANKS):
        dep = house_edge(d, table, shoe=Shoe.decks(d).remove({r: 1}))
        for b in names:
            eor[b][r] = dep.bets[b].expected - base[b]
        if progress is not None:
            progress(i + 1, len(RANKS))
    return EORTable(d, base, eor)


def linear_tags(eor: EORTable, bet: str) -> np.ndarray:
    """Balanced tags t_b(r) = (N/52)·EOR_b(r) − mean, one per rank (module doc), as floats."""
    N = 52 * eor.decks
    t = np.array([float(eor.eor[bet][r]) for r in RANKS]) * N / 52
    return t - t.mean()  # every rank has 4d cards: subtracting the mean balances the count


def punto_banco_tables() -> tuple[np.ndarray, np.ndarray]:
    """Punto banco's draw tables indexed by card values (P[v1, v2], B[v1, v2, k]) as floats."""
    p = np.array([[PB_PLAYER_DRAWS[(a + b) % 10] for b in range(10)] for a in range(10)], dtype=float)
    b = np.array([[PB_BANKER_DRAWS[(a + c) % 10] for c in range(10)] for a in range(10)], dtype=float)
    return p, b


# -- the true-count simulation ---------------------------------------------------------------------
@dataclass(frozen=True)
class TrueCountResult:
    """Per-coup means (clustered by shoe) of the three strategies and their differences."""

    decks: int
    shoes: int
    coups: int
    cut: int
    seed: int
    threshold: float
    seconds: float
    stats: dict[str, tuple[float, float]]
    bets_per_shoe: float
    switch_fraction: float
    exact_sample: dict[str, tuple[float, float, int]]
    exact_banker: Fraction
    exact_player: Fraction
    positive_by_position: np.ndarray
    edge_bands: dict[str, np.ndarray] | None = None

    @property
    def house_edge_reduction(self) -> dict | None:
        """choose_side's gain per coup over flat Banker = P(switch)·E[E_P − E_B | switch] (exact sample)."""
        got = self.exact_sample.get("switch_gain_given_switch")
        if not got or not got[2]:
            return None
        m, se, n = got
        return {"mean": self.switch_fraction * m, "stderr": self.switch_fraction * se, "events": n}

    def to_json(self) -> dict:
        out = {
            "decks": self.decks, "shoes": self.shoes, "coups": self.coups, "cut_card": self.cut,
            "seed": self.seed, "threshold": self.threshold, "seconds": self.seconds,
            "exact": {"banker": fmt(self.exact_banker), "player": fmt(self.exact_player)},
            "bets_per_shoe_advantage_only": self.bets_per_shoe,
            "switch_fraction": self.switch_fraction,
            "exact_sample": {k: {"mean": m, "stderr": se, "events": n} for k, (m, se, n) in self.exact_sample.items()},
            "house_edge_reduction": self.house_edge_reduction,
            "positive_fraction_by_position": self.positive_by_position.tolist(),
            "estimated_edge_quantiles_by_position": None if self.edge_bands is None else
            {b: {"q": [5, 25, 50, 75, 95], "values": v.tolist()} for b, v in self.edge_bands.items()},
        }
        for k, (m, se) in self.stats.items():
            out[k] = {"mean": m, "stderr": se, "ci95": [m - Z95 * se, m + Z95 * se]}
        return out


def _payoffs(w: np.ndarray) -> dict[str, np.ndarray]:
    """Net return of each counting bet for winners w (+1 Player, −1 Banker, 0 tie)."""
    return {
        "banker": np.where(w < 0, 0.95, np.where(w > 0, -1.0, 0.0)),
        "player": np.where(w > 0, 1.0, np.where(w < 0, -1.0, 0.0)),
        "tie_8_to_1": np.where(w == 0, 8.0, -1.0),
    }


def _estimates(db, tags: dict[str, np.ndarray], base: dict[str, float], N: int) -> dict[str, np.ndarray]:
    """Ê_b before every coup (T, S): base + running count / unseen decks (module doc)."""
    S = db.ranks.shape[0]
    cols = np.arange(S)
    est = {}
    for b, t in tags.items():
        cum = np.zeros((S, db.ranks.shape[1] + 1))
        np.cumsum(t[db.ranks], axis=1, out=cum[:, 1:])
        hidden = cum[cols, 1 + db.burned] - cum[cols, 1]  # burned face down: not seen
        rc = cum[cols[None, :], db.start] - hidden[None, :]
        unseen = N - db.start + db.burned[None, :]
        est[b] = base[b] + rc * 52.0 / unseen
    return est


def _exact_events(events: list[tuple[np.ndarray, int]], progress: Callable[[int, int], None] | None):
    """Exact E_b of the actual remaining shoe at sampled decision points: (remaining ranks, chosen bet)."""
    out = []
    for j, (rest, b) in enumerate(events):
        shoe = Shoe(tuple(int(c) for c in np.bincount(rest, minlength=13)))
        he = house_edge(bets={k: STANDARD_BETS[k] for k in COUNT_BETS}, shoe=shoe)
        out.append((he.bets, b))
        if progress is not None:
            progress(j + 1, len(events))
    return out


def _sample_rng(seed: int, i: int) -> np.random.Generator:
    """A generator for the exact-check sample of batch i, independent of the deal's."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(i, 1))))


def _mean_se(v: list[float]) -> tuple[float, float, int]:
    a = np.array(v, dtype=float)
    if a.size == 0:
        return (float("nan"), float("nan"), 0)
    return float(a.mean()), float(a.std(ddof=1) / math.sqrt(a.size)) if a.size > 1 else float("nan"), int(a.size)


def _tc_batch(db, tags, base, N: int, threshold: float):
    """Per-shoe sums of the three strategies' returns for one dealt batch, and the decisions."""
    act = db.active
    pay = _payoffs(db.winner)
    est = _estimates(db, tags, base, N)
    sw = (est["player"] > est["banker"]) & act
    side = np.where(sw, pay["player"], pay["banker"]) * act
    stack = np.stack([est[b] for b in COUNT_BETS])
    best = stack.argmax(axis=0)
    bet = (stack.max(axis=0) > threshold) & act
    adv = np.choose(best, [pay[b] for b in COUNT_BETS]) * bet
    flat = pay["banker"] * act
    db_est = est
    sums = {"flat_banker": flat.sum(axis=0), "choose_side": side.sum(axis=0),
            "choose_side_minus_banker": (side - flat).sum(axis=0), "advantage_only": adv.sum(axis=0),
            "n": act.sum(axis=0), "bets": bet.sum(axis=0)}
    return sums, sw, bet, best, db_est


def _bands(est: dict[str, np.ndarray], active: np.ndarray) -> dict[str, np.ndarray]:
    """Quantiles 5/25/50/75/95 % of the estimated edge Ê_b at each coup position (one batch)."""
    out = {}
    for b in ("banker", "player"):
        rows = []
        for t in range(active.shape[0]):
            v = est[b][t][active[t]]
            if v.size < 50:
                break
            rows.append(np.quantile(v, [0.05, 0.25, 0.5, 0.75, 0.95]))
        out[b] = np.array(rows)
    return out


def _sample_events(events: list, mask: np.ndarray, best: np.ndarray, db, N: int, K: int,
                   rng: np.random.Generator) -> None:
    """Add a uniform sample of this batch's decisions (remaining cards, chosen bet) up to K."""
    if len(events) >= K:
        return
    tt, ss = np.nonzero(mask)
    pick = rng.permutation(len(tt))[: K - len(events)]
    for t, sh in zip(tt[pick], ss[pick]):
        events.append((db.ranks[sh, db.start[t, sh]: N].copy(), int(best[t, sh])))


def true_count_simulation(decks: int = 8, shoes: int = 20000, seed: int = 0, cut: int = 14,
                          threshold: float = 0.0, eor: EORTable | None = None, batch: int = 1024,
                          progress: Callable[[int, int], None] | None = None, exact_sample: int = 0,
                          exact_progress: Callable[[int, int], None] | None = None) -> TrueCountResult:
    """Deal ``shoes`` punto banco shoes and play the three counting strategies (module doc).

    ``exact_sample`` = K: at K uniformly sampled coups where ``choose_side`` switches to Player
    and K sampled bets of ``advantage_only`` (from the first batches), the exact expectations of the *actual* remaining shoe
    are computed; their means estimate E[E_P − E_B | switch] and E[edge of the bet taken]
    without the noise of the outcomes (an unbiased, low-variance check of the simulation).
    """
    d, shoes = check_shoe_run(check_decks(decks), shoes)
    shoe = Shoe.decks(d)
    if not 6 <= cut <= shoe.size - 17:
        raise GameError(f"cut card must lie 6..{shoe.size - 17} cards from the end, got {cut}")
    eor = eor or eor_table(d, COUNT_BETS)
    tags = {b: linear_tags(eor, b) for b in COUNT_BETS}
    base = {b: float(eor.base[b]) for b in COUNT_BETS}
    pdraw, bdraw = punto_banco_tables()
    t0 = time.perf_counter()
    acc: dict[str, list[np.ndarray]] = {k: [] for k in ("flat_banker", "choose_side", "advantage_only",
                                                        "choose_side_minus_banker", "n", "bets")}
    maxT = shoe.size // 4 + 2
    pos_pos, pos_n = np.zeros(maxT), np.zeros(maxT)
    switch_events: list[tuple[np.ndarray, int]] = []
    bet_events: list[tuple[np.ndarray, int]] = []
    switches = 0
    done = i = 0
    while done < shoes:
        S = min(batch, shoes - done)
        db = deal_batch(shuffled_ranks(batch_rng(seed, i), shoe, S), shoe.size, cut, True, pdraw, bdraw)
        sums, sw, bet, best, est = _tc_batch(db, tags, base, shoe.size, threshold)
        if i == 0:
            bands = _bands(est, db.active)
        for k, v in sums.items():
            acc[k].append(v)
        switches += int(sw.sum())
        for events, mask in ((switch_events, sw), (bet_events, bet)):
            _sample_events(events, mask, best, db, shoe.size, exact_sample, _sample_rng(seed, i))
        T = db.active.shape[0]
        pos_n[:T] += db.active.sum(axis=1)
        pos_pos[:T] += bet.sum(axis=1)
        done += S
        i += 1
        if progress is not None:
            progress(done, shoes)
    a = {k: np.concatenate(v) for k, v in acc.items()}
    stats = {k: clustered_mean(a[k], a["n"]) for k in ("flat_banker", "choose_side", "choose_side_minus_banker")}
    stats["advantage_only_per_bet"] = clustered_mean(a["advantage_only"], a["bets"]) if a["bets"].sum() else (0.0, float("nan"))
    per_shoe = a["advantage_only"]
    stats["advantage_only_per_shoe"] = (float(per_shoe.mean()), float(per_shoe.std(ddof=1) / math.sqrt(len(per_shoe))))
    last = int(np.flatnonzero(pos_n).max()) + 1
    exact: dict[str, tuple[float, float, int]] = {}
    if exact_sample:
        ev = _exact_events(switch_events + bet_events, exact_progress)
        k = len(switch_events)
        exact["switch_gain_given_switch"] = _mean_se(
            [float(b["player"].expected - b["banker"].expected) for b, _ in ev[:k]])
        exact["advantage_bet_edge"] = _mean_se([float(b[COUNT_BETS[j]].expected) for b, j in ev[k:]])
    n_coups = int(a["n"].sum())
    return TrueCountResult(d, shoes, n_coups, cut, seed, threshold, time.perf_counter() - t0, stats,
                           float(a["bets"].mean()), switches / n_coups, exact, eor.base["banker"],
                           eor.base["player"], pos_pos[:last] / np.maximum(pos_n[:last], 1), bands)


# -- Banker wins with 6 ----------------------------------------------------------------------------
@dataclass(frozen=True)
class SixesResult:
    """Banker wins with a total of 6: exact per coup, simulated per shoe."""

    decks: int
    shoes: int
    cut: int
    seed: int
    p_six: Fraction
    mean_coups: tuple[float, float]
    mean_sixes: tuple[float, float]
    histogram: dict[int, int]

    @property
    def exact_times_coups(self) -> float:
        """P(Banker wins with 6) off the top × mean coups per shoe."""
        return float(self.p_six) * self.mean_coups[0]

    def to_json(self) -> dict:
        return {
            "decks": self.decks, "shoes": self.shoes, "cut_card": self.cut, "seed": self.seed,
            "p_banker_wins_with_6": fmt(self.p_six), "p_banker_wins_with_6_float": float(self.p_six),
            "coups_per_shoe": {"mean": self.mean_coups[0], "stderr": self.mean_coups[1]},
            "sixes_per_shoe": {"mean": self.mean_sixes[0], "stderr": self.mean_sixes[1]},
            "exact_per_coup_times_mean_coups": self.exact_times_coups,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
        }


def banker_six_wins(decks: int = 8, shoes: int = 20000, seed: int = 0, cut: int = 14, batch: int = 1024,
                    progress: Callable[[int, int], None] | None = None) -> SixesResult:
    """Number of Banker wins with 6 per shoe (simulated) and the exact probability per coup."""
    d, shoes = check_shoe_run(check_decks(decks), shoes)
    shoe = Shoe.decks(d)
    if not 6 <= cut <= shoe.size - 17:
        raise GameError(f"cut card must lie 6..{shoe.size - 17} cards from the end, got {cut}")
    p6 = coup_distribution(shoe).probability(lambda s: s.winner == "banker" and s.banker_total == 6)
    pdraw, bdraw = punto_banco_tables()
    sixes, coups = [], []
    done = i = 0
    while done < shoes:
        S = min(batch, shoes - done)
        db = deal_batch(shuffled_ranks(batch_rng(seed, i), shoe, S), shoe.size, cut, True, pdraw, bdraw)
        six = (db.winner < 0) & (db.bt == 6) & db.active
        sixes.append(six.sum(axis=0))
        coups.append(db.active.sum(axis=0))
        done += S
        i += 1
        if progress is not None:
            progress(done, shoes)
    x, n = np.concatenate(sixes), np.concatenate(coups)
    hist = {int(k): int(v) for k, v in zip(*np.unique(x, return_counts=True))}
    se = lambda v: float(v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else float("nan")  # noqa: E731
    return SixesResult(d, shoes, cut, seed, p6, (float(n.mean()), se(n)), (float(x.mean()), se(x)), hist)


def _rank_values() -> dict[str, int]:  # pragma: no cover - documentation helper
    return dict(RANK_VALUE)
