#!/usr/bin/env bash
# Fuzz/run.sh SECONDS [EXTRA libFuzzer FLAGS…]
# Builds the libFuzzer target with the fuzzer and address sanitizers, seeds a corpus
# (Examples/, the generated standard corpus when ../shared/bench/gen-corpus.py exists,
# small hostile cases, earlier crash fixtures), fuzzes for SECONDS with one worker, and
# copies every crashing input to Tests/HostileInputTests/Fixtures/fuzz-crashes/.
# Everything it writes besides those fixtures stays under Fuzz/.build-fuzz and Fuzz/work (git-ignored).
set -euo pipefail
seconds=${1:?usage: Fuzz/run.sh SECONDS [libFuzzer flags…]}
shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work="$here/work"
crashes="$root/Tests/HostileInputTests/Fixtures/fuzz-crashes"
flags=(-c release --scratch-path "$here/.build-fuzz" --package-path "$here"
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

swift build "${flags[@]}" --product FuzzLint
binary="$(swift build "${flags[@]}" --show-bin-path)/FuzzLint"

mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts" "$crashes"
seeds="$work/seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
if [ -d "$root/Examples" ]; then
    find "$root/Examples" -type f \( -name '*.yaml' -o -name '*.yml' \) -size -64k -exec cp {} "$seeds/" \; 2>/dev/null || true
fi
generator="$root/../shared/bench/gen-corpus.py"
[ -f "$generator" ] || generator="/work/shared/bench/gen-corpus.py"
if [ -f "$generator" ]; then
    rm -rf "$work/generated"
    python3 "$generator" "$work/generated" --files 300 --seed 7 >/dev/null
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
PY
if compgen -G "$crashes/*" >/dev/null; then cp "$crashes"/* "$seeds/" 2>/dev/null || true; fi
rm -f "$seeds/.gitkeep"

log="$work/fuzz.log"
echo "fuzzing for $seconds s; log: $log"
set +e
"$binary" "$work/corpus" "$seeds" \
    -max_len=65536 -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$@" 2>&1 | tee "$log" | grep -E "^#[0-9]+.*(pulse|REDUCE|NEW)" | tail -n 1 >/dev/null
status=${PIPESTATUS[0]}
set -e
for f in "$work"/artifacts/*; do
    [ -f "$f" ] || continue
    cp "$f" "$crashes/$(basename "$f")"
    echo "crash input kept: Tests/HostileInputTests/Fixtures/fuzz-crashes/$(basename "$f")"
done
grep -E "^stat::|^#[0-9]+.*DONE|^Done" "$log" || true
tail -n 3 "$log" | grep -E "cov:|ft:" || grep -E "cov:" "$log" | tail -n 1
exit "$status"
