"""Sizing the template for hands: the net's geometry with its glue tabs or tongues (net_geometry),
tabs deep enough to hold and letters big enough to read, and the facts a command line reports
when one page forces them smaller."""

from __future__ import annotations

from dataclasses import dataclass

from foldkit.fold.subject import Subject
from foldkit.paper.page import LARGER_PAPER, paper_name
from foldkit.paper.template.geometry import TAB_DEPTH, NetGeometry, find_seams, net_polygon, place_tabs, tab_shapes
from foldkit.paper.template.layout import PagePlan, TemplateOptions, fitting_cell_mm, plan_pages
from foldkit.paper.template.letters import LETTER_MM
from foldkit.paper.template.marks import Marks, net_marks
from foldkit.paper.template.tongues import place_tongues
from solver.folding import Folding

MIN_TAB_MM = 5.0  # the shallowest glue tab a person folds and glues without fuss
MAX_TAB_DEPTH = 0.75  # cells: deeper tabs on small cells turn into spikes
ROUNDS = 8  # deeper tabs widen the net, which shrinks a fitted cell: a few rounds settle it


@dataclass(frozen=True)
class TemplateFacts:
    """What a template came out as, in mm, with warnings for a person to read (no printing)."""

    paper: str
    cell_mm: float
    pages: int  # pages of the net, without the assembly page
    smallest_tab_mm: float
    smallest_letter_mm: float
    warnings: tuple[str, ...]


def net_geometry(folding: Folding, tab_depth: float = TAB_DEPTH, tabs: str = "glue") -> NetGeometry:
    """The seams of a folding with their labels, and a glue tab for every seam (tabs "both": on
    each of its sides; "slot": a tongue instead), tabs as deep as tab_depth (cells) where they fit,
    shallower where they do not."""
    seams = find_seams(folding)
    net = net_polygon(folding.cells)
    if tabs == "slot":
        return NetGeometry(folding, seams, place_tongues(seams, net, tab_depth))
    return NetGeometry(folding, seams, place_tabs(seams, net, tab_shapes(tab_depth), both=tabs == "both"))


def fitted(folding: Folding, options: TemplateOptions) -> tuple[NetGeometry, PagePlan]:
    """The net's geometry and page plan, with tabs MIN_TAB_MM deep where they fit (and at
    least TAB_DEPTH cells)."""
    depth = _depth_guess(folding, options)
    for _ in range(ROUNDS):
        geometry = net_geometry(folding, depth, options.tabs)
        plan = plan_pages(geometry.bounds, options)
        wanted = min(MAX_TAB_DEPTH, MIN_TAB_MM / plan.cell_mm * 1.001)
        if depth >= wanted:
            break
        depth = wanted
    return geometry, plan


def _depth_guess(folding: Folding, options: TemplateOptions) -> float:
    """The tab depth (cells) for the cell size the net would get with tabs on every side: a
    little deeper than needed, so that placing the tabs once is usually enough."""
    rows, cols = [r for r, _ in folding.cells], [c for _, c in folding.cells]
    depth = TAB_DEPTH
    for _ in range(ROUNDS):
        bounds = (min(cols) - depth, min(rows) - depth, max(cols) + 1 + depth, max(rows) + 1 + depth)
        fitting = fitting_cell_mm(bounds, options.paper, options.cutter)
        cell = options.cell_mm if options.cell_mm is not None else fitting
        wanted = min(MAX_TAB_DEPTH, MIN_TAB_MM / max(cell, 1e-9) * 1.001)
        if depth >= wanted:
            break
        depth = wanted
    return depth


Drawn = tuple[NetGeometry, PagePlan, Marks]  # everything a template draws on its net pages


def fitted_marks(subject: Subject, options: TemplateOptions) -> Drawn:
    """The geometry, page plan and marks of a subject's template."""
    geometry, plan = fitted(subject.folding, options)
    return geometry, plan, net_marks(subject, geometry, plan.cell_mm, options.letters, options.plain, options.card_mm)


def template_facts(subject: Subject, options: TemplateOptions, drawn: Drawn | None = None) -> TemplateFacts:
    """The cell size, page count, smallest tab and letter of a template (drawn: its fitted
    marks, if already made), and what to do when they are smaller than a person handles easily."""
    geometry, plan, marks = drawn or fitted_marks(subject, options)
    tab = min(t.depth for t in geometry.tabs) * plan.cell_mm if geometry.tabs else 0.0
    letter = min((t.size for t in marks.seam_labels), default=0.0) * plan.cell_mm
    warnings = []
    if (geometry.tabs and tab < MIN_TAB_MM - 0.05) or (marks.seam_labels and letter < LETTER_MM - 0.05):
        warnings.append(small_warning(plan, tab, letter, options))
    return TemplateFacts(plan.paper, plan.cell_mm, plan.rows * plan.cols, tab, letter, tuple(warnings))


def small_warning(plan: PagePlan, tab: float, letter: float, options: TemplateOptions) -> str:
    """What is too small, and the options that make it bigger."""
    pages = plan.rows * plan.cols
    where = "one page" if pages == 1 else f"{pages} pages"
    fixes = []
    larger = LARGER_PAPER.get(options.paper.lower())
    if larger:
        fixes.append(f"--paper {larger}")
    fixes.append(f"'foldkit template --paper-cell-mm {plan.cell_mm * 1.4:.0f}' (the net tiled over pages)")
    tabs = "tongues" if options.tabs == "slot" else "glue tabs"
    return (f"cells of {plan.cell_mm:g} mm on {where} of {paper_name(plan.paper)} leave {tabs} as shallow as "
            f"{tab:.1f} mm and seam letters as small as {letter:.1f} mm (easy to handle: tabs of "
            f"{MIN_TAB_MM:g} mm, letters of {LETTER_MM:g} mm); for bigger ones use {' or '.join(fixes)}")
