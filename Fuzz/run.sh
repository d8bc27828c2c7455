#!/usr/bin/env bash
# Fuzz/run.sh SECONDS [TARGET] [EXTRA libFuzzer FLAGS…]
# TARGET is FuzzLint (the default: a spec through the whole per-file pipeline) or FuzzConfig
# (the configuration and baseline loaders; the first byte of an input picks which).
# Builds the target with the fuzzer and address sanitizers, seeds a corpus (for FuzzLint:
# Examples/, the generated standard corpus when ../shared/bench/gen-corpus.py exists, small
# hostile cases, earlier crash fixtures; for FuzzConfig: configs and baselines, hostile ones
# included), fuzzes for SECONDS with one worker and the target's dictionary
# (Fuzz/dictionaries/), and copies every crashing input to
# Tests/HostileInputTests/Fixtures/fuzz-crashes/ (FuzzConfig's with a `config-` prefix).
# Everything it writes besides those fixtures stays under Fuzz/.build-fuzz and Fuzz/work (git-ignored).
set -euo pipefail
seconds=${1:?usage: Fuzz/run.sh SECONDS [FuzzLint|FuzzConfig] [libFuzzer flags…]}
shift
target=FuzzLint
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then target=$1; shift; fi
case "$target" in
    FuzzLint) dictionary=spec.dict; prefix="" ;;
    FuzzConfig) dictionary=config.dict; prefix="config-" ;;
    FuzzServer) dictionary=server.dict; prefix="server-" ;;
    *) echo "unknown target '$target': use FuzzLint, FuzzConfig or FuzzServer" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work="$here/work/$target"
crashes="$root/Tests/HostileInputTests/Fixtures/fuzz-crashes"
flags=(-c release --scratch-path "$here/.build-fuzz" --package-path "$here"
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

swift build "${flags[@]}" --product "$target"
binary="$(swift build "${flags[@]}" --show-bin-path)/$target"

mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts" "$crashes"
seeds="$work/seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
if [ "$target" = FuzzServer ]; then
# Whole sessions, framed: initialize (each encoding), open a spec, edit it, ask for everything.
python3 - "$seeds" "$root" <<'PY'
import json, os, sys
d, root = sys.argv[1], sys.argv[2]
def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body
spec = "version: 1\nplatform: ios\nscreen: Upload 😀\nindicators:\n  - id: \"上传\"\n    style: bar\n    location: toolbar\n    label: Loading...\n    duration: 30s\n"
for n, encoding in enumerate(["utf-8", "utf-16", "utf-32", None]):
    uri = "file:///fuzz/spec-%d.yaml" % n
    caps = {"general": {"positionEncodings": [encoding]}} if encoding else {}
    if n % 2:
        caps["textDocument"] = {"diagnostic": {}}
    position = {"line": 4, "character": 9}
    rng = {"start": {"line": 4, "character": 4}, "end": {"line": 7, "character": 0}}
    session = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": caps, "initializationOptions": {"unsafeFixes": n == 2}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": spec}}},
        {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"range": {"start": {"line": 7, "character": 11}, "end": {"line": 7, "character": 21}}, "text": "Uploading 😀 e\u0301"}]}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": uri}}},
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": uri}, "range": rng, "context": {"diagnostics": []}}},
        {"jsonrpc": "2.0", "id": 4, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}, "position": position}},
        {"jsonrpc": "2.0", "id": 5, "method": "textDocument/completion", "params": {"textDocument": {"uri": uri}, "position": position}},
        {"jsonrpc": "2.0", "id": 6, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    with open(os.path.join(d, "session-%d" % n), "wb") as f:
        f.write(b"".join(frame(m) for m in session))
# Issue 31's shapes: versions at the edges of Int, missing or null; deep and long URIs; odd ids;
# JSON that is not a request.
init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
done = [{"jsonrpc": "2.0", "id": 9, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}]
def session(name, messages, raw=b""):
    with open(os.path.join(d, name), "wb") as f:
        f.write(b"".join(frame(m) for m in [init, {"jsonrpc": "2.0", "method": "initialized", "params": {}}] + messages) + raw
                + b"".join(frame(m) for m in done))
def opened(uri, version):
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": version, "text": spec}}}
def changed(uri, version="absent", text="screen: x\n"):
    document = {"uri": uri} if version == "absent" else {"uri": uri, "version": version}
    return {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": document, "contentChanges": [{"text": text}]}}
for n, (first, then) in enumerate([(2**63 - 1, "absent"), (2**63 - 1, None), (-2**63, "absent"), (2**63 - 1, 2**63 - 1), (0, -1)]):
    uri = "file:///fuzz/v%d.yaml" % n
    session("versions-%d" % n, [opened(uri, first), changed(uri, then), changed(uri, then)])
for n, uri in enumerate(["file:///" + "d/" * 5000 + "s.yaml", "file:///" + "%2e%2e/" * 3000 + "s.yaml",
                         "file:///" + "x" * 20000 + "/s.yaml", "file:" + "/" * 4000 + "s.yaml", "untitled:" + "u" * 10000]):
    session("uri-%d" % n, [opened(uri, 1), changed(uri),
                           {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}}])
ids = ['"1.0"', '9007199254740993', '9223372036854775807', '-9223372036854775808', '18446744073709551616', '1.5', '1e400',
       'true', 'null', '{}', '[1]', '""']
raw = b"".join(frame_raw for frame_raw in (
    (b"Content-Length: %d\r\n\r\n" % len(body)) + body for body in
    [('{"jsonrpc":"2.0","id":%s,"method":"no/such"}' % i).encode() for i in ids]
    + [b"[]", b"42", b'"x"', b'{"jsonrpc":"2.0"}', b'{"jsonrpc":"2.0","id":1}', b'{"jsonrpc":"2.0","method":42}', b"{", b""]))
session("ids", [], raw)
PY
elif [ "$target" = FuzzConfig ]; then
python3 - "$seeds" <<'PY'
import sys, os
d = sys.argv[1]
def config(name, text):   # an even first byte: a configuration
    with open(os.path.join(d, 'config-' + name), 'wb') as f: f.write(b'\x00' + text.encode())
def baseline(name, text): # an odd first byte: a baseline
    with open(os.path.join(d, 'baseline-' + name), 'wb') as f: f.write(b'\x01' + text.encode())
config('full.yml', """platform: ios
include: ["specs/**/*.yaml", "x.yaml"]
exclude: ["specs/legacy/**"]
thresholds: {instant: 100ms, noticeable: 1s, attention: 10s, show-after-max: 2s, updates-every-max: 2s}
vague-labels: [Loading, Please wait]
rules: {vague-label: error, uneven-pacing: off}
limits: {max-file-size: 10MB, max-depth: 1000, max-alias-nodes: 10000}
""")
config('huge-numbers.yml', "thresholds: {attention: 10000000000000000000h, instant: " + "9" * 310 + "ms}\nlimits: {max-file-size: 1e30MB}\n")
config('sizes.yml', "limits:\n  max-file-size: 8589934592GB\n  max-depth: 9223372036854775807\n  max-alias-nodes: -1\n")
config('tiny.yml', "limits: {max-file-size: 0.0000001KB}\n")
config('globs.yml', 'include: ["' + '{a,b}' * 22 + '"]\nexclude: ["' + '**/' * 16 + 'zz", "[", "{", ""]\n')
config('two-docs.yml', "platform: ios\n---\nplatform: web\n")
config('extends.yml', "extends: [../a.yml, b.yml]\nrules: {off: off}\n")
config('profiles.yml', "extends: [progress-lint:gnome, progress-lint:primer, progress-lint:acorn]\n"
       "thresholds: {attention: 20s, determinate-after: 30s, min-display: 400ms}\n")
config('profile-order.yml', "extends:\n  - progress-lint:carbon\n  - progress-lint:windows-legacy\nthresholds:\n  attention: 2s\n")
config('profile-unknown.yml', "extends: [progress-lint:GNOME, progress-lint:apple, ' progress-lint:gnome', progress-lint:]\n")
config('profile-alone.yml', "extends: progress-lint:windows-legacy\nthresholds:\n  determinate-after: 500ms\n")
config('yaml11.yml', "rules: {vague-label: off, missing-label: no}\nplatform: yes\n")
config('docs-url.yml', "docs-url: javascript:alert(1)\n")
config('docs-url-ok.yml', "docs-url: https://docs.example.com/{rule}.html\n")
config('anchors.yml', "vague-labels: &v [" + ", ".join(["Loading"] * 50) + "]\nexclude: *v\n")
entry = '{"path": "fuzz/spec.yaml", "rule": "vague-label", "yamlPath": "indicators[0].label", "count": %s}'
baseline('plain.json', '{"version": 1, "entries": [' + entry % '1' + ']}')
baseline('overflow.json', '{"version": 1, "entries": [' + entry % '9223372036854775807' + ', ' + entry % '9223372036854775807' + ']}')
baseline('bad-count.json', '{"version": 1, "entries": [' + entry % '"1e3"' + ', ' + entry % '"abc"' + ', ' + entry % '-1' + ']}')
baseline('empty.json', '{}')
PY
else
if [ -d "$root/Examples" ]; then
    find "$root/Examples" -type f \( -name '*.yaml' -o -name '*.yml' \) -size -64k -exec cp {} "$seeds/" \; 2>/dev/null || true
fi
generator="$root/../shared/bench/gen-corpus.py"
[ -f "$generator" ] || generator="/work/shared/bench/gen-corpus.py"
if [ -f "$generator" ]; then
    rm -rf "$work/generated"
    python3 "$generator" "$work/generated" --files 300 --seed 7 >/dev/null
    # Revision 1.3 too: `min-display`, `per-item`, `component: meter` and the plants of its rules.
    python3 "$generator" "$work/generated/revision-1.3" --files 150 --seed 13 --revision 1.3 >/dev/null
    i=0
    find "$work/generated" -type f \( -name '*.yaml' -o -name '*.yml' \) | sort | while read -r f; do
        i=$((i + 1)); cp "$f" "$seeds/gen-$i.yaml"
    done
fi
# Small hostile seeds (the tests generate the full-size ones).
python3 - "$seeds" <<'PY'
import sys, os
d = sys.argv[1]
def w(name, data):
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())
lol = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
for i, n in enumerate('bcdefghi'):
    prev = 'abcdefghi'[i]
    lol.append(f'{n}: &{n} [' + ','.join(['*' + prev] * 9) + ']')
w('hostile-billion-laughs.yaml', '\n'.join(lol) + '\n')
w('hostile-fanout.yaml', 'x: &x {a: 1}\nl: [' + ','.join(['*x'] * 2000) + ']\n')
w('hostile-flow-seq.yaml', '[' * 5000)
w('hostile-flow-map.yaml', '{a: ' * 3000)
w('hostile-block-seq.yaml', '- ' * 3000 + 'x\n')
w('hostile-staircase.yaml', ''.join(' ' * i + f'k{i}:\n' for i in range(300)))
w('hostile-bad-utf8.yaml', b'screen: \xff\xfe\xc3\x28 \xed\xa0\x80\n')
w('hostile-utf16.yaml', '\ufeffscreen: S\n'.encode('utf-16-le'))
w('hostile-nul.yaml', b'screen: S\x00\nindicators: []\n')
w('hostile-binary.yaml', bytes(range(256)) * 4)
w('hostile-empty.yaml', b'')
w('hostile-comments.yaml', '# one\n# two\n')
w('hostile-dashes.yaml', '---\n---\n---\n')
w('hostile-escapes.yaml', 'screen: "\\e]0;pwned\\a"\nindicators:\n  - {id: "\\e[2J", style: spinner, label: "\\e]0;pwned\\a\\e[2J\\x7f"}\n')
w('hostile-merge.yaml', 'base: &b {style: spinner, id: a}\nscreen: S\nindicators:\n  - <<: *b\n    label: x\n  - <<: [*b, *b]\n')
w('hostile-huge-numbers.yaml', 'screen: S\nindicators:\n  - {id: a, style: spinner, duration: 10000000000000000000h, show-after: ' + '9' * 310 + 's, updates-every: 1e400ms}\n')
w('hostile-documents.yaml', '---\n' * 4000)
w('hostile-small-screens.yaml', 'screen: S\nindicators: []\n---\n' * 500)
w('hostile-long-alias.yaml', 'screen: S\nindicators:\n  - {id: &big ' + 'x' * 4000 + ', style: spinner}\n' + ''.join('  - {id: *big, style: bar}\n' for _ in range(40)))
w('hostile-suppressions.yaml', 'screen: S\nindicators:\n' + ''.join(f'  - {{id: i{i}, style: spinner, label: Loading}} # progress-lint-disable-line vague-label\n' for i in range(300)))
w('hostile-bom.yaml', b'\xef\xbb\xbf# progress-lint-disable-file vague-label\nscreen: S\nindicators: []\n')
w('hostile-duplicate-keys.yaml', 'screen: S\n' + 'a: 1\n' * 2000 + 'indicators: []\n')
w('keys-1.3.yaml', 'platform: web\nscreen: S\nindicators:\n  - {id: a, style: spinner, user-initiated: false, per-item: true, min-display: 200ms, duration: 150ms..6s, show-after: 100ms}\n  - {id: b, style: bar, determinate: true, component: meter, purpose: gauge}\n  - {id: c, style: bar, component: meter, min-display: 1e400ms, per-item: yes, pause: false, close: false, cancel: false}\n  - {id: d, style: bar, component: Meter, min-display: [1s], per-item: {a: b}, duration: 5s..5s, show-after: 5s}\n')
w('hostile-bidi.yaml', 'screen: "S\u202e\u2066\u200b"\nindicators:\n  - {id: "\u202ex", style: spinner, label: "\u2069\ufeffLoading"}\n')
PY
fi
if compgen -G "$crashes/${prefix}*" >/dev/null; then cp "$crashes/${prefix}"* "$seeds/" 2>/dev/null || true; fi
rm -f "$seeds/.gitkeep"

log="$work/fuzz.log"
echo "fuzzing for $seconds s; log: $log"
set +e
"$binary" "$work/corpus" "$seeds" \
    -max_len=65536 -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
    -dict="$here/dictionaries/$dictionary" -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$@" 2>&1 | tee "$log" | grep -E "^#[0-9]+.*(pulse|REDUCE|NEW)" | tail -n 1 >/dev/null
status=${PIPESTATUS[0]}
set -e
for f in "$work"/artifacts/*; do
    [ -f "$f" ] || continue
    cp "$f" "$crashes/$prefix$(basename "$f")"
    echo "crash input kept: Tests/HostileInputTests/Fixtures/fuzz-crashes/$prefix$(basename "$f")"
done
grep -E "^stat::|^#[0-9]+.*DONE|^Done" "$log" || true
tail -n 3 "$log" | grep -E "cov:|ft:" || grep -E "cov:" "$log" | tail -n 1
exit "$status"
