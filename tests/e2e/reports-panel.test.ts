// The moderation desk and the transparency page in Chromium against the real server:
// a moderator's first screen is the queue (item, reasons, counts) with the open appeals beside
// it; they dismiss one item's reports and moderate another from there; the author appeals; the
// moderator cannot decide the appeal of their own decision, an admin reverses it; the admin's
// transparency page shows the figures and the weekly chart and publishes. Every step is checked
// in the database; screenshots for docs/moderation.md.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import {
  launchPanelBrowser,
  PANEL_ADMIN,
  type PanelBrowser,
  seededModeratorPassword,
  signInByCookie,
} from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'

const ADMIN = PANEL_ADMIN
const MODERATOR_EMAIL = 'moderator@example.com'
const SHOTS = path.join(process.cwd(), 'docs', 'moderation')

let fixture: ServerFixture
let browser: PanelBrowser | undefined
let base: string
let moderatorPassword: string
let reported: { id: string; author: string }
let dismissed: { id: string }

const sql = <T extends Record<string, unknown>>(text: string, values?: unknown[]) => fixture.sql<T>(text, values)

/** A bearer session for an existing user, written as sign-in writes it. */
async function sessionFor(userId: string): Promise<Record<string, string>> {
  const token = randomBytes(24).toString('hex')
  await sql(
    `INSERT INTO sessions (user_id, token_hash, expires_at, refreshed_at) VALUES ($1, $2, now() + interval '1 day', now())`,
    [userId, createHash('sha256').update(token).digest('hex')],
  )
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
}

async function citizen(): Promise<Record<string, string>> {
  const rows = await sql<{ id: string }>(`INSERT INTO users (email, email_verified) VALUES ($1, true) RETURNING id`, [
    `reporter-${randomBytes(4).toString('hex')}@example.test`,
  ])
  await sql(`INSERT INTO users_roles ("order", parent_id, value) VALUES (1, $1, 'citizen')`, [rows[0]!.id])
  return sessionFor(rows[0]!.id)
}

async function post(pathname: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const response = await fetch(`${fixture.url}${pathname}`, { method: 'POST', headers, body: JSON.stringify(body) })
  return response.status
}

/**
 * Signs `user` in afresh (the tests share one context) and opens the dashboard, where the desk
 * is. By cookie: what a role sees once signed in through the form, moderation-panel checks.
 */
async function deskAs(page: Page, user: { email: string; password: string }): Promise<void> {
  await signInByCookie(page.context(), base, user)
  await page.goto(`${base}/admin`)
}

beforeAll(async () => {
  fixture = await startServerFixture({ admin: ADMIN, seed: true })
  base = fixture.panelUrl
  moderatorPassword = seededModeratorPassword(fixture.seedOutput)

  // Two published comments of the demo data: three reports on one, one on the other.
  const comments = await sql<{ id: string; author: string }>(
    `SELECT id, author_id_id AS author FROM blog_comments WHERE status = 'published' AND author_id_id IS NOT NULL ORDER BY created_at LIMIT 2`,
  )
  reported = comments[0]!
  dismissed = comments[1]!
  for (const reason of ['spam', 'spam', 'hate'])
    expect(await post('/api/reports', await citizen(), { postType: 'blogComments', postId: reported.id, reason })).toBe(
      201,
    )
  expect(
    await post('/api/reports', await citizen(), { postType: 'blogComments', postId: dismissed.id, reason: 'other' }),
  ).toBe(201)

  await fs.mkdir(SHOTS, { recursive: true })
  browser = await launchPanelBrowser({ width: 1400, height: 900 })
}, PANEL_READY_TIMEOUT_MS + 300_000)

afterAll(async () => {
  await browser?.close()
  await fixture?.stop()
})

const rowOf = (page: Page, id: string) =>
  page.getByTestId('queue-row').filter({ has: page.locator(`a[href$="${id}"]`) })

describe('the moderation desk', () => {
  it('is the moderator’s first screen: reported items with reasons and counts; dismiss and moderate from there', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    await deskAs(page, { email: MODERATOR_EMAIL, password: moderatorPassword })
    const row = rowOf(page, reported.id)
    await row.waitFor({ state: 'visible' })
    expect(await row.innerText()).toMatch(/3[\s\S]*spam 2, hate 1/)
    await page.screenshot({ path: path.join(SHOTS, 'queue.png'), fullPage: true })

    const other = rowOf(page, dismissed.id)
    await other.getByTestId('queue-dismiss').locator('input').fill('Rien de contraire aux règles')
    await other.getByTestId('queue-dismiss').getByRole('button', { name: 'Dismiss' }).click()
    await other.waitFor({ state: 'detached' })
    expect(await sql(`SELECT status::text FROM content_reports WHERE post_id = $1`, [dismissed.id])).toEqual([
      { status: 'dismissed' },
    ])

    await row.getByTestId('queue-moderate').locator('input').fill('Publicité non sollicitée')
    await row.getByTestId('queue-moderate').getByRole('button', { name: 'Moderate' }).click()
    await row.waitFor({ state: 'detached' })
    expect(await sql(`SELECT status FROM blog_comments WHERE id = $1`, [reported.id])).toEqual([
      { status: 'moderated' },
    ])
    expect(
      await sql(`SELECT count(*)::int AS n FROM notifications WHERE type = 'report_resolved' AND target_id = $1`, [
        reported.id,
      ]),
    ).toEqual([{ n: 3 }])
    await page.close()
  }, 600_000)

  it('shows the author’s appeal beside the queue; its decider cannot decide it, an admin reverses it', async () => {
    expect(
      await post('/api/appeals', await sessionFor(reported.author), {
        postType: 'blogComments',
        postId: reported.id,
        statement: 'Ce n’était pas de la publicité.',
      }),
    ).toBe(201)
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    await deskAs(page, { email: MODERATOR_EMAIL, password: moderatorPassword })
    const appeal = page.getByTestId('appeal-row').first()
    await appeal.waitFor({ state: 'visible' })
    expect(await appeal.innerText()).toContain('Ce n’était pas de la publicité.')
    await appeal.getByTestId('appeal-reverse').locator('input').fill('Je me suis trompé')
    await appeal.getByTestId('appeal-reverse').getByRole('button', { name: 'Reverse' }).click()
    await appeal.getByText(/cannot decide its appeal/).waitFor({ state: 'visible' })
    await page.screenshot({ path: path.join(SHOTS, 'appeals.png'), fullPage: true })

    await deskAs(page, ADMIN)
    const adminAppeal = page.getByTestId('appeal-row').first()
    await adminAppeal.getByTestId('appeal-reverse').locator('input').fill('Citation, pas de la publicité')
    await adminAppeal.getByTestId('appeal-reverse').getByRole('button', { name: 'Reverse' }).click()
    await adminAppeal.waitFor({ state: 'detached' })
    expect(await sql(`SELECT status FROM blog_comments WHERE id = $1`, [reported.id])).toEqual([
      { status: 'published' },
    ])
    expect(await sql(`SELECT status::text FROM content_appeals WHERE post_id = $1`, [reported.id])).toEqual([
      { status: 'reversed' },
    ])
    await page.close()
  }, 600_000)
})

describe('the transparency page (admins)', () => {
  it('shows the figures and decisions per week, and publishes the report', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    await signInByCookie(page.context(), base, ADMIN)
    const today = new Date().toISOString().slice(0, 10)
    await page.goto(`${base}/admin/transparency?from=${today}&to=${today}`)
    const figures = page.getByTestId('transparency-figures')
    await figures.waitFor({ state: 'visible' })
    // A report in words: four sections, labels a reader understands, medians in hours.
    const section = (name: string) => page.getByTestId(`section-${name}`).innerText()
    const notices = await section('notices')
    expect(notices).toMatch(/Notices received\s+4/)
    expect(notices).toMatch(/Spam\s+2/)
    expect(notices).toMatch(/Hate speech\s+1/)
    expect(notices).toMatch(/Blog comments\s+4/)
    const decisions = await section('decisions')
    expect(decisions).toMatch(/Decisions taken\s+2/)
    expect(decisions).toMatch(/Moderated \(hidden\)\s+1/)
    expect(decisions).toMatch(/Dismissed \(no action\)\s+1/)
    expect(decisions).toMatch(/Median time from notice to decision\s+(under 0\.1 hours|[\d.]+ hours?)/)
    const appeals = await section('appeals')
    expect(appeals).toMatch(/Appeals received\s+1/)
    expect(appeals).toMatch(/Reversed\s+1/)
    expect(appeals).toMatch(/Median time to decide an appeal\s+(under 0\.1 hours|[\d.]+ hours?)/)
    expect(await section('approvals')).toMatch(/Approved\s+\d+/)
    // No key of the JSON shows through.
    expect(await figures.innerText()).not.toMatch(/notices\.|byReason|byOutcome|medianHours/)
    // The chart beside the sections: one week, its total counted in words.
    expect(await page.getByTestId('chart-week').count()).toBe(1)
    expect(await page.getByTestId('chart-week').innerText()).toMatch(/2 decisions/)
    // The period form is the panel's own: its date pickers and Button; "Show" keeps the period in the URL.
    const period = page.getByTestId('transparency-period')
    expect(await period.locator('.react-datepicker__input-container input').count()).toBe(2)
    await period.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL((url) => url.searchParams.get('from') === today && url.searchParams.get('to') === today)
    await figures.waitFor({ state: 'visible' })
    await page.screenshot({ path: path.join(SHOTS, 'transparency.png'), fullPage: true })
    await page.getByRole('button', { name: 'Publish this report' }).click()
    await page.getByText(/Published: \/api\/transparency-reports\//).waitFor({ state: 'visible' })
    expect(await sql(`SELECT period_from, period_to FROM transparency_publications`)).toEqual([
      { period_from: today, period_to: today },
    ])

    // A moderator has no such page.
    await signInByCookie(page.context(), base, { email: MODERATOR_EMAIL, password: moderatorPassword })
    await page.goto(`${base}/admin/transparency`)
    await page.getByText('Transparency reports are for admins.').waitFor({ state: 'visible' })
    expect(await page.getByTestId('transparency-figures').count()).toBe(0)
    await page.close()
  }, 600_000)
})
