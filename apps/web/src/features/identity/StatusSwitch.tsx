import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EnabledBadge } from '../../components/TableCells.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';

type Status = '0' | '1';

/**
 * The status of a user or a role: for those who may change it, a switch that asks first (disabling takes
 * effect at once), else a badge.
 */
export function StatusSwitch({
  group,
  name,
  status,
  editable,
  change,
  onChanged,
}: {
  group: 'users' | 'roles';
  name: string;
  status: Status;
  editable: boolean;
  change(status: Status): Promise<unknown>;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  if (!editable) return <EnabledBadge status={status} label={t(`${group}.statuses.${status}`)} />;
  const disable = status === '0';
  async function toggle() {
    const done = await confirmAndRun(
      {
        title: t(`${group}.statusTitle`),
        message: t(disable ? `${group}.disableConfirm` : `${group}.enableConfirm`, { name }),
        confirm: t(disable ? `${group}.disable` : `${group}.enable`),
      },
      () => change(disable ? '1' : '0'),
      t(disable ? `${group}.disabled` : `${group}.enabled`, { name }),
    );
    if (done) onChanged();
  }
  return (
    <Switch
      aria-label={t(`${group}.statusOf`, { name })}
      title={t(`${group}.statuses.${status}`)}
      checked={status === '0'}
      onChange={() => void toggle()}
    />
  );
}
