/**
 * A parse worker (one of piscina's threads): reads one file the way parsePaths does with
 * `--jobs 1`, with a duplicate tracker of its own. It cannot know the runs of the files before
 * it, so it hands back the signatures its runs have; the main thread checks them against
 * those files in file order (parse-in-parallel.ts).
 */
import type { BenchRecord } from '../../model/records';
import type { SourceClaim } from '../../model/source-claim';
import { DuplicateTracker } from '../duplicates';
import { parseFile } from '../stream';
import type { ParseFileOptions } from '../types';
import type { ParseTask, ParseTaskResult } from './task';

export async function parseTask(task: ParseTask): Promise<ParseTaskResult> {
  const duplicates = new DuplicateTracker({ recordFirsts: true });
  const records: ParseTaskResult['records'] = [];
  const kinds = task.jsonKinds ? new Set(task.jsonKinds) : undefined;
  let text = '';
  // Read whole whatever its size now: the main thread gives workers only files under the
  // streaming threshold, and their records travel back in one message anyway.
  const onRecord = (r: BenchRecord): void => {
    if (!kinds) records.push(r);
    // Made here rather than in the main thread, which writes the text of every worker.
    else if (kinds.has(r.kind)) text += `${JSON.stringify(r)}\n`;
  };
  // Collected through onRecord: parseFile would otherwise compact them, work the copy to the
  // main thread makes anyway.
  const opts: ParseFileOptions = { file: task.file, duplicates, streamThreshold: Number.POSITIVE_INFINITY, onRecord };
  if (task.formatHint) opts.formatHint = task.formatHint;
  if (task.set) opts.set = task.set;
  if (task.context) opts.context = task.context;
  const claims: SourceClaim[] | undefined = task.claims ? [] : undefined;
  if (claims) opts.onClaim = (c) => claims.push(c);
  const res = await parseFile(task.file, opts);
  res.records.forEach(onRecord); // none when every reader hands its records to onRecord
  const result: ParseTaskResult = { records, diagnostics: res.diagnostics, firsts: duplicates.firsts() };
  if (claims) result.claims = claims;
  if (kinds) result.text = text;
  return result;
}
