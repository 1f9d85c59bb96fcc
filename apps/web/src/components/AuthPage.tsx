import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { SubmitForm } from './SubmitForm.tsx';

/**
 * The frame of a page seen before signing in: the language choice at the top, then one card with the
 * brand mark, a heading, a line under it and the form (Enter submits; the zod schema checks the fields).
 */
export function AuthPage({
  heading,
  intro,
  width,
  onSubmit,
  children,
  after,
}: {
  heading: string;
  intro: string;
  width: number;
  onSubmit(): unknown;
  children: ReactNode;
  /** Under the card. */
  after?: ReactNode;
}) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-1)">
      <Group justify="flex-end" p="md">
        <LanguageSelect />
      </Group>
      <Center py="xl">
        <Paper withBorder shadow="md" p="xl" radius="md" w={width}>
          <Group gap="xs" mb="xs" c="var(--mantine-primary-color-filled)">
            <Icon name="droplet" size={30} />
            <Title order={2}>{heading}</Title>
          </Group>
          <Text c="dimmed" size="sm" mb="lg">
            {intro}
          </Text>
          <SubmitForm onSubmit={onSubmit}>
            <Stack>{children}</Stack>
          </SubmitForm>
        </Paper>
      </Center>
      {after}
    </Box>
  );
}
