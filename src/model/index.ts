export * from './diagnostics';
export * from './ids';
export * from './metric-names';
export * from './metric-vocabulary';
export * from './records';
export * from './run-group';
export * from './runs-csv';
export * from './safe-keys';
