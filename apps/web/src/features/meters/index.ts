export { listMeterCommands, type MeterCommandRecord, meterTypeOptions } from './api/meters.ts';
export { CommandFailure, CommandFailureText, ValveState } from './ValveState.tsx';
