import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatMetric,
  formatMetricValue,
  formatNumber,
  formatPercent,
  formatRange,
  mdCell,
  mdCode,
  metricLabel,
  metricName,
  metricUnit,
  reportHelpers,
  sanitizeName,
} from '../../src/report/helpers';

test('formatNumber: decimals by magnitude, thousands separators, never undefined/NaN', () => {
  assert.equal(formatNumber(1318.94), '1,319');
  assert.equal(formatNumber(124.13), '124.1');
  assert.equal(formatNumber(13.2166), '13.22');
  assert.equal(formatNumber(0.56963), '0.570');
  assert.equal(formatNumber(300), '300');
  assert.equal(formatNumber(1234567), '1,234,567');
  assert.equal(formatNumber(-0.0001), '0.000');
  assert.equal(formatNumber(2.5, 0), '3');
  assert.equal(formatNumber(undefined), '');
  assert.equal(formatNumber(Number.NaN), '');
  assert.equal(formatNumber('12'), '');
});

test('formatMetricValue: counts as integers, measurements keep their decimals', () => {
  assert.equal(formatMetricValue(12, 'throughput_rps'), '12.00');
  assert.equal(formatMetricValue(300, 'requests_ok_count'), '300');
  assert.equal(formatMetricValue(29939, 'output_tokens'), '29,939');
  assert.equal(formatMetric(13.22, 'throughput_rps'), '13.22 req/s');
  assert.equal(formatMetric(1.89, 'latency_mean_s'), '1.89 s');
  assert.equal(formatMetric(45.1, 'ttft_p99_ms'), '45.10 ms');
  assert.equal(formatMetric(99, 'gpu_util_pct'), '99.00%');
  assert.equal(formatMetric(undefined, 'latency_mean_s'), '');
});

test('percent and range', () => {
  assert.equal(formatPercent(13.93), '+13.9%');
  assert.equal(formatPercent(-9.09), '-9.1%');
  assert.equal(formatPercent(-0.02), '+0.0%');
  assert.equal(formatPercent(1234.5), '+1,234.5%');
  assert.equal(formatRange([9.33, 18.88]), '+9.3% … +18.9%');
  assert.equal(formatRange([88.03, 88.03]), '+88.0%');
  assert.equal(formatRange([1]), '');
  assert.equal(formatRange(undefined), '');
});

test('units and human names per metric key', () => {
  assert.equal(metricUnit('duration_s'), 's');
  assert.equal(metricUnit('ttft_mean_ms'), 'ms');
  assert.equal(metricUnit('throughput_rps'), 'req/s');
  assert.equal(metricUnit('output_tps'), 'tok/s');
  assert.equal(metricUnit('output_tps_per_user'), 'tok/s');
  assert.equal(metricUnit('requests_ok_count'), '');
  assert.equal(metricName('output_tps'), 'Output tok/s');
  assert.equal(metricName('latency_p99_9_s'), 'Latency p99.9');
  assert.equal(metricName('ttft_mean_ms'), 'TTFT mean');
  assert.equal(metricName('accept_length'), 'Accept length');
  assert.equal(metricLabel('output_tps'), 'Output tok/s');
  assert.equal(metricLabel('latency_mean_s'), 'Latency mean (s)');
  assert.equal(metricLabel('throughput_rps'), 'Throughput (req/s)');
  assert.equal(metricName('__proto__'), 'Proto');
});

test('mdCell: pipes, newlines, backticks and HTML become literal text', () => {
  assert.equal(mdCell('a | b'), 'a \\| b');
  assert.equal(mdCell('line1\nline2\r\nline3'), 'line1 line2 line3');
  assert.equal(mdCell('`rm -rf`'), '\\`rm -rf\\`');
  assert.equal(mdCell('<img src=x onerror=alert(1)>'), '\\<img src=x onerror=alert(1)\\>');
  assert.equal(mdCell('[x](javascript:alert(1))'), '\\[x\\](javascript:alert(1))');
  assert.equal(mdCell(undefined), '');
  assert.equal(mdCell(null), '');
  assert.equal(mdCode('vllm serve /m --tp 2'), '`vllm serve /m --tp 2`');
  assert.equal(mdCode('a `b` | c'), 'a \\`b\\` \\| c');
});

test('sanitizeName keeps [a-z0-9-] only and never yields a path', () => {
  assert.equal(sanitizeName('../../etc/x'), 'etc-x');
  assert.equal(sanitizeName('Scaling Throughput_RPS'), 'scaling-throughput-rps');
  assert.equal(sanitizeName('..'), 'chart');
  assert.equal(sanitizeName(''), 'chart');
  assert.match(sanitizeName(`/${'a'.repeat(200)}`), /^[a-z0-9-]{1,80}$/);
});

test('Handlebars helpers ignore the options hash and are total', () => {
  const h = reportHelpers();
  const opts = { hash: {}, data: {} };
  assert.equal(h.num?.(1318.94, opts), '1,319');
  assert.equal(h.num?.(undefined, opts), '');
  assert.equal(h.pct?.(13.93, opts), '+13.9%');
  assert.equal(h.eq?.('a', 'a', opts), true);
  assert.equal(h.join?.(['a', undefined, 'b'], ' / ', opts), 'a /  / b');
  assert.equal(h.join?.(undefined, opts), '');
  assert.equal(h.cell?.('x|y', opts), 'x\\|y');
});
