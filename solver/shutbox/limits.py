"""The bounds the Shut the Box solver and generator keep unless told otherwise; the command
line shows them as its options' defaults, without loading the solver to read them."""

DEFAULT_LAYOUT_LIMIT = 10_000  # layouts the search lists before it stops, unfinished
DEFAULT_DIFFICULTY = 100  # a generated puzzle: at most this many layouts keep the grid rules
