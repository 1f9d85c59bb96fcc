import { billDecider, billOf, type ClosingBillType, closingPeriod, localDate } from '@hydrolog/domain';
import { closingBillAccount, priceSchemeVersions, tenantTimeZone } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';
import { billIdOf, dailyBillDays } from './run-bills.ts';

/**
 * The bill that closes an account's running billing period at `at` (a freeze, a transfer to a new holder, a
 * change of price scheme), as a step of the change that closes it: appended with it or not at all. It bills
 * the days since the account's last bill up to the local day of `at` (closingPeriod), under the scheme and to
 * the holder the account has before the change. No step when there is nothing to bill: not a postpaid
 * account that bills on a scheme, or no whole day since its last bill. A stream already written (a bill run that
 * billed the same start meanwhile) is left as it is: that bill covers those days, the rest is the run's.
 */
export async function closingBillSteps(
  { db }: Services,
  request: FastifyRequest,
  customerId: string,
  closing: ClosingBillType,
  at: string,
): Promise<StreamCommand[]> {
  const { tenantId } = callerOf(request);
  return readAsCaller(db, request, async (sql) => {
    const timeZone = await tenantTimeZone(sql, tenantId);
    const account = await closingBillAccount(sql, customerId, timeZone);
    const tariff = account && (await priceSchemeVersions(sql, account.priceSchemeId));
    if (!account || !tariff) return [];
    const { lastBill } = account;
    const period = closingPeriod(
      tariff,
      localDate(Date.parse(at), timeZone),
      lastBill?.periodTo ?? null,
      account.firstDay,
    );
    if (!period) return [];
    // The steps carry over from a bill on the same scheme that ends where this one starts.
    const carried =
      lastBill?.periodTo === period.from && lastBill.priceSchemeId === account.priceSchemeId
        ? lastBill.accumulatedLitres
        : 0;
    const bill = billOf({
      billId: billIdOf(customerId, period.from),
      tenantId,
      customerId,
      accountNo: account.accountNo,
      holderName: account.holderName,
      priceSchemeId: account.priceSchemeId,
      tariff,
      period,
      accumulatedLitres: carried,
      ...(await dailyBillDays(sql, customerId, period, account.firstDay, timeZone)),
      issuedAt: at,
      closing,
      surchargeItems: account.surchargeItems,
    });
    return [{ decider: billDecider, id: bill.billId, command: { type: 'IssueBill', bill } }];
  });
}
