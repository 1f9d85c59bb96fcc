import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Progress,
  Radio,
  Stack,
  Text,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { RowErrors } from '../../components/RowErrors.tsx';
import { usePollWhile } from '../../hooks/usePollWhile.ts';
import { formatPercent } from '../../lib/numberFormat.ts';
import {
  downloadHistoryTemplate,
  getHistoryImport,
  importHistory,
  READING_IMPORT_MAX_BYTES,
  type ReadingImportForm,
  type ReadingImportView,
} from './api/readings.ts';

interface Props {
  onClose(): void;
  /** Opens a meter's history over the imported period (instants, ISO). */
  onShow(meterNo: string, from: string, to: string): void;
}

const ACCEPT =
  '.csv,.xlsx,.xls,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const isHistoryFile = (file: File) => /\.(csv|xlsx|xls)$/i.test(file.name);

/** The import is over once stored (or stopped) and the figures have followed every stored reading. */
const finished = (view: ReadingImportView | null) =>
  view !== null && (view.status === 'failed' || (view.status === 'done' && view.figures >= 1));

/**
 * Reports / History: import historical readings from a file. The third column is the meter's counter or
 * the volume of an interval; the file is sent with its upload progress, then the server's checking,
 * storing and the computing of the figures are followed until the meters' history shows them, with every
 * refused row and its reason.
 */
export function HistoryImport({ onClose, onShow }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [form, setForm] = useState<ReadingImportForm>('counter');
  const [intervalMinutes, setIntervalMinutes] = useState(60);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [view, setView] = useState<ReadingImportView | null>(null);

  const poll = useCallback(() => {
    if (view) void getHistoryImport(view.importId).then(setView, () => undefined);
  }, [view]);
  usePollWhile(view !== null && !finished(view), poll, 1000);

  async function start() {
    if (!file) return setFileError(t('history.importFileRequired'));
    if (!isHistoryFile(file)) return setFileError(t('history.importFileType'));
    if (file.size > READING_IMPORT_MAX_BYTES) return setFileError(t('history.importFileSize'));
    setSent(0);
    try {
      const { importId } = await importHistory(file, { form, intervalMinutes }, setSent);
      setView(await getHistoryImport(importId));
    } catch {
      // shown by the request layer
      setSent(null);
    }
  }

  const running = sent !== null && !finished(view);
  const percent = (share: number) => formatPercent(share, language);
  return (
    <Modal opened onClose={onClose} title={t('history.importTitle')} size="xl">
      <Stack data-testid="history-import">
        <Text size="sm">{t('history.importIntro')}</Text>
        <Radio.Group
          label={t('history.importForm')}
          value={form}
          onChange={(v) => setForm(v === 'volume' ? 'volume' : 'counter')}
        >
          <Group mt={4}>
            <Radio value="counter" label={t('history.importForms.counter')} disabled={running} />
            <Radio value="volume" label={t('history.importForms.volume')} disabled={running} />
          </Group>
        </Radio.Group>
        {form === 'volume' && (
          <NumberInput
            label={t('history.importInterval')}
            description={t('history.importIntervalHint')}
            min={1}
            max={1440}
            allowDecimal={false}
            w={260}
            value={intervalMinutes}
            disabled={running}
            onChange={(v) => setIntervalMinutes(typeof v === 'number' ? v : Number(v) || 60)}
          />
        )}
        <Group align="flex-end">
          <FileInput
            label={t('history.importFile')}
            accept={ACCEPT}
            clearable
            value={file}
            disabled={running}
            onChange={(f) => {
              setFile(f);
              setFileError(null);
              setSent(null);
              setView(null);
            }}
            error={fileError}
            style={{ flex: 1 }}
            data-testid="history-import-file"
          />
          <Button
            variant="subtle"
            leftSection={<Icon name="download" size={16} />}
            onClick={() => void downloadHistoryTemplate(form).catch(() => undefined)}
          >
            {t('history.importTemplate')}
          </Button>
        </Group>
        {sent !== null && <ImportProgress sent={sent} view={view} percent={percent} />}
        {view && finished(view) && <ImportReport view={view} onShow={onShow} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(view && finished(view) ? 'meters.close' : 'common.cancel')}
          </Button>
          <Button
            loading={running}
            onClick={() => void start()}
            leftSection={<Icon name="upload" size={16} />}
            data-testid="history-import-run"
          >
            {t('history.importRun')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Where the import stands: the file sent, the rows checked, the readings stored, the figures computed. */
function ImportProgress({
  sent,
  view,
  percent,
}: {
  sent: number;
  view: ReadingImportView | null;
  percent: (share: number) => string;
}) {
  const { t } = useTranslation();
  const step = (label: string, share: number, testId: string) => (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm">{label}</Text>
      <Progress value={share * 100} animated={share < 1} />
    </Stack>
  );
  if (!view)
    return step(t('history.importUploading', { percent: percent(sent) }), sent, 'history-import-upload');
  if (view.status === 'checking')
    return step(t('history.importChecking', { count: view.rows }), 0, 'history-import-checking');
  if (view.status === 'storing')
    return step(
      t('history.importStoring', { stored: view.stored, readings: view.readings }),
      view.readings > 0 ? view.stored / view.readings : 0,
      'history-import-storing',
    );
  if (view.status === 'done' && view.figures < 1)
    return step(
      t('history.importFigures', { percent: percent(view.figures) }),
      view.figures,
      'history-import-figures',
    );
  return null;
}

/** What the import did: a summary, every refused row with its reason, and links to the meters' history. */
function ImportReport({ view, onShow }: { view: ReadingImportView; onShow: Props['onShow'] }) {
  const { t } = useTranslation();
  const failed = view.status === 'failed';
  return (
    <Stack gap="xs" data-testid="history-import-report">
      <Alert
        color={failed ? 'red' : view.errorCount > 0 ? 'orange' : 'green'}
        icon={<Icon name={failed || view.errorCount > 0 ? 'alert' : 'check'} size={18} />}
      >
        {failed
          ? t('history.importFailed', { message: view.message ?? '' })
          : t('history.importDone', {
              stored: t('history.importStored', { count: view.stored }),
              duplicates: t('history.importDuplicates', { count: view.duplicates }),
              refused: t('history.importRefused', { count: view.errorCount }),
            })}
      </Alert>
      {view.from && view.to && view.meterNos.length > 0 && (
        <Group gap="sm">
          {view.meterNos.slice(0, 20).map((meterNo) => (
            <Anchor
              key={meterNo}
              component="button"
              size="sm"
              onClick={() => onShow(meterNo, view.from!, view.to!)}
            >
              {t('history.importShow', { meterNo })}
            </Anchor>
          ))}
        </Group>
      )}
      {view.errors.length > 0 && (
        <>
          {view.errorCount > view.errors.length && (
            <Text size="xs" c="dimmed">
              {t('history.importErrorsShown', { shown: view.errors.length, count: view.errorCount })}
            </Text>
          )}
          <RowErrors
            rows={view.errors.map((e) => ({ row: e.row, meterNo: e.meterNo, reason: e.message }))}
            testId="history-import-errors"
          />
        </>
      )}
    </Stack>
  );
}
