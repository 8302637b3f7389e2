"""Game plugins built on gamekit."""
