"""A nets count as a census in parts (``foldkit.census``, the machinery the packing count uses):
`foldkit nets A B --count --part K/N` counts part K of N and prints its record, `foldkit merge`
adds the parts up (every part once, of one count, none edited), `--checkpoint FILE` / `--resume
FILE` keep a whole count's parts finished so that a run killed at any moment goes on where it was, and
`--cluster ADDRESS` runs the parts on a Dask cluster's workers (foldkit.cluster, as a packing count does; a
nets part does not split itself: each is one task, and a worker that dies has its parts run again).

Part JSON schema, version 1 (the census fields, see foldkit.census, and these):

    {
      "schema": "foldkit.nets-part/1",
      "count": str, "part": K, "parts": N, "digest": str,   # see foldkit.census
      "totals": {"nets": int, "nodes": int},  # the common nets the part holds, the search's nodes
      "classes": [],                          # nets are counted, not listed
      "boxes": [[a, b, c], ...],              # the boxes, ascending, as `foldkit nets` takes them
      "table": str                            # a digest of the search's plan and part rule: parts must
                                              # come from the same (solver.nets.parts.fingerprint)
    }
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache, partial

from foldkit import census, cluster
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange.json import json_text
from foldkit.kinds.base import Invocation
from foldkit.kinds.net import PART_SCHEMA, nets
from solver.box import Box, surface_area
from solver.nets import NetsResult
from solver.nets.find import as_box, cores
from solver.nets.parts import count_part, counted_parts, fingerprint
from solver.nets.plan import Plan, make_plan
from solver.nets.search import compiled

TOTALS = ("nets", "nodes")
CHECKPOINT_PARTS = 64  # the parts of a whole count kept in a checkpoint: a killed run loses at most 1/64 of it
PARTS_PER_THREAD = 8  # on a cluster, at least so many parts for each of its threads: a slow part leaves the others
                      # something to do


def count_of(boxes: tuple[Box, ...], table: str) -> str:
    """The census digest of a nets count: the boxes and the search's plan decide it."""
    return census.count_digest(PART_SCHEMA, repr([list(box) for box in boxes]), table)


def part_record(plan: Plan, part: int, parts: int, found: int, nodes: int) -> dict:
    """The sealed record of part `part` (0-based) of `parts`."""
    table = fingerprint(plan)
    boxes = sorted(plan.boxes)
    return census.sealed({"schema": PART_SCHEMA, "count": count_of(tuple(boxes), table), "part": part + 1,
                          "parts": parts, "totals": {"nets": found, "nodes": nodes}, "classes": [],
                          "boxes": [list(box) for box in boxes], "table": table})


def check_part(record: dict, where: str) -> None:
    """The nets fields of a part's record (its census fields are checked already), else a one-line error."""
    boxes = record.get("boxes")
    if not (isinstance(record.get("table"), str) and set(record["totals"]) == set(TOTALS) and not record["classes"]
            and isinstance(boxes, list) and 1 <= len(boxes) <= 3
            and all(isinstance(box, list) and len(box) == 3 and all(census.is_count(x) and x >= 1 for x in box)
                    for box in boxes)):
        raise FoldkitError(f"{where}: a nets part's JSON with fields missing or of the wrong type", EXIT_BAD_INPUT)
    if record["count"] != count_of(tuple(as_box(box) for box in boxes), record["table"]):
        raise FoldkitError(f"{where}: its count digest is not that of its boxes and table", EXIT_BAD_INPUT)


def plan_for(boxes: list[Box]) -> Plan:
    """The search's plan for a count in parts, or a one-line error when there is none to run."""
    distinct = tuple(dict.fromkeys(boxes))
    if len({surface_area(box) for box in distinct}) > 1:
        raise FoldkitError("nets: boxes of different surface areas share no net: there is nothing to count in parts",
                           EXIT_BAD_INPUT)
    if not compiled():
        raise FoldkitError("nets: a count in parts needs the compiled search (solver.nets._search), not built here",
                           EXIT_BAD_INPUT)
    return make_plan(distinct)


def run_part(boxes: list[Box], part: tuple[int, int]) -> int:
    """`nets --count --part K/N`: part K's record, printed as JSON (it is made to be merged)."""
    k, n = part
    plan = plan_for(boxes)
    print(json_text(part_record(plan, k - 1, n, *count_part(plan, k - 1, n))))
    return 0


def whole_count(boxes: list[Box], checkpoint: str | None, resume: str | None,
                cluster_address: str | None = None) -> NetsResult:
    """Every part of the count on every core, or on the Dask cluster at cluster_address, each finished part kept
    in the checkpoint (resumed from a file, or a new one written to a file, or kept in memory)."""
    plan = plan_for(boxes)
    count = count_of(tuple(sorted(plan.boxes)), fingerprint(plan))
    client = None
    if cluster_address is not None:
        client = cluster.connect(cluster_address)  # Dask loads only for a cluster
    try:
        threads = 0 if client is None else cluster.threads(client)
        parts = max(CHECKPOINT_PARTS, PARTS_PER_THREAD * threads)
        book = (census.resumed(resume, count, PART_SCHEMA, check_part) if resume is not None
                else census.new_checkpoint(checkpoint, count, parts, PART_SCHEMA))

        def run(left: list[int]) -> Iterator[census.Record]:
            finished = counted_parts(plan, book.parts, left, cores()) if client is None else \
                on_cluster(client, plan.boxes, book.parts, left)
            for k, found, nodes in finished:
                yield part_record(plan, k, book.parts, found, nodes)

        total = census.totals(census.run_parts(book, run))["nets"]
    finally:
        if client is not None:
            client.close()
    return NetsResult(tuple(dict.fromkeys(boxes)), (), total, True)


def on_cluster(client, boxes: tuple[Box, ...], parts: int, left: list[int]) -> Iterator[tuple[int, int, int]]:
    """(part, nets, nodes) of each part left (0-based) as it finishes on the cluster's workers, each part a task
    (one that hands nothing back)."""
    work = partial(part_on_worker, boxes, parts)
    book = census.UnitBook(left, _summed)
    for k, (found, nodes) in cluster.finished_parts(client, work, list(left), _itself, book,
                                                    priority=_first_parts_first):
        yield k, found, nodes


def part_on_worker(boxes: tuple[Box, ...], parts: int, part: int, stop: str) -> tuple[tuple[int, int], tuple[()]]:
    """((nets, nodes), no units handed back) of part `part` of `parts`, counted on a Dask worker (the compiled
    search cannot be stopped midway: a count stopped early leaves it to end on its own)."""
    return count_part(_plan_of(boxes), part, parts), ()


@lru_cache(maxsize=2)
def _plan_of(boxes: tuple[Box, ...]) -> Plan:
    """The search's plan, made once per worker process."""
    return make_plan(boxes)


def _itself(part: int) -> int:
    return part


def _first_parts_first(part: int) -> int:
    return -part  # Dask runs higher priorities first: parts finish in order, each then kept in the checkpoint


def _summed(found: list[tuple[int, int]]) -> tuple[int, int]:
    """(nets, nodes) of a part's units together."""
    return sum(nets for nets, _ in found), sum(nodes for _, nodes in found)


def merged(paths: list[str]) -> NetsResult:
    """The whole count the part files make up, each part checked, all of one count and every part once."""
    found = census.read_parts(paths, PART_SCHEMA, check_part)
    boxes = [as_box(box) for box in found[0]["boxes"]]
    if fingerprint(make_plan(tuple(boxes))) != found[0]["table"]:
        raise FoldkitError(f"{paths[0]}: made by a foldkit whose nets search plans or splits otherwise: count the "
                           "parts again with this one", EXIT_BAD_INPUT)
    return NetsResult(tuple(boxes), (), census.totals(found)["nets"], True)


def run_merge(call: Invocation) -> int:
    """`foldkit merge` of nets parts: the whole count printed as `foldkit nets --count` prints it."""
    result = merged(list(call.options.parts))
    print(json_text(nets.json(result)) if call.options.json else nets.text(result))
    return nets.exit_code(result)
