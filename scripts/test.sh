#!/usr/bin/env bash
# README command 2: set up (idempotent) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# House rules first: formatter, linter, layer rules (biome.jsonc, .dependency-cruiser.cjs).
npm run --silent lint
# test/ type-checks too (with src/), by the pinned compiler: a test that no longer compiles fails here.
node node_modules/typescript/bin/tsc -p test/tsconfig.json
node scripts/run-tests.mjs "$@"
