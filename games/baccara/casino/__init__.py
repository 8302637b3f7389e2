"""casino."""
