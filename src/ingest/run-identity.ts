/**
 * What a run states about what was measured, beyond its metrics and client settings: engine,
 * model, hardware, parallelism, server settings, API kind, mode (the configuration group keys
 * of docs/architecture.md that are not client settings, plus the engine version and launch
 * flags). Two runs with equal measurements are copies only when these agree (duplicates.ts).
 *
 * A field one run leaves unknown agrees with anything: a table pasted again further down a
 * report usually lands in a section with no launch command of its own, so the copy knows less
 * than the original, yet it is the same run. A field both runs state and state differently
 * means two runs that happen to share their numbers (two models' tables with the same few
 * counts), never a copy. The launch command's text is left out: its parts that matter are
 * already here (model, parallelism, context length, flags) and its spelling is not.
 */
import { detach } from '../model/detach';
import type { RunRecord } from '../model/records';
import { type RunField, runField } from '../model/run-group';

/** The fields below as text, in this order; undefined where the run does not say. */
export type RunIdentity = ReadonlyArray<string | undefined>;

const text = (v: string | number | undefined): string | undefined => (v === undefined ? undefined : String(v));

/** Launch flags as one sorted text: which flags a launch gave is one setting. */
function flagsText(flags: Record<string, string | number | boolean> | undefined): string | undefined {
  if (flags === undefined) return undefined;
  const keys = Object.keys(flags);
  if (keys.length === 0) return undefined;
  return JSON.stringify(keys.sort().map((k) => [k, flags[k]]));
}

/** The identity fields the flat group keys already read (model/run-group.ts): one reading of each. */
const IDENTITY_FIELDS = [
  'engine',
  'model',
  'api',
  'mode',
  'gpu',
  'preset',
  'tp',
  'dp',
  'pp',
  'gpus',
  'strategy',
  'context_length',
  'version',
] as const satisfies readonly RunField[];

export function runIdentity(run: RunRecord): Array<string | undefined> {
  const out = IDENTITY_FIELDS.map((f) => text(runField(run, f)));
  // Not group keys: how many GPUs the hardware line counted, and which launch flags were given.
  out.push(text(run.hardware?.gpu_count), flagsText(run.server?.flags));
  return out;
}

/** Whether two identities may describe one run: every field equal or unknown on one side. */
export function identitiesAgree(a: RunIdentity, b: RunIdentity): boolean {
  for (let k = 0; k < a.length; k++) {
    const x = a[k];
    const y = b[k];
    if (x !== undefined && y !== undefined && x !== y) return false;
  }
  return true;
}

/** What two agreeing identities state together: each field from whichever states it. */
export function mergeIdentities(a: RunIdentity, b: RunIdentity): Array<string | undefined> {
  const out: Array<string | undefined> = [];
  for (let k = 0; k < Math.max(a.length, b.length); k++) out.push(a[k] ?? b[k]);
  return out;
}

/**
 * Identities kept once each, by number: the runs of one launch share one, so a tracker keeps a
 * small integer a run. The last one asked is remembered (runs come in scope order).
 */
export class IdentityTable {
  private readonly list: RunIdentity[] = [];
  private readonly index = new Map<string, number>();
  private last: RunIdentity | undefined;
  private lastIndex = -1;

  get(k: number): RunIdentity {
    return this.list[k] ?? [];
  }

  intern(identity: RunIdentity): number {
    const last = this.last;
    if (last !== undefined && last.length === identity.length && last.every((v, k) => v === identity[k])) return this.lastIndex;
    // JSON keeps undefined apart from any text a log could hold (as null).
    const key = JSON.stringify(identity);
    let k = this.index.get(key);
    if (k === undefined) {
      k = this.list.length;
      // Kept for the whole read: not a slice of a file's text that would keep all of it alive.
      this.list.push(identity.map((v) => (v === undefined ? v : detach(v))));
      this.index.set(key, k);
    }
    this.last = identity;
    this.lastIndex = k;
    return k;
  }
}
