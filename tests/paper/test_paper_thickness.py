"""--paper-mm T: a card's thickness allowed for. Each tab's fold moves T into its panel (with a
relief cut of length T at each end), so that the panel the tab hangs from stops one thickness
short of the box's corner, where the other panel's cut edge covers it; the box then measures true.
The arithmetic, for a 0.3 mm card: the tabbed cell prints c - 0.3 mm across, the other panel's
wall adds 0.3 mm, so the box measures c; a crisp 90-degree crease adds (2 - pi/2) x 0.3 = 0.13 mm;
true within 0.5 mm. Without the move it would measure c + 0.43 mm across a seam and c + 0.13 mm
across a crease: 0.3 mm out of square."""

from __future__ import annotations

import math

import pytest
from shapely import LineString, Point

from foldkit.cli import main
from foldkit.paper.template import TemplateOptions
from foldkit.paper.template.fit import fitted_marks
from tests.conftest import EXAMPLES, example_fold

CARD_MM = 0.3
CREASE_MM = (2 - math.pi / 2) * CARD_MM  # what a crisp fold of the card adds to a box's outer size


@pytest.mark.parametrize("name", ["nov2025-sample", "nov2025", "two-boxes 2"])
def test_each_tab_fold_moves_one_card_thickness_into_its_panel_and_the_box_measures_true(name):
    fold = example_fold(name)
    geometry, plan, marks = fitted_marks(fold, TemplateOptions(paper_mm=CARD_MM))
    cell = plan.cell_mm
    _, _, bare = fitted_marks(fold, TemplateOptions())
    moved = marks.folds[-len(geometry.tabs):]
    assert marks.folds[:-len(geometry.tabs)] == bare.folds[:-len(geometry.tabs)]  # the creases stay
    assert len(marks.reliefs) == 2 * len(geometry.tabs) and not bare.reliefs
    for tab, line in zip(geometry.tabs, moved, strict=True):
        edge, printed = LineString(tab.fold), LineString(line)
        assert printed.length == pytest.approx(edge.length)
        assert edge.distance(printed) * cell == pytest.approx(CARD_MM)  # parallel, one thickness in
        assert geometry.net.buffer(1e-9).contains(printed)  # on the panel's side, not the tab's
        # The cell at the tab's edge prints c - T across up to the moved fold; the other panel's wall adds T.
        (x0, y0), (x1, y1) = tab.fold
        far = Point((x0 + x1) / 2, (y0 + y1) / 2).buffer(1e-9)  # the edge's middle ...
        span = (1 - far.distance(printed)) * cell  # ... to the cell's far side, past the moved fold
        box = span + CARD_MM + CREASE_MM
        assert span == pytest.approx(cell - CARD_MM)
        assert abs(box - cell) <= 0.5 and abs(box - cell) == pytest.approx(CREASE_MM)
    for (a, b) in marks.reliefs:
        assert math.dist(a, b) * cell == pytest.approx(CARD_MM)


def test_a_thickness_out_of_range_is_refused_in_one_line(tmp_path, capsys):
    for value in ("0", "0.7", "thick"):
        with pytest.raises(SystemExit) as refused:
            main(["build", str(EXAMPLES / "nov2025-sample.txt"), "--only", "template.pdf", "--paper-mm", value,
                  "-o", str(tmp_path / "no")])
        error = capsys.readouterr().err.strip()
        assert refused.value.code == 2 and "--paper-mm" in error and len(error.splitlines()) == 1
    assert not (tmp_path / "no").exists()
