/**
 * The server a run talked to when no launch command is in force for it: one the file started
 * earlier in a section with no run of its own (`### Deployment` with `vllm serve …`, then `##
 * Performance`), or one whose log line it shows (`Starting vLLM API server on
 * http://127.0.0.1:8000`). It is the weakest source, applied last and only to what the run does
 * not state: among the servers seen before the run, those of the run's engine (when it states
 * one), of its model (when both name one) and at its URL's port (when both give one); the
 * latest of them, provided they agree on the engine. Provenance names the server's line.
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { RunRecord } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { strategyOf } from '../launch-command';
import type { ScopedLaunch, ScopeState, ServerSeen } from './state';

function portOf(url: string | undefined): number | undefined {
  const m = url ? /^(?:[a-z]+:\/\/)?[^/:]+:(\d+)/i.exec(url) : null;
  return m?.[1] ? Number(m[1]) : undefined;
}

function sameModel(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || x.endsWith(`/${y}`) || y.endsWith(`/${x}`);
}

/** Keeps the candidates `fits` accepts when some do; none when all state the thing and none fits. */
function narrow(list: ServerSeen[], states: (s: ServerSeen) => boolean, fits: (s: ServerSeen) => boolean): ServerSeen[] {
  const fitting = list.filter(fits);
  if (fitting.length > 0) return fitting;
  return list.every(states) ? [] : list.filter((s) => !states(s));
}

/** The server of a run that states none of its own, or undefined. */
export function serverFor(run: RunRecord, servers: readonly ServerSeen[]): ServerSeen | undefined {
  let list = run.engine ? servers.filter((s) => s.engine === run.engine) : [...servers];
  const model = run.model;
  if (model !== undefined && list.length > 0)
    list = narrow(
      list,
      (s) => s.launch?.launch.model !== undefined,
      (s) => sameModel(s.launch?.launch.model ?? '', model),
    );
  const port = portOf(run.client?.url);
  if (port !== undefined && list.length > 0)
    list = narrow(
      list,
      (s) => s.port !== undefined,
      (s) => s.port === port,
    );
  const last = list[list.length - 1];
  if (!last || list.some((s) => s.engine !== last.engine)) return undefined;
  return last;
}

/** What the launch gives that the run does not state: model, parallelism, context length, command. */
function fillFromLaunch(run: RunRecord, l: ScopedLaunch, source: string): void {
  const launch = l.launch;
  const p = run.provenance;
  if (run.model === undefined && launch.model !== undefined) {
    run.model = launch.model;
    p.model = source;
  }
  const server = run.server ?? {};
  if (server.command === undefined) server.command = launch.command;
  if (server.model_path === undefined && launch.modelPath !== undefined) server.model_path = launch.modelPath;
  if (server.context_length === undefined && launch.contextLength !== undefined) {
    server.context_length = launch.contextLength;
    p['server.context_length'] = source;
  }
  if (server.flags === undefined && Object.keys(launch.flags).length > 0) server.flags = { ...launch.flags };
  run.server = server;
  const par = run.parallelism ?? {};
  if (par.tp === undefined && par.dp === undefined && par.pp === undefined && par.gpus === undefined) {
    for (const k of ['tp', 'dp', 'pp'] as const) {
      par[k] = launch[k] ?? 1;
      setOwn(p, `parallelism.${k}`, launch[k] !== undefined ? source : `engine default 1 (not on the launch command at line ${l.line})`);
    }
    par.gpus = (par.tp ?? 1) * (par.dp ?? 1) * (par.pp ?? 1);
    par.strategy = strategyOf(par.tp ?? 1, par.dp ?? 1, par.pp ?? 1);
    p['parallelism.gpus'] = source;
    run.parallelism = par;
  }
}

/** The launch's model was a variable the file never assigned: said once, at the first run it serves. */
function noteUnresolved(l: ScopedLaunch, run: RunRecord, diagnostics: Diagnostic[]): void {
  if (!l.unresolved || l.unresolved.length === 0 || run.model !== undefined) return;
  const names = l.unresolved.map((n) => `$${n}`).join(', ');
  diagnostics.push({
    severity: 'info',
    code: 'context-missing',
    message: `the launch command at line ${l.line} names its model by ${names}, which the file does not assign: model left absent`,
    file: run.source.file,
    line: run.source.line,
  });
  l.unresolved = undefined;
}

/**
 * Marks the launch in force as used (it then stays with its section), or, with none in force,
 * fills what the run does not state from the server it talked to.
 */
export function applyServers(run: RunRecord, s: ScopeState, diagnostics: Diagnostic[]): void {
  if (s.launch) {
    s.launch.used = true;
    noteUnresolved(s.launch, run, diagnostics);
    return;
  }
  if (s.servers.length === 0) return;
  const server = serverFor(run, s.servers);
  if (!server) return;
  if (run.engine === undefined) {
    run.engine = server.engine;
    run.provenance.engine = server.source;
  }
  if (run.engine !== server.engine || !server.launch) return;
  fillFromLaunch(run, server.launch, server.source);
  noteUnresolved(server.launch, run, diagnostics);
}
