/**
 * A folder of a client's result files (llmperf: a summary and its per-request file per
 * concurrency level): no engine is named, so the title leads with the model, and the files of
 * per-request results are said in one line rather than as files "with no runs".
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { memoryReport, section } from './memory-report';

it('title names the model and that no engine is named; per-request files are one group', async () => {
  const r = await memoryReport(['test/fixtures/exports/llmperf/sweep'], { slo: ['ttft_p99_ms<=500'] });
  assert.match(r.md, /^# Qwen2\.5-7B-Instruct \(engine not named\)$/m);
  const answers = section(r.md, 'Answers');
  assert.match(answers, /^### 3 files of per-request results$/m);
  assert.match(answers, /^They hold the requests or readings of runs read from other files, no runs of their own: /m);
  assert.doesNotMatch(answers, /No benchmark runs were read from this file/);
  assert.match(answers, /about 11 users within TTFT p99 ≤ 500 ms \(interpolated between 4 and 16\)/);
});
