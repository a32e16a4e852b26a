/** One run → its validated llm-d report, or the error diagnostic saying why there is none. */
import type { Diagnostic } from '../../../model/diagnostics';
import type { RunRecord } from '../../../model/records';
import { toLlmdReport } from './to-llm-d-report';
import { reportProblems } from './validate-report';

export type RunReport = { report: Record<string, unknown> } | { diagnostic: Diagnostic };

export function runReport(run: RunRecord): RunReport {
  const report = toLlmdReport(run);
  const problems = reportProblems(report);
  if (problems.length === 0) return { report };
  return {
    diagnostic: {
      severity: 'error',
      code: 'context-missing',
      message: `run ${run.id}: no valid llm-d benchmark report v0.2 (${problems.slice(0, 3).join('; ')})`,
      file: run.source.file,
      line: run.source.line,
    },
  };
}
