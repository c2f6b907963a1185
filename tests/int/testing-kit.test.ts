// The testing kit (src/testing.ts, docs/testing.md) beyond what its examples show: the
// node:test example run as an integrator runs it, the database dropped at stop and a second
// start in the same process, the anonymous caller, and a user's `req` bound by access rules.
// The jest example (examples/booking-flow.test.ts) runs in `npm test` by itself.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { type Platform, startPlatform } from '../../src/testing'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Runs a command in the project, to its end: exit code and all it printed. */
function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // Without jest's NODE_ENV=test: the example runs as an integrator runs it.
    const { NODE_ENV: _jest, ...env } = process.env
    // spawn's types want NODE_ENV (Next's declaration makes it required); it is left out on purpose.
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, output }))
  })
}

async function databaseExists(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1)
  const client = new pg.Client({ connectionString: new URL('/postgres', url).toString() })
  await client.connect()
  try {
    return ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0
  } finally {
    await client.end()
  }
}

describe('the node:test example', () => {
  it('passes when run with node --test', async () => {
    const { code, output } = await run(['--import', 'tsx', '--test', 'examples/moderation-flow.node-test.ts'])
    expect(output).toMatch(/^# fail 0$/m)
    expect(output).toMatch(/^# pass [1-9]\d*$/m)
    expect(code).toBe(0)
  }, 180_000)
})

describe('a platform', () => {
  let platform: Platform

  beforeAll(async () => {
    platform = await startPlatform()
  })

  afterAll(async () => {
    await platform.stop()
  })

  it('refuses an anonymous caller as the endpoint does', async () => {
    await expect(platform.as(null).book({})).rejects.toMatchObject({ status: 401, code: 'unauthorized' })
    await expect(platform.as(null).report({})).rejects.toMatchObject({ status: 401, code: 'AUTH_UNAUTHORIZED' })
  })

  it('checks the body as the endpoint does, before the operation', async () => {
    const user = await platform.createUser()
    await expect(platform.as(user).book({ serviceId: 'nope' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
    })
    await expect(platform.as(user).report({ postType: 'forumThreads', postId: 'x' })).rejects.toMatchObject({
      status: 400,
      code: 'VAL_REQUIRED_FIELD',
      options: { field: 'reason' },
    })
  })

  it('gives each user a req the access rules apply to with overrideAccess: false', async () => {
    const owner = await platform.createUser()
    const other = await platform.createUser()
    const mine = await platform.payload.find({
      collection: 'users',
      where: { id: { equals: owner.id } },
      req: owner.req,
      overrideAccess: false,
    })
    expect(mine.totalDocs).toBe(1)
    await expect(
      platform.payload.update({
        collection: 'users',
        id: owner.id,
        data: { name: 'Not yours' } as never,
        req: other.req,
        overrideAccess: false,
      }),
    ).rejects.toMatchObject({ status: 403 })
    const { totalDocs } = await platform.payload.count({
      collection: 'sessions',
      where: { user: { equals: owner.id } },
    })
    expect(totalDocs).toBe(1)
  })

  it('drops its database at stop, and starts again in the same process', async () => {
    const first = platform.databaseUrl
    await platform.stop()
    expect(await databaseExists(first)).toBe(false)
    platform = await startPlatform()
    expect(platform.builtTemplate).toBe(false)
    expect(platform.databaseUrl).not.toBe(first)
    expect((await platform.createUser()).id).toBeTruthy()
  })
})
