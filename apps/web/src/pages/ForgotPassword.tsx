import {
  changePasswordFormSchema,
  passwordSchema,
  recoveryCodeBodySchema,
  recoveryResetBodySchema,
} from '@hydrolog/schemas';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetPassword, sendRecoveryCode } from '../api/auth.ts';
import { RequestError } from '../api/request.ts';
import { useClickGate } from '../hooks/useClickGate.ts';
import { type FieldErrors, fieldErrors, validate } from '../lib/forms.ts';

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
  const [form, setForm] = useState({ account: '', code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const gate = useClickGate();
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (error instanceof RequestError && error.fieldErrors.length > 0)
        setErrors(fieldErrors(error.fieldErrors));
    } finally {
      setBusy(false);
    }
  }

  function sendCode() {
    const checked = validate(recoveryCodeBodySchema, { purpose: 'resetPassword', account: form.account });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    void run(async () => {
      const answer = await sendRecoveryCode(checked.data.account);
      notifications.show({ color: 'green', message: answer.msg });
      setSent(true);
      setWait(RESEND_SECONDS);
    });
  }

  function reset() {
    const checked = validate(recoveryFormSchema, form);
    setErrors(checked.errors ?? {});
    if (!checked.data || !gate()) return;
    const { account, code, password } = checked.data;
    void run(async () => {
      await resetPassword(account, code, password);
      notifications.show({ color: 'green', message: t('recovery.done') });
      onClose();
    });
  }

  return (
    <Modal opened onClose={onClose} title={t('recovery.title')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (sent) reset();
          else sendCode();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('recovery.hint')}
          </Text>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('recovery.account')}
              value={form.account}
              onChange={(e) => set('account', e.currentTarget.value)}
              error={errors.account}
            />
            {sent && (
              <Button variant="light" onClick={sendCode} disabled={wait > 0 || busy}>
                {wait > 0 ? t('recovery.resend', { seconds: wait }) : t('recovery.send')}
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
                value={form.code}
                onChange={(e) => set('code', e.currentTarget.value)}
                error={errors.code}
              />
              <PasswordInput
                label={t('password.new')}
                description={t('password.rules')}
                autoComplete="new-password"
                value={form.password}
                onChange={(e) => set('password', e.currentTarget.value)}
                error={errors.password}
              />
              <PasswordInput
                label={t('password.confirm')}
                autoComplete="new-password"
                value={form.confirmPassword}
                onChange={(e) => set('confirmPassword', e.currentTarget.value)}
                error={errors.confirmPassword}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('recovery.back')}
            </Button>
            <Button type="submit" loading={busy}>
              {sent ? t('recovery.submit') : t('recovery.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
