"""Shut the Box: cut a grid of arrow and number clues so the rest folds into a box.

``solve.solve(puzzle)`` runs the stages: layouts (grid rules) -> boxes -> foldings -> clue rules;
``compose.generate`` makes new puzzles. The package itself imports nothing, so that reading the
defaults in ``limits`` loads no solver.
"""
