/**
 * Launch and client commands as people paste them behind a shell prompt (launch-command.ts'
 * promptLengths / stripPrompt, the prompt shapes HTTP load commands are saved without too):
 * bash, zsh's `%` and `~`, oh-my-zsh's `➜  dir git:(main) ✗`, `❯`, a virtualenv's `(venv) $`,
 * a trace's `+`. The saved command is the command; what it runs through (`python3 -m`, env
 * assignments, `nohup`) stays.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientToolAt, readClientCommand } from '../../src/ingest/context/client-command';
import { looksLikeLaunchCommand, parseLaunchCommand, stripPrompt } from '../../src/ingest/launch-command';

const SERVE = 'vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2 --max-model-len 8192';
const PROMPTS = [
  '$ ',
  '% ',
  '~ ',
  '❯ ',
  '➜  ',
  '➜  bench ',
  '➜  ~ ',
  '➜  bench git:(main) ✗ ',
  '➜  serving git:(feat/tp) ',
  'user@host:~$ ',
  'root@gpu-01:/srv# ',
  'me@box ~ % ',
  '(venv) $ ',
  '(base) user@host:~/work$ ',
  '+ ',
];

describe('launch commands behind a prompt', () => {
  for (const prompt of PROMPTS) {
    it(`\`${prompt}vllm serve …\`: read, saved without the prompt`, () => {
      const line = `${prompt}${SERVE}`;
      assert.ok(looksLikeLaunchCommand(line));
      const launch = parseLaunchCommand(line);
      assert.equal(launch?.command, SERVE);
      assert.equal(launch?.tp, 2);
      assert.equal(launch?.contextLength, 8192);
    });
  }
  it('what the command runs through stays: `python3 -m`, env assignments, nohup', () => {
    for (const command of [
      'python3 -m vllm.entrypoints.openai.api_server --model m --tp 2',
      'CUDA_VISIBLE_DEVICES=0,1 nohup vllm serve m --tp 2',
      'python -m sglang.launch_server --model-path m --tp 2',
    ]) {
      assert.equal(parseLaunchCommand(`➜  bench ${command}`)?.command, command);
      assert.equal(parseLaunchCommand(`➜  ${command}`)?.command, command);
    }
  });
  it('prose that mentions a launcher is still none, and a `# ` comment is no prompt', () => {
    assert.equal(looksLikeLaunchCommand('We then ran vllm serve with two GPUs'), false);
    assert.equal(stripPrompt('# vllm serve m --tp 2'), '# vllm serve m --tp 2');
  });
});

describe('serving benchmark clients behind a prompt', () => {
  const BENCH = 'vllm bench serve --model m --max-concurrency 16 --num-prompts 320';
  for (const prompt of ['➜  bench git:(main) ✗ ', '~ ', '% ', 'me@box ~ % ']) {
    it(`\`${prompt}vllm bench serve …\`: the command is saved without the prompt`, () => {
      const line = `${prompt}${BENCH}`;
      const tool = clientToolAt(line);
      assert.ok(tool);
      const c = readClientCommand(line, tool.tool);
      assert.equal(c.text, BENCH);
      assert.equal(c.client.concurrency, 16);
    });
  }
});
