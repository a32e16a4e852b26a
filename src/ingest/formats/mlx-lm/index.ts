/** mlx_lm.benchmark (Apple MLX) output. */
import type { ToolFormat } from '../types';
import { mlxLmBenchmarkReader } from './mlx-lm-benchmark';

export const mlxLm: ToolFormat = {
  tool: 'mlx-lm',
  formats: { 'mlx-lm': 'console-log' },
  blockReaders: [mlxLmBenchmarkReader],
  fixtures: ['test/fixtures/blocks/mlx-lm/'],
};
