"""Result types of the additive solvers: extreme equilibria, cells, certificate, solution.

An additive game's equilibrium set is a finite union of *cells* — products of a range
of player I's probability p and a polytope of player II's behaviour strategies (see
:mod:`gamekit.additive.two_rows`); :class:`AdditiveSolution` lists the cells, their
extreme points and what the solver checked (:class:`FosterCertificate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from gamekit.additive.behaviour import Mixture, behaviour_to_mixture
from gamekit.additive.game import AdditiveGame
from gamekit.core.errors import GameError
from gamekit.core.numbers import fmt
from gamekit.core.result import ResultSequence

if TYPE_CHECKING:
    from gamekit.additive.int_forms import SplitBehaviour

__all__ = [
    "AdditiveEquilibrium",
    "EquilibriumCell",
    "CaseRecord",
    "FosterCertificate",
    "AdditiveSolution",
    "d_value",
    "split_of",
]

_ZERO = Fraction(0)
_ONE = Fraction(1)


def d_value(game: AdditiveGame, draw: Sequence[Fraction], split: SplitBehaviour | None = None) -> Fraction:
    """D(y) = a₁(y) − a₀(y) for additive player I payoffs (``split``: y already split, e.g. a
    certified equilibrium's; else ``draw`` is split here, O(n) Python)."""
    from gamekit.additive.int_forms import int_tables, split_behaviour

    H, _ = int_tables(game)
    assert H is not None  # player I's payoff is additive here (no general a_func)
    hy = H.dot(split if split is not None else split_behaviour(draw))
    return game.a_const(1) - game.a_const(0) + hy[1] - hy[0]


def _fmt_draw(draw: Sequence[Fraction]) -> list[str]:
    """``fmt`` of every entry; the shared 0 and 1 objects of rendered behaviours
    (:meth:`SplitBehaviour.render`) are recognized by identity, without a Fraction call."""
    from gamekit.additive.int_forms import _ONE as one
    from gamekit.additive.int_forms import _ZERO as zero

    return ["1" if v is one else ("0" if v is zero else fmt(v)) for v in draw]


def split_of(eq: object) -> SplitBehaviour | None:
    """The split form attached to an equilibrium by :meth:`AdditiveEquilibrium.from_split`
    (None for one built from a plain tuple, or for any modified copy)."""
    return getattr(eq, "_split", None)


# -- results -------------------------------------------------------------------------------
@dataclass(frozen=True)
class AdditiveEquilibrium:
    """One (extreme) equilibrium in behaviour form.

    ``row``: player I's mixed strategy; ``draw[l]``: player II's probability of move 1
    ("draw") at information set l (full game, all n sets); ``payoffs``: (I, II);
    ``mixture``: a mixed strategy of player II over subsets realizing ``draw`` — the
    threshold mixture (≤ k+1 subsets) when player I's payoff is additive, the actual
    equilibrium mixture when it is a general ``a_func``.

    Examples
    --------
    >>> from gamekit import AdditiveGame, solve
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> r = solve(g)
    >>> e = r[0]
    >>> e.row, e.draw, e.payoffs
    ((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 1), Fraction(1, 1)), (Fraction(1, 1), Fraction(0, 1)))
    """

    row: tuple[Fraction, ...]
    draw: tuple[Fraction, ...]
    payoffs: tuple[Fraction, Fraction]
    given_mixture: Mixture | None = field(default=None, repr=False, compare=False)

    @classmethod
    def from_split(cls, row: tuple[Fraction, ...], split: SplitBehaviour, payoffs: tuple[Fraction, Fraction],
                   draw: tuple[Fraction, ...] | None = None) -> AdditiveEquilibrium:
        """The equilibrium whose ``draw`` is ``split.render()`` (or ``draw``, that rendering
        made once for several equilibria); the split stays attached (outside the dataclass
        fields, so any ``dataclasses.replace`` copy drops it) and lets the certifier and
        :meth:`EquilibriumCell.contains` work on numpy masks instead of n Fractions — the
        certifier rebuilds it and compares its rendering with ``draw`` first."""
        eq = cls(row, split.render() if draw is None else draw, payoffs)
        object.__setattr__(eq, "_split", split)
        return eq

    def __repr__(self) -> str:
        """Exact numbers as ``3/5`` (as :class:`~gamekit.core.equilibrium.Equilibrium`); a long
        ``draw`` is summarized by its counts of 0, 1 and strictly mixed entries."""
        from gamekit.core.display import vector_text

        if len(self.draw) <= 12:
            draw = vector_text(self.draw)
        else:
            ones = sum(1 for v in self.draw if v == 1)
            zeros = sum(1 for v in self.draw if v == 0)
            mixed = len(self.draw) - ones - zeros
            draw = f"<{len(self.draw)} sets: {zeros} × 0, {ones} × 1, {mixed} mixed>"
        return (f"AdditiveEquilibrium(row={vector_text(self.row)}, draw={draw}, "
                f"payoffs={vector_text(self.payoffs)})")

    __str__ = __repr__

    @property
    def mixture(self) -> Mixture:
        """Player II's mixed strategy over subsets (computed on first use when not given)."""
        if self.given_mixture is None:
            object.__setattr__(self, "given_mixture", behaviour_to_mixture(self.draw))
        return self.given_mixture  # type: ignore[return-value]

    @property
    def p(self) -> Fraction:
        """Player I's probability of row 1 (two-row games)."""
        return self.row[-1]

    def mixed(self, columns: Sequence[frozenset[int]]) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
        """(row, column mixed strategy) over explicit columns, e.g. of a materialized game.

        ``columns`` are full-game subsets (``reduction.materialized_columns``).
        """
        index = {frozenset(T): j for j, T in enumerate(columns)}
        sigma = [_ZERO] * len(columns)
        for T, q in self.mixture:
            j = index.get(T)
            if j is None:
                raise GameError(f"the subset {sorted(T)} of this equilibrium is not a column")
            sigma[j] += q
        return self.row, tuple(sigma)

    def to_json(self, infosets: Sequence[str] | None = None) -> dict:
        keys = infosets if infosets is not None else [str(l) for l in range(len(self.draw))]
        return {
            "row": [fmt(v) for v in self.row],
            "draw": dict(zip(keys, _fmt_draw(self.draw))),
            "payoffs": [fmt(v) for v in self.payoffs],
        }


@dataclass(frozen=True)
class EquilibriumCell:
    """A convex piece of the equilibrium set: rows x(p), p ∈ [p_lo, p_hi], times a polytope.

    Player II's strategies are those of the face ``fixed`` (0/1 outside ``free``) with
    ``free`` coordinates in [0, 1] subject to player I's condition D(y) ``sense`` 0, where
    D = a_{1} − a_{0} and sense is ``"="`` (interior p), ``"<="`` (p = 0) or ``">="`` (p = 1).
    ``vertices`` are its extreme points. ``kind`` is "breakpoint", "interval" or "endpoint".

    Examples
    --------
    >>> from gamekit import AdditiveGame, solve
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> r = solve(g)
    >>> c = r.cells[0]  # at p = 1/2 player II may mix freely at both information sets
    >>> c.kind, c.p_lo, c.free, len(c.vertices)
    ('breakpoint', Fraction(1, 2), (0, 1), 2)
    """

    kind: str
    p_lo: Fraction
    p_hi: Fraction
    free: tuple[int, ...]
    sense: str
    vertices: tuple[AdditiveEquilibrium, ...]
    fixed: tuple[Fraction, ...] = field(repr=False)

    @property
    def is_point(self) -> bool:
        """True when the cell is a single equilibrium."""
        return len(self.vertices) == 1

    def contains(self, p: Fraction, draw: Sequence[Fraction], game: AdditiveGame,
                 split: SplitBehaviour | None = None) -> bool:
        """Exact membership of (p, y) (additive player I payoff); ``split``: y's split form
        when the caller has it (D(y) is then a masked integer sum)."""
        if not self.p_lo <= p <= self.p_hi:
            return False
        outside = list(draw)  # draw with the free entries replaced by the fixed ones
        for l in self.free:
            outside[l] = self.fixed[l]
        if tuple(outside) != tuple(self.fixed):  # C-level compare, identity first
            return False
        if any(not 0 <= draw[l] <= 1 for l in self.free):
            return False
        if self.sense == "any":  # one row: player I has no condition
            return True
        d = d_value(game, draw, split)
        return d == 0 if self.sense == "=" else (d <= 0 if self.sense == "<=" else d >= 0)

    def contains_mixture(self, p: Fraction, mixture: Mixture, game: AdditiveGame) -> bool:
        """Exact membership of (p, σ) in mixture space (works for ``a_func`` too)."""
        if not self.p_lo <= p <= self.p_hi:
            return False
        freeset = set(self.free)
        ones = frozenset(l for l, v in enumerate(self.fixed) if v == 1 and l not in freeset)
        for T, _ in mixture:
            if not ones <= T or not T <= ones | freeset:
                return False
        if self.sense == "any":  # one row: player I has no condition
            return True
        d = sum((q * (game.a(1, T) - game.a(0, T)) for T, q in mixture), _ZERO)
        return d == 0 if self.sense == "=" else (d <= 0 if self.sense == "<=" else d >= 0)


class CaseRecord(tuple):
    """(kind, p_lo, p_hi, number of free information sets, result) of one checked case.

    Examples
    --------
    >>> from gamekit import AdditiveGame, solve
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> r = solve(g)
    >>> r.certificate.cases[2]
    ('breakpoint', Fraction(1, 2), Fraction(1, 2), 2, 'equalizing, continuum')
    """

    __slots__ = ()

    def __new__(cls, kind: str, p_lo: Fraction, p_hi: Fraction, free: int, result: str):
        return tuple.__new__(cls, (kind, p_lo, p_hi, free, result))

    kind = property(lambda s: s[0])
    p_lo = property(lambda s: s[1])
    p_hi = property(lambda s: s[2])
    free = property(lambda s: s[3])
    result = property(lambda s: s[4])


@dataclass(frozen=True)
class FosterCertificate:
    """What Foster's algorithm checked.

    ``sizes``: |T₀₀|, |T₀₁|, |T₁₀|, |T₁₁| and |Z| (sets with G₀ = G₁ = 0).
    ``breakpoints``: distinct p(l) in [0,1], ascending, with ``multiplicities``.
    ``cases``: every breakpoint, open interval and endpoint examined and its result
    ("none", "equalizing", "continuum", "pure", …).
    ``hypotheses``: the conditions of Lemma 2 as booleans — ``classes_cover`` (Z = ∅),
    ``positive_probabilities`` (p_u(l) > 0, None when ``prob`` was not given),
    ``no_indifference_on_intervals`` (a_{0,T(p)} ≠ a_{1,T(p)} off the breakpoints),
    ``row0_not_pure_eq`` (a_{0,T(0)} < a_{1,T(0)}), ``row1_not_pure_eq``
    (a_{0,T(1)} > a_{1,T(1)}); ``single_crossing`` is their conjunction (``positive_probabilities``
    counts when known).

    Examples
    --------
    >>> from gamekit import AdditiveGame, solve
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> r = solve(g)
    >>> cert = r.certificate
    >>> cert.breakpoints, cert.multiplicities, cert.single_crossing
    ((Fraction(1, 2),), (2,), True)
    """

    n: int
    sizes: dict[str, int]
    breakpoints: Sequence[Fraction]  # a tuple, or a LazyTuple materialized on first read
    multiplicities: tuple[int, ...]
    cases: Sequence[CaseRecord]  # likewise
    hypotheses: dict[str, bool | None]
    single_crossing: bool
    notes: tuple[str, ...] = ()

    def summary(self) -> str:
        sizes = " ".join(f"{k}={v}" for k, v in self.sizes.items())
        if not self.cases:  # not Foster (e.g. more than two rows): say what was done
            return f"n={self.n} {sizes}; " + "; ".join(self.notes)
        hits = [c for c in self.cases if c.result != "none"]
        held = "held" if self.single_crossing else "failed (" + ", ".join(
            k for k, v in self.hypotheses.items() if v is False) + ")"
        return (
            f"n={self.n} {sizes}; {len(self.breakpoints)} breakpoints, "
            f"{len(self.cases)} cases checked, {len(hits)} with equilibria; Lemma 2(b) hypotheses {held}"
        )


@dataclass(frozen=True, eq=False)
class AdditiveSolution(ResultSequence):
    """All Nash equilibria of an additive game (exact and complete).

    ``equilibria``: the extreme equilibria (all distinct vertices of the cells).
    ``cells``: the maximal convex pieces of the equilibrium set; ``components``: cell
    indices grouped into connected components. ``unique``: the equilibrium is unique (in
    behaviour strategies when player I's payoff is additive, in mixtures otherwise);
    ``unique_mixed``: unique even as a mixed strategy over the 2ⁿ pure strategies (a
    behaviour strategy with ≥ 2 mixed information sets has a continuum of mixed
    representations). ``method``: "foster", "trivial" (m = 1) or "enumeration" (m > 2).

    Examples
    --------
    >>> from gamekit import AdditiveGame, solve
    >>> g = AdditiveGame(["r0", "r1"], ["s", "t"], [0, 0], [[(0, 1), (0, -1)], [(0, -1), (0, 1)]],
    ...                  a_base=[0, 0], a_move=[[(1, 0), (0, 1)], [(0, 1), (1, 0)]])
    >>> r = solve(g)
    >>> isinstance(r, AdditiveSolution), r.unique, r[0].row
    (True, False, (Fraction(1, 2), Fraction(1, 2)))
    """

    game: AdditiveGame
    equilibria: tuple[AdditiveEquilibrium, ...]
    cells: tuple[EquilibriumCell, ...]
    components: tuple[tuple[int, ...], ...]
    unique: bool
    unique_mixed: bool
    certificate: FosterCertificate | None
    method: str
    complete: bool = True
    continuum: bool | None = None

    @property
    def is_continuum(self) -> bool:
        """True when the equilibrium set is infinite (some cell is not a single point)."""
        if self.continuum is not None:
            return self.continuum
        return any(not c.is_point for c in self.cells)

    def mixed(self, columns: Sequence[frozenset[int]]) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
        """Every extreme equilibrium as (row, column mixed strategy) over explicit columns."""
        return [e.mixed(columns) for e in self.equilibria]

    def describe(self) -> str:
        """A short human-readable account."""
        if self.unique:
            head = "unique equilibrium"
        elif self.is_continuum:
            head = (f"a continuum of equilibria: {len(self.cells)} maximal convex piece(s) in "
                    f"{len(self.components)} component(s), {len(self.equilibria)} extreme points")
        else:
            head = f"{len(self.equilibria)} isolated equilibria"
        tail = f"; {self.certificate.summary()}" if self.certificate else ""
        return head + tail
