"""The template's pages: the net at true scale on one page or tiled over several, then the
assembly page; one document, written as PDF. The net's own page (``net_drawing``) is what each
tile shows through its window, and what the SVG shows whole. Same input, same bytes."""

from __future__ import annotations

import numpy as np

from foldkit.drawing import Circle, Document, Drawing, Group, Rect
from foldkit.exchange.pdf import drawing_pdf, text_width
from foldkit.exchange.svg import drawing_svg
from foldkit.fold.subject import Subject
from foldkit.look import INK, box_text
from foldkit.paper.page import BOLD, MARGIN_MM, REGULAR, SOFT_INK, Sheet, Stroke, draw_header, paper_name, paper_size
from foldkit.paper.template.assembly import draw_assembly_page
from foldkit.paper.template.cutter import LAYER_COLOURS, cutter_drawing, machine_lines
from foldkit.paper.template.fit import Drawn, fitted_marks
from foldkit.paper.template.layout import OVERLAP_MM, PagePlan, TemplateOptions, Tile
from foldkit.paper.template.marks import sums_text, title_text
from foldkit.paper.template.paint import CUT_PEN, FLAT_PEN, FOLD_PEN, NET_MARGIN_MM, TAB_FILL, NetPen, net_drawing
from foldkit.paper.template.registration import on_marked_page

SCALE_BAR_MM = 50.0
# The folds' direction, as the legend says it: the printed side out, or in for a plain box.
FOLD_WAY = {False: "fold away from you: the printed side ends up outside",
            True: "fold towards you: the printed side ends up inside"}
TRIM = Stroke(SOFT_INK, 0.2, (0.5, 0.8))
# The legend's samples of a glue tab and of a tongue (see tongues.tongue_polygon), page mm from the line's left end.
LEGEND_TAB = [(0, 0), (1.5, -2.5), (6.5, -2.5), (8, 0)]
LEGEND_TONGUE = [(2.6, 0), (2.6, -1.2), (1.2, -1.2), (1.2, -2.1), (2.6, -3), (5.4, -3), (6.8, -2.1), (6.8, -1.2),
                 (5.4, -1.2), (5.4, 0)]
STRIP: tuple[float, float, float] = (0.5, 0.5, 0.5)  # the overlap strips, printed see-through
STRIP_OPACITY = 0.12


# ---------------------------------------------------------------------------------------------
# The document


def template_document(subject: Subject, options: TemplateOptions, drawn: Drawn | None = None) -> Document:
    """The template's pages: the net's, then the assembly page (drawn: the fitted marks, if
    already made); with a cutter, each laid out inside its marks, the net's page with the marks."""
    drawn = drawn or fitted_marks(subject, options)
    geometry, plan, _ = drawn
    net = net_drawing(subject, options, drawn)
    title = title_text(subject, options.plain)
    tiles = plan.tiles
    pages = []
    for number, tile in enumerate(tiles, 1):
        sheet = Sheet(plan.size)
        draw_net_page(sheet, subject, net, plan, tile, (number, len(tiles) + 1), options)
        pages.append(sheet.drawing(title))
    sheet = Sheet(plan.size)  # the assembly page turned the same way as the net's, so the PDF prints in one orientation
    draw_assembly_page(sheet, subject, geometry, plan.size, (len(tiles) + 1, len(tiles) + 1), options.plain,
                       options.tabs)
    pages.append(sheet.drawing(title))
    if options.cutter:
        paper = paper_page(plan)
        pages = [on_marked_page(options.cutter, paper, page, marks=k < len(tiles)) for k, page in enumerate(pages)]
    return Document(title, tuple(pages), f"box {box_text(subject.folding.box)}")


def paper_page(plan: PagePlan) -> tuple[float, float]:
    """The paper's size, turned as the plan's pages are."""
    width, height = paper_size(plan.paper)
    return (max(width, height), min(width, height)) if plan.landscape else (width, height)


def template_pdf(subject: Subject, options: TemplateOptions, drawn: Drawn | None = None) -> bytes:
    """The template as PDF bytes (see template_document)."""
    return drawing_pdf(template_document(subject, options, drawn))


def template_svg(subject: Subject, options: TemplateOptions, drawn: Drawn | None = None, kerf_mm: float = 0.0) -> bytes:
    """The whole net as SVG bytes, at the cell size the PDF uses, with separate "print", "fold"
    and "cut" layers for cutting machines, cut lines red and folds blue, the cut lines offset
    by half the kerf; with a cutter, the PDF's net page, its marks on a "regmarks" layer (see
    machine_page)."""
    return drawing_svg(machine_page(subject, options, kerf_mm, drawn))


def template_dxf(subject: Subject, options: TemplateOptions, kerf_mm: float = 0.0,
                 drawn: Drawn | None = None) -> bytes:
    """The net for a cutting machine as DXF bytes (see machine_page): layers cut, fold, print,
    text (and regmarks with a cutter), in mm, each in its colour (LAYER_COLOURS)."""
    from foldkit.exchange.dxf import drawing_dxf  # ezdxf loads only when a DXF is written

    aci = {layer: index for layer, (index, _) in LAYER_COLOURS.items()}
    return drawing_dxf(machine_page(subject, options, kerf_mm, drawn), aci)


def machine_page(subject: Subject, options: TemplateOptions, kerf_mm: float = 0.0,
                 drawn: Drawn | None = None) -> Drawing:
    """What a cutting machine takes (see machine_lines): the net's own page, or with a cutter
    the printed net page with its registration marks, where the cut must land."""
    if not options.cutter:
        return cutter_drawing(subject, options, kerf_mm, drawn)
    return machine_lines(template_document(subject, options, drawn).pages[0], kerf_mm)


def draw_net_page(sheet: Sheet, subject: Subject, net: Drawing, plan: PagePlan, tile: Tile,
                  page: tuple[int, int], options: TemplateOptions) -> None:
    """One page of the net: its header, the part of the net's own page that falls in this tile,
    the tiling marks and the footer."""
    place = f"page {page[0]} of {page[1]}"
    if plan.rows * plan.cols > 1:
        place += f" (row {tile.row + 1}, column {tile.col + 1} of the net)"
    right = f"{place} · cell {plan.cell_mm:g} mm · {paper_name(plan.paper)}"
    draw_header(sheet, title_text(subject, options.plain), right, plan.size[0])
    x, y = plan.page_point(tile, plan.bounds[:2])  # where the net's corner lands on this page
    shift = (1.0, 0.0, 0.0, 1.0, x - NET_MARGIN_MM, y - NET_MARGIN_MM)
    sheet.add(Group(net.shapes, clip=plan.content, transform=shift))
    if plan.rows * plan.cols > 1:
        draw_tiling(sheet, plan, tile)
    draw_footer(sheet, subject, plan.size, options)


# ---------------------------------------------------------------------------------------------
# Tiling marks


def draw_tiling(sheet: Sheet, plan: PagePlan, tile: Tile) -> None:
    """Overlap strips towards the next pages, alignment marks in every strip, and notes saying
    which page joins where."""
    x, y, w, h = plan.content
    page_of = {(t.row, t.col): n for n, t in enumerate(plan.tiles, 1)}
    right, below = page_of.get((tile.row, tile.col + 1)), page_of.get((tile.row + 1, tile.col))
    left, above = page_of.get((tile.row, tile.col - 1)), page_of.get((tile.row - 1, tile.col))
    if right:
        sheet.add(Rect(x + w - OVERLAP_MM, y, OVERLAP_MM, h, STRIP, "overlap", STRIP_OPACITY))
    if below:
        sheet.add(Rect(x, y + h - OVERLAP_MM, w, OVERLAP_MM, STRIP, "overlap", STRIP_OPACITY))
    for mx, my in alignment_marks(plan, tile):
        draw_target(sheet, mx, my)
    under = "grey strip: lay page {} over it, matching the ⊕ marks"
    over = "trim along the dotted line and lay this page over page {}"
    notes = [(right, under, (x + w + 3, y + h / 2, 90)), (below, under, (x + w / 2, y + h + 3, 0)),
             (left, over, (x - 1.5, y + h / 2, 90)), (above, over, (x + w / 2, y - 1.5, 0))]
    for page, note, (nx, ny, angle) in notes:
        if page:
            sheet.text(nx, ny, note.format(page), 6.5, REGULAR, SOFT_INK, "centre", angle)
    if left:
        sheet.line((x, y), (x, y + h), TRIM)
    if above:
        sheet.line((x, y), (x + w, y), TRIM)


def alignment_marks(plan: PagePlan, tile: Tile) -> list[tuple[float, float]]:
    """Page mm of the marks in this tile's overlap strips: the same net spots on both pages."""
    x, y, w, h = plan.content
    step_x, step_y = w - OVERLAP_MM, h - OVERLAP_MM
    out = []
    for col in range(1, plan.cols):  # vertical strips, centred on net x = col * step_x + overlap / 2
        sx = x + col * step_x + OVERLAP_MM / 2 - tile.x
        if x <= sx <= x + w:
            out += [(sx, y + f * h) for f in (0.2, 0.8)]
    for row in range(1, plan.rows):
        sy = y + row * step_y + OVERLAP_MM / 2 - tile.y
        if y <= sy <= y + h:
            out += [(x + f * w, sy) for f in (0.2, 0.8)]
    return out


def draw_target(sheet: Sheet, x: float, y: float) -> None:
    """A registration mark: a circle with a cross, 6 mm across."""
    stroke = Stroke(INK, 0.2)
    sheet.add(Circle((x, y), 2.0, None, stroke.colour, stroke.width, "target"))
    sheet.line((x - 3, y), (x + 3, y), stroke)
    sheet.line((x, y - 3), (x, y + 3), stroke)


# ---------------------------------------------------------------------------------------------
# Footer: legend, sums and the scale bar


def draw_footer(sheet: Sheet, subject: Subject, size: tuple[float, float], options: TemplateOptions) -> None:
    """The legend line, the sums line (none when plain) and the 50 mm scale bar along the
    bottom of a page."""
    width, height = size
    top = height - MARGIN_MM - 16
    draw_legend(sheet, MARGIN_MM, top, options.letters, options.plain, width - 2 * MARGIN_MM, options.tabs == "slot")
    if not options.plain:  # smaller where it would run into the scale bar (a narrow page)
        sums, room = sums_text(subject), width - 2 * MARGIN_MM - SCALE_BAR_MM - 4
        sheet.text(MARGIN_MM, top + 9, sums, min(8.5, 8.5 * room / max(text_width(sums, BOLD, 8.5), 1e-9)), BOLD)
    draw_scale_bar(sheet, width - MARGIN_MM - SCALE_BAR_MM, top + 11)


def draw_legend(sheet: Sheet, x: float, y: float, letters: bool = True, plain: bool = False,
                width: float | None = None, slots: bool = False) -> None:
    """Line samples with what they mean, in one row starting at page mm (x, y), its words smaller
    if need be to fit width mm; which way the folds go says which side of the paper ends up outside;
    slots: the tabs are tongues, each through a slit."""
    where = "the edge with the same letter" if letters else "the edge its letter names on a print with letters"
    entries = [(CUT_PEN, "cut"), (FOLD_PEN, FOLD_WAY[plain]), (FLAT_PEN, "do not fold")]
    closing = f"tongue: under {where}, out through its slit" if slots else f"tab: glue under {where}"
    words = [w for _, w in entries] + [closing]
    samples = 13 * len(entries) + 10  # mm of line samples and gaps, the tab's included
    size = 7.5
    if width is not None:
        size = min(size, 7.5 * (width - samples) / sum(text_width(w, REGULAR, 7.5) for w in words))
    for stroke, text in entries:
        sheet.line((x, y - 1), (x + 8, y - 1), stroke)
        sheet.text(x + 10, y, text, size)
        x += 13 + text_width(text, REGULAR, size)
    tab = np.array(LEGEND_TONGUE if slots else LEGEND_TAB) + (x, y)
    pen = NetPen(lambda p: p, 1.0)
    pen.polygon(tab, TAB_FILL, CUT_PEN)
    sheet.add(*pen.shapes())
    sheet.text(x + 10, y, words[-1], size)


def draw_scale_bar(sheet: Sheet, x: float, y: float) -> None:
    """A 50 mm bar with ticks every 10 mm, to check the printer did not scale the page."""
    stroke = Stroke(INK, 0.25)
    sheet.line((x, y), (x + SCALE_BAR_MM, y), stroke)
    for k in range(6):
        tick = 2.0 if k in (0, 5) else 1.2
        sheet.line((x + 10 * k, y - tick), (x + 10 * k, y), stroke)
    sheet.text(x + SCALE_BAR_MM / 2, y - 2.5, "50 mm: measure to check the print is not scaled", 6.5,
               align="centre")
