export { evaluateCascadeAlarms, evaluateLeakAlarms, startCascadeAlarmJob } from './alarms.ts';
export { analysisRoutes } from './analysis-routes.ts';
export { cascadeRoutes } from './routes.ts';
