export { startMeterAlarmJob } from './alarm-job.ts';
export { defaultAlarmRules } from './default-rules.ts';
export { evaluateMeterAlarms } from './evaluate-meter-alarms.ts';
export { alarmRuleRoutes, meterAlarmRoutes } from './routes.ts';
export { workOrderRoutes } from './work-order-routes.ts';
