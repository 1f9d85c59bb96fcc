import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { alertDialog } from '../lib/dialogs.ts';
import { Icon } from './Icon.tsx';

interface SecretOnceProps {
  /** What the secret is for. */
  intro: string;
  /** The secret's accessible name. */
  label: string;
  secret: string;
  /** That it will not be shown again, and what to do if it is lost. */
  warning: string;
  /** Below the warning: how to use the secret. */
  children?: ReactNode;
}

/** A secret the server answers only once: shown in full, with a copy button and the warning. */
function SecretOnce({ intro, label, secret, warning, children }: SecretOnceProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{intro}</Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          block
          aria-label={label}
          data-testid="secret-value"
          style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap', userSelect: 'all' }}
        >
          {secret}
        </Code>
        <CopyButton value={secret} timeout={3000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              leftSection={<Icon name={copied ? 'check' : 'copy'} size={16} />}
              onClick={copy}
            >
              {copied ? t('secret.copied') : t('secret.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Alert color="orange" variant="light" icon={<Icon name="alert" size={18} />}>
        {warning}
      </Alert>
      {children}
    </Stack>
  );
}

/**
 * The dialog of a secret shown once (a gateway key; modelled on the initial password of a user): it
 * closes only with its button, which says the secret was stored.
 */
export function showSecretOnce(options: SecretOnceProps & { title: string }): Promise<void> {
  const { title, ...props } = options;
  return alertDialog({
    title,
    message: <SecretOnce {...props} />,
    confirm: i18next.t('secret.stored'),
    size: 'lg',
  });
}
