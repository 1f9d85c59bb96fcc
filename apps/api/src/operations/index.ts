export { startMeterAlarmJob, startSystemAlarmJob } from './alarm-job.ts';
export { defaultAlarmRules } from './default-rules.ts';
export { evaluateMeterAlarms } from './evaluate-meter-alarms.ts';
export { evaluateSystemAlarms } from './evaluate-system-alarms.ts';
export { manualReadingRoutes } from './manual-reading-routes.ts';
export { readingPlanRoutes } from './reading-plan-routes.ts';
export { alarmRuleRoutes, meterAlarmRoutes } from './routes.ts';
export { workOrderRoutes } from './work-order-routes.ts';
