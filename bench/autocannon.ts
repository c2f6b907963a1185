// One measurement: autocannon against a URL for a few seconds at a given number of
// connections, after a short warm-up (JIT, prepared statements, pool connections).
import autocannon from 'autocannon'

export interface Measurement {
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  /** 2xx answers, warm-up included (what a write scenario checks the database against). */
  ok: number
}

/** A request that differs each time (a booking's free slot, its client's token). */
export interface Varying {
  method: 'POST'
  next: () => { body: string; headers: Record<string, string> }
}

export interface Options {
  connections: number
  seconds: number
  /** The warm-up before it (default 1 s; 0: none, when the caller warmed up already, bench/rounds.ts). */
  warmUpSeconds?: number
  headers?: Record<string, string>
  varying?: Varying
}

async function fire(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
  varying?: Varying,
) {
  const requests = varying
    ? [
        {
          method: varying.method,
          setupRequest: (request: Record<string, unknown>) => {
            const { body, headers: extra } = varying.next()
            return { ...request, body, headers: { ...(request.headers as object), ...extra } }
          },
        },
      ]
    : undefined
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    ...(requests ? { requests } : {}),
  } as autocannon.Options)
}

export async function measure(
  url: string,
  { connections, seconds, warmUpSeconds = 1, headers = {}, varying }: Options,
): Promise<Measurement> {
  const warmUp = warmUpSeconds > 0 ? await fire(url, connections, warmUpSeconds, headers, varying) : undefined
  const result = await fire(url, connections, seconds, headers, varying)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok: (warmUp?.['2xx'] ?? 0) + result['2xx'],
  }
}
