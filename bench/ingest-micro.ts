/**
 * Micro-benchmark for streaming console-log ingest (issue 9): times `parseFile(file, {onRecord})`
 * against a bare readline line count of the same file, in one process, interleaved, and prints
 * medians. It also prints a SHA-256 of every record and diagnostic of each implementation, so a
 * speed change can be checked for identical output.
 *
 *   node --import tsx bench/ingest-micro.ts [file] [--mb 50] [--repeat 3] [--hash-only]
 *                                           [--compare <dir with ingest/index.ts|js>]…
 *
 * The file is generated with bench/generate.ts (seed 1) when it does not exist. `--compare`
 * adds another copy of the code (e.g. an older checkout's `src`) to time in the same process.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseFile } from '../src/ingest/index';
import type { ParseFileOptions } from '../src/ingest/stream';
import type { ParseResult } from '../src/ingest/types';
import { loadCorpus, writeGeneratedLog } from './generate';

type ParseFileFn = (file: string, opts?: ParseFileOptions) => Promise<ParseResult>;

async function countLines(file: string): Promise<number> {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let n = 0;
  for await (const _ of rl) n++;
  return n;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

async function fingerprint(parse: ParseFileFn, file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  let records = 0;
  const res = await parse(file, {
    onRecord: (r) => {
      records++;
      hash.update(JSON.stringify(r));
      hash.update('\n');
    },
  });
  hash.update(JSON.stringify(res.diagnostics));
  return `${records} records, ${res.diagnostics.length} diagnostics, sha256 ${hash.digest('hex').slice(0, 16)}`;
}

async function seconds(fn: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e9;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string, dflt: string): string => {
    const k = args.indexOf(name);
    return k >= 0 ? (args[k + 1] ?? dflt) : dflt;
  };
  const file = args[0] && !args[0].startsWith('--') ? args[0] : '/tmp/benchbook-ingest-50mb.log';
  const mb = Number(opt('--mb', '50'));
  const repeat = Number(opt('--repeat', '3'));
  const impls: Array<{ name: string; parse: ParseFileFn }> = [{ name: 'this checkout', parse: parseFile }];
  args.forEach((a, k) => {
    if (a !== '--compare' || !args[k + 1]) return;
    const dir = path.resolve(args[k + 1]!);
    const mod = require(path.join(dir, 'ingest', 'index')) as { parseFile: ParseFileFn };
    impls.push({ name: dir, parse: mod.parseFile });
  });
  if (!fs.existsSync(file)) await writeGeneratedLog(file, loadCorpus('data'), { seed: 1, targetBytes: mb * 1e6 });
  const bytes = fs.statSync(file).size;
  console.log(`file ${file}: ${(bytes / 1e6).toFixed(1)} MB`);
  for (const impl of impls) console.log(`  ${impl.name}: ${await fingerprint(impl.parse, file)}`);
  if (args.includes('--hash-only')) return;

  const rlTimes: number[] = [];
  const times = impls.map(() => [] as number[]);
  for (let r = 0; r < repeat; r++) {
    rlTimes.push(await seconds(() => countLines(file)));
    for (let k = 0; k < impls.length; k++) times[k]!.push(await seconds(() => impls[k]!.parse(file, { onRecord: () => {} })));
  }
  const rl = bytes / 1e6 / median(rlTimes);
  console.log(`readline line count: ${rl.toFixed(1)} MB/s (runs ${rlTimes.map((x) => x.toFixed(2)).join(', ')} s)`);
  impls.forEach((impl, k) => {
    const mbs = bytes / 1e6 / median(times[k]!);
    console.log(
      `parseFile (${impl.name}): ${mbs.toFixed(1)} MB/s, ${(mbs / rl).toFixed(3)} of readline (runs ${times[k]!.map((x) => x.toFixed(2)).join(', ')} s)`,
    );
  });
  console.log('target (issue 9): ingest ≥ 0.333 of readline');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
