"""Workspace diagnostics: the command's run over the folder, in the background, with progress."""

import asyncio
from collections import Counter

from lsprotocol import types

from lspsupport import CLIENTS, actual, cli_json, diagnostics, expected, open_document, pulls


async def scan_finished(client, timeout=180.0):
    for _ in range(int(timeout / 0.05)):
        for reports in client.progress_reports.values():
            if any(isinstance(r, types.WorkDoneProgressEnd) for r in reports):
                return reports
        await asyncio.sleep(0.05)
    raise AssertionError("the workspace run reported no end of progress")


async def test_open_files_get_cross_file_findings_as_the_command_reports_them(scanning_client, workspace):
    client = scanning_client
    encoding = CLIENTS[client.client_name]
    reports = await scan_finished(client)
    assert isinstance(reports[0], types.WorkDoneProgressBegin)
    report = cli_json(["."], workspace, encoding)
    for relative in ("Examples/ios/photo-upload.yaml", "Examples/watchos/workout-sync.yaml"):
        want = Counter(expected(d) for d in report["diagnostics"] if d["path"] == relative)
        assert any(d[0] == "consistent-location" for d in want)
        uri = open_document(client, workspace / relative)
        got = Counter(actual(d) for d in await diagnostics(client, uri))
        assert got == want, relative


async def test_closed_files_findings_are_published_or_offered_to_pull(scanning_client, workspace):
    client = scanning_client
    encoding = CLIENTS[client.client_name]
    await scan_finished(client)
    report = cli_json(["."], workspace, encoding)
    relative = "Examples/android/download.yaml"
    want = Counter(expected(d) for d in report["diagnostics"] if d["path"] == relative)
    uri = (workspace / relative).as_uri()
    if pulls(client):
        result = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
        items = {item.uri: item.items for item in result.items}
        got = Counter(actual(d) for d in items[uri])
    else:
        for _ in range(200):
            if uri in client.diagnostics:
                break
            await asyncio.sleep(0.05)
        got = Counter(actual(d) for d in client.diagnostics[uri])
    assert got == want
