import {
  isExternalLink,
  LANGUAGES,
  type Language,
  type MenuView,
  menuBodySchema,
  updateMenuBodySchema,
} from '@hydrolog/schemas';
import { Alert, Autocomplete, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { OrderInput } from '../../components/OrderInput.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { LANGUAGE_NAMES } from '../../i18n/index.ts';
import { PAGE_COMPONENTS, parentOptions } from '../../lib/menuTree.ts';
import { createMenu, updateMenu } from './api/menus.ts';

interface Props {
  /** The entry to edit; null to create one. */
  menu: MenuView | null;
  /** The parent of a new entry; null for the top level. */
  parentId: string | null;
  /** The whole tree, for the parent choice. */
  menus: readonly MenuView[];
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  menuId?: string;
  parentId: string | null;
  menuType: MenuView['menuType'];
  titles: MenuView['titles'];
  path: string;
  component: string;
  perms: string;
  icon: string;
  orderNum: number;
  visible: boolean;
  isCache: boolean;
  platformOnly: boolean;
}

const KINDS = ['M', 'C', 'F'] as const;
const TOP = '';

function valuesOf(menu: MenuView | null, parentId: string | null, menus: readonly MenuView[]): Values {
  const parent = menus.find((m) => m.menuId === parentId);
  return {
    menuId: menu?.menuId,
    parentId: menu ? menu.parentId : parentId,
    // Below a page only buttons fit; below a directory, most often a page.
    menuType: menu?.menuType ?? (parent?.menuType === 'C' ? 'F' : parent ? 'C' : 'M'),
    titles: menu?.titles ?? { 'zh-CN': '', en: '', fr: '', id: '' },
    path: menu?.path ?? '',
    component: menu?.component ?? '',
    perms: menu?.perms ?? '',
    icon: menu?.icon ?? '',
    orderNum: menu?.orderNum ?? 0,
    visible: menu?.visible ?? true,
    isCache: menu?.isCache ?? true,
    platformOnly: menu?.platformOnly ?? false,
  };
}

/** Create or edit a menu entry: directory, page (a component or an external link) or button. */
export function MenuForm({ menu, parentId, menus, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, unknown>(
    menu ? updateMenuBodySchema : menuBodySchema,
    valuesOf(menu, parentId, menus),
  );
  const { values } = form;
  const builtIn = menu?.builtIn ?? false;
  const external = isExternalLink(values.path);

  async function submit() {
    await form.save(createOrUpdate(menu, updateMenu, createMenu), t('menus.saved'), onSaved);
  }

  const setTitle = (language: Language, value: string) =>
    form.set('titles', { ...values.titles, [language]: value });
  const parents = [
    ...(values.menuType === 'M' ? [{ value: TOP, label: t('menus.topLevel') }] : []),
    ...parentOptions(menus, values.menuType, menu?.menuId ?? null),
  ];
  const title = menu ? t('menus.edit') : parentId ? t('menus.newSub') : t('menus.new');

  return (
    <FormDialog title={title} size="xl" busy={form.busy} onClose={onClose} onSubmit={submit}>
      {builtIn && <Alert color="blue">{t('menus.builtInHint')}</Alert>}
      <SegmentedField
        label={t('menus.menuType')}
        disabled={builtIn}
        options={KINDS.map((k) => ({ value: k, label: t(`menus.kinds.${k}`) }))}
        value={values.menuType}
        onChange={(value) => form.set('menuType', value)}
      />
      <Select
        label={t('menus.parent')}
        data={parents}
        value={values.parentId ?? TOP}
        onChange={(value) => form.set('parentId', value ? value : null)}
        error={form.errors.parentId}
        disabled={builtIn}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={2}>
        {LANGUAGES.map((language) => (
          <TextInput
            key={language}
            label={t('menus.titleIn', { language: LANGUAGE_NAMES[language] })}
            withAsterisk
            autoComplete="off"
            value={values.titles[language]}
            onChange={(e) => setTitle(language, e.currentTarget.value)}
            error={form.errors[`titles.${language}`]}
          />
        ))}
      </SimpleGrid>
      {values.menuType !== 'F' && (
        <Group grow align="flex-start">
          <TextInput
            label={t('menus.path')}
            description={t('menus.pathHint')}
            withAsterisk
            autoComplete="off"
            disabled={builtIn}
            {...form.text('path')}
          />
          <TextInput
            label={t('menus.icon')}
            autoComplete="off"
            leftSection={<Icon name={values.icon || null} size={16} />}
            {...form.text('icon')}
          />
        </Group>
      )}
      {values.menuType === 'C' && !external && (
        <Autocomplete
          label={t('menus.component')}
          withAsterisk
          autoComplete="off"
          disabled={builtIn}
          data={[...PAGE_COMPONENTS]}
          value={values.component}
          onChange={(value) => form.set('component', value)}
          error={form.errors.component}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Group grow align="flex-start">
        <TextInput
          label={t('menus.perms')}
          withAsterisk={values.menuType === 'F'}
          autoComplete="off"
          disabled={builtIn}
          placeholder="system:user:list"
          {...form.text('perms')}
        />
        <OrderInput label={t('menus.orderNum')} {...form.number('orderNum')} />
      </Group>
      {values.menuType !== 'F' && (
        <Group gap="xl">
          <Switch
            label={t('menus.visible')}
            checked={values.visible}
            onChange={(e) => form.set('visible', e.currentTarget.checked)}
          />
          {values.menuType === 'C' && (
            <Switch
              label={t('menus.isCache')}
              checked={values.isCache}
              onChange={(e) => form.set('isCache', e.currentTarget.checked)}
            />
          )}
          {values.menuType === 'M' && values.parentId === null && (
            <Switch
              label={t('menus.platformOnly')}
              disabled={builtIn}
              checked={values.platformOnly}
              onChange={(e) => form.set('platformOnly', e.currentTarget.checked)}
            />
          )}
        </Group>
      )}
    </FormDialog>
  );
}
