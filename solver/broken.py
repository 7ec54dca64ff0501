"""A rule a proposed solution breaks, and where: what every kind's independent checker lists."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Broken:
    """One broken rule at one place: the rule's short name (as the README's "The rules" words it:
    "region", "distance"...), the place as a person reads it, and the whole sentence."""

    rule: str
    where: str
    text: str

    @property
    def line(self) -> str:
        """The one line `foldkit check` prints for it."""
        return f"{self.rule} rule: {self.text}"
