import { LANGUAGES, type Language } from '@hydrolog/schemas';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { updateLanguage } from '../api/session.ts';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES } from '../i18n/index.ts';
import { getToken } from '../lib/token.ts';

/** Signed in, the choice is saved on the user first (PUT /system/user/updateLanguage), then the page reloads. */
async function switchLanguage(language: Language): Promise<void> {
  if (getToken()) await updateLanguage(language);
  changeLanguage(language);
}

export function LanguageSelect({ w = 170 }: { w?: number }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('language.label')}
      data-testid="language"
      w={w}
      size="xs"
      allowDeselect={false}
      value={currentLanguage()}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(value) => {
        if (value && value !== currentLanguage()) switchLanguage(value as Language).catch(() => undefined);
      }}
    />
  );
}
