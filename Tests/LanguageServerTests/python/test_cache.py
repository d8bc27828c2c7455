"""The workspace run and the command's cache: the same folder and keys, so a server started where
the command ran reads its results; a garbled cache is ignored and rewritten; `cache: false` and
PROGRESS_LINT_CACHE_DIR are honoured. Each test has a project of its own (a copy of Examples/)
and starts the server in it, as an editor opened on the project does."""

import asyncio
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

from lsprotocol import types
from pytest_lsp import client_capabilities, make_test_lsp_client

from lspsupport import BINARY, ROOT, actual, expected

CLIENT = "visual-studio-code@v1.65.2"  # pushes diagnostics, shows progress, counts in UTF-16
CACHE = Path(".progress-lint-cache") / "lint-cache.bin"


def project(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    shutil.copytree(ROOT / "Examples", folder / "Examples")
    return folder


def command(folder: Path, *options, env=None):
    """The command's JSON report of the folder, run in it (as CI or a developer runs it)."""
    import json

    run = subprocess.run([BINARY, "--format", "json", "--column-unit", "utf16", *options], cwd=folder,
                         capture_output=True, timeout=120, env=env)
    assert run.returncode in (0, 1), run.stderr.decode()
    return json.loads(run.stdout)


def stamp(path: Path):
    info = path.stat()
    return info.st_ino, info.st_mtime_ns, info.st_size


async def workspace_run(folder: Path, options: dict, env=None):
    """Starts a server in `folder` on it, waits for the end of its workspace run; returns that end's
    message and the diagnostics pushed for each file (by path relative to the folder)."""
    client = make_test_lsp_client()
    await client.start_io(BINARY, "server", cwd=str(folder), env=env)
    try:
        await client.initialize_session(types.InitializeParams(
            capabilities=client_capabilities(CLIENT), root_uri=folder.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name="project")],
            initialization_options={"workspaceDiagnostics": True, **options}))
        end = None
        for _ in range(int(120 / 0.05)):
            ends = [r for reports in client.progress_reports.values() for r in reports
                    if isinstance(r, types.WorkDoneProgressEnd)]
            if ends:
                end = ends[0]
                break
            await asyncio.sleep(0.05)
        assert end is not None, "the workspace run reported no end of progress"
        # Closed files' findings are pushed right after the run ends.
        await asyncio.sleep(0.5)
        pushed = {}
        for uri, items in client.diagnostics.items():
            path = Path(uri.removeprefix("file://"))
            if folder in path.parents:
                pushed[path.relative_to(folder).as_posix()] = Counter(actual(d) for d in items)
        return end.message, pushed
    finally:
        await client.shutdown_session()
        await client.stop()


def by_file(report):
    files = {}
    for d in report["diagnostics"]:
        files.setdefault(d["path"], Counter())[expected(d)] += 1
    return files


def same_findings(pushed, report):
    want = by_file(report)
    assert want, "the command reports nothing: the comparison would be empty"
    for path, findings in want.items():
        assert pushed.get(path) == findings, path


async def test_the_workspace_run_reads_the_cache_the_command_wrote_there(tmp_path):
    folder = project(tmp_path)
    report = command(folder)
    cache = folder / CACHE
    assert cache.exists(), "the command wrote no cache where the server would look"
    before = stamp(cache)
    files = len({d["path"] for d in report["diagnostics"]})
    message, pushed = await workspace_run(folder, {})
    # Every file answered from the cache, and the cache left as it was: read, not rewritten.
    assert message.endswith(f"linted ({message.split()[0]} from the cache)"), message
    assert int(message.split()[0]) >= files
    assert stamp(cache) == before
    same_findings(pushed, report)


async def test_a_garbled_cache_is_ignored_and_rewritten_and_the_findings_are_right(tmp_path):
    folder = project(tmp_path)
    report = command(folder, "--no-cache")
    command(folder)
    cache = folder / CACHE
    # Every file of the cache garbled: the main file (build and rule table) and its shards.
    files = sorted(cache.parent.glob("lint-cache*.bin"))
    assert cache in files and len(files) > 1, files
    for file in files:
        data = bytearray(file.read_bytes())
        for i in range(0, len(data), 7):
            data[i] ^= 0x5A
        file.write_bytes(bytes(data))
    message, pushed = await workspace_run(folder, {})
    assert "from the cache" not in message, message
    same_findings(pushed, report)
    # Rewritten whole: the command now answers every file from it, with the same report.
    run = subprocess.run([BINARY, "--format", "json", "--column-unit", "utf16"], cwd=folder, capture_output=True)
    assert by_file(__import__("json").loads(run.stdout)) == by_file(report)
    assert cache.read_bytes()[:7] == b"PLCACHE"


async def test_the_cache_setting_off_neither_reads_nor_writes_a_cache(tmp_path):
    folder = project(tmp_path)
    report = command(folder, "--no-cache")
    message, pushed = await workspace_run(folder, {"cache": False})
    assert "from the cache" not in message
    assert not (folder / ".progress-lint-cache").exists()
    same_findings(pushed, report)


async def test_the_cache_folder_variable_moves_the_cache_for_server_and_command_alike(tmp_path):
    folder = project(tmp_path)
    elsewhere = tmp_path / "ci-cache"
    env = {**os.environ, "PROGRESS_LINT_CACHE_DIR": str(elsewhere)}
    report = command(folder, env=env)
    before = stamp(elsewhere / "lint-cache.bin")
    message, pushed = await workspace_run(folder, {}, env=env)
    assert "from the cache" in message, message
    assert stamp(elsewhere / "lint-cache.bin") == before
    assert not (folder / ".progress-lint-cache").exists()
    same_findings(pushed, report)
