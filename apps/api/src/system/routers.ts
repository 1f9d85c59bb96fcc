import type { Database } from '@hydrolog/eventstore';
import { buildRouters } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { requestLanguage } from '../http.ts';
import { grantedMenus, menuEntries } from '../identity/index.ts';

/** The menu tree the caller's roles allow, in the caller's language. */
export async function routersOf(db: Database, request: FastifyRequest) {
  const entries = await menuEntries(db);
  const granted = grantedMenus(entries, callerOf(request));
  return buildRouters(granted, requestLanguage(request), entries);
}
