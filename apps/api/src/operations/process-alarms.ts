import type { ProcessAlarmsBody } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { onAlarms } from './meter-alarms.ts';

/** Processes alarms with the caller's remark (one or a batch). */
export function processAlarms(services: Services, request: FastifyRequest, body: ProcessAlarmsBody) {
  return onAlarms(services, request, body.alarmProcessedIds, {
    type: 'ProcessMeterAlarm',
    remark: body.remark,
    processedAt: new Date().toISOString(),
  });
}
