// The demo platform of the README, for `npm start` (main.ts) and for the tests that sign in as its users.
export { seedDemoDevices } from './devices.ts';
export { MQTT_DISTRICT, seedDemoFleet, startDemoFleet } from './fleet.ts';
export { seedDemoPartitions } from './partitions.ts';
export { DEMO_TENANT_ID, DEMO_TENANTS, seedDemo } from './seed.ts';
