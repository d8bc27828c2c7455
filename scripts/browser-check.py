#!/usr/bin/env python3
"""Opens an HTML report in headless Chromium and checks it as a person's browser would show it.

usage: browser-check.py REPORT.html SCREENSHOT.png AXE_WHEEL.whl

- renders the page and saves a screenshot;
- checks the page's own script ran under its Content-Security-Policy (the filters appear) and that
  the filters work from the keyboard and are kept in the address's fragment;
- opens the details of a screen (the first link to one: the screens with the most findings, else a
  file's findings) from the keyboard: the dialog must open within 1 s with a timeline (SVG) and a
  timing table for each of the file's indicators;
- runs axe-core (axe.min.js, unpacked here from the axe-selenium-python wheel) for WCAG 2.0, 2.1
  and 2.2 A and AA, on the page as loaded and on the open details: any violation fails;
- reads Chromium's network log: any request other than the file itself fails;
- opens the page again with scripts off: the overview, every finding and the whole file table must
  still be there (only the timelines, timing tables and code frames need the script).

Exits 0 when every check passes, 1 with one line per problem otherwise, 77 when Chromium,
chromedriver or selenium is missing (the caller skips).
"""
import json
import os
import shutil
import sys
import time
import zipfile

html, shot, wheel = sys.argv[1:4]
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
driver_path = shutil.which("chromedriver")
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    print("selenium is not installed")
    sys.exit(77)
if not chromium or not driver_path:
    print("chromium or chromedriver is not installed")
    sys.exit(77)

with zipfile.ZipFile(wheel) as z:
    name = next(n for n in z.namelist() if n.endswith("axe-core/axe.min.js"))
    axe = z.read(name).decode("utf-8")

options = webdriver.ChromeOptions()
options.binary_location = chromium
for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,1000", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"):
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
driver = webdriver.Chrome(service=Service(driver_path), options=options)
problems = []
url = "file://" + os.path.abspath(html)
try:
    driver.get(url)
    load = driver.execute_script(
        "var t = performance.getEntriesByType('navigation')[0];"
        " return [t ? t.loadEventStart : -1, document.getElementsByTagName('*').length]")
    print(f"load event at {load[0] / 1000:.2f} s, {load[1]} elements")
    if driver.execute_script("var f = document.getElementById('filters'); return !f || f.hidden"):
        problems.append("the page's script did not run: the filters stayed hidden (is it allowed by the policy?)")
    driver.save_screenshot(shot)

    # Filters by keyboard: Space on the `info` box hides the infos and writes the fragment.
    boxes = driver.find_elements(By.CSS_SELECTOR, "#filters input[name=severity][value=info]")
    if not boxes:
        problems.append("no severity filter for info")
    else:
        boxes[0].send_keys(Keys.SPACE)
        state = driver.execute_script(
            "return [location.hash, document.querySelectorAll('li.finding[data-sev=info]:not(.off)').length,"
            " document.querySelectorAll('li.finding[data-sev=info]').length]")
        if "severity=info" not in state[0] or state[1] != 0:
            problems.append(f"unchecking info by keyboard did not hide the infos and keep it in the fragment: {state}")
        driver.get(url + "#hide:severity=warning")
        driver.refresh()
        state = driver.execute_script(
            "return [document.querySelector('#filters input[name=severity][value=warning]').checked,"
            " document.querySelectorAll('li.finding[data-sev=warning]:not(.off)').length]")
        if state != [False, 0]:
            problems.append(f"a fragment that hides warnings was not applied on load: {state}")
        driver.get("about:blank")
        driver.get(url)

    driver.execute_script(axe)

    def check(context, what):
        started = time.monotonic()
        result = json.loads(driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            axe.run(arguments[0] || document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']},
                                   resultTypes: ['violations']})
              .then(function (r) { done(JSON.stringify({version: axe.version, violations: r.violations.map(function (v) {
                  return {id: v.id, impact: v.impact, help: v.help,
                          nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(' ') + ' ' + n.failureSummary })};
              })})) })
              .catch(function (e) { done(JSON.stringify({error: String(e)})) });
            """, context))
        if "error" in result:
            problems.append(f"axe-core failed on {what}: " + result["error"])
        else:
            print(f"axe-core {result['version']} on {what}: {len(result['violations'])} WCAG 2.2 A/AA violations"
                  f" ({time.monotonic() - started:.1f} s)")
            for v in result["violations"]:
                problems.append(f"axe {v['id']} ({v['impact']}) on {what}: {v['help']}: {v['nodes']}")

    check(None, "the page as loaded")

    # A screen's details, opened from the keyboard: Enter on its link.
    links = driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=worst] a[data-p], section[aria-labelledby=findings] a[data-p]")
    if not links:
        problems.append("no link opens a screen's details")
    else:
        link = links[0]
        driver.execute_script("arguments[0].scrollIntoView(); arguments[0].focus()", link)
        started = time.monotonic()
        link.send_keys(Keys.ENTER)
        state = driver.execute_script("""
            var d = document.getElementById('detail'), p = +arguments[0].getAttribute('data-p');
            var file = JSON.parse(document.getElementById('data').textContent.split(String.fromCharCode(10))[p + 1]);
            var indicators = file[0].reduce(function (n, s) { return n + s[3].length }, 0);
            return [d.open, d.querySelectorAll('svg.tl').length, d.querySelectorAll('table.timing').length, indicators,
                    d.contains(document.activeElement), d.querySelectorAll('li.finding').length, file[1].length]""", link)
        opened = time.monotonic() - started
        print(f"details of {link.text!r} opened in {opened:.2f} s: {state[1]} timelines, {state[5]} findings")
        if not state[0] or state[1] != state[3] or state[2] != state[3] or not state[4] or state[5] != state[6]:
            problems.append(f"the details did not open with a timeline and table per indicator, focus inside and every finding: {state}")
        if opened >= 1:
            problems.append(f"opening the details took {opened:.2f} s (at most 1 s)")
        check("#detail", "the open details")
        driver.find_element(By.ID, "close").send_keys(Keys.ENTER)
        if driver.execute_script("return document.getElementById('detail').open"):
            problems.append("the details' Close button did not close them")
        elif not driver.execute_script("return document.activeElement === arguments[0]", link):
            problems.append("closing the details did not return focus to the link that opened them")

    requests = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            requested = message["params"]["request"]["url"]
            requests.append(requested)
            if requested.split("#")[0] != url and requested != "about:blank":
                problems.append("a request left the file: " + requested)
    print(f"network log: {len(requests)} requests, all of the file itself" if not any(
        p.startswith("a request") for p in problems) else "network log: requests beyond the file")
    for entry in driver.get_log("browser"):
        if "Content Security Policy" in entry.get("message", "") or entry.get("level") == "SEVERE":
            problems.append("console: " + entry["message"])
    expected = driver.execute_script(
        "return [document.querySelectorAll('main li.finding').length,"
        " JSON.parse(document.getElementById('data').textContent.split(String.fromCharCode(10))[0]).files.length]")
finally:
    driver.quit()

# With scripts off: the same page reads whole but for the drawn details.
options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
driver = webdriver.Chrome(service=Service(driver_path), options=options)
try:
    driver.get(url)
    off = [len(driver.find_elements(By.CSS_SELECTOR, "main li.finding")),
           len(driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=files] noscript table tbody tr")),
           len(driver.find_elements(By.CSS_SELECTOR, "h2#run, h2#glance, h2#worst, h2#slowest, h2#findings, h2#files, h2#rules")),
           driver.find_element(By.ID, "filters").is_displayed()]
    print(f"with scripts off: {off[0]} findings, {off[1]} rows in the file table, {off[2]} sections")
    if off != [expected[0], expected[1], 7, False]:
        problems.append(f"with scripts off the page does not read whole: {off}, expected {expected[0]} findings and {expected[1]} files")
finally:
    driver.quit()

for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
