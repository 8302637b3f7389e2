"""Oracle for the additive solvers (tests and benchmarks only): compare cells with the explicit game's maximal Nash subsets."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from gamekit.additive.behaviour import mixed_to_mixture, mixture_to_behaviour
from gamekit.additive.game import AdditiveGame
from gamekit.additive.solution import AdditiveSolution, EquilibriumCell
from gamekit.core.errors import CertificationError, GameError, TooLargeError
from gamekit.core.numbers import fmt

__all__ = ["compare_with_explicit", "crosscheck_solution"]


def compare_with_explicit(sol: AdditiveSolution, explicit_equilibria: Iterable[tuple[Sequence, Sequence]],
                          limit: int = 1 << 12, reduce: bool = True) -> list[str]:
    """Compare a two-row solution with the extreme equilibria of the materialized game.

    ``explicit_equilibria`` are (row, column) mixed strategies of
    ``materialize(sol.game, reduce=reduce)`` (e.g. from pygambit's enummixed or
    ``gamekit.bimatrix.solve``), assumed to be *all* its extreme equilibria. Checked, exactly:

    1. every extreme equilibrium we report, written over the explicit columns, is a Nash
       equilibrium of the explicit game;
    2. every explicit extreme equilibrium, mapped to behaviour form (marginals; the mixture
       itself when player I's payoff is not additive), lies in one of our cells;
    3. every extreme equilibrium we report is the image of an explicit one;
    4. for every maximal Nash subset of the explicit game (maximal biclique of extreme
       equilibria), all its images lie in one common cell.

    Together: our cells are exactly the images of the maximal Nash subsets. Returns the
    list of disagreements (empty when they agree).
    """
    from gamekit.additive.reduction import materialize, materialized_columns
    from gamekit.core.equilibrium import is_equilibrium
    from gamekit.kernel.graphs import maximal_bicliques

    game = sol.game
    if game.m != 2:
        raise GameError("compare_with_explicit handles two-row solutions")
    explicit = materialize(game, limit=limit, reduce=reduce)
    columns = materialized_columns(game, limit=limit, reduce=reduce)
    additive = game.a_move is not None
    problems: list[str] = []

    cache: dict[tuple, object] = {}

    def strat(col: Sequence) -> object:
        key = tuple(col)
        if key not in cache:
            mix = mixed_to_mixture(col, columns)
            cache[key] = mixture_to_behaviour(mix, game.n) if additive else frozenset(mix)
        return cache[key]

    def image(row: Sequence, col: Sequence) -> tuple:
        return (Fraction(row[1]), strat(col))

    def in_some_cell(ps: Sequence[Fraction], ys: Sequence) -> bool:
        # cells are products (p-range × polytope): check the two sides separately
        for c in sol.cells:
            if all(c.p_lo <= p <= c.p_hi for p in ps) and all(
                    _member(c, (c.p_lo, y), game, additive) for y in ys):
                return True
        return False

    for e in sol.equilibria:
        row, col = e.mixed(columns)
        if not is_equilibrium(explicit, row, col):
            problems.append(f"reported equilibrium p={fmt(e.p)} is not an equilibrium of the explicit game")
    exp = [(tuple(Fraction(v) for v in r), tuple(Fraction(v) for v in c)) for r, c in explicit_equilibria]
    images = [image(r, c) for r, c in exp]
    for (r, _c), im in zip(exp, images):
        if not in_some_cell([im[0]], [im[1]]):
            problems.append(f"explicit equilibrium with p={fmt(r[1])} lies in none of our cells")
    ours = {((e.p, e.draw) if additive else (e.p, frozenset(e.mixture))) for e in sol.equilibria}
    missing = ours - set(images)
    if missing:
        problems.append(f"{len(missing)} reported extreme equilibria are not images of explicit ones")
    rows = sorted({r for r, _ in exp})
    cols = sorted({c for _, c in exp})
    ri = {r: i for i, r in enumerate(rows)}
    ci = {c: j for j, c in enumerate(cols)}
    edges = [(ri[r], ci[c]) for r, c in exp]
    for R, C in maximal_bicliques(edges):
        if not in_some_cell([Fraction(rows[i][1]) for i in R], [strat(cols[j]) for j in C]):
            problems.append(f"a maximal Nash subset ({len(R)}x{len(C)} extreme strategies) is not inside one cell")
    return problems


def _member(cell: EquilibriumCell, pt: tuple, game: AdditiveGame, additive: bool) -> bool:
    p, y = pt
    if additive:
        return cell.contains(p, y, game)
    return cell.contains_mixture(p, tuple(y), game)


def crosscheck_solution(sol: AdditiveSolution, limit: int = 1 << 12) -> str:
    """Re-solve the materialized reduced game with ``gamekit.bimatrix.solve`` and compare.

    Returns "agree (...)" and raises CertificationError on a disagreement (which would be a bug).
    """
    from gamekit.additive.reduction import materialize

    try:
        from gamekit.bimatrix.solve import solve_result  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover
        return "skipped: gamekit.bimatrix.solve is not available"
    try:
        explicit = materialize(sol.game, limit=limit, reduce=True)
    except TooLargeError as exc:
        return f"skipped: {exc}"
    res = solve_result(explicit, method="all")
    problems = compare_with_explicit(sol, [(e.row, e.col) for e in res.equilibria], limit=limit)
    if problems:
        raise CertificationError("cross-check against the explicit solver failed: " + "; ".join(problems))
    return f"agree ({len(res.equilibria)} explicit extreme equilibria, {explicit.m}x{explicit.n} game)"
