/**
 * A seeded folder of generated logs, shaped like a user's history folder: mostly 50–500 KB
 * logs (log-uniform), a few of 1–4 MB, and the sample files of data/ as they are (reports,
 * not only console logs). Same seed → same bytes. Default: 180 files, about 46 MB, the folder
 * of issue 21.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Corpus, writeGeneratedLog } from './generate';
import { seededRandom } from './seeded-random';

export interface FolderStats {
  files: number;
  bytes: number;
  /** Result tables the generator wrote (runs of the generated logs). */
  tables: number;
  /** Lines a Metric/Value regex matches (what the regex peer extracts, header rows included). */
  valueRows: number;
}

export interface FolderOptions {
  seed: number;
  /** Files in all, data/ samples included (default 180). */
  files?: number;
  /** Generated logs of 1–4 MB among them (default 5). */
  large?: number;
}

const KB = 1000;

export async function writeGeneratedFolder(dir: string, corpus: Corpus, dataDir: string, opts: FolderOptions): Promise<FolderStats> {
  fs.mkdirSync(dir, { recursive: true });
  const rnd = seededRandom(opts.seed);
  const samples = fs
    .readdirSync(dataDir)
    .filter((f) => f.endsWith('.md'))
    .sort();
  const stats: FolderStats = { files: 0, bytes: 0, tables: 0, valueRows: 0 };
  for (const name of samples) {
    fs.copyFileSync(path.join(dataDir, name), path.join(dir, name));
    stats.files++;
    stats.bytes += fs.statSync(path.join(dir, name)).size;
  }
  const generated = (opts.files ?? 180) - samples.length;
  const large = new Set<number>();
  while (large.size < Math.min(opts.large ?? 5, generated)) large.add(Math.floor(rnd() * generated));
  for (let i = 0; i < generated; i++) {
    // 50–500 KB log-uniform; the large ones 1–4 MB.
    const target = large.has(i) ? (1000 + rnd() * 3000) * KB : 50 * KB * 10 ** rnd();
    const file = path.join(dir, `run-${String(i).padStart(3, '0')}.log`);
    const g = await writeGeneratedLog(file, corpus, { seed: opts.seed + i + 1, targetBytes: target });
    stats.files++;
    stats.bytes += g.bytes;
    stats.tables += g.tables;
    stats.valueRows += g.valueRows;
  }
  return stats;
}
