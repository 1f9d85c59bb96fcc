import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack align="center" mt="xl">
      <Title order={1} c="dimmed">
        404
      </Title>
      <Text>{t('notFound.title')}</Text>
      <Button component={Link} to="/index" variant="light">
        {t('notFound.back')}
      </Button>
    </Stack>
  );
}
