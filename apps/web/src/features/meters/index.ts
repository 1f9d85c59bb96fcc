export { listMeterCommands, type MeterCommandRecord } from './api/meters.ts';
export { CommandFailure, CommandFailureText, ValveState } from './ValveState.tsx';
