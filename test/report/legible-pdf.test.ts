/**
 * Reports that read at any size (issue 29): no chart text below 7 pt as the figure is placed in
 * the PDF, and no chart of more than 24 marks on an axis, for the reports of data/ (as
 * committed in reports/, which a house rule keeps equal to `npm start`) and for a generated
 * folder of 200 configurations (bench/generate-configurations.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { configurationRuns } from '../../bench/generate-configurations';
import { analyzeRunsDetailed } from '../../src/analyze';
import { chartsForSummary } from '../../src/charts';
import { DEFAULT_MAX_ROWS } from '../../src/charts/types';
import { parsePaths } from '../../src/ingest';
import type { RunRecord } from '../../src/model/records';
import { memoryEffects, writeReport } from '../../src/report/build-report';
import { figureTextSizes, placedScale } from '../../src/report/figure-text-size';
import { axisMarks } from '../charts/axis-marks';
import { REPO_ROOT } from '../helpers/golden';

const MIN_PT = 7;

function smallText(html: string): string[] {
  return figureTextSizes(html)
    .filter((f) => f.minPt < MIN_PT)
    .map((f) => `${f.figure} (${f.width}×${f.height} px at ${f.scale.toFixed(2)}: ${f.minFontPx} px → ${f.minPt.toFixed(2)} pt)`);
}

function crowdedAxes(runs: RunRecord[]): string[] {
  const { summary } = analyzeRunsDetailed(runs, {});
  const figures = chartsForSummary({ runs, configurations: summary.configurations, comparisons: summary.comparisons });
  assert.ok(figures.length > 0);
  return figures.filter((f) => axisMarks(f.spec) > DEFAULT_MAX_ROWS).map((f) => `${f.name}: ${axisMarks(f.spec)} marks`);
}

describe('chart text as placed in the PDF', () => {
  it('the placed scale follows the stylesheet: text width, 1.3× at most, 225 mm tall at most', () => {
    assert.ok(Math.abs(placedScale(688, 400) - 1) < 0.01, 'a page-wide chart is drawn at its size');
    assert.equal(placedScale(200, 100), 1.3);
    assert.ok(Math.abs(placedScale(688, 1700) - 850.39 / 1700) < 0.001, 'a tall chart is shrunk to 225 mm');
    const html =
      '<figure class="chart" role="img" aria-label="T"><svg viewBox="0 0 688 1700"><text font-size="10px">a</text></svg></figure>';
    assert.deepEqual(smallText(html).length, 1, 'a 10 px label shrunk to 3.8 pt is caught');
  });

  for (const name of fs.readdirSync(path.join(REPO_ROOT, 'reports')).sort()) {
    it(`reports/${name}: every figure's text is ${MIN_PT} pt or more`, () => {
      const html = fs.readFileSync(path.join(REPO_ROOT, 'reports', name, 'report.html'), 'utf8');
      assert.ok(figureTextSizes(html).length > 0, 'the report has figures');
      assert.deepEqual(smallText(html), []);
    });
  }

  it(`200 configurations: every figure's text is ${MIN_PT} pt or more`, async () => {
    const effects = memoryEffects();
    await writeReport({ runs: configurationRuns(), env: [], samples: [], diagnostics: [] }, { out: '/c200', effects });
    const html = effects.files.get('/c200/report.html') as string;
    assert.ok(figureTextSizes(html).length >= 4);
    assert.deepEqual(smallText(html), []);
  });
});

describe(`no chart of more than ${DEFAULT_MAX_ROWS} marks on an axis`, () => {
  it('the charts of data/', async () => {
    const prev = process.cwd();
    process.chdir(REPO_ROOT);
    try {
      const parsed = await parsePaths(['data']);
      assert.deepEqual(crowdedAxes(parsed.runs), []);
    } finally {
      process.chdir(prev);
    }
  });

  it('the charts of a generated folder of 200 configurations', () => {
    const runs = configurationRuns();
    assert.equal(analyzeRunsDetailed(runs, {}).summary.configurations.length, 200);
    assert.deepEqual(crowdedAxes(runs), []);
  });
});
