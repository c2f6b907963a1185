// The admin panel in Debian's Chromium (playwright-core), shared by the e2e tests.
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { chromium, type BrowserContext, type Page } from 'playwright-core'

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

export interface PanelBrowser {
  context: BrowserContext
  close: () => Promise<void>
}

/** A headless Chromium with a fresh profile. */
export async function launchPanelBrowser(): Promise<PanelBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does.`)
  }
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'community-chromium-'))
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  return {
    context,
    close: async () => {
      await context.close()
      await fs.rm(profile, { recursive: true, force: true })
    },
  }
}

/**
 * Signs in through the panel's login form. `base` must use localhost, not 127.0.0.1: the
 * session cookie is Secure, which Chromium accepts over plain http only for localhost.
 */
export async function signInToPanel(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/admin`)
  await page.waitForURL(/\/admin\/login/)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname === '/admin')
}

/**
 * A database with an admin (`admin`) and the demo data (`npm run seed`, which makes the
 * moderator), and the real server on it with the panel built: what the role-by-role panel
 * tests start from. `base` uses localhost (see signInToPanel).
 */
export async function startSeededPanel(admin: { email: string; password: string }) {
  const { PANEL_READY_TIMEOUT_MS, runScript, startServerProcess } = await import('./processes')
  const { createTestDatabase } = await import('./test-database')
  const database = await createTestDatabase()
  const env = { DATABASE_URL: database.url, PAYLOAD_SECRET: process.env.PAYLOAD_SECRET ?? 'test-secret-test-secret-test-secret' }
  const made = await runScript('scripts/create-admin.ts', ['--email', admin.email, '--password', admin.password], env)
  if (made.code !== 0) throw new Error(`create-admin failed (${made.code}):\n${made.stdout}\n${made.stderr}`)
  const seed = await runScript('scripts/seed.ts', [], env, 180_000)
  if (seed.code !== 0) throw new Error(`seed failed (${seed.code}):\n${seed.stdout}\n${seed.stderr}`)
  const moderatorPassword = /moderator \S+ created, password (\S+)/.exec(seed.stdout)?.[1] ?? ''
  if (!moderatorPassword) throw new Error(`seed printed no moderator password:\n${seed.stdout}`)
  const server = await startServerProcess(env, PANEL_READY_TIMEOUT_MS)
  return { database, server, base: server.url.replace('127.0.0.1', 'localhost'), moderatorPassword }
}
