import type { CustomerRow, CustomerStatus } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { commandStatusColor } from '../../lib/meterQuery.ts';

const STATUS_COLORS: Record<CustomerStatus, string> = {
  active: 'green',
  frozen: 'orange',
  cancelled: 'gray',
};

export function StatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-status={status}>
      {t(`customers.statuses.${status}`)}
    </Badge>
  );
}

/** A valve command and how far it got: sending, then success, fail or timeout (spec section 4). */
export function CommandBadge({ command }: { command: NonNullable<CustomerRow['lastValveCommand']> }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={commandStatusColor(command.status)}
      variant="dot"
      data-testid="valve-command"
      data-status={command.status}
    >
      {`${t(`customers.valveKinds.${command.kind}`, { defaultValue: command.kind })} · ${t(
        `customers.commandStatuses.${command.status}`,
      )}`}
    </Badge>
  );
}
