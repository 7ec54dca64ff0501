"""foldkit: puzzles solved and proven unique, then made into things to hold: templates,
animations, 3D prints and printable sheets. The pure solving lives in the ``solver`` package."""

__version__ = "0.2.0"
