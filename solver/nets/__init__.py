"""Nets of boxes: every polyomino that folds onto a box (or onto each of several) along grid lines.

``find_nets`` and ``count_nets`` (``solver.nets.find``) are the library; ``solver.nets.plan``
chooses what the search runs and ``solver.nets.search`` is the search (compiled in ``_search.c``).
"""

from solver.nets.find import NetsResult, check_searchable, count_nets, find_nets, parse_box

__all__ = ["NetsResult", "check_searchable", "count_nets", "find_nets", "parse_box"]
