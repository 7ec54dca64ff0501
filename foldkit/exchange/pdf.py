"""PDF: a document drawn page by page on a reportlab canvas, then its bytes.

Same drawing, same bytes: the canvas runs in reportlab's invariant mode (no dates, no random
document id).
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

PT_PER_MM = 72 / 25.4


class PdfDocument:
    """A PDF being drawn: ``canvas`` for the pages, ``bytes()`` when every page is done."""

    def __init__(self, page_mm: tuple[float, float], title: str, subject: str = ""):
        self._buffer = io.BytesIO()
        self.canvas = Canvas(self._buffer, pagesize=tuple(x * PT_PER_MM for x in page_mm), invariant=1)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("foldkit")
        self.canvas.setCreator("foldkit")
        if subject:
            self.canvas.setSubject(subject)

    def bytes(self) -> bytes:
        """Close the document and return the file's bytes."""
        self.canvas.save()
        return self._buffer.getvalue()
