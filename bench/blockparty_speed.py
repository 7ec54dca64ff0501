"""How fast Block Party is solved with the uniqueness proof: the whole process, and in-process
(see bench/kind_speed.py). The bar in issue 10: Block Party 4, whole process, median of 5, at
most 0.5 s.
Usage: python bench/blockparty_speed.py [PUZZLE ...] [--runs N]
"""

from __future__ import annotations

from kind_speed import ROOT, main

if __name__ == "__main__":
    main("blockparty", "parse_block_party",
         [ROOT / "examples" / "block-party-4.txt", ROOT / "examples" / "block-party-example.txt"],
         __doc__.splitlines()[0])
