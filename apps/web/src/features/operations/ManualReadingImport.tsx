import type { ManualReadingImportAnswer } from '@hydrolog/schemas';
import { Alert, Button, FileButton, Group, List, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { useHasPermi } from '../../components/Permission.tsx';
import { importManualReadings } from './api/manual-readings.ts';

/** Imports a round's readings from a file, then tells how many were entered and which rows were refused. */
export function ManualReadingImport(props: { onImported(): void }) {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ManualReadingImportAnswer | null>(null);
  if (!hasPermi(['readMeter:manual:add'])) return null;
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      setAnswer(await importManualReadings(file));
      props.onImported();
    } catch {
      // The request's error is already shown.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Group gap="xs">
        <FileButton accept=".csv,.xls,.xlsx" onChange={upload}>
          {(buttonProps) => (
            <Button
              {...buttonProps}
              variant="light"
              loading={busy}
              leftSection={<Icon name="upload" size={16} />}
            >
              {t('manualReading.import')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('manualReading.importHint')}
        </Text>
      </Group>
      {answer && (
        <Alert
          color={answer.errors.length > 0 ? 'orange' : 'green'}
          withCloseButton
          onClose={() => setAnswer(null)}
          data-testid="manual-reading-import-answer"
        >
          <Text size="sm">{t('manualReading.imported', { count: answer.imported })}</Text>
          {answer.errors.length > 0 && (
            <List size="sm">
              {answer.errors.map((e) => (
                <List.Item key={e.row}>
                  {t('manualReading.importRow', { row: e.row, message: e.message })}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </>
  );
}
