"""Simulated means with shoe-clustered standard errors, shared by the shoe simulators."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Z95", "BetStat"]

Z95 = 1.959963984540054  # two-sided 95% normal quantile


@dataclass(frozen=True)
class BetStat:
    """Simulated mean return per unit staked with a shoe-clustered standard error."""

    name: str
    mean: float
    stderr: float
    exact: Fraction | None = None

    @property
    def ci95(self) -> tuple[float, float]:
        return (self.mean - Z95 * self.stderr, self.mean + Z95 * self.stderr)

    def within(self, value: float, z: float = Z95) -> bool:
        """Whether ``value`` lies in the mean ± z·stderr interval."""
        return abs(self.mean - value) <= z * self.stderr
