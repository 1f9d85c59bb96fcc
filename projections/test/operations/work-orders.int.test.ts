import { testEngines } from '@hydrolog/eventstore/testing';
import { type DomainEvent, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getWorkOrder,
  listMyWorkOrders,
  listWorkOrders,
  meterRegistryProjection,
  usersProjection,
  withTenant,
  workOrdersProjection,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const at = (day: number) => `2026-11-0${day}T08:00:00.000Z`;
const PAGE = { pageNum: 1, pageSize: 10 };

describe.each(testEngines())('work orders projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  const fitter = uuidv7();
  const dispatcher = uuidv7();
  beforeAll(async () => {
    fx = await projectionsOn(engine, [usersProjection, meterRegistryProjection, workOrdersProjection]);
  });
  afterAll(() => fx.db.close());

  const order = async (
    title: string,
    workOrderType: 0 | 1,
    more: DomainEvent[] = [],
    dueDate = '2026-11-03',
  ) => {
    const workOrderId = uuidv7();
    await fx.append(
      `workOrder-${workOrderId}`,
      [
        {
          type: 'WorkOrderCreated',
          data: {
            workOrderId,
            tenantId,
            workOrderType,
            title,
            description: '',
            meterId: null,
            alarmIds: [],
            assigneeId: null,
            dueDate,
            by: dispatcher,
            at: at(1),
          },
        },
        ...more.map((e) => ({ ...e, data: { ...e.data, workOrderId } }) as DomainEvent),
      ],
      metadata,
    );
    return workOrderId;
  };

  it('keeps each order with its state and its history line by line, by tenant, and rebuilds the same', async () => {
    const by = { workOrderId: '', by: fitter, at: at(2) };
    const valve = await order('Replace the valve', 0, [
      { type: 'WorkOrderAssigned', data: { ...by, by: dispatcher, assigneeId: fitter } },
      { type: 'WorkOrderStarted', data: by },
      { type: 'WorkOrderCommented', data: { ...by, content: 'Parts ordered' } },
      { type: 'WorkOrderAttachmentAdded', data: { ...by, url: '/uploads/workOrder/a.png' } },
      { type: 'WorkOrderCompleted', data: { ...by, at: at(4), remark: 'Done', alarmIds: [] } },
    ]);
    const late = await order('Read the block', 1, [
      { type: 'WorkOrderAssigned', data: { ...by, assigneeId: fitter } },
    ]);
    await order('Dropped', 0, [{ type: 'WorkOrderCancelled', data: { ...by, reason: 'Duplicate' } }]);

    const view = await withTenant(fx.db, tenantId, (sql) => getWorkOrder(sql, valve, '2026-11-05'));
    expect(view).toMatchObject({
      workOrderType: 0,
      status: 'completed',
      assigneeId: fitter,
      remark: 'Done',
      attachments: ['/uploads/workOrder/a.png'],
      completeTime: at(4),
      overdue: false,
      version: 5,
    });
    expect(view?.history.map((h) => [h.kind, h.text ?? h.url])).toEqual([
      ['created', null],
      ['assigned', null],
      ['started', null],
      ['commented', 'Parts ordered'],
      ['attached', '/uploads/workOrder/a.png'],
      ['completed', 'Done'],
    ]);

    const maintenance = await withTenant(fx.db, tenantId, (sql) =>
      listWorkOrders(sql, 0, { ...PAGE, today: '2026-11-05' }),
    );
    expect(maintenance.rows.map((r) => [r.title, r.status])).toEqual([
      ['Replace the valve', 'completed'],
      ['Dropped', 'cancelled'],
    ]);
    const open = await withTenant(fx.db, tenantId, (sql) =>
      listWorkOrders(sql, 0, { ...PAGE, status: 'cancelled', today: '2026-11-05' }),
    );
    expect(open.total).toBe(1);

    // Open past its due date is overdue; the assignee sees it among their orders.
    const mine = await withTenant(fx.db, tenantId, (sql) =>
      listMyWorkOrders(sql, fitter, { ...PAGE, today: '2026-11-05' }),
    );
    expect(mine.rows.map((r) => [r.workOrderId, r.overdue])).toEqual([
      [late, true],
      [valve, false],
    ]);

    // Another tenant sees none of them.
    expect(await withTenant(fx.db, uuidv7(), (sql) => getWorkOrder(sql, valve, '2026-11-05'))).toBeNull();
    expect((await fx.runner.verify('workOrders')).equal).toBe(true);
  });
});
