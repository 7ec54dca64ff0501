"""A count of every packing cut into parts: the same counts and classes however the tree is cut, run in
one process or several, and the parts' JSON merged back into the whole run's report."""

from __future__ import annotations

import json
from array import array

import pytest

from foldkit import census as census_files
from foldkit.kinds.packing import part_records
from foldkit.kinds.packing.parallel import counter
from solver.packing import census, make_packing, parse_packing, solve, symmetry
from solver.packing.engine import Counting, compiled
from solver.packing.parts import count_part, merge, plan_of
from solver.packing.solve import as_packing, census_of
from solver.packing.tasks import search_tasks
from tests.conftest import EXAMPLES, run_foldkit


def example(name: str):
    return parse_packing((EXAMPLES / f"{name}.txt").read_text(), f"{name}.txt", name)


@pytest.mark.parametrize("name", ["soma", "mixed-2x3x4", "scott-pentominoes"])
@pytest.mark.parametrize("parts", [1, 2, 3, 7, 40])
def test_the_parts_add_up_to_the_whole_count(name, parts):
    puzzle = example(name)
    whole = census(puzzle)
    plan = plan_of(puzzle)
    tallies = [count_part(plan, k, parts) for k in range(parts)]
    assert sum(len(plan.part_tasks(k, parts)) for k in range(parts)) == len(plan.split(parts)[0])
    merged = census_of(plan, merge(tallies))
    assert (merged.packings, merged.classes) == (whole.packings, whole.classes)
    assert merged.representatives == whole.representatives  # one per class, the same canonical ones
    assert len(merged.representatives) == whole.classes


def test_parts_split_the_tree_and_do_not_repeat_it():
    """Cut into parts, the packings found are each found once: the parts' unweighted finds add up to the
    whole search's, and more than one part finds some."""
    plan = plan_of(example("mixed-2x3x4"))
    tallies = [count_part(plan, k, 5) for k in range(5)]
    whole = count_part(plan, 0, 1)
    assert sum(t.found for t in tallies) == whole.found
    assert sum(1 for t in tallies if t.found) > 1


@pytest.mark.parametrize(("jobs", "parts"), [(1, None), (2, None), (3, None), (2, 5), (3, 64)])
def test_every_number_of_processes_counts_the_same(jobs, parts):
    puzzle = example("scott-pentominoes")
    seen = []
    report = solve(puzzle, every=True, counter=counter(puzzle, None, jobs, report=lambda *a: seen.append(a),
                                                       parts=parts))
    assert (report.packings, report.classes, report.symmetries) == (520, 65, 8)
    assert len(report.representatives) == 65
    total = seen[-1][1]
    assert [done for done, _, _ in seen] == list(range(total + 1)) and seen[-1][2] == 520


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_limit_stops_the_parts_and_says_so(jobs):
    """The parts of soma's count have a few hundred packings each: the limit stops the count once the
    parts done have reached it, however few each part has."""
    puzzle = example("soma")
    report = solve(puzzle, every=True, limit=1000, counter=counter(puzzle, None, jobs, parts=40))
    assert report.limited and 1000 <= report.packings < 11520
    # A limit above the count does not stop it. (A limit equal to it may: when the last packing comes
    # while a part with none is still running, the count cannot know that no more will come.)
    whole = solve(puzzle, every=True, limit=11521, counter=counter(puzzle, None, jobs, parts=40))
    assert not whole.limited and (whole.packings, whole.classes) == (11520, 240)


@pytest.mark.parametrize("flag", [[], ["--json"]])
def test_parts_merged_print_what_the_whole_run_prints(capsys, tmp_path, flag):
    puzzle = str(EXAMPLES / "scott-pentominoes.txt")
    code, whole, _ = run_foldkit(capsys, "solve", puzzle, "--all", "--jobs", "2", *flag)
    assert code == 0 and "65" in whole
    paths = []
    for k in (3, 1, 4, 2):
        code, out, _ = run_foldkit(capsys, "solve", puzzle, "--all", "--part", f"{k}/4")
        assert code == 0 and json.loads(out)["part"] == k
        paths.append(tmp_path / f"part{k}.json")
        paths[-1].write_text(out)
    code, merged, err = run_foldkit(capsys, "merge", *map(str, paths), *flag)
    assert (code, err) == (0, "")
    assert merged == whole


@pytest.fixture
def parts(capsys, tmp_path):
    """The two part files of soma's count."""
    paths = []
    for k in (1, 2):
        code, out, _ = run_foldkit(capsys, "solve", str(EXAMPLES / "soma.txt"), "--all", "--part", f"{k}/2")
        paths.append(tmp_path / f"p{k}.json")
        paths[-1].write_text(out)
    return paths


def forged(path, **changes):
    """The part edited by someone who knows to make its count digest and its seal again."""
    data = json.loads(path.read_text())
    data.update(changes)
    data["count"] = part_records._count(data["puzzle"], data["seed"], data["table"])
    path.write_text(json.dumps(census_files.sealed(data)))
    return path


@pytest.mark.parametrize(("make", "message"), [
    (lambda p: [p[0]], "parts missing: 2 of 2"),
    (lambda p: [p[0], p[0], p[1]], "part 1 of 2 is given more than once"),
    (lambda p: [p[0], forged(p[1], seed=7)], "a part of another count"),
    (lambda p: [forged(p[0], table="0" * 16), forged(p[1], table="0" * 16)], "numbers the placements otherwise"),
    (lambda p: [forged(p[0], schema="foldkit.packing/1"), p[1]], "not the JSON of a part"),
    (lambda p: [forged(p[0], totals="many"), p[1]], "fields missing or of the wrong type"),
    (lambda p: [forged(p[0], part=3), p[1]], "part 3 of 2 does not exist"),
])
def test_merge_refuses_what_is_not_a_whole_count(capsys, parts, make, message):
    code, out, err = run_foldkit(capsys, "merge", *map(str, make(parts)))
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1


def test_merge_refuses_a_file_that_is_not_json(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{\n  oops")
    code, _, err = run_foldkit(capsys, "merge", str(bad))
    assert code == 2 and f"{bad}:2:3: not JSON" in err


@pytest.mark.parametrize(("argv", "message"), [
    (["--part", "1/2"], "--part divides the count of every packing: give it with --all"),
    (["--jobs", "2"], "--jobs divides the count"),
    (["--all", "--part", "0/2"], "expected K/N"),
    (["--all", "--part", "2"], "expected K/N"),
    (["--all", "--jobs", "0"], "must be between 1 and 1024"),
    (["--all", "--part", "1/2", "--cluster", "tcp://127.0.0.1:1"], "give one of them"),
])
def test_bad_counting_options_are_one_line_errors(capsys, argv, message):
    code, out, err = run_foldkit(capsys, "solve", str(EXAMPLES / "soma.txt"), *argv)
    assert code == 2 and message in err and len(err.splitlines()) == 1


def test_a_part_makes_nothing_to_build(capsys, tmp_path):
    code, _, err = run_foldkit(capsys, "build", EXAMPLES / "soma.txt", "--all", "--part", "1/2", "-o", tmp_path)
    assert code == 2 and "--all is an option of 'solve'" in err and not any(tmp_path.iterdir())


@pytest.mark.parametrize("name", ["soma.txt", "l-tricubes.txt", "scott-pentominoes.txt"])
def test_classes_are_named_alike_in_c_in_plain_python_and_in_numpy(monkeypatch, name):
    """The compiled core names the classes; without it, a few rows are named in plain Python and many with
    numpy: the same forms, in the same order, and the representatives are the packings of those forms, as
    make_packing orders them."""
    plan = plan_of(parse_packing((EXAMPLES / name).read_text(), name), None)
    found = search_tasks(plan.table, list(plan.split(1)[0]), "auto", 1, Counting(0, 10_000, plan.group))
    group = list(plan.group)
    assert compiled() and len(found.rows) * len(group) > 0
    by_c = symmetry.classes(found.rows, group)
    monkeypatch.setattr(symmetry, "core_module", lambda cells=0: None)
    by_python = symmetry.classes(found.rows, group)
    monkeypatch.setattr(symmetry, "FEW_IMAGES", 0)
    assert symmetry.classes(found.rows, group) == by_python == by_c
    assert len(by_python) == census(plan.table.puzzle).classes
    made: dict = {}
    for form in by_python:
        packing = as_packing(plan.table, form, made)
        assert packing == make_packing(packing) and len(packing) == len(form)
        assert {placement.cubes for placement in packing} == {plan.table.placement_cubes(p) for p in form}


def test_the_compiled_forms_refuse_rows_and_groups_that_do_not_fit():
    from solver.packing import _core

    ids = array("i", [0, 1, 2, 3]).tobytes()
    assert array("i", _core.forms(ids, 2, array("i", [0, 1, 2, 3, 2, 3, 0, 1]).tobytes(), 4)) == \
        array("i", [0, 1, 0, 1])  # the swap maps (2, 3) to (0, 1), which comes first
    for rows, width, group in [(ids, 3, ids), (array("i", [0, 9]).tobytes(), 2, ids), (ids, 2, b"")]:
        with pytest.raises(ValueError, match="do not fit"):
            _core.forms(rows, width, group, 4)


def test_the_compiled_forms_are_the_least_sorted_images_of_random_rows():
    """_core.forms sorts only the images whose least id could begin a smaller form: the forms are still numpy's
    (canonical_forms, every image sorted), for rows and groups of every shape, ties on the least id among them."""
    import random

    from solver.packing import _core

    chance = random.Random(38)
    for _ in range(300):
        nplacements, width, ngroup = chance.randint(2, 12), chance.randint(1, 5), chance.randint(1, 6)
        width = min(width, nplacements)
        group = [list(range(nplacements))] + [chance.sample(range(nplacements), nplacements) for _ in range(ngroup - 1)]
        rows = [tuple(chance.sample(range(nplacements), width)) for _ in range(chance.randint(1, 8))]
        flat = array("i", [p for row in rows for p in row]).tobytes()
        forms = array("i", _core.forms(flat, width, array("i", [i for g in group for i in g]).tobytes(), nplacements))
        assert [tuple(forms[i:i + width]) for i in range(0, len(forms), width)] == \
            [tuple(int(p) for p in form) for form in symmetry.canonical_forms(rows, group)]


@pytest.mark.parametrize("name", ["soma.txt", "scott-pentominoes.txt", "bedlam.txt", "mixed-2x3x4.txt"])
def test_symmetries_composed_from_a_few_map_each_placement_as_its_cells_say(name):
    """placement_permutations maps a few generators cell by cell and composes the rest: every one of them is
    the permutation that mapping each placement's cells (and renaming its piece) gives."""
    table = plan_of(parse_packing((EXAMPLES / name).read_text(), name), None).table
    cells = symmetry.cell_permutations(table)
    index = {piece.name: kind for kind, piece in enumerate(table.puzzle.pieces)}
    renamings = [renaming for _, renaming in symmetry.box_symmetries(table.puzzle)]
    for moved, renaming, image in zip(cells, renamings, symmetry.placement_permutations(table, cells), strict=True):
        for p, q in enumerate(image):
            assert table.placement_piece[q] == index[renaming[table.puzzle.pieces[table.placement_piece[p]].name]]
            assert set(table.placement_cells[q]) == {moved[cell] for cell in table.placement_cells[p]}
