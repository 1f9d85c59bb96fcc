import type { CustomerHistoryEntry, CustomerView } from '@hydrolog/schemas';
import { Drawer, Group, Loader, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePollWhile } from '../../hooks/usePollWhile.ts';
import { isCommandUnderWay } from '../../lib/meterQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { CommandFailure, ValveState } from '../meters/index.ts';
import { customerHistory, getCustomer } from './api/customers.ts';
import { CommandBadge, StatusBadge } from './CustomerBadges.tsx';
import { usePriceSchemes } from './usePriceSchemes.ts';

/** A labelled value (a text, a number or an element such as the valve's state), a dash when empty. */
function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}

/** The account and its history, read from its event stream: who did what, when, with what result. */
export function CustomerDetail({ customerId, onClose }: { customerId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [customer, setCustomer] = useState<CustomerView | null>(null);
  const [history, setHistory] = useState<CustomerHistoryEntry[] | null>(null);
  const schemes = usePriceSchemes();

  const reload = useCallback(() => {
    getCustomer(customerId).then(setCustomer, onClose);
    customerHistory(customerId).then(setHistory, () => setHistory([]));
  }, [customerId, onClose]);
  useEffect(reload, [reload]);
  // While a valve command is on its way, the drawer looks again.
  usePollWhile(
    isCommandUnderWay(customer?.lastValveCommand?.status ?? null) ||
      (history?.some((h) => isCommandUnderWay(h.valveCommand?.status ?? null)) ?? false),
    reload,
  );

  const money = (value: number | null) => formatNumber(value, i18n.language, 2);
  const describe = (entry: CustomerHistoryEntry) => {
    const amount = typeof entry.detail.amount === 'number' ? money(entry.detail.amount) : '';
    return t(`customers.events.${entry.type}`, { ...entry.detail, amount, defaultValue: entry.type });
  };

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={customer ? t('customers.detailOf', { accountNo: customer.accountNo }) : t('customers.detail')}
    >
      {!customer ? (
        <Loader />
      ) : (
        <Stack data-testid="customer-detail">
          <Group>
            <Title order={5}>{customer.name}</Title>
            <StatusBadge status={customer.status} />
          </Group>
          <SimpleGrid cols={2}>
            <Field label={t('customers.accountNo')} value={customer.accountNo} />
            <Field label={t('customers.balance')} value={money(customer.balance)} />
            <Field label={t('customers.phone')} value={customer.phone} />
            <Field label={t('customers.type')} value={customer.customerTypeName} />
            <Field
              label={t('customers.meterNo')}
              value={`${customer.meterNo} · ${customer.meterTypeName ?? ''}`}
            />
            {customer.valveControl && (
              <Field
                label={t('customers.valve')}
                value={
                  <ValveState
                    meterNo={customer.meterNo}
                    valve={customer.valve}
                    reportedAt={customer.lastReportAt}
                    command={customer.lastValveCommand}
                    onRetried={reload}
                  />
                }
              />
            )}
            <Field label={t('customers.nature')} value={t(`customers.natures.${customer.nature}`)} />
            <Field label={t('customers.idType')} value={t(`customers.idTypes.${customer.idType}`)} />
            <Field label={t('customers.idNumber')} value={customer.idNumber} />
            <Field label={t('customers.address')} value={customer.address} />
            <Field label={t('customers.waterUse')} value={t(`customers.waterUses.${customer.waterUse}`)} />
            <Field
              label={t('customers.businessMode')}
              value={t(`customers.businessModes.${customer.businessMode}`)}
            />
            <Field
              label={t('customers.payChannel')}
              value={t(`customers.payChannels.${customer.payChannel}`)}
            />
            <Field
              label={t('customers.priceScheme')}
              value={schemes.find((s) => s.priceSchemeId === customer.priceSchemeId)?.name}
            />
            {customer.nature === '1' && (
              <>
                <Field label={t('customers.companyName')} value={customer.companyName} />
                <Field label={t('customers.creditCode')} value={customer.creditCode} />
                <Field label={t('customers.legalRepresentative')} value={customer.legalRepresentative} />
              </>
            )}
            <Field label={t('customers.purchaseLimit')} value={money(customer.purchaseLimit)} />
            <Field
              label={t('customers.arrearsCloseThreshold')}
              value={money(customer.arrearsCloseThreshold)}
            />
            <Field label={t('customers.balanceThreshold')} value={money(customer.balanceThreshold)} />
            <Field
              label={t('customers.openTime')}
              value={dayjs(customer.openTime).format('YYYY-MM-DD HH:mm:ss')}
            />
            <Field label={t('customers.remarks')} value={customer.remarks} />
          </SimpleGrid>
          {customer.attachments.length > 0 && (
            <Group gap="xs">
              {customer.attachments.map((url) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={t('customers.attachments')} height={64} />
                </a>
              ))}
            </Group>
          )}
          <Title order={5}>{t('customers.history')}</Title>
          {history === null ? (
            <Loader size="sm" />
          ) : history.length === 0 ? (
            <Text c="dimmed">{t('customers.historyEmpty')}</Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2} data-testid="customer-history">
              {history.map((entry) => (
                <Timeline.Item key={entry.eventId} title={describe(entry)} data-event={entry.type}>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {dayjs(entry.at).format('YYYY-MM-DD HH:mm:ss')}
                    </Text>
                    {entry.operator && (
                      <Text size="xs" c="dimmed">
                        {t('customers.operator', { name: entry.operator })}
                      </Text>
                    )}
                    {entry.valveCommand && <CommandBadge command={entry.valveCommand} />}
                  </Group>
                  {entry.valveCommand && (
                    // Only the meter's latest command is sent again: an older one was overtaken.
                    <CommandFailure
                      meterNo={customer.meterNo}
                      command={entry.valveCommand}
                      retry={entry.valveCommand.commandId === customer.lastValveCommand?.commandId}
                      onRetried={reload}
                    />
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
