/**
 * What an nvidia-smi dump in scope says about the machine (hardware, busy GPUs) and where it
 * was said, for resolveRun. Every run after a dump asks the same questions of the same dump,
 * so the last answers are kept per dump object (records are not changed after they are
 * emitted).
 */
import type { EnvRecord, Hardware } from '../../model/records';

function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [v, c] of counts) {
    if (c > bestCount || (c === bestCount && typeof v === 'number' && typeof best === 'number' && v > best)) {
      best = v;
      bestCount = c;
    }
  }
  return best;
}

/** Hardware from a dump: the GPU model (the most common name), count and memory per GPU. */
export function hardwareOfEnv(env: EnvRecord): Hardware {
  const hw: Hardware = {};
  const names = env.gpus.map((g) => g.name).filter((n): n is string => !!n);
  const name = mostCommon(names);
  if (name) hw.gpu = name;
  if (env.gpus.length > 0) hw.gpu_count = env.gpus.length;
  const mem = mostCommon(env.gpus.map((g) => g.memory_total_mib).filter((n): n is number => n !== undefined));
  if (mem !== undefined) hw.gpu_memory_mib = mem;
  return hw;
}

/** GPUs of a dump that hold a process or more than half their memory. */
export function busyGpus(env: EnvRecord): number {
  return env.gpus.filter(
    (g) =>
      (g.processes?.length ?? 0) > 0 ||
      (g.memory_used_mib !== undefined && g.memory_total_mib !== undefined && g.memory_used_mib > g.memory_total_mib / 2),
  ).length;
}

let lastHwEnv: EnvRecord | undefined;
let lastHwGpus: EnvRecord['gpus'] | undefined;
let lastHwGpuCount = 0;
let lastHw: Hardware = {};
let lastHwKeys = 0;
let lastBusy = 0;

/** Whether the cached answers are about this dump (same record, same GPU list, same length). */
function sameDump(env: EnvRecord): boolean {
  return env === lastHwEnv && env.gpus === lastHwGpus && env.gpus.length === lastHwGpuCount;
}

function rememberDump(env: EnvRecord): void {
  if (sameDump(env)) return;
  lastHw = hardwareOfEnv(env);
  lastHwKeys = Object.keys(lastHw).length;
  lastBusy = busyGpus(env);
  lastHwEnv = env;
  lastHwGpus = env.gpus;
  lastHwGpuCount = env.gpus.length;
}

/** hardwareOfEnv, remembered; the caller copies `hw` before changing it. `keys`: how many it has. */
export function hardwareOfEnvCached(env: EnvRecord): { hw: Hardware; keys: number } {
  rememberDump(env);
  return { hw: lastHw, keys: lastHwKeys };
}

/** busyGpus, remembered. */
export function busyGpusCached(env: EnvRecord): number {
  rememberDump(env);
  return lastBusy;
}

class EnvTexts {
  private same?: string;
  private earlier?: string;
  constructor(readonly line: number) {}
  /** `nvidia-smi at line N`, plus a note when the dump is from an earlier section. */
  hardware(sameSection: boolean): string {
    if (sameSection) return (this.same ??= `nvidia-smi at line ${this.line}`);
    return (this.earlier ??= `nvidia-smi at line ${this.line} (earlier section of the same file)`);
  }
}
let lastEnvTextsEnv: EnvRecord | undefined;
let lastEnvTexts = new EnvTexts(0);

/** Provenance texts of a dump, made once per dump rather than once per run. */
export function envTexts(env: EnvRecord): EnvTexts {
  if (env !== lastEnvTextsEnv || env.source.line !== lastEnvTexts.line) {
    lastEnvTexts = new EnvTexts(env.source.line);
    lastEnvTextsEnv = env;
  }
  return lastEnvTexts;
}
