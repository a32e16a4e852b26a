/**
 * benchbook's TypeScript kernel: tslab 1.0.22, started the way tslab's own `startKernel`
 * starts it (tslab/dist/main.js), with these changes:
 *   0. cells are type-checked and compiled by the project's TypeScript, not tslab's 5.0 fork
 *      (project-typescript.ts), so a cell accepts what current TypeScript accepts; a headless
 *      run not asked to type-check only transpiles (transpile-only.ts);
 *   1. its converter resolves shorthand properties to earlier cells' names (cross-cell.ts);
 *   2. a cell's last expression goes through `resultConsole` (frames and charts display rich);
 *   3. its kernel_info_reply has the protocol's `status` and the TypeScript version it runs.
 * It never hands over to another tslab found in the notebook's node_modules (tslab's
 * `enableFindLocal`): that one would have none of these changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pidAlive } from '../../model/stale-leftovers';
import { EARLIER_CELLS_FILE, hookTslabTypeScript } from './cross-cell';
import { transpileOnly } from './program-options';
import { typescriptForTslab } from './project-typescript';
import { resultConsole } from './rich-result';

interface Converter {
  close(): void;
}

interface Executor {
  execute(src: string): Promise<boolean>;
  interrupt(): void;
}

type CreateConverter = (options: { isJS: boolean; isBrowser: boolean }) => Converter;
type CreateExecutor = (rootDir: string, convs: unknown, console: ReturnType<typeof resultConsole>) => Executor;

interface KernelInfoReply {
  language_info: Record<string, unknown>;
  [key: string]: unknown;
}

interface JupyterHandler {
  handleKernel(): KernelInfoReply;
}

interface TslabJupyter {
  JupyterHandlerImpl: new (executor: Executor, isJs: boolean) => JupyterHandler;
  ZmqServer: new (handler: unknown, configPath: string) => { init(): Promise<void> };
}

/** Hooks tslab's TypeScript, then loads tslab's converter; warns when tslab no longer matches what the hook expects. */
function loadPatchedTslab(): {
  createConverter: CreateConverter;
  createExecutor: CreateExecutor;
  jupyter: TslabJupyter;
  typescriptVersion: string;
} {
  const tslabDir = path.dirname(require.resolve('tslab/package.json'));
  const ts = hookTslabTypeScript(
    require.resolve('@tslab/typescript-for-tslab', { paths: [tslabDir] }),
    typescriptForTslab(!transpileOnly()),
  );
  const converterFile = path.join(tslabDir, 'dist', 'converter.js');
  if (!fs.readFileSync(converterFile, 'utf8').includes(EARLIER_CELLS_FILE)) {
    process.stderr.write(
      `benchbook kernel: ${converterFile} does not name ${EARLIER_CELLS_FILE}: shorthand properties across cells may fail\n`,
    );
  }
  return {
    createConverter: (require('tslab/dist/converter') as { createConverter: CreateConverter }).createConverter,
    createExecutor: (require('tslab/dist/executor') as { createExecutor: CreateExecutor }).createExecutor,
    jupyter: require('tslab/dist/jupyter') as TslabJupyter,
    typescriptVersion: ts.version,
  };
}

/**
 * Ends the kernel when the process that started it is gone, as ipykernel's ParentPoller does
 * with the same variable: jupyter_client names itself in JPY_PARENT_PID. A driver or server
 * killed outright (SIGKILL) could not shut its kernel down, and nothing else would.
 */
function endWithParent(env: NodeJS.ProcessEnv = process.env): void {
  const parent = Number(env.JPY_PARENT_PID);
  if (!Number.isInteger(parent) || parent <= 1) return;
  // Started by the parent itself (not through a wrapper): reparented means the parent is gone.
  const direct = process.ppid === parent;
  const gone = (): boolean => (direct && process.ppid !== parent) || !pidAlive(parent);
  setInterval(() => gone() && process.exit(0), 1000).unref();
}

export function startKernel(configPath: string): void {
  const { createConverter, createExecutor, jupyter, typescriptVersion } = loadPatchedTslab();
  let node: Converter | undefined;
  let browser: Converter | undefined;
  const convs = {
    get node(): Converter {
      node ??= createConverter({ isJS: false, isBrowser: false });
      return node;
    },
    get browser(): Converter {
      browser ??= createConverter({ isJS: false, isBrowser: true });
      return browser;
    },
    close(): void {
      node?.close();
      browser?.close();
    },
  };
  void convs.node; // build the converter now, as tslab does, not at the first cell
  const results = resultConsole();
  const executor = createExecutor(process.cwd(), convs, results);
  const execute = executor.execute.bind(executor);
  executor.execute = async (src: string): Promise<boolean> => {
    const ok = await execute(src);
    await results.settled();
    return ok;
  };
  const handler = new jupyter.JupyterHandlerImpl(executor, false);
  const info = handler.handleKernel.bind(handler);
  // tslab's kernel_info_reply lacks the `status` the protocol requires (jupyter_kernel_test
  // rejects it) and names TypeScript 3.7.2 whatever it runs.
  handler.handleKernel = () => {
    const reply = info();
    return { ...reply, status: 'ok', language_info: { ...reply.language_info, version: typescriptVersion } };
  };
  endWithParent();
  const server = new jupyter.ZmqServer(handler, configPath);
  process.on('SIGINT', () => executor.interrupt());
  process.on('uncaughtException', (err) => console.error('UncaughtException:', err));
  process.on('unhandledRejection', (reason) => console.error('UnhandledPromiseRejection:', reason));
  void server.init();
}
