/**
 * Duplicate runs: a run whose metrics and client settings equal a run already read (a table
 * pasted twice, a file given twice), and whose identity agrees with it (run-identity.ts: the
 * same engine, model, hardware, parallelism and server settings, or unknown on one side), is
 * kept with flag `duplicate` and a `duplicate-run` warning naming the first id; analysis counts
 * it once. The tracker stores a hash per run, not the run, so memory stays small on large logs.
 */
import { detach } from '../model/detach';
import type { Diagnostic } from '../model/diagnostics';
import type { BenchRecord, RunRecord } from '../model/records';
import { IdentityTable, identitiesAgree, mergeIdentities, type RunIdentity, runIdentity } from './run-identity';

// A run's identity is the multiset of its (key, value) pairs as JSON would print them, i.e.
// two runs match exactly when `JSON.stringify` of their sorted metric pairs and client pairs
// (without command/prompt) are equal. Each pair is hashed on its own with two seeded
// MurmurHash3-style 32-bit lanes and the pair hashes are added up (order-free, so no sort
// and no JSON text per run: a 52-bit number is all that is kept).

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

function mixWord(h: number, w: number): number {
  let k = Math.imul(w, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mixString(h: number, s: string): number {
  h = mixWord(h, s.length);
  for (let i = 0; i < s.length; i++) h = mixWord(h, s.charCodeAt(i));
  return h;
}

/** Mixes a value as JSON would print it as an array element: numbers by value (-0 as 0), strings by text. */
function mixValue(h: number, v: unknown): number {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return mixString(mixWord(h, 3), 'null');
    f64[0] = v === 0 ? 0 : v;
    return mixWord(mixWord(mixWord(h, 1), u32[0]!), u32[1]!);
  }
  if (typeof v === 'string') return mixString(mixWord(h, 2), v);
  // Anything else by its JSON text; a toJSON that gives a string or number is that value.
  const json = JSON.stringify(v) ?? 'null';
  const back: unknown = JSON.parse(json);
  if (typeof back === 'number' || typeof back === 'string') return mixValue(h, back);
  return mixString(mixWord(h, 3), json);
}

const SEED_A = 0x9747b28c;
const SEED_B = 0x2f6b5a31;

/**
 * `mixString(mixWord(seed, domain), key)` for both seeds per (domain, key), kept: the same few
 * metric and client keys come back in every run, and one Map lookup is cheaper than mixing
 * each character twice. `na`/`nb` go on to mix the type tag of a number (what mixValue does
 * first for one), so a number value costs two words a lane.
 */
const KEY_HASHES = [new Map<string, KeyHashes>(), new Map<string, KeyHashes>(), new Map<string, KeyHashes>()];
const KEY_HASH_MAX = 4096;

interface KeyHashes {
  a: number;
  b: number;
  na: number;
  nb: number;
}

function keyHashes(domain: number, key: string): KeyHashes {
  const m = KEY_HASHES[domain];
  let h = m?.get(key);
  if (h === undefined) {
    const a = mixString(mixWord(SEED_A, domain), key);
    const b = mixString(mixWord(SEED_B, domain), key);
    h = { a, b, na: mixWord(a, 1), nb: mixWord(b, 1) };
    if (m !== undefined) {
      if (m.size >= KEY_HASH_MAX) m.clear();
      m.set(key, h);
    }
  }
  return h;
}

/** Sums of the pair hashes of one object, per lane, and how many pairs (kept in module slots: no object a call). */
let sumA = 0;
let sumB = 0;
let pairs = 0;

/**
 * Adds up the pair hashes of `o`'s own enumerable keys (optionally without command/prompt)
 * into sumA, sumB and pairs. A finite number is mixed as mixValue mixes it, from its key's
 * `na`/`nb`, in locals (runSignature over the 10 MB bench log's runs: 2.15 -> 1.7 µs a run).
 */
function sumPairs(o: object | undefined, domain: number, dropCommand: boolean): void {
  let a = 0;
  let b = 0;
  let n = 0;
  const rec = (o ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(rec)) {
    if (dropCommand && (key === 'command' || key === 'prompt')) continue;
    const v = rec[key];
    const h = keyHashes(domain, key);
    if (typeof v === 'number' && Number.isFinite(v)) {
      f64[0] = v === 0 ? 0 : v;
      const lo = u32[0]!;
      const hi = u32[1]!;
      a = (a + finish32(mixWord(mixWord(h.na, lo), hi))) >>> 0;
      b = (b + finish32(mixWord(mixWord(h.nb, lo), hi))) >>> 0;
    } else {
      a = (a + finish32(mixValue(h.a, v))) >>> 0;
      b = (b + finish32(mixValue(h.b, v))) >>> 0;
    }
    n++;
  }
  sumA = a;
  sumB = b;
  pairs = n;
}

/**
 * The identity of a run's measurements (metrics + client settings) as a 52-bit number: small
 * enough to keep one per run of a 1 GB log; a false match needs a 52-bit collision. Undefined
 * when the run has no metrics.
 */
export function runSignature(run: RunRecord): number | undefined {
  sumPairs(run.metrics, 1, false);
  const metricsA = sumA;
  const metricsB = sumB;
  const metricsN = pairs;
  if (metricsN === 0) return undefined;
  sumPairs(run.client, 2, true);
  const a = finish32(mixWord(mixWord(mixWord(mixWord(SEED_A, metricsA), metricsN), sumA), pairs));
  const b = finish32(mixWord(mixWord(mixWord(mixWord(SEED_B, metricsB), metricsN), sumB), pairs));
  return a * 2 ** 20 + (b >>> 12);
}

/** A run read first (no run before it may be its copy), handed from a worker: signature, id, file, line, identity. */
export type FirstRun = [number, string, string, number, RunIdentity];

/**
 * The first runs, in the order read: their signatures, packed ids, identities (numbers in an
 * IdentityTable) and, per signature, a chain of the first runs that share it (two runs with
 * equal measurements and identities that disagree). A hash table of signatures in a typed
 * array points at each chain's head. A run costs about 32 bytes outside the JS heap, where a
 * Map of boxed 52-bit numbers cost about 100 and was most of what a 1 GB log kept alive.
 */
class FirstRuns {
  sigs = new Float64Array(512);
  packed = new Float64Array(512);
  identity = new Int32Array(512);
  /** The next first run of the same signature, + 1 (0: none). */
  next = new Int32Array(512);
  count = 0;
  /** Open addressing, at most half full: the chain head's index + 1 (0: empty). */
  private slots = new Int32Array(1024);

  /** The index of the first run of this signature, or -1. */
  head(sig: number): number {
    const mask = this.slots.length - 1;
    for (let k = sig & mask; ; k = (k + 1) & mask) {
      const at = this.slots[k]!;
      if (at === 0) return -1;
      if (this.sigs[at - 1] === sig) return at - 1;
    }
  }

  /** Adds a first run; `after`: the last run of its signature's chain (-1: a new signature). */
  add(sig: number, packed: number, identity: number, after: number): number {
    const i = this.count++;
    if (i === this.sigs.length) this.growEntries();
    this.sigs[i] = sig;
    this.packed[i] = packed;
    this.identity[i] = identity;
    this.next[i] = 0;
    if (after >= 0) this.next[after] = i + 1;
    else {
      if ((this.count + 1) * 2 > this.slots.length) this.growSlots();
      this.put(i);
    }
    return i;
  }

  private put(i: number): void {
    const mask = this.slots.length - 1;
    let k = this.sigs[i]! & mask;
    while (this.slots[k] !== 0) k = (k + 1) & mask;
    this.slots[k] = i + 1;
  }

  private growSlots(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    for (const at of old) if (at !== 0) this.put(at - 1);
  }

  private growEntries(): void {
    const n = this.sigs.length * 2;
    const grown = <T extends Float64Array | Int32Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.sigs = grown(this.sigs, new Float64Array(n));
    this.packed = grown(this.packed, new Float64Array(n));
    this.identity = grown(this.identity, new Int32Array(n));
    this.next = grown(this.next, new Int32Array(n));
  }
}

export interface DuplicateTrackerOptions {
  /** Keep where each first run was read, for firsts() (a worker hands them to the main thread). */
  recordFirsts?: boolean;
}

export class DuplicateTracker {
  private readonly runs = new FirstRuns();
  private readonly identities = new IdentityTable();
  private readonly ids: string[] = [];
  private readonly files: string[] = [];
  private readonly fileIndex = new Map<string, number>();
  /** With recordFirsts: [signature, id, file, line] of each first run, in the order of `runs`. */
  private readonly recorded: Array<[number, string, string, number]> | undefined;

  constructor(opts: DuplicateTrackerOptions = {}) {
    this.recorded = opts.recordFirsts ? [] : undefined;
  }

  /** fileIndex * 2^32 + line when the id is `file:line`, else -1 - index into `ids`. */
  private pack(id: string, file: string, line: number): number {
    if (id !== `${file}:${line}` || line >= 2 ** 32 || this.files.length >= 2 ** 20) {
      this.ids.push(detach(id));
      return -this.ids.length;
    }
    let idx = this.fileIndex.get(file);
    if (idx === undefined) {
      idx = this.files.length;
      this.files.push(file);
      this.fileIndex.set(file, idx);
    }
    return idx * 2 ** 32 + line;
  }

  private unpack(v: number): string {
    if (v < 0) return this.ids[-v - 1] ?? '';
    return `${this.files[Math.floor(v / 2 ** 32)]}:${v % 2 ** 32}`;
  }

  /** Returns the id of the first run this one may be a copy of, or records it and returns undefined. */
  check(run: RunRecord): string | undefined {
    const sig = runSignature(run);
    if (sig === undefined) return undefined;
    return this.checkSignature(sig, run.id, run.source.file, run.source.line, runIdentity(run));
  }

  /**
   * check() for a signature and identity computed elsewhere (a worker thread): the id of the
   * earliest first run with this signature whose identity agrees (runIdentity.ts), which then
   * takes on what this one states; or undefined after recording `id` (of the run at
   * `file`:`line`) as a first run.
   */
  checkSignature(sig: number, id: string, file: string, line: number, identity: RunIdentity): string | undefined {
    const { runs, identities } = this;
    const mine = identities.intern(identity);
    let last = -1;
    for (let i = runs.head(sig); i >= 0; i = runs.next[i]! - 1) {
      const theirs = runs.identity[i]!;
      if (theirs === mine || identitiesAgree(identities.get(theirs), identity)) {
        if (theirs !== mine) runs.identity[i] = identities.intern(mergeIdentities(identities.get(theirs), identity));
        return this.unpack(runs.packed[i]!);
      }
      last = i;
    }
    runs.add(sig, this.pack(id, file, line), mine, last);
    this.recorded?.push([sig, detach(id), detach(file), line]);
    return undefined;
  }

  /** Whether a run with this signature was recorded (nothing is recorded). */
  has(sig: number): boolean {
    return this.runs.head(sig) >= 0;
  }

  /** With recordFirsts: every first run, in the order read, with its identity as its copies filled it in. */
  firsts(): FirstRun[] {
    return (this.recorded ?? []).map(([sig, id, file, line], i) => [sig, id, file, line, this.identities.get(this.runs.identity[i]!)]);
  }
}

/** Flags `run` duplicate when the tracker has seen its metrics and settings; the warning saying so. */
export function markDuplicate(run: RunRecord, tracker: DuplicateTracker): Diagnostic | undefined {
  const first = tracker.check(run);
  if (first === undefined || run.flags.includes('duplicate')) return undefined;
  run.flags.push('duplicate');
  return {
    severity: 'warning',
    code: 'duplicate-run',
    message: `same metrics and client settings as ${first}`,
    file: run.source.file,
    line: run.source.line,
  };
}

/**
 * Marks duplicates in a list of records already parsed (in order). Runs already flagged keep
 * their flag and are not reported twice. Returns the new diagnostics.
 */
export function markDuplicates(records: readonly BenchRecord[], tracker: DuplicateTracker = new DuplicateTracker()): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const r of records) {
    if (r.kind !== 'run') continue;
    const d = markDuplicate(r, tracker);
    if (d) diagnostics.push(d);
  }
  return diagnostics;
}
