#!/usr/bin/env node

const args = process.argv.slice(2);

/** An error of the system (full disk, closed pipe, no permission), not of benchbook: one line, no stack. */
function isSystemError(err) {
  return err instanceof Error && typeof err.code === 'string' && typeof err.syscall === 'string';
}

function fail(err) {
  console.error(isSystemError(err) ? `benchbook: ${err.message}` : err?.stack ? err.stack : String(err));
  process.exitCode = 1;
}

function runHere() {
  // A write to stdout that fails (a full disk behind `>`, a reader that went away) ends the run
  // with one line; `parse` handles a closed pipe itself and stops reading.
  process.on('uncaughtException', (err) => {
    if (!isSystemError(err)) throw err;
    fail(err);
    process.exit(1);
  });
  require('./cli-module.js')
    .loadCli(require('node:path').join(__dirname, '..'))
    .main(args)
    .then((code) => {
      process.exitCode = code;
    }, fail);
}

/**
 * The child of a launcher (below) ends with it: the IPC channel closes when the launcher dies,
 * even of SIGKILL, and the child then takes SIGTERM as if it had been sent (its handlers clean
 * up, e.g. `report` removes its unfinished output). unref: the channel alone keeps nothing alive.
 */
function dieWithLauncher() {
  if (!process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
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
if (!flag) {
  dieWithLauncher();
  runHere();
} else {
  const child = require('node:child_process').spawn(process.execPath, [...process.execArgv, flag, __filename, ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
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
