import type { CustomerTypeView, ImportReport } from '@hydrolog/schemas';
import { Alert, Button, FileInput, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadImportTemplate, importCustomers, meterTypeOptions } from './api/customers.ts';
import { usePriceSchemes } from './usePriceSchemes.ts';

interface Props {
  types: readonly CustomerTypeView[];
  onClose(): void;
  /** After a batch that opened accounts. */
  onOpened(): void;
}

/**
 * Batch open from xls/xlsx: personal domestic accounts of one customer type and one meter type. The
 * answer lists every refused row with its number and reason; the valid rows are opened.
 */
export function CustomerImport({ types, onClose, onOpened }: Props) {
  const { t } = useTranslation();
  const [meterTypes, setMeterTypes] = useState<{ meterTypeId: string; name: string }[]>([]);
  const [customerTypeId, setCustomerTypeId] = useState<string | null>(null);
  const [meterTypeId, setMeterTypeId] = useState<string | null>(null);
  const [priceSchemeId, setPriceSchemeId] = useState<string | null>(null);
  const schemes = usePriceSchemes();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  useEffect(() => {
    meterTypeOptions().then(setMeterTypes, () => setMeterTypes([]));
  }, []);

  async function run() {
    if (!file || !customerTypeId || !meterTypeId) return;
    setBusy(true);
    try {
      const answer = await importCustomers(file, customerTypeId, meterTypeId, priceSchemeId ?? undefined);
      setReport(answer);
      if (answer.opened > 0) onOpened();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('customers.importTitle')} size="lg">
      <Stack data-testid="customer-import">
        <Text size="sm">{t('customers.importText')}</Text>
        <Group>
          <Button variant="light" onClick={() => void downloadImportTemplate().catch(() => undefined)}>
            {t('customers.importTemplate')}
          </Button>
        </Group>
        <Select
          label={t('customers.type')}
          withAsterisk
          data={types.map((type) => ({ value: type.customerTypeId, label: type.name }))}
          value={customerTypeId}
          onChange={setCustomerTypeId}
        />
        <Select
          label={t('customers.meterType')}
          withAsterisk
          data={meterTypes.map((type) => ({ value: type.meterTypeId, label: type.name }))}
          value={meterTypeId}
          onChange={setMeterTypeId}
        />
        <Select
          label={t('customers.priceScheme')}
          clearable
          data={schemes.map((s) => ({ value: s.priceSchemeId, label: s.name }))}
          placeholder={schemes.length ? undefined : t('customers.priceSchemeNone')}
          disabled={schemes.length === 0}
          value={priceSchemeId}
          onChange={setPriceSchemeId}
        />
        <FileInput
          label={t('customers.importFile')}
          withAsterisk
          accept=".xls,.xlsx"
          value={file}
          onChange={setFile}
          clearable
        />
        {report && (
          <Stack gap="xs" data-testid="import-report">
            <Alert color={report.failed.length ? 'orange' : 'green'}>
              {t('customers.importOpened', { count: report.opened })}
              {report.failed.length > 0 &&
                ` · ${t('customers.importFailed', { count: report.failed.length })}`}
            </Alert>
            {report.failed.length > 0 && (
              <Table.ScrollContainer minWidth={400} mah={300}>
                <Table striped withTableBorder fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('customers.row')}</Table.Th>
                      <Table.Th>{t('customers.reason')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.failed.map((f) => (
                      <Table.Tr key={f.row}>
                        <Table.Td>{f.row}</Table.Td>
                        <Table.Td>{f.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={busy}
            disabled={!file || !customerTypeId || !meterTypeId}
            onClick={() => void run()}
          >
            {t('customers.importRun')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
