#!/usr/bin/env bash
# README command 2: set up (idempotent) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# House rules first: formatter, linter, layer rules (biome.jsonc, .dependency-cruiser.cjs).
npm run --silent lint
node scripts/run-tests.mjs "$@"
