"""foldkit: everything physical made from a solver folding: panels, poses, windows, files."""

__version__ = "0.1.0"
