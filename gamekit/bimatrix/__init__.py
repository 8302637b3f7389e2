"""Exact equilibrium algorithms for bimatrix games; :mod:`gamekit.bimatrix.solve` dispatches to them.

Modules: ``common`` (integer payoffs, exact certification), ``tableau`` (integer
pivoting, lexicographic rule), ``polytope`` (vertex enumeration), ``vertex_enumeration``
(extreme equilibria from the best-response polytopes), ``two_by_n`` (upper envelope),
``enumerate_all`` (dominance + the chosen strategy), ``policy`` (the strategies of
method "all" and the one function that picks one for ``"auto"``), ``lemke_howson``, ``support_enumeration``,
``pure``, ``components`` (maximal Nash subsets), ``linalg`` (small exact solves).
"""
