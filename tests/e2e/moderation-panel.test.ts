// The admin panel by role, in Chromium against the real server (issue 14): a citizen is
// refused at the door with a clear page; a moderator (made by `npm run seed`) sees only the
// moderation queue and their own account, and moderates a comment with a reason, which runs
// the same operation as POST /api/admin/moderate (status, notification, audit entry); an
// admin sees everything, the audit log included. Same setup as admin-panel.test.ts.
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

import { startSeededPanel } from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS, type ServerProcess } from '../helpers/processes'

const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']
const ADMIN = { email: 'panel-admin@example.test', password: 'Panel-Admin-Passw0rd!' }
const CITIZEN = { email: 'panel-citizen@example.test', password: 'Panel-Citizen-Passw0rd!' }
const MODERATOR_EMAIL = 'moderator@example.com'
const REASON = 'Hors sujet, merci de rester courtois'

let database: { url: string; drop: () => Promise<void> }
let db: pg.Client
let server: ServerProcess | undefined
let profile: string
let context: BrowserContext | undefined
let base: string
let moderatorPassword: string

async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await context!.clearCookies()
  await page.goto(`${base}/admin/login`)
  await page.locator('input[name="email"]').fill(user.email)
  await page.locator('input[name="password"]').fill(user.password)
  await page.locator('button[type="submit"]').click()
}

const navText = (page: Page) => page.locator('nav').first().innerText()

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does.`)
  ;({ database, server, base, moderatorPassword } = await startSeededPanel(ADMIN))
  db = new pg.Client({ connectionString: database.url })
  await db.connect()
  // A citizen signs up through the API; the test plays the part of the verification email.
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CITIZEN) })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
  await db.query('UPDATE users SET email_verified = true WHERE email = $1', [CITIZEN.email])

  profile = await fs.mkdtemp(path.join(os.tmpdir(), 'community-chromium-'))
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
}, PANEL_READY_TIMEOUT_MS + 300_000)

afterAll(async () => {
  await context?.close()
  await db?.end()
  await server?.stop()
  await database?.drop()
  if (profile) await fs.rm(profile, { recursive: true, force: true })
})

describe('the admin panel by role', () => {
  it('refuses a citizen at the door with a clear page', async () => {
    const page = await context!.newPage()
    page.setDefaultTimeout(180_000)
    await signIn(page, CITIZEN)
    await page.waitForURL(/\/admin\/unauthorized/)
    await expect(page.getByText(/not allowed|unauthori[sz]ed/i).first().isVisible()).resolves.toBe(true)
    // No way around the door: a collection page sends them back to it.
    await page.goto(`${base}/admin/collections/blog-comments`)
    await page.waitForURL(/\/admin\/unauthorized/)
    await page.close()
  }, 420_000)

  it('shows a moderator the comment queue and their account only, and moderates from the form', async () => {
    const page = await context!.newPage()
    page.setDefaultTimeout(180_000)
    await signIn(page, { email: MODERATOR_EMAIL, password: moderatorPassword })
    await page.waitForURL((url) => url.pathname === '/admin')
    // The dashboard's work queue: their queue, counted as they see it; nothing of the admins'.
    const published = Number((await db.query(`SELECT count(*) AS n FROM blog_comments WHERE status = 'published'`)).rows[0].n)
    const queue = page.getByTestId('work-queue')
    await queue.getByText(`${published} comments in the moderation queue`).waitFor({ state: 'visible' })
    expect(await queue.innerText()).not.toMatch(/booking|Translation coverage/)

    await page.goto(`${base}/admin/collections/blog-comments`)
    const table = page.locator('table')
    await table.getByText('Is there parking near the community garden?').waitFor({ state: 'visible' })
    const nav = await navText(page)
    expect(nav).toMatch(/Blog Comments/)
    expect(nav).toMatch(/Users/)
    for (const hidden of ['Services', 'Audit Logs', 'Bookings', 'Notifications', 'Blog Posts', 'Wallets']) expect(nav).not.toContain(hidden)
    // Hidden collections have no pages for a moderator either.
    const listings = await page.goto(`${base}/admin/collections/service-listings`)
    expect(listings?.status()).toBe(404)

    const [comment] = (await db.query<{ id: string; author: string }>(`SELECT id, author_id_id AS author FROM blog_comments WHERE body LIKE 'Is there parking%'`)).rows
    await page.goto(`${base}/admin/collections/blog-comments/${comment!.id}`)
    await page.locator('#moderation-reason').fill(REASON)
    await page.getByRole('button', { name: 'Moderate' }).click()
    await page.getByText('Comment moderated; its author has been notified.').waitFor({ state: 'visible' })
    // The form reloads with the new status, and Moderate (for published comments) is gone.
    await page.locator('[data-testid="moderate-comment"]').waitFor({ state: 'detached' })

    const status = await db.query(`SELECT status FROM blog_comments WHERE id = $1`, [comment!.id])
    expect(status.rows).toEqual([{ status: 'moderated' }])
    const notifications = await db.query(`SELECT user_id_id, type, title, body FROM notifications WHERE target_id = $1`, [comment!.id])
    expect(notifications.rows).toEqual([{ user_id_id: comment!.author, type: 'moderation', title: 'Votre commentaire a été modéré', body: expect.stringContaining(REASON) }])
    const audit = await db.query(`SELECT user_id, data FROM audit_logs WHERE action = 'content_moderated' AND target_id = $1`, [comment!.id])
    const moderatorId = (await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [MODERATOR_EMAIL])).rows[0]!.id
    expect(audit.rows).toEqual([{ user_id: moderatorId, data: expect.objectContaining({ postType: 'blogComments', reason: REASON, authorId: comment!.author }) }])

    // The queue holds what is still published: the moderated comment has left it.
    await page.goto(`${base}/admin/collections/blog-comments`)
    await table.getByText('Great idea, count me in').waitFor({ state: 'visible' })
    expect(await table.innerText()).not.toContain('Is there parking')
    await page.close()
  }, 600_000)

  it('shows an admin everything, the audit log with the moderation in it included', async () => {
    const page = await context!.newPage()
    page.setDefaultTimeout(180_000)
    await signIn(page, ADMIN)
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.goto(`${base}/admin/collections/audit-logs`)
    await page.locator('table').getByText('content_moderated').waitFor({ state: 'visible' })
    const nav = await navText(page)
    for (const visible of ['Services', 'Audit Logs', 'Blog Comments', 'Blog Posts', 'Users']) expect(nav).toContain(visible)
    await page.close()
  }, 420_000)
})
