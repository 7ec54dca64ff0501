"""A census on a real local Dask cluster that survives its failures: a scheduler and workers started as
separate processes (as docs/packing-at-scale.md says), one worker killed with -9 midway and a new one
started, then the foldkit client itself killed with -9 and the count resumed from its checkpoint. The
count must come out exact and the checkpoint must hold every part once.

Every event is logged with its UTC time to RUN_DIR/events.log; the scheduler's, the workers' and the
clients' output go to files beside it. The kills come when the checkpoint holds enough parts (a share of
them), so the run means the same on a quiet or a loaded machine. With --deadline HH:MM (UTC) a run that
cannot end stops the client then (SIGINT) and reports the share done and a projection.

--estimate N first counts a few of the N parts in this process (CPU seconds, time.process_time) and
projects the whole count's CPU, and its wall time on 1 and on 64 machines.

Usage:
    python bench/census_cluster.py                                      # Bedlam, writes bench/results/census_cluster.md
    python bench/census_cluster.py examples/one-sided-9x10.txt --estimate 2000 --samples 8 --no-cluster
    python bench/census_cluster.py examples/one-sided-9x10.txt --run-dir runs/9x10 --classes 10440433 \\
        --nice 0 --results bench/results/census_9x10.md
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "census_cluster.md"
BIN = Path(sys.executable).parent
TOTALS = re.compile(r"every packing: ([\d,]+); classes under the box's (\d+) symmetr\w+: ([\d,]+)")
PART = re.compile(rb'"part":(\d+)')
POLL_SECONDS = 2.0


def utc() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


@dataclass
class Cluster:
    """The processes of one run, and where they write."""

    run_dir: Path
    nice: int
    port: int = 0
    scheduler: subprocess.Popen | None = None
    workers: list[subprocess.Popen] = field(default_factory=list)
    started: int = 0  # workers started so far, to name their logs
    events: list[str] = field(default_factory=list)
    cpu: dict[int, float] = field(default_factory=dict)  # pid -> its CPU seconds when last seen

    def log(self, text: str) -> None:
        line = f"{utc()}  {text}"
        self.events.append(line)
        print(line, flush=True)
        with open(self.run_dir / "events.log", "a") as out:
            out.write(line + "\n")

    def spawn(self, name: str, args: list[str]) -> subprocess.Popen:
        """A process in its own group (so that a kill reaches its children), its output in RUN_DIR/name.log."""
        out = open(self.run_dir / f"{name}.log", "ab")  # noqa: SIM115 -- open as long as the process runs
        process = subprocess.Popen(["nice", "-n", str(self.nice), *args], stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True, cwd=ROOT)
        self.log(f"started {name} (pid {process.pid}): {' '.join(args)}")
        return process

    @property
    def address(self) -> str:
        return f"tcp://127.0.0.1:{self.port}"

    def start_scheduler(self) -> None:
        self.port = free_port()
        self.scheduler = self.spawn("scheduler", [str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port",
                                                  str(self.port), "--no-dashboard"])
        wait_for_port(self.port)

    def start_worker(self) -> None:
        self.started += 1
        name = f"worker{self.started}"
        self.workers.append(self.spawn(name, [str(BIN / "dask"), "worker", self.address, "--nworkers", "1",
                                              "--nthreads", "1", "--no-dashboard", "--name", name]))
        end = time.monotonic() + 120
        while b"Registered to" not in (self.run_dir / f"{name}.log").read_bytes():  # the count's parts: 8 a thread
            if time.monotonic() > end:
                raise SystemExit(f"{name} did not register with the scheduler in 120 s")
            time.sleep(0.5)
        self.log(f"{name} registered with the scheduler")

    def kill_worker(self) -> None:
        """kill -9 the first worker alive: its nanny and its worker process, the whole group."""
        victim = next(w for w in self.workers if w.poll() is None)
        os.killpg(victim.pid, signal.SIGKILL)
        victim.wait()
        self.log(f"kill -9 worker group {victim.pid} (nanny and worker)")

    def stop(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
        self.log("stopped the scheduler and the workers")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"no scheduler on port {port} after {seconds:.0f} s")


def parts_done(checkpoint: Path) -> tuple[list[int], int]:
    """(the part numbers the checkpoint holds, in its order; N), read without parsing its classes."""
    try:
        data = checkpoint.read_bytes()
    except FileNotFoundError:
        return [], 0
    head = re.search(rb'"parts":(\d+)', data)
    done = [int(k) for k in PART.findall(data)]
    return done, int(head.group(1)) if head else 0


def checkpoint_totals(checkpoint: Path) -> dict[str, int]:
    """The totals of the parts the checkpoint holds, added up."""
    whole = json.loads(checkpoint.read_bytes())
    out: dict[str, int] = {}
    for record in whole["done"]:
        for key, value in record["totals"].items():
            out[key] = out.get(key, 0) + value
    return out


def client_args(cluster: Cluster, puzzle: str, checkpoint: Path, resume: bool) -> list[str]:
    return [str(BIN / "foldkit"), "solve", puzzle, "--all", "--cluster", cluster.address,
            "--resume" if resume else "--checkpoint", str(checkpoint)]


def worker_cpu_seconds(cluster: Cluster) -> float:
    """User + system CPU seconds of every worker's processes (nanny and worker) so far, a dead one's as last
    seen (psutil, which Dask needs)."""
    import psutil

    for process in cluster.workers:
        try:
            group = psutil.Process(process.pid)
            for member in [group, *group.children(recursive=True)]:
                times = member.cpu_times()
                cluster.cpu[member.pid] = times.user + times.system
        except psutil.Error:
            continue
    return sum(cluster.cpu.values())


def watch(cluster: Cluster, client: subprocess.Popen, checkpoint: Path, until: int, deadline: float | None,
          what: str, seconds: float = float("inf")) -> bool:
    """Wait until the checkpoint holds `until` parts or `seconds` have passed (True), the client ends (False) or
    the deadline passes (False); log each change in the parts done, and the CPU every minute."""
    seen, start, said = -1, time.monotonic(), time.monotonic()
    while client.poll() is None:
        done, parts = parts_done(checkpoint)
        if len(done) != seen or time.monotonic() - said > 60:
            seen, said = len(done), time.monotonic()
            cluster.log(f"{what}: checkpoint holds {seen} of {parts} parts {sorted(done)}; workers' CPU so far "
                        f"{worker_cpu_seconds(cluster):.0f} s")
        if seen >= until or time.monotonic() - start >= seconds:
            return True
        if deadline is not None and time.time() >= deadline:
            return False
        time.sleep(POLL_SECONDS)
    return False


def run(args: argparse.Namespace) -> dict:
    """The run's figures: parts done before and after each kill, the count and whether it is exact."""
    run_dir = Path(args.run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    checkpoint = run_dir / "count.ckpt"
    if checkpoint.exists():
        raise SystemExit(f"{checkpoint} exists: give a new --run-dir")
    cluster = Cluster(run_dir, args.nice)
    deadline = _deadline(args.deadline)
    out: dict = {"puzzle": args.puzzle, "started": utc()}
    wall = time.monotonic()
    cluster.start_scheduler()
    for _ in range(args.workers):
        cluster.start_worker()
    try:
        client = cluster.spawn("client1", client_args(cluster, args.puzzle, checkpoint, resume=False))
        first, parts = 0, 0
        if watch(cluster, client, checkpoint, args.kill_worker_after, deadline, "client 1",
                 args.kill_worker_seconds):
            first, parts = len(parts_done(checkpoint)[0]), parts_done(checkpoint)[1]
            cluster.kill_worker()
            cluster.start_worker()
            out["worker killed after parts"] = first
        until = args.kill_client_after or max(first + 1, int(args.kill_client_at * max(parts, 1)))
        if watch(cluster, client, checkpoint, until, deadline, "client 1"):
            os.killpg(client.pid, signal.SIGKILL)
            client.wait()
            before, parts = parts_done(checkpoint)
            cluster.log(f"kill -9 the foldkit client; the checkpoint holds parts {sorted(before)}")
            out["client killed after parts"] = len(before)
            client = cluster.spawn("client2", client_args(cluster, args.puzzle, checkpoint, resume=True))
            watch(cluster, client, checkpoint, 1 << 30, deadline, "client 2 (resumed)")
        if client.poll() is None:  # the deadline
            client.send_signal(signal.SIGINT)
            client.wait(timeout=60)
            cluster.log("deadline: stopped the client (SIGINT)")
        out["client exit"] = client.returncode
        out["worker CPU s (live workers)"] = round(worker_cpu_seconds(cluster))
    finally:
        cluster.stop()
    out["wall s"] = round(time.monotonic() - wall)
    done, parts = parts_done(checkpoint)
    out["parts"], out["parts done"] = parts, len(done)
    out["each part once"] = sorted(done) == list(range(1, len(done) + 1)) or len(set(done)) == len(done)
    out["every part"] = sorted(done) == list(range(1, parts + 1))
    out["checkpoint totals"] = checkpoint_totals(checkpoint) if done else {}
    text = (run_dir / ("client2.log" if (run_dir / "client2.log").exists() else "client1.log")).read_text()
    found = TOTALS.search(text)
    if found:
        out["packings"], out["symmetries"], out["classes"] = (int(found.group(k).replace(",", "")) for k in (1, 2, 3))
    out["exact"] = bool(found) and args.classes in (None, out["classes"]) and args.packings in (None, out["packings"])
    cluster.log(f"result: {json.dumps(out)}")
    return out


def _deadline(text: str | None) -> float | None:
    """The UTC time HH:MM today (tomorrow if passed), as a Unix time."""
    if text is None:
        return None
    hour, minute = map(int, text.split(":"))
    now = datetime.now(UTC)
    at = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    return at.timestamp() + (86400 if at < now else 0)


def estimate(puzzle_path: str, parts: int, samples: int) -> dict:
    """The whole count's CPU projected from `samples` of its `parts` parts, spread evenly, each counted
    alone in this process (the plan made once, as a worker makes it)."""
    import statistics

    sys.path.insert(0, str(ROOT))
    from solver.packing import parse_packing
    from solver.packing.parts import count_part, plan_of

    path = ROOT / puzzle_path
    plan = plan_of(parse_packing(path.read_text(), str(path)))
    start = time.process_time()
    plan.split(parts)
    split = time.process_time() - start
    seconds, packings = [], []
    for k in range(0, parts, max(parts // samples, 1))[:samples]:
        start = time.process_time()
        packings.append(count_part(plan, k, parts).packings)
        seconds.append(time.process_time() - start)
    mean = statistics.fmean(seconds)
    total = mean * parts
    return {"parts": parts, "sampled": len(seconds), "split CPU s": round(split, 2),
            "part CPU s": [round(t, 2) for t in seconds], "part packings": packings,
            "relative spread": round(statistics.pstdev(seconds) / mean, 2), "whole CPU h": round(total / 3600, 2),
            "packings (projected)": round(statistics.fmean(packings) * parts)}


def _figure(value: int | None) -> str:
    """A count with its thousands marked, or '-' when there is none (not published, or not reached)."""
    return "-" if value is None else f"{value:,}"


def results_table(out: dict, args: argparse.Namespace) -> str:
    rows = [("puzzle", out["puzzle"]), ("cluster", f"1 scheduler, {args.workers} workers (1 process, 1 thread each)"),
            ("parts", out["parts"]), ("worker killed (-9) after", f"{out.get('worker killed after parts')} parts"),
            ("client killed (-9) after", f"{out.get('client killed after parts')} parts, then --resume"),
            ("parts in the checkpoint at the end", f"{out['parts done']} (every part once: {out['every part']})"),
            ("packings / classes", f"{_figure(out.get('packings'))} / {_figure(out.get('classes'))}"),
            ("expected", f"{_figure(args.packings)} / {_figure(args.classes)}"), ("exact", out["exact"]),
            ("wall", f"{out['wall s']} s (nice {args.nice}, started {out['started']} UTC)")]
    return "\n".join(["| what | figure |", "| --- | --- |", *(f"| {a} | {b} |" for a, b in rows)]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", nargs="?", default="examples/bedlam.txt")
    parser.add_argument("--packings", type=int, default=None, help="the published count of packings")
    parser.add_argument("--classes", type=int, default=None, help="the published count of classes")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kill-worker-after", type=int, default=2, help="parts in the checkpoint")
    parser.add_argument("--kill-worker-seconds", type=float, default=float("inf"),
                        help="or after this many seconds, whichever comes first")
    parser.add_argument("--kill-client-at", type=float, default=0.5, help="share of the parts in the checkpoint")
    parser.add_argument("--kill-client-after", type=int, default=0, help="parts in the checkpoint (instead)")
    parser.add_argument("--deadline", default=None, help="HH:MM UTC: stop the client then")
    parser.add_argument("--nice", type=int, default=19)
    parser.add_argument("--run-dir", default=None)
    parser.add_argument("--no-results", action="store_true", help="do not write the results")
    parser.add_argument("--results", type=Path, default=RESULTS, help="where the results go (markdown; default "
                        + str(RESULTS.relative_to(ROOT)) + ")")
    parser.add_argument("--estimate", type=int, default=0, help="first project the CPU from parts of N")
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--no-cluster", action="store_true", help="only the estimate")
    args = parser.parse_args()
    if args.estimate:
        print(json.dumps(estimate(args.puzzle, args.estimate, args.samples)), flush=True)
    if args.no_cluster:
        return
    if args.puzzle == "examples/bedlam.txt" and args.packings is None:
        args.packings, args.classes = 460_464, 19_186  # the puzzle data's record table (Kurowski; Tatham)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    args.run_dir = args.run_dir or str(ROOT / "runs" / f"census-cluster-{stamp}")
    out = run(args)
    if not args.no_results:
        args.results.write_text("# A census on a local Dask cluster, killed and resumed\n\n"
                           "`python bench/census_cluster.py` (" + " ".join(sys.argv[1:]) + ")\n\n"
                           + results_table(out, args))
    sys.exit(0 if out["exact"] or args.deadline else 1)


if __name__ == "__main__":
    main()
