export { concentratorRoutes } from './concentrator-routes.ts';
export { evaluatePressureAlarms, startPressureAlarmJob } from './evaluate-pressure-alarms.ts';
export { flowMeterRoutes } from './flow-meter-routes.ts';
export { pressureMeterRoutes } from './pressure-meter-routes.ts';
