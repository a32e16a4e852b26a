/**
 * HTTP load tools' commands as people paste them (http-load-command.ts): the saved command is
 * the command, without the shell prompt it was typed at (bash, zsh's `%` and oh-my-zsh's
 * `➜  dir`, a bare `~`, a virtualenv's `(venv) $`), while what belongs to the command before
 * the tool's name (`sudo`, `time`, env assignments, `docker exec …`) stays; and h2load's `-m`
 * (streams per client) multiplies its clients into the concurrency, said to be inferred.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { clientToolAt, readClientCommand } from '../../src/ingest/context/client-command';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

const AB = 'ab -n 400 -c 8 -p body.json -T application/json http://10.1.2.3:8000/v1/completions';

function read(text: string) {
  const tool = clientToolAt(text);
  assert.ok(tool, `no client command in: ${text}`);
  return readClientCommand(text, tool.tool);
}

describe('HTTP load commands behind a prompt', () => {
  const prompts = [
    '~ ',
    '$ ',
    '% ',
    '❯ ',
    '➜  ',
    '➜  bench ',
    '➜  ~ ',
    '➜  bench git:(main) ✗ ',
    'user@host:~$ ',
    'root@gpu-01:/srv# ',
    '(venv) $ ',
    '+ ',
  ];
  for (const prompt of prompts) {
    it(`\`${prompt}${AB.slice(0, 10)}…\`: the command is the tool's`, () => {
      const c = read(`${prompt}${AB}`);
      assert.equal(c.tool, 'ab');
      assert.equal(c.client.command, AB);
      assert.equal(c.text, AB);
      assert.equal(c.client.concurrency, 8);
    });
  }

  for (const [typed, command] of [
    [`~ sudo ${AB}`, `sudo ${AB}`],
    [`➜  bench time ${AB}`, `time ${AB}`],
    [`$ OMP_NUM_THREADS=1 ${AB}`, `OMP_NUM_THREADS=1 ${AB}`],
    [`$ sudo docker exec -e X=1 bench-box ${AB}`, `sudo docker exec -e X=1 bench-box ${AB}`],
    ['root@gpu-01:~# echo "GET http://h/x" | vegeta attack -rate=50/s', 'echo "GET http://h/x" | vegeta attack -rate=50/s'],
  ] as const) {
    it(`\`${typed.slice(0, 24)}…\`: what the command runs through stays`, () => {
      assert.equal(read(typed).client.command, command);
    });
  }

  it('an ApacheBench report under a zsh prompt line: the run keeps the command alone', () => {
    const lines = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/blocks/ab-post-failed.txt'), 'utf8').split('\n');
    const k = lines.findIndex((l) => l.startsWith('$ ab '));
    lines[k] = `➜  bench ${AB}`;
    const res = parseLog(lines.join('\n'), { file: 'ab.log' });
    const [run] = res.records.filter((r): r is RunRecord => r.kind === 'run');
    assert.equal(run?.client?.command, AB);
    assert.equal(run?.client?.total_requests, 400);
  });
});

describe("h2load's -m", () => {
  it('-c C -m M: C × M requests in flight, inferred and said so', () => {
    const c = read('$ h2load -n 2000 -c 20 -m 4 https://gw.example:8443/v1/chat/completions');
    assert.equal(c.client.concurrency, 80);
    assert.match(c.fields.concurrency ?? '', /-c 20 × -m 4.*inferred/);
  });
  it('long spellings and glued values', () => {
    assert.equal(read('h2load --requests=100 --clients=3 --max-concurrent-streams=5 http://h/x').client.concurrency, 15);
    assert.equal(read('h2load -n100 -c3 -m5 http://h/x').client.concurrency, 15);
  });
  it('-m 1, or no -m: the clients are the concurrency', () => {
    assert.equal(read('h2load -n 100 -c 3 -m 1 http://h/x').client.concurrency, 3);
    const c = read('h2load -n 100 -c 3 http://h/x');
    assert.equal(c.client.concurrency, 3);
    assert.equal(c.fields.concurrency, '-c');
  });
  it('-m without -c: no concurrency (the default client count is not written down)', () => {
    assert.equal(read('h2load -n 100 -m 8 http://h/x').client.concurrency, undefined);
  });
  it('the h2load report: its run has the streams in its concurrency, with provenance', () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/blocks/h2load-h2.txt'), 'utf8');
    const [run] = parseLog(text, { file: 'h2load.log' }).records.filter((r): r is RunRecord => r.kind === 'run');
    assert.equal(run?.client?.concurrency, 80);
    assert.match(run?.provenance['client.concurrency'] ?? '', /inferred/);
  });
});
