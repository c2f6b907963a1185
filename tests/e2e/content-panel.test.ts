// The content team's panel in Chromium against the real server, one browser: a service edited as a draft while
// readers and the slots keep the published one, then published; a blog post's Versions tab with its diff and
// Restore; a blog post and an article scheduled from the panel and published by the jobs queue; an outdated
// translation marked in the form; a booking's history of moves and the calendar's holds and seats left; the
// editors' labels in German. Each step is checked by HTTP or in the database.
import { createHash, randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import { addDays, wallClockToday } from '../../src/lib/wall-clock'
import { launchPanelBrowser, PANEL_ADMIN, type PanelBrowser, signInByCookie } from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'

let fixture: ServerFixture
let browser: PanelBrowser | undefined
let page: Page
let base: string
let admin: Record<string, string>
let member: Record<string, string>
let serviceId: string

const DAY = addDays(wallClockToday(), 2)
const sql = <T extends Record<string, unknown>>(text: string, values?: unknown[]) => fixture.sql<T>(text, values)

/** A bearer session for `userId`, written as sign-in writes it. */
async function bearerFor(userId: string): Promise<Record<string, string>> {
  const token = randomBytes(24).toString('hex')
  await sql(
    `INSERT INTO sessions (user_id, token_hash, expires_at, refreshed_at) VALUES ($1, $2, now() + interval '1 day', now())`,
    [userId, createHash('sha256').update(token).digest('hex')],
  )
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
}

async function call(method: string, pathname: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const response = await fetch(`${fixture.url}${pathname}`, {
    method,
    headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const answer = await response.json()
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(answer)}`)
  return answer
}

const anonymous = async (pathname: string) => (await fetch(`${fixture.url}${pathname}`)).json() as Promise<any>

/** The value of `read` once `done` says so, polled every 200 ms for at most `ms`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  let value = await read()
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    value = await read()
  }
  return value
}

/** Opens a document's form once its fields have rendered. */
async function openForm(pathname: string): Promise<void> {
  await page.goto(`${base}${pathname}`)
  await page.locator('form[data-form-ready="true"]').waitFor()
}

/** Payload's schedule publish from the document's Publish menu: tomorrow, at the first time offered. */
async function schedulePublish(): Promise<void> {
  await page.locator('#action-save-popup .popup-button').click()
  await page.locator('#schedule-publish').click()
  const drawer = page.locator('.schedule-publish')
  // Payload offers "Unpublish" first for a document whose last save was published (every save outside drafts is).
  await drawer.locator('.schedule-publish__type').getByText('Publish', { exact: true }).click()
  await drawer.locator('.react-datepicker__input-container input').click()
  await drawer.locator('.react-datepicker__navigation--next').first().waitFor()
  const tomorrow = new Date(Date.now() + 86_400_000)
  await drawer
    .locator(
      `.react-datepicker__day--0${String(tomorrow.getDate()).padStart(2, '0')}:not(.react-datepicker__day--outside-month)`,
    )
    .first()
    .click()
  await drawer
    .locator('.react-datepicker__time-list-item:not(.react-datepicker__time-list-item--disabled)')
    .nth(100)
    .click()
  await drawer.locator('#scheduled-publish-save').click()
  await drawer.locator('.schedule-publish__upcoming table').waitFor()
}

/** The due moment moved to now: the server's sweep publishes it within a second or two. */
async function runScheduleNow(collection: string, id: string): Promise<void> {
  const moved = await sql(
    `UPDATE payload_jobs SET wait_until = now() WHERE task_slug = 'schedulePublish' AND completed_at IS NULL
     AND input->'doc'->>'relationTo' = $1 AND input->'doc'->>'value' = $2 RETURNING id`,
    [collection, id],
  )
  expect(moved).toHaveLength(1)
}

beforeAll(async () => {
  fixture = await startServerFixture({ admin: PANEL_ADMIN, seed: true, env: { SCHEDULED_PUBLISH_SWEEP_SECONDS: '1' } })
  base = fixture.panelUrl
  const [me] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [PANEL_ADMIN.email])
  admin = await bearerFor(me!.id)
  const [customer] = await sql<{ id: string }>(
    `SELECT u.id FROM users u WHERE u.email <> $1 AND NOT EXISTS (SELECT 1 FROM users_roles r WHERE r.parent_id = u.id
     AND r.value <> 'citizen') ORDER BY u.email LIMIT 1`,
    [PANEL_ADMIN.email],
  )
  member = await bearerFor(customer!.id)

  // A class of five seats, open 09:00–12:00 every day, written in English with a German translation.
  const created = await call('POST', '/api/admin/services/services', admin, {
    action: 'create',
    slug: 'content-panel-pilates',
    providerId: me!.id,
    status: 'active',
    basePrice: '20.00',
    durationMinutes: 60,
    seatsPerSlot: 5,
    maxParticipants: 5,
    inLanguage: 'en',
    translations: [
      { inLanguage: 'en', title: 'Pilates' },
      { inLanguage: 'de', title: 'Pilates am Morgen' },
    ],
  })
  serviceId = created.service?.id ?? created.id
  await call('POST', '/api/admin/services/availability', admin, {
    action: 'bulkSet',
    serviceId,
    slots: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '12:00' })),
  })
  browser = await launchPanelBrowser({ width: 1600, height: 1000 })
  page = await browser.context.newPage()
  page.setDefaultTimeout(120_000)
  await signInByCookie(browser.context, base, PANEL_ADMIN)
}, PANEL_READY_TIMEOUT_MS + 300_000)

afterAll(async () => {
  await browser?.close()
  await fixture?.stop()
})

describe('the content team’s panel', () => {
  it('marks the outdated German title; a draft of the price keeps readers and slots on the published service', async () => {
    // The English source title changes: the German one is outdated, and the form says since when.
    await call('POST', '/api/admin/services/services', admin, {
      action: 'update',
      id: serviceId,
      translations: [
        { inLanguage: 'en', title: 'Pilates for everyone' },
        { inLanguage: 'de', title: 'Pilates am Morgen' },
      ],
    })
    await openForm(`/admin/collections/service-listings/${serviceId}`)
    const mark = page.getByTestId('outdated-texts')
    expect(await mark.innerText()).toMatch(/de: title\. The English text changed on \d{1,2} \w+\./)

    const slotsBefore = await anonymous(`/api/services/${serviceId}/slots?from=${DAY}&to=${DAY}`)
    expect(slotsBefore.slots[DAY]).toEqual(['09:00', '10:00', '11:00'])
    await page.locator('input[name="basePrice"]').fill('25.00')
    await page.locator('input[name="durationMinutes"]').fill('30')
    await page.locator('#action-save-draft').click()
    const draft = () =>
      sql(`SELECT version_base_price AS price FROM _service_listings_v WHERE parent_id = $1 AND latest`, [serviceId])
    expect(await until(draft, (rows) => rows[0]?.price === '25.00')).toEqual([{ price: '25.00' }])
    expect(await sql(`SELECT base_price FROM service_listings WHERE id = $1`, [serviceId])).toEqual([
      { base_price: '20.00' },
    ])
    expect((await anonymous(`/api/service-listings/${serviceId}`)).basePrice).toBe('20.00')
    expect(await anonymous(`/api/services/${serviceId}/slots?from=${DAY}&to=${DAY}`)).toEqual(slotsBefore)
    expect((await call('GET', `/api/admin/services/services?id=${serviceId}`, admin)).service.hasDraft).toBe(true)

    await page.locator('#action-save').click()
    const published = () =>
      sql<{ base_price: string }>(`SELECT base_price FROM service_listings WHERE id = $1`, [serviceId])
    expect(await until(published, (rows) => rows[0]?.base_price === '25.00')).toEqual([{ base_price: '25.00' }])
    expect((await anonymous(`/api/service-listings/${serviceId}`)).basePrice).toBe('25.00')
    expect((await anonymous(`/api/services/${serviceId}/slots?from=${DAY}&to=${DAY}`)).slots[DAY]).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ])
  }, 300_000)

  it('shows a blog post’s versions with a diff, and Restore brings the earlier title back, audited', async () => {
    const { post } = await call('POST', '/api/admin/blog/posts', admin, {
      action: 'create',
      slug: 'spring-news',
      title: { en: 'Spring news' },
      status: 'published',
    })
    await call('POST', '/api/admin/blog/posts', admin, { action: 'update', id: post.id, title: { en: 'Summer news' } })
    const versions = `${base}/admin/collections/blog-posts/${post.id}/versions`
    await page.goto(versions)
    const rows = page.locator('.table tbody tr')
    await rows.nth(1).waitFor()
    expect(await rows.count()).toBe(2)
    // The newest against the one before it: the title's change, old and new.
    await rows.nth(0).locator('a').first().click()
    const diff = page.locator('.render-field-diffs')
    await diff.waitFor()
    const diffText = await diff.innerText()
    expect(diffText).toContain('Spring news')
    expect(diffText).toContain('Summer news')
    // The older one, restored.
    await page.goto(versions)
    await rows.nth(1).locator('a').first().click()
    await page.waitForURL(/\/versions\/[^/]+$/)
    await diff.waitFor()
    const versionId = page.url().split('/').pop()!
    await page.getByRole('button', { name: 'Restore this version' }).click()
    await page.locator('#confirm-action').click()
    const title = () =>
      sql<{ title: string }>(`SELECT title FROM blog_posts_locales WHERE _parent_id = $1 AND _locale = 'en'`, [post.id])
    expect(await until(title, (found) => found[0]?.title === 'Spring news')).toEqual([{ title: 'Spring news' }])
    expect(
      await sql(`SELECT data FROM audit_logs WHERE action = 'blog_post.restore' AND target_id = $1`, [post.id]),
    ).toEqual([{ data: { versionId } }])
  }, 300_000)

  it('schedules a blog post from the panel, the jobs queue publishes it; an article’s draft stays unseen', async () => {
    const { post } = await call('POST', '/api/admin/blog/posts', admin, {
      action: 'create',
      slug: 'autumn-fair',
      title: { en: 'Autumn fair' },
    })
    await openForm(`/admin/collections/blog-posts/${post.id}`)
    await schedulePublish()
    expect(await sql(`SELECT status FROM blog_posts WHERE id = $1`, [post.id])).toEqual([{ status: 'draft' }])
    expect((await call('GET', `/api/admin/blog/posts?id=${post.id}`, admin)).post.scheduledPublishAt).not.toBeNull()
    await runScheduleNow('blog-posts', post.id)
    const status = () => sql<{ status: string }>(`SELECT status FROM blog_posts WHERE id = $1`, [post.id])
    expect(await until(status, (rows) => rows[0]?.status === 'published')).toEqual([{ status: 'published' }])
    expect(
      await sql(
        `SELECT data->>'scheduled' AS scheduled FROM audit_logs WHERE action = 'blog_post.publish' AND target_id = $1`,
        [post.id],
      ),
    ).toEqual([{ scheduled: 'true' }])

    // A published article's new title, saved as a draft: readers keep the old one until the schedule publishes it.
    const [article] = await sql<{ id: string; title: string }>(
      `UPDATE articles SET status = 'published', published_at = now()
       WHERE id = (SELECT id FROM articles ORDER BY created_at LIMIT 1) RETURNING id, title`,
    )
    await openForm(`/admin/collections/articles/${article!.id}`)
    await page.locator('input[name="title"]').fill('Composting, revised')
    await page.locator('#action-save-draft').click()
    const latest = () =>
      sql<{ title: string }>(`SELECT version_title AS title FROM _articles_v WHERE parent_id = $1 AND latest`, [
        article!.id,
      ])
    await until(latest, (rows) => rows[0]?.title === 'Composting, revised')
    expect((await anonymous(`/api/articles/${article!.id}`)).title).toBe(article!.title)
  }, 300_000)

  it('a booking’s page tells its moves; the calendar shows the held start and its seats left', async () => {
    const { booking } = await call('POST', '/api/services/bookings', member, {
      serviceId,
      bookingDate: DAY,
      bookingTime: '10:00',
      participants: 1,
    })
    await call('PATCH', '/api/admin/services/bookings', admin, { id: booking.id, action: 'confirm' })
    await call('POST', `/api/bookings/${booking.id}/reschedule`, member, { bookingDate: DAY, bookingTime: '11:00' })
    const { hold } = await call('POST', '/api/services/holds', member, {
      serviceId,
      bookingDate: DAY,
      bookingTime: '09:30',
      participants: 2,
    })

    await openForm(`/admin/collections/bookings/${booking.id}`)
    const moves = page.getByTestId('booking-move')
    await moves.first().waitFor()
    expect(await moves.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')))).toEqual([
      'booking.create',
      'booking.confirm',
      'booking.reschedule',
    ])
    expect(await moves.nth(0).innerText()).toContain(`Booked for ${DAY} 10:00 (pending)`)
    expect(await moves.nth(1).innerText()).toContain('Status: pending → confirmed')
    expect(await moves.nth(1).innerText()).toContain(PANEL_ADMIN.email)
    expect(await moves.nth(2).innerText()).toContain(`Moved from ${DAY} 10:00 to ${DAY} 11:00`)

    await openForm(`/admin/collections/service-listings/${serviceId}`)
    const held = page.locator(`[data-testid="held-start"][data-date="${DAY}"][data-time="09:30"]`)
    const expires = new Date(hold.expiresAt)
    const until = `${String(expires.getHours()).padStart(2, '0')}:${String(expires.getMinutes()).padStart(2, '0')}`
    expect(await held.getByTestId('seats-left').innerText()).toBe('3 of 5 seats left')
    expect(await held.getByTestId('start-holds').innerText()).toMatch(new RegExp(`^held until ${until} \\(2 people, `))
    const booked = page.locator(`[data-testid="held-start"][data-date="${DAY}"][data-time="11:00"]`)
    expect(await booked.getByTestId('seats-left').innerText()).toBe('4 of 5 seats left')
    // The booking rule agrees.
    const slots = await anonymous(`/api/services/${serviceId}/slots?from=${DAY}&to=${DAY}`)
    expect(slots.seatsLeft[DAY]).toMatchObject({ '09:30': 3, '11:00': 4 })
  }, 300_000)

  it('in German, the editors’ fields, descriptions and options and the calendar speak German', async () => {
    await browser!.context.addCookies([{ name: 'payload-lng', value: 'de', url: base }])
    await openForm(`/admin/collections/service-listings/${serviceId}`)
    const form = await page.locator('form').first().innerText()
    for (const german of [
      'Grundpreis',
      'Preisart',
      'Plätze pro Termin',
      'Vor jeder Buchung frei gehaltene Minuten (0–240)',
      'Bewertungen erlauben',
      'Übersetzungen',
      'Reservierungen und freie Plätze',
    ])
      expect(form).toContain(german)
    for (const english of ['Base Price', 'Seats Per Slot', 'Allow Reviews', 'Holds and seats left'])
      expect(form).not.toContain(english)
    await openForm(
      `/admin/collections/blog-posts/${(await sql<{ id: string }>('SELECT id FROM blog_posts LIMIT 1'))[0]!.id}`,
    )
    const post = await page.locator('form').first().innerText()
    expect(post).toContain('Auszug')
    expect(post).not.toContain('Excerpt')
  }, 300_000)
})
