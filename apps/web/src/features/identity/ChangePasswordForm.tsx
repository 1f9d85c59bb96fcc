import { changePasswordFormSchema } from '@hydrolog/schemas';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { alertDialog } from '../../lib/dialogs.ts';
import { logout } from '../../store/session.ts';
import { updatePassword } from './api/auth.ts';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (personal centre and the forced dialog). After success: a notice to remember the
 * new password, then logout and the login page (spec section 8).
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useSchemaForm(changePasswordFormSchema, EMPTY);

  async function submit() {
    const changed = await form.submit((data) => updatePassword(data.oldPassword, data.newPassword));
    if (!changed) return;
    form.setValues(EMPTY);
    await alertDialog({ title: t('password.changedTitle'), message: t('password.changed'), color: 'green' });
    await logout();
    await navigate({ href: '/login' });
  }

  return (
    <SubmitForm onSubmit={submit}>
      <Stack maw={480}>
        <PasswordInput
          label={t('password.old')}
          autoComplete="current-password"
          {...form.text('oldPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.rules')}
          autoComplete="new-password"
          {...form.text('newPassword')}
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          {...form.text('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={form.busy}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
