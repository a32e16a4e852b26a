/** mlx_lm.benchmark (Apple MLX) output. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { mlxLmBenchmarkReader } from './mlx-lm-benchmark';

export const mlxLm: ToolFormat = {
  tool: 'mlx-lm',
  formats: { 'mlx-lm': 'console-log' },
  detect: detectByRules(
    [{ test: /\bmlx_lm\.benchmark\b|^Trial \d+:\s+prompt_tps=[\d.]+, generation_tps=/m, format: 'mlx-lm', score: 0.85, text: true }],
    ['mlx_lm', 'prompt_tps='],
  ),
  blockReaders: [mlxLmBenchmarkReader],
  fixtures: ['test/fixtures/blocks/mlx-lm/'],
};
