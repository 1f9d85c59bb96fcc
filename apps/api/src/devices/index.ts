export { concentratorRoutes } from './concentrator-routes.ts';
export { deviceRoutes } from './device-routes.ts';
export { deviceScreenRoutes } from './device-screen-routes.ts';
export { evaluatePressureAlarms, startPressureAlarmJob } from './evaluate-pressure-alarms.ts';
export { flowMeterRoutes } from './flow-meter-routes.ts';
export { pressureMeterRoutes } from './pressure-meter-routes.ts';
