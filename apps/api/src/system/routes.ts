import { dictByType, listConfigs, listDictData } from '@hydrolog/projections';
import {
  apiResponses,
  configBodySchema,
  configListQuerySchema,
  configViewSchema,
  dictDataBodySchema,
  dictDataListQuerySchema,
  dictDataViewSchema,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  routersSchema,
  updateConfigBodySchema,
  updateDictDataBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly, ownSession, signedIn } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import { changeConfig } from './change-config.ts';
import { changeDictData } from './change-dict-data.ts';
import { configOf, configValue } from './configs.ts';
import { deleteConfigs } from './delete-configs.ts';
import { deleteDictData } from './delete-dict-data.ts';
import { dictDataOf } from './dict-data.ts';
import { routersOf } from './routers.ts';
import { saveConfig } from './save-config.ts';
import { saveDictData } from './save-dict-data.ts';

const ids = z.object({
  ids: idListSchema,
});

/** The menu tree, system configuration parameters and dictionary data (spec section 7). */
export const systemRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db } = identity.services;

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
    async (request) => ok(request, await routersOf(db, request)),
  );

  // ---- /system/config --------------------------------------------------------------------------------

  const configResponse = apiResponses(envelopeSchema(configViewSchema));

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
    async (request) => ok(request, await configValue(db, request.params.configKey)),
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
    async (request) => ok(request, await configOf(db, request.params.configId)),
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
    async (request) => ok(request, await saveConfig(identity, request, uuidv7(), request.body)),
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
      return ok(request, await changeConfig(identity, request, configId, body));
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
      await deleteConfigs(identity, request, request.params.ids);
      return ok(request, null);
    },
  );

  // ---- /system/dict/data -----------------------------------------------------------------------------

  const dictResponse = apiResponses(envelopeSchema(dictDataViewSchema));

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
        querystring: dictDataListQuerySchema,
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
    async (request) => ok(request, await dictDataOf(db, request, request.params.dictCode)),
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
    async (request) => ok(request, await saveDictData(identity.services, request, uuidv7(), request.body)),
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
      return ok(request, await changeDictData(identity.services, request, dictCode, body));
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
      await deleteDictData(identity.services, request, request.params.ids);
      return ok(request, null);
    },
  );
};
