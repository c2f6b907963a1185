import type { FieldHook, TextField } from 'payload'

import { isStaff } from '../domain/permissions'

// The author's username beside what they wrote, for the people who moderate it
// (docs/decisions.md "Author names are denormalised for moderators"). Moderators may not
// read users, so a relationship to the author shows them "Untitled - ID: …"; this read-only
// copy, filled when the row is written and kept in step with the account
// (collections/Users/hooks/syncAuthorNames.ts), is what the panel shows in lists and on the
// document's page, a plain column and no extra query per row.
//
// A community collection with an author adds `authorNameField('<its author field>')` to its
// fields (and the column, with a backfill, in its migration); nothing else: the user hooks
// find every such field in the config by its `custom.authorNameOf`.

export const AUTHOR_NAME = 'authorName'

const idOf = (value: unknown): string | undefined => {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : value
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
}

/** The author's username; written when the row is made or changes author, whatever the caller sent. */
const fromAuthor =
  (author: string): FieldHook =>
  async ({ operation, previousSiblingDoc, previousValue, req, siblingData }) => {
    const authorId = idOf(siblingData[author])
    if (operation === 'update' && authorId === idOf(previousSiblingDoc?.[author])) return previousValue ?? null
    if (!authorId) return null
    const user = await req.payload.findByID({
      collection: 'users',
      id: authorId,
      depth: 0,
      select: { username: true },
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    return (user as { username?: string | null } | null)?.username ?? null
  }

export function authorNameField(author: string): TextField {
  return {
    name: AUTHOR_NAME,
    type: 'text',
    label: 'Author',
    // Nobody writes it but the hook; only the people who moderate read it (the public sees
    // what the API shows, and a user's handle is not readable by other citizens).
    access: { read: ({ req }) => isStaff(req.user), create: () => false, update: () => false },
    admin: { readOnly: true, description: 'The author’s username, kept in step with their account' },
    hooks: { beforeChange: [fromAuthor(author)] },
    custom: { authorNameOf: author },
  }
}
