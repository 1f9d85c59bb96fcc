import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../lib/dialogs.ts';

/**
 * Delete selected entries, clean the whole log (both confirmed first) and export the filtered log, for
 * the login log and the operation log; failures were shown by the request layer.
 */
export function useLogCommands<Row>(options: {
  remove(rows: Row[]): Promise<unknown>;
  clean(): Promise<unknown>;
  exportFile(): Promise<void>;
  /** The confirmation of Clean, naming the log. */
  cleanConfirm: string;
  /** Called after `count` entries of the page were removed (reload, or go back a page). */
  onRemoved(count: number): void;
  /** Called after the log was cleaned. */
  onCleaned(): void;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);

  async function remove(rows: Row[]) {
    const count = rows.length;
    if (count === 0) return;
    const confirmed = await confirmDialog({
      title: t('logs.removeTitle'),
      message: t('logs.removeConfirm', { count }),
      confirm: t('logs.remove'),
    });
    if (!confirmed) return;
    try {
      await options.remove(rows);
      notifications.show({ color: 'green', message: t('logs.removed', { count }) });
      options.onRemoved(count);
    } catch {
      // shown by the request layer
    }
  }

  async function clean() {
    const confirmed = await confirmDialog({
      title: t('logs.cleanTitle'),
      message: options.cleanConfirm,
      confirm: t('logs.clean'),
    });
    if (!confirmed) return;
    try {
      await options.clean();
      notifications.show({ color: 'green', message: t('logs.cleaned') });
      options.onCleaned();
    } catch {
      // shown by the request layer
    }
  }

  async function exportFile() {
    setExporting(true);
    try {
      await options.exportFile();
    } catch {
      // shown by the request layer
    } finally {
      setExporting(false);
    }
  }

  return { remove, clean, exportFile, exporting };
}
