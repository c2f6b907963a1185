// The admin panel in a real browser against the real server (src/server.ts with Next in dev
// mode, as `npm start` runs it): an admin made by `npm run create-admin` signs in through the
// login form and sees the users list (issue 2). Debian's chromium drives it; .ci/run installs
// it. The first compile of /admin by Next dev takes tens of seconds, hence the timeouts.
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { chromium, type BrowserContext } from 'playwright-core'

import { runScript, startServerProcess, type ServerProcess } from '../helpers/processes'
import { createTestDatabase } from '../helpers/test-database'

const CHROMIUM = '/usr/bin/chromium'
// Without the background-networking flags Chromium keeps dialling out, which this offline
// machine refuses; --no-sandbox because tests run as root.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
const EMAIL = 'panel-admin@example.test'
const PASSWORD = 'Panel-Admin-Passw0rd!'
const SCREENSHOT = path.join(os.tmpdir(), 'community-admin-users.png')

let database: { url: string; drop: () => Promise<void> }
let server: ServerProcess | undefined
let profile: string
let context: BrowserContext | undefined

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does.`)
  }
  database = await createTestDatabase()
  const env = { DATABASE_URL: database.url, PAYLOAD_SECRET: process.env.PAYLOAD_SECRET ?? 'test-secret-test-secret-test-secret' }
  const made = await runScript('scripts/create-admin.ts', ['--email', EMAIL, '--password', PASSWORD], env)
  if (made.code !== 0) throw new Error(`create-admin failed (${made.code}):\n${made.stdout}\n${made.stderr}`)

  server = await startServerProcess(env, 180_000)
  profile = await fs.mkdtemp(path.join(os.tmpdir(), 'community-chromium-'))
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
}, 300_000)

afterAll(async () => {
  await context?.close()
  await server?.stop()
  await database?.drop()
  if (profile) await fs.rm(profile, { recursive: true, force: true })
})

describe('admin panel', () => {
  it('an admin signs in through the login form and sees the users list', async () => {
    // localhost, not 127.0.0.1: the session cookie is Secure, which Chromium accepts over
    // plain http only for localhost.
    const base = server!.url.replace('127.0.0.1', 'localhost')
    const page = await context!.newPage()
    page.setDefaultTimeout(180_000)

    await page.goto(`${base}/admin`)
    await page.waitForURL(/\/admin\/login/)
    await page.locator('input[name="email"]').fill(EMAIL)
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.locator('button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname === '/admin')

    await page.goto(`${base}/admin/collections/users`)
    await page.locator('table').getByText(EMAIL).waitFor({ state: 'visible' })
    await page.screenshot({ path: SCREENSHOT, fullPage: true })
    expect(await page.locator('table').innerText()).toContain(EMAIL)
  }, 420_000)
})
