// The admin panel in a real browser against the real server (src/server.ts serving the panel's
// production build, as `npm start` does): an admin made by `npm run create-admin` signs in
// through the login form and sees the users list (issue 2). Debian's chromium drives it;
// .ci/run installs it. On a fresh clone the first server start builds the panel, hence the timeouts.
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { launchPanelBrowser, signInToPanel, type PanelBrowser } from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS, runScript, startServerProcess, type ServerProcess } from '../helpers/processes'
import { createTestDatabase } from '../helpers/test-database'

const EMAIL = 'panel-admin@example.test'
const PASSWORD = 'Panel-Admin-Passw0rd!'
const SCREENSHOT = path.join(os.tmpdir(), 'community-admin-users.png')

let database: { url: string; drop: () => Promise<void> }
let server: ServerProcess | undefined
let browser: PanelBrowser | undefined

beforeAll(async () => {
  database = await createTestDatabase()
  const env = { DATABASE_URL: database.url, PAYLOAD_SECRET: process.env.PAYLOAD_SECRET ?? 'test-secret-test-secret-test-secret' }
  const made = await runScript('scripts/create-admin.ts', ['--email', EMAIL, '--password', PASSWORD], env)
  if (made.code !== 0) throw new Error(`create-admin failed (${made.code}):\n${made.stdout}\n${made.stderr}`)

  server = await startServerProcess(env, PANEL_READY_TIMEOUT_MS)
  browser = await launchPanelBrowser()
}, PANEL_READY_TIMEOUT_MS + 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await database?.drop()
})

describe('admin panel', () => {
  it('an admin signs in through the login form and sees the users list', async () => {
    // localhost, not 127.0.0.1: the session cookie is Secure, which Chromium accepts over
    // plain http only for localhost.
    const base = server!.url.replace('127.0.0.1', 'localhost')
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)

    await signInToPanel(page, base, EMAIL, PASSWORD)

    await page.goto(`${base}/admin/collections/users`)
    await page.locator('table').getByText(EMAIL).waitFor({ state: 'visible' })
    await page.screenshot({ path: SCREENSHOT, fullPage: true })
    expect(await page.locator('table').innerText()).toContain(EMAIL)
  }, 420_000)
})
