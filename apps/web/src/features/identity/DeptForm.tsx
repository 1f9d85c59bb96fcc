import { type DeptView, deptBodySchema, updateDeptBodySchema } from '@hydrolog/schemas';
import { Group, Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { OrderInput } from '../../components/OrderInput.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createDept, getDept, listDepts, parentOptions, updateDept } from './api/organisation.ts';
import { deptOptions } from './deptTree.ts';

interface Props {
  /** The department to edit; null to create one. */
  dept: DeptView | null;
  /** The parent of a new department (add a sub-department); null for the top level. */
  parentId?: string | null;
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  deptId?: string;
  parentId: string | null;
  deptName: string;
  orderNum: number;
  leader: string;
  phone: string;
  email: string;
  status: '0' | '1';
}

const valuesOf = (dept: DeptView | null, parentId: string | null): Values => ({
  deptId: dept?.deptId,
  parentId: dept ? dept.parentId : parentId,
  deptName: dept?.deptName ?? '',
  orderNum: dept?.orderNum ?? 0,
  leader: dept?.leader ?? '',
  phone: dept?.phone ?? '',
  email: dept?.email ?? '',
  status: dept?.status ?? '0',
});

const TOP = '';

/** Create or edit a department; the parent may be any department not below it. */
export function DeptForm({ dept, parentId = null, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, unknown>(
    dept ? updateDeptBodySchema : deptBodySchema,
    valuesOf(dept, parentId),
  );
  const [parents, setParents] = useState<DeptView[]>([]);
  useEffect(() => {
    (dept ? parentOptions(dept.deptId) : listDepts({})).then(setParents, () => undefined);
  }, [dept]);
  // The row may be stale: edit the department as the server has it now.
  useFreshRecord(
    dept,
    (shown) => getDept(shown.deptId),
    (fresh) => form.refresh(valuesOf(fresh, null)),
  );

  async function submit() {
    await form.save(createOrUpdate(dept, updateDept, createDept), t('depts.saved'), onSaved);
  }

  const parentData = [{ value: TOP, label: t('depts.topLevel') }, ...deptOptions(parents)];
  const title = dept ? t('depts.edit') : parentId ? t('depts.newSub') : t('depts.new');

  return (
    <FormDialog title={title} size="lg" busy={form.busy} onClose={onClose} onSubmit={submit}>
      <Select
        label={t('depts.parent')}
        data={parentData}
        value={form.values.parentId ?? TOP}
        onChange={(value) => form.set('parentId', value ? value : null)}
        error={form.errors.parentId}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label={t('depts.deptName')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        maxLength={40}
        {...form.text('deptName')}
      />
      <Group grow align="flex-start">
        <OrderInput label={t('depts.orderNum')} {...form.number('orderNum')} />
        <TextInput label={t('depts.leader')} autoComplete="off" {...form.text('leader')} />
      </Group>
      <Group grow align="flex-start">
        <TextInput label={t('depts.phone')} inputMode="tel" {...form.text('phone')} />
        <TextInput label={t('depts.email')} type="email" {...form.text('email')} />
      </Group>
      <SegmentedField
        label={t('depts.status')}
        options={(['0', '1'] as const).map((s) => ({ value: s, label: t(`depts.statuses.${s}`) }))}
        value={form.values.status}
        onChange={(value) => form.set('status', value)}
      />
    </FormDialog>
  );
}
