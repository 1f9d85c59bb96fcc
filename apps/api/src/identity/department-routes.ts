import { listDepts } from '@hydrolog/projections';
import {
  apiResponses,
  deptBodySchema,
  deptListQuerySchema,
  deptViewSchema,
  envelopeSchema,
  noDataResponses,
  updateDeptBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { ok } from '../http.ts';
import { changeDept } from './change-dept.ts';
import { createDept } from './create-dept.ts';
import { deleteDept } from './delete-dept.ts';
import { deptOf, parentCandidates } from './departments.ts';

const deptResponse = apiResponses(envelopeSchema(deptViewSchema));

/** Departments of the caller's tenant (spec section 2 system administration). */
export const departmentRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { services } = identity;
  const { db } = services;

  app.get(
    '/system/dept/list',
    {
      config: requires('system:dept:list'),
      schema: {
        tags: ['departments'],
        summary: "The tenant's departments (a flat list; parentId makes the tree)",
        querystring: deptListQuerySchema,
        response: apiResponses(envelopeSchema(z.array(deptViewSchema))),
      },
    },
    async (request) => ok(request, await readAsCaller(db, request, (sql) => listDepts(sql, request.query))),
  );

  app.get(
    '/system/dept/list/exclude/:deptId',
    {
      config: requires('system:dept:list'),
      schema: {
        tags: ['departments'],
        summary: 'The departments that may become the parent of this one (not itself or below it)',
        params: z.object({ deptId: z.uuid() }),
        response: apiResponses(envelopeSchema(z.array(deptViewSchema))),
      },
    },
    async (request) => ok(request, await parentCandidates(services, request, request.params.deptId)),
  );

  app.get(
    '/system/dept/:deptId',
    {
      config: requires('system:dept:query'),
      schema: {
        tags: ['departments'],
        summary: 'One department',
        params: z.object({ deptId: z.uuid() }),
        response: deptResponse,
      },
    },
    async (request) => ok(request, await deptOf(services, request, request.params.deptId)),
  );

  app.post(
    '/system/dept',
    {
      config: requires('system:dept:add'),
      schema: {
        tags: ['departments'],
        summary: 'Add a department',
        body: deptBodySchema,
        response: deptResponse,
      },
    },
    async (request) => ok(request, await createDept(services, request, request.body)),
  );

  app.put(
    '/system/dept',
    {
      config: requires('system:dept:edit'),
      schema: {
        tags: ['departments'],
        summary: 'Change a department',
        body: updateDeptBodySchema,
        response: deptResponse,
      },
    },
    async (request) => ok(request, await changeDept(services, request, request.body)),
  );

  app.delete(
    '/system/dept/:deptId',
    {
      config: requires('system:dept:remove'),
      schema: {
        tags: ['departments'],
        summary: 'Delete a department without users or sub-departments',
        params: z.object({ deptId: z.uuid() }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteDept(services, request, request.params.deptId);
      return ok(request, null);
    },
  );
};
