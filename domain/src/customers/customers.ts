import type { CustomerStatus, EventData, Holder, OpenAccount } from '@hydrolog/schemas';
import { type ArrearsValve, arrearsReached, type RechargeDue, rechargeDeductions } from '../billing/index.ts';
import { type Decider, DomainError, type EventOf } from '../decider.ts';
import { centsOf } from '../money.ts';

// ---- Customer types ----------------------------------------------------------------------------------

export type CustomerTypeEvent = EventOf<
  'CustomerTypeCreated' | 'CustomerTypeChanged' | 'CustomerTypeDeleted'
>;
export type CustomerTypeState =
  | { exists: false }
  | { exists: true; customerTypeId: string; name: string; deleted: boolean };
export type CustomerTypeCommand =
  | ({ type: 'CreateCustomerType' } & EventData<'CustomerTypeCreated'>)
  | { type: 'ChangeCustomerType'; name: string; remark: string | null }
  /** `customers`: how many customers have the type (the use case counts); a type in use stays. */
  | { type: 'DeleteCustomerType'; customers: number };

/** A customer type of a tenant; its name is unique in the tenant (the read model's unique index). */
export const customerTypeDecider: Decider<CustomerTypeCommand, CustomerTypeEvent, CustomerTypeState> = {
  category: 'customerType',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'CustomerTypeCreated':
        return {
          exists: true,
          customerTypeId: event.data.customerTypeId,
          name: event.data.name,
          deleted: false,
        };
      case 'CustomerTypeChanged':
        return state.exists ? { ...state, name: event.data.name } : state;
      case 'CustomerTypeDeleted':
        return state.exists ? { ...state, deleted: true } : state;
    }
  },
  decide(command, state) {
    if (command.type === 'CreateCustomerType') {
      if (state.exists) return new DomainError('error.customerType.exists');
      const { type: _, ...data } = command;
      return [{ type: 'CustomerTypeCreated', data }];
    }
    if (!state.exists || state.deleted) return new DomainError('error.customerType.notFound');
    const { customerTypeId } = state;
    if (command.type === 'ChangeCustomerType')
      return [
        { type: 'CustomerTypeChanged', data: { customerTypeId, name: command.name, remark: command.remark } },
      ];
    if (command.customers > 0) return new DomainError('error.customerType.inUse');
    return [{ type: 'CustomerTypeDeleted', data: { customerTypeId } }];
  },
};

// ---- Customer accounts -------------------------------------------------------------------------------

export type CustomerEvent = EventOf<
  | 'CustomerOpened'
  | 'CustomerFrozen'
  | 'CustomerUnfrozen'
  | 'CustomerCancelled'
  | 'CustomerTransferred'
  | 'CustomerPriceSchemeChanged'
  | 'CustomerMeterChanged'
  | 'CustomerMoved'
  | 'AccountRecharged'
  | 'AccountRefunded'
  | 'AccountDeducted'
  | 'AccountBillPaid'
  | 'AccountBillCredited'
>;

export type CustomerState =
  | { exists: false }
  | {
      exists: true;
      customerId: string;
      status: CustomerStatus;
      meterId: string;
      /** The price scheme the account's water is charged at (none: not charged by a scheme). */
      priceSchemeId: string | null;
      /** Money on the account in cents (integers: no rounding drift over many recharges). */
      balanceCents: number;
      /** The last day a prepaid deduction paid for: days are paid for once, in order. */
      lastDeductedDay: string | null;
      /** Arrears closed the valve, and no recharge has opened it since. */
      arrearsClosed: boolean;
    };

export type CustomerCommand =
  /** `facts`: what the opening rules need, read by the use case from the read models (`openingRefusal`). */
  | ({ type: 'OpenAccount' } & Omit<OpenAccount, 'accountNo' | 'openedOn'> & {
        customerId: string;
        tenantId: string;
        accountNo: string;
        meterNo: string;
        meterTypeId: string;
        openedAt: string;
        valveCommandId: string | null;
        facts: OpeningFacts;
      })
  | { type: 'Freeze'; at: string; valveCommandId: string | null }
  | { type: 'Unfreeze'; at: string; valveCommandId: string | null }
  /** `openDebt`: what the account still owes on its debts (cents), as the billing read model has it. */
  | { type: 'Cancel'; at: string; openDebt: number }
  | ({ type: 'Transfer'; at: string } & Holder)
  /** A scheme of the tenant (the use case finds it, as it does when an account opens). */
  | { type: 'ChangePriceScheme'; at: string; priceSchemeId: string }
  /** `meterOnAccount`: an account holds the new meter (the use case reads the meters). */
  | {
      type: 'ChangeMeter';
      at: string;
      meterId: string;
      meterNo: string;
      meterTypeId: string;
      meterOnAccount: boolean;
    }
  /**
   * With its meter to another tenant; `accountNo` names the account in refusals of a batch;
   * `accountNoTakenInTarget`: an account of the target has the number (the use case reads the target).
   */
  | ({ type: 'Move'; accountNo: string; openDebt: number; accountNoTakenInTarget: boolean } & Omit<
      EventData<'CustomerMoved'>,
      'customerId'
    >)
  /**
   * `due`: the debt instalments and bound surcharges the recharge pays first (the use case reads them);
   * `purchaseLimitCents`: the most one recharge of the account may bring; `valve`: the valve to open if the
   * recharge ends the arrears that closed it.
   */
  | {
      type: 'Recharge';
      at: string;
      amount: number;
      payChannel: EventData<'AccountRecharged'>['payChannel'];
      due?: RechargeDue;
      purchaseLimitCents?: number | null;
      valve?: ArrearsValve | null;
    }
  /** A day's water of a prepaid account paid from its balance; `valve`: the valve to close if arrears reach it. */
  | ({ type: 'Deduct'; valve: ArrearsValve | null } & Omit<
      EventData<'AccountDeducted'>,
      'customerId' | 'valveCommandId'
    >)
  | { type: 'Refund'; at: string; payChannel: EventData<'AccountRefunded'>['payChannel'] }
  /** A bill paid out of the balance: refused when the balance is short. */
  | { type: 'PayBillFromBalance'; at: string; billId: string; amountCents: number }
  /** A correction's credit (`billId`: the correcting bill) paid into the balance. */
  | { type: 'CreditBill'; at: string; billId: string; amountCents: number };

/** What the rules of opening an account need to know, read by the use case from the read models. */
export interface OpeningFacts {
  /** An account holds the meter already. */
  meterOnAccount: boolean;
  /** The operator gave a number. */
  accountNoGiven: boolean;
  /** The tenant numbers accounts by hand (`accountNoGenMode` manual). */
  manualAccountNos: boolean;
  /** An account of the tenant has the number given. */
  accountNoTaken: boolean;
  /**
   * An account opened on an earlier day than today (local days of the tenant): that day, today, and the
   * earliest day its meter may open on (the meter's registration, or today when the meter was on an
   * account before, whose water is that account's).
   */
  openedOn?: { day: string; today: string; earliest: string };
}

/**
 * Why an account may not be opened: its meter is on an account, its number is missing or taken, or the day it
 * opened on is later than today or earlier than its meter may open. The decider's rule, asked alone by a batch
 * open to give each row of its file its reason.
 */
export function openingRefusal(facts: OpeningFacts): DomainError | null {
  if (facts.meterOnAccount) return new DomainError('error.customer.meterTaken');
  if (!facts.accountNoGiven && facts.manualAccountNos)
    return new DomainError('error.customer.accountNoRequired');
  if (facts.accountNoGiven && facts.accountNoTaken) return new DomainError('error.customer.accountExists');
  const opened = facts.openedOn;
  if (opened && opened.day > opened.today) return new DomainError('error.customer.openedInFuture');
  if (opened && opened.day < opened.earliest)
    return new DomainError('error.customer.openedBeforeMeter', { earliest: opened.earliest });
  return null;
}

export const fromCents = (cents: number) => cents / 100;

/**
 * A customer account (spec section 4): active ⇄ frozen, either → cancelled (irreversible). Cancelling is
 * refused while money is on the account (refund first) or a debt is open. A cancelled account takes no
 * command at all.
 */
export const customerDecider: Decider<CustomerCommand, CustomerEvent, CustomerState> = {
  category: 'customer',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    if (event.type === 'CustomerOpened')
      return {
        exists: true,
        customerId: event.data.customerId,
        status: 'active',
        meterId: event.data.meterId,
        priceSchemeId: event.data.priceSchemeId ?? null,
        balanceCents: 0,
        lastDeductedDay: null,
        arrearsClosed: false,
      };
    if (!state.exists) return state;
    switch (event.type) {
      case 'CustomerFrozen':
        return { ...state, status: 'frozen' };
      case 'CustomerUnfrozen':
        // Unfreezing opens the valve whatever closed it; arrears that still stand close it again.
        return { ...state, status: 'active', arrearsClosed: false };
      case 'CustomerCancelled':
        return { ...state, status: 'cancelled' };
      case 'CustomerTransferred':
        return state;
      case 'CustomerPriceSchemeChanged':
        return { ...state, priceSchemeId: event.data.priceSchemeId };
      case 'CustomerMoved':
        // The price scheme was the old tenant's.
        return { ...state, priceSchemeId: null };
      case 'CustomerMeterChanged':
        return { ...state, meterId: event.data.meterId };
      case 'AccountRecharged': {
        const paidFirst = (event.data.deductions ?? []).reduce((sum, d) => sum + d.amountCents, 0);
        return {
          ...state,
          balanceCents: state.balanceCents + centsOf(event.data.amount) - paidFirst,
          arrearsClosed: state.arrearsClosed && !event.data.valveCommandId,
        };
      }
      case 'AccountDeducted':
        return {
          ...state,
          balanceCents: state.balanceCents - event.data.amountCents,
          lastDeductedDay: event.data.day,
          arrearsClosed: state.arrearsClosed || event.data.valveCommandId !== null,
        };
      case 'AccountRefunded':
        return { ...state, balanceCents: state.balanceCents - centsOf(event.data.amount) };
      case 'AccountBillPaid':
        return { ...state, balanceCents: state.balanceCents - event.data.amountCents };
      case 'AccountBillCredited':
        return { ...state, balanceCents: state.balanceCents + event.data.amountCents };
    }
  },
  decide(command, state) {
    if (command.type === 'OpenAccount') {
      if (state.exists) return new DomainError('error.customer.exists');
      const { type: _, facts, ...data } = command;
      return openingRefusal(facts) ?? [{ type: 'CustomerOpened', data }];
    }
    if (!state.exists) return new DomainError('error.customer.notFound');
    if (state.status === 'cancelled') return new DomainError('error.customer.closed');
    const { customerId } = state;
    switch (command.type) {
      case 'Freeze':
        if (state.status === 'frozen') return new DomainError('error.customer.alreadyFrozen');
        return [
          {
            type: 'CustomerFrozen',
            data: { customerId, at: command.at, valveCommandId: command.valveCommandId },
          },
        ];
      case 'Unfreeze':
        if (state.status !== 'frozen') return new DomainError('error.customer.notFrozen');
        return [
          {
            type: 'CustomerUnfrozen',
            data: { customerId, at: command.at, valveCommandId: command.valveCommandId },
          },
        ];
      case 'Cancel':
        if (state.balanceCents > 0) return new DomainError('error.customer.balanceNotRefunded');
        // Arrears of a prepaid account are owed like a debt.
        if (command.openDebt > 0 || state.balanceCents < 0)
          return new DomainError('error.customer.cancelNotAllowed');
        return [{ type: 'CustomerCancelled', data: { customerId, at: command.at } }];
      case 'Transfer': {
        const { type: _, ...data } = command;
        return [{ type: 'CustomerTransferred', data: { customerId, ...data } }];
      }
      case 'ChangePriceScheme': {
        if (command.priceSchemeId === state.priceSchemeId) return [];
        const { at, priceSchemeId } = command;
        return [{ type: 'CustomerPriceSchemeChanged', data: { customerId, at, priceSchemeId } }];
      }
      case 'ChangeMeter': {
        if (command.meterId === state.meterId) return [];
        if (command.meterOnAccount) return new DomainError('error.customer.meterTaken');
        const { type: _, meterOnAccount: __, ...data } = command;
        return [{ type: 'CustomerMeterChanged', data: { customerId, ...data } }];
      }
      case 'Move': {
        // The money on an account and its debts belong to the utility it leaves: settled before it goes.
        const { type: _, accountNo, openDebt, accountNoTakenInTarget, ...data } = command;
        if (accountNoTakenInTarget) return new DomainError('error.meterMove.accountTaken', { accountNo });
        if (state.balanceCents > 0) return new DomainError('error.meterMove.balance', { accountNo });
        if (openDebt > 0 || state.balanceCents < 0)
          return new DomainError('error.meterMove.debt', { accountNo });
        return [{ type: 'CustomerMoved', data: { customerId, ...data } }];
      }
      case 'Recharge': {
        const amountCents = centsOf(command.amount);
        if (amountCents <= 0) return new DomainError('error.customer.balanceInsufficient');
        const { type: _, due, purchaseLimitCents, valve, ...data } = command;
        if (purchaseLimitCents != null && amountCents > purchaseLimitCents)
          return new DomainError('error.customer.purchaseLimit', { limit: fromCents(purchaseLimitCents) });
        const deductions = due ? rechargeDeductions(amountCents, due, command.at) : [];
        const paidFirst = deductions.reduce((sum, d) => sum + d.amountCents, 0);
        const opens =
          valve != null &&
          state.arrearsClosed &&
          !arrearsReached(state.balanceCents + amountCents - paidFirst, valve.thresholdCents);
        return [
          {
            type: 'AccountRecharged',
            data: {
              customerId,
              ...data,
              ...(deductions.length > 0 ? { deductions } : {}),
              ...(opens ? { valveCommandId: valve.commandId } : {}),
            },
          },
        ];
      }
      case 'Deduct': {
        // A rerun of the deduction pays for no day twice.
        if (state.lastDeductedDay !== null && command.day <= state.lastDeductedDay) return [];
        const { type: _, valve, ...data } = command;
        const closes =
          valve !== null &&
          !state.arrearsClosed &&
          arrearsReached(state.balanceCents - command.amountCents, valve.thresholdCents);
        return [
          {
            type: 'AccountDeducted',
            data: { customerId, ...data, valveCommandId: closes ? valve.commandId : null },
          },
        ];
      }
      case 'Refund':
        if (state.balanceCents <= 0) return new DomainError('error.customer.balanceInsufficient');
        return [
          {
            type: 'AccountRefunded',
            data: {
              customerId,
              at: command.at,
              amount: fromCents(state.balanceCents),
              payChannel: command.payChannel,
            },
          },
        ];
      case 'PayBillFromBalance': {
        if (state.balanceCents < command.amountCents)
          return new DomainError('error.customer.balanceInsufficient');
        const { type: _, ...data } = command;
        return [{ type: 'AccountBillPaid', data: { customerId, ...data } }];
      }
      case 'CreditBill': {
        const { type: _, ...data } = command;
        return [{ type: 'AccountBillCredited', data: { customerId, ...data } }];
      }
    }
  },
};
