export { listMeterCommands, type MeterCommandRecord, meterTypeOptions } from './api/meters.ts';
export { MeterTypeSelect } from './MeterTypeSelect.tsx';
export { CommandFailure, CommandFailureText, ValveState } from './ValveState.tsx';
