/**
 * Matching of expected runs to parsed runs, and one file's score. Kept apart from check.ts so the
 * rules can be tested without the CLI or the corpus.
 *
 * A number is found when the matched parsed run holds it under the expected key within 0.5 %
 * relative (values printed at two decimals round that far). `extra` numbers have no vocabulary
 * key (a tool's own quantity): they count as found when any metric of the matched run holds them.
 * Expected runs are paired with parsed runs greedily, the pair sharing most numbers first, so a
 * run is never credited twice.
 */

export const TOLERANCE = 0.005;

export interface ExpectedRun {
  label?: string;
  metrics?: Record<string, number>;
  settings?: {
    concurrency?: number;
    request_rate?: number;
    total_requests?: number;
    input_len?: number;
    output_len?: number;
    max_tokens?: number;
    tp?: number;
    model?: string;
  };
  extra?: Record<string, number>;
}

/** Time-series points (engine stat lines): each value is found when a sample of the series holds it. */
export interface ExpectedSamples {
  series: string;
  values: number[];
}

export interface Expected {
  runs: ExpectedRun[];
  samples?: ExpectedSamples[];
  notes?: string;
}

export interface ParsedSample {
  series: string;
  value: number;
}

export interface ParsedRun {
  id: string;
  model?: string;
  metrics?: Record<string, number>;
  client?: Record<string, unknown>;
  parallelism?: { tp?: number };
}

export interface FileScore {
  id: string;
  kind: 'run-file' | 'near-negative';
  expected: number;
  found: number;
  complete: boolean;
  parsedRuns: number;
  silent: boolean;
  pass: boolean;
  missing: string[];
}

export function sameNumber(a: number, b: number): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

const CLIENT_KEYS = ['concurrency', 'request_rate', 'total_requests', 'input_len', 'output_len', 'max_tokens'] as const;

/** Every number of an expected run as [description, test against a parsed run]. */
function checks(run: ExpectedRun): Array<[string, (p: ParsedRun) => boolean]> {
  const out: Array<[string, (p: ParsedRun) => boolean]> = [];
  for (const [key, value] of Object.entries(run.metrics ?? {})) {
    out.push([`${key}=${value}`, (p) => typeof p.metrics?.[key] === 'number' && sameNumber(p.metrics[key], value)]);
  }
  const s = run.settings ?? {};
  for (const key of CLIENT_KEYS) {
    const value = s[key];
    if (value === undefined) continue;
    out.push([`client.${key}=${value}`, (p) => typeof p.client?.[key] === 'number' && sameNumber(p.client[key] as number, value)]);
  }
  if (s.tp !== undefined) {
    const tp = s.tp;
    out.push([`tp=${tp}`, (p) => p.parallelism?.tp === tp]);
  }
  if (s.model !== undefined) {
    const model = s.model.toLowerCase();
    out.push([
      `model=${s.model}`,
      (p) => typeof p.model === 'string' && (p.model.toLowerCase().includes(model) || model.includes(p.model.toLowerCase())),
    ]);
  }
  for (const [label, value] of Object.entries(run.extra ?? {})) {
    const scaled = [value, value * 1000, value / 1000];
    const test = (p: ParsedRun) => Object.values(p.metrics ?? {}).some((v) => scaled.some((x) => sameNumber(v, x)));
    out.push([`${label}=${value} (any metric)`, test]);
  }
  return out;
}

function label(run: ExpectedRun, i: number): string {
  return run.label ? `run ${i + 1} (${run.label})` : `run ${i + 1}`;
}

/** Greedy one-to-one pairing by the count of shared numbers; returns the missing descriptions. */
export function matchRuns(expected: ExpectedRun[], parsed: ParsedRun[]): { found: number; total: number; missing: string[] } {
  const table = expected.map((run) => checks(run));
  const hits = table.map((cs) => parsed.map((p) => cs.map(([, test]) => test(p))));
  const pairs: Array<{ e: number; p: number; n: number }> = [];
  hits.forEach((row, e) => {
    row.forEach((flags, p) => {
      pairs.push({ e, p, n: flags.filter(Boolean).length });
    });
  });
  pairs.sort((a, b) => b.n - a.n || a.e - b.e || a.p - b.p);
  const usedE = new Set<number>();
  const usedP = new Set<number>();
  const matchOf = new Map<number, number>();
  for (const { e, p, n } of pairs) {
    if (n === 0 || usedE.has(e) || usedP.has(p)) continue;
    usedE.add(e);
    usedP.add(p);
    matchOf.set(e, p);
  }
  let found = 0;
  let total = 0;
  const missing: string[] = [];
  table.forEach((cs, e) => {
    const p = matchOf.get(e);
    cs.forEach(([what], k) => {
      total++;
      if (p !== undefined && hits[e]?.[p]?.[k]) found++;
      else missing.push(`${label(expected[e] as ExpectedRun, e)}: ${what}${p === undefined ? ' (no parsed run matched)' : ''}`);
    });
  });
  return { found, total, missing };
}

function matchSamples(expected: ExpectedSamples[], samples: ParsedSample[]): { found: number; total: number; missing: string[] } {
  let found = 0;
  let total = 0;
  const missing: string[] = [];
  for (const { series, values } of expected) {
    for (const value of values) {
      total++;
      if (samples.some((s) => s.series === series && sameNumber(s.value, value))) found++;
      else missing.push(`sample ${series}=${value}`);
    }
  }
  return { found, total, missing };
}

export function scoreFile(
  id: string,
  kind: 'run-file' | 'near-negative',
  expected: Expected,
  parsed: ParsedRun[],
  warned: boolean,
  exit: number,
  samples: ParsedSample[] = [],
): FileScore {
  const crashed = exit !== 0 && exit !== 1;
  if (kind === 'near-negative') {
    const missing = parsed.map((p) => `unexpected run ${p.id}`);
    if (crashed) missing.push(`CLI exit ${exit}`);
    const pass = parsed.length === 0 && !crashed;
    return { id, kind, expected: 0, found: 0, complete: pass, parsedRuns: parsed.length, silent: false, pass, missing };
  }
  const runs = matchRuns(expected.runs, parsed);
  const points = matchSamples(expected.samples ?? [], samples);
  const found = runs.found + points.found;
  const total = runs.total + points.total;
  const missing = [...runs.missing, ...points.missing];
  if (crashed) missing.push(`CLI exit ${exit}`);
  const complete = found === total && !crashed;
  // silent: the file holds expected numbers but the CLI gave neither a run, a sample nor a warning
  const silent = parsed.length === 0 && samples.length === 0 && total > 0 && !warned;
  return { id, kind, expected: total, found, complete, parsedRuns: parsed.length, silent, pass: complete, missing };
}
