export { evaluateCascadeAlarms, evaluateLeakAlarms, startCascadeAlarmJob } from './alarms.ts';
export { cascadeRoutes } from './routes.ts';
