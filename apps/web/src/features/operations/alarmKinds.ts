import { ALARM_STATUS_COLOUR, type AlarmStatus } from '@hydrolog/schemas';
import { useCallback } from 'react';
import { useLatestLoad } from '../../hooks/useLatestLoad.ts';
import { getAlarmKinds } from './api/operations.ts';

/** The alarm kinds (the meter_alarm_type dictionary) in the caller's language: a kind's label by its value. */
export function useAlarmKinds() {
  const fetch = useCallback(() => getAlarmKinds(), []);
  const { data } = useLatestLoad(fetch);
  const options = (data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }));
  const label = (kind: string) => options.find((o) => o.value === kind)?.label ?? kind;
  return { options, label };
}

/** The colour of an alarm's state as spec section 4 names it (danger, warning, success; ignored gray). */
export const statusColour = (status: AlarmStatus) => ALARM_STATUS_COLOUR[status];

/** Whether an alarm may still be processed or ignored. */
export const isOpen = (status: AlarmStatus) => status === 0 || status === 1;
