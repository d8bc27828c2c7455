#!/usr/bin/env python3
"""Benchmark progress-lint against libyaml's own speed, in one run, on the same files.

Usage: python3 Benchmarks/run.py [--quick] [--sizes 1000,10000,100000] [--runs N]
                                 [--json FILE] [--skip-build] [--lint BINARY]
                                 [--reference BINARY [--compare-only]] [--server-only] [--cache-only]

For each corpus size it generates (once; reused afterwards) the standard corpus
with ../shared/bench/gen-corpus.py (fixed seed 1) under bench-out/corpus-<N>, then
measures, interleaving the runs so the machine's load hits them alike:

  floor    Benchmarks/floor.c: libyaml's event parser alone over every file
  jobs1    progress-lint --jobs 1 --format json --output <file>
  default  progress-lint (default jobs = cores) --format json --output <file>
  html     jobs1 writing the HTML report instead (its time and size against JSON's)
  few      jobs1 with a config that turns off every rule but the input rules and
           consistent-location: the same work and cross-file facts with a report of
           few findings, so its peak RSS is the memory a run needs besides its report

(all --no-cache: they measure linting), then the cache on a copy of the 10k corpus (default jobs),
each round: the floor, --no-cache, a cold run writing the cache, a warm run over the unchanged
tree and a run after editing 50 files, all with the JSON report written to a file, then a warm
run and one after editing 50 files with the default text report on standard output (targets:
warm <= 0.2x the floor, 50 edited <= 0.25x, cold <= 1.15x --no-cache, warm peak RSS <= cold),
and, on a fresh copy of the 10k corpus each
run (it writes), --fix and --fix --unsafe-fixes
against a plain lint of the same copy (all --jobs 1; target: --fix at most 2x the lint),
plus a single-file run (as an editor's save hook does it) against a trivial Swift
executable (Benchmarks/Trivial.swift) started the same way, and the language server
(Benchmarks/server.py): didChange -> diagnostics on a 300-indicator spec (median and p95 of 200
changes; targets 10 and 50 ms) and its workspace diagnostics over the 10k corpus (or the largest
size under it, the server's `cache` setting off) beside the command's default-jobs --no-cache run,
wall time and peak RSS (targets: at most 1.5x each), then with the cache, cold and warm;
--server-only runs that section alone. Each figure is the
median of several runs (fewer for 100k); wall time, CPU time (user + system) and
peak RSS of that one child come from /usr/bin/time. It prints the figures and the
ratios and writes them to bench-out/bench-<date>.json (and bench-out/latest.json).

With --reference (a release build of an earlier commit), it first checks that the two binaries
write byte-identical reports over Examples/ and every corpus size, in every format (text,
concise, json, sarif, github, junit with its timestamps masked, gitlab, html; text also with --statistics,
--column-unit byte and --color always), with --jobs 1 and the default jobs, and stops with the
differences if they do not. --compare-only stops after that check.

Standard library only. Never run by `swift test` or CI.
"""

import argparse
import difflib
import re
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, 'bench-out')
GENERATOR = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'bench', 'gen-corpus.py'))
if not os.path.exists(GENERATOR):
    # A worktree sits one folder deeper (../../shared).
    GENERATOR = os.path.normpath(os.path.join(ROOT, '..', '..', 'shared', 'bench', 'gen-corpus.py'))
SCRATCH = os.path.join(ROOT, '.build-bench')
SEED = 1


def log(message):
    print(message, file=sys.stderr, flush=True)


def run_checked(command, **kwargs):
    log('$ ' + ' '.join(command))
    subprocess.run(command, check=True, **kwargs)


def corpus(size):
    """The corpus of `size` files, generated once."""
    folder = os.path.join(OUT, 'corpus-%d' % size)
    done = folder + '.done'
    if os.path.exists(done):
        return folder
    if not os.path.exists(GENERATOR):
        sys.exit('run.py: %s is missing; the benchmark needs the shared corpus generator '
                 '(../shared/bench/gen-corpus.py next to the repository)' % GENERATOR)
    shutil.rmtree(folder, ignore_errors=True)
    log('generating %d files into %s …' % (size, folder))
    run_checked([sys.executable, GENERATOR, folder, '--files', str(size), '--seed', str(SEED)],
                stdout=subprocess.DEVNULL)
    with open(done, 'w') as f:
        f.write('seed %d\n' % SEED)
    return folder


def build(skip, dynamic):
    """Builds progress-lint (release), the floor and the trivial executable; returns their paths.

    progress-lint is built as the README tells users to install it, with the Swift runtime linked
    in (--static-swift-stdlib); `dynamic` builds it as a plain `swift build -c release` does."""
    scratch = SCRATCH + ('-dynamic' if dynamic else '')
    release = ['swift', 'build', '-c', 'release', '--scratch-path', scratch] + ([] if dynamic else ['--static-swift-stdlib'])
    if not skip:
        run_checked(release + ['--product', 'progress-lint'], cwd=ROOT)
    bin_path = subprocess.run(release + ['--show-bin-path'],
                              cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    lint = os.path.join(bin_path, 'progress-lint')
    floor = os.path.join(OUT, 'floor')
    flags = subprocess.run(['pkg-config', '--cflags', '--libs', 'yaml-0.1'], check=True,
                           capture_output=True, text=True).stdout.split()
    run_checked(['cc', '-O2', os.path.join(ROOT, 'Benchmarks', 'floor.c'), '-o', floor] + flags)
    trivial = os.path.join(OUT, 'trivial')
    if skip and os.path.exists(trivial):
        return lint, floor, trivial
    run_checked(['swiftc', '-O', os.path.join(ROOT, 'Benchmarks', 'Trivial.swift'), '-o', trivial])
    return lint, floor, trivial


def measure(command):
    """Runs `command` once; returns wall seconds, CPU seconds and peak RSS in MiB of that child alone.

    /usr/bin/time starts it: a child forked from this Python process would report Python's own
    resident size as its peak (Linux keeps the peak across exec)."""
    stats = os.path.join(OUT, 'time.txt')
    start = time.perf_counter()
    child = subprocess.run(['/usr/bin/time', '-f', '%U %S %M', '-o', stats] + command,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    with open(stats) as f:
        user, system, rss_kib = f.read().split()[-3:]
    if child.returncode not in (0, 1):  # 1: the corpus has deliberate errors
        sys.exit('run.py: %s exited %d\n%s' % (' '.join(command), child.returncode,
                                               child.stderr.decode(errors='replace')))
    return {'wall': wall, 'cpu': float(user) + float(system), 'rss_mib': int(rss_kib) / 1024.0}


def summarize(samples):
    return {key: statistics.median(s[key] for s in samples) for key in ('wall', 'cpu', 'rss_mib')}


def few_findings_config(lint):
    """A config turning off every rule but the input rules and consistent-location."""
    path = os.path.join(OUT, 'few-findings.yml')
    listing = subprocess.run([lint, 'rules'], check=True, capture_output=True, text=True).stdout
    lines = ['# Written by Benchmarks/run.py: every rule off but the input rules and consistent-location.', 'rules:']
    for row in listing.splitlines()[1:]:
        fields = row.split()
        if len(fields) >= 2 and fields[1] != 'Input' and fields[0] != 'consistent-location' and '-' in fields[0]:
            lines.append('  %s: off' % fields[0])
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return path


def bench_size(size, lint, floor, runs):
    folder = corpus(size)
    report = os.path.join(OUT, 'report-%d.json' % size)
    few = os.path.join(OUT, 'report-few-%d.json' % size)
    page = os.path.join(OUT, 'report-%d.html' % size)
    commands = {
        'floor': [floor, folder],
        'jobs1': [lint, folder, '--format', 'json', '--output', report, '--jobs', '1', '--no-cache'],
        'default': [lint, folder, '--format', 'json', '--output', report, '--no-cache'],
        'few': [lint, folder, '--format', 'json', '--output', few, '--jobs', '1', '--no-cache',
                '--config', few_findings_config(lint)],
        'html': [lint, folder, '--format', 'html', '--output', page, '--jobs', '1', '--no-cache'],
    }
    # One warm-up pass fills the page cache for every contender alike.
    for command in commands.values():
        measure(command)
    samples = {name: [] for name in commands}
    for i in range(runs):
        for name, command in commands.items():
            samples[name].append(measure(command))
        log('  %d files, run %d/%d: %s' % (size, i + 1, runs, ', '.join(
            '%s %.3fs' % (n, samples[n][-1]['wall']) for n in commands)))
    result = {name: summarize(s) for name, s in samples.items()}
    result['report_bytes'] = os.path.getsize(report)
    result['html_bytes'] = os.path.getsize(page)
    with open(report) as f:
        result['diagnostics'] = len(json.load(f).get('diagnostics', []))
    with open(few) as f:
        result['few_diagnostics'] = len(json.load(f).get('diagnostics', []))
    return result


def bench_fix(size, lint, runs):
    """--fix (and --fix --unsafe-fixes) against a plain lint, each on a fresh copy of the corpus."""
    folder = corpus(size)
    work = os.path.join(OUT, 'fix-copy-%d' % size)
    report = os.path.join(OUT, 'report-fix-%d.json' % size)
    base = [lint, '--format', 'json', '--output', report, '--jobs', '1']
    commands = {'lint': base + ['--no-cache', work], 'fix': base + ['--fix', work],
                'fix-unsafe': base + ['--fix', '--unsafe-fixes', work]}
    samples = {name: [] for name in commands}
    for i in range(runs + 1):
        for name, command in commands.items():
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(folder, work)
            sample = measure(command)
            if i > 0:  # the first round warms the page cache
                samples[name].append(sample)
        if i > 0:
            log('  --fix over %d files, run %d/%d: %s' % (size, i, runs, ', '.join(
                '%s %.3fs' % (n, samples[n][-1]['wall']) for n in commands)))
    shutil.rmtree(work, ignore_errors=True)
    return {name: summarize(s) for name, s in samples.items()}


CACHE_MODES = ('floor', 'nocache', 'cold', 'warm', 'edit50', 'warm-text', 'edit50-text')


def bench_cache(size, lint, floor, runs):
    """The cache (default jobs) on a copy of the corpus, each round in this order: the floor,
    --no-cache, a cold run that writes the cache (its folder removed first), a warm run over the
    unchanged tree, and a run after 50 files were edited (a comment line added to each), all
    writing the JSON report to a file; then, as `progress-lint specs/` runs in a pre-commit hook,
    the default text report on standard output: a warm run, and one after editing 50 other files."""
    folder = corpus(size)
    work = os.path.join(OUT, 'cache-copy-%d' % size)
    cache = os.path.join(OUT, 'cache-%d' % size)
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(folder, work)
    specs = sorted(os.path.join(d, f) for d, _, fs in os.walk(work) for f in fs if f.endswith(('.yaml', '.yml')))
    step = max(1, len(specs) // 50)
    reports = {name: os.path.join(OUT, 'report-cache-%s-%d.json' % (name, size))
               for name in ('nocache', 'cold', 'warm', 'edit50')}

    def lint_command(name):
        return [lint, work, '--format', 'json', '--output', reports[name], '--cache-dir', cache] + (
            ['--no-cache'] if name == 'nocache' else [])
    def text_command():
        return [lint, work, '--cache-dir', cache]

    def edit50(i, offset):
        for n, path in enumerate(specs[(i * 2 + offset) % step::step][:50]):
            with open(path, 'a') as f:
                f.write('# edited by run.py, round %d, file %d\n' % (i, n))
    samples = {name: [] for name in CACHE_MODES}
    for i in range(runs + 1):
        round_samples = {'floor': measure([floor, work]), 'nocache': measure(lint_command('nocache'))}
        shutil.rmtree(cache, ignore_errors=True)
        round_samples['cold'] = measure(lint_command('cold'))
        round_samples['warm'] = measure(lint_command('warm'))
        if i == 0:
            with open(reports['nocache'], 'rb') as a, open(reports['cold'], 'rb') as b, open(reports['warm'], 'rb') as c:
                if not a.read() == b.read() == c.read():
                    sys.exit('run.py: the reports with the cache differ from the one without it')
        edit50(i, 0)
        round_samples['edit50'] = measure(lint_command('edit50'))
        round_samples['warm-text'] = measure(text_command())
        edit50(i, 1)
        round_samples['edit50-text'] = measure(text_command())
        if i > 0:  # the first round warms the page cache
            for name, sample in round_samples.items():
                samples[name].append(sample)
            log('  cache, %d files, run %d/%d: %s' % (size, i, runs, ', '.join(
                '%s %.3fs' % (n, samples[n][-1]['wall']) for n in samples)))
    result = {name: summarize(s) for name, s in samples.items()}
    result['cache_bytes'] = os.path.getsize(os.path.join(cache, 'lint-cache.bin'))
    result['report_bytes'] = os.path.getsize(reports['nocache'])
    shutil.rmtree(work, ignore_errors=True)
    return result


def bench_single(lint, trivial, runs):
    folder = corpus(1000)
    specs = sorted(os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs if f.endswith(('.yaml', '.yml')))
    path = specs[len(specs) // 2]
    report = os.path.join(OUT, 'report-single.json')
    # 'single' lints afresh, as before the cache; 'single-cached' as users run it now (the cache on,
    # the file unchanged since the last run, in a cache of that one file).
    commands = {'single': [lint, path, '--format', 'json', '--output', report, '--no-cache'], 'trivial': [trivial],
                'single-cached': [lint, path, '--format', 'json', '--output', report,
                                  '--cache-dir', os.path.join(OUT, 'cache-single')]}
    for command in commands.values():
        measure(command)
    samples = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            samples[name].append(measure(command))
    result = {name: summarize(s) for name, s in samples.items()}
    result['file'] = os.path.relpath(path, ROOT)
    return result


COMPARED_FORMATS = [
    ['--format', 'text'], ['--format', 'concise'], ['--format', 'json'], ['--format', 'sarif'],
    ['--format', 'github'], ['--format', 'junit'], ['--format', 'gitlab'], ['--format', 'html'],
    ['--format', 'text', '--statistics'],
    ['--format', 'text', '--column-unit', 'byte', '--color', 'always'],
]
JUNIT_TIMESTAMP = re.compile(rb'timestamp="[^"]*"')


def bench_server(size, lint, runs):
    """The language server (Benchmarks/server.py): didChange -> diagnostics on a 300-indicator spec
    (200 changes; median and p95 in ms), and its workspace diagnostics over the corpus of `size`
    files against the command's default-jobs --no-cache run, wall time and peak RSS side by side."""
    sys.path.insert(0, os.path.join(ROOT, 'Benchmarks'))
    import server
    median, p95, spec_bytes, cpu = server.latency(lint, 200, 300)
    result = {'latency': {'indicators': 300, 'changes': 200, 'spec_bytes': spec_bytes, 'median_ms': median,
                          'p95_ms': p95, 'server_cpu_ms_per_change': cpu}}
    folder = corpus(size)
    report = os.path.join(OUT, 'report-server-cli-%d.json' % size)
    command = [lint, folder, '--format', 'json', '--output', report, '--no-cache']
    measure(command)  # warms the page cache for both
    samples = {'cli': [], 'server': []}
    for i in range(runs):
        samples['cli'].append(measure(command))
        seconds, rss_kib = server.workspace_run(lint, folder)
        samples['server'].append({'wall': seconds, 'rss_mib': rss_kib / 1024.0})
        log('  server, %d files, run %d/%d: command %.3fs %.0f MiB, server %.3fs %.0f MiB' % (
            size, i + 1, runs, samples['cli'][-1]['wall'], samples['cli'][-1]['rss_mib'],
            seconds, rss_kib / 1024.0))
    result['workspace'] = {'files': size}
    for name, s in samples.items():
        result['workspace'][name] = {key: statistics.median(x[key] for x in s) for key in ('wall', 'rss_mib')}
    # With the cache (`cache: true`, in a folder of its own): a first run writes it, the next
    # reads every file from it (an editor reopening the project).
    cache = os.path.join(OUT, 'cache-server-%d' % size)
    shutil.rmtree(cache, ignore_errors=True)
    cold, _ = server.workspace_run(lint, folder, cache)
    warm, warm_rss = server.workspace_run(lint, folder, cache)
    log('  server, %d files, with the cache: cold %.3fs, warm %.3fs %.0f MiB' % (size, cold, warm, warm_rss / 1024.0))
    result['workspace']['server_cache'] = {'cold': cold, 'warm': warm, 'warm_rss_mib': warm_rss / 1024.0}
    return result


def report_of(binary, folder, options):
    """The report `binary` writes for `folder` (run from the folder's parent, so paths are relative)."""
    parent, name = os.path.split(os.path.abspath(folder))
    child = subprocess.run([binary, name] + options, cwd=parent, capture_output=True)
    if child.returncode not in (0, 1):
        sys.exit('run.py: %s %s exited %d\n%s' % (binary, ' '.join(options), child.returncode,
                                                  child.stderr.decode(errors='replace')))
    return JUNIT_TIMESTAMP.sub(b'timestamp="-"', child.stdout), child.returncode


def compare_reports(lint, reference, folders):
    """Whether `lint` and `reference` write the same bytes for every folder and format; prints each check."""
    same = True
    for folder in folders:
        for options in COMPARED_FORMATS:
            for jobs in (['--jobs', '1'], []):
                ours, our_status = report_of(lint, folder, options + jobs)
                theirs, their_status = report_of(reference, folder, options + jobs)
                label = '%s %s' % (os.path.relpath(folder, ROOT), ' '.join(options + jobs))
                if ours == theirs and our_status == their_status:
                    log('  identical: %s (%d bytes, exit %d)' % (label, len(ours), our_status))
                    continue
                same = False
                log('  DIFFERENT: %s (exit %d against %d)' % (label, our_status, their_status))
                diff = difflib.unified_diff(theirs.decode(errors='replace').splitlines(),
                                            ours.decode(errors='replace').splitlines(),
                                            'reference', 'this build', lineterm='', n=1)
                for line in list(diff)[:20]:
                    log('    ' + line)
    return same


def ratio(a, b):
    return round(a / b, 3) if b else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--quick', action='store_true', help='1k and 10k files only')
    parser.add_argument('--sizes', help='comma-separated corpus sizes (default 1000,10000,100000)')
    parser.add_argument('--runs', type=int, default=5, help='runs per figure (default 5; 3 at 100k and above)')
    parser.add_argument('--json', help='write the figures here too')
    parser.add_argument('--skip-build', action='store_true', help='use the release build as it is')
    parser.add_argument('--lint', help='measure this progress-lint binary instead of building one (e.g. a saved '
                        'build of another commit, for before/after figures)')
    parser.add_argument('--dynamic', action='store_true', help='build progress-lint without --static-swift-stdlib '
                        '(as a plain `swift build -c release` does)')
    parser.add_argument('--reference', help='first check that reports are byte-identical to this binary\'s '
                        '(a release build of an earlier commit)')
    parser.add_argument('--compare-only', action='store_true', help='with --reference: only check, time nothing')
    parser.add_argument('--server-only', action='store_true', help='only the language server section '
                        '(at the largest size up to 10k)')
    parser.add_argument('--cache-only', action='store_true', help='only the cache section (at 10k, or the largest '
                        'size given)')
    args = parser.parse_args()

    if not os.path.exists(GENERATOR):
        sys.exit('run.py: %s is missing; the benchmark needs the shared corpus generator '
                 '(../shared/bench/gen-corpus.py next to the repository)' % GENERATOR)
    sizes = [1000, 10000] if args.quick else [1000, 10000, 100000]
    if args.sizes:
        sizes = sorted(int(s) for s in args.sizes.split(','))
    os.makedirs(OUT, exist_ok=True)
    lint, floor, trivial = build(args.skip_build or bool(args.lint), args.dynamic)
    if args.lint:
        lint = os.path.abspath(args.lint)
    if args.reference:
        log('comparing reports with %s …' % args.reference)
        folders = [os.path.join(ROOT, 'Examples')] + [corpus(size) for size in sizes]
        if not compare_reports(lint, os.path.abspath(args.reference), folders):
            sys.exit('run.py: the reports differ from the reference build\'s (above)')
        log('every report is byte-identical to the reference build\'s')
        if args.compare_only:
            return

    cores = os.cpu_count()
    results = {'date': datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds'),
               'machine': '%s, %d cores' % (platform.platform(), cores),
               'binary': lint,
               'build': 'given' if args.lint else ('dynamic' if args.dynamic else 'static-swift-stdlib'),
               'commit': subprocess.run(['git', 'describe', '--always', '--dirty'], cwd=ROOT,
                                        capture_output=True, text=True).stdout.strip(),
               'sizes': {}, 'ratios': {}}
    server_size = max([s for s in sizes if s <= 10000] or [min(sizes)])
    if args.server_only:
        results['server'] = bench_server(server_size, lint, args.runs)
        print_server(results)
        write_results(results, args.json)
        return
    cache_size = 10000 if 10000 in sizes else max(sizes)
    if args.cache_only:
        results['cache'] = {'files': cache_size, **bench_cache(cache_size, lint, floor, args.runs)}
        print_cache(results)
        write_results(results, args.json)
        return
    for size in sizes:
        runs = args.runs if size < 100000 else max(1, min(args.runs, 3))
        results['sizes'][str(size)] = bench_size(size, lint, floor, runs)
    results['single'] = bench_single(lint, trivial, max(args.runs, 15))
    results['cache'] = {'files': cache_size, **bench_cache(cache_size, lint, floor, args.runs)}
    results['server'] = bench_server(server_size, lint, args.runs)
    fix_size = 10000 if 10000 in sizes else max(s for s in sizes if s <= 10000) if min(sizes) <= 10000 else None
    if fix_size:
        results['fix'] = {'files': fix_size, **bench_fix(fix_size, lint, args.runs)}

    r = results['ratios']
    for size, figures in results['sizes'].items():
        r[size] = {
            'jobs1/floor': ratio(figures['jobs1']['wall'], figures['floor']['wall']),
            'default/floor': ratio(figures['default']['wall'], figures['floor']['wall']),
            'speed-up default vs jobs1': ratio(figures['jobs1']['wall'], figures['default']['wall']),
            'cpu jobs1/floor': ratio(figures['jobs1']['cpu'], figures['floor']['cpu']),
            'html/json time (target <= 2.5)': ratio(figures['html']['wall'], figures['jobs1']['wall']),
            'html/json size (target <= 4)': ratio(figures['html_bytes'], figures['report_bytes']),
        }
    if 'fix' in results:
        f = results['fix']
        r['fix/lint %d files (target <= 2)' % f['files']] = ratio(f['fix']['wall'], f['lint']['wall'])
        r['fix --unsafe-fixes/lint %d files' % f['files']] = ratio(f['fix-unsafe']['wall'], f['lint']['wall'])
    c = results['cache']
    r['cache %d' % c['files']] = {
        'warm/floor (target <= 0.2)': ratio(c['warm']['wall'], c['floor']['wall']),
        'after editing 50 files/floor (target <= 0.25)': ratio(c['edit50']['wall'], c['floor']['wall']),
        'warm, text report on standard output/floor (target <= 0.2)': ratio(c['warm-text']['wall'], c['floor']['wall']),
        'after editing 50 files, text/floor (target <= 0.25)': ratio(c['edit50-text']['wall'], c['floor']['wall']),
        'cold writing the cache/--no-cache (target <= 1.15)': ratio(c['cold']['wall'], c['nocache']['wall']),
        'peak RSS warm/cold (target <= 1)': ratio(c['warm']['rss_mib'], c['cold']['rss_mib']),
        'cache file/JSON report (bytes)': ratio(c['cache_bytes'], c['report_bytes']),
    }
    single = results['single']
    w = results['server']['workspace']
    r['server workspace %d files' % w['files']] = {
        'wall server/command (target <= 1.5)': ratio(w['server']['wall'], w['cli']['wall']),
        'peak RSS server/command (target <= 1.5)': ratio(w['server']['rss_mib'], w['cli']['rss_mib']),
    }
    r['single/trivial'] = ratio(single['single']['wall'], single['trivial']['wall'])
    r['single with the cache/trivial'] = ratio(single['single-cached']['wall'], single['trivial']['wall'])
    by = results['sizes']
    small, large = str(min(sizes)), str(max(sizes))
    if small != large:
        for mode in ('jobs1', 'default', 'few'):
            r['memory %s %s/%s' % (mode, large, small)] = ratio(by[large][mode]['rss_mib'], by[small][mode]['rss_mib'])
    if '10000' in by and '100000' in by:
        for mode in ('floor', 'jobs1', 'default'):
            r['scaling %s 10k->100k (10 is linear)' % mode] = ratio(by['100000'][mode]['wall'],
                                                                      by['10000'][mode]['wall'])

    print('progress-lint benchmark, %s, %s' % (results['date'], results['machine']))
    print('%-8s %-8s %10s %10s %10s' % ('files', 'what', 'wall s', 'cpu s', 'peak MiB'))
    for size, figures in by.items():
        for mode in ('floor', 'jobs1', 'default', 'few', 'html'):
            f = figures[mode]
            print('%-8s %-8s %10.3f %10.3f %10.1f' % (size, mode, f['wall'], f['cpu'], f['rss_mib']))
        print('%-8s report   %d diagnostics, %.1f KiB (few: %d diagnostics)' % (
            size, figures['diagnostics'], figures['report_bytes'] / 1024, figures['few_diagnostics']))
        print('%-8s html     %.1f KiB' % (size, figures['html_bytes'] / 1024))
    if 'fix' in results:
        for mode in ('lint', 'fix', 'fix-unsafe'):
            f = results['fix'][mode]
            print('%-8s %-10s %8.3f %10.3f %10.1f' % (results['fix']['files'], mode, f['wall'], f['cpu'], f['rss_mib']))
    for mode in CACHE_MODES:
        f = results['cache'][mode]
        print('%-8s %-11s %7.3f %10.3f %10.1f' % (str(results['cache']['files']) + 'c', mode, f['wall'], f['cpu'],
                                                   f['rss_mib']))
    for mode in ('single', 'single-cached', 'trivial'):
        f = single[mode]
        print('%-8s %-8s %10.4f %10.4f %10.1f' % ('1', mode, f['wall'], f['cpu'], f['rss_mib']))
    print_server(results)
    print('ratios:')
    for key, value in r.items():
        if isinstance(value, dict):
            for k, v in value.items():
                print('  %s files: %s = %s' % (key, k, v))
        else:
            print('  %s = %s' % (key, value))

    write_results(results, args.json)


def print_cache(results):
    """The cache section alone (--cache-only): its figures and ratios."""
    c = results['cache']
    print('progress-lint cache benchmark, %s, %s, load average %s' % (
        results['date'], results['machine'], ' '.join('%.2f' % x for x in os.getloadavg())))
    print('%-8s %-8s %10s %10s %10s' % ('files', 'what', 'wall s', 'cpu s', 'peak MiB'))
    for mode in CACHE_MODES:
        f = c[mode]
        print('%-8s %-11s %7.3f %10.3f %10.1f' % (str(c['files']) + 'c', mode, f['wall'], f['cpu'], f['rss_mib']))
    for name, (a, b, target) in {
            'warm/floor': ('warm', 'floor', 0.2), 'after editing 50 files/floor': ('edit50', 'floor', 0.25),
            'warm, text on standard output/floor': ('warm-text', 'floor', 0.2),
            'after editing 50 files, text/floor': ('edit50-text', 'floor', 0.25),
            'cold writing the cache/--no-cache': ('cold', 'nocache', 1.15)}.items():
        print('  %s: wall %s, cpu %s (target <= %s)' % (name, ratio(c[a]['wall'], c[b]['wall']),
                                                       ratio(c[a]['cpu'], c[b]['cpu']), target))
    print('  peak RSS warm/cold: %s (target <= 1)' % ratio(c['warm']['rss_mib'], c['cold']['rss_mib']))
    print('  cache file/JSON report (bytes): %s' % ratio(c['cache_bytes'], c['report_bytes']))


def print_server(results):
    """The language server section: latency, then the workspace run beside the command's."""
    latency, w = results['server']['latency'], results['server']['workspace']
    print('server   didChange -> diagnostics, %d indicators (%d KiB), %d changes: median %.2f ms, p95 %.2f ms '
          '(targets 10 / 50); server CPU %.2f ms a change' % (
              latency['indicators'], latency['spec_bytes'] // 1024, latency['changes'], latency['median_ms'],
              latency['p95_ms'], latency['server_cpu_ms_per_change']))
    print('server   workspace of %d files: command (default jobs, --no-cache) %.3f s %.1f MiB, '
          'server %.3f s %.1f MiB (%.2fx time, %.2fx RSS; targets 1.5)' % (
              w['files'], w['cli']['wall'], w['cli']['rss_mib'], w['server']['wall'], w['server']['rss_mib'],
              w['server']['wall'] / w['cli']['wall'], w['server']['rss_mib'] / w['cli']['rss_mib']))
    c = w['server_cache']
    print('server   workspace of %d files with the cache: cold (writing it) %.3f s, warm (every file from it) '
          '%.3f s %.1f MiB' % (w['files'], c['cold'], c['warm'], c['warm_rss_mib']))


def write_results(results, extra):
    text = json.dumps(results, indent=2) + '\n'
    stamp = datetime.datetime.now().strftime('%Y%m%d-%H%M%S')
    for path in [os.path.join(OUT, 'bench-%s.json' % stamp), os.path.join(OUT, 'latest.json')] + (
            [extra] if extra else []):
        with open(path, 'w') as f:
            f.write(text)
    log('figures written to bench-out/bench-%s.json' % stamp)


if __name__ == '__main__':
    main()
