"""The command line: parse arguments, call the library, write results. Nothing else lives here.

Heavy libraries (pyvista, reportlab, trimesh) are imported inside the commands that need them,
so that ``foldkit solve`` starts fast.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from foldkit.errors import EXIT_AMBIGUOUS, EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from solver.shutbox.solve import DEFAULT_LAYOUT_LIMIT
from solver.text import InputError

# ---------------------------------------------------------------------------------------------
# solve and boxes


def run_solve(args: argparse.Namespace) -> int:
    from foldkit.fold.subject import load_puzzle
    from foldkit.kinds.shutbox_report import report_json, report_text
    from solver.shutbox.solve import solve

    report = solve(load_puzzle(args.puzzle), limit=args.limit or None)
    print(json.dumps(report_json(report), indent=1) if args.json else report_text(report))
    if not report.solutions:
        return EXIT_NO_SOLUTION
    return 0 if len(report.solutions) == 1 else EXIT_AMBIGUOUS


def run_boxes(args: argparse.Namespace) -> int:
    from foldkit.fold.subject import load_net
    from foldkit.kinds.shutbox_report import boxes_json, boxes_text
    from solver.folding import box_foldings

    cells = load_net(args.net)
    found = box_foldings(cells)
    print(json.dumps(boxes_json(cells, found), indent=1) if args.json else boxes_text(cells, found))
    return 0 if found else EXIT_NO_SOLUTION


# ---------------------------------------------------------------------------------------------
# show, animate, build, template


def _subject(args: argparse.Namespace):
    from foldkit.fold.subject import load_subject

    return load_subject(args.puzzle, args.net, args.folding)


def run_show(args: argparse.Namespace) -> int:
    from foldkit.fold.window import show

    show(_subject(args), sequence=args.sequence)
    return 0


def run_animate(args: argparse.Namespace) -> int:
    from foldkit.exchange import write_artifact
    from foldkit.fold.animation import AnimationOptions, animation_bytes

    width, height = args.size
    options = AnimationOptions(width=width, height=height, fps=args.fps, seconds=args.seconds,
                               sequence=args.sequence, progress=not args.quiet)
    data = animation_bytes(_subject(args), Path(args.output).suffix.lower(), options)
    print(f"wrote {write_artifact(args.output, data)}")
    return 0


def run_build(args: argparse.Namespace) -> int:
    from foldkit.build import BuildOptions, build

    subject = _subject(args)
    options = BuildOptions(cell_mm=args.cell_mm, wall_mm=args.wall_mm, numbers=not args.no_numbers,
                           paper=args.paper, progress=not args.quiet)
    folder = Path(args.output) if args.output else Path("outputs") / subject.name
    for path in build(subject, folder, options):
        print(f"wrote {path}")
    return 0


def run_template(args: argparse.Namespace) -> int:
    from foldkit.exchange import write_artifact
    from foldkit.paper.template import TemplateOptions, template_pdf, template_svg

    subject = _subject(args)
    output = Path(args.output) if args.output else Path("outputs") / subject.name / "template.pdf"
    options = TemplateOptions(paper=args.paper, cell_mm=args.cell_mm)
    make = template_svg if output.suffix.lower() == ".svg" else template_pdf
    print(f"wrote {write_artifact(output, make(subject, options))}")
    return 0


# ---------------------------------------------------------------------------------------------
# Arguments


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT in pixels, e.g. 800x600, not {text!r}") from None
    if not (16 <= width <= 4096 and 16 <= height <= 4096):
        raise argparse.ArgumentTypeError("width and height must be between 16 and 4096 pixels")
    return width, height


def _positive(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be positive, not {text}")
        return value

    return parse


def _add_subject(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("puzzle", nargs="?", help="puzzle file (default: the built-in November 2025 puzzle)")
    parser.add_argument("--net", metavar="FILE", help="use a net file instead of a puzzle")
    parser.add_argument("--folding", type=_positive(int), default=1, metavar="N",
                        help="with --net: which of its foldings to use (1-based, default 1)")


def _add_sequence(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sequence", choices=["staged", "together"], default="staged",
                        help="staged: panels fold leaves first, as a person folds (default); "
                             "together: every hinge at once")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="foldkit", description="Solve cut-and-fold box puzzles and make the box.")
    parser.add_argument("--version", action="version", version="foldkit 0.1.0")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = commands.add_parser("solve", help="solve a puzzle and prove the solution unique")
    solve.add_argument("puzzle", nargs="?", help="puzzle file (default: the built-in November 2025 puzzle)")
    solve.add_argument("--json", action="store_true", help="print the documented JSON instead of text")
    solve.add_argument("--limit", type=int, default=DEFAULT_LAYOUT_LIMIT, metavar="N",
                       help=f"stop after N layouts (0: no limit; default {DEFAULT_LAYOUT_LIMIT})")
    solve.set_defaults(run=run_solve)

    boxes = commands.add_parser("boxes", help="every box a polyomino (net file) folds into")
    boxes.add_argument("net", help="net file: rows of '#' (cell) and '.'")
    boxes.add_argument("--json", action="store_true", help="print JSON instead of text")
    boxes.set_defaults(run=run_boxes)

    show = commands.add_parser("show", help="play the fold in a PyVista window")
    _add_subject(show)
    _add_sequence(show)
    show.set_defaults(run=run_show)

    animate = commands.add_parser("animate", help="render the fold to a GIF or MP4, off-screen")
    _add_subject(animate)
    _add_sequence(animate)
    animate.add_argument("-o", "--output", default="outputs/fold.gif",
                         help="output .gif or .mp4 (default outputs/fold.gif)")
    animate.add_argument("--size", type=_size, default=(640, 480), metavar="WxH",
                         help="frame size in pixels (default 640x480)")
    animate.add_argument("--fps", type=_positive(int), default=20, help="frames per second (default 20)")
    animate.add_argument("--seconds", type=_positive(float), default=6.0, help="length of the fold (default 6)")
    animate.add_argument("--quiet", action="store_true", help="no progress bar")
    animate.set_defaults(run=run_animate)

    build = commands.add_parser("build", help="solve, then write every artifact into outputs/<name>/")
    _add_subject(build)
    build.add_argument("-o", "--output", metavar="DIR", help="output folder (default outputs/<name>)")
    build.add_argument("--cell-mm", type=_positive(float), default=10.0,
                       help="cell size of the STL files in mm (default 10)")
    build.add_argument("--wall-mm", type=_positive(float), default=None, help="make box.stl hollow with this wall")
    build.add_argument("--no-numbers", action="store_true", help="leave the raised numbers off box.stl")
    build.add_argument("--paper", choices=["a4", "letter", "a3"], default="a4", help="template paper (default a4)")
    build.add_argument("--quiet", action="store_true", help="no progress bar")
    build.set_defaults(run=run_build)

    template = commands.add_parser("template", help="a printable cut-and-fold PDF (or SVG) template")
    _add_subject(template)
    template.add_argument("-o", "--output", help="output .pdf or .svg (default outputs/<name>/template.pdf)")
    template.add_argument("--paper", choices=["a4", "letter", "a3"], default="a4", help="paper size (default a4)")
    template.add_argument("--cell-mm", type=_positive(float), default=None,
                          help="cell size in mm (default: the largest that fits one page)")
    template.set_defaults(run=run_template)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except InputError as error:
        print(f"foldkit: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except FoldkitError as error:
        print(f"foldkit: error: {error}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print("foldkit: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (e.g. `head`) closed the pipe: stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
