import {
  addDays,
  localDate,
  localMidnight,
  meterAlarmDecider,
  meterAlarmStreamId,
  streamName,
} from '@hydrolog/domain';
import { WrongExpectedVersionError } from '@hydrolog/eventstore';
import {
  type AlarmCandidate,
  accountPhones,
  alarmsReportedSince,
  dictByType,
  meterAlarmCandidates,
  tenantTimeZone,
  withTenant,
} from '@hydrolog/projections';
import { DEFAULT_LANGUAGE, type EventData, uuidv7 } from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { FastifyBaseLogger } from 'fastify';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import type { MessageProvider } from '../sms.ts';

/** Days before today the job evaluates again: readings of yesterday may arrive late (daily uploads). */
export const METER_ALARM_LOOKBACK_DAYS = 1;

export interface MeterAlarmRun {
  raised: EventData<'MeterAlarmRaised'>[];
  cleared: string[];
}

/**
 * The meter alarms of a tenant up to `now`: every alarm its rules call for on today (so far) and the days
 * before it is raised once (its stream is named by meter, kind and day; a rerun raises nothing new), and an
 * open alarm whose meter has reported normally since says it cleared by itself. An alarm that notifies the
 * account holder sends them a text message through the message port.
 */
export async function evaluateMeterAlarms(
  services: Services,
  tenantId: string,
  now = new Date(),
  notify?: { messages: MessageProvider; log: FastifyBaseLogger },
): Promise<MeterAlarmRun> {
  const metadata = { tenantId, correlationId: uuidv7() };
  const { found, reportedSince } = await withTenant(services.db, tenantId, async (sql) => {
    const timeZone = await tenantTimeZone(sql, tenantId);
    const today = localDate(+now, timeZone);
    const found: { day: string; candidates: AlarmCandidate[] }[] = [];
    for (let back = METER_ALARM_LOOKBACK_DAYS; back >= 0; back--) {
      const day = addDays(today, -back);
      const end = localMidnight(addDays(day, 1), timeZone);
      found.push({
        day,
        candidates: await meterAlarmCandidates(sql, day, timeZone, new Date(Math.min(end, +now))),
      });
    }
    return { found, reportedSince: await alarmsReportedSince(sql, timeZone) };
  });
  const raised: EventData<'MeterAlarmRaised'>[] = [];
  for (const { day, candidates } of found) {
    for (const c of candidates) {
      if (c.raised) continue;
      const alarm: EventData<'MeterAlarmRaised'> = {
        alarmId: uuidv7(),
        meterId: c.meterId,
        kind: c.kind,
        day,
        level: c.level,
        value: c.value,
        threshold: c.threshold,
        source: c.source,
        notifyRoles: c.notifyRoles,
        raisedAt: now.toISOString(),
      };
      if (await raise(services, alarm, metadata)) raised.push(alarm);
    }
  }
  // The readings of today still call for these: not cleared.
  const today = found.at(-1)!;
  const calledFor = new Set(today.candidates.map((c) => `${c.meterId}.${c.kind}`));
  const cleared: string[] = [];
  for (const alarm of reportedSince) {
    if (calledFor.has(`${alarm.meterId}.${alarm.kind}`)) continue;
    const { events } = await execute(
      services.store,
      meterAlarmDecider,
      meterAlarmStreamId(alarm),
      [{ type: 'ClearMeterAlarm', clearedAt: now.toISOString() }],
      { metadata },
    );
    if (events.length > 0) cleared.push(alarm.alarmId);
  }
  if (notify) await notifyAccountHolders(services, tenantId, raised, found, notify);
  return { raised, cleared };
}

/** Appends a raised alarm unless its stream exists (another evaluation raised it first): whether it did. */
async function raise(
  services: Services,
  alarm: EventData<'MeterAlarmRaised'>,
  metadata: { tenantId: string; correlationId: string },
): Promise<boolean> {
  try {
    await services.store.append(
      streamName(meterAlarmDecider, meterAlarmStreamId(alarm)),
      [{ id: alarm.alarmId, type: 'MeterAlarmRaised', data: alarm, metadata }],
      { expectedVersion: 'no_stream' },
    );
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return false;
    throw error;
  }
}

async function notifyAccountHolders(
  services: Services,
  tenantId: string,
  raised: readonly EventData<'MeterAlarmRaised'>[],
  found: readonly { day: string; candidates: AlarmCandidate[] }[],
  { messages, log }: { messages: MessageProvider; log: FastifyBaseLogger },
): Promise<void> {
  const byCustomer = new Set(
    found.flatMap(({ day, candidates }) =>
      candidates.filter((c) => c.notifyCustomer).map((c) => `${c.meterId}.${c.kind}.${day}`),
    ),
  );
  const toNotify = raised.filter((a) => byCustomer.has(meterAlarmStreamId(a)));
  if (toNotify.length === 0) return;
  const language = DEFAULT_LANGUAGE;
  const phones = await withTenant(services.db, tenantId, (sql) =>
    accountPhones(
      sql,
      toNotify.map((a) => a.meterId),
    ),
  );
  // The dictionaries are the platform's, read as the owner.
  const dict = await dictByType(services.db, 'meter_alarm_type', language);
  const labels = new Map(dict.map((d) => [d.dictValue, d.dictLabel]));
  for (const alarm of toNotify) {
    const holder = phones.get(alarm.meterId);
    if (!holder) continue;
    const text = translate('rules.sms', language, {
      event: labels.get(alarm.kind) ?? alarm.kind,
      meterNo: holder.meterNo,
      day: alarm.day,
    });
    await messages.send(
      { channel: 'sms', to: holder.phone, text, metadata: { tenantId, correlationId: uuidv7() } },
      log,
    );
  }
}
