"""Logit quantal response equilibrium (QRE) of bimatrix games.

``trace`` follows the principal branch from λ = 0 (predictor–corrector, as Turocy's
method in Gambit) and identifies its limit with a certified Nash equilibrium;
``certified`` encloses the QRE at one λ in a box proved (Krawczyk) to hold exactly one;
``fit`` estimates λ by maximum likelihood. (The package is ``quantal`` so that the public
function ``gamekit.qre`` is not shadowed by a subpackage of the same name.)
"""
