#!/usr/bin/env bash
# scripts/measure-limits.sh — peak memory (RSS) and wall time of the release binary on the
# hostile inputs of docs/limits.md ("Measured"): a 100 MB spec, the alias bomb,
# a million levels of nesting, many documents, aliased long scalars, a suppression comment or a
# diagnostic on every line, and dense 10 MB inputs (as many nodes as the default limits allow).
# Prints a Markdown table. Fixtures go to a temporary folder.
# MEASURE_ONLY=text measures only the cases whose title contains text, MEASURE_SKIP=text all but those; MEASURE_BINARY=path
# measures that binary instead of building one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${MEASURE_BINARY:-}" ]; then
    binary=$MEASURE_BINARY
else
    swift build -c release --package-path "$root" --product progress-lint >/dev/null
    binary="$(swift build -c release --package-path "$root" --show-bin-path)/progress-lint"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$binary" "$work" <<'PY'
import os, sys, time, subprocess
binary, work = sys.argv[1], sys.argv[2]

def case(name, data, config=None, raw_config=None, folder=''):
    d = os.path.join(work, name)
    os.makedirs(os.path.join(d, folder), exist_ok=True)
    if config or raw_config:
        with open(os.path.join(d, '.progress-lint.yml'), 'w') as f:
            f.write(raw_config if raw_config else 'limits:\n' + config)
    path = os.path.join(d, folder, 'spec.yaml')
    with open(path, 'wb') as f:
        if callable(data):
            data(f)
        else:
            f.write(data)
    return path

def hundred_mb(f):
    f.write(b'screen: Big\nindicators:\n')
    written, n = 0, 0
    while written < 100 * 1024 * 1024:
        block = ''.join(f'  - {{id: upload-{n + k}, style: bar, determinate: true, label: Uploading one file of many}}\n'
                        for k in range(10000)).encode()
        f.write(block)
        written += len(block)
        n += 10000

lol = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
for i, n in enumerate('bcdefghi'):
    lol.append(f'{n}: &{n} [' + ','.join(['*' + 'abcdefghi'[i]] * 9) + ']')
bomb = ('\n'.join(lol) + '\n').encode()
N = 10 ** 6
MB10 = 10 * 1024 * 1024

def dense_flow(f):
    head = b'screen: S\nindicators: []\nx: ['
    f.write(head + b'1,' * ((MB10 - len(head) - 3) // 2) + b'1]\n')

def dense_keys(f):
    head = b'screen: S\nindicators: []\n'
    f.write(head)
    written, n = len(head), 0
    while True:
        line = b'%x: 1\n' % n
        if written + len(line) > MB10:
            break
        f.write(line)
        written += len(line)
        n += 1

def dense_flow_dups(f):
    head = b'screen: S\nindicators: []\nx: {'
    f.write(head + b'k: 1, ' * ((MB10 - len(head) - 8) // 6) + b'k: 1}\n')

def dense_nest(f):
    head, unit = b'screen: S\nindicators: []\nx: [', b'[' * 998 + b']' * 998 + b','
    count = (MB10 - len(head) - 3) // len(unit)
    f.write(head + unit * count + b'1]\n')

def dense_dash(f):
    unit = b'- ' * 999 + b'x\n'
    f.write(unit * (MB10 // len(unit)))
cases = [
    ('100 MB spec, default limits (reads 10 MB + 1 byte)', lambda: case('huge', hundred_mb)),
    ('100 MB spec, `max-file-size: 200MB` (parsed and linted)', lambda: case('huge-full', hundred_mb, '  max-file-size: 200MB\n')),
    ('alias bomb (billion laughs), default limits', lambda: case('bomb', bomb)),
    ('alias fan-out, 100,000 aliases', lambda: case('fanout', b'x: &x {a: 1}\nl: [' + b','.join([b'*x'] * 100000) + b']\n')),
    ('10^6 `[`, default limits', lambda: case('seq', b'[' * N)),
    ('10^6 `{`, default limits', lambda: case('map', b'{' * N)),
    ('10^6 `- `, default limits', lambda: case('dash', b'- ' * N + b'x\n')),
    ('mapping staircase, 1,500 levels (1.1 MB)', lambda: case('stair', b''.join(b' ' * i + b'k:\n' for i in range(1500)))),
    ('10^6 `[`, `max-depth: 10000` (the ceiling)', lambda: case('seq-ceiling', b'[' * N, '  max-depth: 10000\n')),
    ('10^6 `- `, `max-depth: 10000` (the ceiling)', lambda: case('dash-ceiling', b'- ' * N + b'x\n', '  max-depth: 10000\n')),
    ('10^6 empty documents (`---`, 4 MB)', lambda: case('docs4', b'---\n' * N)),
    ('2.6 × 10^6 empty documents (`---`, 10 MB)', lambda: case('docs10', b'---\n' * (10 * 1024 * 1024 // 4 - 1))),
    ('361k small screens (10 MB)', lambda: case('screens', b'screen: S\nindicators: []\n---\n' * 361000)),
    ('1 MB `id` anchored, aliased 4,000 times', lambda: case('alias-1mb', b'screen: S\nanchor: &x ' + b'i' * (1 << 20)
        + b'\nindicators: [' + b', '.join([b'{id: *x, style: bar}'] * 4000) + b']\n')),
    ('100 KB `id` anchored, aliased 2,000 times', lambda: case('alias-100kb', b'screen: S\nanchor: &x ' + b'i' * 100000
        + b'\nindicators: [' + b', '.join([b'{id: *x, style: bar}'] * 2000) + b']\n')),
    ('20k indicators, each with `# progress-lint-disable-line vague-label`', lambda: case('supp20', b'screen: S\nindicators:\n'
        + b''.join(b'  - {id: i%d, style: bar, determinate: true, label: Loading} # progress-lint-disable-line vague-label\n' % i
                   for i in range(20000)))),
    ('80k indicators, each with `# progress-lint-disable-line vague-label`', lambda: case('supp80', b'screen: S\nindicators:\n'
        + b''.join(b'  - {id: i%d, style: bar, determinate: true, label: Loading} # progress-lint-disable-line vague-label\n' % i
                   for i in range(80000)))),
    ('10 MB of duplicate keys', lambda: case('dupkeys', b'screen: S\nindicators: []\n' + b'k: 1\n' * (10 * 1024 * 1024 // 5 - 6))),
    ('10 MB of duplicate keys, `--format sarif`', lambda: case('dupkeys-sarif', b'screen: S\nindicators: []\n' + b'k: 1\n' * (10 * 1024 * 1024 // 5 - 6))),
    # Dense 10 MB inputs: as many nodes as the default file size allows, each shape its own way.
    ('10 MB flow sequence `x: [1,1,1,…]` (5 million items, one line)', lambda: case('dense-flow', dense_flow)),
    ('10 MB block sequence `- 1` (2.6 million items)', lambda: case('dense-block', b'- 1\n' * (MB10 // 4))),
    ('10 MB `indicators:` of `- 1` (2.6 million items that are not indicators)',
        lambda: case('dense-indicators', b'screen: S\nindicators:\n' + b'- 1\n' * (MB10 // 4 - 6))),
    ('10 MB mapping of 1.2 million distinct keys', lambda: case('dense-keys', dense_keys)),
    ('10 MB flow mapping of duplicate keys `{k: 1, k: 1, …}` (one line)', lambda: case('dense-flow-dups', dense_flow_dups)),
    ('10 MB of flow nesting `[[[…]]]` 999 deep, repeated', lambda: case('dense-nest', dense_nest)),
    ('10 MB of block nesting `- - - … x` 999 deep, repeated', lambda: case('dense-dash', dense_dash)),
    ('`duration: 10000000000000000000h` (out of range)', lambda: case('huge-duration',
        b'screen: S\nindicators:\n  - {id: a, style: spinner, label: Uploading photos, duration: 10000000000000000000h}\n')),
    ('a 310-digit `show-after` (infinity)', lambda: case('inf-duration',
        b'screen: S\nindicators:\n  - {id: a, style: spinner, show-after: ' + b'9' * 310 + b's}\n')),
    ('`include` of 22 `{a,b}` groups, `exclude` of 16 `**/`, a spec 17 folders deep', lambda: case('globs',
        b'screen: S\nindicators: []\n', folder='/'.join(['d'] * 17),
        raw_config='include: ["' + '{a,b}' * 22 + '", "**/*.yaml"]\nexclude: ["' + '**/' * 16 + 'zz"]\n')),
    ('250 MB `--baseline` (refused unread)', lambda: (['--baseline', big_baseline()], case('baseline', b'screen: S\nindicators: []\n'))),
    ('300 MB on standard input (read up to 10 MB + 1 byte)', lambda: (['--stdin'], None, stdin_300mb())),
    ('`--jobs 9223372036854775807`', lambda: (['--jobs', '9223372036854775807'], case('jobs', b'screen: S\nindicators: []\n'))),
]
def big_baseline():
    path = os.path.join(work, 'baseline.json')
    with open(path, 'wb') as f:
        f.write(b'{"version": 2, "entries": [')
        entry = b'{"path": "spec.yaml", "rule": "vague-label", "yamlPath": "indicators[a].label", "count": 1}, '
        for _ in range(250 * 1024 * 1024 // len(entry)):
            f.write(entry)
        f.write(b'{"path": "spec.yaml", "rule": "vague-label", "yamlPath": "x", "count": 1}]}')
    return path

def stdin_300mb():
    path = os.path.join(work, 'stdin.yaml')
    with open(path, 'wb') as f:
        f.write(b'screen: S\nindicators:\n')
        row = b'  - {id: a, style: spinner}\n'
        for _ in range(300 * 1024 * 1024 // len(row)):
            f.write(row)
    return path

only = os.environ.get('MEASURE_ONLY', '')
skip = os.environ.get('MEASURE_SKIP', '')
cases = [c for c in cases if only in c[0] and not (skip and skip in c[0])]
print('| input | exit | wall time | peak RSS |')
print('| --- | --- | --- | --- |')
for title, make in cases:
    made = make()  # only the fixtures measured are written
    # A case is a spec's path, or (arguments, a spec's path or None[, a file for standard input]).
    arguments, path, stdin = (made + (None,))[:3] if isinstance(made, tuple) else ([], made, None)
    start = time.monotonic()
    extra = ['--format', 'sarif'] if 'sarif' in title else []
    stdin_file = open(stdin, 'rb') if stdin else subprocess.DEVNULL
    targets = [os.path.join(work, 'globs')] if 'folders deep' in title else ([path] if path else [])
    p = subprocess.Popen([binary, *extra, *arguments, *targets], stdin=stdin_file,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    print(f'| {title} | {code} | {elapsed:.2f} s | {usage.ru_maxrss / 1024:.0f} MB |')
PY
