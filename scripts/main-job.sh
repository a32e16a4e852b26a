#!/usr/bin/env bash
# README command 1: set up (idempotent) and build the example reports from data/ into reports/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
node scripts/build-reports.mjs "$@"
