// The panel's Community group by role in Chromium against the real server with the seeded data, every
// change checked in the database; screenshots for docs/admin-panel.md.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import { CONTENT_TYPE_NAMES, CONTENT_TYPES } from '../../domain/content-types'
import {
  launchPanelBrowser,
  PANEL_ADMIN,
  type PanelBrowser,
  savePanelForm,
  seededModeratorPassword,
  signInByCookie,
} from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'

const CITIZEN = { email: 'community-citizen@example.test', password: 'Community-Citizen-Passw0rd!' }
const MODERATOR_EMAIL = 'moderator@example.com'
const SCREENSHOTS = path.join(os.tmpdir(), 'community-admin-panel')
const REJECTION = 'Merci de préciser vos sources'

let fixture: ServerFixture
let browser: PanelBrowser | undefined
let base: string
let moderatorPassword: string

const sql = <T extends Record<string, unknown>>(text: string, values?: unknown[]) => fixture.sql<T>(text, values)
const one = async <T extends Record<string, unknown>>(text: string, values?: unknown[]) =>
  (await sql<T>(text, values))[0]!

/** Polls `read` until it gives `expected` (the panel saves in the background) or 60 s pass. */
async function settled<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const until = Date.now() + 60_000
  let value = await read()
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    value = await read()
  }
  return value
}

/**
 * A page signed in as `user` (whoever was before signed out), on the dashboard. By cookie:
 * the form's own tests are admin-panel's and moderation-panel's.
 */
async function pageAs(user: { email: string; password: string }): Promise<Page> {
  await signInByCookie(browser!.context, base, user)
  const page = await browser!.context.newPage()
  page.setDefaultTimeout(180_000)
  await page.goto(`${base}/admin`)
  return page
}

/** The list's row holding `text`. */
const rowWith = (page: Page, text: string) => page.locator('table tr', { hasText: text })

beforeAll(async () => {
  fixture = await startServerFixture({ admin: PANEL_ADMIN, seed: true })
  base = fixture.panelUrl
  moderatorPassword = seededModeratorPassword(fixture.seedOutput)
  // A citizen signs up through the API; the test plays the part of the verification email.
  const signUp = await fetch(`${fixture.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CITIZEN),
  })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
  await sql('UPDATE users SET email_verified = true WHERE email = $1', [CITIZEN.email])
  // The seed's article is a draft: its author sends it for review.
  await sql(`UPDATE articles SET status = 'pending_review' WHERE title = 'Composter en appartement'`)
  await fs.mkdir(SCREENSHOTS, { recursive: true })
  browser = await launchPanelBrowser({ width: 1400, height: 900 })
}, PANEL_READY_TIMEOUT_MS + 300_000)

afterAll(async () => {
  await browser?.close()
  await fixture?.stop()
})

describe('the Community group of the panel', () => {
  it('admin: every type under Community; approves a pending place and rejects an article from their pages', async () => {
    const page = await pageAs(PANEL_ADMIN)
    const community = page.locator('nav .nav-group', { hasText: 'Community' }).first()
    for (const name of CONTENT_TYPE_NAMES) {
      await community
        .locator(`a[href$="/collections/${CONTENT_TYPES[name].collection}"]`)
        .waitFor({ state: 'attached' })
    }
    const queue = page.getByTestId('work-queue')
    await queue.getByText('1 place waiting for approval', { exact: true }).waitFor({ state: 'visible' })
    await queue.getByText('1 article waiting for approval', { exact: true }).waitFor({ state: 'visible' })

    const place = await one<{ id: string; author: string }>(
      `SELECT id, author_id AS author FROM places WHERE status = 'pending_review'`,
    )
    await page.goto(`${base}/admin/collections/places/${place.id}`)
    const box = page.getByTestId('approval-decision')
    await box.waitFor({ state: 'visible' })
    await page.screenshot({ path: path.join(SCREENSHOTS, 'place-approval.png'), fullPage: true })
    await box.getByRole('button', { name: 'Approve' }).click()
    await page.getByText('Approved; its author has been notified.').waitFor({ state: 'visible' })
    // The page reloads with the new status, and the box (for pending items) is gone.
    await box.waitFor({ state: 'detached' })
    expect(await sql(`SELECT status FROM places WHERE id = $1`, [place.id])).toEqual([{ status: 'published' }])
    expect(await sql(`SELECT user_id_id, title FROM notifications WHERE target_id = $1`, [place.id])).toEqual([
      { user_id_id: place.author, title: 'Votre lieu a été approuvé' },
    ])
    expect(
      await sql(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'content_approved' AND target_id = $1`, [
        place.id,
      ]),
    ).toEqual([{ n: 1 }])

    // A rejection needs a reason, which reaches the author.
    const article = await one<{ id: string }>(`SELECT id FROM articles WHERE status = 'pending_review'`)
    await page.goto(`${base}/admin/collections/articles/${article.id}`)
    await box.waitFor({ state: 'visible' })
    await box.getByRole('button', { name: 'Reject' }).click()
    await box.getByRole('alert').waitFor({ state: 'visible' })
    expect(await sql(`SELECT status FROM articles WHERE id = $1`, [article.id])).toEqual([{ status: 'pending_review' }])
    await page.locator('#approval-reason').fill(REJECTION)
    await box.getByRole('button', { name: 'Reject' }).click()
    await page.getByText('Rejected; its author has been notified with your reason.').waitFor({ state: 'visible' })
    await box.waitFor({ state: 'detached' })
    expect(await sql(`SELECT status FROM articles WHERE id = $1`, [article.id])).toEqual([{ status: 'rejected' }])
    expect(await sql(`SELECT body FROM notifications WHERE target_id = $1`, [article.id])).toEqual([
      { body: expect.stringContaining(REJECTION) },
    ])
    await page.close()
  }, 600_000)

  it('moderator: authors by username, a review deleted, a thread pinned, a classified approved; no places', async () => {
    const page = await pageAs({ email: MODERATOR_EMAIL, password: moderatorPassword })
    await page
      .getByTestId('work-queue')
      .getByText('1 classified waiting for approval', { exact: true })
      .waitFor({ state: 'visible' })
    expect(await page.getByTestId('work-queue').innerText()).not.toMatch(/places|articles/)
    const nav = page.locator('nav').first()
    await nav.locator('a[href$="/collections/reviews"]').waitFor({ state: 'attached' })
    for (const hidden of ['places', 'articles'])
      expect(await nav.locator(`a[href$="/collections/${hidden}"]`).count()).toBe(0)

    // Each review's and thread's author by name, though a moderator may not read users.
    const review = await one<{ id: string; body: string; username: string; service: string }>(
      `SELECT r.id, r.body, u.username, s.title AS service FROM reviews r JOIN users u ON u.id = r.author_id JOIN service_listings s ON s.id = r.service_id WHERE r.status = 'published' LIMIT 1`,
    )
    await page.goto(`${base}/admin/collections/reviews`)
    await rowWith(page, review.body).getByText(review.username, { exact: true }).waitFor({ state: 'visible' })
    // The service column loads after the rows: checked once it has, so nothing is left to say "Untitled".
    await rowWith(page, review.body).getByText(review.service, { exact: true }).waitFor({ state: 'visible' })
    expect(await page.locator('table').innerText()).not.toMatch(/Untitled - ID/)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'moderator-reviews.png'), fullPage: true })

    const threads = await sql<{ id: string; title: string; username: string }>(
      `SELECT t.id, t.title, u.username FROM forum_threads t JOIN users u ON u.id = t.author_id WHERE NOT t.pinned ORDER BY t.created_at`,
    )
    await page.goto(`${base}/admin/collections/forum-threads`)
    for (const thread of threads)
      await rowWith(page, thread.title).getByText(thread.username, { exact: true }).waitFor({ state: 'visible' })
    expect(await page.locator('table').innerText()).not.toMatch(/Untitled - ID/)

    // A review moved to deleted from its page (review.delete_any).
    await page.goto(`${base}/admin/collections/reviews/${review.id}`)
    await expect(page.locator('#field-authorName').inputValue()).resolves.toBe(review.username)
    await page.locator('#field-status .rs__control').click()
    await page.locator('.rs__option', { hasText: /^deleted$/ }).click()
    await savePanelForm(page)
    expect(
      await settled(() => sql(`SELECT status FROM reviews WHERE id = $1`, [review.id]), [{ status: 'deleted' }]),
    ).toEqual([{ status: 'deleted' }])

    // A thread pinned from its page (forum.pin_thread).
    const thread = threads[0]!
    await page.goto(`${base}/admin/collections/forum-threads/${thread.id}`)
    await page.locator('#field-pinned').check()
    await savePanelForm(page)
    expect(
      await settled(() => sql(`SELECT pinned FROM forum_threads WHERE id = $1`, [thread.id]), [{ pinned: true }]),
    ).toEqual([{ pinned: true }])

    // A classified approved from its page (moderation.action).
    const classified = await one<{ id: string }>(`SELECT id FROM classifieds WHERE status = 'pending_review'`)
    await page.goto(`${base}/admin/collections/classifieds/${classified.id}`)
    const box = page.getByTestId('approval-decision')
    await box.getByRole('button', { name: 'Approve' }).click()
    await page.getByText('Approved; its author has been notified.').waitFor({ state: 'visible' })
    await box.waitFor({ state: 'detached' })
    expect(
      await sql(`SELECT status, expires_at > now() AS ahead FROM classifieds WHERE id = $1`, [classified.id]),
    ).toEqual([{ status: 'active', ahead: true }])

    // Places are the admins' to approve: no page, so no button, for a moderator.
    const place = await one<{ id: string }>(`SELECT id FROM places ORDER BY created_at LIMIT 1`)
    const placePage = await page.goto(`${base}/admin/collections/places/${place.id}`)
    expect(placePage?.status()).toBe(404)
    expect(await page.getByTestId('approval-decision').count()).toBe(0)
    await page.close()
  }, 600_000)

  it('citizen: refused at the door, Community pages included', async () => {
    const page = await pageAs(CITIZEN)
    await page.waitForURL(/\/admin\/unauthorized/)
    for (const collection of ['reviews', 'classifieds']) {
      await page.goto(`${base}/admin/collections/${collection}`)
      await page.waitForURL(/\/admin\/unauthorized/)
    }
    await page.close()
  }, 300_000)
})
