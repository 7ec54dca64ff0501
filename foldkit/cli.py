"""The command line: parse arguments, call the library, print or write what comes back.

A puzzle file's kind is recognised from its first line (``foldkit.kinds``); heavy libraries
(pyvista, reportlab, trimesh) are imported inside the commands that need them, so that
``foldkit solve`` starts fast.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path

from foldkit import __version__
from foldkit import options as opt
from foldkit.cli_generate import add_generate
from foldkit.console import ProgressBar, forget_interrupts, interrupted, on_interrupt, raise_if_interrupted
from foldkit.errors import EXIT_BAD_INPUT, EXIT_INTERRUPTED, FoldkitError
from foldkit.target import Target
from solver.text import InputError

VERSION = f"foldkit {__version__}"

# ---------------------------------------------------------------------------------------------
# Commands


def _target(args: argparse.Namespace) -> Target:
    return Target(args.puzzle, getattr(args, "net", None), getattr(args, "folding", None))


def run_solve(args: argparse.Namespace) -> int:
    from foldkit.exchange.json import json_text
    from foldkit.kinds import load
    from foldkit.kinds.base import SolveOptions

    loaded = load(args.puzzle)
    report = loaded.kind.solve(loaded.puzzle, SolveOptions(limit=args.limit, every=args.all, seed=args.seed))
    print(json_text(loaded.kind.json(report)) if args.json else loaded.kind.text(report))
    return loaded.kind.outcome(report).code


def run_boxes(args: argparse.Namespace) -> int:
    from foldkit.exchange.json import json_text
    from foldkit.kinds.net import load_net
    from foldkit.kinds.shutbox_report import boxes_json, boxes_text
    from solver.folding import box_foldings

    cells = load_net(args.net)
    found = box_foldings(cells)
    print(json_text(boxes_json(cells, found)) if args.json else boxes_text(cells, found))
    return 0 if found else 1


def run_show(args: argparse.Namespace) -> int:
    solved = _target(args).solved()
    if hasattr(solved.subject, "fold"):
        from foldkit.fold.window import show

        show(solved.subject.fold, sequence=args.sequence)
    elif solved.kind is not None and solved.kind.show is not None:
        solved.kind.show(solved.subject)
    else:
        raise FoldkitError(f"{solved.name}: this puzzle kind has no window; try 'foldkit build'", EXIT_BAD_INPUT)
    return 0


def run_animate(args: argparse.Namespace) -> int:
    from foldkit.exchange import format_of, write_artifact
    from foldkit.fold.animation import FORMATS, AnimationOptions, animation_bytes, frame_times

    width, height = args.size
    options = AnimationOptions(width=width, height=height, fps=args.fps, seconds=args.seconds, sequence=args.sequence)
    opt.check_animation(len(frame_times(options)), width, height)
    target = _target(args)
    output = args.output
    if output is not None:
        format_of(output, FORMATS)
    fold = target.fold()
    output = Path(output or Path("outputs") / fold.name / "fold.gif")
    data = animation_bytes(fold, output.suffix.lower(), options, None if args.quiet else ProgressBar("rendering"))
    print(f"wrote {write_artifact(output, data)}")
    return 0


def run_build(args: argparse.Namespace) -> int:
    from foldkit.build import build
    from foldkit.fold.animation import AnimationOptions, frame_times
    from foldkit.kinds.base import BuildOptions

    frames = len(frame_times(AnimationOptions(*args.gif_size, args.gif_fps)))
    opt.check_animation(frames, *args.gif_size, "--gif-size or --gif-fps, or --skip fold.gif")
    solved = _target(args).solved()
    options = BuildOptions(paper=args.paper, print_cell_mm=args.print_cell_mm, wall_mm=args.wall_mm,
                           numbers=not args.no_numbers, lid=args.lid, bed_mm=args.bed, cube_mm=args.cube_mm,
                           clearance_mm=args.clearance_mm, gif_size=args.gif_size, gif_fps=args.gif_fps,
                           progress=None if args.quiet else ProgressBar("rendering"))
    folder = Path(args.output) if args.output else Path("outputs") / solved.name
    print(f"{solved.name}: {solved.summary}")
    made = build(solved.makers, solved.subject, folder, options, args.only, raise_if_interrupted, args.skip)
    for written in made:
        print(f"wrote {written.path}")
    if any(w.path.name.startswith("template.") for w in made) and hasattr(solved.subject, "fold"):
        from foldkit.paper.template import TemplateOptions

        _print_template_notes(solved.subject.fold, TemplateOptions(paper=args.paper))
    return 0


def _print_template_notes(fold, options, drawn=None) -> None:
    """The template's advice (tabs or letters smaller than a hand likes) on stderr."""
    from foldkit.paper.template import template_facts

    for warning in template_facts(fold, options, drawn).warnings:
        print(f"foldkit: note: {warning}", file=sys.stderr)


def run_template(args: argparse.Namespace) -> int:
    from foldkit.exchange import format_of, write_artifact
    from foldkit.paper.template import TemplateOptions, template_pdf, template_svg
    from foldkit.paper.template.fit import fitted_marks

    target = _target(args)
    if args.output is not None:
        format_of(args.output, (".pdf", ".svg"))
    fold = target.fold()
    output = Path(args.output) if args.output else Path("outputs") / fold.name / "template.pdf"
    options = TemplateOptions(paper=args.paper, cell_mm=args.cell_mm, letters=not args.no_letters)
    drawn = fitted_marks(fold, options)
    make = template_svg if output.suffix.lower() == ".svg" else template_pdf
    print(f"wrote {write_artifact(output, make(fold, options, drawn))}")
    _print_template_notes(fold, options, drawn)
    return 0


# ---------------------------------------------------------------------------------------------
# Arguments


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit 2, like every other error."""

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"foldkit: error: {self.prog.removeprefix('foldkit ')}: {message}\n")


def _add_target(parser: argparse.ArgumentParser, net: bool = True) -> None:
    parser.add_argument("puzzle", nargs="?",
                        help="puzzle file of any kind (default: the built-in November 2025 puzzle)")
    if net:
        parser.add_argument("--net", metavar="FILE", help="use a net file instead of a puzzle")
        parser.add_argument("--folding", type=opt.number(int, 1, opt.MAX_LIMIT, "a whole number"), metavar="N",
                            help="with --net: which of its foldings to use (1-based, default 1)")


def _add_sequence(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sequence", choices=["staged", "together"], default="staged",
                        help="staged: panels fold leaves first, as a person folds (default); "
                             "together: every hinge at once")


def _add_solve(commands) -> None:
    solve = commands.add_parser("solve", help="solve a puzzle of any kind and prove the solution unique")
    solve.add_argument("puzzle", nargs="?", help="puzzle file (default: the built-in November 2025 puzzle)")
    solve.add_argument("--json", action="store_true", help="print the documented JSON instead of text")
    solve.add_argument("--limit", type=opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), default=None,
                       metavar="N", help="Shut the Box: stop after N layouts (0: no limit; default 10000); "
                                         "grid puzzles: list at most N solutions")
    solve.add_argument("--all", action="store_true", help="packing: count every packing and its symmetry classes")
    solve.add_argument("--seed", type=opt.number(int, 0, 2**63 - 1, "a whole number"), default=None,
                       help="packing: a seed for the search order (same seed, same packing)")
    solve.set_defaults(run=run_solve)


def _add_build(commands) -> None:
    build = commands.add_parser("build", help="solve, then write every artifact into outputs/<name>/")
    _add_target(build)
    build.add_argument("-o", "--output", metavar="DIR", help="output folder (default outputs/<name>)")
    build.add_argument("--print-cell-mm", "--cell-mm", dest="print_cell_mm", default=10.0,
                       type=opt.number(float, 3.0, 100.0, "a size in mm"),
                       help="Shut the Box: cell size of the printed box.stl and net.stl in mm (default 10); "
                            "the paper template always takes the largest cell that fits its page")
    build.add_argument("--wall-mm", type=opt.number(float, 0.01, 100.0, "a size in mm"), default=None,
                       help="Shut the Box: make box.stl hollow with this wall")
    build.add_argument("--no-numbers", action="store_true", help="Shut the Box: leave the raised numbers off box.stl")
    build.add_argument("--bed", type=opt.bed, default=(250.0, 210.0), metavar="WxD",
                       help="Shut the Box: the printer's bed in mm; net.stl is turned to fit it or refused "
                            "(default 250x210)")
    build.add_argument("--lid", action="store_true",
                       help="Shut the Box: box.stl as a hollow tray and a lid that fits on it, side by side "
                            "(wall --wall-mm, default 1.6; gap --clearance-mm)")
    build.add_argument("--cube-mm", type=opt.number(float, 3.0, 100.0, "a size in mm"), default=15.0,
                       help="packing: edge of one unit cube of the printed pieces (default 15)")
    build.add_argument("--clearance-mm", type=opt.number(float, 0.0, 1.0, "a size in mm"), default=0.15,
                       help="packing: taken off each side of a printed piece; Shut the Box with --lid: "
                            "the gap between lid and tray (default 0.15)")
    build.add_argument("--paper", choices=opt.PAPERS, default="a4", help="paper of the printed sheets (default a4)")
    build.add_argument("--only", type=opt.names, metavar="NAMES", default=None,
                       help="make only these artifacts, comma-separated (e.g. template.pdf,box.stl)")
    build.add_argument("--skip", type=opt.names, metavar="NAMES", default=None,
                       help="make every artifact but these, comma-separated (e.g. fold.gif, the slowest)")
    build.add_argument("--gif-size", type=opt.size, default=(640, 480), metavar="WxH",
                       help="fold.gif frame size in pixels (default 640x480; smaller is faster)")
    build.add_argument("--gif-fps", type=opt.number(int, 1, opt.MAX_FPS, "a whole number"), default=20,
                       help=f"fold.gif frames per second, 1 to {opt.MAX_FPS} (default 20)")
    build.add_argument("--quiet", action="store_true", help="no progress bar")
    build.set_defaults(run=run_build)


def _add_fold_commands(commands) -> None:
    show = commands.add_parser("show", help="play the fold (or a packing's assembly) in a PyVista window")
    _add_target(show)
    _add_sequence(show)
    show.set_defaults(run=run_show)

    animate = commands.add_parser("animate", help="render the fold to a GIF or MP4, off-screen")
    _add_target(animate)
    _add_sequence(animate)
    animate.add_argument("-o", "--output", help="output .gif or .mp4 (default outputs/<name>/fold.gif)")
    animate.add_argument("--size", type=opt.size, default=(640, 480), metavar="WxH",
                         help=f"frame size in pixels, each side 16 to {opt.MAX_SIDE_PX} (default 640x480)")
    animate.add_argument("--fps", type=opt.number(int, 1, opt.MAX_FPS, "a whole number"), default=20,
                         help=f"frames per second, 1 to {opt.MAX_FPS} (default 20)")
    animate.add_argument("--seconds", type=opt.number(float, 0.5, opt.MAX_SECONDS, "a number of seconds"),
                         default=6.0, help="length of the fold (default 6)")
    animate.add_argument("--quiet", action="store_true", help="no progress bar")
    animate.set_defaults(run=run_animate)

    template = commands.add_parser("template", help="a printable cut-and-fold PDF (or SVG) template")
    _add_target(template)
    template.add_argument("-o", "--output", help="output .pdf or .svg (default outputs/<name>/template.pdf)")
    template.add_argument("--paper", choices=opt.PAPERS, default="a4", help="paper size (default a4)")
    template.add_argument("--cell-mm", "--paper-cell-mm", dest="cell_mm", default=None,
                          type=opt.number(float, 2.0, 200.0, "a size in mm"),
                          help="paper cell size in mm (default: the largest that fits one page)")
    template.add_argument("--no-letters", action="store_true",
                          help="leave the seam letters off the net's faces (the tabs keep theirs); print "
                               "once with letters to see which edge each tab goes under")
    template.set_defaults(run=run_template)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="foldkit", description="Solve grid and cube puzzles, prove them unique, and make "
                                                "things to hold: templates, animations, 3D prints, sheets.")
    parser.add_argument("--version", action="version", version=VERSION)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)
    _add_solve(commands)
    boxes = commands.add_parser("boxes", help="every box a polyomino (net file) folds into")
    boxes.add_argument("net", help="net file: rows of '#' (cell) and '.'")
    boxes.add_argument("--json", action="store_true", help="print JSON instead of text")
    boxes.set_defaults(run=run_boxes)
    _add_fold_commands(commands)
    _add_build(commands)
    add_generate(commands)
    return parser


def _prefer_offscreen_rendering() -> None:
    """With no screen, VTK should go straight to EGL instead of trying X first and warning."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")


def main(argv: list[str] | None = None) -> int:
    """Run one command; return its exit code. As the program itself (argv None), Ctrl-C always
    ends it with 130 and 'interrupted', whatever a library did with the interrupt."""
    forget_interrupts()
    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        code = _run(argv)
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    if code == EXIT_INTERRUPTED:
        print("foldkit: interrupted", file=sys.stderr)
    if argv is not None:
        signal.signal(signal.SIGINT, previous)
        return code
    # The program: the work is done, so a late Ctrl-C changes nothing; and leave at once, so
    # that an interrupt a library half swallowed cannot turn into a death by SIGINT at exit.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _run(argv: list[str] | None) -> int:
    """The command's exit code; every error a user can act on becomes one line on stderr."""
    try:
        _prefer_offscreen_rendering()
        args = build_parser().parse_args(argv)
        code = args.run(args)
        raise_if_interrupted()
        return code
    except (InputError, FoldkitError) as error:
        print(f"foldkit: error: {error}", file=sys.stderr)
        return getattr(error, "exit_code", EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader (e.g. `head`) closed the pipe: stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception:
        if not interrupted():
            raise
        # Ctrl-C came while a library was importing, and it swallowed the interrupt and left a
        # module half made: whatever fails next is the interrupt's doing, not a bug to report.
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
