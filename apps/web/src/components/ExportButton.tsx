import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useExport } from '../hooks/useExport.ts';
import { HasPermi } from './Permission.tsx';

/** The export button of a list page, shown to holders of `permission` (the list's filter and order). */
export function ExportButton({
  permission,
  exportFile,
}: {
  permission: string;
  exportFile(): Promise<void>;
}) {
  const { t } = useTranslation();
  const exporter = useExport(exportFile);
  return (
    <HasPermi value={[permission]}>
      <Button variant="light" loading={exporter.exporting} onClick={() => void exporter.run()}>
        {t('actions.export')}
      </Button>
    </HasPermi>
  );
}
