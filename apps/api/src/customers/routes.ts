import {
  type CustomerCommand,
  customerDecider,
  customerTypeDecider,
  DomainError,
  streamName,
} from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  findCustomerByAccountNo,
  freeMeters,
  getCustomer,
  getCustomerType,
  getMeterCommand,
  getTenant,
  listCustomers,
  listCustomerTypes,
  meterForOpening,
  meterTypeOptions,
  operatorNames,
} from '@hydrolog/projections';
import {
  apiResponses,
  type CustomerHistoryEntry,
  type CustomerRow,
  type CustomerTypeView,
  type CustomerView,
  customerActionBodySchema,
  customerHistoryEntrySchema,
  customerListQuerySchema,
  customerRowSchema,
  customerTypeBodySchema,
  customerTypeListQuerySchema,
  customerTypeViewSchema,
  customerViewSchema,
  type EventMetadata,
  envelopeSchema,
  freeMeterSchema,
  idListSchema,
  importQuerySchema,
  importReportSchema,
  listEnvelopeSchema,
  type MessageKey,
  noDataResponses,
  openAccountBodySchema,
  pageQuerySchema,
  rechargeBodySchema,
  refundBodySchema,
  type TenantSettings,
  transferBodySchema,
  translate,
  updateCustomerTypeBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';
import { saveImageUpload } from '../uploads.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';
import { importCustomers, takenMeanwhile, templateColumns } from './import.ts';
import { nextAccountNos, OpeningConflict, openAccounts, openingClashes } from './open-account.ts';

const customerResponse = apiResponses(envelopeSchema(customerViewSchema));
const customerIdParams = z.object({ customerId: z.uuid() });

/**
 * What the account still owes. Billing (a later issue) answers it from its debts read model; until then
 * no account has a debt. Cancelling is refused while it is above zero.
 */
async function openDebtOf(_sql: Sql, _customerId: string): Promise<number> {
  return 0;
}

/** Customer types and customer accounts of the caller's tenant (spec sections 2, 3, 4, 5 and 8). */
export const customerRoutes: FastifyPluginAsyncZod<{
  services: Services;
  dispatch: CommandDispatch;
  uploadsDir: string;
}> = async (app, { services, dispatch, uploadsDir }) => {
  const { db, store } = services;
  const scoped = <T>(request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
    readAsCaller(db, request, work);
  const context = (request: FastifyRequest, taken: MessageKey, expectedVersion?: number) => ({
    metadata: callerMetadata(request),
    expectedVersion: expectedVersion === undefined ? undefined : BigInt(expectedVersion),
    taken,
  });

  /** The valve close of an account opened while the tenant's `openAccountCloseValve` is on. */
  const closeValveFor = (metadata: EventMetadata) => (meterId: string, commandId: string) =>
    dispatch.issue(metadata, meterId, 'valveClose', undefined, commandId);

  // ---- customer types ----------------------------------------------------------------------------------

  async function customerType(request: FastifyRequest, customerTypeId: string): Promise<CustomerTypeView> {
    const found = await scoped(request, (sql) => getCustomerType(sql, customerTypeId));
    if (!found) throw new DomainError('error.customerType.notFound');
    return found;
  }

  app.get(
    '/business/customerType/list',
    {
      config: requires('business:customerType:list'),
      schema: {
        tags: ['customers'],
        summary: 'List customer types',
        querystring: pageQuerySchema.extend(customerTypeListQuerySchema.shape),
        response: apiResponses(listEnvelopeSchema(customerTypeViewSchema)),
      },
    },
    async (request) => okList(request, await scoped(request, (sql) => listCustomerTypes(sql, request.query))),
  );

  app.get(
    '/business/customerType/options',
    {
      // The customers page filters and opens accounts by type.
      config: requires('business:customer:list'),
      schema: {
        tags: ['customers'],
        summary: 'Every customer type of the tenant, for choosing',
        response: apiResponses(envelopeSchema(z.array(customerTypeViewSchema))),
      },
    },
    async (request) => {
      const page = await scoped(request, (sql) => listCustomerTypes(sql, { pageNum: 1, pageSize: 1000 }));
      return ok(request, page.rows);
    },
  );

  app.get(
    '/business/customerType/:customerTypeId',
    {
      config: requires('business:customerType:query'),
      schema: {
        tags: ['customers'],
        summary: 'One customer type',
        params: z.object({ customerTypeId: z.uuid() }),
        response: apiResponses(envelopeSchema(customerTypeViewSchema)),
      },
    },
    async (request) => ok(request, await customerType(request, request.params.customerTypeId)),
  );

  app.post(
    '/business/customerType',
    {
      config: requires('business:customerType:add'),
      schema: {
        tags: ['customers'],
        summary: 'Create a customer type (name under 50 characters, unique)',
        body: customerTypeBodySchema,
        response: apiResponses(envelopeSchema(customerTypeViewSchema)),
      },
    },
    async (request) => {
      const customerTypeId = uuidv7();
      await execute(
        store,
        customerTypeDecider,
        customerTypeId,
        [
          {
            type: 'CreateCustomerType',
            customerTypeId,
            tenantId: callerOf(request).tenantId,
            name: request.body.name,
            remark: request.body.remark || null,
            createdAt: new Date().toISOString(),
          },
        ],
        context(request, 'error.customerType.exists'),
      );
      return ok(request, await customerType(request, customerTypeId));
    },
  );

  app.put(
    '/business/customerType',
    {
      config: requires('business:customerType:edit'),
      schema: {
        tags: ['customers'],
        summary: 'Rename a customer type',
        body: updateCustomerTypeBodySchema,
        response: apiResponses(envelopeSchema(customerTypeViewSchema)),
      },
    },
    async (request) => {
      const { customerTypeId, version, name, remark } = request.body;
      await customerType(request, customerTypeId);
      await execute(
        store,
        customerTypeDecider,
        customerTypeId,
        [{ type: 'ChangeCustomerType', name, remark: remark || null }],
        context(request, 'error.customerType.exists', version),
      );
      return ok(request, await customerType(request, customerTypeId));
    },
  );

  app.delete(
    '/business/customerType/:customerTypeIds',
    {
      config: requires('business:customerType:remove'),
      schema: {
        tags: ['customers'],
        summary: 'Delete customer types that no customer has',
        params: z.object({ customerTypeIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      const ids = [...new Set(request.params.customerTypeIds.split(','))];
      // All checked first: one refused id leaves every type in place.
      for (const id of ids)
        if ((await customerType(request, id)).customerCount > 0)
          throw new DomainError('error.customerType.inUse');
      for (const id of ids)
        await execute(
          store,
          customerTypeDecider,
          id,
          [{ type: 'DeleteCustomerType' }],
          context(request, 'error.customerType.exists'),
        );
      return ok(request, null);
    },
  );

  app.post(
    '/business/customerType/export',
    {
      config: { ...requires('business:customerType:export'), audit: '5' },
      schema: {
        tags: ['customers'],
        summary: 'Export the customer types (xlsx)',
        body: customerTypeListQuerySchema,
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { rows } = await scoped(request, (sql) =>
        listCustomerTypes(sql, { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS }),
      );
      return sendXlsx<CustomerTypeView>(
        reply,
        'customer-types',
        [
          { header: translate('customer.col.type', language), value: (r) => r.name, width: 30 },
          { header: translate('customer.col.remarks', language), value: (r) => r.remark, width: 40 },
          { header: translate('customer.col.openTime', language), value: (r) => r.createTime, width: 26 },
        ],
        rows,
      );
    },
  );

  // ---- customers ---------------------------------------------------------------------------------------

  async function customer(request: FastifyRequest, customerId: string): Promise<CustomerView> {
    const found = await scoped(request, (sql) => getCustomer(sql, customerId));
    if (!found) throw new DomainError('error.customer.notFound');
    return found;
  }

  async function byAccountNo(request: FastifyRequest, accountNo: string): Promise<CustomerView> {
    const found = await scoped(request, (sql) => findCustomerByAccountNo(sql, accountNo));
    if (!found) throw new DomainError('error.customer.notFound');
    return found;
  }

  async function tenantSettings(request: FastifyRequest): Promise<TenantSettings> {
    const tenant = await scoped(request, (sql) => getTenant(sql, callerOf(request).tenantId));
    if (!tenant) throw new DomainError('error.tenant.notFound');
    return tenant.settings;
  }

  app.get(
    '/business/customer/list',
    {
      config: requires('business:customer:list'),
      schema: {
        tags: ['customers'],
        summary: 'List customer accounts with balance, meter and its latest valve command',
        querystring: pageQuerySchema.extend(customerListQuerySchema.shape),
        response: apiResponses(listEnvelopeSchema(customerRowSchema)),
      },
    },
    async (request) =>
      okList(
        request,
        await scoped(request, (sql) => listCustomers(sql, request.query, callerOf(request).dataScope)),
      ),
  );

  app.get(
    '/business/customer/meterOptions',
    {
      config: requires('business:customer:add'),
      schema: {
        tags: ['customers'],
        summary: "The tenant's meters that no active account holds (meter picker)",
        querystring: z.object({ meterNo: z.string().trim().max(32).optional() }),
        response: apiResponses(envelopeSchema(z.array(freeMeterSchema))),
      },
    },
    async (request) => ok(request, await scoped(request, (sql) => freeMeters(sql, request.query.meterNo))),
  );

  app.get(
    '/business/customer/meterTypeOptions',
    {
      config: requires('business:customer:import'),
      schema: {
        tags: ['customers'],
        summary: "The tenant's meter types, for choosing a batch's type",
        response: apiResponses(
          envelopeSchema(
            z.array(z.object({ meterTypeId: z.string(), name: z.string(), valveControl: z.boolean() })),
          ),
        ),
      },
    },
    async (request) => ok(request, await scoped(request, meterTypeOptions)),
  );

  app.get(
    '/business/customer/:customerId',
    {
      config: requires('business:customer:query'),
      schema: {
        tags: ['customers'],
        summary: 'One customer account',
        params: customerIdParams,
        response: customerResponse,
      },
    },
    async (request) => ok(request, await customer(request, request.params.customerId)),
  );

  app.get(
    '/business/customer/:customerId/history',
    {
      config: requires('business:customer:query'),
      schema: {
        tags: ['customers'],
        summary: "The account's history from its event stream: who did what, when, with what result",
        params: customerIdParams,
        response: apiResponses(envelopeSchema(z.array(customerHistoryEntrySchema))),
      },
    },
    async (request) => {
      const { customerId } = request.params;
      await customer(request, customerId); // another tenant's account is "not found"
      const events = await store.readStream(streamName(customerDecider, customerId));
      const entries = await scoped(request, async (sql) => {
        const names = await operatorNames(
          sql,
          events.map((e) => e.metadata.userId ?? ''),
        );
        const history: CustomerHistoryEntry[] = [];
        for (const event of events) {
          const data = event.data as Record<string, unknown>;
          const commandId = typeof data.valveCommandId === 'string' ? data.valveCommandId : null;
          const command = commandId ? await getMeterCommand(sql, commandId) : null;
          const userId = event.metadata.userId ?? null;
          history.push({
            eventId: event.id,
            type: event.type,
            at: event.recordedAt.toISOString(),
            operator: userId ? (names.get(userId) ?? userId) : null,
            detail: historyDetail(event.type, data),
            valveCommand: command
              ? {
                  commandId: command.commandId,
                  kind: command.kind,
                  status: command.status,
                  updatedAt: command.updatedAt,
                }
              : null,
          });
        }
        return history;
      });
      return ok(request, entries.reverse());
    },
  );

  app.post(
    '/business/customer/attachment',
    {
      config: requires('business:customer:add'),
      schema: {
        tags: ['customers'],
        summary:
          'Upload an attachment image of an account (png or jpg, 5 MB at most; multipart field `file`)',
        consumes: ['multipart/form-data'],
        response: apiResponses(envelopeSchema(z.object({ url: z.string() }))),
      },
    },
    async (request) => ok(request, { url: await saveImageUpload(request, uploadsDir, 'file', 'customer') }),
  );

  app.post(
    '/business/customer',
    {
      config: requires('business:customer:add'),
      schema: {
        tags: ['customers'],
        summary: 'Open an account with a meter (account number manual or generated per the tenant)',
        body: openAccountBodySchema,
        response: customerResponse,
      },
    },
    async (request) => {
      const body = request.body;
      const settings = await tenantSettings(request);
      await customerType(request, body.customerTypeId);
      const meter = await scoped(request, (sql) => meterForOpening(sql, body.meterId));
      if (!meter) throw new DomainError('error.meter.notFound');
      if (meter.taken) throw new DomainError('error.customer.meterTaken');
      let accountNo = body.accountNo;
      if (!accountNo && settings.accountNoGenMode === 'manual')
        throw new DomainError('error.customer.accountNoRequired');
      if (accountNo && (await scoped(request, (sql) => findCustomerByAccountNo(sql, accountNo as string))))
        throw new DomainError('error.customer.accountExists');
      accountNo ??= (await scoped(request, (sql) => nextAccountNos(sql, settings, 1)))[0] as string;
      const metadata = callerMetadata(request);
      const account = {
        ...body,
        accountNo,
        meterNo: meter.meterNo,
        meterTypeId: meter.meterTypeId,
        valveControl: meter.valveControl,
      };
      const [customerId] = await openAccounts(
        store,
        metadata,
        settings,
        [account],
        closeValveFor(metadata),
      ).catch(async (error: unknown) => {
        if (!(error instanceof OpeningConflict)) throw error;
        // Say what was taken meanwhile, as the checks above would have; a generated number taken meanwhile
        // keeps the conflict's own message (open again for a new number).
        const [clash] = await openingClashes(db, metadata.tenantId, [account]);
        if (clash === 'meterTaken') throw new DomainError('error.customer.meterTaken');
        if (clash === 'accountExists' && body.accountNo)
          throw new DomainError('error.customer.accountExists');
        throw error;
      });
      return ok(request, await customer(request, customerId as string));
    },
  );

  /** Runs an account command on the version the caller saw. */
  async function run(
    request: FastifyRequest,
    customerId: string,
    command: CustomerCommand,
    version?: number,
  ) {
    await execute(
      store,
      customerDecider,
      customerId,
      [command],
      context(request, 'error.customer.meterTaken', version),
    );
  }

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.put(
      `/business/customer/${action}`,
      {
        config: requires(`business:customer:${action}`),
        schema: {
          tags: ['customers'],
          summary:
            action === 'freeze'
              ? 'Freeze an account; closes its valve remotely when the meter type has one'
              : 'Unfreeze an account; opens its valve again when the meter type has one',
          body: customerActionBodySchema,
          response: customerResponse,
        },
      },
      async (request) => {
        const { customerId, version } = request.body;
        const account = await customer(request, customerId);
        const valveCommandId = account.valveControl ? uuidv7() : null;
        const at = new Date().toISOString();
        await run(
          request,
          customerId,
          action === 'freeze'
            ? { type: 'Freeze', at, valveCommandId }
            : { type: 'Unfreeze', at, valveCommandId },
          version,
        );
        if (valveCommandId)
          await dispatch.issue(
            callerMetadata(request),
            account.meterId,
            action === 'freeze' ? 'valveClose' : 'valveOpen',
            undefined,
            valveCommandId,
          );
        return ok(request, await customer(request, customerId));
      },
    );
  }

  app.put(
    '/business/customer/cancel',
    {
      config: requires('business:customer:cancel'),
      schema: {
        tags: ['customers'],
        summary:
          'Cancel an account (irreversible; refused while a balance is not refunded or a debt is open)',
        body: customerActionBodySchema,
        response: customerResponse,
      },
    },
    async (request) => {
      const { customerId, version } = request.body;
      await customer(request, customerId);
      const openDebt = await scoped(request, (sql) => openDebtOf(sql, customerId));
      await run(request, customerId, { type: 'Cancel', at: new Date().toISOString(), openDebt }, version);
      return ok(request, await customer(request, customerId));
    },
  );

  app.put(
    '/business/customer/transfer',
    {
      config: requires('business:customer:transfer'),
      schema: {
        tags: ['customers'],
        summary: 'Transfer an account to a new holder',
        body: transferBodySchema,
        response: customerResponse,
      },
    },
    async (request) => {
      const { customerId, version, ...holder } = request.body;
      await customer(request, customerId);
      await run(request, customerId, { type: 'Transfer', at: new Date().toISOString(), ...holder }, version);
      return ok(request, await customer(request, customerId));
    },
  );

  app.post(
    '/business/customer/recharge',
    {
      config: requires('business:recharge:recharge'),
      schema: {
        tags: ['customers'],
        summary: 'Put money on an account (amount above zero, two decimals)',
        body: rechargeBodySchema,
        response: customerResponse,
      },
    },
    async (request) => {
      const { accountNo, amount, payChannel } = request.body;
      const account = await byAccountNo(request, accountNo);
      await run(request, account.customerId, {
        type: 'Recharge',
        at: new Date().toISOString(),
        amount,
        payChannel,
      });
      return ok(request, await customer(request, account.customerId));
    },
  );

  app.post(
    '/business/customer/refund',
    {
      config: requires('business:recharge:refund'),
      schema: {
        tags: ['customers'],
        summary: 'Refund the whole remaining balance of an account',
        body: refundBodySchema,
        response: customerResponse,
      },
    },
    async (request) => {
      const { accountNo, payChannel } = request.body;
      const account = await byAccountNo(request, accountNo);
      await run(request, account.customerId, { type: 'Refund', at: new Date().toISOString(), payChannel });
      return ok(request, await customer(request, account.customerId));
    },
  );

  app.post(
    '/business/customer/export',
    {
      config: { ...requires('business:customer:export'), audit: '5' },
      schema: {
        tags: ['customers'],
        summary: 'Export the accounts of a filter (xlsx)',
        body: customerListQuerySchema,
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const t = (key: MessageKey) => translate(key, language);
      const { rows } = await scoped(request, (sql) =>
        listCustomers(
          sql,
          { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS },
          callerOf(request).dataScope,
        ),
      );
      return sendXlsx<CustomerRow>(
        reply,
        'customers',
        [
          { header: t('customer.col.accountNo'), value: (r) => r.accountNo },
          { header: t('customer.col.name'), value: (r) => r.name },
          { header: t('customer.col.phone'), value: (r) => r.phone },
          { header: t('customer.col.type'), value: (r) => r.customerTypeName },
          { header: t('customer.col.meterNo'), value: (r) => r.meterNo },
          { header: t('customer.col.balance'), value: (r) => r.balance },
          { header: t('customer.col.status'), value: (r) => t(`customer.status.${r.status}`) },
          { header: t('customer.col.openTime'), value: (r) => r.openTime, width: 26 },
        ],
        rows,
      );
    },
  );

  app.post(
    '/business/customer/importTemplate',
    {
      config: { ...requires('business:customer:import'), audit: '5' },
      schema: {
        tags: ['customers'],
        summary: 'The batch-open template (xlsx): one personal account per row',
      },
    },
    async (request, reply) =>
      sendXlsx(reply, 'customer-import', templateColumns(requestLanguage(request)), []),
  );

  app.post(
    '/business/customer/import',
    {
      config: { ...requires('business:customer:import'), audit: '6' },
      schema: {
        tags: ['customers'],
        summary:
          'Batch open from xls/xlsx (multipart field `file`): personal domestic accounts of one meter type; the valid rows open, every refused row is reported with its number and reason. When another opening takes a number or a meter of the file between the check and the save, none opens and those rows are reported too',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: apiResponses(envelopeSchema(importReportSchema)),
      },
    },
    async (request) => {
      const { customerTypeId, meterTypeId } = request.query;
      await customerType(request, customerTypeId);
      const settings = await tenantSettings(request);
      const { accounts, failed } = await importCustomers(request, {
        db,
        tenantId: callerOf(request).tenantId,
        settings,
        customerTypeId,
        meterTypeId,
        nextAccountNos: (sql, count) => nextAccountNos(sql, settings, count),
      });
      const metadata = callerMetadata(request);
      if (accounts.length === 0) return ok(request, { opened: 0, failed });
      try {
        const opened = await openAccounts(
          store,
          metadata,
          settings,
          accounts.map((a) => a.account),
          closeValveFor(metadata),
        );
        return ok(request, { opened: opened.length, failed });
      } catch (error) {
        if (!(error instanceof OpeningConflict)) throw error;
        // The batch opened nothing: the rows whose number or meter another opening took meanwhile, with
        // the reason of each, beside the rows refused before.
        const clashes = await openingClashes(
          db,
          metadata.tenantId,
          accounts.map((a) => a.account),
        );
        const taken = takenMeanwhile(request, accounts, clashes);
        if (taken.length === 0) throw error;
        return ok(request, { opened: 0, failed: [...failed, ...taken].sort((a, b) => a.row - b.row) });
      }
    },
  );
};

/** What the history shows of an event besides its type, time and operator. */
function historyDetail(type: string, data: Record<string, unknown>): CustomerHistoryEntry['detail'] {
  switch (type) {
    case 'CustomerOpened':
      return {
        accountNo: data.accountNo as string,
        name: data.name as string,
        meterNo: data.meterNo as string,
      };
    case 'CustomerTransferred':
      return { name: data.name as string, phone: data.phone as string };
    case 'CustomerMeterChanged':
      return { meterNo: data.meterNo as string };
    case 'AccountRecharged':
    case 'AccountRefunded':
      return { amount: data.amount as number, payChannel: data.payChannel as string };
    default:
      return {};
  }
}
