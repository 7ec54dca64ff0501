"""The third hostile round (issue 34, items 5-10 and 12): input that asked for unbounded memory, depth or
time, refused in one line before the work starts, or done within bounds. Memory and time are bounded
in a child process (RLIMIT_AS, RLIMIT_CPU), never measured by the wall clock."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import time

import pytest

from foldkit.kinds.packing import parallel
from tests.conftest import ROOT, run_foldkit
from tests.hostile.running import one_error_line
from tests.packing.burrtools import document

SOMA = ROOT / "examples" / "soma.txt"
MEMORY = 1536 * 2**20  # bytes of address space a child may take: the corpus's 1.5 GB
CPU_SECONDS = 60  # of CPU a child may use: far more than any refusal or bounded answer needs


def run_bounded(*argv, memory: int = MEMORY, cpu: int = CPU_SECONDS, cwd=None) -> subprocess.CompletedProcess:
    """A whole `python -m foldkit` process held to memory bytes of address space and cpu seconds of CPU:
    past either it dies (MemoryError, SIGXCPU/SIGKILL), which the caller's exit-code check catches."""
    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "foldkit", *map(str, argv)], cwd=cwd or ROOT, env=env,
                          capture_output=True, text=True, preexec_fn=limits, timeout=20 * cpu)


def refused(done: subprocess.CompletedProcess, *words: str) -> str:
    """The one-line message of a refusal (exit 2) that says each of the words."""
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    message = one_error_line(done.stderr)
    for word in words:
        assert word in message, (word, message)
    return message


# ---------------------------------------------------------------------------------------------
# Item 5 and 10: nets of a box too large to search, or too many to list in memory


@pytest.mark.parametrize("box", ["1x1x400", "50x50x50", "9999x9999x9999", "1x1x150", "11x11x11"])
def test_a_box_past_the_searched_area_is_refused_in_one_line(capsys, box):
    code, out, err = run_foldkit(capsys, "nets", box, "--limit", "1")
    assert code == 2 and out == ""
    assert "past the 600 the search takes" in one_error_line(err)


def test_the_largest_searched_box_finds_a_net_in_bounds():
    done = run_bounded("nets", "1x1x149", "--limit", "1")  # area 598: deeper than the old recursion could go
    assert done.returncode == 4, done.stderr[-2000:]
    assert done.stdout.startswith("1x1x149: at least 1 net")


@pytest.mark.parametrize("boxes", [["1x1x5"], ["1x2x3"], ["1x1x4"]])
def test_listing_every_net_of_a_box_too_rich_for_memory_is_refused(boxes):
    refused(run_bounded("nets", *boxes), "too many nets to list in memory", "--count", "--limit")


@pytest.mark.parametrize("limit", ["100000", "10000000"])
def test_a_limit_that_would_keep_too_many_cells_is_refused(limit):
    message = refused(run_bounded("nets", "1x1x5", "--limit", limit), "2,000,000 cells", "--limit 90909")
    assert limit in message


def test_a_box_listed_whole_stays_in_memory():
    done = run_bounded("nets", "1x1x2", "--json")
    assert done.returncode == 0, done.stderr[-2000:]
    assert '"count": 723' in done.stdout


def test_counting_keeps_no_net_so_it_is_not_refused(capsys):
    code, out, _ = run_foldkit(capsys, "nets", "1x1x3", "--count")
    assert code == 0 and out.strip() == "1x1x3: 14,978 nets"


# ---------------------------------------------------------------------------------------------
# Item 10: pieces, placements and a count whose set-up alone passes the memory


def packing_file(path, box: tuple[int, int, int], lines: list[str]):
    path.write_text(f"packing {box[0]} {box[1]} {box[2]}\n" + "\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("pieces", [1_001, 27_000])
def test_more_piece_lines_than_the_limit_is_refused_at_the_first_one_past_it(tmp_path, pieces):
    puzzle = packing_file(tmp_path / "named.txt", (30, 30, 30), [f"piece p{k}: 0 0 0" for k in range(pieces)])
    done = run_bounded("solve", puzzle)
    assert done.returncode == 2
    message = one_error_line(done.stderr, puzzle, "1002:1")
    assert "more than 1,000 piece lines" in message and "xCOUNT" in message


@pytest.mark.parametrize("box, piece, lines", [((30, 30, 30), "0 0 0", 1_000), ((30, 30, 30), "0 0 0, 0 0 1", 20),
                                               ((30, 30, 20), "0 0 0, 1 0 0, 2 0 0, 2 1 0", 30)])
def test_pieces_with_more_placements_than_the_table_takes_are_refused(tmp_path, box, piece, lines):
    puzzle = packing_file(tmp_path / "many.txt", box, [f"piece p{k}: {piece}" for k in range(lines)])
    message = refused(run_bounded("solve", puzzle), "placements in the box, more than the 1,000,000")
    assert message.startswith(f"{puzzle}: ")


def test_one_line_with_a_count_of_27000_solves_in_bounds(tmp_path):
    puzzle = packing_file(tmp_path / "ones.txt", (30, 30, 30), ["piece a x27000: 0 0 0"])
    done = run_bounded("solve", puzzle)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "a x27000: 1 cube, 1 orientation, 27,000 placements" in done.stdout


@pytest.mark.parametrize("side, piece", [(30, "0 0 0"), (11, "0 0 0"), (20, "0 0 0, 0 0 1")])
def test_counting_every_packing_of_more_cubes_than_the_limit_is_refused(tmp_path, side, piece):
    count = side**3 // len(piece.split(","))
    puzzle = packing_file(tmp_path / "big.txt", (side, side, side), [f"piece a x{count}: {piece}"])
    refused(run_bounded("solve", puzzle, "--all"), "--all counts the packings of at most 1,000 cubes",
            f"has {side**3:,}", "without --all")


def test_counting_with_more_placements_than_the_limit_is_refused(tmp_path):
    puzzle = packing_file(tmp_path / "dominoes.txt", (10, 10, 10), [f"piece p{k} x50: 0 0 0, 0 0 1" for k in range(10)])
    refused(run_bounded("solve", puzzle, "--all", "--limit", "1"), "at most 25,000 placements", "27,000")


def test_a_count_at_the_limits_ends_in_bounds(tmp_path):
    puzzle = packing_file(tmp_path / "ones.txt", (10, 10, 10), ["piece a x1000: 0 0 0"])
    done = run_bounded("solve", puzzle, "--all")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "every packing: 1;" in done.stdout


# ---------------------------------------------------------------------------------------------
# Item 6: `check` given an answer too long for a file name, or a solution far larger than its puzzle


@pytest.mark.parametrize("answer", ["a" * 256, "b" * 5000, "x/" * 3000, "é" * 200])
def test_an_answer_too_long_to_be_a_file_name_is_one_line(capsys, answer):
    code, _, err = run_foldkit(capsys, "check", SOMA, answer)
    assert code == 2
    assert "neither a whole number nor a file that exists" in one_error_line(err)


@pytest.mark.parametrize("digits", [101, 300, 5000])
def test_a_number_answer_longer_than_any_is_one_line(capsys, digits):
    code, _, err = run_foldkit(capsys, "check", ROOT / "examples" / "nov2025.txt", "7" * digits)
    assert code == 2
    assert f"the answer has {digits:,} digits, more than the 100" in one_error_line(err)


def soma_solution(levels: int, rows: int, entries: int) -> str:
    return "".join(f"level {z + 1}\n" + "".join(" ".join(["1"] * entries) + "\n" for _ in range(rows))
                   for z in range(levels))


@pytest.mark.parametrize("levels, rows, entries, place, words", [
    (60_000, 3, 3, "13:1", "more than the box's 3 levels"),  # 1.6 M cubes, 1.3 MB
    (1, 250_000, 3, "5:1", "level 1 has more than the box's 3 rows"),
    (1, 1, 1_600_000, "2:7", "row 1 of level 1 has more than the box's 3 entries"),
    (3, 3, 4, "2:7", "has more than the box's 3 entries"),
])
def test_a_solution_larger_than_its_puzzle_is_refused_at_its_first_line_past_the_box(tmp_path, levels, rows,
                                                                                    entries, place, words):
    answer = tmp_path / "huge.solution.txt"
    answer.write_text(soma_solution(levels, rows, entries))
    done = run_bounded("check", SOMA, answer, memory=512 * 2**20, cpu=20)
    assert done.returncode == 2, done.stderr[-2000:]
    assert words in one_error_line(done.stderr, answer, place)


# ---------------------------------------------------------------------------------------------
# Item 7: `generate packing --from` a puzzle with one packing only (one piece, a split shape)


@pytest.mark.parametrize("lines", [
    ["packing 2 1 1", "piece a: 0 0 0, 1 0 0"],  # one piece
    ["packing 2 1 1", "piece a x2: 0 0 0"],  # two copies of one piece: one packing
    ["packing 4 1 1", "piece a: 0 0 0, 1 0 0", "piece b: 0 0 0", "shape:", "##.#"],  # a shape in two parts
    ["packing 5 1 2", "piece a: 0 0 0, 1 0 0", "piece b: 0 0 0", "shape:", "##...", "", "....#"],
])
def test_a_puzzle_with_one_packing_only_makes_no_challenge_and_says_so(capsys, tmp_path, lines):
    puzzle = tmp_path / "unique.txt"
    puzzle.write_text("\n".join(lines) + "\n")
    code, out, err = run_foldkit(capsys, "generate", "packing", "--from", puzzle, "-o", tmp_path / "out", "--seed", "1")
    assert code == 2 and "wrote" not in out
    assert "has one packing only, so a challenge would give no piece" in one_error_line(err, puzzle)
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------------------------------------
# Item 8: BurrTools files with numbers past Python's digit limit, non-ASCII digits, and sizes past memory


def burrtools(tmp_path, shapes: list[str], parts: list[str], result: int):
    path = tmp_path / "hostile.xmpuzzle"
    path.write_bytes(document(shapes, parts, result))
    return path


CUBE = '<voxel x="1" y="1" z="1" type="0">#</voxel>'
BOX = '<voxel x="2" y="1" z="1" type="0">##</voxel>'


@pytest.mark.parametrize("shapes, parts, result, what", [
    (['<voxel x="' + "9" * 5000 + '" y="1" z="1" type="0">#</voxel>', BOX], ['<shape id="0" count="2"/>'], 1,
     "shape 1 x"),
    ([CUBE, BOX], ['<shape id="0" count="' + "1" * 5000 + '"/>'], 1, "shape count"),
    ([CUBE, BOX], ['<shape id="' + "0" * 5000 + '" count="2"/>'], 1, "shape id"),
    ([CUBE, BOX], ['<shape id="0" count="²"/>'], 1, "shape count"),
    ([CUBE, BOX], ['<shape id="0" count="٢"/>'], 1, "shape count"),
    ([CUBE, BOX], ['<shape id="0" count="2"/>'], "١", "shape id"),
    ([CUBE, '<voxel x="2" y="１" z="1" type="0">##</voxel>'], ['<shape id="0" count="2"/>'], 1, "shape 2 y"),
    ([CUBE, BOX], ['<shape id="0" count="1234567890"/>'], 1, "shape count"),
])
def test_a_burrtools_number_that_is_not_a_short_ascii_number_is_one_line(capsys, tmp_path, shapes, parts, result,
                                                                          what):
    path = burrtools(tmp_path, shapes, parts, result)
    code, _, err = run_foldkit(capsys, "solve", path)
    assert code == 2
    message = one_error_line(err, path)
    assert f"BurrTools {what} " in message and "is not a whole number of at most 9 digits" in message


@pytest.mark.parametrize("size", [(1000, 1000, 60), (400, 400, 400), (1001, 1000, 1)])
def test_burrtools_shapes_past_the_voxel_limit_are_refused_before_they_are_read(tmp_path, size):
    x, y, z = size
    shape = f'<voxel x="{x}" y="{y}" z="{z}" type="0">' + "_" * min(x * y * z, 60_000_000) + "</voxel>"
    path = burrtools(tmp_path, [CUBE, shape], ['<shape id="0" count="2"/>'], 1)
    assert path.stat().st_size < 1_000_000  # a small file that unpacks to a large shape
    refused(run_bounded("solve", path), f"{x * y * z + 1:,} voxels, more than the 1,000,000 foldkit reads")


@pytest.mark.parametrize("shapes", [1_001, 27_000])
def test_a_burrtools_problem_of_more_pieces_than_the_limit_is_refused(tmp_path, shapes):
    result = f'<voxel x="30" y="30" z="30" type="0">{"#" * 27_000}</voxel>'
    parts = [f'<shape id="{k}" count="1"/>' for k in range(shapes)]
    path = burrtools(tmp_path, [CUBE] * shapes + [result], parts, shapes)
    refused(run_bounded("solve", path), f"{shapes:,} pieces, more than the 1,000 foldkit takes")


# ---------------------------------------------------------------------------------------------
# Item 9 and 12: --jobs past the cores, and the workers of a census whose parent is killed


@pytest.mark.parametrize("jobs", ["1024", "64", "5"])
def test_jobs_past_the_cores_start_at_most_two_processes_a_core(capsys, monkeypatch, jobs):
    started = []
    real = parallel.in_processes

    def recording(*args):  # (puzzle, seed, parts, the parts left, limit, workers)
        started.append(args[-1])
        return real(*args)

    monkeypatch.setattr(parallel, "in_processes", recording)
    code, out, _ = run_foldkit(capsys, "solve", SOMA, "--all", "--jobs", jobs)
    assert code == 0 and "every packing: 11,520; classes under the box's 48 symmetries: 240" in out
    assert all(workers <= 2 * parallel.cores() for workers in started)


def test_jobs_1024_counts_soma_in_bounded_memory():
    done = run_bounded("solve", SOMA, "--all", "--jobs", "1024")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "every packing: 11,520" in done.stdout


@pytest.mark.parametrize("jobs", ["0", "1025", "-3", "1e3", "²"])
def test_jobs_out_of_range_says_the_range(capsys, jobs):
    code, _, err = run_foldkit(capsys, "solve", SOMA, "--all", "--jobs", jobs)
    assert code == 2 and "--jobs" in one_error_line(err)


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listed:
            return [int(word) for word in listed.read().split()]
    except OSError:
        return []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to find the workers")
def test_workers_of_a_census_killed_with_sigkill_end_quietly():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    census = subprocess.Popen([sys.executable, "-m", "foldkit", "solve", ROOT / "examples" / "y-pentacube.txt",
                               "--all", "--jobs", "2"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    workers: list[int] = []
    while census.poll() is None and len(workers) < 2:
        workers = _children(census.pid)
    while census.poll() is None and min(_cpu_ticks(pid) for pid in workers) < 30:
        time.sleep(0.02)  # until both are well into their parts, with results to send
    assert census.poll() is None, "the census ended before its workers could be seen at work"
    census.kill()
    _, err = census.communicate(timeout=120)  # the pipe closes when the last worker holding it has ended
    assert census.returncode == -9
    assert "Traceback" not in err and "BrokenPipeError" not in err, err[-2000:]
    for _ in range(600):  # no orphan left working: each worker is gone (or dead, not yet reaped)
        if not any(_alive(pid) for pid in workers):
            break
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers)


def _cpu_ticks(pid: int) -> int:
    """The CPU time a process has used, in clock ticks (a process gone counts as done)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 1 << 30
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of proc(5))


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


# ---------------------------------------------------------------------------------------------
# Item 12: a puzzle file given where a net file is expected


@pytest.mark.parametrize("command", ["solve", "build", "animate"])
@pytest.mark.parametrize("example, place", [("soma.txt", "4:1"), ("nov2025.txt", "1:1"),
                                            ("number-cross-5.txt", "2:1"), ("block-party-4.txt", None)])
def test_a_puzzle_given_as_a_net_names_the_file_line_and_column(capsys, command, example, place):
    code, _, err = run_foldkit(capsys, command, "--net", ROOT / "examples" / example)
    assert code == 2
    one_error_line(err, ROOT / "examples" / example, place)
    assert re.match(r"foldkit: error: .*:\d+:\d+: ", err), err


def test_a_puzzle_given_as_a_net_with_a_header_after_blank_lines_and_comments(capsys, tmp_path):
    puzzle = tmp_path / "soma.txt"
    puzzle.write_text("\n# a comment\n\n   packing 1 1 1\npiece a: 0 0 0\n")
    code, _, err = run_foldkit(capsys, "solve", "--net", puzzle)
    assert code == 2 and "a file option takes a file of its own kind" in one_error_line(err, puzzle, "4:4")


@pytest.mark.parametrize("part", ["²/3", "١/3", "1/³", "9" * 5000 + "/3", "1/100001", "1/3/4", "１/2"])
def test_a_part_that_is_not_two_short_ascii_numbers_is_one_line(capsys, part):
    code, _, err = run_foldkit(capsys, "solve", SOMA, "--all", "--part", part)
    assert code == 2 and "expected K/N with 1 <= K <= N <= 100000" in one_error_line(err)
