"""Baccara chemin de fer and punto banco: a plugin that builds games for gamekit to solve."""
