import { fork, type Serializable } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// The load of the listings API benchmark, generated in a process of its own: autocannon parsing
// thousands of answers a second would otherwise share the event loop of the server it measures.

export interface LoadRequest {
  url: string;
  /** Paths drawn at random (fixed seed) for each request. */
  paths: string[];
  seconds: number;
  connections: number;
}

export interface LoadFigures {
  requests: number;
  rps: number;
  /** Latencies in milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A small deterministic PRNG (mulberry32), so every run draws the same requests. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The figures of an autocannon run of `seconds`: its rate and latency percentiles. */
export async function autocannonFigures(
  options: autocannon.Options,
  seconds: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration: seconds }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) =>
      latencies.push(responseTime),
    );
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.total / seconds),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Runs the measurement of the module `file` (see measureInChild) in a child process. */
export function runInChild(file: string, request: Serializable): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    let figures: LoadFigures | null = null;
    child.once('message', (message) => {
      figures = message as LoadFigures;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      figures ? resolve(figures) : reject(new Error(`load process exited with ${code}`)),
    );
    child.send(request);
  });
}

/** In the child process runInChild starts on `file`: measures the request it is sent. */
export function measureInChild<R>(
  file: string,
  measure: (request: R) => Promise<LoadFigures>,
): void {
  if (process.argv[1] !== file || !process.send) return;
  process.once('message', (request) => {
    measure(request as R).then(
      (figures) => process.send!(figures, () => process.disconnect()),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

function measure({ url, paths, seconds, connections }: LoadRequest): Promise<LoadFigures> {
  const random = prng(7);
  return autocannonFigures(
    {
      url,
      connections,
      requests: [
        { method: 'GET', setupRequest: (request) => ({ ...request, path: pick(paths, random) }) },
      ],
    },
    seconds,
  );
}

const THIS_FILE = fileURLToPath(import.meta.url);

/** Runs the load in a child process and answers its figures. */
export function runLoad(request: LoadRequest): Promise<LoadFigures> {
  return runInChild(THIS_FILE, request);
}

measureInChild(THIS_FILE, measure);
