"""Diagnostics, quick fixes and fix-all against the command, with each client's capabilities."""

import subprocess
import sys
from collections import Counter

import pytest
from lsprotocol import types

from lspsupport import (CLIENTS, ROOT, apply_byte_edits, apply_edits, actual, change_document, cli_fix, cli_json,
                        diagnostics, expected, open_document, pulls, spec_files)

# Compared file by file in the generated corpus, where the command ran over all of them at once.
CROSS_FILE = {"consistent-location"}
GENERATOR = ROOT.parent / "shared" / "bench" / "gen-corpus.py"
_CORPUS = {}


def generated_corpus(tmp_path_factory):
    """200 specs from the contract's generator (same arguments, same bytes), made once."""
    if "folder" not in _CORPUS:
        folder = tmp_path_factory.mktemp("corpus")
        subprocess.run([sys.executable, str(GENERATOR), str(folder), "--files", "200", "--seed", "21", "--violation-rate", "0.5"],
                       check=True, capture_output=True, timeout=120)
        _CORPUS["folder"] = folder
    return _CORPUS["folder"]


async def test_initialize_agrees_on_the_clients_first_encoding(client):
    encoding = client.initialize_result.capabilities.position_encoding
    assert encoding == CLIENTS[client.client_name]


async def test_pull_or_push_as_the_client_supports(client):
    provider = client.initialize_result.capabilities.diagnostic_provider
    assert (provider is not None) == pulls(client)


async def test_diagnostics_equal_the_commands_on_every_spec(client, workspace):
    encoding = CLIENTS[client.client_name]
    files = spec_files(workspace)
    assert len(files) >= 15
    compared = 0
    for path in files:
        relative = str(path.relative_to(workspace))
        # The command on the file alone: its cross-file rules compare the file's own screens.
        want = Counter(expected(d) for d in cli_json([relative], workspace, encoding)["diagnostics"])
        uri = open_document(client, path)
        got = Counter(actual(d) for d in await diagnostics(client, uri))
        assert got == want, relative
        compared += sum(want.values())
    assert compared > 60


async def test_diagnostics_equal_the_commands_on_200_generated_specs(client, tmp_path_factory):
    if not GENERATOR.exists():
        pytest.skip("../shared/bench/gen-corpus.py is not beside the project")
    encoding = CLIENTS[client.client_name]
    folder = generated_corpus(tmp_path_factory)
    files = spec_files(folder)
    assert len(files) == 200
    report = cli_json([str(p.relative_to(folder)) for p in files], folder, encoding)
    by_path = {}
    for d in report["diagnostics"]:
        if d["rule"] not in CROSS_FILE:
            by_path.setdefault(d["path"], Counter())[expected(d)] += 1
    compared = skipped = 0
    for path in files:
        want = by_path.get(str(path.relative_to(folder)), Counter())
        try:
            path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            # A planted file that is not UTF-8: no editor can send its bytes as they are over LSP.
            skipped += 1
            continue
        uri = open_document(client, path)
        got = Counter(actual(d) for d in await diagnostics(client, uri) if d.code not in CROSS_FILE)
        assert got == want, path
        compared += sum(want.values())
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        client.diagnostics.pop(uri, None)
    assert compared > 200 and skipped < 10


async def test_every_diagnostic_names_its_rule_and_source_and_carries_its_fix(client, workspace):
    path = workspace / "Examples" / "ios" / "photo-upload.yaml"
    uri = open_document(client, path)
    found = await diagnostics(client, uri)
    assert found and all(d.source == "progress-lint" and d.code for d in found)
    with_fix = [d for d in found if d.data and d.data.get("fix")]
    assert with_fix, "photo-upload.yaml has fixable findings"
    for d in with_fix:
        assert d.data["fix"]["applicability"] in ("safe", "unsafe", "display-only")


async def test_each_quick_fix_makes_the_commands_edit(client, workspace):
    encoding = CLIENTS[client.client_name]
    report = cli_json(["Examples"], workspace, encoding)
    fixable = [d for d in report["diagnostics"] if d["fix"] and d["fix"]["applicability"] != "display-only"]
    assert fixable
    checked = 0
    for d in fixable:
        path = workspace / d["path"]
        text = path.read_bytes().decode("utf-8")
        uri = open_document(client, path)
        await diagnostics(client, uri)
        line, column = d["line"] - 1, d["column"] - 1
        position = types.Position(line=line, character=column)
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=position, end=position),
            context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.QuickFix])))
        title = f"progress-lint ({d['rule']}): {d['fix']['message']}"
        chosen = [a for a in actions if a.title.startswith(title)]
        assert chosen, (title, [a.title for a in actions])
        action = chosen[0]
        assert action.is_preferred == (d["fix"]["applicability"] == "safe")
        if d["fix"]["applicability"] == "unsafe":
            assert "unsafe" in action.title
        fixed = apply_edits(text, action.edit.changes[uri], encoding)
        assert fixed.encode("utf-8") == apply_byte_edits(path.read_bytes(), d["fix"]["edits"])
        checked += 1
    assert checked == len(fixable)


@pytest.mark.parametrize("unsafe", [False, True])
async def test_fix_all_equals_fix_on_standard_input(client, workspace, unsafe):
    encoding = CLIENTS[client.client_name]
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"progress-lint": {"unsafeFixes": unsafe, "workspaceDiagnostics": False}}))
    changed = 0
    for path in spec_files(workspace):
        text = path.read_bytes().decode("utf-8")
        uri = open_document(client, path)
        await diagnostics(client, uri)
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
            context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.progress-lint"])))
        want = cli_fix(path, workspace, unsafe)
        if want == path.read_bytes():
            assert not actions, path
            continue
        assert len(actions) == 1 and actions[0].kind == "source.fixAll.progress-lint"
        assert apply_edits(text, actions[0].edit.changes[uri], encoding).encode("utf-8") == want, path
        changed += 1
    assert changed > 0


async def test_disable_for_this_line_silences_the_finding_and_leaves_no_unused_suppression(client, workspace):
    encoding = CLIENTS[client.client_name]
    path = workspace / "unicode" / "emoji.yaml"
    text = path.read_bytes().decode("utf-8")
    uri = open_document(client, path)
    found = [d for d in await diagnostics(client, uri) if d.code not in ("spec-schema", "yaml-syntax")]
    assert found
    target = found[0]
    same = sum(1 for d in found if d.code == target.code and d.message == target.message)
    for scope, version in (("line", 2), ("file", 4)):
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=target.range,
            context=types.CodeActionContext(diagnostics=[target])))
        title = f"Disable {target.code} for this {scope}"
        chosen = [a for a in actions if a.title == title]
        assert chosen, [a.title for a in actions]
        edited = apply_edits(text, chosen[0].edit.changes[uri], encoding)
        change_document(client, uri, version, edited)
        after = await diagnostics(client, uri)
        left = sum(1 for d in after if d.code == target.code and d.message == target.message)
        assert left == (same - 1 if scope == "line" else 0), (scope, after)
        assert not any(d.code == "unused-suppression" for d in after)
        change_document(client, uri, version + 1, text)
        await diagnostics(client, uri)


async def test_no_disable_action_for_an_input_rule(client, workspace):
    path = workspace / "Examples"
    broken = workspace / "broken-input.yaml"
    broken.write_text("version: 1\nscreen: x\nindicators:\n  - id: a\n    style: nonsense\n")
    try:
        uri = open_document(client, broken)
        found = await diagnostics(client, uri)
        schema = [d for d in found if d.code == "spec-schema"]
        assert schema
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=schema[0].range,
            context=types.CodeActionContext(diagnostics=schema)))
        assert not any(a.title.startswith("Disable spec-schema") for a in actions)
    finally:
        broken.unlink()
    assert path.exists()
