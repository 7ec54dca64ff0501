"""A solving diary: the named deductions a human-style solver makes, in order, where they run
out, and the difficulty grade they give (shared by every kind with such a solver)."""

from __future__ import annotations

from dataclasses import dataclass

GRADE_WORDS = {1: "easy", 2: "medium", 3: "medium", 4: "hard", 5: "expert"}
# What `generate --difficulty` asks for, easiest first, and the hardest deduction level each allows
# when deductions alone solve the puzzle; a harder rule, or search left, is "hard".
DIFFICULTIES = ("easy", "medium", "hard")
HARDEST_LEVEL = {"easy": 1, "medium": 3}


@dataclass(frozen=True)
class Entry:
    """One step of a diary: its rule and level, what it says, and whether it writes in an answer
    (a number, a cell, a piece) or only rules something out."""

    rule: str
    level: int
    text: str
    writes: bool


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for a person: the hardest deduction the diary needs (at its easiest
    path: each step is the easiest that applies), and the search left when deductions run out
    (the open cells, and the base-10 logarithm of the ways their candidates could be filled in)."""

    hardest: str | None
    level: int  # 0 when nothing needed deducing
    solved: bool
    open_cells: int
    search_log10: float
    impossible: bool = False  # the deductions met a contradiction: the puzzle has no solution
    unit: str = "cells"  # what is left open: cells, cubes
    search: str = "ways to fill their candidates left to search"  # what search_log10 counts, in words

    @property
    def word(self) -> str:
        if self.impossible:
            return "no solution"
        return GRADE_WORDS.get(self.level, "easy") if self.solved else "needs search"

    @property
    def difficulty(self) -> str | None:
        """The grade as `generate --difficulty` words it: easy (deductions alone solve it with the
        easiest rules, level 1), medium (deductions alone, a rule of level 2-3), hard (a rule of level
        4-5, or search left when they run out); None for a puzzle with no solution."""
        if self.impossible:
            return None
        return next((word for word, top in HARDEST_LEVEL.items() if self.solved and self.level <= top), "hard")

    def within(self, difficulty: str) -> bool:
        """Whether the puzzle is no harder than that difficulty (more clues never make it harder)."""
        return self.difficulty is not None and DIFFICULTIES.index(self.difficulty) <= DIFFICULTIES.index(difficulty)

    @property
    def short(self) -> str:
        """The grade in a few words, as a sheet prints it: the difficulty, the hardest step, and what
        is left open when deductions run out."""
        hardest = f"hardest step: {self.hardest}" if self.hardest else "no deduction needed"
        if self.impossible or self.solved:
            return f"{self.word} ({hardest})"
        return f"{self.word} ({hardest}; deductions leave {self.open_cells} {self.unit} open)"

    @property
    def key(self) -> tuple[int, float]:
        """An order on grades, easiest first: a puzzle deductions finish ranks by its hardest
        deduction, one they do not finish above all of them, by the search left."""
        return (self.level if self.solved else max(GRADE_WORDS) + 1, self.search_log10)

    @property
    def text(self) -> str:
        """The grade in one line, as `solve` prints it."""
        hardest = f"hardest deduction: {self.hardest}" if self.hardest else "no deduction needed"
        if self.solved:
            return f"{self.word} ({hardest}; deductions alone solve it)"
        if self.impossible:
            return f"{self.word} (the deductions show that the rules contradict each other; {hardest})"
        return (f"{self.word} (deductions run out with {self.open_cells} {self.unit} open, about {self.amount} "
                f"{self.search}; {hardest})")

    @property
    def amount(self) -> str:
        """The search left, in words: '72', '54,684', '10^7'."""
        return f"{round(10 ** self.search_log10):,}" if self.search_log10 < 6 else f"10^{self.search_log10:.0f}"

    def json(self) -> dict:
        return {"word": self.word, "hardest": self.hardest, "level": self.level, "solved": self.solved,
                "open_cells": self.open_cells, "search_log10": round(self.search_log10, 2),
                "impossible": self.impossible}


@dataclass(frozen=True)
class Diary:
    """The whole path: its entries, how it ends (solved, or where deductions ran out), the grade."""

    entries: tuple[Entry, ...]
    end: str
    grade: Grade
