import { createUserBodySchema, type RoleOption, type UserRow, updateUserBodySchema } from '@hydrolog/schemas';
import { Group, MultiSelect, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { showInitialPassword } from '../../lib/dialogs.ts';
import { createUser, getUser, type InitialPassword, roleOptions, updateUser } from './api/users.ts';

interface Props {
  /** The user to edit; null to create one. */
  user: UserRow | null;
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  userId?: string;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  roleIds: string[];
}

const valuesOf = (user: UserRow | null): Values => ({
  userId: user?.userId,
  userName: user?.userName ?? '',
  nickName: user?.nickName ?? '',
  email: user?.email ?? '',
  phonenumber: user?.phonenumber ?? '',
  roleIds: user?.roleIds ?? [],
});

/** Create or edit a staff user; the user name is set once, at creation. */
export function UserForm({ user, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  // The schema is fixed for the life of the modal: it is mounted anew for each user.
  const form = useSchemaForm<Values, unknown>(
    user ? updateUserBodySchema : createUserBodySchema,
    valuesOf(user),
  );
  const [roles, setRoles] = useState<RoleOption[]>([]);
  useEffect(() => {
    roleOptions().then(setRoles, () => undefined);
  }, []);
  // The row may be stale: edit the user as the server has it now.
  useFreshRecord(
    user,
    (shown) => getUser(shown.userId),
    (fresh) => form.refresh(valuesOf(fresh)),
  );

  // Roles the user holds but the list does not offer (another kind of role) still show by name.
  const roleData = [
    ...roles.map((r) => ({ value: r.roleId, label: r.roleName })),
    ...(user?.roleIds ?? [])
      .map((id, i) => ({ value: id, label: user?.roleNames[i] ?? id }))
      .filter((o) => !roles.some((r) => r.roleId === o.value)),
  ];

  async function submit() {
    const result: { created?: UserRow & InitialPassword } = {};
    const saved = await form.submit(async (data) => {
      if (user) await updateUser(data as Parameters<typeof updateUser>[0]);
      else result.created = await createUser(data as Parameters<typeof createUser>[0]);
    });
    if (!saved) return;
    onSaved();
    if (result.created) await showInitialPassword(result.created.userName, result.created.initialPassword);
    else notifications.show({ color: 'green', message: t('users.saved') });
  }

  return (
    <FormDialog
      title={t(user ? 'users.edit' : 'users.new')}
      size="lg"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      {user ? (
        <TextInput label={t('users.userName')} value={user.userName} readOnly disabled />
      ) : (
        <TextInput
          label={t('users.userName')}
          description={t('users.userNameHint')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.text('userName')}
        />
      )}
      <TextInput label={t('users.nickName')} withAsterisk {...form.text('nickName')} />
      <Group grow align="flex-start">
        <TextInput label={t('users.phonenumber')} inputMode="tel" {...form.text('phonenumber')} />
        <TextInput label={t('users.email')} type="email" {...form.text('email')} />
      </Group>
      <MultiSelect
        label={t('users.roles')}
        placeholder={t('users.rolesPlaceholder')}
        data={roleData}
        value={form.values.roleIds}
        onChange={(roleIds) => form.set('roleIds', roleIds)}
        error={form.errors.roleIds}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    </FormDialog>
  );
}
