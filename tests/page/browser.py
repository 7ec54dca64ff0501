"""Headless Chromium, cut off from the network, driven from the command line: open a page at a
position (the page reads #t=, #step=, #revealed, #guess= from its address), read back the state
it publishes on <body data-...>, take screenshots, and keep Chromium's net log of the visit."""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

from tests.conftest import require_program

OFFLINE = ["--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>"]
PHONE, DESKTOP = (390, 844), (1280, 860)


def chromium(url: str, *flags: str, profile: Path) -> str:
    """Run headless Chromium on a URL with the network disabled; its standard output."""
    program = require_program("chromium")
    command = [program, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
               "--disable-extensions", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--metrics-recording-only", "--no-default-browser-check",
               f"--user-data-dir={profile}", *OFFLINE, "--virtual-time-budget=4000", *flags, url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def state(page: Path, position: str = "", tmp: Path | None = None) -> dict[str, str]:
    """The page's published state (<body data-...>) once loaded at #position."""
    tmp = tmp or page.parent
    dom = chromium(f"{page.as_uri()}#{position}", "--dump-dom", profile=tmp / "profile")
    body = re.search(r"<body([^>]*)>", dom)
    assert body, dom[:500]
    return {key: html.unescape(value) for key, value in re.findall(r'data-([a-z-]+)="([^"]*)"', body.group(1))}


def screenshot(page: Path, position: str, size: tuple[int, int], out: Path) -> Path:
    """A PNG of the page at #position in a window of this size."""
    chromium(f"{page.as_uri()}#{position}", f"--screenshot={out}", f"--window-size={size[0]},{size[1]}",
             profile=out.parent / "profile")
    assert out.exists(), f"no screenshot of {page.name}#{position}"
    return out


def requested_urls(page: Path, tmp: Path) -> list[str]:
    """Every URL Chromium's network stack was asked for while loading the page (from its net log)."""
    log = tmp / "netlog.json"
    chromium(page.as_uri(), "--dump-dom", f"--log-net-log={log}", "--net-log-capture-mode=Everything",
             profile=tmp / "profile-netlog")
    text = log.read_text()
    if not text.rstrip().endswith("}"):  # a log cut short at exit: close it the way Chromium would
        text = text.rstrip().rstrip(",") + "]}"
    events = json.loads(text).get("events", [])
    return sorted({e["params"]["url"] for e in events if isinstance(e.get("params"), dict) and "url" in e["params"]})
