import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** /401: a page the user's menus do not grant. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Stack align="center" mt="xl" data-testid="no-access">
      <Title order={1} c="dimmed">
        401
      </Title>
      <Title order={3}>{t('noAccess.title')}</Title>
      <Text>{t('noAccess.text')}</Text>
      <Button component={Link} to="/index" variant="light">
        {t('notFound.back')}
      </Button>
    </Stack>
  );
}
