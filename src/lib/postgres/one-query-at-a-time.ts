// One query at a time on each pg client (docs/decisions.md "One query at a time on each pg client"): Payload
// sends a write's checks in parallel on one transaction client, which pg 8 queues with a warning and pg 9
// will refuse.

type Query = (...args: unknown[]) => unknown

interface QueryingClient {
  query: Query
}

const serialized = new WeakSet<object>()

const isSubmittable = (config: unknown) => typeof (config as { submit?: unknown } | null)?.submit === 'function'

export function oneQueryAtATime(client: QueryingClient): void {
  if (serialized.has(client)) return
  serialized.add(client)
  // The class's method looked up at each call, not kept: whoever wraps Client#query later
  // (the statement counter of the tests) still sees every query.
  const send: Query = (...args) => (Object.getPrototypeOf(client) as QueryingClient).query.apply(client, args)
  let last: Promise<unknown> = Promise.resolve()
  client.query = (...args: unknown[]) => {
    if (args.some((arg) => typeof arg === 'function') || isSubmittable(args[0])) return send(...args)
    const run = () => send(...args) as Promise<unknown>
    const result = last.then(run, run)
    // The next query waits for this one to settle, whether it succeeded or failed.
    last = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }
}
