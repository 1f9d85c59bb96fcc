import { useTranslation } from 'react-i18next';
import { useExport } from '../../hooks/useExport.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';

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
  const exporter = useExport(options.exportFile);

  async function remove(rows: Row[]) {
    const count = rows.length;
    if (count === 0) return;
    const done = await confirmAndRun(
      {
        title: t('logs.removeTitle'),
        message: t('logs.removeConfirm', { count }),
        confirm: t('logs.remove'),
      },
      () => options.remove(rows),
      t('logs.removed', { count }),
    );
    if (done) options.onRemoved(count);
  }

  async function clean() {
    const done = await confirmAndRun(
      {
        title: t('logs.cleanTitle'),
        message: options.cleanConfirm,
        confirm: t('logs.clean'),
      },
      () => options.clean(),
      t('logs.cleaned'),
    );
    if (done) options.onCleaned();
  }

  return { remove, clean, exportFile: exporter.run, exporting: exporter.exporting };
}
