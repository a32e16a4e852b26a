/**
 * Seeded synthetic benchmark logs for the ingest benchmark. The building blocks are read from
 * the real sample logs in data/*.md (result tables with their titles and Metric/Value rows,
 * launch commands, headings, comments, separators, nvidia-smi dumps); the generator re-plays
 * them with varied numbers, box styles (every style benchbook reads: heavy-head, square, rounded,
 * double, heavy, ascii, and the borderless minimal and simple), wrapped
 * cells and context lines. Same seed → same bytes.
 *
 * Output is streamed in ~64 KB chunks with backpressure: memory stays flat for a 1 GB file.
 */

import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from './seeded-random';

export { seededRandom };

export interface ResultTable {
  title: string;
  rows: Array<[string, string]>;
}

export interface Corpus {
  tables: ResultTable[];
  launches: string[];
  headings: string[];
  comments: string[];
  separators: string[];
  smiDumps: string[][];
}

const TOP_LEFTS = ['┏', '┌', '╭', '╔'];

function splitRow(line: string): string[] | undefined {
  const m = /^[│┃║|](.*)[│┃║|]\s*$/.exec(line);
  if (!m?.[1]) return undefined;
  return m[1].split(/[│┃║|]/).map((c) => c.trim());
}

/** Reads the building blocks out of the sample logs (data/*.md). */
export function loadCorpus(dataDir: string): Corpus {
  const corpus: Corpus = { tables: [], launches: [], headings: [], comments: [], separators: [], smiDumps: [] };
  const files = fs
    .readdirSync(dataDir)
    .filter((f) => f.endsWith('.md'))
    .sort();
  for (const f of files) {
    const lines = fs.readFileSync(path.join(dataDir, f), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      const t = line.trim();
      if (TOP_LEFTS.includes(t[0] ?? '')) {
        const title = (lines[i - 1] ?? '').trim();
        const rows: Array<[string, string]> = [];
        let j = i + 1;
        for (; j < lines.length; j++) {
          const l = (lines[j] ?? '').trim();
          if (/^[└╰╚]/.test(l)) break;
          const cells = splitRow(l);
          if (cells && cells.length === 2 && cells[0] !== 'Metric') rows.push([cells[0] ?? '', cells[1] ?? '']);
        }
        if (rows.length >= 5 && /Results/.test(title))
          corpus.tables.push({ title: title.replace(/ - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, ''), rows });
        i = j;
      } else if (/^(python3? -m sglang\.launch_server|vllm serve)\b/.test(t)) {
        corpus.launches.push(t);
      } else if (/^#{1,4} \S/.test(t)) {
        corpus.headings.push(t);
      } else if (/^\/\/\S/.test(t)) {
        corpus.comments.push(t);
      } else if (/^-{3,}\s*\S.*-{3,}$/.test(t)) {
        corpus.separators.push(t);
      } else if (/^\+-{20,}\+$/.test(t) && /NVIDIA-SMI/.test(lines[i + 1] ?? '')) {
        const dump: string[] = [];
        let j = i;
        for (; j < lines.length && /^[+|]/.test((lines[j] ?? '').trim()); j++) dump.push(lines[j] ?? '');
        corpus.smiDumps.push(dump);
        i = j - 1;
      }
    }
  }
  if (corpus.tables.length === 0) throw new Error(`no result tables found in ${dataDir}`);
  return corpus;
}

type BoxStyle = 'heavy-head' | 'square' | 'rounded' | 'double' | 'heavy' | 'ascii' | 'minimal' | 'simple';
export const BOX_STYLES: BoxStyle[] = ['heavy-head', 'square', 'rounded', 'double', 'heavy', 'ascii', 'minimal', 'simple'];

// top, header row, header rule, body row, bottom: [left, fill, mid, right] / [left, mid, right]
interface Box {
  top: string;
  head: string;
  rule: string;
  body: string;
  bottom: string;
}
const BOXES: Record<BoxStyle, Box> = {
  'heavy-head': { top: '┏━┳┓', head: '┃┃┃', rule: '┡━╇┩', body: '│││', bottom: '└─┴┘' },
  square: { top: '┌─┬┐', head: '│││', rule: '├─┼┤', body: '│││', bottom: '└─┴┘' },
  rounded: { top: '╭─┬╮', head: '│││', rule: '├─┼┤', body: '│││', bottom: '╰─┴╯' },
  double: { top: '╔═╦╗', head: '║║║', rule: '╠═╬╣', body: '║║║', bottom: '╚═╩╝' },
  heavy: { top: '┏━┳┓', head: '┃┃┃', rule: '┣━╋┫', body: '┃┃┃', bottom: '┗━┻┛' },
  ascii: { top: '+-++', head: '|||', rule: '|-+|', body: '|||', bottom: '+-++' },
  // rich MINIMAL and SIMPLE: no outer border (their edges are spaces, MINIMAL's rule ends in ╶ ╴).
  minimal: { top: '  ╷ ', head: ' │ ', rule: '╶─┼╴', body: ' │ ', bottom: '  ╵ ' },
  simple: { top: '    ', head: '   ', rule: ' ── ', body: '   ', bottom: '    ' },
};

function rule(spec: string, w1: number, w2: number): string {
  const [l, fill, mid, r] = [...spec] as [string, string, string, string];
  return l + fill.repeat(w1 + 2) + mid + fill.repeat(w2 + 2) + r;
}

function row(spec: string, a: string, b: string, w1: number, w2: number): string {
  const [l, mid, r] = [...spec] as [string, string, string];
  return `${l} ${a.padEnd(w1)} ${mid} ${b.padEnd(w2)} ${r}`;
}

/** Draws a two-column Metric/Value table; values longer than `wrapAt` wrap onto continuation rows, as rich does. */
export function drawTable(rows: Array<[string, string]>, style: BoxStyle, wrapAt?: number): string[] {
  const box = BOXES[style];
  const lines2: Array<[string, string]> = [];
  for (const [k, v] of rows) {
    if (wrapAt && v.length > wrapAt) {
      for (let i = 0; i < v.length; i += wrapAt) lines2.push([i === 0 ? k : '', v.slice(i, i + wrapAt)]);
    } else lines2.push([k, v]);
  }
  const w1 = Math.max(6, ...lines2.map(([k]) => k.length));
  const w2 = Math.max(5, ...lines2.map(([, v]) => v.length));
  return [
    rule(box.top, w1, w2),
    row(box.head, 'Metric', 'Value', w1, w2),
    rule(box.rule, w1, w2),
    ...lines2.map(([k, v]) => row(box.body, k, v, w1, w2)),
    rule(box.bottom, w1, w2),
  ];
}

function pick<T>(rnd: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)] as T;
}

/** Varies every number in a value by up to ±25 %, keeping its decimals; leaves URLs, paths and percentages-in-parens alone. */
function jitter(rnd: () => number, value: string): string {
  if (/^(https?:|\/)/.test(value)) return value;
  const f = 0.75 + rnd() * 0.5;
  return value.replace(/(?<![\w.])(\d+)(\.\d+)?(?![\w.%])/g, (_m, int: string, frac: string | undefined) => {
    const n = Number(int + (frac ?? '')) * f;
    return frac ? n.toFixed(frac.length - 1) : String(Math.round(n));
  });
}

const SETTINGS = new Set([
  'URL',
  'API Base',
  'Model',
  'Max Tokens',
  'Temperature',
  'Concurrent Requests',
  'Total Requests',
  'Successful Requests',
  'Failed Requests',
]);

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** The regex baseline of the ingest benchmark: a Metric/Value row of a │-bordered table. */
export const BASELINE_ROW = /^│ (.+?)\s+│ (.+?)\s+│$/;

export interface GenerateStats {
  bytes: number;
  lines: number;
  /** Result tables written: each is one run for a correct parser. */
  tables: number;
  /** Lines BASELINE_ROW matches (what the regex baseline extracts, header rows included). */
  valueRows: number;
}

/**
 * Yields the log as chunks of about `chunkSize` characters until `targetBytes` (UTF-8) are
 * reached (the last section is completed, so the file is a little larger).
 */
export function* generateLog(
  corpus: Corpus,
  opts: { seed: number; targetBytes: number; chunkSize?: number },
  stats: GenerateStats = { bytes: 0, lines: 0, tables: 0, valueRows: 0 },
): Generator<string, GenerateStats> {
  const rnd = seededRandom(opts.seed);
  const chunkSize = opts.chunkSize ?? 64 * 1024;
  let buf: string[] = [];
  let bufLen = 0;
  const t0 = Date.UTC(2025, 3, 27, 9, 0, 0);
  let clock = 0;
  const push = (line: string): void => {
    buf.push(line);
    bufLen += line.length + 1;
    stats.lines++;
    stats.bytes += Buffer.byteLength(line) + 1;
  };
  let section = 0;
  while (stats.bytes < opts.targetBytes) {
    section++;
    push(`## ${pick(rnd, corpus.headings).replace(/^#+ /, '')} (section ${section})`);
    push('');
    if (corpus.smiDumps.length && rnd() < 0.3) {
      push('```');
      const d = new Date(t0 + clock * 1000);
      // nvidia-smi's own header format: `Sun Apr 27 21:01:18 2025`
      const [dow, , mon, , time] = d.toUTCString().replace(',', '').split(' ');
      push(`${dow} ${mon} ${pad2(d.getUTCDate())} ${time} ${d.getUTCFullYear()}       `);
      for (const l of pick(rnd, corpus.smiDumps)) push(l);
      push('```');
      push('');
    }
    push('```');
    const launch = corpus.launches.length ? pick(rnd, corpus.launches) : undefined;
    if (launch) push(launch);
    push('');
    // Tables whose title names the other engine would contradict the launch command.
    const other = launch?.includes('sglang') ? 'vLLM' : launch ? 'SGLang' : undefined;
    const fitting = corpus.tables.filter((t) => !other || !t.title.startsWith(other));
    const tables = fitting.length ? fitting : corpus.tables;
    const n = 2 + Math.floor(rnd() * 6);
    for (let k = 0; k < n; k++) {
      const r = rnd();
      if (r < 0.15 && corpus.comments.length) push(pick(rnd, corpus.comments));
      else if (r < 0.25 && corpus.separators.length) push(pick(rnd, corpus.separators));
      if (r < 0.25) push('');
      const table = pick(rnd, tables);
      // Settings stay as written (so runs group into configurations); measurements vary.
      const rows = table.rows.map(([key, v]) => [key, SETTINGS.has(key) ? v : jitter(rnd, v)] as [string, string]);
      clock += 30 + Math.floor(rnd() * 90);
      const d = new Date(t0 + clock * 1000);
      const stamp = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
      const duration = rows.find(([key]) => key === 'Total Test Duration')?.[1].replace(/ seconds$/, '');
      if (duration) push(`Test completed in ${duration} seconds`);
      const style = pick(rnd, BOX_STYLES);
      const drawn = drawTable(rows, style, rnd() < 0.15 ? 24 : undefined);
      push(`        ${table.title} - ${stamp}        `);
      for (const l of drawn) {
        push(l);
        if (BASELINE_ROW.test(l)) stats.valueRows++;
      }
      stats.tables++;
      push('');
      if (bufLen >= chunkSize) {
        yield `${buf.join('\n')}\n`;
        buf = [];
        bufLen = 0;
      }
    }
    push('```');
    push('');
  }
  if (buf.length) yield `${buf.join('\n')}\n`;
  return stats;
}

/** Streams a generated log into `file`, honouring backpressure. */
export async function writeGeneratedLog(file: string, corpus: Corpus, opts: { seed: number; targetBytes: number }): Promise<GenerateStats> {
  const stats: GenerateStats = { bytes: 0, lines: 0, tables: 0, valueRows: 0 };
  const out = fs.createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  for (const chunk of generateLog(corpus, opts, stats)) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await done;
  return stats;
}
