import { changePasswordFormSchema } from '@hydrolog/schemas';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updatePassword } from '../api/auth.ts';
import { RequestError } from '../api/request.ts';
import { useClickGate } from '../hooks/useClickGate.ts';
import { alertDialog } from '../lib/dialogs.ts';
import { type FieldErrors, fieldErrors, validate } from '../lib/forms.ts';
import { logout } from '../store/session.ts';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (personal centre and the forced dialog). After success: a notice to remember the
 * new password, then logout and the login page (spec section 8).
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const gate = useClickGate();
  const set = (key: keyof typeof EMPTY, value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit() {
    const checked = validate(changePasswordFormSchema, form);
    setErrors(checked.errors ?? {});
    if (!checked.data || !gate()) return;
    setBusy(true);
    try {
      await updatePassword(checked.data.oldPassword, checked.data.newPassword);
    } catch (error) {
      if (error instanceof RequestError && error.fieldErrors.length > 0)
        setErrors(fieldErrors(error.fieldErrors));
      setBusy(false);
      return;
    }
    setForm(EMPTY);
    await alertDialog({ title: t('password.changedTitle'), message: t('password.changed'), color: 'green' });
    await logout();
    await navigate({ href: '/login' });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack maw={480}>
        <PasswordInput
          label={t('password.old')}
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={(e) => set('oldPassword', e.currentTarget.value)}
          error={errors.oldPassword}
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.rules')}
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => set('newPassword', e.currentTarget.value)}
          error={errors.newPassword}
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword', e.currentTarget.value)}
          error={errors.confirmPassword}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
