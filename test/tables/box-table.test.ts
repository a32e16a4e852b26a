import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { normalizeText } from '../../src/ingest/hygiene';
import { readBoxTable, startsBoxTable, type TextTable } from '../../src/ingest/tables/box-table';
import { otherToolsDir, REPO_ROOT } from '../helpers/golden';

/** Every table of a text, scanning line by line the way the console scanner does. */
export function allTables(lines: readonly string[]): TextTable[] {
  const out: TextTable[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!startsBoxTable(lines, i)) continue;
    const t = readBoxTable(lines, i);
    if (!t) continue;
    out.push(t);
    i = Math.max(i, t.next - 1);
  }
  return out;
}

function linesOf(file: string): string[] {
  return normalizeText(fs.readFileSync(file, 'utf8'), file).lines;
}

test('stress-test tables of the A10 log: title, header, 21 rows', () => {
  const lines = linesOf(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'));
  const tables = allTables(lines).filter((t) => t.style === 'heavy-head');
  assert.equal(tables.length, 25);
  const first = tables[0]!;
  assert.equal(first.title, 'SGLang Stress Test Results - 2025-04-28 20:22:04');
  assert.equal(first.titleLine, 55);
  assert.equal(first.startLine, 55);
  assert.equal(first.topLine, 56);
  assert.equal(first.next, 81);
  assert.deepEqual(first.header, ['Metric', 'Value']);
  assert.equal(first.rows.length, 21);
  assert.deepEqual(first.rows[0], ['URL', 'http://localhost:30000/generate']);
  assert.deepEqual(first.rows[4], ['Successful Requests', '300 (100.0%)']);
  assert.deepEqual(first.rows[20], ['Peak Requests In Flight', '30']);
  assert.equal(first.rowLines[0], 59);
  assert.equal(first.truncated, false);
  for (const t of tables) {
    assert.ok(t.title && /Stress Test Results/.test(t.title), `title at line ${t.startLine + 1}`);
    assert.ok(t.rows.every((r) => r.length === 2 && r[0] !== ''));
  }
});

test('the title line and the top border both start the same table', () => {
  const lines = linesOf(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'));
  assert.equal(startsBoxTable(lines, 55), true);
  assert.equal(startsBoxTable(lines, 56), true);
  assert.equal(startsBoxTable(lines, 54), false); // "Test completed in 14.99 seconds" is not a title
  assert.deepEqual(readBoxTable(lines, 56), readBoxTable(lines, 55));
});

test('nvidia-smi boxes are not result tables', () => {
  const lines = linesOf(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'));
  for (let i = 0; i < 54; i++) assert.equal(startsBoxTable(lines, i), false, `line ${i + 1}`);
});

test('every sample log: stress tables read completely', () => {
  for (const name of ['a10-sglang-dp2-vllm.md', 'qwen3-4b-think-openai-vs-native.md']) {
    const lines = linesOf(path.join(REPO_ROOT, 'data', name));
    const tables = allTables(lines).filter((t) => t.style === 'heavy-head');
    assert.ok(tables.length >= 16, name);
    for (const t of tables) {
      assert.ok(t.title, `${name}:${t.topLine + 1} title`);
      assert.equal(t.truncated, false);
      assert.ok(t.rows.length >= 10);
    }
  }
});

function sample(name: string, t: { skip: (msg: string) => void }): string[] | undefined {
  const dir = otherToolsDir();
  if (!dir) {
    t.skip('other-tools samples absent');
    return undefined;
  }
  return linesOf(path.join(dir, name));
}

test('genai-perf: wrapped label with values on its first line (aiperf_console_table)', (t) => {
  const lines = sample('aiperf_console_table.txt', t);
  if (!lines) return;
  const [table] = allTables(lines);
  assert.ok(table);
  assert.equal(table.title, 'NVIDIA AIPerf | LLM Metrics');
  assert.deepEqual(table.header, ['Metric', 'avg', 'min', 'max', 'p99', 'p90', 'p50', 'std']);
  assert.deepEqual(
    table.rows.map((r) => r[0]),
    [
      'Time to First Token (ms)',
      'Time to Second Token (ms)',
      'Time to First Output Token (ms)',
      'Request Latency (ms)',
      'Inter Token Latency (ms)',
      'Output Token Throughput Per User (tokens/sec/user)',
      'Output Sequence Length (tokens)',
      'Input Sequence Length (tokens)',
      'Output Token Throughput (tokens/sec)',
      'Request Throughput (requests/sec)',
      'Request Count (requests)',
    ],
  );
  assert.deepEqual(table.rows[3], [
    'Request Latency (ms)',
    '2,940.39',
    '1,536.67',
    '7,319.35',
    '7,034.86',
    '4,474.42',
    '2,239.67',
    '1,611.04',
  ]);
  assert.equal(table.rowLines[3], 10);
});

test('rich_6: tables nested in panels, squeezed padding, value wraps with an empty first cell', (t) => {
  const lines = sample('rich_6.txt', t);
  if (!lines) return;
  const tables = allTables(lines);
  assert.deepEqual(
    tables.map((x) => x.title),
    ['Requests Data by Benchmark', 'Tokens Data by Benchmark', 'Performance Stats by Benchmark', 'Performance Summary by Benchmark'],
  );
  const stats = tables[2]!;
  assert.equal(stats.header[1], 'Request Latency [1%, 5%, 10%, 50%, 90%, 95%, 99%] (sec)');
  assert.equal(stats.rows.length, 3);
  assert.equal(stats.rows[0]![2], '1563.3, 1569.2, 1576.5, 1589.4, 1594.0, 1595.3, 1596.4');
  assert.equal(stats.rows[2]![2], '2157.6, 9185.1, 12220.5, 23333.5, 44214.1, 45329.8, 51276.9');
  assert.deepEqual(tables[3]!.rows[1], [
    'asynchronous@0.85 req/sec',
    '0.77 req/sec',
    '20.77 sec',
    '2401.32 ms',
    '63.69 ms',
    '221.75 tokens/sec',
  ]);
});

test('rich_11: bottom border broken by a line break is truncated and consumed', (t) => {
  const lines = sample('rich_11.txt', t);
  if (!lines) return;
  const [table] = allTables(lines);
  assert.ok(table);
  assert.equal(table.truncated, true);
  assert.equal(table.next, 13);
  assert.equal(table.rows.length, 3);
  assert.equal(table.rows[0]![1], '4,110,623,430');
  assert.ok(table.issues.some((x) => x.code === 'table-truncated' && x.line === 11));
});

test('ascii_3: guidellm ||-spans fill multi-level headers; shared |===| border', (t) => {
  const lines = sample('ascii_3.txt', t);
  if (!lines) return;
  const tables = allTables(lines);
  assert.equal(tables.length, 6);
  const lat = tables[4]!;
  assert.deepEqual(lat.header, [
    'Benchmark Strategy',
    'Request Latency Sec Mdn',
    'Request Latency Sec p95',
    'TTFT ms Mdn',
    'TTFT ms p95',
    'ITL ms Mdn',
    'ITL ms p95',
    'TPOT ms Mdn',
    'TPOT ms p95',
  ]);
  assert.deepEqual(lat.rows[1], ['concurrent', '28.3', '30.3', '2212.2', '4038.4', '102.6', '103.0', '110.7', '118.4']);
  assert.equal(tables[1]!.next, 35);
  assert.equal(tables[2]!.topLine, 35);
  assert.equal(tables[5]!.header[3], 'Requests Per Sec Mean');
  assert.equal(tables[5]!.header[4], 'Input Tokens Per Sec Mean');
});

test('ascii_2: tabulate grid with a rule between every row, then a plain ASCII table', (t) => {
  const lines = sample('ascii_2.txt', t);
  if (!lines) return;
  const [summary, pct] = allTables(lines);
  assert.ok(summary && pct);
  assert.equal(summary.style, 'ascii-grid');
  assert.equal(summary.rows.length, 14);
  assert.deepEqual(summary.rows[1], ['Number of concurrency', '5']);
  assert.equal(pct.rows.length, 10);
  assert.deepEqual(pct.rows[9]!.slice(0, 5), ['99%', '0.5283', '0.0108', '0.0101', '20.7543']);
});

function read(text: string, at = 0): TextTable {
  const lines = text.split('\n');
  assert.ok(startsBoxTable(lines, at), `a table starts at line ${at + 1}`);
  const t = readBoxTable(lines, at);
  assert.ok(t);
  return t;
}

test('rich ASCII box: no junctions in the top border, columns from the header rule', () => {
  const t = read(
    [
      '+-----------------------+',
      '| Metric     | Value    |',
      '|------------+----------|',
      '| RPS        | 12.5     |',
      '| Latency    | 1,234    |',
      '+-----------------------+',
    ].join('\n'),
  );
  assert.deepEqual(t.header, ['Metric', 'Value']);
  assert.deepEqual(t.rows, [
    ['RPS', '12.5'],
    ['Latency', '1,234'],
  ]);
  assert.equal(t.next, 6);
});

test('a square box without a header rule has no header', () => {
  const t = read(['┌────────┬───────┐', '│ a      │ 1     │', '│ b      │ 2     │', '└────────┴───────┘'].join('\n'));
  assert.deepEqual(t.header, []);
  assert.deepEqual(t.rows, [
    ['a', '1'],
    ['b', '2'],
  ]);
});

test('a table inside a rounded panel: panel borders stripped; the panel itself is no table', () => {
  const text = [
    '╭─ Panel ──────────────────────╮',
    '│ ╭──────┬──────╮              │',
    '│ │ k    │ v    │              │',
    '│ ├──────┼──────┤              │',
    '│ │ x    │ 9    │              │',
    '│ ╰──────┴──────╯              │',
    '╰──────────────────────────────╯',
  ].join('\n');
  assert.equal(startsBoxTable(text.split('\n'), 0), false);
  const t = read(text, 1);
  assert.equal(t.style, 'rounded');
  assert.deepEqual(t.header, ['k', 'v']);
  assert.deepEqual(t.rows, [['x', '9']]);
  assert.equal(t.next, 6);
});

test('cut off at EOF: rows so far, truncated, issue at the last line', () => {
  const t = read(['┏━━━━━━┳━━━━━━┓', '┃ a    ┃ b    ┃', '┡━━━━━━╇━━━━━━┩', '│ 1    │ 2    │', '│ 3    │ 4'].join('\n'));
  assert.equal(t.truncated, true);
  assert.deepEqual(t.rows, [
    ['1', '2'],
    ['3', '4'],
  ]);
  assert.deepEqual(
    t.issues.map((x) => [x.code, x.line]),
    [['table-truncated', 4]],
  );
});

test('minimal (rich MINIMAL_HEAVY_HEAD with edges) and simple (whitespace columns)', () => {
  const m = read(
    [
      '           Results',
      '              ╷',
      '  Name        │ Value',
      ' ╺━━━━━━━━━━━━┿━━━━━━━━╸',
      '  Throughput  │ 12.5',
      '  Latency p99 │ 1,234',
      '              ╵',
      '',
    ].join('\n'),
  );
  assert.equal(m.style, 'minimal');
  assert.equal(m.title, 'Results');
  assert.deepEqual(m.header, ['Name', 'Value']);
  assert.deepEqual(m.rows, [
    ['Throughput', '12.5'],
    ['Latency p99', '1,234'],
  ]);
  assert.equal(m.next, 7);
  const s = read(
    [
      '  Name          Value    Unit',
      ' ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━',
      '  Throughput    12.5     req/s',
      '  Latency p99   1,234    ms',
      '',
    ].join('\n'),
  );
  assert.equal(s.style, 'simple');
  assert.deepEqual(s.header, ['Name', 'Value', 'Unit']);
  assert.deepEqual(s.rows, [
    ['Throughput', '12.5', 'req/s'],
    ['Latency p99', '1,234', 'ms'],
  ]);
});

test('minimal and simple tables: a value folded mid-token at the column width joins without a space', () => {
  // The URL is 36 columns, folded at 20 as rich folds a token wider than its column.
  const expected = [
    ['URL', 'http://localhost:8000/v1/completions'],
    ['Max Tokens', '256'],
    ['Notes', 'two words'],
  ];
  const variants: Record<string, string[]> = {
    // rich MINIMAL (edges `╶`/`╴` on the rule), trailing spaces kept as a terminal pads lines
    'minimal, edges': [
      '             ╷                      ',
      '  Metric     │ Value                ',
      '╶────────────┼─────────────────────╴',
      '  URL        │ http://localhost:800 ',
      '             │ 0/v1/completions     ',
      '  Max Tokens │ 256                  ',
      '  Notes      │ two                  ',
      '             │ words                ',
      '             ╵                      ',
    ],
    // the same pasted with trailing spaces dropped
    'minimal, trimmed': [
      '             ╷',
      '  Metric     │ Value',
      '╶────────────┼─────────────────────╴',
      '  URL        │ http://localhost:800',
      '             │ 0/v1/completions',
      '  Max Tokens │ 256',
      '  Notes      │ two',
      '             │ words',
      '             ╵',
    ],
    // no edges shown: the rule runs over the outer padding
    'minimal, no edge': [
      ' Metric     │ Value',
      '━━━━━━━━━━━━┿━━━━━━━━━━━━━━━━━━━━━━',
      ' URL        │ http://localhost:800',
      '            │ 0/v1/completions',
      ' Max Tokens │ 256',
      ' Notes      │ two',
      '            │ words',
    ],
    // rich SIMPLE: no dividers at all
    simple: [
      '  Metric       Value',
      ' ─────────────────────────────────── ',
      '  URL          http://localhost:800',
      '               0/v1/completions',
      '  Max Tokens   256',
      '  Notes        two',
      '               words',
    ],
  };
  for (const [name, lines] of Object.entries(variants)) {
    const t = read([...lines, ''].join('\n'));
    assert.deepEqual(t.header, ['Metric', 'Value'], name);
    // "two" + "words" were wrapped at a space (the column had room for "two" only because "words" did not fit after it)
    assert.deepEqual(t.rows, expected, name);
  }
});

test('a pipe table (tabulate pipe, Markdown) is a box table; prose with a pipe over a dash line is not', () => {
  // Changed with issue 20: pipe tables were not box tables before.
  const lines = ['| a | b |', '|---|---|', '| 1 | 2 |', '', 'Not | a table', '------', 'foo'];
  assert.equal(startsBoxTable(lines, 0), true);
  for (let i = 1; i < lines.length; i++) assert.equal(startsBoxTable(lines, i), false, `line ${i + 1}`);
  const t = read(lines.join('\n'));
  assert.equal(t.style, 'markdown');
  assert.deepEqual(t.header, ['a', 'b']);
  assert.deepEqual(t.rows, [['1', '2']]);
  assert.equal(t.next, 3);
});

test('two full rows whose cells fill their columns stay two rows (a complete value is not wrapped)', () => {
  const lines = [
    '+----------------------------+--------------------------+',
    '| Metric                     | Value                    |',
    '|----------------------------+--------------------------|',
    '| URL                        | http://localhost:8000/v1 |',
    '|                            | /completions             |',
    '| Theoretical Max Throughput | 152.95 requests/second   |',
    '| Actual Throughput          | 12.43 requests/second    |',
    '+----------------------------+--------------------------+',
  ];
  const t = readBoxTable(lines, 0);
  assert.deepEqual(t?.rows, [
    ['URL', 'http://localhost:8000/v1/completions'],
    ['Theoretical Max Throughput', '152.95 requests/second'],
    ['Actual Throughput', '12.43 requests/second'],
  ]);
});

test('a value folded mid-word joins without a space; a label wrapped at a space keeps it', () => {
  const lines = [
    '┌────────────┬──────────────────────┐',
    '│ Metric     │ Value                │',
    '├────────────┼──────────────────────┤',
    '│ Model      │ /home/vllm/llm/Qwen7 │',
    '│            │ B-awq                │',
    '│ Total Test │ 14.99 seconds        │',
    '│ Duration   │                      │',
    '└────────────┴──────────────────────┘',
  ];
  assert.deepEqual(readBoxTable(lines, 0)?.rows, [
    ['Model', '/home/vllm/llm/Qwen7B-awq'],
    ['Total Test Duration', '14.99 seconds'],
  ]);
});

test('ragged borders: a top without its corner, rows of different widths, a row without its right border', () => {
  const t = read(
    [
      '┌────────────────┬──────────',
      '│ Metric │ Result │',
      '├────────────────┼──────────────┤',
      '│ TTFT (ms)      │ 12.5',
      '│ Output tok/s │   1,234.5     │',
      '│ 吞吐量 │ 3.2 │',
      '└────────────────┴──────────────┘',
    ].join('\n'),
  );
  assert.deepEqual(t.header, ['Metric', 'Result']);
  assert.deepEqual(t.rows, [
    ['TTFT (ms)', '12.5'],
    ['Output tok/s', '1,234.5'],
    ['吞吐量', '3.2'],
  ]);
  assert.equal(t.truncated, false);
  assert.deepEqual(t.issues, []);
});

test('double box with single-line separators, and tabulate fancy_grid (╒═╤═╕ ╞═╪═╡ ╘═╧═╛)', () => {
  const double = read(
    [
      '╔══════╦═══════╗',
      '║ Name ║ Value ║',
      '╠══════╬═══════╣',
      '║ a    ║ 1     ║',
      '╟──────╫───────╢',
      '║ b    ║ 2     ║',
      '╚══════╩═══════╝',
    ].join('\n'),
  );
  const mixed = read(
    [
      '╒══════╤═══════╕',
      '│ Name │ Value │',
      '╞══════╪═══════╡',
      '│ a    │ 1     │',
      '├──────┼───────┤',
      '│ b    │ 2     │',
      '╘══════╧═══════╛',
    ].join('\n'),
  );
  for (const t of [double, mixed]) {
    assert.equal(t.style, 'double');
    assert.deepEqual(t.header, ['Name', 'Value']);
    assert.deepEqual(t.rows, [
      ['a', '1'],
      ['b', '2'],
    ]);
  }
});

test('divider rows are sections, never rows: a labelled rule, a full-width row between rules, `── label ──`', () => {
  const t = read(
    [
      '┌──────────────┬─────────┐',
      '│ Metric       │ Value   │',
      '├──────────────┼─────────┤',
      '├── Latency ─────────────┤',
      '│ p50 (ms)     │ 12.5    │',
      '│ p99 (ms)     │ 31.0    │',
      '├──────────────┴─────────┤',
      '│ Throughput             │',
      '├──────────────┬─────────┤',
      '│ RPS          │ 4.2     │',
      '│ ── Tokens ── │         │',
      '│ Output tok/s │ 880     │',
      '└──────────────┴─────────┘',
    ].join('\n'),
  );
  assert.deepEqual(t.rows, [
    ['p50 (ms)', '12.5'],
    ['p99 (ms)', '31.0'],
    ['RPS', '4.2'],
    ['Output tok/s', '880'],
  ]);
  assert.deepEqual(t.sections, [
    { label: 'Latency', row: 0, line: 3 },
    { label: 'Throughput', row: 2, line: 7 },
    { label: 'Tokens', row: 3, line: 10 },
  ]);
});
