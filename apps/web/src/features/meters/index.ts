export { listMeterCommands, type MeterCommandRecord } from './api/meters.ts';
