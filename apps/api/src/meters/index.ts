export { meterCommandRoutes } from './command-routes.ts';
export { gatewayRoutes } from './gateway-routes.ts';
export { meterGroupRoutes } from './group-routes.ts';
export { meterMoveRoutes } from './move-routes.ts';
export { registerMeters, registerMeterType } from './registry.ts';
export { meterReplacementRoutes } from './replacement-routes.ts';
export { meterRoutes } from './routes.ts';
export { valveRoutes } from './valve-routes.ts';
