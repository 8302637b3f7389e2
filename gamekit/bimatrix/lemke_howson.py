"""Lemke–Howson with exact integer pivoting and the lexicographic rule.

The algorithm follows a path of almost completely labeled vertex pairs of P × Q
(labels as in :mod:`gamekit.bimatrix.vertex_enumeration`) from the artificial equilibrium
(0, 0), dropping one label k ∈ {0, …, m+n−1}: the variable with label k enters; the
variable that leaves carries a label which is now duplicate, so its complement in the
other polytope enters next, until the leaving variable has label k (Lemke & Howson 1964;
von Stengel, *Computing equilibria for two-person games*, Handbook of Game Theory 3
(2002), the Lemke–Howson algorithm and integer pivoting). Both systems are kept as
fraction-free dictionaries and the minimum-ratio test is lexicographic, so the method
terminates on degenerate games too; the end point is a lexico-feasible completely
labeled basis, whose basic solution is an extreme equilibrium.
"""

from __future__ import annotations

from gamekit.bimatrix.intgame import IntGame, Profile, normalize
from gamekit.core.errors import CertificationError, GameError
from gamekit.kernel.pivot import Dictionary

__all__ = ["LemkeHowsonLimit", "lemke_howson", "lemke_howson_all"]

DEFAULT_MAX_ITER = 100_000


class LemkeHowsonLimit(GameError):
    """The path from one label did not end within ``max_iter`` pivots (a user-set bound)."""


def lemke_howson(ig: IntGame, label: int, max_iter: int = DEFAULT_MAX_ITER) -> Profile:
    """The equilibrium reached from the artificial equilibrium by dropping ``label``.

    Labels 0..m-1 are the rows, m..m+n-1 the columns. Raises :class:`LemkeHowsonLimit`
    when ``max_iter`` pivots do not reach an equilibrium, :class:`CertificationError` on an
    unbounded ray (impossible for the positive payoffs of :class:`IntGame`).
    """
    m, n = ig.m, ig.n
    if not 0 <= label < m + n:
        raise GameError(f"Lemke-Howson label must be in 0..{m + n - 1}, got {label}")
    # P: variables x_i (label i) and slacks r_j (label m+j); constraints B'^T x <= 1.
    P = Dictionary([list(col) for col in zip(*ig.B)])
    # Q: variables y_j (local j, label m+j) and slacks s_i (local n+i, label i).
    Q = Dictionary([list(row) for row in ig.A])

    def q_label(v: int) -> int:
        return m + v if v < n else v - n

    def q_var(lab: int) -> int:
        return lab - m if lab >= m else n + lab

    in_p = label < m
    # Dropping a row label i lets x_i enter in P; a column label m+j lets y_j enter in Q.
    cur, entering = (P, label) if in_p else (Q, q_var(label))
    for _ in range(max_iter):
        c = cur.nonbasic.index(entering)
        r = cur.leaving_row(c)
        if r < 0:  # pragma: no cover - bounded polytopes
            raise CertificationError("Lemke-Howson: unbounded ray (payoffs not positive)")
        leaving = cur.basic[r]
        cur.pivot(r, c)
        lab = leaving if cur is P else q_label(leaving)
        if lab == label:
            return normalize(P.point()), normalize(Q.point())
        if cur is P:
            cur, entering = Q, q_var(lab)
        else:
            cur, entering = P, lab
    raise LemkeHowsonLimit(f"Lemke-Howson from label {label} exceeded max_iter={max_iter} pivots")


def lemke_howson_all(
    ig: IntGame, max_iter: int = DEFAULT_MAX_ITER
) -> tuple[list[Profile], dict[int, Profile], list[int]]:
    """Run from every label; returns (distinct profiles, profile per label, failed labels)."""
    found: dict[Profile, None] = {}
    per_label: dict[int, Profile] = {}
    failed: list[int] = []
    for label in range(ig.m + ig.n):
        try:
            prof = lemke_howson(ig, label, max_iter)
        except LemkeHowsonLimit:  # only the pivot bound; a failed check must propagate
            failed.append(label)
            continue
        per_label[label] = prof
        found.setdefault(prof, None)
    return list(found), per_label, failed
