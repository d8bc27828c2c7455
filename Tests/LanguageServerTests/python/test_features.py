"""Hover, completion, settings and configuration changes."""

import asyncio
import shutil

from lsprotocol import types

from lspsupport import CLIENTS, ROOT, apply_edits, change_document, diagnostics, open_document, pulls


def position(line, character):
    return types.Position(line=line, character=character)


async def test_hover_on_a_rule_id_in_a_suppression_comment_shows_the_rule_page(client, workspace):
    path = workspace / "hover.yaml"
    path.write_text("# progress-lint-disable-file vague-label, offer-cancel\nversion: 1\nscreen: x\nindicators: []\n")
    uri = open_document(client, path)
    await diagnostics(client, uri)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(0, 32)))
    assert hover is not None
    # The rule's page, as `generate-docs` writes it under Rules/.
    assert hover.contents.value == (ROOT / "Rules" / "vague-label.md").read_text(encoding="utf-8")
    path.unlink()


async def test_hover_on_a_spec_key_shows_its_key_table_entry(client, workspace):
    path = workspace / "Examples" / "ios" / "sign-in.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    duration = next(i for i, line in enumerate(lines) if line.startswith("    duration: 500ms..4s"))
    announce = next(i for i, line in enumerate(lines) if line.strip().startswith("announce:"))
    uri = open_document(client, path)
    await diagnostics(client, uri)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(duration, 6)))
    assert hover is not None and "`duration`" in hover.contents.value
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(announce, lines[announce].index("announce") + 2)))
    assert hover is not None and "`announce`" in hover.contents.value
    # On a duration: where it stands against the configuration's thresholds.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(duration, 17)))
    assert hover is not None
    assert "`500ms`: past `instant` (100ms), under `noticeable` (1s)" in hover.contents.value, hover.contents.value
    assert "`4s`: past `noticeable` (1s), under `attention` (10s)" in hover.contents.value


async def test_disable_actions_off_offers_none(client, workspace):
    uri = open_document(client, workspace / "unicode" / "emoji.yaml")
    found = [d for d in await diagnostics(client, uri) if d.code not in ("spec-schema", "yaml-syntax")]
    assert found

    async def titles():
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=found[0].range,
            context=types.CodeActionContext(diagnostics=[found[0]])))
        return [a.title for a in actions or []]

    assert any(t.startswith("Disable ") for t in await titles())
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"disableActions": False}))
    assert not any(t.startswith("Disable ") for t in await titles())


async def test_completion_offers_rule_ids_in_a_suppression_comment(client, workspace):
    path = workspace / "complete.yaml"
    path.write_text("version: 1\nscreen: x\n# progress-lint-disable-next-line vag\nindicators: []\n")
    uri = open_document(client, path)
    await diagnostics(client, uri)
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(2, 37)))
    items = result.items if hasattr(result, "items") else result
    assert [i.label for i in items] == ["vague-label"]
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(1, 3)))
    items = result.items if hasattr(result, "items") else result
    assert list(items) == []
    path.unlink()


async def test_spec_schema_off_leaves_schema_errors_out(client, workspace):
    path = workspace / "schema.yaml"
    path.write_text("version: 1\nscreen: x\nindicators:\n  - id: a\n    style: nonsense\n")
    uri = open_document(client, path)
    assert any(d.code == "spec-schema" for d in await diagnostics(client, uri))
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"specSchema": False}))
    change_document(client, uri, 2, path.read_text())
    assert not any(d.code == "spec-schema" for d in await diagnostics(client, uri))
    path.unlink()


async def test_lint_on_save_waits_for_the_save(client, workspace):
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"lintOn": "save"}))
    path = workspace / "save.yaml"
    path.write_text("version: 1\nscreen: x\nindicators: []\n")
    uri = open_document(client, path)
    assert not any(d.code == "yaml-syntax" for d in await diagnostics(client, uri))
    change_document(client, uri, 2, "version: 1\nscreen: [\n")
    await asyncio.sleep(0.3)
    if not client.capabilities.text_document.diagnostic:
        assert uri not in client.diagnostics
    path.write_text("version: 1\nscreen: [\n")
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert any(d.code == "yaml-syntax" for d in await diagnostics(client, uri))
    path.unlink()


async def test_a_config_that_does_not_load_is_a_diagnostic_on_it_and_one_message(client, workspace):
    folder = workspace / "badconfig"
    folder.mkdir(exist_ok=True)
    config = folder / ".progress-lint.yml"
    config.write_text("rules:\n  no-such-rule: error\n")
    spec = folder / "a.yaml"
    spec.write_text("version: 1\nscreen: x\nindicators: []\n")
    try:
        uri = open_document(client, spec)
        await diagnostics(client, uri)
        for _ in range(100):
            if client.messages:
                break
            await asyncio.sleep(0.02)
        assert len([m for m in client.messages if "does not load" in m.message]) == 1
        found = await diagnostics(client, config.as_uri())
        assert found and "no-such-rule" in found[0].message
        assert found[0].range.start.line == 1
        # Fixed on disk, with no watcher telling: the stat check reads it again.
        config.write_text("rules:\n  vague-label: error\n")
        change_document(client, uri, 2, "version: 1\nplatform: ios\nscreen: x\nindicators:\n"
                        "  - {id: a, style: spinner, label: Loading..., duration: 3s}\n")
        after = await diagnostics(client, uri)
        assert any(d.code == "vague-label" and d.severity == types.DiagnosticSeverity.Error for d in after), after
    finally:
        config.unlink()
        spec.unlink()
        folder.rmdir()


async def test_unknown_requests_are_method_not_found(client):
    try:
        await client.protocol.send_request_async("progress-lint/nothing", {})
    except Exception as error:  # pygls raises the JSON-RPC error
        assert "-32601" in str(error) or "not handle" in str(error)
    else:
        raise AssertionError("an unknown request was answered")


async def test_turn_a_rule_off_in_the_config_keeps_its_comments_and_silences_the_rule(client, workspace):
    encoding = CLIENTS[client.client_name]
    folder = workspace / "configured"
    folder.mkdir(exist_ok=True)
    config = folder / ".progress-lint.yml"
    original = "# our settings\nrules:\n  uneven-pacing: warning  # keep\n\nthresholds:\n  attention: 10s\n"
    config.write_text(original)
    spec = folder / "a.yaml"
    spec.write_bytes((workspace / "unicode" / "emoji.yaml").read_bytes())
    try:
        uri = open_document(client, spec)
        found = [d for d in await diagnostics(client, uri) if d.code not in ("spec-schema", "yaml-syntax")]
        target = found[0]
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=target.range,
            context=types.CodeActionContext(diagnostics=[target])))
        chosen = [a for a in actions if a.title == f"Turn {target.code} off in .progress-lint.yml"]
        assert chosen, [a.title for a in actions]
        edited = apply_edits(original, chosen[0].edit.changes[config.as_uri()], encoding)
        assert edited == original.replace("  uneven-pacing: warning  # keep\n",
                                          f"  uneven-pacing: warning  # keep\n  {target.code}: off\n")
        config.write_text(edited)
        change_document(client, uri, 2, spec.read_text())
        assert not any(d.code == target.code for d in await diagnostics(client, uri))
    finally:
        config.unlink()
        spec.unlink()
        folder.rmdir()


async def test_turn_a_rule_off_without_a_config_creates_one_where_the_client_can(client, workspace):
    uri = open_document(client, workspace / "unicode" / "emoji.yaml")
    found = [d for d in await diagnostics(client, uri) if d.code not in ("spec-schema", "yaml-syntax")]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=found[0].range,
        context=types.CodeActionContext(diagnostics=[found[0]])))
    chosen = [a for a in actions if a.title.startswith("Turn ")]
    edit_caps = client.capabilities.workspace.workspace_edit if client.capabilities.workspace else None
    can_create = bool(edit_caps and edit_caps.document_changes and edit_caps.resource_operations
                      and types.ResourceOperationKind.Create in edit_caps.resource_operations)
    if not can_create:
        assert not chosen
        return
    changes = chosen[0].edit.document_changes
    assert changes[0].kind == "create" and changes[0].uri == (workspace / ".progress-lint.yml").as_uri()
    assert changes[1].edits[0].new_text == f"rules:\n  {found[0].code}: off\n"


async def test_yaml_that_is_not_a_spec_gets_no_diagnostics(client, workspace):
    path = workspace / "compose.yaml"
    path.write_text('version: "3.8"\nservices:\n  web:\n    image: nginx\n')
    try:
        uri = open_document(client, path)
        assert list(await diagnostics(client, uri)) == []
        # A file that does not parse and has no `screen` or `indicators` line (a template) is not a
        # spec either (revision 1.3); a spec broken half-way, with its `screen:` line, is linted.
        change_document(client, uri, 2, "services: [\n")
        assert list(await diagnostics(client, uri)) == []
        change_document(client, uri, 3, "screen: Upload\nindicators: [\n")
        assert any(d.code == "yaml-syntax" for d in await diagnostics(client, uri))
    finally:
        path.unlink()


def takes_code_description(client) -> bool:
    text = client.capabilities.text_document
    return bool((text.publish_diagnostics and text.publish_diagnostics.code_description_support)
                or (text.diagnostic and getattr(text.diagnostic, "code_description_support", None)))


async def test_code_description_links_the_rule_page_only_when_docs_url_is_configured(client, workspace):
    # Without `docs-url:` (or PROGRESS_LINT_DOCS_URL), no address.
    uri = open_document(client, workspace / "unicode" / "emoji.yaml")
    found = list(await diagnostics(client, uri))
    assert found and all(d.code_description is None for d in found)
    # A folder whose config sets one: each finding links `<docs-url>` with `{rule}` replaced.
    folder = workspace / "documented"
    folder.mkdir()
    (folder / ".progress-lint.yml").write_text("docs-url: https://docs.example.com/rules/{rule}.html\n")
    path = folder / "upload.yaml"
    path.write_text("version: 1\nplatform: ios\nscreen: Upload\nindicators:\n"
                    "  - id: up\n    style: spinner\n    label: Loading...\n    duration: 30s\n")
    try:
        uri = open_document(client, path)
        found = list(await diagnostics(client, uri))
        assert found
        for d in found:
            if takes_code_description(client):
                assert d.code_description.href == f"https://docs.example.com/rules/{d.code}.html"
            else:
                assert d.code_description is None
    finally:
        shutil.rmtree(folder)


async def test_a_config_changed_on_disk_and_announced_relints_the_open_spec(client, workspace):
    folder = workspace / "watched"
    folder.mkdir()
    config = folder / ".progress-lint.yml"
    config.write_text("# the team's settings\nrules:\n  vague-label: warning\n")
    spec = folder / "a.yaml"
    spec.write_text("version: 1\nplatform: ios\nscreen: x\nindicators:\n"
                    "  - {id: a, style: spinner, label: Loading..., duration: 3s}\n")
    def severity(found):
        return [int(d.severity) for d in found if d.code == "vague-label"]

    try:
        uri = open_document(client, spec)
        assert severity(await diagnostics(client, uri)) == [2]
        config.write_text("# the team's settings\nrules:\n  vague-label: error\n")
        refreshes = client.diagnostic_refresh_count
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]))
        if pulls(client):
            # The server asks the client to pull again where it can; the pull sees the new level.
            workspace_caps = client.capabilities.workspace
            if workspace_caps and workspace_caps.diagnostics and workspace_caps.diagnostics.refresh_support:
                for _ in range(500):
                    if client.diagnostic_refresh_count > refreshes:
                        break
                    await asyncio.sleep(0.02)
                assert client.diagnostic_refresh_count > refreshes, "no workspace/diagnostic/refresh after the announced change"
            assert severity(await diagnostics(client, uri)) == [1]
        else:
            # Pushed again with no edit to the document: the announcement alone re-lints it.
            assert severity(await diagnostics(client, uri)) == [1]
    finally:
        shutil.rmtree(folder)
