#!/usr/bin/env python3
"""The language server's latency and workspace run, beside the command.

    python3 Benchmarks/server.py [--binary PATH] [--changes 200] [--indicators 300] [--workspace N]

- **didChange → diagnostics**: a spec of one screen with `--indicators` indicators is opened, then
  changed `--changes` times (the whole text, one duration edited each time); each time from
  writing the `didChange` to reading the `publishDiagnostics` of that version. Median and p95.
- **workspace** (with `--workspace N`, needs ../shared/bench/gen-corpus.py): N generated specs;
  the server's background run from `initialized` to the end of its `$/progress` (the `cache`
  setting off), against `progress-lint --format json --no-cache` over the same folder (default
  jobs), wall time and peak RSS.

Use a release build (`swift build -c release`, the default `--binary`); CI never runs this.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Server:
    def __init__(self, binary, cwd, prefix=(), env=None):
        # `prefix` runs the server under another command (run.py: /usr/bin/time, for its own peak RSS).
        self.process = subprocess.Popen([*prefix, binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, cwd=cwd, env=env)
        self.lock = threading.Condition()
        self.inbox = []
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(stream.read(length))
            with self.lock:
                self.inbox.append((time.perf_counter(), message))
                self.lock.notify_all()

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def wait(self, predicate, timeout=600):
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                for i, (at, message) in enumerate(self.inbox):
                    if predicate(message):
                        del self.inbox[: i + 1]
                        return at, message
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("no answer")
                self.lock.wait(left)

    def start(self, root, options):
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": None, "rootUri": Path(root).as_uri(), "initializationOptions": options,
            "capabilities": {"window": {"workDoneProgress": True}}}})
        self.wait(lambda m: m.get("id") == 1)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        return time.perf_counter()

    def stop(self):
        self.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        self.wait(lambda m: m.get("id") == 99)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=60)


def spec(indicators, seconds):
    lines = ["version: 1", "platform: ios", "screen: Big screen", "indicators:"]
    for i in range(indicators):
        lines += [f"  - id: task-{i}", "    style: bar", "    determinate: true", f"    label: Uploading part {i}",
                  f"    duration: {seconds if i == 0 else 5}s", "    location: content", "    cancel: true"]
    return "\n".join(lines) + "\n"


def latency(binary, changes, indicators):
    with tempfile.TemporaryDirectory() as folder:
        server = Server(binary, folder)
        server.start(folder, {"workspaceDiagnostics": False})
        uri = (Path(folder) / "big.yaml").as_uri()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": spec(indicators, 3)}}})
        server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        times = []
        cpu_before = cpu_seconds(server.process.pid)
        for version in range(2, changes + 2):
            text = spec(indicators, 3 + version % 50)
            sent = time.perf_counter()
            server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}})
            at, _ = server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                and m["params"].get("version") == version)
            times.append((at - sent) * 1000)
        cpu = (cpu_seconds(server.process.pid) - cpu_before) * 1000 / changes
        server.stop()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], len(spec(indicators, 3)), cpu


def cpu_seconds(pid):
    """User and system CPU time of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_kb(pid_status):
    for line in pid_status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def workspace(binary, files):
    generator = ROOT.parent / "shared" / "bench" / "gen-corpus.py"
    if not generator.exists():
        sys.exit("--workspace needs ../shared/bench/gen-corpus.py")
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, str(generator), folder, "--files", str(files), "--seed", "1"], check=True,
                       capture_output=True)
        started = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        subprocess.run([binary, "--format", "json", "--output", os.path.join(folder, "report.json"), "--no-cache", "."],
                       cwd=folder, capture_output=True)
        cli_seconds = time.perf_counter() - started
        cli_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        server_seconds, server_rss = workspace_run(binary, folder)
    return cli_seconds, server_seconds, (cli_rss if cli_rss > before else before), server_rss


def workspace_run(binary, folder, cache_dir=None):
    """The server's background run over `folder`, from `initialized` to the end of its `$/progress`:
    (seconds, peak RSS in KiB). /usr/bin/time starts the server when it is there, so the peak is
    the server's own (a child forked from Python starts with Python's resident size). Without
    `cache_dir` the run lints every file (the `cache: false` setting, as the command's
    `--no-cache` it is compared with); with it, the run uses the cache in that folder."""
    with tempfile.TemporaryDirectory() as scratch:
        stats = os.path.join(scratch, "time.txt")
        timed = os.path.exists("/usr/bin/time")
        env = {**os.environ, "PROGRESS_LINT_CACHE_DIR": cache_dir} if cache_dir else None
        server = Server(binary, folder, ["/usr/bin/time", "-f", "%M", "-o", stats] if timed else (), env=env)
        started = server.start(folder, {"workspaceDiagnostics": True, "cache": cache_dir is not None})
        at, _ = server.wait(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end")
        if not timed:
            with open(f"/proc/{server.process.pid}/status") as status:
                rss = peak_rss_kb(status.read())
        server.stop()
        if timed:
            with open(stats) as f:
                rss = int(f.read().split()[-1])
    return at - started, rss


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "progress-lint"))
    parser.add_argument("--changes", type=int, default=200)
    parser.add_argument("--indicators", type=int, default=300)
    parser.add_argument("--workspace", type=int, default=0)
    args = parser.parse_args()
    median, p95, size, cpu = latency(args.binary, args.changes, args.indicators)
    print(f"didChange -> diagnostics, {args.indicators} indicators ({size // 1024} KB), {args.changes} changes: "
          f"median {median:.2f} ms, p95 {p95:.2f} ms; server CPU {cpu:.2f} ms a change; load {os.getloadavg()[0]:.1f}")
    if args.workspace:
        cli, server, cli_rss, server_rss = workspace(args.binary, args.workspace)
        print(f"workspace of {args.workspace} files: command {cli:.2f} s, server {server:.2f} s ({server / cli:.2f}x); "
              f"peak RSS command {cli_rss // 1024} MB, server {server_rss // 1024} MB ({server_rss / max(cli_rss, 1):.2f}x)")


if __name__ == "__main__":
    main()
