"""foldkit's solver: pure functions, no printing, no files.

Shared pieces: ``text`` (reading puzzle text), ``grid`` (cells and steps), ``polyomino``
(symmetries, net files), ``box`` (box surfaces) and ``folding`` (a polyomino onto a box).
One subpackage per puzzle kind: ``shutbox`` (Jane Street "Shut the Box").
"""
