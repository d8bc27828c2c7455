#!/usr/bin/env python3
"""A one-file run in a project with a warm cache, against the same run with --no-cache.

Usage: python3 Benchmarks/one_file.py --lint BINARY [--size 10000] [--runs 15] [--also OTHER_BINARY]

On a copy of bench-out/corpus-<size> (made by run.py) with a `.progress-lint.yml` at its top, it
fills the cache with a run over the whole tree, then, alternating, times runs over one file as an
editor's save hook makes them (`progress-lint specs/…/file.yaml`, the text report to /dev/null):
with --no-cache, with the cache and the file unchanged, and with the cache right after an edit of
that file (a comment line appended, then taken away again in the next round). It prints the median
wall and CPU time (user + system of the child) of each and the ratios (target: at most 1.2x).
With --also, another build is timed the same way on a copy of its own, its runs taken in turn
with the first build's (the two compared in the same minutes). Standard library only.
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(command, cwd):
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit('one_file.py: %s exited %d' % (' '.join(command), code))
    return wall, usage.ru_utime + usage.ru_stime


def prepare(source, project, lint):
    """A copy of `source` at `project` with its cache filled by `lint`; its files and its cache's size."""
    shutil.rmtree(project, ignore_errors=True)
    shutil.copytree(source, project)
    with open(os.path.join(project, '.progress-lint.yml'), 'w') as f:
        f.write('platform: ios\n')
    files = sorted(os.path.relpath(os.path.join(d, n), project)
                   for d, _, names in os.walk(project) for n in names if n.endswith(('.yaml', '.yml')) and not n.startswith('.'))
    timed([lint, '.'], project)
    cache = os.path.join(project, '.progress-lint-cache')
    return files, sum(os.path.getsize(os.path.join(cache, n)) for n in os.listdir(cache))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--lint', required=True)
    parser.add_argument('--also', help='another build, timed in turn with the first')
    parser.add_argument('--size', type=int, default=10000)
    parser.add_argument('--runs', type=int, default=15)
    args = parser.parse_args()
    builds = [os.path.abspath(args.lint)] + ([os.path.abspath(args.also)] if args.also else [])
    source = os.path.join(ROOT, 'bench-out', 'corpus-%d' % args.size)
    if not os.path.isdir(source):
        sys.exit('one_file.py: %s is missing (python3 Benchmarks/run.py --sizes %d makes it)' % (source, args.size))
    projects = [os.path.join(ROOT, 'bench-out', 'one-file-%d%s' % (args.size, '-also' if i else ''))
                for i in range(len(builds))]
    prepared = [prepare(source, project, lint) for project, lint in zip(projects, builds)]
    files, size = prepared[0]
    one = files[len(files) // 2]
    originals = []
    for project, lint in zip(projects, builds):
        timed([lint, one], project)  # the file named on its own has an entry of its own
        with open(os.path.join(project, one), 'rb') as f:
            originals.append(f.read())
    # The copies and the caches just written are flushed first, so that their writeback does not
    # fall in the timed runs (an edited run's rename and removal wait on it most).
    os.sync()
    figures = [{'nocache': [], 'unchanged': [], 'edited': []} for _ in builds]
    for round in range(args.runs):
        for lint, project, original, runs in zip(builds, projects, originals, figures):
            runs['nocache'].append(timed([lint, '--no-cache', one], project))
            runs['unchanged'].append(timed([lint, one], project))
            with open(os.path.join(project, one), 'wb') as f:
                f.write(original + (b'# edit %d\n' % round))
            runs['edited'].append(timed([lint, one], project))
    for project, original in zip(projects, originals):
        with open(os.path.join(project, one), 'wb') as f:
            f.write(original)
    print('%d files, cache %.1f MiB, one file %s, medians of %d, load average %.1f'
          % (len(files), size / 2**20, one, args.runs, os.getloadavg()[0]))
    for lint, runs in zip(builds, figures):
        medians = {name: (statistics.median(w for w, _ in times), statistics.median(c for _, c in times))
                   for name, times in runs.items()}
        if len(builds) > 1:
            print(lint)
        for name, (wall, cpu) in medians.items():
            print('  %-10s wall %.1f ms  cpu %.1f ms' % (name, wall * 1000, cpu * 1000))
        for name in ('unchanged', 'edited'):
            print('  %s / --no-cache: wall %.2fx, cpu %.2fx (target <= 1.2x)'
                  % (name, medians[name][0] / medians['nocache'][0], medians[name][1] / medians['nocache'][1]))


if __name__ == '__main__':
    main()
