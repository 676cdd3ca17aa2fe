import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server that records every request it gets and answers what the test says: the
// stand-in for an edge (a Varnish host, Cloudflare's or Fastly's API) in purger tests.

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Recorder {
  url: string;
  requests: RecordedRequest[];
  /** The answer to the next requests (status and body). */
  answer: { status: number; body: string };
  close(): Promise<void>;
}

export async function startRecorder(
  answer: { status: number; body: string } = { status: 200, body: '' },
): Promise<Recorder> {
  const recorder = { requests: [] as RecordedRequest[], answer } as Recorder;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      recorder.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(recorder.answer.status, { 'content-type': 'application/json' });
      res.end(recorder.answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  recorder.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  recorder.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return recorder;
}
