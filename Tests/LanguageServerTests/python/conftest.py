import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

sys.path.insert(0, str(Path(__file__).parent))
from lspsupport import BINARY, CLIENTS, make_workspace  # noqa: E402


# The servers start in the workspace, as an editor opened on it starts one.
_TEMPORARY = Path(tempfile.mkdtemp(prefix="progress-lint-lsp-"))
atexit.register(shutil.rmtree, _TEMPORARY, True)
WORKSPACE = make_workspace(_TEMPORARY)
os.chdir(WORKSPACE)


@pytest.fixture(scope="session")
def workspace():
    return WORKSPACE


def start(options):
    """A fixture: a client with each captured capability set, on a server with `options`."""

    @pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "server"]), params=list(CLIENTS))
    async def client(lsp_client: LanguageClient, request, workspace):
        capabilities = client_capabilities(request.param)

        # The test client answers registrations as the real editors do.
        @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
        def register(params):
            lsp_client.registrations = getattr(lsp_client, "registrations", []) + list(params.registrations)
            return None

        lsp_client.initialize_result = await lsp_client.initialize_session(types.InitializeParams(
            capabilities=capabilities, root_uri=workspace.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="workspace")],
            initialization_options=options))
        lsp_client.client_name = request.param
        yield
        await lsp_client.shutdown_session()

    return client


client = start({"workspaceDiagnostics": False})
scanning_client = start({"workspaceDiagnostics": True})
