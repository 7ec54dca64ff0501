"""The area 46 count's report (bench/nets_area46.py): a projection while parts are missing, the count itself once
every part is in, and never a part counted twice."""

import json
from pathlib import Path

from bench.nets_area46 import drop_torn_tail, report
from solver.nets.search import PART_RULE


def write_log(path: Path, parts: int, nets_of: dict[int, int]) -> Path:
    rows = [{"part": part, "parts": parts, "nets": nets, "third": 0, "cpu": 0.1 + part, "rule": PART_RULE,
             "load": 1.0} for part, nets in nets_of.items()]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_every_part_in_gives_the_whole_count_with_no_range(tmp_path):
    log = write_log(tmp_path / "log.jsonl", 4, {0: 5, 1: 0, 2: 7, 3: 1})
    text = report(log)
    assert "the whole count projected: 13 (95 % range 13 to 13)" in text
    assert "Every part is in: the whole count, 13, DIFFERS from the published one" in text


def test_a_part_met_twice_counts_once_and_a_sample_keeps_its_range(tmp_path):
    log = write_log(tmp_path / "log.jsonl", 8, {0: 5, 1: 0, 2: 7})
    with log.open("a") as out:  # a second sampler met part 2 again
        out.write(json.dumps({"part": 2, "parts": 8, "nets": 7, "third": 0, "cpu": 1.0, "rule": PART_RULE,
                              "load": 1.0}) + "\n")
    text = report(log)
    assert "3 random parts of 8" in text
    assert "the whole count projected: 32 (95 % range" in text
    assert "Every part is in" not in text


def test_a_line_torn_by_a_killed_sampler_is_left_out(tmp_path):
    log = write_log(tmp_path / "log.jsonl", 8, {0: 5, 1: 0})
    with log.open("a") as out:
        out.write('{"part": 2, "parts": 8, "ne')
    assert "2 random parts of 8" in report(log)


def test_a_torn_line_is_cut_before_a_sampler_appends(tmp_path):
    log = write_log(tmp_path / "log.jsonl", 8, {0: 5})
    with log.open("a") as out:
        out.write('{"part": 2, "pa')
    drop_torn_tail(log)
    assert log.read_text().splitlines() == [write_log(tmp_path / "whole.jsonl", 8, {0: 5}).read_text().strip()]
