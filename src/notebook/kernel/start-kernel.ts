/**
 * benchbook's TypeScript kernel: tslab 1.0.22, started the way tslab's own `startKernel`
 * starts it (tslab/dist/main.js), with two changes:
 *   1. its converter resolves shorthand properties to earlier cells' names (cross-cell.ts);
 *   2. a cell's last expression goes through `resultConsole` (frames and charts display rich);
 *   3. its kernel_info_reply has the protocol's `status` and the TypeScript version it runs.
 * It never hands over to another tslab found in the notebook's node_modules (tslab's
 * `enableFindLocal`): that one would have neither change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EARLIER_CELLS_FILE, hookTslabTypeScript } from './cross-cell';
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
  const ts = hookTslabTypeScript(require.resolve('@tslab/typescript-for-tslab', { paths: [tslabDir] }));
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
  const server = new jupyter.ZmqServer(handler, configPath);
  process.on('SIGINT', () => executor.interrupt());
  process.on('uncaughtException', (err) => console.error('UncaughtException:', err));
  process.on('unhandledRejection', (reason) => console.error('UnhandledPromiseRejection:', reason));
  void server.init();
}
