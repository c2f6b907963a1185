// The admin panel by role, in Chromium against the real server: a citizen is
// refused at the door with a clear page; a moderator (made by `npm run seed`) sees only the
// moderation queue and their own account, and moderates a comment with a reason, which runs
// the same operation as POST /api/admin/moderate (status, notification, audit entry); an
// admin sees everything, the audit log included, and keeps the watched words, their test, the
// limits for new members and the sign-up screening's check from the panel.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import { launchPanelBrowser, PANEL_ADMIN, type PanelBrowser, signInByCookie, submitPanelLogin } from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'

const ADMIN = PANEL_ADMIN
const CITIZEN = { email: 'panel-citizen@example.test', password: 'Panel-Citizen-Passw0rd!' }
const MODERATOR_EMAIL = 'moderator@example.com'
const REASON = 'Hors sujet, merci de rester courtois'

let fixture: ServerFixture
let browser: PanelBrowser | undefined
let base: string
let moderatorPassword: string

const sql = <T extends Record<string, unknown>>(text: string, values?: unknown[]) => fixture.sql<T>(text, values)

// Through the login form: what it leads each role to is what the first two tests check.
const signIn = (page: Page, user: { email: string; password: string }) => submitPanelLogin(page, base, user)

const navText = (page: Page) => page.locator('nav').first().innerText()

beforeAll(async () => {
  fixture = await startServerFixture({ admin: ADMIN, seed: true })
  base = fixture.panelUrl
  moderatorPassword = /moderator \S+ created, password (\S+)/.exec(fixture.seedOutput)?.[1] ?? ''
  if (!moderatorPassword) throw new Error(`seed printed no moderator password:\n${fixture.seedOutput}`)
  // A citizen signs up through the API; the test plays the part of the verification email.
  const signUp = await fetch(`${fixture.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CITIZEN),
  })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
  await sql('UPDATE users SET email_verified = true WHERE email = $1', [CITIZEN.email])
  browser = await launchPanelBrowser()
}, PANEL_READY_TIMEOUT_MS + 300_000)

afterAll(async () => {
  await browser?.close()
  await fixture?.stop()
})

describe('the admin panel by role', () => {
  it('refuses a citizen at the door with a clear page', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    // The form, not a cookie: the door is what is tested, from the citizen's own sign-in on.
    await signIn(page, CITIZEN)
    await page.waitForURL(/\/admin\/unauthorized/)
    await expect(
      page
        .getByText(/not allowed|unauthori[sz]ed/i)
        .first()
        .isVisible(),
    ).resolves.toBe(true)
    // No way around the door: a collection page sends them back to it.
    await page.goto(`${base}/admin/collections/blog-comments`)
    await page.waitForURL(/\/admin\/unauthorized/)
    await page.close()
  }, 420_000)

  it('shows a moderator the comment queue and their account only, and moderates from the form', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    // The form, not a cookie: the one check of where it leads a moderator and what they see
    // there (the other files sign the moderator in by cookie).
    await signIn(page, { email: MODERATOR_EMAIL, password: moderatorPassword })
    await page.waitForURL((url) => url.pathname === '/admin')
    // The dashboard's work queue: their queue, counted as they see it; nothing of the admins'.
    const published = Number(
      (await sql<{ n: string }>(`SELECT count(*) AS n FROM blog_comments WHERE status = 'published'`))[0]!.n,
    )
    const queue = page.getByTestId('work-queue')
    await queue.getByText(`${published} comments in the moderation queue`).waitFor({ state: 'visible' })
    expect(await queue.innerText()).not.toMatch(/booking|Translation coverage/)

    await page.goto(`${base}/admin/collections/blog-comments`)
    const table = page.locator('table')
    await table.getByText('Is there parking near the community garden?').waitFor({ state: 'visible' })
    // Each comment's author by name, though a moderator may not read users.
    const [author] = await sql<{ username: string }>(
      `SELECT u.username FROM blog_comments c JOIN users u ON u.id = c.author_id_id WHERE c.body LIKE 'Is there parking%'`,
    )
    const row = table.locator('tr', { hasText: 'Is there parking near the community garden?' })
    await row.getByText(author!.username, { exact: true }).waitFor({ state: 'visible' })
    expect(await table.innerText()).not.toMatch(/Untitled - ID/)
    const nav = await navText(page)
    expect(nav).toMatch(/Blog Comments/)
    expect(nav).toMatch(/Users/)
    for (const hidden of ['Services', 'Audit Logs', 'Bookings', 'Notifications', 'Blog Posts', 'Wallets'])
      expect(nav).not.toContain(hidden)
    // Hidden collections have no pages for a moderator either.
    const listings = await page.goto(`${base}/admin/collections/service-listings`)
    expect(listings?.status()).toBe(404)

    const [comment] = await sql<{ id: string; author: string }>(
      `SELECT id, author_id_id AS author FROM blog_comments WHERE body LIKE 'Is there parking%'`,
    )
    await page.goto(`${base}/admin/collections/blog-comments/${comment!.id}`)
    // The author's name on the comment's page too.
    await expect(page.locator('#field-authorName').inputValue()).resolves.toBe(author!.username)
    await page.locator('#moderation-reason').fill(REASON)
    await page.getByRole('button', { name: 'Moderate' }).click()
    await page.getByText('Comment moderated; its author has been notified.').waitFor({ state: 'visible' })
    // The form reloads with the new status, and Moderate (for published comments) is gone.
    await page.locator('[data-testid="moderate-comment"]').waitFor({ state: 'detached' })

    expect(await sql(`SELECT status FROM blog_comments WHERE id = $1`, [comment!.id])).toEqual([
      { status: 'moderated' },
    ])
    expect(
      await sql(`SELECT user_id_id, type, title, body FROM notifications WHERE target_id = $1`, [comment!.id]),
    ).toEqual([
      {
        user_id_id: comment!.author,
        type: 'moderation',
        title: 'Votre commentaire a été modéré',
        body: expect.stringContaining(REASON),
      },
    ])
    const moderatorId = (await sql<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [MODERATOR_EMAIL]))[0]!.id
    expect(
      await sql(`SELECT user_id, data FROM audit_logs WHERE action = 'content_moderated' AND target_id = $1`, [
        comment!.id,
      ]),
    ).toEqual([
      {
        user_id: moderatorId,
        data: expect.objectContaining({ postType: 'blogComments', reason: REASON, authorId: comment!.author }),
      },
    ])

    // The queue holds what is still published: the moderated comment has left it.
    await page.goto(`${base}/admin/collections/blog-comments`)
    await table.getByText('Great idea, count me in').waitFor({ state: 'visible' })
    expect(await table.innerText()).not.toContain('Is there parking')
    await page.close()
  }, 600_000)

  it('shows an admin everything, the audit log with the moderation in it included', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    // By cookie: the admin's form sign-in is admin-panel's test.
    await signInByCookie(browser!.context, base, ADMIN)
    await page.goto(`${base}/admin/collections/audit-logs`)
    await page.locator('table').getByText('content_moderated').waitFor({ state: 'visible' })
    const nav = await navText(page)
    for (const visible of ['Services', 'Audit Logs', 'Blog Comments', 'Blog Posts', 'Users'])
      expect(nav).toContain(visible)
    await page.close()
  }, 420_000)

  it('lists only what waits on the dashboard, and says so when nothing does', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    await signInByCookie(browser!.context, base, ADMIN)
    await page.goto(`${base}/admin`)
    const queue = page.getByTestId('work-queue')
    await queue.getByText(/bookings? to confirm/).waitFor({ state: 'visible' })
    // The seed's article is a draft: no article waits, and no "0 articles" line says it.
    expect(await sql(`SELECT count(*)::int AS n FROM articles WHERE status = 'pending_review'`)).toEqual([{ n: 0 }])
    expect(await queue.innerText()).not.toMatch(/^0 |articles/m)
    await expect(queue.getByTestId('work-queue-empty').count()).resolves.toBe(0)

    // Everything the moderator would act on is dealt with.
    await sql(`UPDATE blog_comments SET status = 'moderated' WHERE status = 'published'`)
    await sql(`UPDATE classifieds SET status = 'active' WHERE status = 'pending_review'`)
    await signInByCookie(browser!.context, base, { email: MODERATOR_EMAIL, password: moderatorPassword })
    await page.goto(`${base}/admin`)
    await queue.getByText('Nothing waits for you', { exact: true }).waitFor({ state: 'visible' })
    await expect(queue.locator('li').count()).resolves.toBe(0)
    await page.close()
  }, 420_000)

  it('keeps the watched words, their test and the new members’ limits; a held item says why; screening checks', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    await signInByCookie(browser!.context, base, ADMIN)
    await page.goto(`${base}/admin/watched-words`)
    const add = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add' }) })
    await add.getByLabel('Pattern').fill('arnaque')
    await add.getByLabel('Effect').selectOption('require_approval')
    await add.getByRole('button', { name: 'Add' }).click()
    await page.getByRole('status').getByText('Word added').waitFor({ state: 'visible' })
    await page.locator('table').getByText('arnaque', { exact: true }).waitFor({ state: 'visible' })
    expect(await sql(`SELECT effect FROM watched_words WHERE pattern = 'arnaque'`)).toEqual([
      { effect: 'require_approval' },
    ])

    // The test runs the list in force on the text, accents and case ignored.
    const test = page.locator('form').filter({ has: page.getByRole('button', { name: 'Test' }) })
    await test.getByLabel('Text to test').fill('Une ARNAQUE évidente')
    await test.getByRole('button', { name: 'Test' }).click()
    await page.getByTestId('watched-word-matches').getByText('ARNAQUE', { exact: false }).waitFor({ state: 'visible' })

    const limits = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save' }) })
    await limits.locator('input[name="newMemberDays"]').fill('3')
    await limits.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').getByText('Settings saved').waitFor({ state: 'visible' })
    expect(await sql('SELECT new_member_days FROM moderation_settings')).toEqual([{ new_member_days: 3 }])

    // A member's thread that meets the word is held; its page tells staff why. The list is in force on
    // every instance within 2 s: a thread written before that went through, so the member writes again.
    const signInAnswer = await fetch(`${fixture.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CITIZEN),
    })
    const { token } = (await signInAnswer.json()) as { token: string }
    let held: string | undefined
    for (let attempt = 0; attempt < 20 && !held; attempt++) {
      const answer = await fetch(`${fixture.url}/api/forum-threads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: `Vélo ${attempt}`, body: 'Attention, une arnaque au vélo' }),
      })
      const { doc } = (await answer.json()) as { doc: { id: string; status: string } }
      if (doc.status === 'moderated') held = doc.id
      else await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(held).toBeDefined()
    await page.goto(`${base}/admin/collections/forum-threads/${held}`)
    await page.getByTestId('held-for').getByText('Watched words met: arnaque').waitFor({ state: 'visible' })

    await page.goto(`${base}/admin/collections/signup-screening`)
    await page.getByLabel('Email').fill('someone+tag@example.org')
    await page.getByRole('button', { name: 'Check' }).click()
    await page.getByRole('status').getByText('No entry applies').waitFor({ state: 'visible' })
    await page.close()
  }, 420_000)
})
