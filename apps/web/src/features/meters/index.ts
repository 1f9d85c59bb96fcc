export { listMeterCommands, type MeterCommandRecord } from './api/meters.ts';
export { CommandFailureText, ValveState } from './ValveState.tsx';
