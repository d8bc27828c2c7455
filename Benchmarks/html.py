#!/usr/bin/env python3
"""The HTML report at the size of a real project (issue 35): how fast it is written and opened.

Usage: python3 Benchmarks/html.py [--sizes 1000,10000] [--runs 3] [--lint BINARY] [--skip-build]

For each size it generates (once; reused afterwards, the same folders as run.py) the standard corpus
with ../shared/bench/gen-corpus.py (seed 1) under bench-out/corpus-<N>, then:

  report   progress-lint --jobs 1 --no-cache --format json / --format html, interleaved, N runs each:
           median wall and CPU time (user + system of the child) and the reports' sizes
           (targets at 10k: HTML at most 1.5x JSON's size and 1.5x its time)
  browser  the HTML report in headless Chromium (selenium): when the load event fires and how many
           elements the page holds then (targets at 10k: 3 s, 50,000), the time to open the details
           of the 10 screens with the most findings and of 10 files spread over the file table
           (click to dialog drawn, a layout forced; target: under 1 s each), axe-core's run over the
           page as loaded when --axe is given, for sizes up to --axe-files (default 1000; target at
           1k: no violation, under 60 s), and the
           network log (target: no request but the file).

Prints the figures as a table and writes them to bench-out/html-latest.json. Needs Chromium,
chromedriver and selenium for the browser part (skipped, with a note, without them); axe-core comes
from the axe-selenium-python wheel in .build/axe (see .ci/run). Never run by `swift test` or CI.
"""

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, 'bench-out')
GENERATOR = next((p for p in (os.path.join(ROOT, '..', 'shared', 'bench', 'gen-corpus.py'),
                              os.path.join(ROOT, '..', '..', 'shared', 'bench', 'gen-corpus.py')) if os.path.exists(p)), None)


def log(message):
    print(message, file=sys.stderr, flush=True)


def corpus(size):
    folder = os.path.join(OUT, f'corpus-{size}')
    if not os.path.isdir(os.path.join(folder, 'specs')):
        if GENERATOR is None:
            sys.exit('needs ../shared/bench/gen-corpus.py')
        log(f'generating {size} files')
        subprocess.run([sys.executable, GENERATOR, folder, '--files', str(size), '--seed', '1'], check=True)
    return folder


def timed(command):
    """Wall and CPU seconds of one child."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status not in (0, 1):
        sys.exit(f'{" ".join(command)} exited {status}')
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def reports(lint, folder, runs):
    out = {}
    paths = {f: os.path.join(folder, f'report.{f}') for f in ('json', 'html')}
    samples = {f: [] for f in paths}
    for _ in range(runs):
        for f, path in paths.items():
            samples[f].append(timed([lint, os.path.join(folder, 'specs'), '--jobs', '1', '--no-cache',
                                     '--format', f, '--output', path]))
    for f, path in paths.items():
        out[f] = {'wall': statistics.median(s[0] for s in samples[f]), 'cpu': statistics.median(s[1] for s in samples[f]),
                  'bytes': os.path.getsize(path)}
    return out, paths['html']


def browser(page, axe_wheel):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        log('selenium is missing: no browser figures')
        return None
    chromium = shutil.which('chromium') or shutil.which('chromium-browser')
    driver_path = shutil.which('chromedriver')
    if not chromium or not driver_path:
        log('chromium or chromedriver is missing: no browser figures')
        return None
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ('--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--window-size=1280,1000',
                     '--no-first-run', '--disable-extensions', '--disable-background-networking', '--disable-sync'):
        options.add_argument(argument)
    options.set_capability('goog:loggingPrefs', {'performance': 'ALL'})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(600)
    driver.set_script_timeout(600)
    url = 'file://' + os.path.abspath(page)
    figures = {}
    try:
        driver.get(url)
        load, elements = driver.execute_script(
            "var t = performance.getEntriesByType('navigation')[0];"
            " return [t.loadEventStart, document.getElementsByTagName('*').length]")
        figures['load_s'] = load / 1000
        figures['elements'] = elements
        # The screens with the most findings, then files spread over the table.
        opens = driver.execute_script("""
            var links = Array.prototype.slice.call(document.querySelectorAll('section[aria-labelledby=worst] a[data-p]')).slice(0, 10);
            var n = document.getElementById('data').textContent.split(String.fromCharCode(10)).length - 2, times = [];
            function time(a) {
                var t = performance.now(); a.click(); document.getElementById('detail').offsetHeight;
                var drawn = document.querySelectorAll('#detail svg.tl').length;
                times.push([performance.now() - t, drawn]); document.getElementById('close').click();
            }
            links.forEach(time);
            for (var k = 0; k < 10; k++) {
                var a = document.createElement('a'); a.href = '#'; a.setAttribute('data-p', Math.floor(k * n / 10));
                document.body.appendChild(a); time(a); a.remove();
            }
            return times""")
        figures['detail_ms_max'] = max(t for t, _ in opens)
        figures['detail_ms_median'] = statistics.median(t for t, _ in opens)
        figures['details_opened'] = len(opens)
        if axe_wheel:
            with zipfile.ZipFile(axe_wheel) as z:
                axe = z.read(next(n for n in z.namelist() if n.endswith('axe-core/axe.min.js'))).decode('utf-8')
            driver.execute_script(axe)
            start = time.monotonic()
            result = json.loads(driver.execute_async_script("""
                var done = arguments[arguments.length - 1];
                axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']},
                                   resultTypes: ['violations']})
                  .then(function (r) { done(JSON.stringify(r.violations.map(function (v) { return v.id }))) })
                  .catch(function (e) { done(JSON.stringify(['error: ' + e])) });"""))
            figures['axe_s'] = time.monotonic() - start
            figures['axe_violations'] = result
        requests = [json.loads(e['message'])['message']['params']['request']['url']
                    for e in driver.get_log('performance')
                    if json.loads(e['message'])['message'].get('method') == 'Network.requestWillBeSent']
        figures['requests_beyond_the_file'] = [r for r in requests if r.split('#')[0] != url and r != 'about:blank']
    finally:
        driver.quit()
    return figures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--sizes', default='1000,10000')
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--lint', default=os.path.join(ROOT, '.build', 'release', 'progress-lint'))
    parser.add_argument('--skip-build', action='store_true')
    parser.add_argument('--axe', action='store_true', help='run axe-core over the pages of at most --axe-files files')
    parser.add_argument('--axe-files', type=int, default=1000)
    args = parser.parse_args()
    if not args.skip_build:
        subprocess.run(['swift', 'build', '-c', 'release', '--product', 'progress-lint'], cwd=ROOT, check=True)
    wheels = sorted(f for f in os.listdir(os.path.join(ROOT, '.build', 'axe')) if f.endswith('.whl')) \
        if os.path.isdir(os.path.join(ROOT, '.build', 'axe')) else []
    wheel = os.path.join(ROOT, '.build', 'axe', wheels[-1]) if wheels and args.axe else None
    results = {}
    for size in (int(s) for s in args.sizes.split(',')):
        folder = corpus(size)
        log(f'{size} files: reports')
        figures, page = reports(args.lint, folder, args.runs)
        log(f'{size} files: browser')
        figures['browser'] = browser(page, wheel if size <= args.axe_files else None)
        results[size] = figures
        print(json.dumps({size: figures}, indent=1), flush=True)
    print('\n| files | JSON | HTML | size HTML/JSON | time (wall; CPU) HTML/JSON | load event | elements | details open (median; max) | axe-core | requests |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for size, f in results.items():
        j, h, b = f['json'], f['html'], f['browser'] or {}
        axe = f"{len(b['axe_violations'])} violations, {b['axe_s']:.1f} s" if 'axe_s' in b else 'not run'
        print(f"| {size:,} | {j['bytes'] / 1e6:.1f} MB, {j['wall']:.2f} s | {h['bytes'] / 1e6:.1f} MB, {h['wall']:.2f} s "
              f"| {h['bytes'] / j['bytes']:.2f}x | {h['wall'] / j['wall']:.2f}x; {h['cpu'] / j['cpu']:.2f}x "
              f"| {b.get('load_s', float('nan')):.2f} s | {b.get('elements', 0):,} "
              f"| {b.get('detail_ms_median', float('nan')):.0f}; {b.get('detail_ms_max', float('nan')):.0f} ms "
              f"| {axe} | {len(b.get('requests_beyond_the_file', [])) if b else 'n/a'} beyond the file |")
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, 'html-latest.json'), 'w') as out:
        json.dump(results, out, indent=1)


if __name__ == '__main__':
    main()
