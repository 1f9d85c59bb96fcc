export * from './alarm-notices.ts';
export * from './alarm-rule.ts';
export * from './meter-alarm.ts';
