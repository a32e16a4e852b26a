/** nvidia-smi tables in a console log: GPU environment records, not runs. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { nvidiaSmiReader } from './nvidia-smi';

export const nvidiaSmi: ToolFormat = {
  tool: 'nvidia-smi',
  formats: { 'nvidia-smi': 'console-log' },
  detect: detectByRules(
    [
      // An environment table beside results: the file's entry point is for the results to decide.
      { test: /\|\s*NVIDIA-SMI\s+\S+\s+Driver Version:/, format: 'nvidia-smi', score: 0.4, text: true },
    ],
    ['NVIDIA-SMI'],
  ),
  blockReaders: [startingWith(nvidiaSmiReader, '+|MmTtWwFfSs' /* a `+---+` border, or the `date` line above it (`Sun Apr 27 …`) */)],
  fixtures: ['test/blocks/nvidia-smi.test.ts', 'test/output/blocks/nvidiasmi_', 'data/a10-sglang-vllm-tp2-vs-tp4.md'],
};
