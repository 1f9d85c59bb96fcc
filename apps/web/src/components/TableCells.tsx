import { Badge } from '@mantine/core';
import dayjs from 'dayjs';

/** Cells that several tables show alike. */

/** A time to the minute, to the second in its tooltip. */
export function MinuteTime({ value }: { value: string }) {
  return (
    <span title={dayjs(value).format('YYYY-MM-DD HH:mm:ss')}>{dayjs(value).format('YYYY-MM-DD HH:mm')}</span>
  );
}

/** The status of a record that is enabled ('0', green) or disabled (gray), with its label. */
export function EnabledBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge color={status === '0' ? 'green' : 'gray'} variant="light">
      {label}
    </Badge>
  );
}
