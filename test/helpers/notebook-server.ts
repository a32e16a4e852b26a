/** A notebook server on a free port with a random token, for the tests that talk to it. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type NotebookServer, startNotebookServer, waitForServer } from '../../src/notebook/serve';

export interface TestServer {
  server: NotebookServer;
  url: string;
  token: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts Jupyter on `dir`; rejects with its output when it does not answer within `timeoutMs`. */
export async function startTestServer(dir: string, timeoutMs = 90_000): Promise<TestServer> {
  const token = randomBytes(16).toString('hex');
  const server = startNotebookServer({ dir, port: await freePort(), token, stdio: 'pipe' });
  if (!(await waitForServer(server, token, timeoutMs))) {
    await server.stop();
    throw new Error(`the notebook server did not answer:\n${server.output().slice(-3000)}`);
  }
  return { server, url: server.url!, token };
}

/** `fetch` with the token. */
export async function api(t: TestServer, route: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${t.url}${route}`, { ...init, headers: { Authorization: `token ${t.token}`, ...(init.headers ?? {}) } });
}

/**
 * A temporary copy of some of notebooks/ with `dist` and `data` linked beside it, so that a
 * browser can run and autosave them without touching the committed (output-free) files.
 */
export function stageNotebooks(repoRoot: string, names: readonly string[]): { dir: string; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-staged-'));
  const dir = path.join(root, 'notebooks');
  fs.mkdirSync(dir);
  for (const n of names) fs.copyFileSync(path.join(repoRoot, 'notebooks', n), path.join(dir, n));
  for (const link of ['dist', 'data', 'node_modules']) fs.symlinkSync(path.join(repoRoot, link), path.join(root, link), 'dir');
  return { dir, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
