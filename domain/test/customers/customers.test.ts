import { openAccountBodySchema, rechargeBodySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import {
  type CustomerCommand,
  type CustomerEvent,
  type CustomerTypeEvent,
  customerDecider,
  customerTypeDecider,
} from '../../src/customers/index.ts';
import { DomainError, fold } from '../../src/decider.ts';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const customerId = '0190a000-0000-7000-8000-0000000000e1';
const customerTypeId = '0190a000-0000-7000-8000-0000000000e2';
const meterId = '0190a000-0000-7000-8000-0000000000d1';
const meterTypeId = '0190a000-0000-7000-8000-0000000000d2';
const commandId = '0190a000-0000-7000-8000-0000000000c1';
const at = '2026-11-02T00:00:00.000Z';

const body = openAccountBodySchema.parse({
  name: 'Wang Fang',
  phone: '13800000009',
  customerTypeId,
  meterId,
});
const opened: CustomerEvent = {
  type: 'CustomerOpened',
  data: {
    ...body,
    customerId,
    tenantId,
    accountNo: 'A0001',
    meterNo: '10000001',
    meterTypeId,
    openedAt: '2026-11-01T00:00:00.000Z',
    valveCommandId: null,
  },
};
const frozen: CustomerEvent = { type: 'CustomerFrozen', data: { customerId, at, valveCommandId: commandId } };
const cancelled: CustomerEvent = { type: 'CustomerCancelled', data: { customerId, at } };
const recharged = (amount: number): CustomerEvent => ({
  type: 'AccountRecharged',
  data: { customerId, at, amount, payChannel: '3' },
});

const when = (events: CustomerEvent[], command: CustomerCommand) =>
  customerDecider.decide(command, fold(customerDecider, events));
const errorKey = (result: unknown) => (result instanceof DomainError ? result.key : result);

describe('customer account decider', () => {
  it('opens an account once', () => {
    const open = { type: 'OpenAccount' as const, ...opened.data };
    expect(when([], open)).toEqual([opened]);
    expect(errorKey(when([opened], open))).toBe('error.customer.exists');
  });

  it('freezes an active account with the valve command it issued, and refuses a second freeze', () => {
    expect(when([opened], { type: 'Freeze', at, valveCommandId: commandId })).toEqual([frozen]);
    expect(errorKey(when([opened, frozen], { type: 'Freeze', at, valveCommandId: null }))).toBe(
      'error.customer.alreadyFrozen',
    );
  });

  it('unfreezes only a frozen account', () => {
    expect(when([opened, frozen], { type: 'Unfreeze', at, valveCommandId: null })).toEqual([
      { type: 'CustomerUnfrozen', data: { customerId, at, valveCommandId: null } },
    ]);
    expect(errorKey(when([opened], { type: 'Unfreeze', at, valveCommandId: null }))).toBe(
      'error.customer.notFrozen',
    );
  });

  it('refuses to cancel while a balance is not refunded, then cancels once it is', () => {
    const refund = when([opened, recharged(12.5)], { type: 'Refund', at, payChannel: '3' });
    expect(errorKey(when([opened, recharged(12.5)], { type: 'Cancel', at, openDebt: 0 }))).toBe(
      'error.customer.balanceNotRefunded',
    );
    expect(refund).toEqual([
      { type: 'AccountRefunded', data: { customerId, at, amount: 12.5, payChannel: '3' } },
    ]);
    const refunded = refund as CustomerEvent[];
    expect(when([opened, recharged(12.5), ...refunded], { type: 'Cancel', at, openDebt: 0 })).toEqual([
      cancelled,
    ]);
  });

  it('refuses to cancel while a debt is open', () => {
    expect(errorKey(when([opened], { type: 'Cancel', at, openDebt: 3 }))).toBe(
      'error.customer.cancelNotAllowed',
    );
  });

  it('cancels a frozen account too, and a cancelled account takes no command at all', () => {
    expect(when([opened, frozen], { type: 'Cancel', at, openDebt: 0 })).toEqual([cancelled]);
    const closed = [opened, cancelled];
    const commands: CustomerCommand[] = [
      { type: 'Freeze', at, valveCommandId: null },
      { type: 'Unfreeze', at, valveCommandId: null },
      { type: 'Cancel', at, openDebt: 0 },
      { type: 'Recharge', at, amount: 5, payChannel: '0' },
      { type: 'Refund', at, payChannel: '0' },
      { type: 'Transfer', at, name: 'Li Lei', phone: '13900000000', idType: '0', nature: '0' },
    ];
    for (const command of commands) expect(errorKey(when(closed, command))).toBe('error.customer.closed');
  });

  it('keeps the balance in cents: many small recharges add up exactly', () => {
    const tenCents = Array.from({ length: 3 }, () => recharged(0.1));
    expect(when([opened, ...tenCents], { type: 'Refund', at, payChannel: '2' })).toEqual([
      { type: 'AccountRefunded', data: { customerId, at, amount: 0.3, payChannel: '2' } },
    ]);
  });

  it('refuses a refund with nothing on the account (balance insufficient) and a zero recharge', () => {
    expect(errorKey(when([opened], { type: 'Refund', at, payChannel: '3' }))).toBe(
      'error.customer.balanceInsufficient',
    );
    expect(errorKey(when([opened], { type: 'Recharge', at, amount: 0, payChannel: '3' }))).toBe(
      'error.customer.balanceInsufficient',
    );
  });

  it('transfers the account to a new holder, and answers "account number not found" for no account', () => {
    const holder = { name: 'Li Lei', phone: '13900000000', idType: '1' as const, nature: '0' as const };
    expect(when([opened], { type: 'Transfer', at, ...holder })).toEqual([
      { type: 'CustomerTransferred', data: { customerId, at, ...holder } },
    ]);
    expect(errorKey(when([], { type: 'Transfer', at, ...holder }))).toBe('error.customer.notFound');
  });

  it('moves the account to a replacement meter; the same meter changes nothing', () => {
    const otherMeter = '0190a000-0000-7000-8000-0000000000d9';
    const replacement = { at, meterId: otherMeter, meterNo: '10000009', meterTypeId };
    const change = { type: 'ChangeMeter' as const, ...replacement };
    const events = when([opened], change) as CustomerEvent[];
    expect(events).toEqual([{ type: 'CustomerMeterChanged', data: { customerId, ...replacement } }]);
    expect(when([opened, ...events], change)).toEqual([]);
  });
});

describe('open-account and recharge bodies (spec section 5)', () => {
  const base = { name: 'Wang Fang', phone: '13800000009', customerTypeId, meterId };
  const issues = (value: unknown) =>
    openAccountBodySchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

  it('checks name 2-20, mobile 11 digits, ID number 18 digits, remarks up to 100', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, name: 'W' })).toEqual(['name:validation.customerName']);
    expect(issues({ ...base, name: 'W'.repeat(21) })).toEqual(['name:validation.customerName']);
    expect(issues({ ...base, phone: '1380000000' })).toEqual(['phone:validation.phone']);
    expect(issues({ ...base, idNumber: '12345678901234567' })).toEqual(['idNumber:validation.idNumber']);
    expect(issues({ ...base, idNumber: '123456789012345678' })).toEqual([]);
    expect(issues({ ...base, remarks: 'r'.repeat(101) })).toEqual(['remarks:validation.tooLong']);
    expect(issues({ ...base, payChannel: '4' })[0]).toMatch(/^payChannel:/);
  });

  it('requires company name, credit code and legal representative for an enterprise', () => {
    expect(issues({ ...base, nature: '1' })).toEqual([
      'companyName:validation.required',
      'creditCode:validation.required',
      'legalRepresentative:validation.required',
    ]);
    expect(
      issues({
        ...base,
        nature: '1',
        companyName: 'Acme',
        creditCode: '91330100MA27XXXX0A',
        legalRepresentative: 'Zhang San',
      }),
    ).toEqual([]);
  });

  it('takes amounts with at most two decimals and a recharge above zero', () => {
    const recharge = (amount: number) =>
      rechargeBodySchema.safeParse({ accountNo: 'A1', amount, payChannel: '3' }).error?.issues[0]?.message;
    expect(recharge(10.25)).toBeUndefined();
    expect(recharge(10.255)).toBe('validation.twoDecimals');
    expect(recharge(0)).toBe('validation.rechargePositive');
    expect(issues({ ...base, purchaseLimit: 1.001 })).toEqual(['purchaseLimit:validation.twoDecimals']);
  });
});

describe('customer type decider', () => {
  const created: CustomerTypeEvent = {
    type: 'CustomerTypeCreated',
    data: { customerTypeId, tenantId, name: 'Residential', remark: null, createdAt: at },
  };
  const decide = (events: CustomerTypeEvent[], command: Parameters<typeof customerTypeDecider.decide>[0]) =>
    customerTypeDecider.decide(command, fold(customerTypeDecider, events));

  it('renames a type and deletes it; a deleted type is not found', () => {
    expect(decide([created], { type: 'ChangeCustomerType', name: 'Households', remark: 'r' })).toEqual([
      { type: 'CustomerTypeChanged', data: { customerTypeId, name: 'Households', remark: 'r' } },
    ]);
    const deleted: CustomerTypeEvent = { type: 'CustomerTypeDeleted', data: { customerTypeId } };
    expect(decide([created], { type: 'DeleteCustomerType' })).toEqual([deleted]);
    expect(errorKey(decide([created, deleted], { type: 'DeleteCustomerType' }))).toBe(
      'error.customerType.notFound',
    );
    expect(errorKey(decide([created], { type: 'CreateCustomerType', ...created.data }))).toBe(
      'error.customerType.exists',
    );
  });
});
