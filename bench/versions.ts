// Versions and drafts on a reader's path (docs/api.md "History", "Drafts"): the public services list and a blog
// post read, on a server with versions and drafts against one with the collections as they were before them
// (BENCH_WITHOUT_VERSIONS, collections/versioning.ts), both on the same database, in alternating rounds; the
// services have drafts waiting and the post 20 earlier versions and a draft. Target: on ÷ off ≥ 0.95.
// `npm run bench -- versions`.
import { freePort } from '../src/lib/embedded-database'
import { adminCredentials, BENCH_ENV, type BenchApp, log, printTable, seedTo } from './harness'
import { startServerProcess } from './processes'
import { SMALL } from './reads'
import { markdownTable, type ScenarioResult } from './report'
import { alternate, formatSpread, type Spread } from './rounds'

const CONNECTIONS = Number(process.env.BENCH_VERSIONS_CONNECTIONS ?? 10)
const DRAFTED_SERVICES = 20
const POST_VERSIONS = 20

export async function versionsBench(app: BenchApp): Promise<ScenarioResult> {
  await seedTo(app, SMALL)
  const { bearer } = await adminCredentials(app)
  const headers = { ...bearer, 'content-type': 'application/json' }
  const send = async (method: string, pathname: string, body: unknown) => {
    const response = await fetch(`${app.url}${pathname}`, { method, headers, body: JSON.stringify(body) })
    const text = await response.text()
    if (response.status >= 300)
      throw new Error(`versions: ${method} ${pathname}: ${response.status} ${text.slice(0, 200)}`)
    return JSON.parse(text) as { post: { id: string } }
  }
  // Drafts waiting on the services the list shows first, and a post with a history and a draft.
  const listed = (await (await fetch(`${app.url}/api/service-listings?limit=${DRAFTED_SERVICES}&depth=0`)).json()) as {
    docs: Array<{ id: string; basePrice: string | null }>
  }
  for (const service of listed.docs)
    await send('PATCH', `/api/service-listings/${service.id}?draft=true`, { basePrice: '99.00' })
  const { post } = await send('POST', '/api/admin/blog/posts', {
    action: 'create',
    slug: `bench-versions-${Date.now()}`,
    title: { en: 'Version 0' },
    excerpt: { en: 'An excerpt' },
    status: 'published',
  })
  for (let i = 1; i <= POST_VERSIONS; i++)
    await send('POST', '/api/admin/blog/posts', { action: 'update', id: post.id, title: { en: `Version ${i}` } })
  await send('PATCH', `/api/blog-posts/${post.id}?draft=true`, { title: 'A draft nobody reads yet' })

  const servers = await Promise.all(
    ([{}, { BENCH_WITHOUT_VERSIONS: 'true' }] as Array<Record<string, string>>).map(async (env) =>
      startServerProcess('src/server.ts', await freePort(), {
        ...BENCH_ENV,
        ...env,
        DATABASE_URL: app.databaseUrl,
        ADMIN_PANEL: 'false',
      }),
    ),
  )
  const [on, off] = servers as [(typeof servers)[0], (typeof servers)[0]]
  try {
    const reads = [
      { name: 'public services list', path: '/api/service-listings?limit=20&depth=1' },
      { name: 'blog post read', path: `/api/blog-posts/${post.id}?depth=0` },
    ]
    // Both answer readers the same: the published documents, drafts unseen.
    for (const read of reads) {
      const [a, b] = await Promise.all(
        [on, off].map(async (server) => (await fetch(`${server.url}${read.path}`)).text()),
      )
      const strip = (text: string) => text.replace(/"_status":"published",?/g, '')
      if (strip(a!) !== strip(b!)) throw new Error(`versions: ${read.name} differs between the two servers`)
    }
    const rows: Array<Record<string, string>> = []
    const spreads: Record<string, Spread> = {}
    for (const read of reads) {
      const result = await alternate(
        `versions ${read.name}`,
        [
          { name: 'on', url: `${on.url}${read.path}` },
          { name: 'off', url: `${off.url}${read.path}` },
        ],
        { connections: CONNECTIONS },
      )
      spreads[read.name] = result.ratio('on', 'off')
      rows.push({
        read: read.name,
        'on req/s': result.merged.on!.rps.toFixed(0),
        'off req/s': result.merged.off!.rps.toFixed(0),
        'on ÷ off (target ≥ 0.95)': formatSpread(spreads[read.name]),
      })
    }
    printTable(`Versions and drafts on ÷ off (${CONNECTIONS} connections)`, rows)
    return {
      sections: [{ name: 'versions', markdown: markdownTable(rows) }],
      data: { spreads },
    }
  } finally {
    log('versions: stopping the two servers')
    await Promise.all(servers.map((server) => server.stop()))
  }
}
