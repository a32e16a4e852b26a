// STUB (owned by the CSV helper).
import type { RunRecord } from './records';
export function runsToCsv(_runs: readonly RunRecord[]): string {
  return '';
}
