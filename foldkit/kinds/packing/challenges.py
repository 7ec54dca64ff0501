"""The body of `foldkit generate packing` (``foldkit.kinds.packing`` declares it): challenge
cards of a packing puzzle, from easiest to hardest. Written into one folder: the booklet
(challenges.pdf: each card, then its solution), and for each challenge K the completion as a
puzzle file of its own (challenge-K.txt: `foldkit solve` proves it unique, `foldkit build` makes
its artifacts), the planted packing (challenge-K.solution.txt) and the given pieces joined on a
plate to print (challenge-K-base.stl)."""

from __future__ import annotations

import secrets
import time
from pathlib import Path

from foldkit.assembly.stl import PrintOptions, base_mesh
from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.exchange import write_folder
from foldkit.exchange.pdf import drawing_pdf
from foldkit.exchange.stl import stl_bytes
from foldkit.kinds import Loaded, load
from foldkit.kinds.base import Invocation
from foldkit.kinds.generating import OutOfTime as Alarm
from foldkit.kinds.generating import time_bound
from foldkit.kinds.packing import ChallengeOptions
from foldkit.paper.challenge import challenge_document
from solver.packing.challenge import Challenge, OutOfTime, completion_puzzle, harder_last, make_challenge
from solver.packing.model import PackingPuzzle, reading_key
from solver.packing.parse import picture, solution_picture


def run_generate(call: Invocation) -> int:
    options: ChallengeOptions = call.options
    puzzle = packing_puzzle(options.source)
    seed = secrets.randbelow(10**9) if options.seed is None else options.seed
    started = time.monotonic()
    try:
        with time_bound(options.timeout):
            made = harder_last([make_challenge(puzzle, seed + k, started + options.timeout)
                                for k in range(options.count)])
    except (OutOfTime, Alarm):  # the deadline between challenges, or the alarm in the middle of one
        raise FoldkitError(f"{puzzle.name}: no {options.count} challenge(s) within {options.timeout:g} s (raise "
                           "--timeout or ask for fewer with --count)", EXIT_NO_SOLUTION) from None
    except ValueError as error:
        raise FoldkitError(f"{options.source}: {error}", EXIT_NO_SOLUTION) from None
    folder = Path(options.output or Path("outputs") / f"{puzzle.name}-challenges")
    files = challenge_files(made, puzzle, seed, options)
    for path in write_folder(folder, files):
        print(f"wrote {path}")
    print(f"seed {seed}: {len(made)} challenge(s) of {puzzle.name}, given pieces "
          f"{', '.join(str(len(c.given)) for c in made)} of {len(made[0].packing)}")
    return 0


def packing_puzzle(path: str) -> PackingPuzzle:
    """The packing puzzle in a file; a FoldkitError when the file is another kind's."""
    loaded: Loaded = load(path)
    if loaded.kind.name != "packing":
        raise FoldkitError(f"{path}: --from takes a packing puzzle, and this is a {loaded.kind.title} file",
                           EXIT_BAD_INPUT)
    puzzle: PackingPuzzle = loaded.puzzle
    return puzzle


def challenge_files(made: list[Challenge], puzzle: PackingPuzzle, seed: int, options: ChallengeOptions
                    ) -> dict[str, bytes]:
    """The booklet, and for each challenge its puzzle file, solution file and base."""
    files = {"challenges.pdf": drawing_pdf(challenge_document(made, puzzle.name, options.paper))}
    prints = PrintOptions(cube_mm=options.cube_mm, clearance_mm=options.clearance_mm)
    for number, challenge in enumerate(made, 1):
        stem = f"challenge-{number}"
        files[f"{stem}.txt"] = challenge_text(challenge, f"{puzzle.name}-{stem}", seed).encode()
        files[f"{stem}.solution.txt"] = (f"# {puzzle.name}, {stem}: the planted packing; the given pieces are "
                                         f"{', '.join(str(i + 1) for i in challenge.given)}\n"
                                         + solution_picture(challenge.packing, puzzle.box)).encode()
        cubes = [cube for placed in challenge.given_placements for cube in placed.cubes]
        files[f"{stem}-base.stl"] = stl_bytes(base_mesh(puzzle.box, cubes, prints))
    return files


def challenge_text(challenge: Challenge, name: str, seed: int) -> str:
    """The completion as a packing file: the shape left once the given pieces are in, the pieces
    to place; the given pieces in its comments."""
    rest = completion_puzzle(challenge.puzzle, challenge.given_placements, name)
    given = [f"#   {p.piece}: " + ", ".join(f"{x} {y} {z}" for x, y, z in sorted(p.cubes, key=reading_key))
             for p in challenge.given_placements]
    head = [f"# {challenge.puzzle.name}: a challenge (foldkit generate packing, seed {seed}).",
            f"# {len(challenge.given)} pieces are given; the shape below is what they leave to fill. They are:",
            *given, "# Exactly one packing completes it; without any one given piece there would be more."]
    return "\n".join(head) + "\n" + picture(rest)
