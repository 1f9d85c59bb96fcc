import { type GatewayBody, type GatewayView, gatewayBodySchema } from '@hydrolog/schemas';
import { Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createGateway, type GatewayKey, getGateway, updateGateway } from './api/gateways.ts';
import { GATEWAY_KINDS } from './gatewayQuery.ts';

interface Props {
  /** The gateway to edit; null to register one. */
  gateway: GatewayView | null;
  onClose(): void;
  /** After a save; with the new gateway's key (answered this once) when one was registered. */
  onSaved(created: (GatewayKey & { name: string }) | null): void;
}

interface Values extends Record<string, unknown> {
  name: string;
  kind: GatewayBody['kind'];
  manufacturer: string;
  remark: string;
}

const valuesOf = (gateway: GatewayView | null): Values => ({
  name: gateway?.name ?? '',
  kind: gateway?.kind ?? 'gateway',
  manufacturer: gateway?.manufacturer ?? '',
  remark: gateway?.remark ?? '',
});

/** Blank optional fields are left out (an edit clears them). */
const bodyOf = (data: GatewayBody): GatewayBody => ({
  name: data.name,
  kind: data.kind,
  manufacturer: data.manufacturer || undefined,
  remark: data.remark || undefined,
});

/** Register or edit a gateway; validated in the browser with the server's schema. */
export function GatewayForm({ gateway, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, GatewayBody>(gatewayBodySchema, valuesOf(gateway));
  /** The version the edit is based on: the latest one when the form opens. */
  const [version, setVersion] = useState(gateway?.version ?? 0);

  useFreshRecord(
    gateway,
    (shown) => getGateway(shown.gatewayId),
    (fresh) => {
      form.refresh(valuesOf(fresh));
      setVersion(fresh.version);
    },
  );

  async function submit() {
    const answer: { created?: GatewayKey & { name: string } } = {};
    await form.save(
      async (data) => {
        if (gateway) await updateGateway({ ...bodyOf(data), gatewayId: gateway.gatewayId, version });
        else answer.created = { ...(await createGateway(bodyOf(data))), name: data.name };
      },
      t(gateway ? 'gateways.saved' : 'gateways.created'),
      () => onSaved(answer.created ?? null),
    );
  }

  return (
    <FormDialog
      title={t(gateway ? 'gateways.edit' : 'gateways.new')}
      size="lg"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('gateways.name')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        {...form.text('name')}
      />
      <SegmentedField
        label={t('gateways.kind')}
        options={GATEWAY_KINDS.map((v) => ({ value: v, label: t(`gateways.kinds.${v}`) }))}
        value={form.values.kind}
        onChange={(value) => form.set('kind', value)}
      >
        <Text size="xs" c="dimmed">
          {t(`gateways.kindHints.${form.values.kind}`)}
        </Text>
      </SegmentedField>
      <TextInput label={t('gateways.manufacturer')} autoComplete="off" {...form.text('manufacturer')} />
      <Textarea label={t('gateways.remark')} autosize minRows={2} maxRows={5} {...form.text('remark')} />
      {!gateway && (
        <Text size="xs" c="dimmed">
          {t('gateways.keyOnCreate')}
        </Text>
      )}
    </FormDialog>
  );
}
