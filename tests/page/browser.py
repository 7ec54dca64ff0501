"""Headless Chromium, cut off from the network, driven from the command line: open a page at a
position (the page reads #t=, #step=, #box=, #revealed, #guess= from its address), read back the
state it publishes on <body data-...>, take screenshots, measure the rendered page with a script
of the test's own (``measure``), and keep Chromium's net log of the visit."""

from __future__ import annotations

import html
import json
import re
import subprocess
import uuid
from pathlib import Path
from typing import Any

from tests.conftest import require_program

OFFLINE = ["--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>"]
# Screenshots take the size given; the DOM is laid out at least 500 px wide (headless Chromium's
# narrowest window), still one column in the pages' layout.
PHONE, DESKTOP = (390, 844), (1280, 860)


def chromium(url: str, *flags: str, profile: Path, budget_ms: int = 4000) -> str:
    """Run headless Chromium on a URL with the network disabled; its standard output."""
    program = require_program("chromium")
    command = [program, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
               "--disable-extensions", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--metrics-recording-only", "--no-default-browser-check",
               f"--user-data-dir={profile}", *OFFLINE, f"--virtual-time-budget={budget_ms}", *flags, url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def visit(page: Path, position: str = "", size: tuple[int, int] = DESKTOP, png: Path | None = None) -> dict[str, str]:
    """Open the page at #position in a window of this size (and take a screenshot to ``png``);
    the state it then publishes on <body data-...>."""
    shot = [f"--screenshot={png}"] if png else []
    dom = chromium(f"{page.as_uri()}#{position}", "--dump-dom", f"--window-size={size[0]},{size[1]}", *shot,
                   profile=page.parent / "profile")
    body = re.search(r"<body([^>]*)>", dom)
    assert body, dom[:500]
    assert png is None or png.exists(), f"no screenshot of {page.name}#{position}"
    return {key: html.unescape(value) for key, value in re.findall(r'data-([a-z-]+)="([^"]*)"', body.group(1))}


MEASURING = """<!doctype html><html><body style="margin:0">
<iframe id="page" src="{src}" style="width:{width}px;height:{height}px;border:0;display:block"></iframe>
<script>
const frame = document.getElementById("page");
frame.addEventListener("load", () => setTimeout(() => {{
  const win = frame.contentWindow, doc = frame.contentDocument;
  new Promise((resolve) => resolve((async function (win, doc) {{ {script} }})(win, doc)))
    .then((result) => {{ document.body.dataset.measured = JSON.stringify(result === undefined ? null : result); }},
          (error) => {{ document.body.dataset.measured = JSON.stringify({{error: String(error)}}); }})
    .finally(() => {{ document.body.dataset.page = JSON.stringify(Object.assign({{}}, doc.body.dataset)); }});
}}, 300));
</script></body></html>
"""


def measure(page: Path, script: str, position: str = "", width: int = DESKTOP[0], height: int = DESKTOP[1],
            png: Path | None = None, budget_ms: int = 6000) -> tuple[Any, dict[str, str]]:
    """Open the page at #position in a frame exactly ``width`` CSS pixels wide (a phone's 390 px
    too, narrower than headless Chromium's narrowest window), run ``script`` (the body of an async
    function of ``win`` and ``doc``, the page's window and document) once it has set itself up;
    (what the script returned, the state the page published on <body data-...>)."""
    wrapper = page.parent / f"measure-{width}-{uuid.uuid4().hex[:8]}.html"
    src = html.escape(f"{page.name}#{position}", quote=True)
    wrapper.write_text(MEASURING.format(src=src, width=width, height=height, script=script))
    shot = [f"--screenshot={png}"] if png else []
    dom = chromium(wrapper.as_uri(), "--dump-dom", "--allow-file-access-from-files",
                   f"--window-size={width},{height}", *shot, profile=page.parent / "profile", budget_ms=budget_ms)
    body = re.search(r"<body([^>]*)>", dom)
    assert body, dom[:500]
    found = {key: html.unescape(value) for key, value in re.findall(r'data-([a-z-]+)="([^"]*)"', body.group(1))}
    assert "measured" in found, f"the measuring script did not finish on {page.name}#{position}: {found}"
    result = json.loads(found["measured"])
    assert not (isinstance(result, dict) and "error" in result), result
    return result, json.loads(found.get("page", "{}"))


# Chromium's own background requests (clock, component updates, accounts), made whatever page it opens.
BROWSER_OWN = ("http://clients2.google.com/time/", "http://update.googleapis.com/service/update2/",
               "https://update.googleapis.com/service/update2/", "https://accounts.google.com/ListAccounts")


def requested_urls(page: Path, tmp: Path) -> list[str]:
    """Every URL Chromium's network stack was asked for while loading the page (from its net
    log), but for the browser's own background requests."""
    log = tmp / "netlog.json"
    chromium(page.as_uri(), "--dump-dom", f"--log-net-log={log}", "--net-log-capture-mode=Everything",
             profile=tmp / "profile-netlog")
    text = log.read_text()
    if not text.rstrip().endswith("}"):  # a log cut short at exit: close it the way Chromium would
        text = text.rstrip().rstrip(",") + "]}"
    events = json.loads(text).get("events", [])
    urls = {e["params"]["url"] for e in events if isinstance(e.get("params"), dict) and "url" in e["params"]}
    return sorted(url for url in urls if not url.startswith(BROWSER_OWN))
