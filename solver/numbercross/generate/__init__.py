"""Generation: new puzzles (``generator``): a planted grid (``plant``), grids near it (``nearby``),
rows shuffled into new fillings (``shuffled``), and how strong a clue is (``strength``).
"""
