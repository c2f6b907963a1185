// One query at a time on each pg client. Payload runs some of a write's checks in parallel
// (the existence check of each relationship field, `select count(*) … where id = $1`, one
// per field at once), and inside a transaction they all go to the transaction's one client.
// pg 8 queues a query sent while another runs, with a DeprecationWarning ("Calling
// client.query() when the client is already executing a query"; `npm run seed` printed it),
// and pg 9 will refuse it. So each client queues its own promise queries here,
// in the order they were sent, exactly as pg 8 does, without relying on it.
// Callback and submittable queries (a cursor, a stream) pass straight through: none of ours
// or Payload's sends one on a shared client.

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
