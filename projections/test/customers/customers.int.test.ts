import { testEngines } from '@hydrolog/eventstore/testing';
import { eventSchemas, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersProjection } from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';

describe.each(testEngines())('customers projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, userId: 'clerk', correlationId: uuidv7() };
  beforeAll(async () => {
    fx = await projectionsOn(engine, [customersProjection]);
  });
  afterAll(() => fx.db.close());

  it('a customer type and an account opened, recharged and frozen', async () => {
    const [customerTypeId, customerId, meterId] = [uuidv7(), uuidv7(), uuidv7()];
    await fx.append(
      `customerType-${customerTypeId}`,
      [
        {
          type: 'CustomerTypeCreated',
          data: { customerTypeId, tenantId, name: 'Household', remark: null, createdAt: AT },
        },
      ],
      metadata,
    );
    // The schema fills the account's defaults, as the decider's command does.
    const opened = eventSchemas.CustomerOpened.data.parse({
      customerId,
      tenantId,
      accountNo: 'A-0001',
      name: 'Li Wei',
      phone: '13800000000',
      customerTypeId,
      meterId,
      meterNo: '1000000001',
      meterTypeId: uuidv7(),
      openedAt: AT,
      valveCommandId: null,
    });
    await fx.append(
      `customer-${customerId}`,
      [
        { type: 'CustomerOpened', data: opened },
        { type: 'AccountRecharged', data: { customerId, at: AT, amount: 50, payChannel: '3' } },
        { type: 'CustomerFrozen', data: { customerId, at: AT, valveCommandId: null } },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT name, remark FROM customer_types')).toEqual([
      { name: 'Household', remark: null },
    ]);
    expect(
      await fx.rows(
        `SELECT account_no, name, meter_no, customer_type_id::text, balance::text, status, version::int, opened_by
         FROM customers`,
      ),
    ).toEqual([
      {
        account_no: 'A-0001',
        name: 'Li Wei',
        meter_no: '1000000001',
        customer_type_id: customerTypeId,
        balance: '50.00',
        status: 'frozen',
        version: 2,
        opened_by: 'clerk',
      },
    ]);
  });
});
