#!/usr/bin/env bash
# Node 26's `npm ci` of this lockfile into a scratch directory ($1: package.json, the lockfile
# and the workspaces' package.json files, nothing else), which .ci/run starts beside the
# suite. .ci/node26-smoke.sh then compares what it installed with ./node_modules: the same
# packages (npm's own record of them, node_modules/.package-lock.json), and the smoke runs
# on ./node_modules instead of installing again in place. Prints the seconds it took.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
scratch="$1"
PATH="$(.ci/node-binary.sh 26):$PATH"
export PATH
mkdir -p "$scratch"
cp package.json package-lock.json "$scratch/"
for manifest in packages/*/package.json; do
  mkdir -p "$scratch/$(dirname "$manifest")"
  cp "$manifest" "$scratch/$manifest"
done
(cd "$scratch" && npm ci --no-audit --no-fund --prefer-offline --loglevel=error)
echo "✔ Node 26 ($(node --version)) installed the lockfile into $scratch in $((SECONDS - started)) s"
