#!/usr/bin/env bash
# README command 2: set up (idempotent) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
node scripts/run-tests.mjs "$@"
