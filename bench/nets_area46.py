"""Area 46 (issue 39): the common nets of 1x1x11 and 1x3x5 (4,233,426 by hidny's count, none folding into
1x2x7, the third box of area 46), a count of CPU-hours, made in random parts of the whole search cut in --parts
parts (part k of n as `foldkit nets 1x1x11 1x3x5 --count --part K/N` counts it), each timed (CPU seconds of the
process that ran it), its nets kept and each tried on 1x2x7 by foldkit's folding search. From the parts done:
the fraction done, the nets found, the distribution of a part's time, and the projection of the whole count and
of its time on 1, 16 and 64 machines of 2 cores, with 95 % ranges (the mean of the parts, over the sample's
standard error; a part's time has a long tail, so the range is wide until the sample is large); once every
part is in, the whole count itself.

Each part finished is one line of JSON in --log (so a run stopped early still counts); --report writes
bench/results/nets_area46.md from the log alone.
Usage: nice -n 19 python bench/nets_area46.py --parts 65536 --cpu-seconds 1800 --jobs 2 --log runs/area46.jsonl
       python bench/nets_area46.py --report --log runs/area46.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import time
from functools import partial
from pathlib import Path

from solver.folding import foldings
from solver.nets.find import worker_pool
from solver.nets.plan import Plan, make_plan
from solver.nets.search import PART_RULE, compiled_run

BOXES = ((1, 1, 11), (1, 3, 5))
THIRD = (1, 2, 7)
PUBLISHED = 4_233_426  # hidny, github.com/hidny/CuboidNetSolver docs/cuboidResultsSummary.txt (no invisible cut)
RESULT = Path(__file__).resolve().parent / "results" / "nets_area46.md"
MACHINES = (1, 16, 64)
CORES_PER_MACHINE = 2
Z95 = 1.96


def run_part(plan: Plan, parts: int, part: int) -> dict:
    """One part, every run of the plan: its nets, how many fold into THIRD, and its CPU seconds."""
    start = time.process_time()
    nets, third = 0, 0
    for roots in plan.runs:
        cells, count, _ = compiled_run(plan, roots, 0, True, part=part, parts=parts)
        nets += count
        third += sum(bool(foldings(frozenset(map(tuple, net.tolist())), THIRD)) for net in cells)
    return {"part": part, "parts": parts, "nets": nets, "third": third, "cpu": time.process_time() - start,
            "rule": PART_RULE, "load": os.getloadavg()[0]}


def sample(parts: int, budget: float, jobs: int, log: Path, seed: int) -> None:
    """Random parts (those not yet in the log), `jobs` at a time, until the CPU budget is spent."""
    plan = make_plan(BOXES)
    drop_torn_tail(log)
    done = {row["part"] for row in read_log(log, PART_RULE) if row["parts"] == parts}
    order = [k for k in random.Random(seed).sample(range(parts), parts) if k not in done]
    spent = 0.0
    with worker_pool(jobs) as pool, log.open("a") as out:
        for row in pool.imap_unordered(partial(run_part, plan, parts), order):
            out.write(json.dumps(row) + "\n")
            out.flush()
            spent += row["cpu"]
            if spent >= budget:
                break


def whole_lines(text: str) -> str:
    """The log's text without a last line left unfinished (no newline yet) by a sampler killed as it wrote."""
    return text[:text.rfind("\n") + 1]


def drop_torn_tail(log: Path) -> None:
    """Cut a torn last line (see whole_lines) from the log, so that the lines appended start whole."""
    if not log.exists():
        return
    kept = len(whole_lines(log.read_text()).encode())
    if kept < log.stat().st_size:
        with log.open("r+b") as out:
            out.truncate(kept)


def read_log(log: Path, rule: str | None = None) -> list[dict]:
    """The parts finished, as logged under `rule` (by default the rule of the newest line: a log written
    before the rule changed is still reported, under its own rule), each part once (samplers with other
    seeds may share a log and meet a part twice)."""
    if not log.exists():
        return []
    # a part whose line a killed sampler tore is simply run again
    rows = [json.loads(line) for line in whole_lines(log.read_text()).splitlines() if line.strip()]
    rule = rule or (rows[-1]["rule"] if rows else PART_RULE)
    once = {(row["parts"], row["part"]): row for row in reversed(rows) if row["rule"] == rule}
    return list(reversed(once.values()))


def mean_range(values: list[float], scale: int) -> tuple[float, float, float]:
    """(estimate, low, high) of scale times the mean of `values`, a sample without repeats of `scale` parts; the
    range 95 % over the standard error, narrowed as the sample nears the whole (none left once every part is in)."""
    mean = statistics.fmean(values)
    unsampled = 1 - len(values) / scale  # the finite population correction, squared
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("inf")
    error *= math.sqrt(max(unsampled, 0.0))
    return scale * mean, scale * max(mean - Z95 * error, 0.0), scale * (mean + Z95 * error)


def tail_note(rows: list[dict], nets: int, count: tuple[float, float, float]) -> str:
    """How the nets are spread over the parts sampled, and whether the published count lies in the range."""
    found = sorted((row["nets"] for row in rows), reverse=True)
    with_nets = sum(1 for value in found if value)
    share = sum(found[:3]) / nets if nets else 0.0
    spread = (f"parts with a net: {with_nets:,} of {len(rows):,}; the 3 richest hold {share:.0%} of the nets "
              "found")
    if count[1] == count[2]:
        verdict = "agrees with" if count[0] == PUBLISHED else "DIFFERS from"
        return f"{spread}. Every part is in: the whole count, {count[0]:,.0f}, {verdict} the published one"
    if count[1] <= PUBLISHED <= count[2]:
        return f"{spread}; the published count lies in the range"
    return (f"{spread}. The published count lies outside the range: nets per part have a long tail, so the "
            "mean over its standard error is too narrow until the sample meets enough of the tail")


def report(log: Path) -> str:
    """The markdown of the sample in the log."""
    rows = read_log(log)
    if not rows:
        return "No part of area 46 finished yet.\n"
    parts = rows[0]["parts"]
    rows = [row for row in rows if row["parts"] == parts]
    cpus = sorted(row["cpu"] for row in rows)
    nets, third = sum(row["nets"] for row in rows), sum(row["third"] for row in rows)
    count = mean_range([row["nets"] for row in rows], parts)
    whole = mean_range(cpus, parts)
    quantile = statistics.quantiles(cpus, n=10) if len(cpus) > 1 else [cpus[0]] * 9
    lines = [
        f"Area 46, the common nets of 1x1x11 and 1x3x5 ({PUBLISHED:,} published): {len(rows):,} random parts of "
        f"{parts:,} ({len(rows) / parts:.4%} of the search), part rule '{rows[0]['rule']}'. Made by "
        "`python bench/nets_area46.py`; each part's CPU seconds measured in the process that ran it, at nice 19, "
        f"load {min(r['load'] for r in rows):.1f} to {max(r['load'] for r in rows):.1f} on 2 cores.",
        "",
        f"- nets found: {nets:,}; of them folding into 1x2x7 too: {third}",
        f"- the whole count projected: {count[0]:,.0f} (95 % range {count[1]:,.0f} to {count[2]:,.0f})",
        f"- {tail_note(rows, nets, count)}",
        f"- CPU seconds per part: min {cpus[0]:.2f}, 10 % {quantile[0]:.2f}, median {statistics.median(cpus):.2f}, "
        f"mean {statistics.fmean(cpus):.2f}, 90 % {quantile[8]:.2f}, max {cpus[-1]:.2f}; sampled {sum(cpus):,.0f} s",
        f"- the whole search projected: {whole[0] / 3600:,.0f} CPU hours (95 % range {whole[1] / 3600:,.0f} to "
        f"{whole[2] / 3600:,.0f})",
        "",
        "| machines (2 cores each) | wall time | 95 % range |",
        "| --- | --- | --- |",
    ]
    for machines in MACHINES:
        cores = machines * CORES_PER_MACHINE
        lines.append(f"| {machines} | {whole[0] / cores / 3600:,.2f} hours | {whole[1] / cores / 3600:,.2f} to "
                     f"{whole[2] / cores / 3600:,.2f} hours |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parts", type=int, default=65536)
    parser.add_argument("--cpu-seconds", type=float, default=1800.0, help="stop once the parts took this much CPU")
    parser.add_argument("--jobs", type=int, default=min(2, multiprocessing.cpu_count()))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, required=True, help="one JSON line per part finished")
    parser.add_argument("--report", action="store_true", help="only write the results from the log")
    args = parser.parse_args()
    if not args.report:
        sample(args.parts, args.cpu_seconds, args.jobs, args.log, args.seed)
    RESULT.write_text(report(args.log))
    print(RESULT.read_text())


if __name__ == "__main__":
    main()
