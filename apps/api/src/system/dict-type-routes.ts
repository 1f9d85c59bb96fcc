import { DomainError, dictTypeDecider } from '@hydrolog/domain';
import { dictTypeOptions, getDictType, listDictTypes, nextDictId } from '@hydrolog/projections';
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, operatorOnly } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { ok, okList } from '../http.ts';

/** Dictionary types (platform operators), spec section 2. */
export const dictTypeRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });

  // ---- Dictionary types ----------------------------------------------------------------------------------

  async function dictType(dictId: number) {
    const found = await getDictType(db, dictId);
    if (!found) throw new DomainError('error.dictType.notFound');
    return found;
  }
  async function saveDictType(
    request: FastifyRequest,
    dictId: number,
    body: z.infer<typeof dictTypeBodySchema>,
  ) {
    const { remark, ...fields } = body;
    await execute(
      store,
      dictTypeDecider,
      String(dictId),
      [{ type: 'Save', dictId, ...fields, remark: remark || null }],
      {
        ...meta(request),
        taken: 'error.dictType.keyExists',
      },
    );
    return dictType(dictId);
  }
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
    async (request) => ok(request, await dictType(request.params.dictId)),
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
    async (request) => ok(request, await saveDictType(request, await nextDictId(db), request.body)),
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
    async (request) => {
      const { dictId, ...body } = request.body;
      const current = await dictType(dictId);
      if (current.dataCount > 0 && current.dictType !== body.dictType)
        throw new DomainError('error.dictType.keyInUse');
      return ok(request, await saveDictType(request, dictId, body));
    },
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
      const dictIds = [...new Set(request.params.dictIds.split(',').map(Number))];
      // All checked first: one refused type leaves every type in place.
      for (const id of dictIds)
        if ((await dictType(id)).dataCount > 0) throw new DomainError('error.dictType.hasData');
      for (const id of dictIds)
        await execute(store, dictTypeDecider, String(id), [{ type: 'Delete' }], meta(request));
      return ok(request, null);
    },
  );
};
