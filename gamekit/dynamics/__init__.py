"""Learning dynamics for bimatrix games, one module per rule family.

Every rule returns a :class:`~gamekit.dynamics.trajectory.Trajectory` (arrays of the row
and column strategies over time) whose ``limit`` is a certified equilibrium when the
process settled near one, else None.

=============================  ==============================================
rule                           function
=============================  ==============================================
fictitious-play                :func:`fictitious_play` (exact rational beliefs)
stochastic-fictitious-play     :func:`stochastic_fictitious_play`
best-response                  :func:`best_response_dynamics` (exact)
replicator                     :func:`replicator` (symmetric games)
asymmetric-replicator          :func:`asymmetric_replicator`
regret-matching                :func:`regret_matching`
logit                          :func:`logit_dynamics`
=============================  ==============================================
"""

from __future__ import annotations

from gamekit.dynamics.fictitious import fictitious_play, stochastic_fictitious_play
from gamekit.dynamics.logit import logit_dynamics
from gamekit.dynamics.pure import best_response_dynamics
from gamekit.dynamics.regret import regret_matching
from gamekit.dynamics.replicator import asymmetric_replicator, replicator
from gamekit.dynamics.trajectory import RULES, Trajectory, run

__all__ = [
    "RULES",
    "Trajectory",
    "asymmetric_replicator",
    "best_response_dynamics",
    "fictitious_play",
    "logit_dynamics",
    "regret_matching",
    "replicator",
    "run",
    "stochastic_fictitious_play",
]
