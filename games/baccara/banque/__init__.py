"""Baccara banque: one Banker against two Player hands (Ethier & Lee, Games 6(2), 2015).

Modules: ``model`` (rules, with-replacement tables, the 4 × 2¹¹⁴⁴ team game), ``structure``
(bilinear Banker gains in the Players' draw probabilities), ``certify`` (exact three-player
best-response check), ``nash`` (all Nash equilibria), ``concepts`` (correlated and
independent cooperative equilibria, dispatch), ``sweep`` (θ grid and plot). See docs/banque.md.
"""
