/** A small ingest server for tests: records every request and answers from a script. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ScriptedAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Destroy the connection instead of answering (a network error). */
  destroy?: boolean;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** Most requests in progress at the same time. */
  maxConcurrent: number;
  close(): Promise<void>;
}

/** `answer` gets each request (in arrival order, with its index) and returns what to send back. */
export async function startFakeServer(
  answer: (request: RecordedRequest, index: number) => ScriptedAnswer | Promise<ScriptedAnswer>,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let active = 0;
  const state = { maxConcurrent: 0 };
  const server: Server = createServer((req, res) => {
    active++;
    state.maxConcurrent = Math.max(state.maxConcurrent, active);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = requests.push(recorded) - 1;
      try {
        const a = await answer(recorded, index);
        if (a.destroy) {
          req.socket.destroy();
          return;
        }
        const body = a.body === undefined ? '' : JSON.stringify(a.body);
        res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
        res.end(body);
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 500, msg: String(error) }));
      } finally {
        active--;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get maxConcurrent() {
      return state.maxConcurrent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
