/**
 * Claims found during the one ingest pass (issue 31): parsePaths with `claims: true` gives what
 * a read of the files for their claims alone gives (readClaimsFromPaths), whichever way a file
 * is read — whole, streamed, or in a worker — and without `claims` it gives none.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parsePaths, readClaimsFromPaths } from '../../src/ingest';
import { REPO_ROOT } from '../helpers/golden';

const DATA = path.join(REPO_ROOT, 'data');

describe('claims in the one ingest pass', () => {
  it('are those of data/ read on their own, whole or streamed; none unless asked', async () => {
    const alone = await readClaimsFromPaths([DATA]);
    assert.ok(alone.claims.length > 0, 'data/ states claims');
    const whole = await parsePaths([DATA], { claims: true });
    assert.deepEqual(whole.claims, alone.claims);
    // Every file streamed, in small chunks: claims cut across chunk boundaries still agree.
    const streamed = await parsePaths([DATA], { claims: true, streamThreshold: 1 });
    assert.deepEqual(streamed.claims, alone.claims);
    const plain = await parsePaths([DATA]);
    assert.equal(plain.claims, undefined);
  });

  it('come back from workers in file order', async () => {
    const alone = await readClaimsFromPaths([DATA]);
    const parallel = await parsePaths([DATA], { claims: true, jobs: 2, parallelMinBytes: 0 });
    assert.deepEqual(parallel.claims, alone.claims);
  });

  it('skip data files and binary files, and drop a line too long to be prose', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-parse-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.csv'), 'note,value\nSGLang is 2x faster than vLLM.,1\n');
      fs.writeFileSync(path.join(dir, 'b.md'), Buffer.from([0, 1, 2, 3, 0, 0, 65, 10]));
      const text = ['# Result', '', `${'x'.repeat(70_000)} improves by 50%`, '', 'SGLang is 2x faster than vLLM.', ''].join('\n');
      fs.writeFileSync(path.join(dir, 'c.md'), text);
      const res = await parsePaths([dir], { claims: true });
      assert.deepEqual(
        res.claims?.map((c) => [path.basename(c.file), c.line, c.quote]),
        [['c.md', 5, 'SGLang is 2x faster than vLLM.']],
      );
      assert.deepEqual(res.claims, (await readClaimsFromPaths([dir])).claims);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
