#!/usr/bin/env bash
# scripts/measure-limits.sh — peak memory (RSS) and wall time of the release binary on the
# hostile inputs of the README's "Limits and hostile input": a 100 MB spec, the alias bomb,
# a million levels of nesting, many documents, aliased long scalars, a suppression comment or a
# diagnostic on every line. Prints a Markdown table. Fixtures go to a temporary folder.
# MEASURE_ONLY=text measures only the cases whose title contains text.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift build -c release --package-path "$root" --product progress-lint >/dev/null
binary="$(swift build -c release --package-path "$root" --show-bin-path)/progress-lint"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$binary" "$work" <<'PY'
import os, sys, time, subprocess
binary, work = sys.argv[1], sys.argv[2]

def case(name, data, config=None):
    d = os.path.join(work, name)
    os.makedirs(d)
    if config:
        with open(os.path.join(d, '.progress-lint.yml'), 'w') as f:
            f.write('limits:\n' + config)
    path = os.path.join(d, 'spec.yaml')
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
cases = [
    ('100 MB spec, default limits (reads 10 MB + 1 byte)', case('huge', hundred_mb)),
    ('100 MB spec, `max-file-size: 200MB` (parsed and linted)', case('huge-full', hundred_mb, '  max-file-size: 200MB\n')),
    ('alias bomb (billion laughs), default limits', case('bomb', bomb)),
    ('alias fan-out, 100,000 aliases', case('fanout', b'x: &x {a: 1}\nl: [' + b','.join([b'*x'] * 100000) + b']\n')),
    ('10^6 `[`, default limits', case('seq', b'[' * N)),
    ('10^6 `{`, default limits', case('map', b'{' * N)),
    ('10^6 `- `, default limits', case('dash', b'- ' * N + b'x\n')),
    ('mapping staircase, 1,500 levels (1.1 MB)', case('stair', b''.join(b' ' * i + b'k:\n' for i in range(1500)))),
    ('10^6 `[`, `max-depth: 10000` (the ceiling)', case('seq-ceiling', b'[' * N, '  max-depth: 10000\n')),
    ('10^6 `- `, `max-depth: 10000` (the ceiling)', case('dash-ceiling', b'- ' * N + b'x\n', '  max-depth: 10000\n')),
    ('10^6 empty documents (`---`, 4 MB)', case('docs4', b'---\n' * N)),
    ('2.6 × 10^6 empty documents (`---`, 10 MB)', case('docs10', b'---\n' * (10 * 1024 * 1024 // 4 - 1))),
    ('361k small screens (10 MB)', case('screens', b'screen: S\nindicators: []\n---\n' * 361000)),
    ('1 MB `id` anchored, aliased 4,000 times', case('alias-1mb', b'screen: S\nanchor: &x ' + b'i' * (1 << 20)
        + b'\nindicators: [' + b', '.join([b'{id: *x, style: bar}'] * 4000) + b']\n')),
    ('100 KB `id` anchored, aliased 2,000 times', case('alias-100kb', b'screen: S\nanchor: &x ' + b'i' * 100000
        + b'\nindicators: [' + b', '.join([b'{id: *x, style: bar}'] * 2000) + b']\n')),
    ('20k indicators, each with `# progress-lint-disable-line vague-label`', case('supp20', b'screen: S\nindicators:\n'
        + b''.join(b'  - {id: i%d, style: bar, determinate: true, label: Loading} # progress-lint-disable-line vague-label\n' % i
                   for i in range(20000)))),
    ('80k indicators, each with `# progress-lint-disable-line vague-label`', case('supp80', b'screen: S\nindicators:\n'
        + b''.join(b'  - {id: i%d, style: bar, determinate: true, label: Loading} # progress-lint-disable-line vague-label\n' % i
                   for i in range(80000)))),
    ('10 MB of duplicate keys', case('dupkeys', b'screen: S\nindicators: []\n' + b'k: 1\n' * (10 * 1024 * 1024 // 5 - 6))),
    ('10 MB of duplicate keys, `--format sarif`', case('dupkeys-sarif', b'screen: S\nindicators: []\n' + b'k: 1\n' * (10 * 1024 * 1024 // 5 - 6))),
]
only = os.environ.get('MEASURE_ONLY', '')
cases = [c for c in cases if only in c[0]]
print('| input | exit | wall time | peak RSS |')
print('| --- | --- | --- | --- |')
for title, path in cases:
    start = time.monotonic()
    extra = ['--format', 'sarif'] if 'sarif' in title else []
    p = subprocess.Popen([binary, *extra, path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    print(f'| {title} | {code} | {elapsed:.2f} s | {usage.ru_maxrss / 1024:.0f} MB |')
PY
