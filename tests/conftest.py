"""Shared test plumbing.

Some checks need a program from outside Python (Xvfb, PrusaSlicer, the Khronos glTF validator,
pdftoppm). CI installs them (.ci/run), and there a missing one fails the test. On a user's
machine without them the test is skipped with the reason, so the quick start still passes.
"""

from __future__ import annotations

import functools
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
# The Khronos glTF validator (npm), where .ci/run installs it, or where GLTF_VALIDATOR says.
VALIDATOR = Path(os.environ.get("GLTF_VALIDATOR", ROOT / ".cache" / "npm" / "node_modules" / "gltf-validator"))


def require_program(name: str, path: str | None = None) -> str:
    """The path of an external program; fail in CI, skip elsewhere, when it is missing."""
    found = path if path and Path(path).exists() else shutil.which(name)
    if found:
        return found
    message = f"{name} is not installed (.ci/run installs it)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def examples() -> Path:
    return EXAMPLES


def run_foldkit(capsys, *argv) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of the command line run in this process with ARGV; argparse's own usage
    errors (SystemExit) give their code as a run would."""
    from foldkit.cli import main  # here: conftest is imported before a test may set up what foldkit reads

    try:
        code = main([str(arg) for arg in argv])
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def scheduler():
    """The address of a local Dask cluster of two worker processes, one per test module that asks for it."""
    from tests.dask_cluster import scheduler_address

    yield from scheduler_address()


def puzzle_fold(path=None):
    """The fold Subject of a Shut the Box puzzle's unique solution (None: the built-in puzzle)."""
    from foldkit.kinds import load

    loaded = load(path)
    return loaded.kind.subject(loaded.kind.solve(loaded.puzzle, loaded.kind.solve_options()), None).fold


@functools.cache
def example_fold(name: str):
    """The fold Subject of an example by name: 'nov2025' (the built-in puzzle), a puzzle file's
    stem ('nov2025-sample'), or a net file's stem and folding ('two-boxes 2')."""
    if " " in name:
        stem, number = name.split()
        return net_fold(EXAMPLES / f"{stem}.txt", int(number))
    return puzzle_fold(None if name == "nov2025" else EXAMPLES / f"{name}.txt")


def net_fold(path, number: int = 1):
    """The fold Subject of folding ``number`` of a net file."""
    from foldkit.kinds.net.report import net_folding

    return net_folding(path, number).fold


if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    # As the command line does: with no screen, VTK renders through EGL straight away.
    os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")


@pytest.fixture
def xvfb():
    """A virtual X screen on a display number Xvfb picks itself; yields its DISPLAY.

    -noreset: an X server resets itself whenever its last client leaves, and a client that connects
    meanwhile is refused. Here every client comes and goes (foldkit's check that the display opens,
    the tests' xwininfo looks), so without it VTK's connection now and then fell into a reset ("bad X
    server connection"), more often the busier the machine."""
    program = require_program("Xvfb")
    read, write = os.pipe()
    command = [program, "-displayfd", str(write), "-screen", "0", "800x600x24", "-nolisten", "tcp", "-noreset"]
    server = subprocess.Popen(command, pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        assert number.isdigit(), "Xvfb did not report its display"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def validate_gltf(data: bytes, tmp_path: Path) -> dict:
    """The Khronos validator's JSON report on a .glb file's bytes."""
    node = require_program("node")
    if not VALIDATOR.exists():
        require_program("gltf-validator (npm)", str(VALIDATOR))
    path = tmp_path / "model.glb"
    path.write_bytes(data)
    script = ROOT / "tests" / "validate_gltf.mjs"
    env = os.environ | {"GLTF_VALIDATOR": str(VALIDATOR)}
    done = subprocess.run([node, str(script), str(path)], capture_output=True, text=True, check=True, env=env)
    return json.loads(done.stdout)


def cpu_used() -> float:
    """CPU seconds (user + system) this process and the children it has waited for have used so far.

    Tests bound CPU time, never wall time: on a shared machine a wall clock measures the load."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def process_cpu(pid: int) -> float:
    """CPU seconds a running process, its living descendants and the children they waited for have used
    (Linux /proc; 0 once it ended)."""
    ticks, parents = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended while we looked
            continue
        number = int(stat.parent.name)
        parents[number], ticks[number] = int(fields[1]), sum(int(field) for field in fields[11:15])
    tree, grown = {pid}, True
    while grown:
        more = {number for number, parent in parents.items() if parent in tree} - tree
        tree, grown = tree | more, bool(more)
    return sum(ticks.get(number, 0) for number in tree) / os.sysconf("SC_CLK_TCK")  # utime stime cutime cstime


def wait_for_cpu(child: subprocess.Popen, seconds: float, hang: float = 120, may_end: bool = False) -> None:
    """Return once the child has used `seconds` of CPU: a moment of its work that a loaded machine does not
    move, as a wall-clock delay would (it must still be running then, unless it may end first)."""
    if not Path("/proc").is_dir():
        pytest.skip("reads a process's CPU time from /proc")
    deadline = time.monotonic() + hang  # a hang detector only: the CPU used is what is waited for
    while process_cpu(child.pid) < seconds and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert may_end or child.poll() is None, "the search ended before the interrupt"


def cpu_after_signal(child: subprocess.Popen, sent: int, hang: float = 60) -> tuple[str, str, float]:
    """Send the child a signal; (its stdout, its stderr, the CPU seconds it used from the signal to its exit).

    The bound a test puts on those seconds holds on a loaded machine, where the wall time would not."""
    before, children_before = process_cpu(child.pid), resource.getrusage(resource.RUSAGE_CHILDREN)
    child.send_signal(sent)
    try:
        out, err = child.communicate(timeout=hang)  # a hang detector only
    finally:
        child.kill()
    children_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = (children_after.ru_utime - children_before.ru_utime) + (children_after.ru_stime - children_before.ru_stime)
    return out, err, total - before


def interrupted_solve(puzzle: Path, *extra: str, after: float = 1.0) -> tuple[int, float, str]:
    """`foldkit solve PUZZLE` sent Ctrl-C once it has used `after` CPU seconds (it must still be running):
    (its exit code, CPU seconds from the signal to its exit, what it wrote to stderr)."""
    child = subprocess.Popen([sys.executable, "-m", "foldkit", "solve", str(puzzle), *extra], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for_cpu(child, after)
    _, err, cpu = cpu_after_signal(child, signal.SIGINT)
    return child.returncode, cpu, err


# A test writes only into its tmp_path: tests run side by side (pytest-xdist), and a fixed path in the
# checkout (outputs/, the root, examples/) is shared by all of them, and by the person running them.
WATCHED = ("outputs", "examples")
_BEFORE = pytest.StashKey[set[str]]()


def checkout_files() -> set[str]:
    """The names at the top of the checkout and every file under the folders tests must not write into."""
    found = {entry.name for entry in ROOT.iterdir() if not entry.name.startswith(".")}  # not caches (.mypy_cache)
    for folder in WATCHED:
        found |= {str(path.relative_to(ROOT)) for path in (ROOT / folder).rglob("*")}
    return found


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controller of a parallel run, or a serial run
        session.config.stash[_BEFORE] = checkout_files()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    before = session.config.stash.get(_BEFORE, None)
    if before is None:
        return
    written = sorted(checkout_files() - before)
    if written:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        reporter.write_line(f"tests wrote into the checkout (write into tmp_path instead): {', '.join(written[:10])}",
                            red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED



# A test that is not marked slow should stay well under this many CPU seconds (its setup included, its
# child processes too): the default run must take minutes on two cores.
SLOW_CPU_SECONDS = 3.0
_STARTED = pytest.StashKey[float]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[_STARTED] = cpu_used()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Each test's report carries its CPU seconds (setup and call); FOLDKIT_TEST_TIMES=FILE also appends
    them to FILE as each test ends."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" and not (report.when == "setup" and report.outcome != "passed"):
        return
    cpu = cpu_used() - item.stash.get(_STARTED, cpu_used())
    report.user_properties.append(("cpu_seconds", cpu))
    if log := os.environ.get("FOLDKIT_TEST_TIMES"):
        with open(log, "a") as times:
            times.write(f"{cpu:8.2f} {report.duration:8.2f} {item.nodeid}\n")


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """Name the tests outside the slow set that took more than SLOW_CPU_SECONDS."""
    heavy = [(dict(report.user_properties).get("cpu_seconds", 0.0), report.nodeid)
             for reports in terminalreporter.stats.values() for report in reports
             if isinstance(report, pytest.TestReport) and "slow" not in report.keywords]
    heavy = sorted((cpu, nodeid) for cpu, nodeid in heavy if cpu > SLOW_CPU_SECONDS)
    if heavy:
        terminalreporter.section(f"over {SLOW_CPU_SECONDS:.0f} CPU-s: mark these @pytest.mark.slow", yellow=True)
        for cpu, nodeid in reversed(heavy):
            terminalreporter.write_line(f"{cpu:6.0f} CPU-s  {nodeid}")
