import { failureMessage, readValve, type ValveReading } from '@hydrolog/domain';
import type { ValveState as ReportedValve, ValveCommandView } from '@hydrolog/schemas';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../components/Permission.tsx';
import { operateValves } from './api/meters.ts';

const time = (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm');
/** The lines under the badge wrap in a narrow column instead of running under the next one. */
const LINE_STYLE = { whiteSpace: 'normal', maxWidth: 260 } as const;
const valveColor = (valve: ReportedValve) => (valve === 'closed' ? 'orange' : 'teal');

/** The badge: the state an operator acts on, coloured so that a doubtful one stands out. */
function headline(t: TFunction, reading: ValveReading): { label: string; color: string; variant: string } {
  const reported = (valve: ReportedValve | null) =>
    valve ? t(`meters.valves.${valve}`) : t('valves.reading.notReported');
  switch (reading.phase) {
    case 'reported':
      return {
        label: reported(reading.valve),
        color: reading.valve ? valveColor(reading.valve) : 'gray',
        variant: 'light',
      };
    case 'commanding':
      return {
        label: t(reading.target === 'closed' ? 'valves.reading.closing' : 'valves.reading.opening'),
        color: 'yellow',
        variant: 'light',
      };
    case 'awaitingReport':
      return {
        label: t(
          reading.target === 'closed' ? 'valves.reading.commandedClosed' : 'valves.reading.commandedOpen',
        ),
        color: valveColor(reading.target),
        variant: 'outline',
      };
    case 'confirmed':
      return { label: reported(reading.target), color: valveColor(reading.target), variant: 'filled' };
    case 'contradicted':
      return { label: reported(reading.valve), color: 'red', variant: 'light' };
    case 'failed':
      return { label: reported(reading.valve), color: 'red', variant: 'outline' };
  }
}

/** The line under the badge: since when, and what is awaited or went wrong. */
function explanation(t: TFunction, reading: ValveReading): string | null {
  switch (reading.phase) {
    case 'reported':
      if (!reading.reportedAt) return null;
      // A meter may report readings without its valve: the time is of its reading, not of a valve state.
      return t(reading.valve ? 'valves.reading.reportedAt' : 'valves.reading.readingWithoutValve', {
        time: time(reading.reportedAt),
      });
    case 'commanding':
      return `${t('valves.reading.commandedAt', { time: time(reading.commandedAt) })} · ${t('valves.reading.awaitingGateway')}`;
    case 'awaitingReport':
      return `${t('valves.reading.commandedAt', { time: time(reading.commandedAt) })} · ${t('valves.reading.awaitingReport')}`;
    case 'confirmed':
      return t('valves.reading.confirmedAt', { time: time(reading.reportedAt) });
    case 'contradicted':
      return t('valves.reading.contradicted', {
        target: t(`meters.valves.${reading.target}`),
        time: time(reading.commandedAt),
        valve: t(`meters.valves.${reading.valve}`),
      });
    case 'failed':
      return t(reading.target === 'closed' ? 'valves.reading.closeFailed' : 'valves.reading.openFailed', {
        time: time(reading.failedAt),
      });
  }
}

/**
 * Beside a command not yet confirmed by a report: what the meter last reported and when, so that whether
 * the water is off reads at a glance (none where the badge is itself the report).
 */
function lastReport(t: TFunction, reading: ValveReading): string | null {
  switch (reading.phase) {
    case 'reported':
    case 'confirmed':
      return null;
    default:
      return reading.valve && reading.reportedAt
        ? t('valves.reading.lastReported', {
            valve: t(`meters.valves.${reading.valve}`),
            time: time(reading.reportedAt),
          })
        : t('valves.reading.notReported');
  }
}

/** Why a command failed, in red: the gateway's answer or the timeout. */
export function CommandFailureText({ command }: { command: Pick<ValveCommandView, 'failure' | 'detail'> }) {
  const { t } = useTranslation();
  if (!command.failure) return null;
  const failure = failureMessage(command.failure, command.detail);
  return (
    <Text size="xs" c="red" style={LINE_STYLE} data-testid="valve-failure">
      {t(failure.key, failure.params)}
    </Text>
  );
}

/**
 * A failed or timed-out command: why, and (with `retry`, for the meter's latest command) a button that
 * sends it again; nothing for any other. The one way a failed valve command shows, in the valve state and
 * in an account's history.
 */
export function CommandFailure({
  meterNo,
  command,
  retry = true,
  onRetried,
}: {
  meterNo: string;
  command: ValveCommandView;
  retry?: boolean;
  /** After a retry was sent: reload what shows the command. */
  onRetried?: (() => void) | undefined;
}) {
  if (command.status !== 'fail' && command.status !== 'timeout') return null;
  return (
    <Stack gap={2} align="flex-start">
      <CommandFailureText command={command} />
      {retry && <RetryButton meterNo={meterNo} command={command} onRetried={onRetried} />}
    </Stack>
  );
}

/** Sends the failed command again: a new command of the same kind, under the same permission. */
function RetryButton({
  meterNo,
  command,
  onRetried,
}: {
  meterNo: string;
  command: ValveCommandView;
  onRetried?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const action = command.kind === 'valveClose' ? 'close' : 'open';
  if (!useHasPermi()([`business:valve:${action}`])) return null;
  const retry = () => {
    setBusy(true);
    operateValves(action, [command.meterId])
      .then(() => {
        notifications.show({ color: 'blue', message: t('valves.reading.retried', { meterNo }) });
        onRetried?.();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="red"
      loading={busy}
      onClick={retry}
      aria-label={t('valves.reading.retryOf', { meterNo })}
      w="fit-content"
    >
      {t('valves.reading.retry')}
    </Button>
  );
}

/**
 * A meter's valve wherever it is shown: what the meter last reported (and when) beside its latest valve
 * command, so that a command on its way, one that succeeded but is not yet confirmed by a report, or one
 * that failed (with its reason and a retry) reads differently from a valve the meter confirmed.
 */
export function ValveState({
  meterNo,
  valve,
  reportedAt,
  command,
  onRetried,
}: {
  meterNo: string;
  valve: ReportedValve | null;
  reportedAt: string | null;
  command: ValveCommandView | null;
  /** After a retry was sent: reload what shows the command. */
  onRetried?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const reading = readValve(valve, reportedAt, command);
  const { label, color, variant } = headline(t, reading);
  const line = explanation(t, reading);
  const reported = lastReport(t, reading);
  return (
    <Stack gap={2} align="flex-start" data-testid={`valve-${meterNo}`} data-phase={reading.phase}>
      <Badge color={color} variant={variant}>
        {label}
      </Badge>
      {line && (
        <Text
          size="xs"
          style={LINE_STYLE}
          c={reading.phase === 'failed' || reading.phase === 'contradicted' ? 'red' : 'dimmed'}
          data-testid={command ? 'valve-command' : undefined}
          data-status={command?.status}
        >
          {line}
        </Text>
      )}
      {reported && (
        <Text size="xs" c="dimmed" style={LINE_STYLE} data-testid="valve-reported">
          {reported}
        </Text>
      )}
      {reading.phase === 'failed' && command && (
        <CommandFailure meterNo={meterNo} command={command} onRetried={onRetried} />
      )}
    </Stack>
  );
}
