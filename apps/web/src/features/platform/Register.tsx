import { registerBodySchema, registerCodeBodySchema } from '@hydrolog/schemas';
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaCodePrefix } from '../../components/AreaCodePrefix.tsx';
import { AuthPage } from '../../components/AuthPage.tsx';
import { showSecretOnce } from '../../components/SecretOnce.tsx';
import { useCountdown } from '../../hooks/useCountdown.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { validate } from '../../lib/forms.ts';
import { type Registered, register, sendRegisterCode } from './api/registration.ts';

/** A new code can be asked for once a minute (the server refuses sooner). */
const RESEND_SECONDS = 60;

/**
 * The experience-account registration page (spec sections 2 and 5): company, name, department, phone and
 * the SMS code. Success creates a trial tenant (180 days) whose administrator's initial password is shown
 * once; it must be changed at the first sign-in, as for every new tenant.
 */
export function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useSchemaForm(registerBodySchema, {
    companyName: '',
    nickName: '',
    deptName: '',
    areaCode: '+86',
    phone: '',
    code: '',
  });
  const wait = useCountdown();
  const [sending, setSending] = useState(false);

  /** The phone alone is checked before a code goes out (the rest of the form may still be empty). */
  async function sendCode() {
    const checked = validate(registerCodeBodySchema, {
      purpose: 'register',
      areaCode: form.values.areaCode,
      phone: form.values.phone,
    });
    if (!checked.data) return form.setErrors(checked.errors);
    form.setErrors({});
    setSending(true);
    try {
      const answer = await sendRegisterCode(checked.data.areaCode, checked.data.phone);
      notifications.show({ color: 'green', message: answer.msg });
      wait.start(RESEND_SECONDS);
    } catch {
      // shown by the request layer: a registered phone, the cooldown, the limits
    } finally {
      setSending(false);
    }
  }

  async function submit() {
    const result: { created?: Registered } = {};
    const done = await form.submit(async (data) => {
      result.created = await register(data);
    });
    if (!done || !result.created) return;
    const { userName, initialPassword, tenantName, trialDaysLeft } = result.created;
    await showSecretOnce({
      title: t('register.doneTitle'),
      intro: t('register.doneIntro', {
        tenantName,
        userName,
        phone: form.values.phone,
        count: trialDaysLeft,
      }),
      label: t('register.initialPassword'),
      secret: initialPassword,
      warning: t('register.doneWarning'),
    });
    await navigate({ to: '/login' });
  }

  return (
    <AuthPage heading={t('register.title')} intro={t('register.intro')} width={460} onSubmit={submit}>
      <TextInput label={t('register.companyName')} withAsterisk {...form.text('companyName')} />
      <TextInput label={t('register.nickName')} withAsterisk autoComplete="name" {...form.text('nickName')} />
      <TextInput label={t('register.deptName')} withAsterisk {...form.text('deptName')} />
      <TextInput
        label={t('register.phone')}
        withAsterisk
        inputMode="numeric"
        autoComplete="tel-national"
        {...form.text('phone')}
        {...areaCodePrefix({
          label: t('login.areaCode'),
          value: form.values.areaCode,
          onChange: (code) => form.set('areaCode', code),
        })}
      />
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('register.code')}
          withAsterisk
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          {...form.text('code')}
        />
        <Button
          mt={25}
          variant="light"
          onClick={() => void sendCode()}
          loading={sending}
          disabled={wait.left > 0}
        >
          {wait.left > 0 ? t('recovery.resend', { seconds: wait.left }) : t('recovery.send')}
        </Button>
      </Group>
      <Button type="submit" loading={form.busy} fullWidth>
        {t('register.submit')}
      </Button>
      <Text size="sm" ta="center">
        {t('register.haveAccount')}{' '}
        <Anchor component="button" type="button" onClick={() => void navigate({ to: '/login' })}>
          {t('register.signIn')}
        </Anchor>
      </Text>
    </AuthPage>
  );
}
