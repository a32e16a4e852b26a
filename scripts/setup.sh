#!/usr/bin/env bash
# Idempotent setup used by both README commands (`npm start`, `npm test`):
# Debian packages (Chromium, fonts, Jupyter, poppler), npm ci, build, tslab kernel spec.
# jupyter-notebook is the server `npm run notebook` starts; python3-jupyter-kernel-test checks
# the kernel against the messaging protocol (test/notebook/kernel_test.py).
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(chromium fonts-noto-cjk fonts-noto-color-emoji jupyter-nbconvert jupyter-client python3-ipykernel jupyter-notebook python3-jupyter-kernel-test poppler-utils)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci only when the lock file changed since the last install (kept in node_modules).
stamp=node_modules/.benchbook-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: npm ci"
  # --ignore-scripts: npm 11 skips install scripts anyway; zeromq (tslab) ships its binary.
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi

echo "setup: build"
# The pinned compiler by path: @tslab/typescript-for-tslab (5.0) also installs a `tsc` that can
# win the node_modules/.bin link.
node node_modules/typescript/bin/tsc -p tsconfig.json
# …and the CLI's bundle of dist/ (what bin/benchbook.js runs; scripts/bundle-cli.mjs), as `npm run build` does.
node scripts/bundle-cli.mjs

# tslab kernel spec for Debian's Jupyter (the pyenv python3 first on PATH has no Jupyter), for a
# Jupyter started by hand. `npm run notebook` and `benchbook notebook run|serve` do not need it:
# they put a spec of their own first on JUPYTER_PATH (benchbook's kernel launcher,
# src/notebook/jupyter-dir.ts), so nothing system-wide depends on this checkout's path.
export PATH="$PWD/node_modules/.bin:$PATH"
if ! /usr/bin/python3 -m jupyter kernelspec list 2>/dev/null | grep -q '^ *tslab '; then
  echo "setup: installing the tslab kernel spec"
  tslab install --python=/usr/bin/python3 >/dev/null
fi
echo "setup: ok"
