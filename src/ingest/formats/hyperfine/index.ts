/** hyperfine, the command-line benchmarking tool: its console output. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { hyperfineReader } from './hyperfine';

export const hyperfine: ToolFormat = {
  tool: 'hyperfine',
  formats: { hyperfine: 'console-log' },
  detect: detectByRules(
    [{ test: /^\s*Benchmark #?\d+: .+\n\s*Time \((?:mean ± σ|mean \+- σ|abs ≡)\):\s+\d/m, format: 'hyperfine', score: 0.9, text: true }],
    ['Time (mean', 'Time (abs'],
  ),
  blockReaders: [hyperfineReader],
  fixtures: ['test/fixtures/hyperfine', 'test/output/formats/hyperfine'],
};
