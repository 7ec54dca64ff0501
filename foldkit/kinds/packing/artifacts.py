"""The artifacts of a solved packing: the solution files, the assembly instructions (PDF),
the assembly as a GIF and an animated glTF, and the pieces to print (STL). The assembly order
and colours are planned once per build (``Packed``) and shared by every maker.

This module is loaded when a build or a command makes them (``foldkit solve`` does not pay for
it); the printed pieces' meshes (trimesh: half a second of import) load when they are made."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from foldkit import options as opt
from foldkit.assembly.colours import piece_colour
from foldkit.assembly.file_names import TRAY_FILE
from foldkit.assembly.gif import GifOptions, assembly_film
from foldkit.assembly.gif import assembly_gif as gif_of
from foldkit.assembly.glb import assembly_glb as glb_of
from foldkit.assembly.window import show_assembly
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange.pdf import drawing_pdf
from foldkit.exchange.threemf import Body, threemf_bytes
from foldkit.exchange.video import video_bytes
from foldkit.kinds.base import Made, lazy_module
from foldkit.kinds.packing import PackingBuildOptions
from foldkit.paper.instructions import assembly_pdf as pdf_of
from foldkit.paper.packing_steps import packing_steps_document
from foldkit.paper.pieces_sheet import PaperPiece, nested_pieces, pieces_document
from solver.packing.assembly import plan_assembly

if TYPE_CHECKING:
    from foldkit.assembly import stl
    from foldkit.paper.pieces_sheet import Nested
    from solver.packing.assembly import Assembly, BoxSides, Placed
else:
    stl = lazy_module("foldkit.assembly.stl")  # trimesh: loaded when the pieces are printed


@dataclass(frozen=True)
class Packed:
    """A packing ready for its artifacts: the solver's report and the assembly plan."""

    report: Any  # solver.packing.PackingReport, with a packing
    plan: Assembly

    @property
    def box(self) -> BoxSides:
        return self.report.puzzle.box

    @property
    def packing(self) -> Sequence[Placed]:
        return self.report.packing

    @property
    def title(self) -> str:
        return self.report.puzzle.name


def packed(report: Any, options: object = None) -> Packed:
    """The packing of a report with its assembly order and colours planned."""
    return Packed(report, plan_assembly(report.puzzle.box, report.packing))


def _prints(options: PackingBuildOptions):
    return stl.PrintOptions(cube_mm=options.cube_mm, clearance_mm=options.clearance_mm, bed_mm=options.bed_mm)


def assembly_pdf(subject: Packed, options: PackingBuildOptions) -> bytes:
    return pdf_of(subject.box, subject.packing, subject.plan, title=subject.title, paper=options.paper)


def fold_steps_pdf(subject: Packed, options: PackingBuildOptions) -> bytes:
    return drawing_pdf(packing_steps_document(subject.box, subject.packing, subject.plan, subject.title, options.paper))


def assembly_gif(subject: Packed, options: PackingBuildOptions) -> bytes:
    width, height = options.gif_size
    return assembly_video(subject, ".gif", width, height, options.gif_fps)


def assembly_video(subject: Packed, suffix: str, width: int, height: int, fps: int) -> bytes:
    """The assembly, piece by piece, as a .gif or .mp4 of frames of this size and rate."""
    plan = subject.plan
    step = GifOptions()
    most = step.hold_frames + len(plan.order) * (step.drop_frames + step.hold_frames + 2 * step.turn_frames) \
        + step.end_frames  # the frames are drawn one by one, but each takes time: bound them first
    if most > opt.MAX_FRAMES:
        raise FoldkitError(f"the assembly of {len(plan.order)} pieces would take {most} frames, more than "
                           f"{opt.MAX_FRAMES}: --skip assembly.gif (assembly.pdf shows every step)", EXIT_BAD_INPUT)
    opt.check_animation(most, width, height, "--gif-size, or --skip assembly.gif")
    film = assembly_film(subject.box, subject.packing, plan, GifOptions(width, height, fps))
    return video_bytes(film, fps, suffix)


def assembly_glb(subject: Packed, options: PackingBuildOptions) -> bytes:
    return glb_of(subject.box, subject.packing, subject.plan, options.cube_mm, subject.title)


TOO_BIG = "lower --cube-mm or give a larger --bed"  # when a piece is larger than the bed


def print_files(subject: Packed, options: PackingBuildOptions) -> Made:
    """pieces.stl (or pieces-1.stl, pieces-2.stl, ... when one bed is not enough), one
    piece-NAME.stl per shape, and box.stl, an open tray that holds the packed cube."""
    prints = _checked_prints(options)
    try:
        return Made(stl.print_stls(subject.box, subject.packing, prints))
    except ValueError as error:  # a piece larger than the bed: say which options to change
        raise FoldkitError(f"{error}: {TOO_BIG}", EXIT_BAD_INPUT) from None


def print_file_names(subject: Packed, options: PackingBuildOptions) -> list[str]:
    return [*_beds(subject, options), *stl.shape_file_names(subject.packing), TRAY_FILE]



def _checked_prints(options: PackingBuildOptions):
    prints = _prints(options)
    try:
        prints.check()
    except ValueError as error:
        raise FoldkitError(str(error).replace("cube_mm", "--cube-mm").replace("clearance_mm", "--clearance-mm"),
                           EXIT_BAD_INPUT) from None
    return prints


def _beds(subject: Packed, options: PackingBuildOptions) -> dict[str, list]:
    """The pieces on each bed by the bed's STL file name (see foldkit.assembly.stl.bed_pieces)."""
    try:
        return stl.bed_pieces(subject.packing, _checked_prints(options))
    except ValueError as error:
        raise FoldkitError(f"{error}: {TOO_BIG}", EXIT_BAD_INPUT) from None


def pieces_3mf(subject: Packed, options: PackingBuildOptions) -> Made:
    """pieces.3mf (pieces-1.3mf, ... as pieces.stl is split over beds): the same beds, each piece
    an object of its own in its assembly colour."""
    colours = subject.plan.colours
    return Made({name.replace(".stl", ".3mf"): threemf_bytes(
        [Body(f"piece {i + 1} ({subject.packing[i].piece})", mesh, piece_colour(colours[i])) for i, mesh in parts])
        for name, parts in _beds(subject, options).items()})


def pieces_3mf_names(subject: Packed, options: PackingBuildOptions) -> list[str]:
    return [name.replace(".stl", ".3mf") for name in _beds(subject, options)]



def pieces_paper_pdf(subject: Packed, options: PackingBuildOptions) -> bytes:
    """Every piece's net in its colour, to cut from card and fold, nested on as few sheets as found."""
    return drawing_pdf(pieces_document(nested_paper_pieces(subject, options.paper, options.piece_cell_mm),
                                       subject.title))


def nested_paper_pieces(subject: Packed, paper: str, cell_mm: float) -> Nested:
    """Every piece of the packing, numbered and coloured as the assembly shows it, its net nested on sheets."""
    colours = subject.plan.colours
    pieces = [PaperPiece(i + 1, placed.piece, frozenset(placed.cubes), piece_colour(colours[i]))
              for i, placed in enumerate(subject.packing)]
    try:
        return nested_pieces(pieces, paper, cell_mm)
    except ValueError as error:  # a net larger than the paper
        raise FoldkitError(f"{error}: lower --piece-cell-mm or give a larger --paper", EXIT_BAD_INPUT) from None


def piece_fold_video(subject: Packed, number: int, suffix: str, size: tuple[int, int], fps: int) -> tuple[bytes, str]:
    """Piece number's net (1-based), as pieces-paper.pdf prints it on the default paper and cell size, folding
    into its piece, as .gif or .mp4 bytes, and a line saying whether its fold closes (checked)."""
    from foldkit.fold.piece_fold import check_piece_fold
    from foldkit.fold.piece_fold import piece_fold_video as film

    if not 1 <= number <= len(subject.packing):
        raise FoldkitError(f"--piece {number}: the packing has pieces 1 to {len(subject.packing)}", EXIT_BAD_INPUT)
    nested = nested_paper_pieces(subject, PackingBuildOptions.paper, PackingBuildOptions.piece_cell_mm)
    piece, net = nested.pieces[number - 1], nested.chosen(number - 1).net
    check, squares = check_piece_fold(net), len(net.cells)
    clash = check.collision
    verdict = (f"the fold closes: no two of its {squares} squares pass through each other ({check.pairs} pairs "
               f"followed, {check.looks} looks)" if clash is None else
               f"the fold does not close: the squares at net cells {_cell(clash.first)} and {_cell(clash.second)} "
               f"meet at t = {clash.t:.3f}")
    caption = f"piece {piece.number} ({piece.name})"
    return film(net, piece.colour, caption, suffix, size, fps), f"piece {number} ({piece.name}): {verdict}"


def _cell(cell: tuple[int, int]) -> str:
    """A net cell as a person reads it: (row, column) from 1."""
    return f"({cell[0] + 1}, {cell[1] + 1})"


def show(subject: Packed) -> None:
    show_assembly(subject.box, subject.packing, subject.plan, title=subject.title)


def assembly_artifacts(box: BoxSides, packing: Sequence[Placed], title: str = "assembly", paper: str = "a4",
                       prints=None, gif=None) -> dict[str, bytes]:
    """Every assembly artifact of a packing at once (outside a build): file name -> bytes."""
    prints, gif = prints or stl.PrintOptions(), gif or GifOptions()
    plan = plan_assembly(box, packing)
    return {
        "assembly.pdf": pdf_of(box, packing, plan, title=title, paper=paper),
        "assembly.gif": gif_of(box, packing, plan, gif),
        "assembly.glb": glb_of(box, packing, plan, prints.cube_mm, title),
        **stl.print_stls(box, packing, prints),
    }
