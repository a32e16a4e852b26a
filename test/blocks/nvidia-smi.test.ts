import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { nvidiaSmiReader } from '../../src/ingest/formats/nvidia-smi/nvidia-smi';
import type { EnvRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';
import { otherToolLines, SKIP_MESSAGE, scanFile } from './helpers';

function envs(name: string, lines: readonly string[]): EnvRecord[] {
  return scanFile(name, lines).flatMap((b) => b.result.env);
}

test('nvidiasmi_1: new layout, one GPU, no running processes', (t) => {
  const lines = otherToolLines('nvidiasmi_1.txt');
  if (!lines) return t.skip(SKIP_MESSAGE);
  const [env, ...rest] = envs('nvidiasmi_1.txt', lines);
  assert.equal(rest.length, 0);
  assert.ok(env);
  assert.equal(env.id, 'nvidiasmi_1.txt:2');
  assert.equal(env.timestamp, '2025-02-02T14:33:40');
  assert.equal(env.driver, '565.57.01');
  assert.equal(env.cuda, '12.7');
  assert.deepEqual(env.gpus, [
    {
      index: 0,
      name: 'NVIDIA GeForce RTX 3060',
      memory_used_mib: 1,
      memory_total_mib: 12288,
      util_pct: 5,
      power_w: 50,
      power_cap_w: 170,
      temp_c: 59,
      perf_state: 'P0',
      processes: [],
    },
  ]);
  assertGolden('blocks/nvidiasmi_1.txt.json', scanFile('nvidiasmi_1.txt', lines));
});

test('nvidiasmi_3: old 470 layout, truncated names, Processes table', (t) => {
  const lines = otherToolLines('nvidiasmi_3.txt');
  if (!lines) return t.skip(SKIP_MESSAGE);
  const scans = scanFile('nvidiasmi_3.txt', lines);
  const [env] = scans.flatMap((b) => b.result.env);
  assert.ok(env);
  assert.equal(env.driver, '470.57.02');
  assert.equal(env.cuda, '11.4');
  assert.equal(env.timestamp, '2022-01-03T14:38:24');
  const [g0, g1] = env.gpus;
  assert.deepEqual(
    [g0?.memory_used_mib, g0?.memory_total_mib, g0?.util_pct, g0?.power_w, g0?.power_cap_w, g0?.temp_c, g0?.perf_state],
    [2734, 24268, 0, 13, 350, 11, 'P8'],
  );
  assert.deepEqual([g1?.memory_used_mib, g1?.memory_total_mib, g1?.util_pct, g1?.power_w, g1?.power_cap_w], [8, 24268, 0, 15, 350]);
  assert.equal(g0?.name, 'NVIDIA GeForce ...');
  assert.deepEqual(g0?.processes, [
    { pid: 1221, name: './predict', memory_mib: 2726 },
    { pid: 1488, name: '/usr/lib/xorg/Xorg', memory_mib: 4 },
  ]);
  assert.deepEqual(g1?.processes, [{ pid: 1488, name: '/usr/lib/xorg/Xorg', memory_mib: 4 }]);
  // The truncated name is reported, not silently kept as if whole.
  assert.ok(scans.some((b) => b.result.diagnostics.some((d) => d.code === 'cell-lossy')));
  assertGolden('blocks/nvidiasmi_3.txt.json', scans);
});

test('a10 sample: two timestamped dumps, each starting at its timestamp line', () => {
  const lines = fs.readFileSync(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'), 'utf8').split(/\r?\n/);
  assert.equal(nvidiaSmiReader.startsAt(lines, 3), true);
  const r = nvidiaSmiReader.read(lines, 3, 'data/a10.md');
  assert.equal(r.next, 27);
  const [env] = r.env;
  assert.ok(env);
  assert.equal(env.id, 'data/a10.md:4');
  assert.equal(env.source.line, 4);
  assert.equal(env.timestamp, '2025-04-27T21:01:18');
  assert.equal(env.driver, '550.127.08');
  assert.equal(env.cuda, '12.4');
  assert.equal(env.gpus.length, 4);
  assert.deepEqual(env.gpus[1], {
    index: 1,
    name: 'NVIDIA A10',
    memory_used_mib: 20944,
    memory_total_mib: 23028,
    util_pct: 99,
    power_w: 150,
    power_cap_w: 150,
    temp_c: 56,
    perf_state: 'P0',
  });
  assert.deepEqual(r.diagnostics, []);
});

test('a dump cut before its bottom border is read with a table-truncated warning', () => {
  const lines = [
    '+-----------------------------------------------------------------------------+',
    '| NVIDIA-SMI 470.57.02    Driver Version: 470.57.02    CUDA Version: 11.4     |',
    '|-------------------------------+----------------------+----------------------+',
    '| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |',
    '|===============================+======================+======================|',
    '|   0  Tesla T4            On   | 00000000:18:00.0 Off |                  N/A |',
    '| N/A   40C    P8    N/A /  70W |   2734MiB / 15360MiB |      0%      Default |',
  ];
  const r = nvidiaSmiReader.read(lines, 0, 'cut.txt');
  assert.deepEqual(r.env[0]?.gpus, [
    {
      index: 0,
      name: 'Tesla T4',
      memory_used_mib: 2734,
      memory_total_mib: 15360,
      util_pct: 0,
      power_cap_w: 70,
      temp_c: 40,
      perf_state: 'P8',
    },
  ]);
  assert.equal(r.diagnostics[0]?.code, 'table-truncated');
  assert.equal(r.next, lines.length);
});

test('startsAt is false on prose and on a lone border', () => {
  assert.equal(nvidiaSmiReader.startsAt(['Sun Apr 27 21:01:18 2025', 'hello'], 0), false);
  assert.equal(nvidiaSmiReader.startsAt(['+-----+', '| a |'], 0), false);
  assert.equal(nvidiaSmiReader.startsAt([], 0), false);
});
