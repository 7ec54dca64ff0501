"""`foldkit merge`, a capability of every kind whose counts run in parts: each such kind declares the
command with the schema of its part records, and the command line gives the parts to the kind whose
schema the first one carries (``Command.owns_file``). So the packing census and the nets census share
one command without either kind reaching into the other."""

from __future__ import annotations

from dataclasses import dataclass

from foldkit import census
from foldkit.errors import FoldkitError
from foldkit.kinds.base import Command, Run, option


@dataclass(frozen=True)
class MergeOptions:
    parts: tuple[str, ...] = option((), "parts", "the JSON files of 'foldkit solve PUZZLE --all --part K/N' (or "
                                    "of 'foldkit nets BOX BOX --count --part K/N'), every K once", str, "PART",
                                    nargs="+")
    json: bool = option(False, "--json", "print the documented JSON instead of text")


def merge_command(run: Run, part_schema: str) -> Command:
    """The command `merge` of a kind whose parts carry ``part_schema``."""
    return Command("merge", "combine the JSON of 'solve --all --part K/N' (or 'nets --count --part K/N') runs "
                   "into the whole count", run, MergeOptions, target="none", owns_file=_carries(part_schema))


def _carries(part_schema: str):
    def carries(path: str) -> bool:
        try:
            return census.schema_of(path) == part_schema
        except FoldkitError:  # not a census file: the first kind's merge says what is wrong with it
            return False

    return carries
