export { startCascadeAlarmJob } from './alarm-job.ts';
export { analysisRoutes } from './analysis-routes.ts';
export { evaluateCascadeAlarms } from './evaluate-cascade-alarms.ts';
export { evaluateLeakAlarms } from './evaluate-leak-alarms.ts';
export { cascadeRoutes } from './routes.ts';
