import { Card, EmptyState } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';

/** /dict/type/data/<dictId>: the data of one dictionary (arrives with the dictionary screen). */
export function DictData() {
  const { t } = useTranslation();
  const { dictId } = useParams({ strict: false }) as { dictId?: string };
  return (
    <Card withBorder p="xl">
      <EmptyState
        icon={<Icon name="clock" size={32} />}
        title={t('dictData.title')}
        description={t('dictData.text', { id: dictId })}
      />
    </Card>
  );
}
