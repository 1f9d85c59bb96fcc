export * from './alarm-notices.ts';
export * from './alarm-rule.ts';
export * from './manual-reading.ts';
export * from './meter-alarm.ts';
export * from './reading-plan.ts';
export * from './work-order.ts';
