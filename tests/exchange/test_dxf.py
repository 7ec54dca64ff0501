"""template.dxf read back with ezdxf, as a laser cutter's software would: its layers, how many
lines of each kind, its size in millimetres, the kerf, and the build option that sets it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections import Counter

import ezdxf
import pytest
from ezdxf import bbox
from shapely import Polygon

from foldkit.cli import main
from foldkit.drawing import Drawing, Group, Label, Line, Rect, label_texts
from foldkit.drawing import Polygon as Outline
from foldkit.exchange import exporter
from foldkit.exchange.dxf import drawing_dxf
from foldkit.fold.subject import Subject
from foldkit.paper.template import TemplateOptions, net_drawing
from foldkit.paper.template.fit import fitted_marks
from foldkit.paper.template.pages import template_dxf
from foldkit.paper.template.paint import outline_rings
from tests.conftest import puzzle_fold

INK = (0.0, 0.0, 0.0)


@pytest.fixture(scope="module")
def sample(examples) -> Subject:
    return puzzle_fold(examples / "nov2025-sample.txt")


def read(data: bytes):
    return ezdxf.read(io.StringIO(data.decode("utf-8")))


def by_layer(document) -> Counter:
    return Counter((entity.dxf.layer, entity.dxftype()) for entity in document.modelspace())


def extents(document, layer: str) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) in mm of a layer's entities."""
    box = bbox.extents(e for e in document.modelspace() if e.dxf.layer == layer)
    return box.extmin.x, box.extmin.y, box.extmax.x, box.extmax.y


def cut_polygons(document) -> list[Polygon]:
    return [Polygon([(x, y) for x, y, *_ in e.get_points()]) for e in document.modelspace()
            if e.dxf.layer == "cut" and e.dxftype() == "LWPOLYLINE"]


def test_the_template_has_its_cut_fold_print_and_text_layers_in_mm(sample):
    options = TemplateOptions()
    geometry, plan, marks = drawn = fitted_marks(sample, options)
    document = read(template_dxf(sample, options, 0.0, drawn))
    assert {"cut", "fold", "print", "text"} <= {layer.dxf.name for layer in document.layers}
    assert document.header["$INSUNITS"] == 4  # millimetres
    counts = by_layer(document)
    assert counts[("cut", "LWPOLYLINE")] == len(outline_rings(geometry.outline))
    assert counts[("fold", "LINE")] == len(marks.folds)
    texts = [e.dxf.text for e in document.modelspace() if e.dxftype() == "TEXT"]
    assert all(e.dxf.layer == "text" for e in document.modelspace() if e.dxftype() == "TEXT")
    assert sorted(texts) == sorted(label_texts(net_drawing(sample, options, drawn))[0])
    # The cut outline is the net with its tabs at the template's cell size, true to the mm.
    x0, y0, x1, y1 = geometry.bounds
    left, bottom, right, top = extents(document, "cut")
    assert right - left == pytest.approx((x1 - x0) * plan.cell_mm, abs=1e-6)
    assert top - bottom == pytest.approx((y1 - y0) * plan.cell_mm, abs=1e-6)
    assert sum(p.area for p in cut_polygons(document)) == pytest.approx(
        sum(Polygon(ring).area for ring in outline_rings(geometry.outline)) * plan.cell_mm**2, rel=1e-9)


def test_the_kerf_moves_the_cut_outward_by_half_its_width_and_nothing_else(sample):
    options = TemplateOptions()
    drawn = fitted_marks(sample, options)
    plain, kerfed = read(template_dxf(sample, options, 0.0, drawn)), read(template_dxf(sample, options, 0.4, drawn))
    left, bottom, right, top = extents(plain, "cut")
    assert extents(kerfed, "cut") == pytest.approx((left - 0.2, bottom - 0.2, right + 0.2, top + 0.2), abs=1e-6)
    assert extents(kerfed, "fold") == extents(plain, "fold")
    assert by_layer(kerfed)[("fold", "LINE")] == by_layer(plain)[("fold", "LINE")]
    # Each line moves by half the kerf (tests/exchange/test_cutter_lines.py checks every point of it).
    assert by_layer(kerfed)[("cut", "LWPOLYLINE")] == by_layer(plain)[("cut", "LWPOLYLINE")]


def test_a_drawing_maps_its_layers_page_y_down_to_dxf_y_up():
    drawing = Drawing((100.0, 50.0), "test", (
        Rect(0, 0, 100, 50, (1, 1, 1), "page"),  # a fill: left out
        Group((Line((10, 10), (30, 10), 0.3, INK, "line", (2.0, 1.0)),), layer="fold"),
        Group((Outline(((10, 20), (40, 20), (40, 40)), None, INK, 0.3, "outline"),
               Label(50, 45, "hello", 10, "Helvetica", INK, "centre", 90)), layer="cut"),
    ))
    document = read(exporter(".dxf")(drawing))
    assert by_layer(document) == Counter({("fold", "LINE"): 1, ("cut", "LWPOLYLINE"): 1, ("text", "TEXT"): 1})
    line = next(e for e in document.modelspace() if e.dxftype() == "LINE")
    assert (line.dxf.start.x, line.dxf.start.y, line.dxf.end.x) == (10, 40, 30)  # y = 50 - 10
    assert line.dxf.linetype == "DASHED"
    text = next(e for e in document.modelspace() if e.dxftype() == "TEXT")
    assert (text.dxf.text, text.dxf.rotation) == ("hello", 90)
    assert text.dxf.align_point.x == 50 and text.dxf.align_point.y == 5
    assert extents(document, "cut")[:2] == (10, 10)


def test_same_input_same_bytes(sample):
    options = TemplateOptions()
    drawn = fitted_marks(sample, options)
    assert template_dxf(sample, options, 0.1, drawn) == template_dxf(sample, options, 0.1, drawn)
    drawing = Drawing((20.0, 20.0), "t", (Line((0, 0), (1, 1), 0.3, INK, "line"),))
    assert drawing_dxf(drawing) == drawing_dxf(drawing)
    assert not ezdxf.options.write_fixed_meta_data_for_testing  # ezdxf's own setting is left as it was


def test_the_same_drawing_gives_the_same_bytes_in_another_process():
    # ezdxf lists the entity types in use in the order of a set, which follows string hashing:
    # two processes with other hash seeds must still write the same file.
    code = ("import sys; from foldkit.drawing import Drawing, Line, Label, Rect; "
            "from foldkit.exchange.dxf import drawing_dxf; "
            "d = Drawing((50.0, 50.0), 't', (Line((0, 0), (9, 9), 0.3, (0, 0, 0), 'cut'), "
            "Label(5, 5, 'A', 4.0, 'Helvetica', (0, 0, 0)), Rect(1, 1, 8, 8, (1, 1, 1), 'face'))); "
            "sys.stdout.buffer.write(drawing_dxf(d))")
    outputs = {subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3", "4")}
    assert len(outputs) == 1


def test_the_build_writes_template_dxf_and_refuses_a_kerf_past_2_mm(tmp_path, examples, capsys):
    folder = tmp_path / "out"
    assert main(["build", str(examples / "nov2025-sample.txt"), "--only", "template.dxf", "--kerf", "0.15",
                 "--quiet", "-o", str(folder)]) == 0
    assert "cut" in {layer.dxf.name for layer in read((folder / "template.dxf").read_bytes()).layers}
    with pytest.raises(SystemExit) as refused:
        main(["build", str(examples / "nov2025-sample.txt"), "--only", "template.dxf", "--kerf", "3",
              "-o", str(tmp_path / "no")])
    assert refused.value.code == 2
    assert "--kerf" in capsys.readouterr().err
    assert not (tmp_path / "no").exists()
