import { menuTitle } from '@hydrolog/schemas';
import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { currentLanguage } from '../i18n/index.ts';

/** /cascadeScreen: the full-screen leakage view, outside the shell (opened in a new tab). */
export function CascadeScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" bg="#0b1e3a" c="#d6e4ff">
      <Stack align="center">
        <Icon name="droplet" size={48} />
        <Title order={1}>{menuTitle('cascade.screen', currentLanguage())}</Title>
        <Text>{t('cascadeScreen.text')}</Text>
      </Stack>
    </Center>
  );
}
