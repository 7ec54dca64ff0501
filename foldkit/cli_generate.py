"""The command line's `generate` and `sheet`: new Shut the Box puzzles and the sheets to solve
them by hand. Kept beside ``cli.py`` so that each stays a few lines around library calls."""

from __future__ import annotations

import argparse

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.options import PAPERS
from foldkit.target import Target


def run_generate(args: argparse.Namespace) -> int:
    from foldkit.generate_options import Request
    from foldkit.kinds.shutbox_make import generated_files

    request = Request(args.output, args.size, args.box, args.seed, args.difficulty, args.timeout)
    written, summary = generated_files(request)
    print(summary)
    for path in written:
        print(f"wrote {path}")
    return 0


def run_sheet(args: argparse.Namespace) -> int:
    from foldkit.exchange import format_of, write_artifact
    from foldkit.kinds.base import BuildOptions

    suffix = format_of(args.output, (".pdf", ".svg"))
    solved = Target(args.puzzle).solved()
    if "puzzle" + suffix not in solved.makers:
        raise FoldkitError(f"{solved.name}: this puzzle kind has no puzzle sheet", EXIT_BAD_INPUT)
    data = solved.makers["puzzle" + suffix](solved.subject, BuildOptions(paper=args.paper))
    print(f"wrote {write_artifact(args.output, data)}")
    return 0


def add_generate(commands) -> None:
    """The `generate` and `sheet` commands."""
    from foldkit.generate_options import add_generate_arguments

    generate = commands.add_parser("generate", help="a new Shut the Box puzzle with a proven unique solution")
    add_generate_arguments(generate)
    generate.set_defaults(run=run_generate)
    sheet = commands.add_parser("sheet", help="the puzzle's printable sheet, to solve by hand (PDF or SVG)")
    sheet.add_argument("puzzle", nargs="?",
                       help="puzzle file of any kind (default: the built-in November 2025 puzzle)")
    sheet.add_argument("-o", "--output", required=True, help="output .pdf or .svg")
    sheet.add_argument("--paper", choices=PAPERS, default="a4", help="paper size (default a4)")
    sheet.set_defaults(run=run_sheet)
