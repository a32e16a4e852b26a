/**
 * A parse worker that fails on purpose for files whose name says how (tests of a worker
 * crash): `throws` → an exception out of the task, `exits` → process.exit in the worker,
 * `hogs` → allocation until the worker's heap limit. Other files are parsed as usual.
 */

import type { ParseTask, ParseTaskResult } from '../../../src/ingest/parallel/task';
import { parseTask as realParseTask } from '../../../src/ingest/parallel/worker';

export async function parseTask(task: ParseTask): Promise<ParseTaskResult> {
  if (task.file.includes('throws')) throw new Error('injected failure');
  if (task.file.includes('exits')) process.exit(7);
  if (task.file.includes('hogs')) {
    const hog: number[][] = [];
    for (;;) hog.push(new Array<number>(1 << 16).fill(Math.random()));
  }
  return realParseTask(task);
}
