/**
 * A `# …` line is a Markdown heading in Markdown (a `.md`, or a text with Markdown's own marks:
 * fences, pipe tables, a setext title, bold, links). In a terminal log or a pasted script it is
 * a shell or Python comment, read as any scope line: it opens no section, so it neither ends the
 * launch the runs below ran under nor titles them, unless it heads a command or a result block
 * (`# pp=4, same client` over a result: blocks/vllm-bench-commented.sh). A commented command
 * (`# vllm serve … --tp 2`) is still read as one. Our own session, in the shape of a shell
 * session around vLLM's benchmark.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isMarkdownText } from '../../src/ingest/markdown-report/markdown-text';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

const RESULT = [
  '============ Serving Benchmark Result ============',
  'Successful requests:                     200',
  'Benchmark duration (s):                  40.10',
  'Request throughput (req/s):              4.99',
  'Output token throughput (tok/s):         1277.30',
  '==================================================',
];

const SESSION = [
  '# start the server',
  '$ vllm serve org/Model-7B --tensor-parallel-size 2 --max-model-len 4096 &',
  '# give it a minute to load the weights',
  '$ sleep 60',
  '$ vllm bench serve --model org/Model-7B --num-prompts 200 --max-concurrency 8',
  ...RESULT,
  '',
];

const runsOf = (text: string, file: string): RunRecord[] =>
  parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');

describe('`#` lines outside Markdown', () => {
  it('a shell comment in a .log ends no launch and titles nothing', () => {
    const [run, ...rest] = runsOf(SESSION.join('\n'), 'session.log');
    assert.equal(rest.length, 0);
    assert.equal(run?.engine, 'vllm');
    assert.equal(run?.parallelism?.tp, 2);
    assert.equal(run?.server?.context_length, 4096);
    assert.ok(!run?.labels.includes('give it a minute to load the weights'), JSON.stringify(run?.labels));
  });
  it('the same lines in a .md are headings: the run is in the second section', () => {
    const [run] = runsOf(SESSION.join('\n'), 'session.md');
    assert.ok(run?.labels.includes('give it a minute to load the weights'), JSON.stringify(run?.labels));
  });
  it('a commented command is still read as one', () => {
    const text = [
      '# vllm serve org/Model-7B --tensor-parallel-size 4',
      '$ vllm bench serve --model org/Model-7B --max-concurrency 8',
      ...RESULT,
    ];
    const [run] = runsOf(text.join('\n'), 'notes.txt');
    assert.equal(run?.parallelism?.tp, 4);
  });
});

describe('isMarkdownText', () => {
  it('by name, or by the marks Markdown has and logs do not', () => {
    assert.equal(isMarkdownText('a.md', ['# x']), true);
    assert.equal(isMarkdownText('a.txt', ['# x', '```bash', 'vllm serve m', '```']), true);
    assert.equal(isMarkdownText('a.txt', ['| a | b |', '|---|---|']), true);
    assert.equal(isMarkdownText('a.txt', ['Serving notes', '=============']), true);
    assert.equal(isMarkdownText('a.txt', ['see **this**']), true);
    assert.equal(isMarkdownText('a.log', ['# comment', ...RESULT]), false);
    assert.equal(isMarkdownText('run.sh', ['#!/bin/bash', '# sweep', 'for c in 1 2; do']), false);
  });
});
