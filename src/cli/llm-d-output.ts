/**
 * `parse --format llm-d`: one llm-d-benchmark report v0.2 a run, validated before it is
 * written (ingest/formats/llm-d): with `--out DIR` one JSON file a run inside DIR, named from
 * its id; without, one report a line on stdout. A run whose report does not validate is an
 * error diagnostic and the others are still written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ReportFileNames } from '../ingest/formats/llm-d/report-file-name';
import { runReport } from '../ingest/formats/llm-d/run-report';
import type { ParseResult } from '../ingest/types';
import type { Diagnostic } from '../model/diagnostics';
import { type InputOptions, readInputs } from './inputs';

export async function writeLlmdReports(paths: string[], opts: InputOptions & { out?: string }, signal: AbortSignal): Promise<ParseResult> {
  const dir = opts.out;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const names = new ReportFileNames();
  const invalid: Diagnostic[] = [];
  const result = await readInputs(paths, opts, {
    onRecord: (r) => {
      if (r.kind !== 'run') return;
      const made = runReport(r);
      if ('diagnostic' in made) invalid.push(made.diagnostic);
      else if (dir) fs.writeFileSync(path.join(dir, names.next(r.id)), `${JSON.stringify(made.report, null, 2)}\n`);
      else process.stdout.write(`${JSON.stringify(made.report)}\n`);
    },
    signal,
  });
  return { ...result, diagnostics: [...result.diagnostics, ...invalid] };
}
