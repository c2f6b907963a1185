// The dashboard's "What needs you now", as its lines are computed for the signed-in person
// (src/admin/workQueue.ts, rendered by src/admin/WorkQueue.tsx): a count of zero is not a
// line, and nothing to do is no line at all. The rendering is walked in Chromium
// (tests/e2e/moderation-panel.test.ts).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { TypedUser } from 'payload'

import { workQueueItems } from '../../src/admin/workQueue'
import { makeItem } from '../helpers/community'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createUser } from '../helpers/users'

let app: TestApp
let admin: TypedUser
let moderator: TypedUser
let authorId: string

const asUser = async (id: string): Promise<TypedUser> =>
  ({
    ...(await app.payload.findByID({ collection: 'users', id, overrideAccess: true })),
    collection: 'users',
  }) as TypedUser
const lines = async (user: TypedUser) => (await workQueueItems(app.payload, user)).map((item) => item.text)

beforeAll(async () => {
  app = await startTestApp()
  admin = await asUser((await createUser(app, { roles: ['admin'] })).id)
  moderator = await asUser((await createUser(app, { roles: ['moderator'] })).id)
  authorId = (await createUser(app)).id
})

afterAll(async () => {
  await app?.stop({ drop: true })
})

describe('what needs you now', () => {
  it('has no line when nothing waits, for an admin and for a moderator', async () => {
    expect(await sql(app, `SELECT count(*)::int AS n FROM places WHERE status = 'pending_review'`)).toEqual([{ n: 0 }])
    expect(await lines(admin)).toEqual([])
    expect(await lines(moderator)).toEqual([])
  })

  it('lists only the counts above zero, each linking to its filtered list, as each role may approve', async () => {
    await makeItem(app, 'places', authorId, 'pending_review')
    await makeItem(app, 'classifieds', authorId, 'pending_review')
    await makeItem(app, 'classifieds', authorId, 'pending_review')
    // Drafts and published items wait for nobody.
    await makeItem(app, 'articles', authorId, 'draft')
    await makeItem(app, 'places', authorId, 'published')
    expect(await workQueueItems(app.payload, admin)).toEqual([
      {
        collection: 'classifieds',
        href: '/admin/collections/classifieds?where[status][equals]=pending_review',
        text: '2 classifieds waiting for approval',
      },
      {
        collection: 'places',
        href: '/admin/collections/places?where[status][equals]=pending_review',
        text: '1 place waiting for approval',
      },
    ])
    expect(await lines(moderator)).toEqual(['2 classifieds waiting for approval'])
  })
})
