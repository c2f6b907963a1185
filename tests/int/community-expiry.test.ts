// Classified expiry (docs/api.md "Community content"): an active classified past `expiresAt` is never shown
// as active, and one run of the jobs queue moves it to `expired` and notifies its author,
// once, however many runs follow.
import { afterAll, beforeAll, expect, it } from '@jest/globals'

import { runCommunityJobs } from '../../src/operations/community/jobs'
import { roleActor } from '../helpers/blog'
import { type Actor, anonymous, audits } from '../helpers/catalogue'
import { makeItem, statusOf } from '../helpers/community'
import { REPORTS } from '../helpers/reports'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let author: Actor
let reporter: Actor

beforeAll(async () => {
  app = await startTestApp()
  author = await roleActor(app, 'citizen')
  reporter = await roleActor(app, 'citizen')
})

afterAll(async () => {
  await app.stop()
})

it('past expiresAt: hidden from the public, shown expired to its author, expired by one job run with one notification', async () => {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
  const past = await makeItem(app, 'classifieds', author.user.id, 'active', { expiresAt: tomorrow })
  const current = await makeItem(app, 'classifieds', author.user.id, 'active', { expiresAt: tomorrow })
  // Reported while active: its queue entry must follow it to `expired` (the job's own UPDATE
  // passes Payload's hooks by).
  expect((await reporter.send(REPORTS, { postType: 'classifieds', postId: past, reason: 'spam' })).status).toBe(201)
  await sql(app, `UPDATE classifieds SET expires_at = now() - interval '1 hour' WHERE id = $1`, [past])

  expect((await anonymous(app).get(`/api/classifieds/${past}`)).status).toBe(404)
  expect((await author.get(`/api/classifieds/${past}`)).body.status).toBe('expired')
  // Not sold once past its end: the author's only move is to archive it.
  const sold = await author.send(`/api/classifieds/${past}`, { status: 'sold' }, 'PATCH')
  expect(sold).toEqual({ status: 409, body: expect.objectContaining({ error: 'invalid_transition' }) })

  await runCommunityJobs(app.payload)
  await runCommunityJobs(app.payload)
  expect(await statusOf(app, 'classifieds', past)).toBe('expired')
  expect(await statusOf(app, 'classifieds', current)).toBe('active')
  expect(await sql(app, `SELECT item_status FROM report_queue WHERE post_id = $1 AND status = 'open'`, [past])).toEqual(
    [{ item_status: 'expired' }],
  )
  const notes = await sql(app, 'SELECT title FROM notifications WHERE target_id = $1', [past])
  expect(notes).toEqual([{ title: 'Votre petite annonce a expiré' }])
  expect(await audits(app, 'classified.expire', past)).toHaveLength(1)
  expect(await sql(app, `SELECT 1 FROM payload_jobs WHERE task_slug = 'expire-classifieds' AND has_error`)).toEqual([])

  expect((await author.send(`/api/classifieds/${past}`, { status: 'archived' }, 'PATCH')).status).toBe(200)
})
