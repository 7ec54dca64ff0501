"""The second hostile round (issue 17), beyond the packing search: tracebacks on valid input, litter
from a failed command, and messages that contradict themselves."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT, cpu_used, run_foldkit
from tests.hostile.running import run_process, run_with_peak

SOMA = ROOT / "examples" / "soma.txt"


def test_a_piece_larger_than_the_bed_is_one_line(capsys, tmp_path):
    out = tmp_path / "out"
    code, _, err = run_foldkit(capsys, "build", SOMA, "--cube-mm", "100", "--only", "pieces.stl", "-o", out)
    assert code == 2 and err.count("\n") == 1 and "lower --cube-mm or give a larger --bed" in err
    assert not (tmp_path / "out").exists()


def test_output_to_a_full_disk_or_a_closed_stdout_is_exit_2_without_a_traceback():
    full = subprocess.run(f"{sys.executable} -m foldkit solve {SOMA} > /dev/full", shell=True, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert full.returncode == 2 and "Traceback" not in full.stderr
    assert full.stderr.strip() == "foldkit: error: cannot write the output (No space left on device)"
    closed = subprocess.run(f"{sys.executable} -m foldkit solve {SOMA} >&-", shell=True, cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert closed.returncode == 2 and closed.stderr.strip() == "foldkit: error: the standard output is closed"


def test_generate_leaves_nothing_when_the_solution_file_is_in_the_way(capsys, tmp_path):
    (tmp_path / "p.solution.txt").mkdir()
    code, _, err = run_foldkit(capsys, "generate", "-o", tmp_path / "p.txt", "--size", "8x8", "--seed", "2")
    assert code == 2 and "p.solution.txt: cannot write the file (it is a folder)" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.solution.txt"]


def test_any_combined_with_a_word_says_any_stands_alone(capsys, tmp_path):
    puzzle = tmp_path / "nc.txt"
    puzzle.write_text("number-cross 1 3\nregions:\n0 0 0\nhighlighted:\n. . .\nclues:\nany odd\n")
    code, _, err = run_foldkit(capsys, "solve", puzzle)
    assert code == 2 and err.count("\n") == 1
    assert f"{puzzle}:7:1: 'any' is a clue on its own" in err and "unknown clue word" not in err


def test_generate_timeout_bounds_the_whole_command(tmp_path):
    start = cpu_used()
    done = run_process("generate", "--size", "100x100", "--timeout", "1", "--seed", "1", "-o", tmp_path / "g.txt")
    elapsed = cpu_used() - start
    assert done.returncode == 1 and "within 1 s" in done.stderr and "Traceback" not in done.stderr
    assert elapsed < 8  # the bound, plus starting Python and loading the kinds on a busy machine
    assert list(tmp_path.iterdir()) == []


def test_pieces_whose_names_look_alike_in_a_file_name_get_a_file_each(capsys, tmp_path):
    puzzle = tmp_path / "twins.txt"
    puzzle.write_text("packing 3 1 1\npiece a/b: 0 0 0, 1 0 0\npiece a_b: 0 0 0\n")
    only = "piece-a_b.stl,piece-a_b-2.stl"
    code, out, err = run_foldkit(capsys, "build", puzzle, "--only", only, "-o", tmp_path / "out")
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "out").glob("piece-*.stl")) == ["piece-a_b-2.stl", "piece-a_b.stl"]


def test_an_assembly_too_long_to_hold_in_memory_is_refused_before_rendering(capsys, tmp_path):
    puzzle = tmp_path / "u512.txt"
    puzzle.write_text("packing 8 8 8\npiece U x512: 0 0 0\n")
    start = cpu_used()
    code, _, err = run_foldkit(capsys, "build", puzzle, "--only", "assembly.gif", "-o", tmp_path / "out")
    assert code == 2 and "the assembly of 512 pieces would take" in err and err.count("\n") == 1
    assert cpu_used() - start < 30 and not (tmp_path / "out").exists()


def block_party(tmp_path, rows: int, cols: int, region_of) -> str:
    regions = "\n".join(" ".join(str(region_of(r, c)) for c in range(cols)) for r in range(rows))
    givens = "\n".join(" ".join("." for _ in range(cols)) for _ in range(rows))
    path = tmp_path / "bp.txt"
    path.write_text(f"block-party {rows} {cols}\nregions:\n{regions}\ngivens:\n{givens}\n")
    return str(path)


def test_a_block_party_of_one_region_has_no_solution_at_once(capsys, tmp_path):
    start = cpu_used()
    code, out, _ = run_foldkit(capsys, "solve", block_party(tmp_path, 20, 20, lambda r, c: 0))
    assert code == 1 and "region 0 is the only one with more than 0 cells" in out
    assert cpu_used() - start < 10


def test_a_block_party_too_large_to_encode_is_refused_in_one_line(capsys, tmp_path):
    start = cpu_used()
    code, _, err = run_foldkit(capsys, "solve", block_party(tmp_path, 20, 20, lambda r, c: r // 10))
    assert code == 2 and err.count("\n") == 1 and "clauses, more than the 20,000,000 that fit in memory" in err
    assert cpu_used() - start < 10


def test_27000_one_cube_pieces_are_packed_in_bounded_memory():
    code, out, err, peak = run_with_peak("solve", ROOT / "tests" / "hostile" / "packing" / "cubes-27000.txt")
    assert code == 0 and err == "" and "packed: 27,000 pieces placed" in out
    assert 0 < peak < 1_500_000, f"{peak // 1000} MB"  # 65 MB measured (docs/reference/limits.md)
