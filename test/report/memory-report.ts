/** A report built in memory from the repository root (paths in ids as the main job gives them), and its sections. */
import os from 'node:os';
import path from 'node:path';
import { type BuildOptions as BuildReportOptions, buildReport } from '../../src/build';
import { memoryEffects } from '../../src/report/build-report';
import { REPO_ROOT } from '../helpers/golden';

export const MEMORY_OUT = path.join(os.tmpdir(), 'bb-memory-report');

/** `buildReport(paths)` into memory: the result, report.md, any file by its name under the output, every path written. */
export async function memoryReport(paths: string[], opts: Omit<BuildReportOptions, 'out' | 'effects'> = {}) {
  const effects = memoryEffects();
  const prev = process.cwd();
  process.chdir(REPO_ROOT);
  try {
    const res = await buildReport(paths, { out: MEMORY_OUT, effects, ...opts });
    const text = (name: string): string => effects.files.get(path.join(MEMORY_OUT, name)) as string;
    return { res, md: text('report.md'), text, files: [...effects.files.keys()] };
  } finally {
    process.chdir(prev);
  }
}

/** The body of the `## name` section ('' when absent). */
export function section(md: string, name: string): string {
  return new RegExp(`^## ${name}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(md)?.[1] ?? '';
}
