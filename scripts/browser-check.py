#!/usr/bin/env python3
"""Opens an HTML report in headless Chromium and checks it as a person's browser would show it.

usage: browser-check.py REPORT.html SCREENSHOT.png AXE_WHEEL.whl

- renders the page and saves a screenshot;
- checks the page's own script ran under its Content-Security-Policy (the filters appear) and that
  the filters work from the keyboard and are kept in the address's fragment;
- runs axe-core (axe.min.js, unpacked here from the axe-selenium-python wheel) for WCAG 2.0, 2.1
  and 2.2 A and AA: any violation fails;
- reads Chromium's network log: any request other than the file itself fails.

Exits 0 when every check passes, 1 with one line per problem otherwise, 77 when Chromium,
chromedriver or selenium is missing (the caller skips).
"""
import json
import os
import shutil
import sys
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
    result = json.loads(driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']},
                           resultTypes: ['violations']})
          .then(function (r) { done(JSON.stringify({version: axe.version, violations: r.violations.map(function (v) {
              return {id: v.id, impact: v.impact, help: v.help,
                      nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(' ') + ' ' + n.failureSummary })};
          })})) })
          .catch(function (e) { done(JSON.stringify({error: String(e)})) });
        """))
    if "error" in result:
        problems.append("axe-core failed: " + result["error"])
    else:
        print(f"axe-core {result['version']}: {len(result['violations'])} WCAG 2.2 A/AA violations")
        for v in result["violations"]:
            problems.append(f"axe {v['id']} ({v['impact']}): {v['help']}: {v['nodes']}")

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
finally:
    driver.quit()

for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
