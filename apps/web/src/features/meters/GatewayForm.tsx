import { type GatewayBody, type GatewayView, gatewayBodySchema } from '@hydrolog/schemas';
import { SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
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
  const { setValues } = form;
  /** The version the edit is based on: the latest one when the form opens. */
  const [version, setVersion] = useState(gateway?.version ?? 0);

  useEffect(() => {
    if (!gateway) return;
    getGateway(gateway.gatewayId).then(
      (fresh) => {
        setValues(valuesOf(fresh));
        setVersion(fresh.version);
      },
      () => undefined,
    );
  }, [gateway, setValues]);

  async function submit() {
    const answer: { created?: GatewayKey & { name: string } } = {};
    const saved = await form.submit(async (data) => {
      if (gateway) await updateGateway({ ...bodyOf(data), gatewayId: gateway.gatewayId, version });
      else answer.created = { ...(await createGateway(bodyOf(data))), name: data.name };
    });
    if (!saved) return;
    notifications.show({ color: 'green', message: t(gateway ? 'gateways.saved' : 'gateways.created') });
    onSaved(answer.created ?? null);
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
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('gateways.kind')}
        </Text>
        <SegmentedControl
          aria-label={t('gateways.kind')}
          data={GATEWAY_KINDS.map((v) => ({ value: v, label: t(`gateways.kinds.${v}`) }))}
          value={form.values.kind}
          onChange={(value) => form.set('kind', value === 'concentrator' ? 'concentrator' : 'gateway')}
          style={{ alignSelf: 'flex-start' }}
        />
        <Text size="xs" c="dimmed">
          {t(`gateways.kindHints.${form.values.kind}`)}
        </Text>
      </Stack>
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
