// The cluster tests (tests/int/cluster-*.test.ts) start the deployment of `npm run cluster`
// (scripts/cluster/cluster.ts) in their own process, so they can kill an instance or restart
// the primary, and talk to it only as clients do: HTTP through the load balancer (or to one
// instance directly), and SQL on the primary for what a request left behind.
import pg from 'pg'

import { type Cluster, startCluster } from '../../scripts/cluster/cluster'
import { type Actor, actor } from './catalogue'
import { SERVER_UNDER_LOAD_ENV } from './load'
import { linkIn, type Mailbox } from './mailbox'
import type { TestApp } from './test-app'
import { TEST_PASSWORD, type TestUser } from './users'

export interface TestCluster {
  cluster: Cluster
  /** The load balancer as the helpers' app (HTTP only: no Payload in this process). */
  lb: TestApp
  /** Each instance directly, in order. */
  direct: TestApp[]
  /** SQL on the primary itself. */
  sql: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>
  stop: () => Promise<void>
}

/** HTTP to `url` in the shape the fixtures take; its Payload is never there to use. */
export function httpApp(url: string, databaseUrl: string): TestApp {
  return {
    url,
    databaseUrl,
    request: (path, init) => fetch(`${url}${path}`, init),
    get payload(): never {
      throw new Error(`${url} is another process: no Payload here`)
    },
    stop: async () => undefined,
  }
}

/** Three instances (unless told) with rate limits out of the way unless `env` sets them. */
export async function startTestCluster(env: Record<string, string> = {}, instances = 3): Promise<TestCluster> {
  const cluster = await startCluster({ instances, env: { ...SERVER_UNDER_LOAD_ENV, ...env } })
  const pool = new pg.Pool({ connectionString: cluster.primaryUrl, max: 4 })
  // A restarted primary drops the pool's idle connections: heard, and made anew on the next query.
  pool.on('error', () => undefined)
  return {
    cluster,
    lb: httpApp(cluster.lb.url, cluster.primaryUrl),
    direct: cluster.instances.map((instance) => httpApp(instance.url, cluster.primaryUrl)),
    sql: async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[],
    stop: async () => {
      await cluster.stop()
      await pool.end().catch(() => undefined)
    },
  }
}

/** The instance that answered through the balancer (HAProxy's `x-served-by`). */
export const servedBy = (response: Response) => response.headers.get('x-served-by') ?? ''

const post = (app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

/** The operator's way in: the first user registered is a verified admin (signed in). */
export async function firstAdmin(app: TestApp): Promise<Actor> {
  const email = 'operator@example.test'
  const response = await post(app, '/api/users/first-register', {
    email,
    password: TEST_PASSWORD,
    'confirm-password': TEST_PASSWORD,
  })
  if (response.status !== 200) throw new Error(`first-register failed: ${response.status} ${await response.text()}`)
  const { user } = (await response.json()) as { user: { id: string } }
  const signedIn = await post(app, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD })
  const { token } = (await signedIn.json()) as { token: string }
  const admin: TestUser = { id: user.id, email, password: TEST_PASSWORD, roles: ['admin'] }
  return actor(app, admin, { authorization: `Bearer ${token}` })
}

/**
 * A citizen made as a person would: sign-up, the link in the verification mail, sign-in;
 * every step through `app`. `servedBy` collects the instances that answered.
 */
export async function signUpVerified(
  app: TestApp,
  mailbox: Mailbox,
  email: string,
  served: string[] = [],
): Promise<Actor & { token: string }> {
  const signedUp = await post(app, '/api/auth/sign-up/email', { email, password: TEST_PASSWORD })
  served.push(servedBy(signedUp))
  if (signedUp.status !== 200) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`)
  const { user } = (await signedUp.json()) as { user: { id: string } }
  const mail = await mailbox.waitFor((m) => m.to.includes(email) && /verify/i.test(m.subject), 30_000)
  const link = linkIn(mail)
  const verified = await app.request(`${link.pathname}${link.search}`)
  served.push(servedBy(verified))
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`)
  const signedIn = await post(app, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD })
  served.push(servedBy(signedIn))
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`)
  const { token } = (await signedIn.json()) as { token: string }
  const person: TestUser = { id: user.id, email, password: TEST_PASSWORD, roles: ['citizen'] }
  return { ...actor(app, person, { authorization: `Bearer ${token}` }), token }
}
