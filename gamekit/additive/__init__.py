"""additive."""
