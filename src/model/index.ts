export * from './records';
export * from './diagnostics';
export * from './safe-keys';
export * from './ids';
export * from './metric-vocabulary';
export * from './metric-names';
export * from './runs-csv';
export * from './run-group';
