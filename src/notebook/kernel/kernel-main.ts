/**
 * Entry point of benchbook's TypeScript kernel, the `argv` of the kernel spec benchbook
 * writes (jupyter-dir.ts): `node kernel-main.js --config-path {connection_file}`.
 * A headless run's kernel compiles its modules with a code cache (code-cache.ts): enabled
 * before anything else is loaded.
 */
import path from 'node:path';
import { codeCacheFile, enableCodeCache } from './code-cache';
import { HEADLESS_ENV } from './program-options';

// This file is <root>/dist/notebook/kernel/kernel-main.js.
if (process.env[HEADLESS_ENV] === '1') {
  const typescript = path.dirname(require.resolve('typescript/package.json'));
  enableCodeCache(codeCacheFile(path.resolve(__dirname, '..', '..', '..')), [typescript]);
}
const { startKernel } = require('./start-kernel') as typeof import('./start-kernel');

const at = process.argv.indexOf('--config-path');
const configPath = at >= 0 ? process.argv[at + 1] : undefined;
if (!configPath) {
  process.stderr.write('usage: kernel-main.js --config-path CONNECTION_FILE\n');
  process.exitCode = 2;
} else {
  startKernel(configPath);
}
