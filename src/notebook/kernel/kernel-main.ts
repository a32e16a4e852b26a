/**
 * Entry point of benchbook's TypeScript kernel, the `argv` of the kernel spec benchbook
 * writes (jupyter-dir.ts): `node kernel-main.js --config-path {connection_file}`.
 */
import { startKernel } from './start-kernel';

/**
 * Ends the kernel when the process that started it is gone (its parent changes): a Jupyter
 * killed with SIGKILL cannot shut its kernels down, and an orphaned kernel would run forever.
 */
function endWithParent(): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, 1000).unref();
}

const at = process.argv.indexOf('--config-path');
const configPath = at >= 0 ? process.argv[at + 1] : undefined;
if (!configPath) {
  process.stderr.write('usage: kernel-main.js --config-path CONNECTION_FILE\n');
  process.exitCode = 2;
} else {
  startKernel(configPath);
  endWithParent();
}
