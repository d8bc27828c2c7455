"""What the language server tests share: the built binary, a workspace, the CLI's JSON, and
position arithmetic in each encoding (to check the server's ranges independently of it)."""

import asyncio
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from lsprotocol import types

ROOT = Path(__file__).resolve().parents[3]
BINARY = os.environ.get("PROGRESS_LINT_BINARY") or str(ROOT / ".build" / "debug" / "progress-lint")

# The captured capabilities pytest-lsp ships, and the encoding each must get.
CLIENTS = {
    "neovim@v0.7.0": "utf-16",
    "neovim@v0.11.0": "utf-8",
    "visual-studio-code@v1.65.2": "utf-16",
    "emacs@v29.1": "utf-32",
}

UNIT = {"utf-8": "byte", "utf-16": "utf16", "utf-32": "char"}

# Specs whose lines hold emoji, CJK, combining marks, tabs, CRLF breaks and a byte order mark,
# each with findings on those lines.
UNICODE_SPECS = {
    "unicode/emoji.yaml": "version: 1\nplatform: ios\nscreen: \"📤 Upload 😀\"\nindicators:\n"
    "  - id: up😀load\n    style: spinner\n    label: \"😀😀 Loading...\"\n    duration: 30s\n",
    "unicode/cjk.yaml": "version: 1\nplatform: android\nscreen: 上传照片\nindicators:\n"
    "  - {id: 上传, style: bar, determinate: true, label: 正在上传…, duration: 45s}\n",
    "unicode/combining.yaml": "version: 1\nplatform: web\nscreen: Cafe\u0301 e\u0301\u0301\nindicators:\n"
    "  - id: cafe\u0301\n    style: spinner\n    label: \"Re\u0301sume\u0301 please wait\"\n    duration: 20s\n",
    "unicode/tabs-crlf.yaml": "version: 1\r\nplatform: ios\r\nscreen: Tabs\t# a\ttab\r\nindicators:\r\n"
    "  - id: tabbed\r\n    style: spinner\r\n    label: \"\tLoading\"\r\n    duration: 12s\r\n",
    "unicode/bom.yaml": "\ufeffversion: 1\nplatform: ios\nscreen: BOM 😀\nindicators:\n"
    "  - id: bom\n    style: spinner\n    label: Loading\n    duration: 15s\n",
}


def make_workspace(tmp: Path) -> Path:
    """A copy of Examples/ (with its configuration) and the unicode specs."""
    workspace = tmp / "workspace"
    shutil.copytree(ROOT / "Examples", workspace / "Examples")
    for name, text in UNICODE_SPECS.items():
        path = workspace / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    return workspace


def spec_files(workspace: Path):
    return sorted(p for p in [*workspace.rglob("*.yaml"), *workspace.rglob("*.yml")] if not p.name.startswith("."))


def cli_json(paths, cwd: Path, encoding: str):
    """The command's JSON report of `paths` (relative to `cwd`), columns in the encoding's unit."""
    run = subprocess.run([BINARY, "--format", "json", "--column-unit", UNIT[encoding], *paths],
                         cwd=cwd, capture_output=True, timeout=120)
    assert run.returncode in (0, 1), run.stderr.decode()
    return json.loads(run.stdout)


def cli_fix(path: Path, cwd: Path, unsafe: bool) -> bytes:
    """What `--fix --stdin` writes for the file."""
    arguments = [BINARY, "--fix", "--stdin", "--stdin-filename", str(path.relative_to(cwd))]
    if unsafe:
        arguments.append("--unsafe-fixes")
    run = subprocess.run(arguments, cwd=cwd, input=path.read_bytes(), capture_output=True, timeout=60)
    return run.stdout


def expected(diagnostic: dict):
    """A CLI diagnostic as (rule, severity, message, range) with 0-based LSP positions."""
    severity = {"error": 1, "warning": 2, "info": 3}[diagnostic["severity"]]
    return (diagnostic["rule"], severity, diagnostic["message"],
            (diagnostic["line"] - 1, diagnostic["column"] - 1, diagnostic["endLine"] - 1, diagnostic["endColumn"] - 1))


def actual(diagnostic: types.Diagnostic):
    r = diagnostic.range
    return (diagnostic.code, int(diagnostic.severity), diagnostic.message,
            (r.start.line, r.start.character, r.end.line, r.end.character))


LINE_BREAK = re.compile(r"\r\n|\r|\n")


def units(text: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


def offset(text: str, position: types.Position, encoding: str) -> int:
    """The index in `text` of an LSP position (lines split as LSP splits them)."""
    starts = [0] + [m.end() for m in LINE_BREAK.finditer(text)]
    if position.line >= len(starts):
        return len(text)
    start = starts[position.line]
    end = starts[position.line + 1] if position.line + 1 < len(starts) else len(text)
    line = LINE_BREAK.sub("", text[start:end])
    count = 0
    for i, character in enumerate(line):
        if count >= position.character:
            return start + i
        count += units(character, encoding)
    return start + len(line)


def apply_edits(text: str, edits, encoding: str) -> str:
    spans = sorted(((offset(text, e.range.start, encoding), offset(text, e.range.end, encoding), e.new_text)
                    for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def apply_byte_edits(data: bytes, edits) -> bytes:
    for edit in sorted(edits, key=lambda e: e["start"]["offset"], reverse=True):
        data = data[:edit["start"]["offset"]] + edit["content"].encode("utf-8") + data[edit["end"]["offset"]:]
    return data


def pulls(client) -> bool:
    return client.capabilities.text_document is not None and client.capabilities.text_document.diagnostic is not None


async def diagnostics(client, uri: str, timeout: float = 30.0):
    """The document's diagnostics: pulled when the client pulls, else the next push for it."""
    if pulls(client):
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
        return report.items
    for _ in range(int(timeout / 0.02)):
        if uri in client.diagnostics:
            return client.diagnostics.pop(uri)
        await asyncio.sleep(0.02)
    raise AssertionError(f"no diagnostics published for {uri}")


def open_document(client, path: Path, version: int = 1) -> str:
    uri = path.as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="yaml", version=version, text=path.read_bytes().decode("utf-8"))))
    return uri


def change_document(client, uri: str, version: int, text: str):
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
