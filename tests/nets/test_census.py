"""A nets count as a census in parts (foldkit.census, as the packing count): parts merged make the whole
count, a wrong part makes `merge` refuse in one line, and a checkpoint resumed finishes the same count."""

from __future__ import annotations

import json

import pytest

from foldkit import census
from foldkit.cli import main
from foldkit.exchange import write_artifact
from solver.nets import count_nets
from solver.nets.parts import count_part
from solver.nets.plan import make_plan
from solver.nets.search import compiled
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.skipif(not compiled(), reason="a count in parts needs the compiled search")

BOX = "1x1x3"  # 14,978 nets, counted in a few hundredths of a second
NETS = 14_978


@pytest.fixture(scope="module")
def parts(tmp_path_factory) -> list[str]:
    """The three parts of 1x1x3's count, each written as `nets --count --part K/3` prints it."""
    folder = tmp_path_factory.mktemp("parts")
    paths = []
    for k in (1, 2, 3):
        path = folder / f"part{k}.json"
        path.write_text(_printed(["nets", BOX, "--count", "--part", f"{k}/3"]))
        paths.append(str(path))
    return paths


def _printed(argv: list[str]) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


def test_the_parts_merged_are_the_whole_count(parts, capsys):
    assert main(["merge", *parts]) == 0
    assert capsys.readouterr().out.strip() == f"{BOX}: {NETS:,} nets"
    assert sum(json.loads(open(p).read())["totals"]["nets"] for p in parts) == count_nets([(1, 1, 3)])


def test_the_parts_of_two_boxes_add_up_to_their_common_nets():
    plan = make_plan(((1, 1, 5), (1, 2, 3)))
    assert sum(count_part(plan, k, 2)[0] for k in range(2)) == 2263


def _refused(argv: list[str], capsys, words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err, err


def test_a_part_edited_missing_twice_or_of_other_boxes_is_refused(parts, tmp_path, capsys):
    edited = json.loads(open(parts[0]).read())
    edited["totals"]["nets"] += 1
    (tmp_path / "edited.json").write_text(json.dumps(edited))
    _refused(["merge", str(tmp_path / "edited.json"), *parts[1:]], capsys, "digest does not match")
    _refused(["merge", *parts[:2]], capsys, "parts missing: 3 of 3")
    _refused(["merge", *parts, parts[2]], capsys, "more than once")
    (tmp_path / "other.json").write_text(_printed(["nets", "1x1x2", "--count", "--part", "3/3"]))
    _refused(["merge", *parts[:2], str(tmp_path / "other.json")], capsys, "another count")
    resealed = census.sealed({**edited, "boxes": [[1, 1, 2]]})  # boxes changed, digest made again
    (tmp_path / "resealed.json").write_text(json.dumps(resealed))
    _refused(["merge", str(tmp_path / "resealed.json"), *parts[1:]], capsys, "not that of its boxes")


def test_merge_goes_to_the_kind_of_the_first_part_and_that_kind_refuses_the_other_kinds(parts, tmp_path, capsys):
    """`merge` is each counting kind's own command, chosen by the first part's schema: nets parts and a
    packing part in one merge are refused in one line, whichever comes first."""
    packing = tmp_path / "soma-part.json"
    packing.write_text(_printed(["solve", str(EXAMPLES / "soma.txt"), "--all", "--part", "1/2"]))
    _refused(["merge", *parts, str(packing)], capsys, "not the JSON of a part (foldkit.nets-part/1)")
    _refused(["merge", str(packing), *parts], capsys, "not the JSON of a part (foldkit.packing-part/2)")


def test_a_checkpoint_resumed_after_losing_parts_finishes_the_same_count(tmp_path, capsys):
    checkpoint = tmp_path / "count.json"
    assert main(["nets", BOX, "--count", "--checkpoint", str(checkpoint)]) == 0
    assert capsys.readouterr().out.strip() == f"{BOX}: {NETS:,} nets"
    whole = json.loads(checkpoint.read_text())
    assert len(whole["done"]) == whole["parts"]
    whole["done"] = whole["done"][::3]  # as if killed with a third of the parts written (by foldkit)
    write_artifact(checkpoint, json.dumps(whole).encode(), force=True)
    assert main(["nets", BOX, "--count", "--resume", str(checkpoint)]) == 0
    assert capsys.readouterr().out.strip() == f"{BOX}: {NETS:,} nets"
    assert len(json.loads(checkpoint.read_text())["done"]) == whole["parts"]
    _refused(["nets", BOX, "--count", "--checkpoint", str(checkpoint)], capsys, "already there")
    _refused(["nets", "1x1x2", "--count", "--resume", str(checkpoint)], capsys, "another count")


def test_parts_and_checkpoints_go_with_a_whole_count_only(capsys):
    _refused(["nets", BOX, "--part", "1/2"], capsys, "give it with --count")
    _refused(["nets", BOX, "--count", "--part", "1/2", "--checkpoint", "x.json"], capsys, "one part's JSON")
    _refused(["nets", "1x1x1", "1x1x2", "--count", "--part", "1/2"], capsys, "different surface areas")
