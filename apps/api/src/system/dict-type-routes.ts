import { dictTypeOptions, listDictTypes } from '@hydrolog/projections';
import {
  apiResponses,
  dictTypeBodySchema,
  dictTypeListQuerySchema,
  dictTypeViewSchema,
  envelopeSchema,
  listEnvelopeSchema,
  noDataResponses,
  updateDictTypeBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { distinctIds, ok, okList } from '../http.ts';
import { addDictType } from './add-dict-type.ts';
import { changeDictType } from './change-dict-type.ts';
import { deleteDictTypes } from './delete-dict-types.ts';
import { dictTypeOf } from './dict-types.ts';

/** Dictionary types (platform operators), spec section 2. */
export const dictTypeRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { services } = identity;
  const { db } = services;
  const dictTypeResponse = apiResponses(envelopeSchema(dictTypeViewSchema));
  const dictIdParam = z.object({ dictId: z.coerce.number().int().positive() });

  app.get(
    '/system/dict/type/list',
    {
      config: operatorOnly('system:dict:list'),
      schema: {
        tags: ['dict'],
        summary: 'Dictionary types with how many entries each has',
        querystring: dictTypeListQuerySchema,
        response: apiResponses(listEnvelopeSchema(dictTypeViewSchema)),
      },
    },
    async (request) => okList(request, await listDictTypes(db, request.query)),
  );

  app.get(
    '/system/dict/type/optionselect',
    {
      config: operatorOnly('system:dict:list'),
      schema: {
        tags: ['dict'],
        summary: 'Every dictionary type, for choosing one',
        response: apiResponses(envelopeSchema(z.array(dictTypeViewSchema))),
      },
    },
    async (request) => ok(request, await dictTypeOptions(db)),
  );

  app.delete(
    '/system/dict/type/refreshCache',
    {
      config: operatorOnly('system:dict:remove'),
      schema: {
        tags: ['dict'],
        summary:
          'Refresh the dictionary cache: nothing to do, dictionaries are read from their table each time',
        response: noDataResponses,
      },
    },
    async (request) => ok(request, null),
  );

  app.get(
    '/system/dict/type/:dictId',
    {
      config: operatorOnly('system:dict:query'),
      schema: {
        tags: ['dict'],
        summary: 'One dictionary type',
        params: dictIdParam,
        response: dictTypeResponse,
      },
    },
    async (request) => ok(request, await dictTypeOf(db, request.params.dictId)),
  );

  app.post(
    '/system/dict/type',
    {
      config: operatorOnly('system:dict:add'),
      schema: {
        tags: ['dict'],
        summary: 'Add a dictionary type',
        body: dictTypeBodySchema,
        response: dictTypeResponse,
      },
    },
    async (request) => ok(request, await addDictType(services, request, request.body)),
  );

  app.put(
    '/system/dict/type',
    {
      config: operatorOnly('system:dict:edit'),
      schema: {
        tags: ['dict'],
        summary: 'Change a dictionary type (its key only while it has no data: code reads data by it)',
        body: updateDictTypeBodySchema,
        response: dictTypeResponse,
      },
    },
    async (request) => ok(request, await changeDictType(services, request, request.body)),
  );

  app.delete(
    '/system/dict/type/:dictIds',
    {
      config: operatorOnly('system:dict:remove'),
      schema: {
        tags: ['dict'],
        summary: 'Delete dictionary types without data (delete their entries first)',
        params: z.object({ dictIds: z.string().regex(/^\d{1,9}(,\d{1,9})*$/, 'validation.invalidFormat') }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteDictTypes(services, request, distinctIds(request.params.dictIds).map(Number));
      return ok(request, null);
    },
  );
};
