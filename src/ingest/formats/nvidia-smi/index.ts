/** nvidia-smi tables in a console log: GPU environment records, not runs. */
import type { ToolFormat } from '../types';
import { nvidiaSmiReader } from './nvidia-smi';

export const nvidiaSmi: ToolFormat = {
  tool: 'nvidia-smi',
  formats: { 'nvidia-smi': 'console-log' },
  blockReaders: [nvidiaSmiReader],
  fixtures: ['test/blocks/nvidia-smi.test.ts', 'test/output/blocks/nvidiasmi_', 'data/a10-sglang-vllm-tp2-vs-tp4.md'],
};
