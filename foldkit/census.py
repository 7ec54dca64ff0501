"""A census cut into parts, for any counting search (packings, nets): the parts' records sealed and read
back so that no edited, repeated, missing or foreign part is ever added in, and a checkpoint that keeps
the parts finished so that a run killed at any moment goes on where it was.

A part's record is a JSON object. Every census shares these fields; each adds its own beside them:

    {
      "schema": str,          # the census's own, such as "foldkit.packing-part/2"
      "count": str,           # a digest of what is counted (the puzzle, its table, the seed, N): parts
                              # of one count share it
      "part": K, "parts": N,  # K from 1 to N
      "totals": {str: int},   # counts that add up over the parts (the search's nodes among them), each >= 0
      "classes": [str, ...],  # the classes met, each by its canonical key, sorted
      ...                     # the census's own fields
      "digest": str           # sha256 of the record's canonical JSON without "digest": an edit shows
    }

The digest is a checksum, not a signature: it catches a count edited by hand or a file damaged, not
someone who recomputes it. A checkpoint is one JSON object {"schema": CHECKPOINT_SCHEMA, "count",
"parts", "done": [record, ...]}, rewritten whole and atomically as parts finish.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange import write_artifact
from foldkit.files import read_bytes
from solver.text import ascii_int

Record = dict  # a part's JSON object, as above
CheckRecord = Callable[[Record, str], None]  # (record, where) -> None, or a FoldkitError saying what is wrong

CHECKPOINT_SCHEMA = "foldkit.census-checkpoint/1"
MAX_DEPTH = 8  # a record nests 3 deep, a checkpoint 5: deeper is not ours
MAX_DIGITS = 30  # no count comes near 10^30; Python itself refuses more than 4,300 digits with a traceback
MAX_PART_BYTES = 64 * 1024 * 1024  # a part lists at most its classes met (a few MB for the largest census)
MAX_CHECKPOINT_BYTES = 512 * 1024 * 1024
CHECKPOINT_SECONDS = 5.0  # the longest a finished part waits to be written (unless the run ends first)
WRITING_SHARE = 0.05  # of the run's time, at most, spent rewriting the checkpoint
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')


# ---------------------------------------------------------------------------------------------
# Sealing and reading a record


def part_of(text: str) -> tuple[int, int]:
    """'K/N' (1 <= K <= N <= 100,000) as (K, N), else a one-line argparse error."""
    k_text, slash, n_text = text.partition("/")
    k, n = ascii_int(k_text), ascii_int(n_text)
    if not (slash and k is not None and n is not None and 1 <= k <= n <= 100_000):
        raise argparse.ArgumentTypeError(f"expected K/N with 1 <= K <= N <= 100000 (such as 3/8), not {text[:60]!r}")
    return k, n


def schema_of(path: str) -> object:
    """The "schema" of the JSON object in a user's file (None if it has none), read as any census file is."""
    data = read_json(path)
    return data.get("schema") if isinstance(data, dict) else None


def count_digest(*what: str) -> str:
    """The digest naming a count, made of the texts that decide it."""
    return hashlib.sha256("\0".join(what).encode()).hexdigest()[:32]


def sealed(record: Record) -> Record:
    """The record with its digest."""
    return {**record, "digest": _digest(record)}


def _digest(record: Record) -> str:
    content = {key: value for key, value in record.items() if key != "digest"}
    return hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def read_json(path: str, limit: int = MAX_PART_BYTES) -> object:
    """The JSON of a user's file, parsed only once it is known to be small, shallow and of modest numbers;
    else a one-line error naming the file and what is wrong."""
    data = read_bytes(path, limit=limit)
    depth = nesting(data)
    if depth > MAX_DEPTH:
        raise FoldkitError(f"{path}: JSON nested {depth:,} deep, deeper than a census file ever is", EXIT_BAD_INPUT)
    try:
        return json.loads(data, parse_int=_modest_int, parse_float=_no_number, parse_constant=_no_number)
    except json.JSONDecodeError as error:
        raise FoldkitError(f"{path}:{error.lineno}:{error.colno}: not JSON ({error.msg})", EXIT_BAD_INPUT) from None
    except (ValueError, RecursionError) as error:
        raise FoldkitError(f"{path}: {error}", EXIT_BAD_INPUT) from None


def nesting(data: bytes) -> int:
    """How deep the arrays and objects of a JSON text nest (strings skipped), counted without parsing it."""
    import numpy as np  # here: only reading a census file needs it, and a count should not pay its 13 MB

    bare = np.frombuffer(_STRINGS.sub(b'""', data), dtype=np.uint8)
    steps = np.isin(bare, (ord("["), ord("{"))).astype(np.int64) - np.isin(bare, (ord("]"), ord("}")))
    return int(np.cumsum(steps).max(initial=0))


def _modest_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text.lstrip('-')):,} digits, more than any count has")
    return int(text)


def _no_number(text: str) -> float:
    raise ValueError(f"a number {text[:20]!r} where only whole numbers belong")


def is_count(value: object) -> bool:
    """A whole number >= 0 (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_record(record: object, where: str, schema: str, check: CheckRecord | None = None) -> Record:
    """A record of that schema whose fields have their types and whose digest matches, then the census's own
    check; else a one-line error saying where and what."""
    if not isinstance(record, dict) or record.get("schema") != schema:
        raise FoldkitError(f"{where}: not the JSON of a part ({schema})", EXIT_BAD_INPUT)
    totals, classes = record.get("totals"), record.get("classes")
    if not (isinstance(record.get("count"), str) and is_count(record.get("part")) and is_count(record.get("parts"))
            and isinstance(totals, dict) and isinstance(classes, list) and isinstance(record.get("digest"), str)):
        raise FoldkitError(f"{where}: a part's JSON with fields missing or of the wrong type", EXIT_BAD_INPUT)
    if not 1 <= record["part"] <= record["parts"]:
        raise FoldkitError(f"{where}: part {record['part']} of {record['parts']} does not exist", EXIT_BAD_INPUT)
    wrong = [key for key, value in totals.items() if not is_count(value)]
    if wrong:
        raise FoldkitError(f"{where}: its total {wrong[0]!r} is not a whole number >= 0", EXIT_BAD_INPUT)
    if not all(isinstance(key, str) for key in classes) or classes != sorted(set(classes)):
        raise FoldkitError(f"{where}: its classes are not distinct keys in order", EXIT_BAD_INPUT)
    if record["digest"] != _digest(record):
        raise FoldkitError(f"{where}: its digest does not match its content (the file was edited or damaged)",
                           EXIT_BAD_INPUT)
    if check is not None:
        check(record, where)
    return record


def check_whole(records: list[Record], wheres: list[str]) -> None:
    """Records that make one whole count: the same count and N, every part once; else a one-line error."""
    first = records[0]
    for record, where in zip(records, wheres, strict=True):
        for key in ("count", "parts"):
            if record[key] != first[key]:
                raise FoldkitError(f"{where}: a part of another count than {wheres[0]} (its {key} differs)",
                                   EXIT_BAD_INPUT)
    seen: dict[int, str] = {}
    for record, where in zip(records, wheres, strict=True):
        if record["part"] in seen:
            raise FoldkitError(f"{where}: part {record['part']} of {first['parts']} is given more than once "
                               f"(also in {seen[record['part']]})", EXIT_BAD_INPUT)
        seen[record["part"]] = where
    missing = sorted(set(range(1, first["parts"] + 1)) - set(seen))
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (", ..." if len(missing) > 10 else "")
        raise FoldkitError(f"parts missing: {shown} of {first['parts']}", EXIT_BAD_INPUT)


def read_parts(paths: list[str], schema: str, check: CheckRecord | None = None) -> list[Record]:
    """The part files' records, each sealed and checked, together one whole count."""
    records = [check_record(read_json(path), path, schema, check) for path in paths]
    check_whole(records, paths)
    return records


def totals(records: Iterable[Record]) -> dict[str, int]:
    """Each total summed over the records."""
    summed: dict[str, int] = {}
    for record in records:
        for key, value in record["totals"].items():
            summed[key] = summed.get(key, 0) + value
    return summed


# ---------------------------------------------------------------------------------------------
# A checkpoint


@dataclass
class Checkpoint:
    """The parts of one count finished so far, written to a file (whole and atomically, as parts finish but
    no more often than keeps the writing to WRITING_SHARE of the time, and at least every CHECKPOINT_SECONDS
    that parts finish, and at the end) so that a run killed at any moment can be resumed."""

    path: Path | None  # None: nothing is written
    count: str
    parts: int
    schema: str
    done: dict[int, Record] = field(default_factory=dict)  # part K (1-based) -> its record ({} with no file)
    written: float = 0.0  # when the file was last written (time.monotonic)
    writing: float = 0.0  # how long the last write took
    unwritten: bool = False

    def add(self, record: Record) -> None:
        """A part finished: kept, and written if the last write is old enough (with no file, only its number
        is kept: a count's classes are held once, by the count)."""
        self.done[record["part"]] = record if self.path is not None else {}
        self.unwritten = True
        if time.monotonic() - self.written >= min(CHECKPOINT_SECONDS, self.writing / WRITING_SHARE):
            self.flush()

    def flush(self) -> None:
        """Write what is not written yet."""
        if self.path is None or not self.unwritten:
            return
        started = time.monotonic()
        whole = {"schema": CHECKPOINT_SCHEMA, "count": self.count, "parts": self.parts,
                 "done": [self.done[k] for k in sorted(self.done)]}
        write_artifact(self.path, json.dumps(whole, separators=(",", ":")).encode() + b"\n")
        self.written, self.unwritten = time.monotonic(), False
        self.writing = self.written - started

    def left(self) -> list[int]:
        """The parts (0-based) not finished yet."""
        return [k for k in range(self.parts) if k + 1 not in self.done]


def new_checkpoint(path: str | None, count: str, parts: int, schema: str) -> Checkpoint:
    """An empty checkpoint to write at path (None: kept in memory only); a file already there is never
    overwritten: resuming it is asked for with --resume."""
    if path is not None and Path(path).exists():
        raise FoldkitError(f"{path}: already there; to go on from a checkpoint give --resume {path}",
                           EXIT_BAD_INPUT)
    checkpoint = Checkpoint(None if path is None else Path(path), count, parts, schema, unwritten=True)
    checkpoint.flush()  # there from the start, so that --resume works whenever the run is killed
    return checkpoint


def resumed(path: str, count: str, schema: str, check: CheckRecord | None = None) -> Checkpoint:
    """The checkpoint at path, every record in it checked, which must be of this count."""
    whole = read_json(path, MAX_CHECKPOINT_BYTES)
    if not (isinstance(whole, dict) and whole.get("schema") == CHECKPOINT_SCHEMA and is_count(whole.get("parts"))
            and isinstance(whole.get("done"), list) and isinstance(whole.get("count"), str)):
        raise FoldkitError(f"{path}: not a foldkit checkpoint ({CHECKPOINT_SCHEMA})", EXIT_BAD_INPUT)
    if whole["count"] != count:
        raise FoldkitError(f"{path}: the checkpoint of another count (another puzzle, seed or foldkit)",
                           EXIT_BAD_INPUT)
    records = [check_record(record, f"{path}: part record {k + 1}", schema, check)
               for k, record in enumerate(whole["done"])]
    done: dict[int, Record] = {}
    for record in records:
        if record["count"] != count or record["parts"] != whole["parts"] or record["part"] in done:
            raise FoldkitError(f"{path}: part {record['part']} does not belong in this checkpoint", EXIT_BAD_INPUT)
        done[record["part"]] = record
    return Checkpoint(Path(path), count, whole["parts"], schema, done, time.monotonic())


def run_parts(checkpoint: Checkpoint, run: Callable[[list[int]], Iterator[Record]]) -> Iterator[Record]:
    """Every part's record: those the checkpoint holds, then those `run` makes of the parts left (0-based),
    each added to the checkpoint as it comes. The checkpoint is written when the run ends, however it ends."""
    yield from (checkpoint.done[k] for k in sorted(checkpoint.done))
    try:
        for record in run(checkpoint.left()):
            checkpoint.add(record)
            yield record
    finally:
        checkpoint.flush()


# ---------------------------------------------------------------------------------------------
# Units in flight


class UnitBook:
    """The units of some parts in flight, wherever they run (a pool, a cluster): how many of each part are out,
    and what its ended units found. A part is finished when its last unit ends, the units it handed off
    included (each is `started` before the unit that handed it off has `ended`). What its units found is merged
    (`merge`: a list of what units found -> what they found together, in any grouping) once BATCH of them wait,
    and when the part ends: a part of thousands of units holds at most BATCH findings, not thousands (the
    one-sided 9x10's client held 1.5 GB so), and the merge's cost is paid once a batch, not once a unit (merging
    each unit into a part's 100,000 class forms cost the 9x10's client as much CPU as a worker)."""

    BATCH = 16

    def __init__(self, parts: list[int], merge: Callable[[list[Any]], Any]):
        self.out = dict.fromkeys(parts, 0)
        self.found: dict[int, list[Any]] = {}
        self.merge = merge

    def started(self, part: int) -> None:
        self.out[part] += 1

    def ended(self, part: int, found: Any) -> Any | None:
        """The part's whole finding once this was its last unit out, else None."""
        waiting = self.found.setdefault(part, [])
        waiting.append(found)
        self.out[part] -= 1
        if self.out[part] and len(waiting) < self.BATCH:
            return None
        self.found[part] = [self.merge(waiting) if len(waiting) > 1 else waiting[0]]
        return None if self.out[part] else self.found.pop(part)[0]
