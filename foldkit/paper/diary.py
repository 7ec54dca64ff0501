"""A solving diary on paper (``hints.pdf``): the title, the grade, every step numbered with its
rule, and how it ends, flowed over as many pages as it takes."""

from __future__ import annotations

from foldkit.drawing import Document, Drawing
from foldkit.exchange.pdf import drawing_pdf
from foldkit.look import INK
from foldkit.paper.page import BOLD, MARGIN_MM, REGULAR, SOFT_INK, Sheet, paper_size, wrapped
from solver.diary import Diary

TITLE_PT, BODY_PT = 15.0, 9.0
LEADING = 1.45  # line height in body sizes
INDENT_MM = 9.0  # the step numbers' column


def _line_mm(size_pt: float) -> float:
    return size_pt * LEADING * 25.4 / 72


def diary_document(name: str, diary: Diary, paper: str) -> Document:
    """The diary as pages: a block of lines per step (its number, rule and words), never split
    across two pages, then the end and the grade."""
    width, height = paper_size(paper)
    inner = width - 2 * MARGIN_MM - INDENT_MM
    blocks = [(f"{k}.", wrapped((f"[{e.rule}] {e.text}",), REGULAR, BODY_PT, inner))
              for k, e in enumerate(diary.entries, 1)]
    blocks.append(("", wrapped((diary.end,), BOLD, BODY_PT, inner)))
    blocks.append(("", wrapped((f"Difficulty: {diary.grade.text}",), BOLD, BODY_PT, inner)))
    pages: list[Drawing] = []
    sheet, y = _new_page(name, (width, height), 1, f"Difficulty: {diary.grade.short}")
    step = _line_mm(BODY_PT)
    for number, lines in blocks:
        if y + step * len(lines) > height - MARGIN_MM - 8:
            pages.append(sheet.drawing(f"{name}: a solving diary"))
            sheet, y = _new_page(name, (width, height), len(pages) + 1)
        font = REGULAR if number else BOLD
        sheet.text(MARGIN_MM, y, number, BODY_PT, REGULAR, SOFT_INK)
        for line in lines:
            sheet.text(MARGIN_MM + INDENT_MM, y, line, BODY_PT, font, INK)
            y += step
        y += step * 0.35
    pages.append(sheet.drawing(f"{name}: a solving diary"))
    return Document(f"{name}: a solving diary", tuple(pages), diary.grade.text)


def _new_page(name: str, size: tuple[float, float], number: int, difficulty: str = "") -> tuple[Sheet, float]:
    """A page with its heading and the difficulty in short (the first) or a running head (the
    others); where the text starts."""
    sheet = Sheet(size)
    if number == 1:
        sheet.text(MARGIN_MM, MARGIN_MM + 6, f"{name}: a solving diary", TITLE_PT, BOLD)
        sheet.text(MARGIN_MM, MARGIN_MM + 12, "Each step is the easiest deduction that applies; [the rule] first.",
                   BODY_PT, REGULAR, SOFT_INK)
        sheet.text(MARGIN_MM, MARGIN_MM + 17, difficulty, BODY_PT, BOLD)
        return sheet, MARGIN_MM + 25
    sheet.text(MARGIN_MM, MARGIN_MM + 4, f"{name}: a solving diary, page {number}", BODY_PT, REGULAR, SOFT_INK)
    return sheet, MARGIN_MM + 11


def diary_pdf(name: str, diary: Diary, paper: str) -> bytes:
    return drawing_pdf(diary_document(name, diary, paper))
