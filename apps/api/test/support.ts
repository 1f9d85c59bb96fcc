import { SqlEventStore } from '@hydrolog/eventstore';
import type { TestEngine } from '@hydrolog/eventstore/testing';
import { allProjections, ProjectionRunner } from '@hydrolog/projections';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Services } from '../src/services.ts';

/** The API on a fresh database of the engine, without the web app; close() removes everything. */
export async function startApi(engine: TestEngine): Promise<{ app: FastifyInstance; services: Services }> {
  const db = await engine.open();
  const store = await SqlEventStore.open(db);
  const runner = new ProjectionRunner(db, store, allProjections);
  await runner.start();
  const services: Services = {
    db,
    store,
    runner,
    async close() {
      await runner.stop();
      await db.close();
    },
  };
  const app = await buildApp(services, { logLevel: 'silent' });
  return { app, services };
}
