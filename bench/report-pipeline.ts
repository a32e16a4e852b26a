/**
 * The `benchbook report` path without parsing: RunRecords → `writeReport` (analyze → charts →
 * SVG → renderReport → HTML, the function `buildReport` calls after reading its inputs) with
 * in-memory file effects, so the disk is not measured. Analysis is also timed on its own.
 */

import { analyzeRunsDetailed } from '../src/analyze';
import type { RunRecord } from '../src/model/records';
import { memoryEffects, writeReport } from '../src/report';

function since(t0: bigint): number {
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

export interface ReportPipelineResult {
  detail: Record<string, number | string>;
  html: string;
}

export async function reportFromRuns(runs: RunRecord[]): Promise<ReportPipelineResult> {
  let t = process.hrtime.bigint();
  const analysis = analyzeRunsDetailed(runs, {});
  const analyzeS = since(t);

  const effects = memoryEffects();
  t = process.hrtime.bigint();
  const result = await writeReport(
    { runs, env: [], samples: [], diagnostics: [] },
    { out: '/bench-report', title: 'Synthetic benchmark report', effects },
  );
  const totalS = since(t);

  let svgBytes = 0;
  let charts = 0;
  let maxMarks = 0;
  let markdown = '';
  let html = '';
  for (const [file, data] of effects.files) {
    const text = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
    if (file.endsWith('.svg')) {
      charts++;
      svgBytes += text.length;
      // Readability proxy: drawn marks per chart (paths, rects, circles, lines).
      maxMarks = Math.max(maxMarks, (text.match(/<(path|rect|circle|line)\b/g) ?? []).length);
    } else if (file.endsWith('report.md')) markdown = text;
    else if (file.endsWith('report.html')) html = text;
  }
  return {
    html,
    detail: {
      total_s: totalS,
      analyze_s: analyzeS,
      configurations: analysis.summary.configurations.length,
      comparisons: result.summary.comparisons.length,
      charts,
      svg_kib: Math.round(svgBytes / 1024),
      max_marks_per_chart: maxMarks,
      markdown_kib: Math.round(markdown.length / 1024),
      html_kib: Math.round(html.length / 1024),
    },
  };
}
