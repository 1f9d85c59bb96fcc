import { updateProfileBodySchema } from '@hydrolog/schemas';
import {
  Avatar,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Radio,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/request.ts';
import { Icon } from '../../components/Icon.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { IMAGE_ACCEPT, imageProblem } from '../../lib/images.ts';
import { loadSession, session } from '../../store/session.ts';
import { getProfile, type Profile as ProfileData, updateProfile, uploadAvatar } from './api/auth.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

const SEXES = ['0', '1', '2'] as const;

function AvatarUpload({ current, onSaved }: { current: string | null; onSaved(): void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(chosen: File | null) {
    if (!chosen) return;
    const problem = imageProblem(chosen);
    if (problem) {
      showError(problem);
      return;
    }
    setFile(chosen);
  }

  async function upload() {
    if (!file) return;
    setBusy(true);
    try {
      await uploadAvatar(file);
      notifications.show({ color: 'green', message: t('profile.avatarSaved') });
      setFile(null);
      onSaved();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack align="center" gap="xs">
      <Avatar src={preview ?? current} size={110} radius={110} color="brand" alt={t('profile.avatar')}>
        <Icon name="user" size={48} />
      </Avatar>
      <Group gap="xs">
        <FileButton onChange={choose} accept={IMAGE_ACCEPT}>
          {(props) => (
            <Button {...props} variant="default" size="xs" data-testid="choose-avatar">
              {t('profile.chooseAvatar')}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button
            size="xs"
            leftSection={<Icon name="upload" size={14} />}
            loading={busy}
            onClick={() => void upload()}
          >
            {t('profile.uploadAvatar')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('profile.avatarHint')}
      </Text>
    </Stack>
  );
}

function ProfileForm({ profile, onSaved }: { profile: ProfileData; onSaved(): void }) {
  const { t } = useTranslation();
  const form = useSchemaForm(updateProfileBodySchema, {
    nickName: profile.user.nickName,
    phonenumber: profile.user.phonenumber ?? '',
    email: profile.user.email ?? '',
    sex: profile.user.sex ?? '2',
  });

  async function submit() {
    await form.save((data) => updateProfile(data), t('profile.saved'), onSaved);
  }

  return (
    <SubmitForm onSubmit={submit}>
      <Stack maw={480}>
        <TextInput label={t('profile.nickName')} withAsterisk {...form.text('nickName')} />
        <TextInput label={t('profile.phonenumber')} {...form.text('phonenumber')} />
        <TextInput label={t('profile.email')} type="email" {...form.text('email')} />
        <Radio.Group
          label={t('profile.sex')}
          value={form.values.sex}
          onChange={(value) => form.set('sex', value)}
          error={form.errors.sex}
        >
          <Group mt={4}>
            {SEXES.map((s) => (
              <Radio key={s} value={s} label={t(`profile.sexes.${s}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={form.busy}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}

/** /user/profile: who I am, my profile, my password, my avatar. */
export function Profile() {
  const { t } = useTranslation();
  const { info } = session.use();
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const load = useCallback(() => {
    getProfile().then(setProfile, () => undefined);
  }, []);
  useEffect(load, []);
  // The top bar shows name and avatar from the session: reload it with the profile.
  const saved = () => {
    load();
    void loadSession().catch(() => undefined);
  };

  if (!profile) return <Skeleton height={320} />;
  const rows: [string, string | null][] = [
    [t('profile.userName'), profile.user.userName],
    [t('profile.phonenumber'), profile.user.phonenumber],
    [t('profile.email'), profile.user.email],
    [t('profile.dept'), profile.user.deptName],
    [t('profile.tenant'), info?.tenant.tenantName ?? null],
    [t('profile.roles'), profile.roleGroup],
    [t('profile.createTime'), dayjs(profile.user.createTime).format('YYYY-MM-DD HH:mm:ss')],
  ];
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder>
          <Title order={5} mb="md">
            {t('profile.about')}
          </Title>
          <AvatarUpload current={profile.user.avatar} onSaved={saved} />
          <Table mt="md" data-testid="profile-facts">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td c="dimmed">{label}</Table.Td>
                  <Table.Td ta="right">{value || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder>
          <Tabs defaultValue="basic" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="basic">{t('profile.basic')}</Tabs.Tab>
              <Tabs.Tab value="password">{t('password.submit')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="basic">
              <ProfileForm profile={profile} onSaved={saved} />
            </Tabs.Panel>
            <Tabs.Panel value="password">
              <ChangePasswordForm />
            </Tabs.Panel>
          </Tabs>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
