import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { onAlarms } from './meter-alarms.ts';

/** Ignores alarms (one or a batch). */
export function ignoreAlarms(services: Services, request: FastifyRequest, alarmIds: readonly string[]) {
  return onAlarms(services, request, alarmIds, {
    type: 'IgnoreMeterAlarm',
    ignoredAt: new Date().toISOString(),
  });
}
