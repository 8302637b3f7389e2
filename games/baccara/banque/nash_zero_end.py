"""The Nash proof of banque down to θ = 0: the first segment on (0, T] (divided forms; with replacement a chart).

The box proof (:mod:`nash_proof`) cannot reach θ = 0. At θ = 0 Banker's payoff is V₂ only,
so g_l = g_l⁰(p) + θ·h_l(p) with g_l⁰ the gain against Player 2, and

* for the sets where Player 2 has a natural (``*/*/N``) g_l⁰ ≡ 0: g_l = θ·h_l;
* at the first segment's limit point p₂ = c (c = 9/11 with replacement) a class of sets
  (``6/*/S``) has g_l⁰(p₁, c) ≡ 0 in p₁: g_l = A_l(p₁)·(p₂ − c) + θ·h_l(p), where both
  terms are of order θ next to the branch p₂ − c = O(θ);

so near (θ, p₂) = (0, c) the decisive terms are all of order θ and boxes in (θ, p₁, p₂)
shrink to θ = 0 without end. This module proves the first segment (0, θ₁) down to 0 on
(0, T] (any rational T < θ₁, typically the start a₀ of the segment's own proved range).

**Case A — no c-set (every shoe tried: 3, 6 and 8 decks).** Drawing from a shoe, Player 1's
cards change the odds of Player 2's, so g_l⁰ at ``6/x/S`` depends on x and on p₁: no set
ties at p₂ = c for every p₁. Dividing the ``N`` sets' g_l by θ is then all that is needed:
the box proof of the *divided forms* (:func:`divided_forms`) on [0, 1]² × [0, T] with the
branch as anchor (:func:`nash_proof.prove_range`) reaches θ = 0. The divided forms are
polynomials, defined at θ = 0 too, and for θ > 0 they have the game's signs and zero sets,
so the box proof's conclusion on [0, T] restricted to (0, T] is the theorem.

**Case B — c-sets (with replacement: the 12 sets ``6/*/S`` at c = 9/11).** The proof below
splits the (θ, p)-region into three parts.

**Theorem (checked).** If :func:`prove_zero_end` returns ``proved``, then for every
θ ∈ (0, T] every extreme Nash equilibrium of banque at θ is the first segment's tracked
equilibrium b(θ).

**Proof** (case B; case A is its step 1 on the whole square, with the anchor). Let (p, y) be
an extreme equilibrium at θ ∈ (0, T]. For θ > 0 dividing g_l by θ
keeps its sign and its zero set, so the *divided forms* g_l/θ of the ``N`` sets (θ-free,
bilinear: h_l) describe the same equilibria. Let δ be the strip half-width and
u = (p₂ − c)/θ.

1. *Outside the strip* (|p₂ − c| ≥ δ): the box proof (:func:`nash_proof.prove_range`,
   divided forms, no anchors) on [0, 1] × ([0, c − δ] ∪ [c + δ, 1]) × [0, T] excludes
   every type: no equilibrium there.
2. *The strip* (|p₂ − c| < δ, an open interval inside (0, 1)): Player 2 is interior, so
   his gain D₂ is 0. Every set other than the N and the c-sets has a proved constant strict
   sign of g_l on [0, 1] × [c − δ, c + δ] × [0, T] (exact ranges, subdivided); the N sets do
   not enter D₂ (their coefficient d₂ₗ is identically 0: Player 2 holds a natural there).
   For a c-set, g_l/θ = k_l(p₁, u, θ) = u·s_l(p₁, θ) + r_l(p₁) (multilinear: s_l = A_l +
   θ·∂h_l/∂p₂, r_l = h_l(p₁, c)); with s_l ≥ s > 0 and |r_l| ≤ r on [0, 1] × [0, T]:
   * *the wedges* u ≥ 2U and u ≤ −U, with U·s > r: every c-set has the sign of u, so
     Banker's whole reply that enters D₂ is fixed (y⁺ above, y⁻ below); D₂ (affine in p₁)
     is checked ≠ 0 at p₁ = 0 and 1 with one sign: no equilibrium;
   * *the chart* −U < u < 2U: in the variables (p₁, u, θ) every condition of a type is
     multilinear — g_l/θ for the N and c-sets, a constant of the proved sign for the other
     sets, D₁ = c₁(c + θu) + … (affine in θu), D₂ unchanged — and the tracked branch is
     u_b(θ) = (p_{2,b}(θ) − c)/θ, a rational function continuous on [0, T] (its defining
     equation divided by θ). The box proof on [0, 1] × [−U, 2U] × [0, T] in these variables
     with the branch as anchor (every face of its enclosures checked: u has no boundary)
     shows that a type solved in the chart is b's. Since 2UT ≤ δ the chart lies in the
     strip, where the constant signs hold. ∎

The statement includes θ = 0 only as a limit of the forms, never as a claim about the game
at θ = 0 (where Player 1's stake vanishes and every p₁ is a best reply).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from gamekit.core import CertificationError
from games.baccara.banque.nash_events import ML, BanqueForms, Box, _classes, forms
from games.baccara.banque.nash_proof import SegmentProof, prove_range

__all__ = ["ZeroEndProof", "prove_zero_end", "chart_forms", "divided_forms", "set_kinds"]

_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass
class ZeroEndProof:
    """Outcome of :func:`prove_zero_end` (``proved`` covers θ ∈ (0, T])."""

    proved: bool
    T: Fraction
    c: Fraction
    U: Fraction
    delta: Fraction
    reason: str = ""
    method: str = ""
    outside: SegmentProof | None = None
    chart: SegmentProof | None = None
    steps: dict = field(default_factory=dict)
    cpu: float = 0.0

    def record(self) -> dict:
        """A JSON record."""
        out = {"proved": self.proved, "method": self.method, "from_exact": "0", "to_exact": str(self.T),
               "c": str(self.c),
               "U": str(self.U), "delta": str(self.delta), "cpu_seconds": round(self.cpu, 2), **self.steps}
        for name, pr in (("outside_strip", self.outside), ("chart" if self.method == "chart" else "box_proof",
                                                             self.chart)):
            if pr is not None:
                out[name] = {"proved": pr.proved, "boxes": pr.boxes, "cpu_seconds": round(pr.cpu, 2),
                             **({} if pr.proved else {"reason": pr.reason})}
        if not self.proved:
            out["reason"] = self.reason
        return out


def set_kinds(fm: BanqueForms, c: Fraction) -> tuple[list[int], list[int], list[int]]:
    """(N sets: g⁰ ≡ 0; c-sets: g⁰(p₁, c) ≡ 0 in p₁; the others) — g⁰ = g at θ = 0.

    Examples
    --------
    >>> N, C, rest = set_kinds(forms(), Fraction(9, 11))
    >>> len(N), len(C), len(rest)
    (88, 12, 1044)
    """
    N, C, rest = [], [], []
    for l, g in enumerate(fm.g):
        e = g.ex
        if not any(e[:4]):
            N.append(l)
        elif e[0] + e[2] * c == 0 and e[1] + e[3] * c == 0:
            C.append(l)
        else:
            rest.append(l)
    return N, C, rest


def _with_g(fm: BanqueForms, g: list[ML], **kw) -> BanqueForms:
    cls, sgn = _classes(g)
    G = np.array([f.c for f in g])
    return dataclasses.replace(fm, g=g, G=G, GA=np.abs(G), cls=cls, cls_sign=sgn, **kw)


def divided_forms(fm: BanqueForms) -> BanqueForms:
    """The forms with g_l/θ = h_l for the sets with g_l⁰ ≡ 0 (same signs for θ > 0).

    Examples
    --------
    >>> fm = forms()
    >>> dv = divided_forms(fm)
    >>> l = fm.labels.index("0/S/N")
    >>> fm.g[l].ex[4:] == dv.g[l].ex[:4] and not any(dv.g[l].ex[4:])
    True
    """
    g = [ML.exact(f.ex[4:] + (0, 0, 0, 0)) if not any(f.ex[:4]) else f for f in fm.g]
    return _with_g(fm, g)


def _chart_p2(f: ML, c: Fraction) -> ML:
    """A form in (p₁, p₂, θ) without θ-terms (a Player's) at p₂ = c + θu, in (p₁, u, θ)."""
    e = f.ex
    if any(e[4:]):
        raise ValueError("a Player's form depends on theta")
    return ML.exact((e[0] + e[2] * c, e[1] + e[3] * c, 0, 0, 0, 0, e[2], e[3]))


def chart_forms(fm: BanqueForms, c: Fraction, signs: dict[int, int]) -> BanqueForms:
    """The forms in the chart (p₁, u, θ), p₂ = c + θu (module docstring): g_l/θ for the N sets
    and the c-sets, the constant ``signs[l]`` for the others; Player 1's forms (in p₂) at
    c + θu, Player 2's unchanged.

    Examples
    --------
    >>> fm = forms()
    >>> N, C, rest = set_kinds(fm, Fraction(9, 11))
    >>> ch = chart_forms(fm, Fraction(9, 11), {l: 1 for l in rest})
    >>> k = ch.g[fm.labels.index("6/9/S")]
    >>> k.ex[0] < 0 < k.ex[2]      # k = r(p₁) + u·s(p₁) + …: zero at u ≈ 0.515 (p₁ = 0)
    True
    """
    N, C, rest = set_kinds(fm, c)
    kind = {**{l: "N" for l in N}, **{l: "C" for l in C}}
    g = []
    for l, f in enumerate(fm.g):
        e = f.ex
        if kind.get(l) == "N":     # θ·(e4 + e5 p₁ + (e6 + e7 p₁)(c + θu)) / θ
            g.append(ML.exact((e[4] + e[6] * c, e[5] + e[7] * c, 0, 0, 0, 0, e[6], e[7])))
        elif kind.get(l) == "C":   # θ(e2 + e3 p₁)u + θ(e4 + e5 p₁ + (e6 + e7 p₁)(c + θu)), / θ
            g.append(ML.exact((e[4] + e[6] * c, e[5] + e[7] * c, e[2], e[3], 0, 0, e[6], e[7])))
        else:
            g.append(ML.exact((signs[l], 0, 0, 0, 0, 0, 0, 0)))
    c0 = _chart_p2(fm.c[0], c)
    d0 = [_chart_p2(f, c) for f in fm.d[0]]
    Dc0 = np.array([f.c for f in d0])
    return _with_g(fm, g, c=(c0, fm.c[1]), d=(d0, fm.d[1]), Dc=(Dc0, fm.Dc[1]), Da=(np.abs(Dc0), fm.Da[1]),
                   dF=([ML(f.c, f.a) for f in d0], fm.dF[1]), general=True)


def _strict_sign(f: ML, box: Box, depth: int = 0) -> int:
    """The proved constant strict sign of f on the box (subdivided), 0 if none found."""
    r = f.range(box)
    if r.nonzero:
        return 1 if r.pos else -1
    if depth >= 12:
        return 0
    k = max(range(3), key=lambda j: box.width(j) / (1 if j < 2 else box.width(2) or 1))
    if box.width(k) == 0:
        return 0
    s = (box.x, box.y, box.t)[k]
    mid = (s[0] + s[1]) / 2
    name = "xyt"[k]
    a = _strict_sign(f, box.with_(**{name: (s[0], mid)}), depth + 1)
    return a if a and a == _strict_sign(f, box.with_(**{name: (mid, s[1])}), depth + 1) else 0


def _chart_branch(br, c: Fraction):
    """The branch p₂ = p_{2,b}(θ) (kind ``lin`` in p₂) as u = (p₂ − c)/θ: e(c + θu, θ)/θ."""
    from games.baccara.banque.theta_nash import P2, TT, _Branch, _coeffs_in, _q

    if br.kind != "lin" or br.var != 1:
        raise ValueError("the first segment's branch is not linear in p2")
    e0, e1 = _coeffs_in(br.e, 1)
    E0 = e0 + _q(c) * e1
    if E0.subs({"t": 0}) != 0:
        raise ValueError("the branch does not start at p2 = c")
    return _Branch(dict(br.fixed), "lin", e=E0 / TT + e1 * P2, var=1)


def _chart_anchors(fm_ch: BanqueForms, piece, c: Fraction) -> list:
    from games.baccara.banque.nash_anchor import anchors_of

    out = []
    for an in anchors_of(forms(getattr(piece, "decks", None)), piece):
        out.append(dataclasses.replace(an, branch=_chart_branch(an.branch, c), const_point=None, span=None,
                                       cache={}, Kcls=frozenset(fm_ch.cls[l] for l in an.K)))
    return out


def _limit_c(piece) -> Fraction:
    from games.baccara.banque.nash_anchor import _point_exact

    if len(piece.tracked) != 1:
        raise ValueError("the first segment has more than one tracked equilibrium")
    br = piece.tracked[0].branch
    p1, p2 = _point_exact(br, _ZERO)
    if not isinstance(p2, Fraction) or not 0 < p2 < 1 or 0 not in br.fixed:
        raise ValueError("the branch's limit at theta = 0 is not of the handled shape")
    return p2


def _prove_direct(fm: BanqueForms, piece, out: ZeroEndProof, max_boxes: int, t0: float) -> ZeroEndProof:
    """Case A of the theorem: no c-set, so the divided forms' box proof on the whole square with
    the branch as anchor reaches θ = 0 (from a shoe: module docstring)."""
    from games.baccara.banque.nash_anchor import anchors_of

    dv = divided_forms(fm)
    out.method = "divided"
    out.chart = prove_range(dv, _ZERO, out.T, anchors_of(dv, piece), max_boxes=max_boxes)
    out.proved = out.chart.proved
    if not out.proved:
        out.reason = f"divided forms: {out.chart.reason}"
    out.cpu = time.process_time() - t0
    return out


def prove_zero_end(piece, T: Fraction, *, U: Fraction = Fraction(6), delta: Fraction | None = None,
                   max_boxes: int = 200_000) -> ZeroEndProof:
    """Prove the first Nash segment (0, θ₁) complete on (0, T] (module docstring).

    Parameters
    ----------
    piece : theta_nash.NashPiece
        The segment starting at θ = 0 (one tracked equilibrium, Player 1 pure, Player 2
        interior with a rational limit c at θ = 0), with T < its end.
    T : Fraction
        The proof covers θ ∈ (0, T].
    U : Fraction
        Case B: the chart is −U < u < 2U (0 and 1 are not dyadic points of [−U, 2U]).
    delta : Fraction, optional
        Case B: the strip half-width (default 2UT, the least allowed).
    max_boxes : int
        Budget of each box proof.

    Returns
    -------
    ZeroEndProof
        ``proved``, the ``method`` (``"divided"``: case A, the divided forms' box proof;
        ``"chart"``: case B, strip, wedges and chart) and the record of each step.

    Examples
    --------
    >>> from games.baccara.banque.theta_nash import nash_piece
    >>> pc = nash_piece(Fraction(1, 10 ** 6))
    >>> pr = prove_zero_end(pc, Fraction(1, 10 ** 9))
    >>> pr.proved, pr.method, pr.c
    (True, 'chart', Fraction(9, 11))
    """
    from gamekit.exact import compare_numbers

    t0 = time.process_time()
    fm = forms(getattr(piece, "decks", None))
    c = _limit_c(piece)
    if not (piece.lo == 0 and 0 < T and compare_numbers(T, piece.hi) < 0):
        raise ValueError("need a segment starting at 0 and 0 < T < its end")
    delta = 2 * U * T if delta is None else delta
    out = ZeroEndProof(False, T, c, U, delta)
    if not (2 * U * T <= delta and 0 < c - delta and c + delta < 1):
        raise ValueError("need 2UT <= delta and the strip inside (0, 1)")
    N, C, rest = set_kinds(fm, c)
    out.steps.update(n_sets=len(N), c_sets=[fm.labels[l] for l in C])
    if not C:
        return _prove_direct(fm, piece, out, max_boxes, t0)
    out.method = "chart"
    out.reason = _prove_by_chart(fm, piece, out, (N, C, rest), max_boxes)
    out.proved = not out.reason
    out.cpu = time.process_time() - t0
    return out


def _strip_signs(fm: BanqueForms, rest: list[int], strip: Box) -> dict[int, int] | str:
    """Step 2: the proved constant sign of every other set's g on the strip, or why not."""
    signs = {}
    for l in rest:
        s = _strict_sign(fm.g[l], strip)
        if s == 0:
            return f"the sign of g at {fm.labels[l]} is not constant on the strip"
        signs[l] = s
    return signs


def _wedges(fm: BanqueForms, out: ZeroEndProof, kinds: tuple, signs: dict[int, int]) -> str:
    """Step 2, the wedges: the c-sets' slope and offset bounds make every c-set take u's sign
    for u ≥ 2U and u ≤ −U, and Player 2's gain with Banker's reply so fixed is ≠ 0 there
    ("" when proved, else why not)."""
    N, C, rest = kinds
    c, U, T = out.c, out.U, out.T
    pt = Box((_ZERO, _ONE), (_ZERO, _ZERO), (_ZERO, T))
    smin, rmax = np.inf, 0.0
    for l in C:     # s_l = A_l + θ ∂h_l/∂p₂ > 0 and |r_l| on [0, 1] × [0, T]
        e = fm.g[l].ex
        s_l = ML.exact((e[2], e[3], 0, 0, e[6], e[7], 0, 0)).range(pt)
        r_l = ML.exact((e[4] + e[6] * c, e[5] + e[7] * c, 0, 0, 0, 0, 0, 0)).range(pt)
        if not s_l.pos:
            return f"the slope of g at {fm.labels[l]} in u is not positive"
        smin, rmax = min(smin, s_l.lo), max(rmax, abs(r_l.lo), abs(r_l.hi))
    if not float(U) * smin > rmax * (1 + 1e-9):
        return f"U = {U} too small for the wedges (needs U > {rmax / smin:.4g})"
    out.steps["wedge_bound"] = {"min_slope": smin, "max_offset": rmax, "needs_U_above": rmax / smin}
    if not all(fm.d_zero[1][l] for l in N):
        return "a set with Player 2 natural enters Player 2's gain"
    base = [l for l in rest if signs[l] > 0]
    for side, ys in (("above", base + C), ("below", base)):   # D₂ with y⁺ / y⁻: exact, affine in p₁
        D2 = fm.player_exact(1, ys)
        vals = [D2.at_exact(p1, _ZERO)[0] for p1 in (_ZERO, _ONE)]
        if not (all(v > 0 for v in vals) or all(v < 0 for v in vals)):
            return f"Player 2's gain can vanish in the wedge {side} the chart"
        out.steps[f"wedge_{side}_D2"] = [str(v) for v in vals]
    return ""


def _prove_by_chart(fm: BanqueForms, piece, out: ZeroEndProof, kinds: tuple, max_boxes: int) -> str:
    """Case B, steps 1–3 of the proof ("" when proved, else why not); fills ``out``'s records."""
    c, U, T, delta = out.c, out.U, out.T, out.delta
    signs = _strip_signs(fm, kinds[2], Box((_ZERO, _ONE), (c - delta, c + delta), (_ZERO, T)))
    if isinstance(signs, str):
        return signs
    why = _wedges(fm, out, kinds, signs)
    if why:
        return why
    start = [Box((_ZERO, _ONE), (_ZERO, c - delta), (_ZERO, T)), Box((_ZERO, _ONE), (c + delta, _ONE), (_ZERO, T))]
    out.outside = prove_range(divided_forms(fm), _ZERO, T, [], max_boxes=max_boxes, start=start)
    if not out.outside.proved:
        return f"outside the strip: {out.outside.reason}"
    ch = chart_forms(fm, c, signs)
    try:
        out.chart = prove_range(ch, _ZERO, T, _chart_anchors(ch, piece, c), max_boxes=max_boxes,
                                start=[Box((_ZERO, _ONE), (-U, 2 * U), (_ZERO, T))])
    except CertificationError as exc:   # an arc solution in the chart is not a point of the game
        return f"chart: {exc}"
    return "" if out.chart.proved else f"chart: {out.chart.reason}"
