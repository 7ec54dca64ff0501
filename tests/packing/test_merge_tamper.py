"""`foldkit merge` cannot be fooled: every part file edited, repeated, missing, foreign, relabelled or
built to hurt the reader is refused with one line naming the file and what is wrong (exit 2), and
nothing is printed on standard output."""

from __future__ import annotations

import json

import pytest

from foldkit import census
from foldkit.cli import main
from foldkit.kinds.packing import part_records
from tests.conftest import EXAMPLES, run_foldkit

SOMA = str(EXAMPLES / "soma.txt")


@pytest.fixture(scope="module")
def part_texts():
    """The JSON of soma's parts 1/2, 2/2, and 1/3, 2/3, 3/3, and of the L-tricubes' 1/2 and 2/2."""
    import io
    from contextlib import redirect_stdout

    texts = {}
    for puzzle, k, n in [(SOMA, 1, 2), (SOMA, 2, 2), (SOMA, 1, 3), (SOMA, 2, 3), (SOMA, 3, 3),
                         (str(EXAMPLES / "l-tricubes.txt"), 1, 2), (str(EXAMPLES / "l-tricubes.txt"), 2, 2)]:
        out = io.StringIO()
        with redirect_stdout(out):
            assert main(["solve", puzzle, "--all", "--part", f"{k}/{n}"]) == 0
        texts[(puzzle.rsplit("/", 1)[-1], k, n)] = out.getvalue()
    return texts


@pytest.fixture
def parts(tmp_path, part_texts):
    """A function: the file of a part (soma's by default), written fresh in tmp_path."""
    def made(k: int, n: int = 2, puzzle: str = "soma.txt", name: str | None = None):
        path = tmp_path / (name or f"{puzzle[:4]}-{k}-of-{n}.json")
        path.write_text(part_texts[(puzzle, k, n)])
        return path
    return made


def edited(path, change):
    """The part with change(data) applied, and nothing else: its seal no longer matches."""
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


def forged(path, change):
    """The part with change(data) applied by someone who also makes its count digest and its seal again:
    only what the merge can check beyond the seal catches it."""
    data = json.loads(path.read_text())
    change(data)
    data["count"] = part_records._count(data["puzzle"], data["seed"], data["table"])
    path.write_text(json.dumps(census.sealed(data)))
    return path


def refused(capsys, paths, *needles: str) -> str:
    code, out, err = run_foldkit(capsys, "merge", *map(str, paths))
    assert (code, out) == (2, ""), err
    assert len(err.splitlines()) == 1 and err.startswith("foldkit: error: "), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, err
    return err


def test_the_untouched_parts_merge(capsys, parts):
    code, out, err = run_foldkit(capsys, "merge", str(parts(1)), str(parts(2)))
    assert (code, err) == (0, "") and "11,520 packings, 240 classes" in out


def plus_one(data):
    data["totals"]["packings"] += 1


@pytest.mark.parametrize(("change", "needle"), [
    (plus_one, "its digest does not match its content"),
    (lambda d: d["totals"].update(stabilisers=d["totals"]["stabilisers"] - 1), "its digest does not match"),
    (lambda d: d.update(parts=1, part=1), "its digest does not match"),  # a part relabelled as the whole
    (lambda d: d["classes"].pop(), "its digest does not match"),
])
def test_an_edited_count_is_refused_by_its_seal(capsys, parts, change, needle):
    first = edited(parts(1), change)
    refused(capsys, [first, parts(2)], str(first), needle)


@pytest.mark.parametrize(("change", "needle"), [
    (lambda d: d["totals"].update(packings=-5), "its total 'packings' is not a whole number >= 0"),
    (lambda d: d["totals"].update(found=True), "its total 'found' is not a whole number >= 0"),
    (lambda d: d["totals"].update(kept=3.0), "a number '3.0' where only whole numbers belong"),
    (lambda d: d.update(part=0), "part 0 of 2 does not exist"),
    (lambda d: d.update(part=True), "fields missing or of the wrong type"),
    (lambda d: d.update(seed=-1), "fields missing or of the wrong type"),
    (lambda d: d["totals"].pop("nodes"), "fields missing or of the wrong type"),
    (lambda d: d["totals"].update(found=d["totals"]["packings"] + 1), "its totals cannot be together"),
    (lambda d: d.update(classes=sorted([*d["classes"][1:], "0 1 2 3 4 5 999999"])), "is not a packing of this puzzle"),
    (lambda d: d.update(classes=sorted([*d["classes"][1:], "0 0 0 0 0 0 0"])), "is not a packing of this puzzle"),
    (lambda d: d.update(classes=sorted([*d["classes"][1:], "0 1 2 3 4 5 6"])), "is not a packing of this puzzle"),
    (lambda d: d["classes"].append("x"), "fields missing or of the wrong type"),
    (lambda d: d["classes"].reverse(), "its classes are not distinct keys in order"),
    (lambda d: d["totals"].update(stabilisers=d["totals"]["stabilisers"] + 1), "the classes do not add up"),
    (lambda d: d.update(parts=1, part=1), "a part of another count"),  # relabelled as the whole, resealed
])
def test_a_forged_part_is_refused_by_what_does_not_add_up(capsys, parts, change, needle):
    first = forged(parts(1), change)
    refused(capsys, [first, parts(2)], needle)


def test_a_class_not_in_its_canonical_form_is_refused(capsys, parts):
    """A class swapped for another packing of the same class (not the smallest of its images)."""
    from solver.packing import parse_packing
    from solver.packing.parts import plan_of

    plan = plan_of(parse_packing(open(SOMA).read(), SOMA), None)
    data = json.loads(parts(1).read_text())
    form = tuple(map(int, data["classes"][0].split()))
    images = {tuple(sorted(image[p] for p in form)) for image in plan.group}
    other = " ".join(map(str, max(images)))
    assert other != data["classes"][0]

    def swap(d):
        d["classes"] = sorted([other, *d["classes"][1:]])
    refused(capsys, [forged(parts(1), swap), parts(2)], "is not in its canonical form")


def test_parts_twice_missing_or_of_another_count_are_refused(capsys, parts, tmp_path):
    refused(capsys, [parts(1), parts(1, name="again.json"), parts(2)], "part 1 of 2 is given more than once")
    refused(capsys, [parts(2)], "parts missing: 1 of 2")
    refused(capsys, [parts(1), parts(2, 3)], "a part of another count", "its parts differs")
    refused(capsys, [parts(1), parts(2, 2, "l-tricubes.txt")], "a part of another count")
    refused(capsys, [parts(1, 3), parts(2, 3)], "parts missing: 3 of 3")


def test_hostile_json_is_refused_before_it_is_parsed(capsys, parts, tmp_path):
    digits = tmp_path / "digits.json"
    digits.write_text(parts(1).read_text().replace('"part": 1', '"part": 1' + "0" * 5000, 1))
    refused(capsys, [digits, parts(2)], str(digits), "a number of 5,001 digits")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    refused(capsys, [deep, parts(2)], str(deep), "nested 100,000 deep")
    tricky = tmp_path / "tricky.json"  # brackets inside strings do not count
    tricky.write_text(json.dumps({"schema": "[[[[[[[[[[[[[[[[[[[["}))
    refused(capsys, [tricky], "not the JSON of a part")
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as out:
        out.truncate(census.MAX_PART_BYTES + 1)  # sparse: costs no disk
    refused(capsys, [huge, parts(2)], str(huge), "larger than")
    for text in ("NaN", "1e999", "[1, 2]", '"a part"', "{\n oops"):
        odd = tmp_path / "odd.json"
        odd.write_text(text)
        refused(capsys, [odd], str(odd))
