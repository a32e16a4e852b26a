/** k6: its console summary and its summary-export / handleSummary JSON. */
import type { ToolFormat } from '../types';
import { k6Reader } from './k6';

export const k6: ToolFormat = {
  tool: 'k6',
  formats: { k6: 'console-log', 'k6-json': 'json-export' },
  blockReaders: [k6Reader],
  fixtures: ['test/fixtures/exports/http-load/k6-'],
};
