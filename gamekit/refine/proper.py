"""Proper equilibria (Myerson 1978) of bimatrix games: exact certificates, and the cases decided.

Sufficient certificate (proved here). A *lexicographic probability system* (LPS) of a
player is a list of distributions ρ⁰, ρ¹, …, ρᴷ over his strategies whose supports cover
them all; the *rank* r(s) of a strategy is the first level that gives it positive
probability. Player I *lex-prefers* s to t under player II's LPS when the vector
((Aρ₂ᵏ)_s)_k is lexicographically larger than ((Aρ₂ᵏ)_t)_k. If LPSs ρ₁ (with ρ₁⁰ = x) and
ρ₂ (with ρ₂⁰ = y) both *respect preferences* (s lex-preferred to t ⇒ r(s) < r(t)), then
(x, y) is proper: σᵢ(ε) ∝ Σₖ ε²ᵏ ρᵢᵏ is completely mixed, tends to (x, y), and is ε-proper
for all small ε > 0 — if s does worse than t against σⱼ(ε), then s is lex-worse, so
r(s) > r(t) and σᵢ(ε)(s)/σᵢ(ε)(t) = O(ε²) ≤ ε. (Blume, Brandenburger & Dekel 1991 show
the converse for two players; it is not used.) Certificates are re-checked exactly.

How a certificate is searched. From (x, y), alternately rank each player's strategies by
the lex order they induce against the other's current LPS (the support at rank 0, the
rest of its class next, then one rank per lex class) and rebuild his LPS as x (resp. y)
followed by the uniform distribution on each rank; stop at the first pair that respects
preferences. This is a search, not a decision: it can miss a certificate.

Regular equilibria (decided). A quasi-strict equilibrium (BR₁(y) = supp x, BR₂(x) = supp y)
with |supp x| = |supp y| = k whose two systems [[A_IJ, −1], [1ᵀ, 0]] and
[[B_IJᵀ, −1], [1ᵀ, 0]] are nonsingular is *regular* (the Jacobian of the equilibrium
equations is nonsingular), and regular equilibria are proper (van Damme 1991, §2.5).
Every equilibrium of a nondegenerate game is regular.

Necessary conditions (certified "not proper").

1. Proper ⇒ perfect: an extreme equilibrium with a weakly dominated strategy
   (:mod:`gamekit.refine.perfect`, with its dominator) is not proper.
2. *First tremble* (Myerson's example). Suppose the rows of A in supp(x) coincide on
   supp(y) (e.g. x or y pure); let B₀ be the best replies to y whose rows coincide with
   them on supp(y) — no level of ρ₂ supported on supp(y) can separate B₀ from supp(x) —
   and C = argmax_{t ∉ supp y} (xB)_t. The first level of ρ₂ with a new strategy puts
   positive weight only on supp(y) ∪ C, some on C, and supp(x) must be best in B₀
   against it. If the exact LP  max Σ_C ρ  s.t. ρ ∈ Δ(supp y ∪ C),
   (Aρ)_s ≥ (Aρ)_t (s ∈ supp x, t ∈ B₀)  has value 0, (x, y) is not proper. Same for II.

Constructed (:mod:`gamekit.refine.permutahedron`). One proper equilibrium of the game is
computed with an exact ε-proper certificate; an extreme equilibrium left undecided above
that equals its limit is decided ``"proper"``. Everything else is reported ``"undecided"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from gamekit.bimatrix.solve import SolveResult, solve_result
from gamekit.core.equilibrium import Equilibrium, is_equilibrium
from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import fmt, to_fraction
from gamekit.lp.simplex import solve_lp
from gamekit.refine.dominance import Matrix, payoff_matrix
from gamekit.refine.result import RefinementResult

if TYPE_CHECKING:
    from gamekit.refine.permutahedron import ProperCertificate

__all__ = ["ProperVerdict", "proper_verdict", "proper_equilibria", "respects_preferences"]

Status = Literal["proper", "not proper", "undecided"]
LPS = tuple[tuple[Fraction, ...], ...]
_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True)
class ProperVerdict:
    """The verdict on (row, col): ``status``, the ``reason`` and, for ``"proper"``, the two
    LPSs (``row_lps``, ``col_lps``) that respect preferences (see the module doc).

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[1, 0], [0, 0]], [[1, 0], [0, 0]])
    >>> proper_verdict(g, [1, 0], [1, 0]).status
    'proper'
    >>> v = proper_verdict(g, [0, 1], [0, 1])
    >>> v.status, v.reason
    ('not proper', "not perfect: the row strategy is weakly dominated by ['1', '0']")
    """

    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]
    status: Status
    reason: str
    row_lps: LPS | None = None
    col_lps: LPS | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"row": [fmt(v) for v in self.row], "col": [fmt(v) for v in self.col],
                               "status": self.status, "reason": self.reason}
        if self.row_lps is not None and self.col_lps is not None:
            out["row_lps"] = [[fmt(v) for v in lv] for lv in self.row_lps]
            out["col_lps"] = [[fmt(v) for v in lv] for lv in self.col_lps]
        return out


def _lex(M: Matrix, levels: LPS) -> list[tuple[Fraction, ...]]:
    return [tuple(sum((a * p for a, p in zip(row, lv) if p), _ZERO) for lv in levels) for row in M]


def _ranks(levels: LPS, size: int) -> list[int] | None:
    r = [-1] * size
    for k, lv in enumerate(levels):
        for s, p in enumerate(lv):
            if p and r[s] < 0:
                r[s] = k
    return None if min(r) < 0 else r


def respects_preferences(M: Matrix, own: LPS, other: LPS) -> bool:
    """Exact check: ``own`` is an LPS (distributions covering every strategy) whose ranks
    respect the lex preferences induced by the opponent's LPS ``other`` (payoffs ``M``:
    own strategies × opponent's).

    Parameters
    ----------
    M : list of list of Fraction
        The player's payoffs.
    own, other : tuple of tuple of Fraction
        The two LPSs.

    Returns
    -------
    bool

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> M = [[F(1), F(0)], [F(0), F(0)]]
    >>> respects_preferences(M, ((F(1), F(0)), (F(0), F(1))), ((F(1), F(0)), (F(0), F(1))))
    True
    """
    if any(any(p < 0 for p in lv) or sum(lv) != 1 or len(lv) != len(M) for lv in own):
        return False
    r = _ranks(own, len(M))
    if r is None:
        return False
    v = _lex(M, other)
    return all(not (v[s] > v[t]) or r[s] < r[t] for s in range(len(M)) for t in range(len(M)))


def _level(R: list[list[int]], k: int, prev: list[tuple[Fraction, ...]], Mopp: Matrix | None,
           opp_ranks: list[int] | None, size: int) -> tuple[Fraction, ...]:
    """Level k: positive on rank k, zero above it, chosen by an exact LP (when feasible) so
    that the opponent's strategies still tied after the levels ``prev`` stay tied when
    equally ranked and keep their rank order otherwise (else the order alone, else the ties
    alone, else uniform on rank k)."""
    uniform = tuple(Fraction(1, len(R[k])) if s in R[k] else _ZERO for s in range(size))
    if Mopp is None or opp_ranks is None:
        return uniform
    U = sorted(s for j in range(k + 1) for s in R[j])
    nU = len(U)
    vals = _lex(Mopp, tuple(prev))
    no = len(Mopp)
    ties = [(a, b) for a in range(no) for b in range(a + 1, no) if opp_ranks[a] == opp_ranks[b]]
    order = [(a, b) for a in range(no) for b in range(no)
             if opp_ranks[a] < opp_ranks[b] and vals[a] == vals[b]]
    if not ties and not order:
        return uniform
    bound = [[-_ONE if u == s else _ZERO for u in U] + [_ONE] for s in R[k]]  # t - rho_s <= 0
    total = [[_ONE] * nU + [_ZERO]]
    for with_ties, with_order in ((True, True), (False, True), (True, False)):
        tie_rows = [[Mopp[a][u] - Mopp[b][u] for u in U] + [_ZERO] for a, b in ties] if with_ties else []
        A_eq, b_eq = tie_rows + total, [_ZERO] * len(tie_rows) + [_ONE]
        A_ub = bound + ([[Mopp[b][u] - Mopp[a][u] for u in U] + [_ZERO] for a, b in order] if with_order else [])
        res = solve_lp([_ZERO] * nU + [_ONE], A_ub, [_ZERO] * len(A_ub), A_eq, b_eq, maximize=True)
        if res.status == "optimal" and res.x is not None and res.value is not None and res.value > 0:
            out = [_ZERO] * size
            for u, p in zip(U, res.x[:nU]):
                out[u] = p
            return tuple(out)
    return uniform


def _levels(M: Matrix, other: LPS, x: tuple[Fraction, ...], Mopp: Matrix | None = None,
            opp_ranks: list[int] | None = None) -> LPS | None:
    """x, then one level per rank of the lex order induced by ``other`` (see :func:`_level`)."""
    v = _lex(M, other)
    supp = [s for s, p in enumerate(x) if p]
    top = max(v)
    if any(v[s] != top for s in supp):
        return None
    ranks: list[list[int]] = [supp]
    rest = [s for s in range(len(M)) if v[s] == top and not x[s]]
    if rest:
        ranks.append(rest)
    for val in sorted({w for w in v if w != top}, reverse=True):
        ranks.append([s for s in range(len(M)) if v[s] == val])
    levels = [x]
    for k in range(1, len(ranks)):
        levels.append(_level(ranks, k, levels, Mopp, opp_ranks, len(M)))
    return tuple(levels)


def _search(MA: Matrix, MB: Matrix, x: tuple[Fraction, ...], y: tuple[Fraction, ...]) -> tuple[LPS, LPS] | None:
    first1 = _levels(MA, (y,), x)  # player I's ranks by payoff against y alone
    if first1 is None:
        return None
    n2 = _levels(MB, (x,), y, MA, _ranks(first1, len(MA)))
    if n2 is None:
        return None
    seen = set()
    for _ in range(2 * (len(MA) + len(MB)) + 4):
        n1 = _levels(MA, n2, x, MB, _ranks(n2, len(MB)))
        if n1 is None:
            return None
        n2 = _levels(MB, n1, y, MA, _ranks(n1, len(MA)))
        if n2 is None:
            return None
        if respects_preferences(MA, n1, n2) and respects_preferences(MB, n2, n1):
            return n1, n2
        if (n1, n2) in seen:
            return None
        seen.add((n1, n2))
    return None


def _nonsingular(M: Matrix, I: list[int], J: list[int]) -> bool:
    k = len(I)
    S = [[M[i][j] for j in J] + [-_ONE] for i in I] + [[_ONE] * k + [_ZERO]]
    n = k + 1
    for c in range(n):  # Gaussian elimination, exact
        p = next((r for r in range(c, n) if S[r][c]), None)
        if p is None:
            return False
        S[c], S[p] = S[p], S[c]
        for r in range(c + 1, n):
            if S[r][c]:
                f = S[r][c] / S[c][c]
                S[r] = [a - f * b for a, b in zip(S[r], S[c])]
    return True


def _regular(MA: Matrix, MB: Matrix, x: tuple[Fraction, ...], y: tuple[Fraction, ...]) -> bool:
    """Quasi-strict, equal support sizes, nonsingular equilibrium systems (module doc)."""
    I = [i for i, p in enumerate(x) if p]
    J = [j for j, p in enumerate(y) if p]
    if len(I) != len(J):
        return False
    Ay = [sum((a * q for a, q in zip(r, y) if q), _ZERO) for r in MA]
    xB = [sum((b * p for b, p in zip(r, x) if p), _ZERO) for r in MB]
    if [i for i in range(len(Ay)) if Ay[i] == max(Ay)] != I or [j for j in range(len(xB)) if xB[j] == max(xB)] != J:
        return False
    return _nonsingular(MA, I, J) and _nonsingular(MB, J, I)


def _first_tremble_fails(M: Matrix, Mopp: Matrix, x: tuple[Fraction, ...], y: tuple[Fraction, ...]) -> bool:
    """Necessary condition 2 of the module doc for the player with payoffs ``M`` (own ×
    opponent) at own strategy x against y; ``Mopp`` are the opponent's payoffs (opp × own).
    True when it proves (x, y) is not proper."""
    n = len(M[0])
    suppy = [j for j in range(n) if y[j]]
    if len(suppy) == n:
        return False
    Ay = [sum((a * q for a, q in zip(r, y) if q), _ZERO) for r in M]
    supx0 = next(s for s in range(len(M)) if x[s])
    if any(M[s][j] != M[supx0][j] for s in range(len(M)) if x[s] for j in suppy):
        return False  # levels on supp(y) could separate supp(x): not decided here
    # the best replies that no level supported on supp(y) can separate from supp(x)
    B0 = [t for t in range(len(M)) if Ay[t] == max(Ay) and all(M[t][j] == M[supx0][j] for j in suppy)]
    xB = [sum((x[i] * Mopp[t][i] for i in range(len(x)) if x[i]), _ZERO) for t in range(n)]
    outside = [t for t in range(n) if not y[t]]
    best = max(xB[t] for t in outside)
    C = [t for t in outside if xB[t] == best]
    cols = suppy + C
    supx = [s for s in range(len(M)) if x[s]]
    c = [_ZERO] * len(suppy) + [_ONE] * len(C)
    A_ub = [[M[t][j] - M[s][j] for j in cols] for s in supx for t in B0 if t != s]
    res = solve_lp(c, A_ub or None, [_ZERO] * len(A_ub) if A_ub else None,
                   [[_ONE] * len(cols)], [_ONE], maximize=True)
    if res.status != "optimal" or res.value is None:
        raise CertificationError("first-tremble LP is feasible and bounded; it ended " + res.status)
    return res.value == 0


def proper_verdict(game: BimatrixGame, row: Sequence, col: Sequence, *, use_regular: bool = True) -> ProperVerdict:
    """Decide, where the module's criteria do, whether (row, col) is a proper equilibrium.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    row, col : sequence
        A Nash equilibrium (exact numbers).
    use_regular : bool
        Decide regular equilibria by van Damme's theorem (default); False leaves them to
        the LPS search (an independent cross-check).

    Returns
    -------
    ProperVerdict
        ``"proper"`` with a certificate, ``"not proper"`` with the reason, or ``"undecided"``.

    Raises
    ------
    GameError
        If (row, col) is not a Nash equilibrium of ``game``.

    Examples
    --------
    >>> from gamekit.core.game import BimatrixGame
    >>> A = [[1, 0, -9], [0, 0, -7], [-9, -7, -7]]      # Myerson (1978)
    >>> g = BimatrixGame(A, [list(c) for c in zip(*A)])
    >>> proper_verdict(g, [1, 0, 0], [1, 0, 0]).status, proper_verdict(g, [0, 1, 0], [0, 1, 0]).status
    ('proper', 'not proper')
    """
    from gamekit.refine.dominance import verdict

    x = tuple(to_fraction(v, "row probability") for v in row)
    y = tuple(to_fraction(v, "column probability") for v in col)
    if not is_equilibrium(game, x, y):
        raise GameError("proper_verdict needs a Nash equilibrium")
    for player, s in (("row", x), ("column", y)):
        v = verdict(game, player, s)  # type: ignore[arg-type]
        if not v.undominated:
            return ProperVerdict(x, y, "not proper", f"not perfect: the {player} strategy is weakly "
                                 f"dominated by {[fmt(p) for p in v.witness]}")
    MA, MB = payoff_matrix(game, "row"), payoff_matrix(game, "column")
    if use_regular and _regular(MA, MB, x, y):
        return ProperVerdict(x, y, "proper", "regular equilibrium (quasi-strict, nonsingular systems)")
    found = _search(MA, MB, x, y)
    if found is not None:
        if not (respects_preferences(MA, found[0], found[1]) and respects_preferences(MB, found[1], found[0])):
            raise CertificationError("proper certificate fails its exact check")
        return ProperVerdict(x, y, "proper", "LPSs respecting preferences (sufficient)", found[0], found[1])
    if _first_tremble_fails(MA, MB, x, y):
        return ProperVerdict(x, y, "not proper", "first tremble of the column player cannot keep "
                             "the row strategy lexicographically best")
    if _first_tremble_fails(MB, MA, y, x):
        return ProperVerdict(x, y, "not proper", "first tremble of the row player cannot keep "
                             "the column strategy lexicographically best")
    return ProperVerdict(x, y, "undecided", "no certificate found and no necessary condition fails")


def proper_equilibria(game: BimatrixGame, nash: SolveResult | None = None) -> RefinementResult:
    """Proper equilibria of ``game``: a verdict on every extreme equilibrium, and one proper
    equilibrium constructed with its ε-proper certificate (:mod:`gamekit.refine.permutahedron`).

    Parameters
    ----------
    game : BimatrixGame
        The game.
    nash : SolveResult, optional
        ``solve_result(game, "all")`` if already computed.

    Returns
    -------
    RefinementResult
        ``method="proper"``; ``equilibria`` the extreme equilibria certified proper, then the
        constructed one if it is not among them; ``complete`` True when every extreme
        equilibrium was decided; ``certificate`` the verdict on each (see
        :class:`ProperVerdict`) and ``constructed``, the distinct certificates found (see
        :class:`~gamekit.refine.permutahedron.ProperCertificate`; empty when the game has
        more than ``MAX_STRATEGIES`` strategies per player); ``parameters["sources"]`` says for each
        returned equilibrium whether it is ``"extreme"``, ``"constructed"`` or both.
        The construction runs when no extreme equilibrium is certified proper or some is
        undecided (``parameters["construction"]`` says ``"not needed"`` otherwise); paths
        of several dropped labels are followed while an extreme equilibrium is undecided (policy: :func:`~gamekit.refine.permutahedron.labels_to_follow`); an
        undecided extreme equilibrium equal to a constructed limit is decided proper.
        ``components`` is None.

    Raises
    ------
    GameError
        If ``game`` is not a BimatrixGame.

    Examples
    --------
    >>> from gamekit.core.game import BimatrixGame
    >>> A = [[1, 0, -9], [0, 0, -7], [-9, -7, -7]]
    >>> r = proper_equilibria(BimatrixGame(A, [list(c) for c in zip(*A)]))
    >>> [e.row for e in r], r.complete, r.parameters["sources"], r.parameters["construction"]
    ([(Fraction(1, 1), Fraction(0, 1), Fraction(0, 1))], True, ['extreme'], 'not needed')
    """
    if not isinstance(game, BimatrixGame):
        raise GameError(f"proper equilibria need a BimatrixGame, got {type(game).__name__}")
    if nash is None:
        nash = solve_result(game, "all")
    verdicts = [proper_verdict(game, e.row, e.col) for e in nash.equilibria]
    # construct when no extreme equilibrium is certified proper or some are undecided
    needed = all(v.status != "proper" for v in verdicts) or any(v.status == "undecided" for v in verdicts)
    built, followed = _construct(game, verdicts, needed)
    eqs, sources = _merge_constructed(game, nash, verdicts, built)
    complete = nash.complete and all(v.status != "undecided" for v in verdicts)
    params = {"construction": _construction_status(built, needed),
              "labels_followed": followed, "sources": sources}
    return RefinementResult("proper", complete, tuple(eqs), None, nash.row_vertices, nash.col_vertices,
                            _certificate(verdicts, built), game, params)


def _construct(game: BimatrixGame, verdicts: list[ProperVerdict],
               needed: bool) -> tuple[list[ProperCertificate], int]:
    """Follow the labels of :func:`~gamekit.refine.permutahedron.labels_to_follow` (when
    ``needed``) while some verdict is undecided; decide ``"proper"``, in place, each undecided
    verdict equal to a constructed limit. Returns the distinct certificates in the order found
    and the number of labels followed."""
    from gamekit.refine.permutahedron import labels_to_follow, lexicographic_proper

    built: list[ProperCertificate] = []  # distinct constructed certificates, in the order found
    followed = 0
    for label in labels_to_follow(game.m, game.n) if needed else ():
        c = lexicographic_proper(game, label)
        followed += 1
        if all((c.row, c.col) != (b.row, b.col) for b in built):
            built.append(c)
            for k, v in enumerate(verdicts):
                if v.status == "undecided" and (c.row, c.col) == (v.row, v.col):
                    verdicts[k] = ProperVerdict(v.row, v.col, "proper", "the limit of constructed "
                                                "ε-proper profiles (certificate 'constructed')")
        if not any(v.status == "undecided" for v in verdicts):
            break
    return built, followed


def _merge_constructed(game: BimatrixGame, nash: SolveResult, verdicts: list[ProperVerdict],
                       built: list[ProperCertificate]) -> tuple[list[Equilibrium], list[str]]:
    """The extreme equilibria verdicted proper, then each constructed limit not among them,
    with the source of each (``"extreme"``, ``"constructed"`` or ``"extreme+constructed"``)."""
    from gamekit.refine.permutahedron import as_equilibrium

    eqs = [e for e, v in zip(nash.equilibria, verdicts) if v.status == "proper"]
    sources = ["extreme"] * len(eqs)
    for c in built:
        at = next((k for k, e in enumerate(eqs) if (e.row, e.col) == (c.row, c.col)), None)
        if at is None:
            eqs.append(as_equilibrium(game, c))
            sources.append("constructed")
        elif sources[at] == "extreme":
            sources[at] = "extreme+constructed"
    return eqs, sources


def _construction_status(built: list[ProperCertificate], needed: bool) -> str:
    """``parameters["construction"]``: what the construction step did."""
    from gamekit.refine.permutahedron import MAX_STRATEGIES

    return ("facet_lemke" if built else "not needed" if not needed else
            f"skipped: more than {MAX_STRATEGIES} strategies")


def _certificate(verdicts: list[ProperVerdict], built: list[ProperCertificate]) -> dict[str, Any]:
    """The ``certificate`` of :func:`proper_equilibria`: criterion, verdicts, constructions."""
    return {"criterion": "LPS pair respecting preferences or regular (sufficient); not perfect or "
                         "first-tremble LP (necessary); constructed: limit of exact ε-proper profiles; "
                         "see docs/refinements.md",
            "verdicts": [v.to_json() for v in verdicts],
            "constructed": [c.to_json() for c in built]}
