import type { Database } from '@hydrolog/eventstore';
import { getAgent, listAgentMovements } from '@hydrolog/projections';
import type { AgentView, PageQuery } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { existing } from './records.ts';

// Agents are users of the platform tenant: read behind its row-level security.

export const agentOf = async (db: Database, request: FastifyRequest, userId: string): Promise<AgentView> =>
  existing(await readAsCaller(db, request, (sql) => getAgent(sql, userId)), 'error.agent.notFound');

/** The movements of an agent's account, newest first. */
export async function agentMovements(
  db: Database,
  request: FastifyRequest,
  query: PageQuery & { userId: string },
) {
  await agentOf(db, request, query.userId);
  return readAsCaller(db, request, (sql) => listAgentMovements(sql, query));
}
