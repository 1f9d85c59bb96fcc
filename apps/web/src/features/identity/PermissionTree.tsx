import type { MenuTreeNode } from '@hydrolog/schemas';
import { ActionIcon, Box, Button, Checkbox, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { optionalText } from '../../i18n/index.ts';
import { indexMenuTree, tickState, toggleTick } from './menuTick.ts';

/** What a permission tree shows and keeps: its nodes, the ticked ones and the unfolded ones. */
export function usePermissionTree(initiallyTicked: readonly string[] = []) {
  const [nodes, setNodes] = useState<MenuTreeNode[]>([]);
  const [ticked, setTicked] = useState<Set<string>>(() => new Set(initiallyTicked));
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const index = useMemo(() => indexMenuTree(nodes), [nodes]);
  return { nodes, setNodes, index, ticked, setTicked, expanded, setExpanded };
}

interface Props {
  tree: ReturnType<typeof usePermissionTree>;
  readOnly?: boolean;
  label: string;
  error?: string;
}

/** Buttons come as their action name ('add'); shown as the translated action when one exists. */
function nodeLabel(label: string): string {
  return optionalText(`actions.${label}`) ?? label;
}

/**
 * The menu tree with a checkbox per node: ticking a node ticks what is below it, a node partly ticked
 * below shows indeterminate; expand/collapse all and select all/none.
 */
export function PermissionTree(props: Props) {
  const { t } = useTranslation();
  const { readOnly } = props;
  const { nodes, index, ticked, setTicked, expanded, setExpanded } = props.tree;
  const parents = index.all.filter((id) => (index.children.get(id) ?? []).length > 0);

  const toggleExpanded = (id: string) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };

  const renderNodes = (list: readonly MenuTreeNode[], level: number) => (
    <Box
      component="ul"
      data-testid={level === 1 ? 'permission-tree' : undefined}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {list.map((node) => {
        const hasChildren = (node.children ?? []).length > 0;
        const open = expanded.has(node.id);
        const state = tickState(index, ticked, node.id);
        const text = nodeLabel(node.label);
        return (
          <li key={node.id} data-value={node.id}>
            <Group gap={4} wrap="nowrap" py={2} style={{ paddingLeft: (level - 1) * 22 }}>
              {hasChildren ? (
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  color="gray"
                  aria-expanded={open}
                  aria-label={t(open ? 'roles.collapseOf' : 'roles.expandOf', { name: text })}
                  onClick={() => toggleExpanded(node.id)}
                >
                  <Icon name={open ? 'chevron-down' : 'chevron-right'} size={14} />
                </ActionIcon>
              ) : (
                <Box w={22} />
              )}
              <Checkbox
                size="xs"
                label={text}
                aria-label={text}
                disabled={readOnly}
                checked={state === 'checked'}
                indeterminate={state === 'indeterminate'}
                onChange={() => setTicked(toggleTick(index, ticked, node.id, state !== 'checked'))}
              />
            </Group>
            {hasChildren && open && renderNodes(node.children ?? [], level + 1)}
          </li>
        );
      })}
    </Box>
  );

  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {props.label}
        </Text>
        <Group gap={4}>
          <Button size="compact-xs" variant="subtle" onClick={() => setExpanded(new Set(parents))}>
            {t('roles.expandAll')}
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => setExpanded(new Set())}>
            {t('roles.collapseAll')}
          </Button>
          {!readOnly && (
            <>
              <Button size="compact-xs" variant="subtle" onClick={() => setTicked(new Set(index.all))}>
                {t('roles.selectAllMenus')}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setTicked(new Set())}>
                {t('roles.selectNone')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <Paper
        withBorder
        p="xs"
        style={props.error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <ScrollArea.Autosize mah={320}>{renderNodes(nodes, 1)}</ScrollArea.Autosize>
      </Paper>
      {props.error && (
        <Text size="xs" c="red">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
