"""How fast Number Cross is solved with the uniqueness proof: the whole process, and in-process
(see bench/kind_speed.py). The bar in issue 10: Number Cross 5, whole process, median of 5, at
most 10 s. Public figures for Number Cross 5: C++ backtracking 10 min to 3.7 h; a plain CP-SAT
model about 38 s.
Usage: python bench/numbercross_speed.py [PUZZLE ...] [--runs N]
"""

from __future__ import annotations

from kind_speed import ROOT, main

if __name__ == "__main__":
    main("numbercross", "parse_number_cross",
         [ROOT / "examples" / "number-cross-5.txt", ROOT / "examples" / "number-cross-example.txt"],
         __doc__.splitlines()[0])
