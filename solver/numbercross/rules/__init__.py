"""The rules of Number Cross and their text: the puzzle (``model``), the clue language (``clues``, its
number theory in ``arith``), reading and writing files (``parse``), and the independent check of a
grid against every rule (``check``).
"""
