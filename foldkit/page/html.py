"""The shell of every page: one HTML file with its stylesheet, scripts and data inlined.

The page asks for nothing over the network: its Content-Security-Policy forbids every fetch
(``default-src 'none'``) and allows only the inline script and style, so it works the same from
a USB stick, a mail attachment or a web server. Links to the other files of the build folder
are plain relative links, followed only when the reader clicks them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from importlib.resources import files
from typing import Any

POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"


def asset(name: str) -> str:
    """The text of one file of foldkit/page/assets."""
    return files("foldkit.page").joinpath("assets", name).read_text(encoding="utf-8")


def css_rgb(rgb: tuple[float, float, float], towards_white: float = 0.0) -> str:
    """'rgb(r,g,b)' of an RGB in 0-1, mixed with white by the given amount."""
    return "rgb({},{},{})".format(*(round(255 * (v + (1 - v) * towards_white)) for v in rgb))


# Inside <script>, '</script' ends the element and '<!--' with '<script' makes the browser look for
# two closings: neither '<', '>' nor '&' may appear as such. json.dumps already writes every
# non-ASCII character (U+2028 and U+2029 included, line ends to old JavaScript) as \uXXXX.
SCRIPT_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})


def inline_json(data: Any) -> str:
    """JSON safe inside a <script> element, whatever text its strings hold: the markup characters
    written as JSON escapes, which JSON.parse reads back as the same text."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True).translate(SCRIPT_SAFE)


FILES_NOTE = "Files of this build, in the page's folder (a page sent alone comes without them):"


def links_html(links: Sequence[str]) -> str:
    """The other files of the build folder, by relative name, after a word that they come with the
    folder, not with the page (a page can travel alone, by mail); nothing when there are none."""
    anchors = " ".join(f'<a href="{escape(name)}">{escape(name)}</a>' for name in links if name != "index.html")
    return f'<span class="files">{escape(FILES_NOTE)}</span> {anchors}' if anchors else ""


def viewer_html(what: str, steps: str, scrub: str, hint: str, more: str = "") -> str:
    """The 3D view's canvas and its controls: a scrub bar (with ``scrub``'s attributes), previous,
    play/pause, next (one of ``steps`` each), and where the view is; ``more`` HTML after them."""
    return f"""<section class="stage">
<canvas id="view" aria-label="{escape(what)} in 3D: drag to turn, wheel or pinch to zoom"></canvas>
<div class="controls"><input id="scrub" type="range" {scrub} aria-label="{escape(what)}">
<button id="previous" title="previous {steps}">&#x23EE;</button><button id="play">Play</button>
<button id="next" title="next {steps}">&#x23ED;</button><span id="where"></span></div>
<p>Drag to turn, wheel or pinch to zoom. {escape(hint)}</p>{more}</section>"""


def page_bytes(title: str, body: str, data: Any, scripts: Sequence[str], links: Sequence[str] = ()) -> bytes:
    """A self-contained page: the body's HTML, the data as JSON (#data), then page.js and the scripts."""
    code = "\n".join(asset(name) for name in ("page.js", *scripts))
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{POLICY}">
<title>{escape(title)}</title>
<!-- Made by foldkit: everything this page needs is inside it; it makes no network request. -->
<style>
{asset("page.css")}
</style>
</head>
<body>
<header><h1>{escape(title)}</h1><nav>{links_html(links)}</nav></header>
<main>
{body}
</main>
<script type="application/json" id="data">{inline_json(data)}</script>
<script>
{code}
</script>
</body>
</html>
""".encode()
