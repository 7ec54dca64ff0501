"""Ctrl-C while the compiled row walk runs: the walk answers Python's signal handlers as it goes
(its testers' first answers are Python calls, and it looks at the handlers every 2^20 steps), so
`foldkit solve` ends with 130 at once, even inside a single walk of a row that has no end soon."""

from __future__ import annotations

from tests.conftest import interrupted_solve

COLS = 17  # the widest row the compiled walk takes
# No number of 2+ digits is an even prime, yet every prefix may start one: row 1's walk tries
# every layout and digit of 17 columns before it can say the row has no way (9^17 paths).
ENDLESS = "\n".join(["number-cross 3 17", "regions:", *(" ".join([str(r)] * COLS) for r in range(3)),
                     "highlighted:", *(" ".join(["."] * COLS) for _ in range(3)),
                     "clues:", "any", "even prime", "any", ""])


def test_ctrl_c_stops_a_long_row_walk_at_once(tmp_path):
    puzzle = tmp_path / "endless.txt"
    puzzle.write_text(ENDLESS)
    code, cpu, err = interrupted_solve(puzzle)
    assert code == 130, err
    assert cpu < 1.5, f"{cpu:.2f} CPU-s from Ctrl-C to the exit"
    assert "Traceback" not in err and err.strip().endswith("interrupted")
