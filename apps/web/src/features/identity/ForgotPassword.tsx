import {
  changePasswordFormSchema,
  passwordSchema,
  recoveryCodeBodySchema,
  recoveryResetBodySchema,
} from '@hydrolog/schemas';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useCountdown } from '../../hooks/useCountdown.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { validate } from '../../lib/forms.ts';
import { resetPassword, sendRecoveryCode } from './api/auth.ts';

/** Step 2 in the browser: the reset body with the password rules of section 5 and a matching confirmation. */
const recoveryFormSchema = recoveryResetBodySchema
  .extend({ password: passwordSchema, confirmPassword: changePasswordFormSchema.shape.confirmPassword })
  .refine((f) => f.password === f.confirmPassword, {
    message: 'validation.password.mismatch',
    path: ['confirmPassword'],
  });

/** A new code can be asked for once a minute. */
const RESEND_SECONDS = 60;

/** Password recovery from the login page: a one-time code to the account's email or phone, then a new password. */
export function ForgotPassword({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const form = useSchemaForm(recoveryFormSchema, {
    account: '',
    code: '',
    password: '',
    confirmPassword: '',
  });
  const [sent, setSent] = useState(false);
  const wait = useCountdown();

  /** Step 1 checks the account alone (the rest of the form is still empty). */
  async function sendCode() {
    const checked = validate(recoveryCodeBodySchema, {
      purpose: 'resetPassword',
      account: form.values.account,
    });
    if (!checked.data) return form.setErrors(checked.errors);
    form.setErrors({});
    try {
      const answer = await sendRecoveryCode(checked.data.account);
      notifications.show({ color: 'green', message: answer.msg });
      setSent(true);
      wait.start(RESEND_SECONDS);
    } catch {
      // shown by the request layer (a refused account, the resend cooldown)
    }
  }

  async function reset() {
    const done = await form.submit(({ account, code, password }) => resetPassword(account, code, password));
    if (!done) return;
    notifications.show({ color: 'green', message: t('recovery.done') });
    onClose();
  }

  return (
    <Modal opened onClose={onClose} title={t('recovery.title')} centered>
      <SubmitForm onSubmit={() => (sent ? reset() : sendCode())}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('recovery.hint')}
          </Text>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput style={{ flex: 1 }} label={t('recovery.account')} {...form.text('account')} />
            {sent && (
              <Button variant="light" onClick={() => void sendCode()} disabled={wait.left > 0 || form.busy}>
                {wait.left > 0 ? t('recovery.resend', { seconds: wait.left }) : t('recovery.send')}
              </Button>
            )}
          </Group>
          {sent && (
            <>
              <TextInput
                label={t('recovery.code')}
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                {...form.text('code')}
              />
              <PasswordInput
                label={t('password.new')}
                description={t('password.rules')}
                autoComplete="new-password"
                {...form.text('password')}
              />
              <PasswordInput
                label={t('password.confirm')}
                autoComplete="new-password"
                {...form.text('confirmPassword')}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('recovery.back')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {sent ? t('recovery.submit') : t('recovery.send')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
}
