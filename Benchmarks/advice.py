#!/usr/bin/env python3
"""Prints one screen of N indicators whose findings carry worked-out advice (`Advice.withIt`).

    python3 Benchmarks/advice.py 300 > bench-out/advice-300.yaml

Six kinds of indicator in turn, each with its own id and task: an indeterminate UIProgressView
(style-determinacy, component-mismatch), a renamed native spinner (native-label-renamed), an
inline wait that other actions could harm (obstruction-needed), a long wait that takes focus
inline (long-wait-needs-determinate, parallel-focus-steal), an overlay beside independent actions
(obstruction-not-needed), and work someone started with no announcement (announce-user-initiated).
"""
import sys

KINDS = [
    """  - id: posting-{n}
    style: bar
    component: UIProgressView
    task: post-{n}
    duration: 1s..8s
    location: navigation-bar
    label: Posting photo {n}
    accessibility:
      announce: {{start: Posting photo {n}, completion: Photo {n} posted}}
    reduce-motion: {{replace-with: Posting photo {n}…, follow-up: Still posting…}}
""",
    """  - id: preparing-{n}
    style: spinner
    component: UIActivityIndicatorView
    task: prepare-{n}
    duration: 1s..5s
    accessibility:
      label: Preparing photos {n}
      announce: {{start: Preparing {n} photos}}
    reduce-motion: stop-animation
""",
    """  - id: pay-{n}
    style: spinner
    task: payment-{n}
    duration: 1s..20s
    show-after: 0s
    presentation: inline
    other-actions: destructive
    label: Processing payment {n}
    accessibility:
      label: Processing payment {n}
      announce: {{start: Processing payment {n}, completion: Payment {n} complete}}
    reduce-motion: {{replace-with: Processing payment {n}…, follow-up: Still processing…}}
    stall: {{after: 15s, message: This is taking longer than usual.}}
""",
    """  - id: chart-{n}
    style: spinner
    task: chart-refresh-{n}
    duration: 2s..30s
    user-initiated: true
    accessibility:
      focus: indicator
      announce: {{start: Updating chart {n}}}
    reduce-motion: {{replace-with: Updating chart {n}…, follow-up: Still updating…}}
""",
    """  - id: export-{n}
    style: spinner
    task: export-{n}
    duration: 1s..5s
    presentation: overlay
    other-actions: independent
    label: Exporting transactions {n}
    accessibility:
      focus: indicator
      focus-after: trigger
      announce: {{start: Exporting transactions {n}, completion: Export {n} ready}}
    reduce-motion: {{replace-with: Exporting transactions {n}…, follow-up: Still exporting…}}
""",
    """  - id: checking-{n}
    style: spinner
    component: UIActivityIndicatorView
    task: check-{n}
    duration: 1s..8s
    user-initiated: true
    label: Checking account {n}
    reduce-motion: {{replace-with: Checking account {n}…, follow-up: Still checking…}}
""",
]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    out = ["version: 1", "platform: ios", f"screen: Advice {count}", "indicators:"]
    for n in range(count):
        out.append(KINDS[n % len(KINDS)].format(n=n).rstrip("\n"))
    print("\n".join(out))


if __name__ == "__main__":
    main()
