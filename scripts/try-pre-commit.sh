#!/bin/sh
# Tries the hooks in .pre-commit-hooks.yaml for real with pre-commit from PyPI, in a scratch git repository.
# Usage: scripts/try-pre-commit.sh [FOLDER-HOLDING-progress-lint]   (default: .build/debug)
# Exit 0: the hook behaved; 1: it did not; 0 with "skip:" when pre-commit or git is unavailable (offline).
# With TRY_SWIFT_HOOK=1 it also tries the `language: swift` hook, which clones this repository at its
# committed HEAD and builds it in release mode (minutes, and SwiftPM fetches its dependencies).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-"$here/.build/debug"}
[ -x "$bin/progress-lint" ] || { echo "skip: no progress-lint in $bin (swift build first)"; exit 0; }
command -v git >/dev/null 2>&1 || { echo "skip: git is not installed"; exit 0; }
if ! python3 -c "import pre_commit" >/dev/null 2>&1; then
  timeout 120 python3 -m pip install --quiet pre-commit >/dev/null 2>&1 || true
  python3 -c "import pre_commit" >/dev/null 2>&1 || { echo "skip: pre-commit is not installed and PyPI is unreachable"; exit 0; }
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache" PATH="$bin:$PATH"
# The hooks as a repository of their own (try-repo reads committed files only), so uncommitted edits are tried too.
mkdir "$work/hooks" && cp "$here/.pre-commit-hooks.yaml" "$work/hooks/" && (cd "$work/hooks" && git init -q . \
  && git add -A && git -c user.name=try -c user.email=try@example.invalid commit -qm hooks) || exit 1
cd "$work" && mkdir repo && cd repo && git init -q . || exit 1
mkdir -p specs .github/workflows
printf 'include: ["specs/**"]\n' > .progress-lint.yml
printf 'screen: Upload\nindicators:\n  - {id: a, style: spinner, presentation: overlay, label: Loading}\n' > specs/bad.yaml
printf 'screen: Inbox\nindicators: []\n' > specs/good.yaml
printf 'on: push\njobs: {}\n' > .github/workflows/ci.yml
git add -A

fail=0
try() { python3 -m pre_commit try-repo "$work/hooks" progress-lint-system --files "$@" > "$work/out" 2>&1; }
try specs/bad.yaml .github/workflows/ci.yml
status=$?
if [ $status -eq 0 ] || ! grep -q "obstructive-needs-exit" "$work/out" || grep -q "ci.yml" "$work/out"; then
  echo "FAIL: a bad spec must fail the hook, and ci.yml must be left alone (exit $status):"; cat "$work/out"; fail=1
fi
if ! try specs/good.yaml .github/workflows/ci.yml; then
  echo "FAIL: a clean spec and a workflow file must pass:"; cat "$work/out"; fail=1
fi
if [ "${TRY_SWIFT_HOOK:-0}" = 1 ]; then
  python3 -m pre_commit try-repo "$here" progress-lint --files specs/bad.yaml > "$work/out" 2>&1
  if [ $? -eq 0 ] || ! grep -q "obstructive-needs-exit" "$work/out"; then
    echo "FAIL: the swift hook must build progress-lint and fail on a bad spec:"; cat "$work/out"; fail=1
  fi
fi
[ $fail -eq 0 ] && echo "ok: pre-commit ran the hooks as expected"
exit $fail
