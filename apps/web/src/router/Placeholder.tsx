import { MENU_CATALOGUE, menuTitleKey } from '@hydrolog/schemas';
import { Button, Card, EmptyState, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { HasPermi } from '../components/Permission.tsx';
import { optionalText } from '../i18n/index.ts';

/** A permission's action ('system:user:add' gives 'add'), translated when the catalogue has it. */
function actionLabel(perms: string): string {
  const action = perms.split(':').at(-1) ?? perms;
  return optionalText(`actions.${action}`) ?? action;
}

/**
 * A screen of the menu catalogue that is not built yet: its title, when it comes, and the actions its
 * buttons will offer, each shown only with its permission (what this user will be able to do there).
 */
export function Placeholder({ menuId }: { menuId: string }) {
  const { t } = useTranslation();
  const buttons = MENU_CATALOGUE.filter((e) => e.parentId === menuId && e.menuType === 'F' && e.perms);
  return (
    <Card withBorder p="xl" data-testid="placeholder">
      <EmptyState
        icon={<Icon name="clock" size={32} />}
        title={optionalText(menuTitleKey(menuId)) ?? menuId}
        description={t('placeholder.text')}
      />
      {buttons.length > 0 && (
        <>
          <Text size="sm" c="dimmed" ta="center" mt="lg" mb="xs">
            {t('placeholder.actions')}
          </Text>
          <Group justify="center" gap="xs">
            {buttons.map((b) => (
              <HasPermi key={b.menuId} value={[b.perms!]}>
                <Button size="xs" variant="light" disabled>
                  {actionLabel(b.perms!)}
                </Button>
              </HasPermi>
            ))}
          </Group>
        </>
      )}
    </Card>
  );
}
