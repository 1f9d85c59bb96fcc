import { Button, ColorSwatch, Drawer, Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { settings, THEME_PRESETS } from '../store/settings.ts';

/** Layout settings (spec section 2): theme colour, tags view, fixed header, sidebar logo; kept in localStorage. */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const current = settings.use();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={300} title={t('nav.settings')}>
      <Stack>
        <div>
          <Text size="sm" fw={500} mb="xs">
            {t('shell.themeColor')}
          </Text>
          <Group gap="xs">
            {THEME_PRESETS.map((color) => (
              <ColorSwatch
                key={color}
                component="button"
                type="button"
                color={color}
                aria-label={color}
                aria-pressed={current.theme === color}
                onClick={() => settings.update({ theme: color })}
                style={{
                  cursor: 'pointer',
                  outline: current.theme === color ? `2px solid ${color}` : undefined,
                  outlineOffset: 2,
                }}
              />
            ))}
          </Group>
        </div>
        <Switch
          label={t('shell.tagsView')}
          checked={current.tagsView}
          onChange={(e) => settings.update({ tagsView: e.currentTarget.checked })}
        />
        <Switch
          label={t('shell.fixedHeader')}
          checked={current.fixedHeader}
          onChange={(e) => settings.update({ fixedHeader: e.currentTarget.checked })}
        />
        <Switch
          label={t('shell.sidebarLogo')}
          checked={current.sidebarLogo}
          onChange={(e) => settings.update({ sidebarLogo: e.currentTarget.checked })}
        />
        <Button variant="default" onClick={() => settings.reset()}>
          {t('shell.resetSettings')}
        </Button>
      </Stack>
    </Drawer>
  );
}
