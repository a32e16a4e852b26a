/** A model as result files name it: a hub id or a local path (`meta-llama/Llama-3.1-8B/`). */
import type { PartialRun } from '../types';

/** Its last path part (`Llama-3.1-8B`), what runs are grouped by. */
export function lastPathPart(p: string): string {
  const parts = p.replace(/[\\/]+$/, '').split(/[\\/]/);
  return parts[parts.length - 1] ?? p;
}

/** The run's model (last path part) and the client's model path (as written). */
export function setModelFromPath(run: PartialRun, model: string): void {
  run.model = lastPathPart(model);
  (run.client ??= {}).model_path = model;
}
