// One query at a time on each pg client (docs/decisions.md "One query at a time on each pg client"): Payload
// sends a write's checks in parallel on one transaction client, which pg 8 queues with a warning and pg 9
// will refuse.
// The queue also counts what it holds, so a stop can tell a busy client without pg's deprecated fields.

type Query = (...args: unknown[]) => unknown

interface QueryingClient {
  query: Query
}

/** Per serialized client: its promise queries sent and not yet settled (queued or on the wire). */
const inFlight = new WeakMap<object, number>()

const isSubmittable = (config: unknown) => typeof (config as { submit?: unknown } | null)?.submit === 'function'

/** Whether `client` has a query queued or running; false for a client never serialized. */
export const hasQueryInFlight = (client: object): boolean => (inFlight.get(client) ?? 0) > 0

function settled(client: object): void {
  inFlight.set(client, (inFlight.get(client) ?? 1) - 1)
}

export function oneQueryAtATime(client: QueryingClient): void {
  if (inFlight.has(client)) return
  inFlight.set(client, 0)
  // The class's method looked up at each call, not kept: whoever wraps Client#query later
  // (the statement counter of the tests) still sees every query.
  const send: Query = (...args) => (Object.getPrototypeOf(client) as QueryingClient).query.apply(client, args)
  let last: Promise<unknown> = Promise.resolve()
  client.query = (...args: unknown[]) => {
    if (args.some((arg) => typeof arg === 'function') || isSubmittable(args[0])) return send(...args)
    const run = () => send(...args) as Promise<unknown>
    inFlight.set(client, (inFlight.get(client) ?? 0) + 1)
    const result = last.then(run, run)
    // The next query waits for this one to settle, whether it succeeded or failed.
    last = result.then(
      () => settled(client),
      () => settled(client),
    )
    return result
  }
}
