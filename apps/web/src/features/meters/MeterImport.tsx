import type { MeterImportResult } from '@hydrolog/schemas';
import { Alert, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { RowErrors } from '../../components/RowErrors.tsx';
import { downloadMeterTemplate, importMeters } from './api/meters.ts';

interface Props {
  onClose(): void;
  /** After an import that registered meters. */
  onImported(): void;
}

const ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';
const isSpreadsheet = (file: File) => /\.(xlsx|xls)$/i.test(file.name);

/** Import meters from xls/xlsx: template download, upload, then how many landed and why each bad row did not. */
export function MeterImport({ onClose, onImported }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<MeterImportResult | null>(null);

  async function upload() {
    if (!file) return setError(t('meters.importFileRequired'));
    if (!isSpreadsheet(file)) return setError(t('meters.importFileType'));
    setBusy(true);
    try {
      const answer = await importMeters(file);
      setResult(answer);
      if (answer.imported > 0) onImported();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('meters.importTitle')} size="xl">
      <Stack>
        <Text size="sm">{t('meters.importIntro')}</Text>
        <Group align="flex-end">
          <FileInput
            label={t('meters.importFile')}
            accept={ACCEPT}
            clearable
            value={file}
            onChange={(f) => {
              setFile(f);
              setError(null);
              setResult(null);
            }}
            error={error}
            style={{ flex: 1 }}
            data-testid="meter-import-file"
          />
          <Button
            variant="subtle"
            leftSection={<Icon name="download" size={16} />}
            onClick={() => void downloadMeterTemplate().catch(() => undefined)}
          >
            {t('meters.template')}
          </Button>
        </Group>
        {result && (
          <Stack gap="xs" data-testid="meter-import-report">
            <Alert
              color={result.failures.length > 0 ? 'orange' : 'green'}
              icon={<Icon name={result.failures.length > 0 ? 'alert' : 'check'} size={18} />}
            >
              {t('meters.importSummary', {
                imported: t('meters.importImported', { count: result.imported }),
                failed: t('meters.importRefused', { count: result.failures.length }),
              })}
            </Alert>
            {result.failures.length > 0 && (
              <RowErrors rows={result.failures} testId="meter-import-failures" />
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(result ? 'meters.close' : 'common.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void upload()} leftSection={<Icon name="upload" size={16} />}>
            {t('meters.importRun')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
