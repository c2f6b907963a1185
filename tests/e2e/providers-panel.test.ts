// What a provider's admin does in the panel beyond the forms, in Chromium against the real
// server: a service's days off and extra hours beside its coming weeks (docs/api.md
// "Exceptions: days off and extra hours"), and webhooks under Settings made, tested and logged
// (docs/api.md "Webhooks (/api/admin/webhooks)"). Every page visited keeps the panel-walk
// rules (nothing fetched from elsewhere, no console error, no resource answering ≥ 400); every
// step is checked in the database, and the receiver checks our request with the
// `standardwebhooks` package. Screenshots for docs/admin-panel.md.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { addDays, wallClockToday } from '../../src/lib/wall-clock'
import {
  launchPanelBrowser,
  noTrouble,
  PANEL_ADMIN,
  type PanelBrowser,
  signInByCookie,
  visitSettled,
  watchTrouble,
} from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'
import { type Receiver, startReceiver, verified, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver'

const ADMIN = PANEL_ADMIN
// As the other panel tests: into the temporary directory; docs/admin-panel/ keeps copies.
const SHOTS = path.join(os.tmpdir(), 'community-admin-panel')

let fixture: ServerFixture
let browser: PanelBrowser | undefined
let receiver: Receiver
let base: string
let api: Record<string, string>
let serviceId: string

const sql = <T extends Record<string, unknown>>(text: string, values?: unknown[]) => fixture.sql<T>(text, values)

async function send(pathname: string, body: Record<string, unknown>): Promise<any> {
  const response = await fetch(`${fixture.url}${pathname}`, {
    method: 'POST',
    headers: api,
    body: JSON.stringify(body),
  })
  const answer = await response.json()
  if (!response.ok) throw new Error(`${pathname} ${String(body.action)}: ${response.status} ${JSON.stringify(answer)}`)
  return answer
}

/** Signs the admin in afresh (the browser's cookies cleared: the tests share one context). */
const signIn = () => signInByCookie(browser!.context, base, ADMIN)

beforeAll(async () => {
  receiver = await startReceiver()
  // Loopback and plain http allowed for the receiver, as the webhook tests do.
  fixture = await startServerFixture({ admin: ADMIN, env: WEBHOOK_TEST_ENV })
  base = fixture.panelUrl
  // A bearer session for the admin, written as sign-in writes it, to set the scene through the API.
  const [admin] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [ADMIN.email])
  const token = randomBytes(24).toString('hex')
  await sql(
    `INSERT INTO sessions (user_id, token_hash, expires_at, refreshed_at) VALUES ($1, $2, now() + interval '1 day', now())`,
    [admin!.id, createHash('sha256').update(token).digest('hex')],
  )
  api = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }

  // An hourly service open 09:00–12:00 every day, with extra hours on the fifth day from today.
  const service = await send('/api/admin/services/services', {
    action: 'create',
    slug: 'piano-lessons',
    providerId: admin!.id,
    status: 'active',
    durationMinutes: 60,
    translations: [{ inLanguage: 'en', title: 'Piano lessons' }],
    inLanguage: 'en',
  })
  serviceId = service.id
  await send('/api/admin/services/availability', {
    action: 'bulkSet',
    serviceId,
    slots: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '12:00' })),
  })
  await send('/api/admin/services/availability', {
    action: 'createException',
    serviceId,
    date: addDays(wallClockToday(), 5),
    isAvailable: true,
    startTime: '18:00',
    endTime: '20:00',
    reason: 'Evening recital',
  })

  await fs.mkdir(SHOTS, { recursive: true })
  // Wider than Payload's large breakpoint (1440 px), under which the navigation starts closed.
  browser = await launchPanelBrowser({ width: 1600, height: 1000 })
}, PANEL_READY_TIMEOUT_MS + 300_000)

afterAll(async () => {
  await browser?.close()
  await fixture?.stop()
  await receiver?.close()
})

describe('a service’s days off in the panel', () => {
  it('shows the coming weeks with extra hours; a day off added there marks the date closed, without starts, and is stored', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    const trouble = watchTrouble(page, base)
    await signIn()
    await visitSettled(page, `${base}/admin/collections/service-listings/${serviceId}`)

    const day = (date: string) => page.locator(`[data-testid="calendar-day"][data-date="${date}"]`)
    const dayOff = addDays(wallClockToday(), 3)
    const window = addDays(wallClockToday(), 4)
    const evening = addDays(wallClockToday(), 5)
    await day(dayOff).waitFor({ state: 'visible' })
    expect(await page.getByTestId('calendar-day').count()).toBe(28)
    expect(await day(dayOff).getAttribute('data-closed')).toBe('false')
    expect(await day(dayOff).getByTestId('day-starts').innerText()).toBe('3 to book: 09:00 10:00 11:00')
    // Extra hours replace the weekly slots of their date.
    const eveningText = await day(evening).innerText()
    expect(eveningText).toContain('Extra hours 18:00–20:00')
    expect(eveningText).toContain('Evening recital')
    expect(await day(evening).getByTestId('day-starts').innerText()).toBe('2 to book: 18:00 19:00')
    expect(await page.getByTestId('exception-row').filter({ hasText: evening }).innerText()).toContain(
      'Extra hours 18:00–20:00',
    )

    // The day off, from its date in the weeks.
    await day(dayOff).getByRole('button', { name: 'Close this day' }).click()
    await page
      .locator(`[data-testid="calendar-day"][data-date="${dayOff}"][data-closed="true"]`)
      .waitFor({ state: 'visible' })
    expect(await day(dayOff).innerText()).toContain('Closed')
    expect(await day(dayOff).getByTestId('day-starts').innerText()).toBe('No bookable time')
    expect(await page.locator(`[data-testid="exception-row"][data-date="${dayOff}"]`).innerText()).toContain(
      'Closed all day',
    )
    expect(
      await sql(
        `SELECT is_available, start_time, end_time FROM availability_exceptions WHERE service_id = $1 AND date = $2`,
        [serviceId, dayOff],
      ),
    ).toEqual([{ is_available: false, start_time: null, end_time: null }])
    expect(
      await sql(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'service_availability.exception_create'`),
    ).toEqual([{ n: 2 }])
    // The public slots agree: the rule is the server's.
    const slots = await (
      await fetch(`${fixture.url}/api/services/${serviceId}/slots?from=${dayOff}&to=${dayOff}`)
    ).json()
    expect(slots.slots[dayOff]).toEqual([])

    // A closed hour from the form: the panel's date picker, the kind, the times, a reason.
    const form = page.getByTestId('add-exception')
    await form.locator('.react-datepicker__input-container input').fill(window)
    await form.locator('.react-datepicker__input-container input').press('Escape')
    await form.locator('#exception-kind').selectOption('closedWindow')
    await form.locator('#exception-startTime').fill('10:00')
    await form.locator('#exception-endTime').fill('11:00')
    await form.locator('#exception-reason').fill('Tuning')
    await form.getByRole('button', { name: 'Add', exact: true }).click()
    await page.locator(`[data-testid="exception-row"][data-date="${window}"]`).waitFor({ state: 'visible' })
    expect(await form.locator('#exception-reason').inputValue()).toBe('')
    expect(await day(window).innerText()).toContain('Closed 10:00–11:00')
    expect(await day(window).getByTestId('day-starts').innerText()).toBe('2 to book: 09:00 11:00')
    expect(
      await sql(
        `SELECT is_available, start_time, end_time, reason FROM availability_exceptions WHERE service_id = $1 AND date = $2`,
        [serviceId, window],
      ),
    ).toEqual([{ is_available: false, start_time: '10:00', end_time: '11:00', reason: 'Tuning' }])
    await page.getByTestId('service-calendar').screenshot({ path: path.join(SHOTS, 'service-days-off.png') })

    // Removed from its row: gone from the database, the hour bookable again.
    await page
      .locator(`[data-testid="exception-row"][data-date="${window}"]`)
      .getByRole('button', { name: 'Remove' })
      .click()
    await page.locator(`[data-testid="exception-row"][data-date="${window}"]`).waitFor({ state: 'detached' })
    expect(await day(window).getByTestId('day-starts').innerText()).toBe('3 to book: 09:00 10:00 11:00')
    expect(
      await sql(`SELECT id FROM availability_exceptions WHERE service_id = $1 AND date = $2`, [serviceId, window]),
    ).toEqual([])
    expect(trouble).toEqual(noTrouble())
    await page.close()
  }, 600_000)
})

describe('webhooks under Settings', () => {
  it('are made from the panel, send a test the receiver verifies, and log the delivery', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    const trouble = watchTrouble(page, base)
    await signIn()
    // From the dashboard, as a signed-in admin starts: Settings in its navigation.
    await visitSettled(page, `${base}/admin`)
    await page
      .locator('.nav-group')
      .filter({ hasText: 'Settings' })
      .locator('a[href="/admin/collections/webhooks"]')
      .click()
    await page.waitForURL((url) => url.pathname === '/admin/collections/webhooks')

    const form = page.getByTestId('new-webhook')
    await form.locator('#webhook-url').fill(receiver.url)
    await form.locator('#webhook-description').fill('Agenda app')
    await form.getByRole('button', { name: 'Create webhook' }).click()
    const secret = await page.getByTestId('webhook-secret').innerText()
    expect(secret).toMatch(/^whsec_/)
    const [webhook] = await sql<{ id: string }>(`SELECT id, url, description, active FROM webhooks`)
    expect(webhook).toEqual({ id: expect.any(String), url: receiver.url, description: 'Agenda app', active: true })
    expect(await sql(`SELECT value::text FROM webhooks_events WHERE parent_id = $1`, [webhook!.id])).toEqual([
      { value: '*' },
    ])
    await page.screenshot({ path: path.join(SHOTS, 'webhooks.png'), fullPage: true })

    await page.getByRole('link', { name: 'Open the webhook' }).click()
    await page.waitForURL((url) => url.pathname === `/admin/collections/webhooks/${webhook!.id}`)
    await page.getByRole('button', { name: 'Send test' }).click()
    await page
      .getByTestId('send-test-webhook')
      .getByText(/^Delivered: HTTP 204/)
      .waitFor({ state: 'visible' })
    const [received] = await receiver.waitFor((item) => item.json.type === 'webhook.test')
    expect(verified(secret, received!)).toMatchObject({
      type: 'webhook.test',
      data: { webhook: { id: webhook!.id, url: receiver.url } },
    })
    expect(
      await sql(
        `SELECT event, status::text, attempts::int, response_status::int FROM webhook_deliveries WHERE webhook_id = $1`,
        [webhook!.id],
      ),
    ).toEqual([{ event: 'webhook.test', status: 'succeeded', attempts: 1, response_status: 204 }])

    // The delivery log on the webhook's page.
    await visitSettled(page, page.url())
    const log = page.locator('#field-deliveries')
    await log
      .locator('tbody tr')
      .filter({ hasText: 'webhook.test' })
      .filter({ hasText: 'succeeded' })
      .waitFor({ state: 'visible' })
    expect(await log.innerText()).toContain('204')
    await page.screenshot({ path: path.join(SHOTS, 'webhook-deliveries.png'), fullPage: true })
    expect(trouble).toEqual(noTrouble())
    await page.close()
  }, 600_000)
})
