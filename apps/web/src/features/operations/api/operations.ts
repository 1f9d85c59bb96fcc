import type { AlarmRuleInput, AlarmType, MeterAlarmListQuery, ProcessAlarmsBody } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** Meter alarm records and the notification bell (/report/alarm/processed, spec section 7). */
export const listAlarms = (query: { pageNum: number; pageSize: number } & MeterAlarmListQuery) =>
  api.call('GET /report/alarm/processed/list', { query });
export const getAlarm = (alarmProcessedId: string) =>
  api.data('GET /report/alarm/processed/:alarmProcessedId', { params: { alarmProcessedId } });
export const exportAlarms = (filter: MeterAlarmListQuery) =>
  api.download('POST /report/alarm/processed/export', exportName('alarms'), { body: filter });
export const processAlarms = (body: ProcessAlarmsBody) =>
  api.call('POST /report/alarm/processed/process', { body });
export const ignoreAlarms = (alarmProcessedIds: string[]) =>
  api.call('POST /report/alarm/processed/ignore', { body: { alarmProcessedIds } });
/** Polled in the background: a failed poll shows nothing (the next one tries again). */
export const listNotices = () => api.data('GET /report/alarm/processed/listNotice', { quiet: true });
export const viewNotice = (alarmProcessedId: string) =>
  api.call('POST /report/alarm/processed/viewNotice', { body: { alarmProcessedId } });
export const cleanNotices = (alarmTypes: AlarmType[]) =>
  api.call('POST /report/alarm/processed/cleanNotice', { body: { alarmTypes } });

/** Alarm rules of the caller's tenant (/alarm/rule). */
export const listAlarmRules = (query: { pageNum: number; pageSize: number; kind?: string | undefined }) =>
  api.call('GET /alarm/rule/list', { query });
export const createAlarmRule = (body: AlarmRuleInput) => api.data('POST /alarm/rule', { body });
export const updateAlarmRule = (body: AlarmRuleInput & { ruleId: string }) =>
  api.data('PUT /alarm/rule', { body });
export const deleteAlarmRules = (ids: readonly string[]) =>
  api.call('DELETE /alarm/rule/:ids', { params: { ids: ids.join(',') } });

/** The meter_alarm_type dictionary, labels in the caller's language: the alarm kinds. */
export const getAlarmKinds = () =>
  api.data('GET /system/dict/data/type/:dictType', { params: { dictType: 'meter_alarm_type' }, quiet: true });

/** What a rule's form chooses from: the roles to notify, the meter types and groups of its scope. */
export const roleChoices = () => api.data('GET /system/role/optionselect');
export const meterTypeChoices = () => api.data('GET /business/meterType/optionselect');
export const meterGroupChoices = () =>
  api.call('GET /business/group/list', { query: { pageNum: 1, pageSize: 50 } });
