// One measurement: autocannon against a URL for a few seconds at a given number of
// connections, after a short warm-up (JIT, prepared statements, pool connections).
import autocannon from 'autocannon'

export interface Measurement {
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

interface Options {
  connections: number
  seconds: number
  headers?: Record<string, string>
}

async function fire(url: string, connections: number, seconds: number, headers: Record<string, string>) {
  return autocannon({ url, connections, duration: seconds, headers })
}

export async function measure(url: string, { connections, seconds, headers = {} }: Options): Promise<Measurement> {
  await fire(url, connections, 1, headers)
  const result = await fire(url, connections, seconds, headers)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}
