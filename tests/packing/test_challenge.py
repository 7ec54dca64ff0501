"""Packing challenges: given pieces that stand, a completion proven unique, a minimal given set
with witnesses checked from the rules alone, and `foldkit generate packing` writing the booklet,
the puzzle files and the bases, the same bytes for the same seed."""

from __future__ import annotations

import itertools
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import trimesh
from PIL import Image

from foldkit.exchange.record import RECORD
from solver.packing import packing_problem, parse_packing, parse_solution
from solver.packing.challenge import (
    OutOfTime,
    challenge_problem,
    completion_puzzle,
    completions,
    hanging,
    harder_last,
    make_challenge,
)
from solver.packing.check import rotations_of
from solver.packing.model import make_packing
from tests.conftest import EXAMPLES, require_program


def puzzle_of(name: str):
    path = EXAMPLES / name
    return parse_packing(path.read_text(), str(path), path.stem)


def brute_completions(puzzle, given) -> int:
    """Completions counted without the search: every choice of one placement per piece left,
    checked by the rules (tiny puzzles only)."""
    rest = completion_puzzle(puzzle, given)
    target = rest.target_cubes
    copies = [piece for piece in rest.pieces for _ in range(piece.count)]
    options = [[moved for turned in rotations_of(piece.cubes) for moved in moves(turned, rest.box)
                if moved <= target] for piece in copies]
    found = set()
    for choice in itertools.product(*options):
        cubes = [cube for chosen in choice for cube in chosen]
        if len(set(cubes)) == len(cubes) and set(cubes) == target:
            found.add(frozenset(zip((p.name for p in copies), map(frozenset, choice), strict=True)))
    return len(found)


def moves(cubes, box):
    """A shape moved to every position in the box."""
    for dx, dy, dz in itertools.product(*(range(side) for side in box)):
        yield frozenset((x + dx, y + dy, z + dz) for x, y, z in cubes)


@pytest.mark.parametrize("name", ["soma.txt", "scott-pentominoes.txt", "l-tricubes.txt", "mixed-2x3x4.txt"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_challenge_is_unique_minimal_and_stands(name, seed):
    puzzle = puzzle_of(name)
    challenge = make_challenge(puzzle, seed)
    assert challenge_problem(challenge) is None
    assert hanging(challenge.packing, set(challenge.given)) is None
    found, _ = completions(puzzle, challenge.given_placements)
    assert found == [challenge.packing]  # unique: the search found no second completion
    assert 0 < len(challenge.given) < len(challenge.packing)


def test_the_search_and_a_brute_force_agree_on_small_completions():
    puzzle = puzzle_of("l-tricubes.txt")
    challenge = make_challenge(puzzle, 3)
    assert brute_completions(puzzle, challenge.given_placements) == 1
    for index in challenge.given:  # without any one given piece: more completions, or a piece hangs
        rest = [challenge.packing[i] for i in challenge.given if i != index]
        assert brute_completions(puzzle, rest) > 1 or hanging(challenge.packing, set(challenge.given) - {index})


def test_the_checker_refuses_a_challenge_that_is_not_minimal_or_floats():
    puzzle = puzzle_of("soma.txt")
    challenge = make_challenge(puzzle, 1)
    planted_as_witness = replace(challenge, witnesses=(challenge.packing, *challenge.witnesses[1:]))
    assert "planted" in challenge_problem(planted_as_witness) or "does not hang" in challenge_problem(
        planted_as_witness)
    floating = [i for i, p in enumerate(challenge.packing) if min(z for _, _, z in p.cubes) == 2]
    if floating:
        lifted = replace(challenge, given=(floating[0],), witnesses=(challenge.packing,))
        assert "hangs in the air" in challenge_problem(lifted)
    broken = replace(challenge, packing=challenge.packing[1:])
    assert challenge_problem(broken).startswith("the planted packing")


def test_harder_last_puts_fewer_given_pieces_and_more_search_later():
    puzzle = puzzle_of("y-pentacube.txt")
    made = harder_last([make_challenge(puzzle, seed) for seed in (1, 2, 3)])
    keys = [(-len(c.given), c.nodes) for c in made]
    assert keys == sorted(keys)


def test_a_deadline_passed_stops_the_making():
    with pytest.raises(OutOfTime):
        make_challenge(puzzle_of("y-pentacube.txt"), 1, deadline=0.0, clock=lambda: 1.0)


# ---------------------------------------------------------------------------------------------
# The command


def generate(tmp_path: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "foldkit", "generate", "packing", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def soma_cards(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("cards")
    done = generate(folder, "--from", str(EXAMPLES / "soma.txt"), "--count", "3", "--seed", "7", "-o", "out")
    assert done.returncode == 0, done.stderr
    return folder / "out"


def test_generate_writes_the_booklet_puzzles_solutions_and_bases(soma_cards):
    names = sorted(p.name for p in soma_cards.iterdir() if p.name != RECORD)  # and the record of what foldkit wrote
    assert names == sorted(["challenges.pdf", *(f"challenge-{k}{end}" for k in (1, 2, 3)
                                               for end in (".txt", ".solution.txt", "-base.stl"))])


def test_each_challenge_file_solves_to_exactly_its_written_solution(soma_cards):
    soma = puzzle_of("soma.txt")
    for k in (1, 2, 3):
        path = soma_cards / f"challenge-{k}.txt"
        done = subprocess.run([sys.executable, "-m", "foldkit", "solve", str(path), "--all", "--json"],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert '"packings": 1,' in done.stdout  # one completion, proven by counting them all
        planted = parse_solution((soma_cards / f"challenge-{k}.solution.txt").read_text(), "s", soma)
        assert packing_problem(soma, planted) is None
        rest = parse_packing(path.read_text(), str(path))
        completion = [p for p in planted if all(cube in rest.target_cubes for cube in p.cubes)]
        assert packing_problem(rest, make_packing(completion)) is None


def test_the_same_seed_gives_the_same_bytes(tmp_path, soma_cards):
    done = generate(tmp_path, "--from", str(EXAMPLES / "soma.txt"), "--count", "3", "--seed", "7", "-o", "again")
    assert done.returncode == 0, done.stderr
    for path in soma_cards.iterdir():
        assert (tmp_path / "again" / path.name).read_bytes() == path.read_bytes(), path.name


def test_the_booklet_has_a_card_and_a_solution_page_per_challenge(tmp_path, soma_cards):
    program = require_program("pdftoppm")
    subprocess.run([program, "-png", "-r", "30", str(soma_cards / "challenges.pdf"), str(tmp_path / "page")],
                   check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == 6
    for page in pages:
        pixels = np.asarray(Image.open(page).convert("RGB"), dtype=np.int64)
        assert ((pixels.max(axis=2) - pixels.min(axis=2)) > 60).mean() > 0.003, page.name  # coloured pieces


def test_a_base_is_one_watertight_part_that_slices(tmp_path, soma_cards):
    mesh = trimesh.load(soma_cards / "challenge-1-base.stl")
    assert mesh.is_watertight and len(mesh.split()) == 1
    slicer = require_program("prusa-slicer")
    gcode = tmp_path / "base.gcode"
    done = subprocess.run([slicer, "--export-gcode", str(soma_cards / "challenge-1-base.stl"), "--output",
                           str(gcode)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize(("args", "says"), [
    ((), "--from FILE is required"),
    (("--from", str(EXAMPLES / "soma.txt"), "--count", "0"), "--count"),
    (("--from", str(EXAMPLES / "nov2025.txt")), "takes a packing puzzle"),
    (("--from", "missing.txt"), "missing.txt"),
])
def test_bad_options_are_one_line_and_exit_2(tmp_path, args, says):
    done = generate(tmp_path, *args)
    assert done.returncode == 2
    assert says in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())


def test_a_timeout_is_exit_1_within_a_second_of_it(tmp_path):
    done = generate(tmp_path, "--from", str(EXAMPLES / "y-pentacube.txt"), "--count", "50", "--seed", "1",
                    "--timeout", "0.5", timeout=60)
    assert done.returncode == 1, done.stderr
    assert "within 0.5 s" in done.stderr
    assert not (tmp_path / "outputs").exists()


def test_the_card_heading_stands_clear_of_the_level_captions(tmp_path, capsys):
    """Rendered as a person prints it: between the lowest level caption and the heading 'The
    pieces to place' there is at least CLEAR_PT of blank paper."""
    import re
    import subprocess

    import numpy as np
    from PIL import Image

    from foldkit.cli import main
    from tests.conftest import require_program

    clear_pt = 9.0
    pdftotext, pdftoppm = require_program("pdftotext"), require_program("pdftoppm")
    assert main(["generate", "packing", "--from", str(EXAMPLES / "soma.txt"), "--count", "1", "--seed", "3",
                 "-o", str(tmp_path)]) == 0
    capsys.readouterr()
    pdf = tmp_path / "challenges.pdf"
    boxes = subprocess.run([pdftotext, "-bbox", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, text=True,
                           check=True).stdout
    words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in
             re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)<', boxes)]
    captions = max(b[3] for b in words if b[4] == "level")
    heading = next(b for b in words if b[4] == "pieces" and b[1] > captions)
    subprocess.run([pdftoppm, "-r", "72", "-f", "1", "-l", "1", "-gray", "-png", str(pdf), str(tmp_path / "card")],
                   check=True)
    page = np.asarray(Image.open(next(tmp_path.glob("card*.png"))).convert("L"))
    band = page[int(captions) + 1:int(heading[3]), 30:int(heading[2]) + 1]  # 72 dpi: a pixel is a point
    ink_rows = np.nonzero((band < 200).any(axis=1))[0]
    assert len(ink_rows), "the heading was not drawn where its words are"
    assert ink_rows[0] >= clear_pt, f"only {ink_rows[0]} pt of paper between the captions and the heading"
