// Demo community (`npm run seed`): forum threads with posts (one pinned), a group
// and its event, a place waiting for approval, a published place, a draft article, an active
// classified and one waiting for approval, and a review of the demo customer's completed
// booking. Written as server code through the Local API, so every hook (counters, rating,
// audit) runs as for a person. Idempotent: nothing is written when the demo threads exist.
import type { CollectionSlug, Payload, Where } from 'payload'

const THREADS = [
  {
    title: 'Bienvenue ! Présentez-vous ici',
    body: 'Dites-nous qui vous êtes et ce que vous proposez dans le quartier.',
    pinned: true,
    posts: [
      'Bonjour, je donne des cours de piano le mardi.',
      'Salut ! Jardinière amateure, toujours partante pour échanger des graines.',
    ],
  },
  {
    title: 'Un bon plombier près de la gare ?',
    body: 'Fuite sous l’évier, quelqu’un a une recommandation ?',
    pinned: false,
    posts: [
      'Essayez la plateforme : il y a deux services de dépannage actifs.',
      'Merci, réglé en une heure !',
      'Bon à savoir.',
    ],
  },
  {
    title: 'Vide-grenier du printemps',
    body: 'On organise un vide-grenier en avril, qui veut un stand ?',
    pinned: false,
    posts: ['Moi ! Je viens avec des livres.'],
  },
]

const DAY = 86_400_000

async function firstId(payload: Payload, collection: CollectionSlug, where: Where): Promise<string | undefined> {
  const { docs } = await payload.find({ collection, where, limit: 1, depth: 0, overrideAccess: true })
  return docs[0] ? String(docs[0].id) : undefined
}

const create = async (payload: Payload, collection: CollectionSlug, data: Record<string, unknown>): Promise<string> =>
  String((await payload.create({ collection, data: data as never, overrideAccess: true })).id)

export async function seedCommunity(payload: Payload, authors: string[], customerEmail: string): Promise<void> {
  if (await firstId(payload, 'forum-threads', { title: { equals: THREADS[0]!.title } })) {
    console.log('seed: community: already there')
    return
  }
  const author = (index: number) => authors[index % authors.length]
  for (const [index, thread] of THREADS.entries()) {
    const id = await create(payload, 'forum-threads', { title: thread.title, body: thread.body, author: author(index) })
    if (thread.pinned)
      await payload.update({ collection: 'forum-threads', id, data: { pinned: true } as never, overrideAccess: true })
    for (const [n, body] of thread.posts.entries())
      await create(payload, 'forum-posts', { thread: id, body, author: author(index + n + 1) })
  }
  const group = await create(payload, 'groups', {
    name: 'Jardins partagés',
    description: 'Les jardiniers du quartier.',
    author: author(0),
  })
  const place = await create(payload, 'places', {
    name: 'Jardin de la Roseraie',
    address: '12 rue des Lilas, Lyon',
    latitude: 45.758,
    longitude: 4.835,
    author: author(0),
    status: 'published',
  })
  await create(payload, 'places', {
    name: 'Café associatif Le Lien',
    address: '3 place Bellecour, Lyon',
    latitude: 45.757,
    longitude: 4.832,
    author: author(1),
  })
  await create(payload, 'events', {
    title: 'Atelier semis',
    startsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    endsAt: new Date(Date.now() + 7 * DAY + 7_200_000).toISOString(),
    place,
    group,
    author: author(0),
  })
  await create(payload, 'articles', {
    title: 'Composter en appartement',
    excerpt: 'Un lombricomposteur, mode d’emploi.',
    author: author(1),
  })
  await create(payload, 'classifieds', {
    title: 'Vélo de ville, bon état',
    description: 'Cadre 54, révisé en mars.',
    price: '120.00',
    currency: 'EUR',
    location: 'Lyon 3e',
    expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
    author: author(1),
    status: 'active',
  })
  await create(payload, 'classifieds', {
    title: 'Lot de pots de fleurs',
    price: '10.00',
    currency: 'EUR',
    location: 'Lyon 7e',
    author: author(0),
  })
  await create(payload, 'products', {
    title: 'Confiture de rhubarbe',
    description: 'Maison, pot de 370 g.',
    price: '4.50',
    currency: 'EUR',
    author: author(0),
  })
  await create(payload, 'galleries', { title: 'Le jardin au printemps', author: author(0) })

  const customer = await firstId(payload, 'users', { email: { equals: customerEmail } })
  const booking =
    customer &&
    (await firstId(payload, 'bookings', {
      and: [{ customer: { equals: customer } }, { status: { equals: 'completed' } }],
    }))
  if (customer && booking)
    await create(payload, 'reviews', {
      booking,
      rating: 5,
      body: 'Ponctuel et très soigneux, je recommande.',
      author: customer,
    })
  console.log(
    `seed: community: ${THREADS.length} threads with posts, places, an event, an article, classifieds, a product, a gallery${booking ? ', a review' : ''}`,
  )
}
