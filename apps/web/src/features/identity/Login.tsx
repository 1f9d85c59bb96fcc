import { loginFormSchema } from '@hydrolog/schemas';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Image,
  PasswordInput,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaCodePrefix } from '../../components/AreaCodePrefix.tsx';
import { AuthPage } from '../../components/AuthPage.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { setToken } from '../../lib/token.ts';
import { safeRedirect } from '../../router/guard.ts';
import { REGISTER_PATH } from '../platform/index.ts';
import { type Captcha, encryptPassword, getCaptcha, login } from './api/auth.ts';
import { ForgotPassword } from './ForgotPassword.tsx';

const REMEMBER_KEY = 'login-remember';

interface Remembered {
  username: string;
  areaCode: string;
}

function remembered(): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(REMEMBER_KEY) ?? 'null') as Remembered | null;
    return value && typeof value.username === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Spec section 2 login: user name, email or phone; captcha when enabled; remember me keeps the name only. */
export function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const saved = remembered();
  const form = useSchemaForm(loginFormSchema, {
    areaCode: saved?.areaCode ?? '+86',
    username: saved?.username ?? '',
    password: '',
    rememberMe: saved !== null,
    code: '',
  });
  const { setValues } = form;
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [recovering, setRecovering] = useState(false);

  const refreshCaptcha = useCallback(() => {
    setValues((f) => ({ ...f, code: '' }));
    getCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, []);
  useEffect(refreshCaptcha, []);

  async function submit() {
    const extra: FieldErrors = {};
    if (captcha?.captchaEnabled && !form.values.code.trim()) extra.code = t('validation.captcha.required');
    const signedIn = await form.submit(async (data) => {
      const result = await login({
        areaCode: data.areaCode,
        username: data.username,
        password: await encryptPassword(data.password),
        rememberMe: data.rememberMe,
        code: captcha?.captchaEnabled ? data.code : undefined,
        uuid: captcha?.captchaEnabled ? captcha.uuid : undefined,
      }).catch((error: unknown) => {
        // The request layer has shown why; the server spent the captcha, so a new one comes.
        if (captcha?.captchaEnabled) refreshCaptcha();
        throw error;
      });
      setToken(result.access_token, result.expires_in);
      if (data.rememberMe)
        localStorage.setItem(
          REMEMBER_KEY,
          JSON.stringify({ username: data.username, areaCode: data.areaCode }),
        );
      else localStorage.removeItem(REMEMBER_KEY);
    }, extra);
    if (signedIn) {
      // The failures of earlier attempts are over: their messages do not follow the user in.
      notifications.clean();
      await navigate({ href: safeRedirect(search.redirect) });
    }
  }

  return (
    <AuthPage
      heading={t('app.name')}
      intro={t('login.title')}
      width={420}
      onSubmit={submit}
      after={recovering && <ForgotPassword onClose={() => setRecovering(false)} />}
    >
      {/* The area code sits in front of the account: it only matters for phone numbers. */}
      <TextInput
        label={t('login.username')}
        autoComplete="username"
        {...form.text('username')}
        {...areaCodePrefix({
          label: t('login.areaCode'),
          value: form.values.areaCode,
          onChange: (code) => form.set('areaCode', code),
          searchable: true,
        })}
      />
      <PasswordInput label={t('login.password')} autoComplete="current-password" {...form.text('password')} />
      {captcha?.captchaEnabled && (
        <TextInput
          label={t('login.code')}
          autoComplete="off"
          {...form.text('code')}
          rightSectionWidth={112}
          rightSectionPointerEvents="all"
          rightSection={
            <UnstyledButton onClick={refreshCaptcha} title={t('login.captcha')}>
              <Image src={captcha.img} alt={t('login.captcha')} h={34} w={108} fit="contain" />
            </UnstyledButton>
          }
        />
      )}
      <Group justify="space-between">
        <Checkbox
          label={t('login.rememberMe')}
          checked={form.values.rememberMe}
          onChange={(e) => form.set('rememberMe', e.currentTarget.checked)}
        />
        <Anchor component="button" type="button" size="sm" onClick={() => setRecovering(true)}>
          {t('login.forgot')}
        </Anchor>
      </Group>
      {/* One attempt per 3 s (spec section 9): a click held back says how long it waits. */}
      <Button type="submit" loading={form.busy} disabled={form.retryIn > 0} fullWidth>
        {form.retryIn > 0 ? t('login.retryIn', { seconds: form.retryIn }) : t('login.submit')}
      </Button>
      <Text size="sm" ta="center">
        {t('register.noAccount')}{' '}
        <Anchor component={Link} to={REGISTER_PATH} data-testid="register-link">
          {t('register.link')}
        </Anchor>
      </Text>
    </AuthPage>
  );
}
