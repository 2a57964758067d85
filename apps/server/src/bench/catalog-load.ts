/**
 * Closed-loop load for the catalog bench: `clients` workers each send the next request the traffic
 * draws as soon as the last one answered, and every response's time is kept per operation. Its own
 * loop rather than autocannon's, because the 50-client run mixes operations and reports each.
 *
 * Requests go out on node:http with kept-alive connections, one per client, and ask for brotli or
 * gzip as a browser does; the answer is timed to its last byte but not decompressed (only a
 * refusal's body is read, for the report). The load shares the machine's two cores with the server
 * and PostgreSQL, where a dealer's browser does not: `fetch` (undici's streams, and decompressing
 * every answer) took ~45% of a core at the rates these rows reach, CPU the server then lacked.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LoadResult } from './bench-support.js';
import type { RequestSpec } from './catalog-traffic.js';

export type LoadOutcome = {
  total: LoadResult;
  byOperation: Map<string, LoadResult>;
  exhausted: boolean;
  /** The machine's CPU during the run (all cores, Linux /proc/stat): busy and stolen by the host, in %; undefined elsewhere. */
  machine?: MachineCpu;
};

export type MachineCpu = { busy: number; steal: number };

type CpuTimes = { total: number; idle: number; steal: number };

/** The `cpu` line of /proc/stat: every core's ticks together. */
export function cpuTimes(): CpuTimes | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already in user)
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    return { total: user + nice + system + idle + iowait + irq + softirq + steal, idle: idle + iowait, steal };
  } catch {
    return undefined;
  }
}

export function machineCpuSince(start: CpuTimes | undefined): MachineCpu | undefined {
  const end = cpuTimes();
  if (!start || !end || end.total <= start.total) return undefined;
  const total = end.total - start.total;
  return { busy: (100 * (total - (end.idle - start.idle))) / total, steal: (100 * (end.steal - start.steal)) / total };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    throughput: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

export type LoadPlan = {
  baseUrl: string;
  headers: Record<string, string>;
  clients: number;
  seconds: number;
  /** Stop after this many answered requests. */
  maxRequests?: number;
  /** The next request; undefined when the traffic has no new query left. */
  next: () => RequestSpec | undefined;
};

type Answer = { status: number; body: Buffer; encoding: string | undefined };

/** One request on the agent's kept-alive connections; resolves with the whole (undecoded) answer. */
function send(agent: http.Agent, url: URL, spec: RequestSpec, headers: Record<string, string>): Promise<Answer> {
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { agent, method: spec.method, headers: { ...headers, 'accept-encoding': 'br, gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A refusal's body as text, for the report. */
function decoded(answer: Answer): string {
  if (answer.encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (answer.encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

export async function runLoad(plan: LoadPlan): Promise<LoadOutcome> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.clients });
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const firstErrors: string[] = [];
  let sent = 0;
  let exhausted = false;
  const started = performance.now();
  const cpuAtStart = cpuTimes();
  const deadline = started + plan.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && sent < (plan.maxRequests ?? Number.POSITIVE_INFINITY)) {
      const spec = plan.next();
      if (!spec) {
        exhausted = true;
        return;
      }
      sent++;
      const t0 = performance.now();
      try {
        const answer = await send(agent, new URL(spec.path, plan.baseUrl), spec, plan.headers);
        if (answer.status < 200 || answer.status > 299) throw new Error(`${answer.status} ${decoded(answer).slice(0, 160)}`);
        const list = latencies.get(spec.operation) ?? [];
        list.push(performance.now() - t0);
        latencies.set(spec.operation, list);
      } catch (error) {
        errors.set(spec.operation, (errors.get(spec.operation) ?? 0) + 1);
        if (firstErrors.length < 3) firstErrors.push(`${spec.operation}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: plan.clients }, worker));
  const machine = machineCpuSince(cpuAtStart);
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  for (const message of firstErrors) console.log(`    error: ${message}`);
  const byOperation = new Map<string, LoadResult>();
  for (const op of new Set([...latencies.keys(), ...errors.keys()]))
    byOperation.set(op, summarize(latencies.get(op) ?? [], errors.get(op) ?? 0, seconds));
  const all = [...latencies.values()].flat();
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  return { total: summarize(all, errorCount, seconds), byOperation, exhausted, machine };
}
