import { ActionIcon, Box, Group } from '@mantine/core';
import type { ParseKeys, TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageGroupWith } from '../i18n/index.ts';
import type { TreeRow } from '../lib/treeRows.ts';
import { Icon } from './Icon.tsx';
import type { RowActionItem, ScreenAction } from './ListScreen.tsx';

/** Pieces of the tree lists (departments, menus, regions): folding branches, adding below a row. */

/** A message group with the texts of folding a tree: `expandOf`, `collapseOf` ({{name}}), `expandAll`, `collapseAll`. */
type FoldMessages = MessageGroupWith<'expandOf' | 'collapseOf' | 'expandAll' | 'collapseAll'>;

/** A message group with the texts of adding a row below another, `newSub` (the button) and `addSubOf` ({{name}}), and `editOf`. */
type AddBelowMessages = MessageGroupWith<'newSub' | 'addSubOf' | 'editOf'>;

/** A set of row ids (the folded or the unfolded branches) with one id switched in or out at a time. */
export function useIdSet() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { ids, setIds, toggle };
}

/** The name cell of a tree row: indented by its depth, after the button that folds or unfolds its branch. */
export function TreeName({
  row,
  name,
  open,
  group,
  onToggle,
}: {
  row: TreeRow;
  name: string;
  open: boolean;
  group: FoldMessages;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" style={{ paddingLeft: row.depth * 20 }}>
      {row.childIds.length > 0 ? (
        <ActionIcon
          variant="subtle"
          size="sm"
          color="gray"
          aria-expanded={open}
          aria-label={t(`${group}.${open ? 'collapseOf' : 'expandOf'}` as ParseKeys, { name })}
          onClick={onToggle}
        >
          <Icon name={open ? 'chevron-down' : 'chevron-right'} size={14} />
        </ActionIcon>
      ) : (
        <Box w={22} />
      )}
      <span>{name}</span>
    </Group>
  );
}

/** The header button that unfolds every branch, or folds them all once any is open. */
export function foldAllAction(
  t: TFunction,
  group: FoldMessages,
  rows: readonly TreeRow[],
  anyOpen: boolean,
  foldAll: (fold: boolean) => void,
): ScreenAction {
  return {
    label: t(`${group}.${anyOpen ? 'collapseAll' : 'expandAll'}` as ParseKeys),
    variant: 'default',
    disabled: rows.length === 0,
    onClick: () => foldAll(anyOpen),
  };
}

/**
 * The row actions of a tree row for holders of `<permission>:add` and `<permission>:edit`: add a row below it
 * (unless it takes none) and edit it, named in the group's texts.
 */
export function treeRowActions(
  t: TFunction,
  group: AddBelowMessages,
  permission: string,
  name: string,
  open: { below?(): void; edit(): void },
): RowActionItem[] {
  const below = open.below;
  return [
    ...(below
      ? [
          {
            label: t(`${group}.newSub` as ParseKeys),
            ariaLabel: t(`${group}.addSubOf` as ParseKeys, { name }),
            icon: 'plus',
            permission: [`${permission}:add`],
            onClick: below,
          },
        ]
      : []),
    {
      label: t('actions.edit'),
      ariaLabel: t(`${group}.editOf` as ParseKeys, { name }),
      icon: 'edit',
      permission: [`${permission}:edit`],
      onClick: open.edit,
    },
  ];
}
