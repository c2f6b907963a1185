// Demo data for moderation (`npm run seed`): a moderator who can sign in, a published blog
// post in English and French, and comments by the demo providers to moderate. Idempotent:
// what exists is left alone. The moderator's password is random and printed once, when the
// account is made (reset it through /api/auth/forget-password).
import { randomBytes } from 'node:crypto'

import type { CollectionSlug, Payload, Where } from 'payload'

export const DEMO_MODERATOR = 'moderator@example.com'
const POST_SLUG = 'welcome-to-the-neighbourhood'

const COMMENTS = [
  'Great idea, count me in for the Saturday clean-up!',
  'Super initiative, merci pour l’organisation.',
  'Is there parking near the community garden?',
]

const paragraph = (text: string) => ({
  root: {
    type: 'root',
    format: '',
    indent: 0,
    version: 1,
    direction: 'ltr',
    children: [
      {
        type: 'paragraph',
        format: '',
        indent: 0,
        version: 1,
        direction: 'ltr',
        textFormat: 0,
        children: [{ type: 'text', text, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }],
      },
    ],
  },
})

async function findId(payload: Payload, collection: CollectionSlug, where: Where): Promise<string | undefined> {
  const { docs } = await payload.find({ collection, where, limit: 1, depth: 0, overrideAccess: true })
  return docs[0] ? String(docs[0].id) : undefined
}

async function ensureModerator(payload: Payload): Promise<void> {
  if (await findId(payload, 'users', { email: { equals: DEMO_MODERATOR } })) return
  const password = `${randomBytes(12).toString('base64url')}Aa1!`
  await payload.create({
    collection: 'users',
    data: {
      email: DEMO_MODERATOR,
      name: 'Demo moderator',
      password,
      roles: ['moderator'],
      emailVerified: true,
    } as never,
    overrideAccess: true,
  })
  console.log(`seed: moderator ${DEMO_MODERATOR} created, password ${password} (shown once)`)
}

/** The moderator, one published post and a few published comments by the demo providers. */
export async function seedBlog(payload: Payload, authors: string[]): Promise<void> {
  await ensureModerator(payload)
  if (await findId(payload, 'blog-posts', { slug: { equals: POST_SLUG } })) {
    console.log('seed: blog: the demo post is already there')
    return
  }
  const post = await payload.create({
    collection: 'blog-posts',
    locale: 'all',
    data: {
      slug: POST_SLUG,
      status: 'published',
      title: { en: 'Welcome to the neighbourhood', fr: 'Bienvenue dans le quartier' },
      body: {
        en: paragraph('Meet your neighbours and the services they offer.'),
        fr: paragraph('Rencontrez vos voisins et les services qu’ils proposent.'),
      },
    } as never,
    overrideAccess: true,
  })
  for (const [index, body] of COMMENTS.entries()) {
    await payload.create({
      collection: 'blog-comments',
      data: { postId: post.id, authorId: authors[index % authors.length], body } as never,
      overrideAccess: true,
    })
  }
  console.log(
    `seed: blog: 1 post with ${COMMENTS.length} comments created (moderate them in /admin as ${DEMO_MODERATOR})`,
  )
}
