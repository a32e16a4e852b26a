#!/usr/bin/env node

const args = process.argv.slice(2);

function runHere() {
  require('../dist/cli/main.js')
    .main(args)
    .then(
      (code) => {
        process.exitCode = code;
      },
      (err) => {
        console.error(err?.stack ? err.stack : String(err));
        process.exitCode = 1;
      },
    );
}

// `report` and `compare` hold every run: run them in a child Node whose heap is sized to the
// machine rather than Node's default (dist/cli/heap-limit.js says when).
const { heapFlagFor } = require('../dist/cli/heap-limit.js');
const flag = heapFlagFor(args, {
  execArgv: process.execArgv,
  nodeOptions: process.env.NODE_OPTIONS,
  totalMemory: require('node:os').totalmem(),
  heapLimit: require('node:v8').getHeapStatistics().heap_size_limit,
});
if (!flag) runHere();
else {
  const child = require('node:child_process').spawn(process.execPath, [...process.execArgv, flag, __filename, ...args], {
    stdio: 'inherit',
  });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('error', (err) => {
    // No child (cannot spawn): run here with the default heap.
    console.error(`benchbook: could not start Node with ${flag} (${err.message}); running with the default heap`);
    runHere();
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      // Die of the same signal, so that whoever ran benchbook sees it.
      process.removeListener(signal, forward);
      process.kill(process.pid, signal);
    } else process.exitCode = code ?? 1;
  });
}
