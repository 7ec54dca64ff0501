"""Every artifact at once: the file names, and the fallback order for an interlocked packing."""

from __future__ import annotations

from foldkit.assembly.gif import GifOptions
from foldkit.kinds.packing.artifacts import assembly_artifacts
from solver.packing.assembly import assembly_order, order_problem, plan_assembly
from tests.assembly.packings import hook_over_post, interlocked


def test_plan_uses_the_lowering_order_when_there_is_one():
    box, packing = hook_over_post()
    plan = plan_assembly(box, packing)
    assert plan.lowered and plan.order == assembly_order(box, packing) and plan.note == ""
    assert plan.colours[0] != plan.colours[1]


def test_plan_falls_back_and_says_why_for_interlocked_pieces():
    box, packing = interlocked()
    plan = plan_assembly(box, packing)
    assert not plan.lowered and sorted(plan.order) == [0, 1]
    assert "no assembly order" in plan.note
    assert "cannot be lowered" in order_problem(box, packing, plan.order)


def test_every_artifact_by_file_name():
    box, packing = interlocked()  # the makers draw a fallback order too
    files = assembly_artifacts(box, packing, title="interlocked", gif=GifOptions(width=80, height=80))
    assert set(files) == {"assembly.pdf", "assembly.gif", "assembly.glb", "pieces.stl", "piece-S.stl", "box.stl"}
    assert files["assembly.pdf"].startswith(b"%PDF") and files["assembly.gif"].startswith(b"GIF89a")
    assert files["assembly.glb"][:4] == b"glTF"
