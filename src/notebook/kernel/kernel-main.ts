/**
 * Entry point of benchbook's TypeScript kernel, the `argv` of the kernel spec benchbook
 * writes (jupyter-dir.ts): `node kernel-main.js --config-path {connection_file}`.
 */
import { startKernel } from './start-kernel';

const at = process.argv.indexOf('--config-path');
const configPath = at >= 0 ? process.argv[at + 1] : undefined;
if (!configPath) {
  process.stderr.write('usage: kernel-main.js --config-path CONNECTION_FILE\n');
  process.exitCode = 2;
} else {
  startKernel(configPath);
}
