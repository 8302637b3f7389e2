"""The six game-theoretic models of baccara chemin de fer as exact additive bimatrix games.

Models (Ethier & Lee, *Baccara chemin de fer II*, section 1):

* **A** — cards dealt with replacement from one deck; **B** — without replacement from a
  d-deck shoe (any d ≥ 1).
* **1** — Player and Banker see only their two-card totals: a 2 × 2⁸⁸ game, Banker
  information sets ``"j:k"`` (total j = 0–7, Player's third card k or ``-``).
* **2** — Player sees his total, Banker the composition of his hand: 2 × 2⁴⁸⁴, Banker
  information sets ``"06:-"``.
* **3** — both see compositions: 2⁵ × 2⁴⁸⁴; Player chooses at the five compositions of
  total 5, ``"05"``, ``"14"``, ``"23"``, ``"69"``, ``"78"``.

Rules. Naturals (a two-card 8 or 9 in either hand) end the coup. Otherwise Player draws on
totals 0–4, stands on 6–7 and chooses on 5; Banker, seeing Player's third card (if any),
chooses at every information set. Banker's payoff is f = 1 − α on a Banker win, 0 on a tie,
−1 on a loss (the first paper's (1), the second's (15)); Player's payoff is minus Banker's
at α = 0 (the commission goes to the casino, a passive third party).

Player's pure strategies (rows) are labelled by a string of ``S``/``D`` over his
information sets: ``"S"``, ``"D"`` (stand / draw on 5) in Models 1–2; five letters over
(05, 14, 23, 69, 78) in Model 3, where row u = (u₁u₂u₃u₄u₅)₂ draws at the i-th composition
iff uᵢ = 1 (section 4: row 19 = ``"DSSDD"``, row 27 = ``"DDSDD"``).

Payoffs (Lemma 1 form). For row u, Banker information set l and Banker move v,

    p_u(l) b_{u,v}(l) = [(1 − α)·W_{u,l,v} − L_{u,l,v}] / D,
    p_u(l) a_{u,v}(l) = [L_{u,l,v} − W_{u,l,v}] / D,
    p_u(l)            = [W + L + T]_{u,l,v} / D       (the same for v = 0, 1),

where W, L, T count the deals reaching l that Banker wins, loses, ties (eqs. (11)–(14) and
(39)–(42) of the second paper, weighted by p_u(l)), and D is the common denominator, 13⁶
for Model A and (52d)₆ for Model B. The natural term p_u(0)b_u(0) = −α·W₀/D since Banker
and Player win with a natural equally often (eq. (18)). Model 1 sums Model 2's counts over
the compositions of each total (a Banker who sees only his total makes one move for all of
them). So Banker's weights are affine in α — W⁰ + α·W¹ with W⁰ = (W − L)/D, W¹ = −W/D —
and Player's do not depend on α: :class:`ModelTables` keeps the integer counts and builds
the :class:`~gamekit.additive.game.AdditiveGame` for any α cheaply.

Usage::

    from games.baccara.models.tables import build_game, model_tables
    g = build_game("B2", decks=6, alpha="1/20")      # AdditiveGame, 2 × 2^484
    t = model_tables("B2", 6)                        # cached integer tables
    t.conditional(1, t.index("06:-"), 1, "1/20")     # b_{1,1}((0,6), ∅) as a Fraction
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property, lru_cache

import numpy as np

from gamekit.additive import AdditiveGame
from gamekit.core import GameError, fmt
from games.baccara.cards import check_alpha, check_decks
from games.baccara.infosets import (
    banker_compositions,
    banker_infosets,
    composition_label,
    player_infosets,
)
from games.baccara.models.counts import (
    COMPOSITIONS,
    LOSS,
    TIE,
    WIN,
    coup_counts,
    denominator,
    evaluate,
)

__all__ = [
    "MODELS",
    "WIN",
    "LOSS",
    "TIE",
    "ModelTables",
    "parse_model",
    "parse_alpha",
    "player_rows",
    "model_tables",
    "build_game",
    "aggregated_polynomials",
]

MODELS = ("A1", "A2", "A3", "B1", "B2", "B3")

Pair = tuple[Fraction, Fraction]


# -- input validation ------------------------------------------------------------------------
def parse_model(model: object) -> str:
    """Normalize a model name (``"b2"`` → ``"B2"``) or raise :class:`GameError`."""
    name = model.strip().upper() if isinstance(model, str) else None
    if name not in MODELS:
        raise GameError(f"unknown model {model!r}: expected one of {', '.join(MODELS)}")
    return name


def parse_alpha(alpha: object) -> Fraction:
    """Validate a commission α: an exact rational with 0 ≤ α < 1 (e.g. ``"1/20"``, ``Fraction(1, 20)``).

    Floats are refused because ``0.05`` is not 1/20 in binary; give ``"0.05"`` or ``"1/20"``.
    """
    if isinstance(alpha, numbers.Real) and not isinstance(alpha, numbers.Rational):
        raise GameError(
            f"commission alpha must be exact (e.g. '1/20' or '0.05'), not the float {alpha!r}"
        )
    return check_alpha(alpha)


def _decks(model: str, decks: object) -> int | None:
    """Validated deck count for Model B; None for Model A (where it is ignored)."""
    d = check_decks(6 if decks is None else decks)
    return d if model[0] == "B" else None


# -- Player's pure strategies ------------------------------------------------------------------
def player_rows(info: int) -> tuple[tuple[str, ...], np.ndarray]:
    """Row labels and draw indicators of Player's pure strategies in Model ``info`` (1, 2 or 3).

    Returns ``(labels, draws)`` where ``draws[u, P] = 1`` iff Player, holding composition
    ``COMPOSITIONS[P]`` (non-natural), draws under pure strategy u: always on totals 0–4,
    never on 6–7, and on total 5 as the label says.
    """
    fives = player_infosets(info)  # ("5",) or ("05", "14", "23", "69", "78")
    m = 2 ** len(fives)
    labels = tuple(
        "".join("D" if (u >> (len(fives) - 1 - i)) & 1 else "S" for i in range(len(fives)))
        for u in range(m)
    )
    draws = np.zeros((m, len(COMPOSITIONS)), dtype=np.int64)
    for p, (i1, i2) in enumerate(COMPOSITIONS):
        total = (i1 + i2) % 10
        for u, lab in enumerate(labels):
            if total <= 4:
                draws[u, p] = 1
            elif total == 5:
                key = "5" if info in (1, 2) else composition_label(i1, i2)
                draws[u, p] = lab[fives.index(key)] == "D"
    return labels, draws


# -- the tables --------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class ModelTables:
    """Exact integer payoff tables of one model (and deck count), independent of α.

    Attributes
    ----------
    model, decks:
        ``"B2"``, 6 (``decks`` is None for Model A).
    denominator:
        D: every count below is a number of ordered six-card deals out of D
        (13⁶ for Model A, (52d)₆ for Model B).
    rows, infosets, player_infosets:
        Player's pure strategies (``"S"``, ``"D"`` or ``"DSSDD"``…), Banker's information
        sets (``docs/json.md`` labels, in :func:`~games.baccara.infosets.banker_infosets`
        order) and Player's information sets.
    natural:
        object array (m, 3) of ints: deals ending in a natural, by outcome
        (:data:`WIN`, :data:`LOSS`, :data:`TIE` from Banker's point of view).
    move:
        object array (m, n, 2, 3) of ints: ``move[u, l, v, o]`` = deals in which Player plays
        row u, Banker's information set is l, Banker makes move v (0 stand, 1 draw), and the
        outcome is o.
    """

    model: str
    decks: int | None
    denominator: int
    rows: tuple[str, ...]
    infosets: tuple[str, ...]
    player_infosets: tuple[str, ...]
    natural: np.ndarray
    move: np.ndarray

    # sizes and lookups
    @property
    def m(self) -> int:
        return len(self.rows)

    @property
    def n(self) -> int:
        return len(self.infosets)

    def index(self, label: str) -> int:
        """Index of a Banker information set (``"06:-"``)."""
        try:
            return self._index[label]
        except KeyError:
            raise GameError(f"unknown information set {label!r} for Model {self.model}") from None

    def row(self, label: str) -> int:
        """Index of a Player pure strategy (``"D"``, ``"DSSDD"``)."""
        try:
            return self.rows.index(label)
        except ValueError:
            raise GameError(f"unknown Player strategy {label!r} for Model {self.model}") from None

    @cached_property
    def _index(self) -> dict[str, int]:
        return {s: i for i, s in enumerate(self.infosets)}

    # α-free parts
    @cached_property
    def prob_counts(self) -> np.ndarray:
        """(m, n) object array: D·p_u(l), the deals reaching information set l under row u."""
        out = self.move[:, :, 0, :].sum(axis=-1)
        out.flags.writeable = False
        return out

    @cached_property
    def prob(self) -> tuple[tuple[Fraction, ...], ...]:
        """p_u(l) as Fractions, shape m × n."""
        D = self.denominator
        return tuple(tuple(Fraction(c, D) for c in r) for r in self.prob_counts.tolist())

    @cached_property
    def p_natural(self) -> Fraction:
        """p_u(0): probability that the coup ends with a natural (the same for every u)."""
        return Fraction(int(self.natural[0].sum()), self.denominator)

    @cached_property
    def player_weights(self) -> tuple[tuple[Fraction, ...], tuple[tuple[Pair, ...], ...]]:
        """Player's (a_base, a_move): p_u(0)a_u(0) and (p_u(l)a_{u,0}(l), p_u(l)a_{u,1}(l)).

        Player's payoff is minus Banker's at α = 0: (L − W)/D.
        """
        D = self.denominator
        base = tuple(Fraction(int(x), D) for x in (self.natural[:, LOSS] - self.natural[:, WIN]))
        diff = (self.move[..., LOSS] - self.move[..., WIN]).tolist()
        move = tuple(tuple((Fraction(x0, D), Fraction(x1, D)) for x0, x1 in r) for r in diff)
        return base, move

    # Banker's weights, affine in α
    def banker_weights(
        self, alpha: object = Fraction(1, 20)
    ) -> tuple[tuple[Fraction, ...], tuple[tuple[Pair, ...], ...]]:
        """Banker's (b_base, b_move) at commission α: [(1 − α)W − L]/D."""
        a = parse_alpha(alpha)
        num, den = a.numerator, a.denominator
        D = den * self.denominator
        base = ((den - num) * self.natural[:, WIN] - den * self.natural[:, LOSS]).tolist()
        mv = ((den - num) * self.move[..., WIN] - den * self.move[..., LOSS]).tolist()
        return (
            tuple(Fraction(x, D) for x in base),
            tuple(tuple((Fraction(x0, D), Fraction(x1, D)) for x0, x1 in r) for r in mv),
        )

    @cached_property
    def banker_affine(self) -> tuple[tuple, tuple]:
        """Banker's weights as W⁰ + α·W¹: ``((base0, move0), (base1, move1))`` of Fractions.

        W⁰ = (W − L)/D (the parlor game, α = 0) and W¹ = −W/D (the commission on wins).
        """
        return self.banker_weights(0), self._slope

    @cached_property
    def _slope(self) -> tuple:
        D = self.denominator
        base = tuple(Fraction(-int(x), D) for x in self.natural[:, WIN])
        mv = tuple(
            tuple((Fraction(-x0, D), Fraction(-x1, D)) for x0, x1 in r)
            for r in self.move[..., WIN].tolist()
        )
        return base, mv

    # per-information-set conditional payoffs
    def conditional(
        self, u: int, l: int | str, v: int, alpha: object = Fraction(1, 20)
    ) -> Fraction:
        """Banker's conditional expectation b_{u,v}(l) (eqs. (16), (17), (43), (44))."""
        c0, c1 = self.conditional_affine(u, l, v)
        return c0 + parse_alpha(alpha) * c1

    def conditional_affine(self, u: int, l: int | str, v: int) -> tuple[Fraction, Fraction]:
        """b_{u,v}(l) = c₀ + α·c₁: returns (c₀, c₁) = ((W − L)/(W+L+T), −W/(W+L+T))."""
        li = self.index(l) if isinstance(l, str) else l
        w, lo, t = (int(x) for x in self.move[u, li, v])
        tot = w + lo + t
        if tot == 0:
            raise GameError(
                f"information set {self.infosets[li]} is unreachable under row {self.rows[u]}"
            )
        return Fraction(w - lo, tot), Fraction(-w, tot)

    def conditional_player(self, u: int, l: int | str, v: int) -> Fraction:
        """Player's conditional expectation a_{u,v}(l) = (L − W)/(W + L + T)."""
        li = self.index(l) if isinstance(l, str) else l
        w, lo, t = (int(x) for x in self.move[u, li, v])
        return Fraction(lo - w, w + lo + t)

    # the game
    def game(self, alpha: object = Fraction(1, 20)) -> AdditiveGame:
        """The model as an :class:`~gamekit.additive.game.AdditiveGame` at commission α."""
        a = parse_alpha(alpha)
        b_base, b_move = self.banker_weights(a)
        a_base, a_move = self.player_weights
        d = f", d={self.decks}" if self.decks is not None else ""
        return AdditiveGame(
            self.rows,
            self.infosets,
            b_base,
            b_move,
            a_base=a_base,
            a_move=a_move,
            prob=self.prob,
            title=f"baccara chemin de fer, Model {self.model}{d}, alpha={fmt(a)}",
        )


def _sum_over_player_hands(ind: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Σ_P ind[u, P]·counts[P, ...] for every row u (int64), cheaply when rows share columns."""
    common = np.all(ind == ind[:1], axis=0)
    fixed = np.tensordot(ind[0, common], counts[common], axes=(0, 0))
    varying = np.tensordot(ind[:, ~common], counts[~common], axes=(1, 0))
    return fixed[None] + varying


@cache
def aggregated_polynomials(shoe: str, info: int) -> tuple[np.ndarray, np.ndarray]:
    """Integer polynomial tables in the number of decks d (natural (m, 3, deg), move
    (m, n, 2, 3, deg)) of the model with shoe ``shoe`` ("A"/"B") and Banker information
    ``info`` (1, 2, 3); coefficients of ascending powers, evaluated by ``model_tables``.
    Public so that other analyses (the commission, the d → ∞ limits) read the same data."""
    cc = coup_counts(shoe)
    labels, draws = player_rows(info)
    non_natural = np.array([(a + b) % 10 <= 7 for a, b in COMPOSITIONS])
    stands = (1 - draws) * non_natural[None, :]
    draws = draws * non_natural[None, :]
    # Σ over Player compositions P in S_u (he drew k) or in S_u^c (he stood): the
    # compositions every row treats alike once, the few that differ (total 5) per row.
    dk = _sum_over_player_hands(draws, cc.draw)  # (m, B, k, v, o, deg)
    st = _sum_over_player_hands(stands, cc.stand)  # (m, B, v, o, deg)
    hands = [COMPOSITIONS.index((int(h[0]), int(h[1]))) for h in banker_compositions()]
    move = np.concatenate([dk[:, hands], st[:, hands, None]], axis=2)  # (m, 44, 11, v, o, deg)
    if info == 1:  # Banker sees only his total: sum over the compositions of each total
        totals = np.array([sum(int(c) for c in h) % 10 for h in banker_compositions()])
        agg = (totals[None, :] == np.arange(8)[:, None]).astype(np.int64)  # (8, 44)
        move = np.tensordot(agg, move, axes=(1, 1)).swapaxes(0, 1)  # (m, 8, 11, ...)
    m = len(labels)
    move = move.reshape(m, -1, *move.shape[3:])
    natural = np.broadcast_to(cc.natural, (m, *cc.natural.shape))
    return natural, move


@lru_cache(maxsize=64)
def _tables(model: str, decks: int | None) -> ModelTables:
    shoe, info = model[0], int(model[1])
    natural, move = aggregated_polynomials(shoe, info)
    d = 1 if decks is None else decks
    nat, mv = evaluate(natural, d), evaluate(move, d)
    nat.flags.writeable = False
    mv.flags.writeable = False
    rows, _ = player_rows(info)
    infosets = banker_infosets(info)
    if mv.shape != (len(rows), len(infosets), 2, 3):  # pragma: no cover - engine bug
        raise AssertionError(f"table shape {mv.shape} does not match the labels")
    return ModelTables(
        model=model,
        decks=decks,
        denominator=denominator(shoe, d),
        rows=rows,
        infosets=infosets,
        player_infosets=player_infosets(info),
        natural=nat,
        move=mv,
    )


def model_tables(model: str, decks: object = 6) -> ModelTables:
    """Exact integer tables of ``model`` (A1…B3) with ``decks`` decks (ignored by Model A). Cached."""
    name = parse_model(model)
    return _tables(name, _decks(name, decks))


def build_game(model: str, decks: object = 6, alpha: object = Fraction(1, 20)) -> AdditiveGame:
    """The chemin de fer ``model`` as an exact :class:`~gamekit.additive.game.AdditiveGame`.

    ``build_game("B2", decks=6, alpha="1/20")``: Player is player I (rows), Banker player II
    (information sets); α is the commission on Banker wins, exact, 0 ≤ α < 1.
    """
    name = parse_model(model)
    d = _decks(name, decks)
    a = parse_alpha(alpha)
    return _tables(name, d).game(a)
