import { configDecider, DomainError, dictDataDecider } from '@hydrolog/domain';
import { dictByType, getConfig, getDictData, listConfigs, listDictData } from '@hydrolog/projections';
import {
  apiResponses,
  buildRouters,
  configBodySchema,
  configListQuerySchema,
  configViewSchema,
  dictDataBodySchema,
  dictDataViewSchema,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  pageQuerySchema,
  routersSchema,
  updateConfigBodySchema,
  updateDictDataBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, operatorOnly, ownSession, signedIn } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import { grantedMenus, menuEntries } from '../menus.ts';

const ids = z.object({
  ids: idListSchema,
});

/** The menu tree, system configuration parameters and dictionary data (spec section 7). */
export const systemRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });

  app.get(
    '/system/menu/getRouters',
    {
      config: ownSession,
      schema: {
        tags: ['menu'],
        summary: "The menu tree the caller's roles allow (buttons only give permission strings)",
        response: apiResponses(envelopeSchema(routersSchema)),
      },
    },
    async (request) => {
      const entries = await menuEntries(db);
      const granted = grantedMenus(entries, callerOf(request));
      return ok(request, buildRouters(granted, requestLanguage(request), entries));
    },
  );

  // ---- /system/config --------------------------------------------------------------------------------

  const configResponse = apiResponses(envelopeSchema(configViewSchema));
  async function config(configId: string) {
    const found = await getConfig(db, { configId });
    if (!found) throw new DomainError('error.config.notFound');
    return found;
  }

  async function saveConfig(
    request: FastifyRequest,
    configId: string,
    body: z.infer<typeof configBodySchema>,
  ) {
    const { remark, ...fields } = body;
    await execute(
      store,
      configDecider,
      configId,
      [{ type: 'SaveConfig', configId, ...fields, remark: remark ?? null }],
      {
        ...meta(request),
        taken: 'error.config.keyExists',
      },
    );
    identity.clearCache();
    return config(configId);
  }

  app.get(
    '/system/config/list',
    {
      config: operatorOnly('system:config:list'),
      schema: {
        tags: ['config'],
        summary: 'List system parameters',
        querystring: configListQuerySchema,
        response: apiResponses(listEnvelopeSchema(configViewSchema)),
      },
    },
    async (request) => okList(request, await listConfigs(db, request.query)),
  );

  app.get(
    '/system/config/configKey/:configKey',
    {
      config: signedIn,
      schema: {
        tags: ['config'],
        summary: 'The value of one parameter',
        params: z.object({ configKey: z.string().max(100) }),
        response: apiResponses(envelopeSchema(z.string())),
      },
    },
    async (request) => {
      const found = await getConfig(db, { configKey: request.params.configKey });
      if (!found) throw new DomainError('error.config.notFound');
      return ok(request, found.configValue);
    },
  );

  app.get(
    '/system/config/:configId',
    {
      config: operatorOnly('system:config:query'),
      schema: {
        tags: ['config'],
        summary: 'One parameter',
        params: z.object({ configId: z.uuid() }),
        response: configResponse,
      },
    },
    async (request) => ok(request, await config(request.params.configId)),
  );

  app.post(
    '/system/config',
    {
      config: operatorOnly('system:config:add'),
      schema: {
        tags: ['config'],
        summary: 'Add a parameter',
        body: configBodySchema,
        response: configResponse,
      },
    },
    async (request) => ok(request, await saveConfig(request, uuidv7(), request.body)),
  );

  app.put(
    '/system/config',
    {
      config: operatorOnly('system:config:edit'),
      schema: {
        tags: ['config'],
        summary: 'Change a parameter',
        body: updateConfigBodySchema,
        response: configResponse,
      },
    },
    async (request) => {
      const { configId, ...body } = request.body;
      await config(configId); // an unknown id is "not found", not a new parameter
      return ok(request, await saveConfig(request, configId, body));
    },
  );

  // The spec's path, and RuoYi's name for the same action.
  for (const path of ['/system/config/clearCache', '/system/config/refreshCache']) {
    app.delete(
      path,
      {
        config: operatorOnly('system:config:remove'),
        schema: {
          tags: ['config'],
          summary: 'Forget cached parameters',
          response: noDataResponses,
        },
      },
      async (request) => {
        identity.clearCache();
        return ok(request, null);
      },
    );
  }

  app.delete(
    '/system/config/:ids',
    {
      config: operatorOnly('system:config:remove'),
      schema: {
        tags: ['config'],
        summary: 'Delete parameters (built-in ones are refused)',
        params: ids,
        response: noDataResponses,
      },
    },
    async (request) => {
      const configIds = request.params.ids.split(',');
      // All checked first: one refused parameter leaves the others in place too.
      for (const configId of configIds) {
        if ((await config(configId)).configType === 'Y') throw new DomainError('error.config.builtIn');
      }
      for (const configId of configIds) {
        await execute(store, configDecider, configId, [{ type: 'DeleteConfig', configId }], meta(request));
      }
      identity.clearCache();
      return ok(request, null);
    },
  );

  // ---- /system/dict/data -----------------------------------------------------------------------------

  const dictResponse = apiResponses(envelopeSchema(dictDataViewSchema));
  async function dictData(request: FastifyRequest, dictCode: string) {
    const found = await getDictData(db, dictCode, requestLanguage(request));
    if (!found) throw new DomainError('error.dict.notFound');
    return found;
  }
  async function saveDictData(
    request: FastifyRequest,
    dictCode: string,
    body: z.infer<typeof dictDataBodySchema>,
  ) {
    const command = {
      type: 'SaveDictData',
      dictCode,
      ...body,
      cssClass: body.cssClass ?? null,
      remark: body.remark ?? null,
    } as const;
    await execute(store, dictDataDecider, dictCode, [command], {
      ...meta(request),
      taken: 'error.dict.valueExists',
    });
    return dictData(request, dictCode);
  }

  app.get(
    '/system/dict/data/type/:dictType',
    {
      config: ownSession,
      schema: {
        tags: ['dict'],
        summary: 'The enabled entries of a dictionary, labels in the caller language',
        params: z.object({ dictType: z.string().max(100) }),
        response: apiResponses(envelopeSchema(z.array(dictDataViewSchema))),
      },
    },
    async (request) => ok(request, await dictByType(db, request.params.dictType, requestLanguage(request))),
  );

  app.get(
    '/system/dict/data/list',
    {
      config: operatorOnly('system:dict:list'),
      schema: {
        tags: ['dict'],
        summary: 'List dictionary entries',
        querystring: pageQuerySchema.extend({
          dictType: z.string().max(100).optional(),
          dictLabel: z.string().max(100).optional(),
          status: z.enum(['0', '1']).optional(),
        }),
        response: apiResponses(listEnvelopeSchema(dictDataViewSchema)),
      },
    },
    async (request) => okList(request, await listDictData(db, request.query, requestLanguage(request))),
  );

  app.get(
    '/system/dict/data/:dictCode',
    {
      config: operatorOnly('system:dict:query'),
      schema: {
        tags: ['dict'],
        summary: 'One dictionary entry',
        params: z.object({ dictCode: z.uuid() }),
        response: dictResponse,
      },
    },
    async (request) => ok(request, await dictData(request, request.params.dictCode)),
  );

  app.post(
    '/system/dict/data',
    {
      config: operatorOnly('system:dict:add'),
      schema: {
        tags: ['dict'],
        summary: 'Add a dictionary entry',
        body: dictDataBodySchema,
        response: dictResponse,
      },
    },
    async (request) => ok(request, await saveDictData(request, uuidv7(), request.body)),
  );

  app.put(
    '/system/dict/data',
    {
      config: operatorOnly('system:dict:edit'),
      schema: {
        tags: ['dict'],
        summary: 'Change a dictionary entry',
        body: updateDictDataBodySchema,
        response: dictResponse,
      },
    },
    async (request) => {
      const { dictCode, ...body } = request.body;
      await dictData(request, dictCode);
      return ok(request, await saveDictData(request, dictCode, body));
    },
  );

  app.delete(
    '/system/dict/data/:ids',
    {
      config: operatorOnly('system:dict:remove'),
      schema: {
        tags: ['dict'],
        summary: 'Delete dictionary entries',
        params: ids,
        response: noDataResponses,
      },
    },
    async (request) => {
      const dictCodes = request.params.ids.split(',');
      for (const dictCode of dictCodes) await dictData(request, dictCode);
      for (const dictCode of dictCodes) {
        await execute(
          store,
          dictDataDecider,
          dictCode,
          [{ type: 'DeleteDictData', dictCode }],
          meta(request),
        );
      }
      return ok(request, null);
    },
  );
};
