// Child process of the ingest SIGKILL test: the service on a database prepared by the test, on a free port.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { openServices } from '../src/services.ts';

const [dataDir, url] = process.argv.slice(2);
const services = await openServices(
  { databaseUrl: url || undefined, dataDir: dataDir!, eventStoreUrl: undefined },
  { follow: true },
);
const app = await buildApp(services, {
  logLevel: 'silent',
  uploadsDir: mkdtempSync(join(tmpdir(), 'hydrolog-uploads-')),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.once('SIGTERM', async () => {
  await app.close();
  await services.close();
  process.exit(0);
});
