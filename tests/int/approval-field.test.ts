// Who is offered Approve / Reject on an item's page in the panel (docs/decisions.md "The community panel";
// collections/community/approvalField.ts): the field's condition, which Payload evaluates on
// the server with the signed-in user when it builds the form. The types with an approval
// entry have the field and no other type does; it shows only on a `pending_review` item, only
// to a holder of the type's approval permission, never to the item's author. What the button
// does is POST /api/admin/approve (community-approval.test.ts); the panel flow in Chromium is
// tests/e2e/community-panel.test.ts.
import { describe, expect, it } from '@jest/globals'
import type { Condition, Field } from 'payload'

import { collections } from '../../collections'
import { APPROVED_TYPES, CONTENT_TYPE_NAMES, CONTENT_TYPES } from '../../domain/content-types'

const fieldsOf = (slug: string): Field[] => collections.find((collection) => collection.slug === slug)!.fields
const approvalOf = (slug: string) => fieldsOf(slug).find((field) => 'name' in field && field.name === 'approval')

const AUTHOR = 'a0000000-0000-4000-8000-000000000001'
const people = {
  admin: { id: 'a0000000-0000-4000-8000-000000000002', roles: ['admin'] },
  moderator: { id: 'a0000000-0000-4000-8000-000000000003', roles: ['moderator'] },
  citizen: { id: 'a0000000-0000-4000-8000-000000000004', roles: ['citizen'] },
  authorAdmin: { id: AUTHOR, roles: ['admin'] },
}

function shown(slug: string, status: string, user: unknown): boolean {
  const condition = (approvalOf(slug)!.admin as { condition: Condition }).condition
  const data = { id: 'b0000000-0000-4000-8000-000000000001', status, author: AUTHOR }
  return Boolean(condition(data, data, { blockData: {}, operation: 'update', path: [], user: user as never }))
}

describe('the approval box on an item’s page', () => {
  it('exists on exactly the types approved through POST /api/admin/approve', () => {
    const withBox = CONTENT_TYPE_NAMES.filter(
      (name) => name !== 'blogComments' && approvalOf(CONTENT_TYPES[name].collection),
    )
    expect(withBox.sort()).toEqual([...APPROVED_TYPES].sort())
  })

  it.each([
    ['places', { admin: true, moderator: false, citizen: false }],
    ['articles', { admin: true, moderator: false, citizen: false }],
    ['classifieds', { admin: true, moderator: true, citizen: false }],
  ] as const)(
    '%s: shown to the holders of its approval permission while pending, to nobody otherwise',
    (slug, expected) => {
      for (const role of ['admin', 'moderator', 'citizen'] as const) {
        expect([role, shown(slug, 'pending_review', people[role])]).toEqual([role, expected[role]])
        for (const status of CONTENT_TYPES[slug].statuses.filter((other) => other !== 'pending_review')) {
          expect([role, status, shown(slug, status, people[role])]).toEqual([role, status, false])
        }
      }
      expect(shown(slug, 'pending_review', null)).toBe(false)
    },
  )

  it('is not offered to the item’s own author, admin or not (the endpoint refuses BIZ_SELF_MODERATION)', () => {
    for (const slug of ['places', 'articles', 'classifieds'])
      expect([slug, shown(slug, 'pending_review', people.authorAdmin)]).toEqual([slug, false])
  })
})
