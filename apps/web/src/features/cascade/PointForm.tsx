import { DEFAULT_DETECTION } from '@hydrolog/domain';
import { partitionBodySchema } from '@hydrolog/schemas';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { addPoint, type PointFields, type PointView, updatePoint } from './api/cascade.ts';

export interface PointValues extends Record<string, unknown> {
  name: string;
  leaderName: string;
  leaderPhone: string;
  /** percent in the form; a fraction in the body */
  leakageRatePct: number | string;
  mnf: number | string;
  kl: number | string;
  /** leak detection; empty for the defaults */
  leakSensitivity: number | string;
  leakFloor: number | string;
}

const numberOrUndefined = (v: number | string) => (v === '' ? undefined : Number(v));

/**
 * The form's values as the shared body schema reads them (errors come back under `thresholds.*`). A point
 * has the fields of a partition's root, so one schema serves the wizard, the point edit and a child point.
 */
export const pointFormSchema = z.preprocess((value) => {
  const v = value as PointValues;
  const pct = numberOrUndefined(v.leakageRatePct);
  return {
    name: v.name,
    leaderName: v.leaderName,
    leaderPhone: v.leaderPhone,
    thresholds: {
      leakageRate: pct === undefined ? undefined : pct / 100,
      mnf: numberOrUndefined(v.mnf),
      kl: numberOrUndefined(v.kl),
      leakSensitivity: numberOrUndefined(v.leakSensitivity),
      leakFloor: numberOrUndefined(v.leakFloor),
    },
  };
}, partitionBodySchema);

export const EMPTY_POINT: PointValues = {
  name: '',
  leaderName: '',
  leaderPhone: '',
  leakageRatePct: 25,
  mnf: '',
  kl: '',
  leakSensitivity: '',
  leakFloor: '',
};

/** A point's current fields as form values (the rate as a percent, without float noise). */
export const pointValuesOf = (point: PointFields): PointValues => ({
  name: point.name,
  leaderName: point.leaderName,
  leaderPhone: point.leaderPhone,
  leakageRatePct: Math.round(point.thresholds.leakageRate * 10_000) / 100,
  mnf: point.thresholds.mnf,
  kl: point.thresholds.kl,
  leakSensitivity: point.thresholds.leakSensitivity ?? '',
  leakFloor: point.thresholds.leakFloor ?? '',
});

export function usePointForm(initial: PointValues) {
  return useSchemaForm<PointValues, z.infer<typeof partitionBodySchema>>(pointFormSchema, initial);
}

/**
 * Name, leader, phone, the three thresholds (greater than 0) and leak detection's sensitivity and floor (empty:
 * the defaults) of a partition's root or of a point.
 */
export function PointFieldInputs({
  form,
  nameLabel,
}: {
  form: ReturnType<typeof usePointForm>;
  nameLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={nameLabel} withAsterisk data-autofocus {...form.text('name')} />
      <SimpleGrid cols={2}>
        <TextInput label={t('cascade.leaderName')} withAsterisk {...form.text('leaderName')} />
        <TextInput label={t('cascade.leaderPhone')} withAsterisk {...form.text('leaderPhone')} />
      </SimpleGrid>
      <SimpleGrid cols={3}>
        <NumberInput
          label={t('cascade.thresholdRate')}
          withAsterisk
          suffix="%"
          min={0}
          max={100}
          value={form.values.leakageRatePct}
          onChange={(v) => form.set('leakageRatePct', v)}
          error={form.errors['thresholds.leakageRate']}
        />
        <NumberInput
          label={t('cascade.thresholdMnf')}
          withAsterisk
          min={0}
          decimalScale={3}
          value={form.values.mnf}
          onChange={(v) => form.set('mnf', v)}
          error={form.errors['thresholds.mnf']}
        />
        <NumberInput
          label={t('cascade.thresholdKl')}
          withAsterisk
          min={0}
          decimalScale={3}
          value={form.values.kl}
          onChange={(v) => form.set('kl', v)}
          error={form.errors['thresholds.kl']}
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <NumberInput
          label={t('cascade.leakSensitivity')}
          description={t('cascade.leakSensitivityHint', { value: DEFAULT_DETECTION.sensitivity })}
          min={1}
          max={10}
          decimalScale={1}
          value={form.values.leakSensitivity}
          onChange={(v) => form.set('leakSensitivity', v)}
          error={form.errors['thresholds.leakSensitivity']}
        />
        <NumberInput
          label={t('cascade.leakFloor')}
          description={t('cascade.leakFloorHint', { value: DEFAULT_DETECTION.floorM3h })}
          min={0}
          decimalScale={3}
          value={form.values.leakFloor}
          onChange={(v) => form.set('leakFloor', v)}
          error={form.errors['thresholds.leakFloor']}
        />
      </SimpleGrid>
    </>
  );
}

/**
 * Edits a point's name, leader and thresholds (on the root these are the partition's), or adds a child point
 * under `parent` (the server refuses a sixth layer).
 */
export function PointForm({
  partitionId,
  target,
  onClose,
}: {
  partitionId: string;
  target: { edit: PointView } | { parent: PointView };
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const editing = 'edit' in target ? target.edit : null;
  const form = usePointForm(editing ? pointValuesOf(editing) : EMPTY_POINT);
  const isRoot = editing?.parentId === null;

  async function save() {
    const saved = await form.submit(async ({ boundary: _, ...fields }) => {
      if (editing) await updatePoint({ partitionId, pointId: editing.pointId, ...fields });
      else if ('parent' in target)
        await addPoint({ partitionId, parentId: target.parent.pointId, ...fields });
    });
    if (saved) onClose(true);
  }

  return (
    <FormDialog
      size="lg"
      testId="point-form"
      busy={form.busy}
      onClose={() => onClose(false)}
      onSubmit={save}
      title={
        editing
          ? t('cascade.pointEditTitle', { name: editing.name })
          : 'parent' in target
            ? t('cascade.pointAddTitle', { name: target.parent.name })
            : ''
      }
    >
      <PointFieldInputs form={form} nameLabel={isRoot ? t('cascade.name') : t('cascade.pointName')} />
    </FormDialog>
  );
}
