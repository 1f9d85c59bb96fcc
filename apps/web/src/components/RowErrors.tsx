import { ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The rows an import refused: each with its number in the file, its meter and why. */
export function RowErrors({
  rows,
  testId,
}: {
  rows: readonly { row: number; meterNo: string | null; reason: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={300}>
      <Table striped withTableBorder fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('meters.importRow')}</Table.Th>
            <Table.Th>{t('meters.meterNo')}</Table.Th>
            <Table.Th>{t('meters.importReason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((f) => (
            <Table.Tr key={f.row}>
              <Table.Td>{f.row}</Table.Td>
              <Table.Td>{f.meterNo ?? ''}</Table.Td>
              <Table.Td>{f.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
