import type { DictTypeView } from '@hydrolog/schemas';
import { Card, Text } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDictType } from './api/admin.ts';
import { Dicts } from './Dicts.tsx';

/** /dict/type/data/<dictId> (spec section 2): the entries of one dictionary, found by its numeric id. */
export function DictData() {
  const { t } = useTranslation();
  const { dictId } = useParams({ strict: false }) as { dictId?: string };
  const [type, setType] = useState<DictTypeView | null | 'missing'>(null);
  useEffect(() => {
    const id = Number(dictId);
    if (!Number.isInteger(id) || id <= 0) setType('missing');
    else getDictType(id).then(setType, () => setType('missing'));
  }, [dictId]);
  if (type === 'missing')
    return (
      <Card withBorder p="xl">
        <Text c="dimmed">{t('dictTypes.notFound', { id: dictId })}</Text>
      </Card>
    );
  if (type === null) return <Text c="dimmed">{t('common.loading')}</Text>;
  return <Dicts path={`/dict/type/data/${type.dictId}`} dictType={type.dictType} />;
}
