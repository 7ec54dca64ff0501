"""`foldkit generate`: a new Shut the Box puzzle written as a file, its solution beside it.

The options come from ``foldkit.generate_options``; the puzzle from ``solver.shutbox.compose``;
an unmet time bound is exit 1.
"""

from __future__ import annotations

from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.generate_options import Request


def generated_files(request: Request) -> tuple[list[Path], str]:
    """Make the puzzle, write it and its solution; (the paths written, a one-line summary)."""
    import secrets

    from foldkit.exchange import format_of, write_artifact
    from solver.box import surface_area
    from solver.shutbox.compose import TimedOut, generate
    from solver.shutbox.puzzle import layout_picture, picture

    rows, cols = request.size
    seed = secrets.randbelow(10**9) if request.seed is None else request.seed
    output = Path(request.output or f"puzzle-{seed}.txt")
    format_of(output, (".txt",))
    if request.box is not None and surface_area(request.box) > rows * cols:
        raise FoldkitError(f"a {'x'.join(map(str, request.box))} box has {surface_area(request.box)} cells, "
                           f"more than the {rows}x{cols} grid", EXIT_BAD_INPUT)
    try:
        made = generate(rows, cols, seed, request.box, request.difficulty, request.timeout)
    except TimedOut:
        box = f" with box {'x'.join(map(str, request.box))}" if request.box else ""
        raise FoldkitError(f"no {rows}x{cols} puzzle{box} with a unique solution within {request.timeout:g} s "
                           "(raise --timeout or try another --seed)", EXIT_NO_SOLUTION) from None
    solution = output.with_name(output.name[: -len(output.suffix)] + ".solution.txt")
    written = [write_artifact(output, picture(made.puzzle).encode()),
               write_artifact(solution, layout_picture(rows, cols, made.layout).encode())]
    clued = len(made.puzzle.numbers) + len(made.puzzle.arrows)
    summary = (f"seed {seed}: {rows}x{cols}, {clued} clues, {made.layouts} layouts keep the grid rules, "
               "unique solution")
    return written, summary
