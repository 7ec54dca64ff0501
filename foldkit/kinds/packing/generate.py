"""The body of `foldkit generate packing` (``foldkit.kinds.packing`` declares it): challenge
cards of a packing puzzle, from easiest to hardest. Written into one folder: the booklet
(challenges.pdf: each card, then its solution), and for each challenge K the completion as a
puzzle file of its own (challenge-K.txt: `foldkit solve` proves it unique, `foldkit build` makes
its artifacts), the planted packing (challenge-K.solution.txt) and the given pieces joined on a
plate to print (challenge-K-base.stl)."""

from __future__ import annotations

import itertools
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from foldkit.assembly.stl import PrintOptions, base_mesh
from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.exchange import real_folder, refuse_to_overwrite, write_files
from foldkit.exchange.pdf import drawing_pdf
from foldkit.exchange.stl import stl_bytes
from foldkit.kinds.base import Invocation
from foldkit.kinds.generating import OutOfTime as Alarm
from foldkit.kinds.generating import grade_note, graded, grader, keeping, time_bound
from foldkit.kinds.packing import ChallengeOptions
from foldkit.kinds.packing.challenge_cards import challenge_document
from solver.diary import Grade
from solver.packing.challenge import Challenge, OutOfTime, completion_puzzle, harder_last, make_challenge
from solver.packing.model import PackingPuzzle, reading_key
from solver.packing.parse import picture
from solver.packing.solution_text import solution_picture
from solver.text import counted


def run_generate(call: Invocation) -> int:
    options: ChallengeOptions = call.options
    puzzle: PackingPuzzle = call.read(options.source, "--from")
    folder = real_folder(options.output or Path("outputs") / f"{puzzle.name}-challenges")
    refuse_to_overwrite(folder, challenge_names(options.count), options.force)  # before any work
    seed = secrets.randbelow(10**9) if options.seed is None else options.seed
    grade = grader(call.kind, options.difficulty)
    try:
        made = graded_challenges(puzzle, seed, options, grade)
    except (OutOfTime, Alarm):  # the deadline between challenges, or the alarm in the middle of one
        graded_as = f" graded {options.difficulty}" if options.difficulty else ""
        raise FoldkitError(f"{puzzle.name}: no {counted(options.count, 'challenge')}{graded_as} within "
                           f"{options.timeout:g} s (raise --timeout or ask for fewer with --count)",
                           EXIT_NO_SOLUTION) from None
    except ValueError as error:
        raise FoldkitError(f"{options.source}: {error}", EXIT_NO_SOLUTION) from None
    if any(not challenge.given for challenge, _ in made):  # every piece came out and one packing was left
        raise FoldkitError(f"{options.source}: {puzzle.name} has one packing only, so a challenge would give no "
                           "piece: it is a challenge as it is", EXIT_BAD_INPUT)
    files = challenge_files(made, puzzle, seed, options)
    for path in write_files(folder, files, options.force).paths:
        print(f"wrote {path}")
    grades = "; ".join(found.short for _, found in made if found)
    print(f"seed {seed}: {counted(len(made), 'challenge')} of {puzzle.name}, given pieces "
          f"{', '.join(str(len(c.given)) for c, _ in made)} of {len(made[0][0].packing)}"
          + (f"; {grades}" if grades else ""))
    return 0


Graded = tuple[Challenge, Grade | None]  # a challenge and the grade of its completion


def graded_challenges(puzzle: PackingPuzzle, seed: int, options: ChallengeOptions,
                      grade: Callable[[PackingPuzzle], Grade | None]) -> list[Graded]:
    """--count challenges from the seeds that follow the seed, easiest first; with --difficulty,
    the seeds whose challenge has it (pieces are taken out only while the completion stays
    within it), skipping the others."""
    seeds = itertools.count(seed)
    deadline = time.monotonic() + options.timeout
    keeps = keeping(grade, options.difficulty)  # grade: a completion puzzle -> its grade

    def graded_completion(challenge: Challenge) -> Grade | None:
        return grade(completion_puzzle(challenge.puzzle, challenge.given_placements))

    with time_bound(options.timeout) as stop:
        made = [graded(lambda: make_challenge(puzzle, next(seeds), deadline, keeps=keeps), graded_completion,
                       options.difficulty, stop) for _ in range(options.count)]
    found = {id(challenge): g for challenge, g in made}
    return [(challenge, found[id(challenge)]) for challenge in harder_last([c for c, _ in made])]


def challenge_names(count: int) -> list[str]:
    """The files of so many challenges: the booklet, then each challenge's puzzle, solution, base."""
    stems = [f"challenge-{number}" for number in range(1, count + 1)]
    return ["challenges.pdf", *(f"{stem}{end}" for stem in stems for end in (".txt", ".solution.txt", "-base.stl"))]


def challenge_files(made: list[Graded], puzzle: PackingPuzzle, seed: int, options: ChallengeOptions
                    ) -> dict[str, bytes]:
    """The booklet, and for each challenge its puzzle file, solution file and base (named by
    ``challenge_names``)."""
    contents = [drawing_pdf(challenge_document([c for c, _ in made], puzzle.name, options.paper, [g for _, g in made]))]
    prints = PrintOptions(cube_mm=options.cube_mm, clearance_mm=options.clearance_mm)
    for number, (challenge, found) in enumerate(made, 1):
        stem = f"challenge-{number}"
        cubes = [cube for placed in challenge.given_placements for cube in placed.cubes]
        contents += [challenge_text(challenge, f"{puzzle.name}-{stem}", seed, found).encode(),
                     (f"# {puzzle.name}, {stem}: the planted packing; the given pieces are "
                      f"{', '.join(str(i + 1) for i in challenge.given)}\n"
                      + solution_picture(challenge.packing, puzzle.box)).encode(),
                     stl_bytes(base_mesh(puzzle.box, cubes, prints))]
    return dict(zip(challenge_names(len(made)), contents, strict=True))


def challenge_text(challenge: Challenge, name: str, seed: int, grade: Grade | None = None) -> str:
    """The completion as a packing file: the shape left once the given pieces are in, the pieces
    to place; the given pieces in its comments."""
    rest = completion_puzzle(challenge.puzzle, challenge.given_placements, name)
    given = [f"#   {p.piece}: " + ", ".join(f"{x} {y} {z}" for x, y, z in sorted(p.cubes, key=reading_key))
             for p in challenge.given_placements]
    head = [f"# {challenge.puzzle.name}: a challenge (foldkit generate packing, seed {seed}).",
            f"# {counted(len(challenge.given), 'piece')} given; the shape below is what they leave to fill. They are:",
            *given, "# Exactly one packing completes it; without any one given piece there would be more"
            + (" or it would be harder than asked." if challenge.kept else "."),
            *(f"# {note}" for note in grade_note(grade))]
    return "\n".join(head) + "\n" + picture(rest)
