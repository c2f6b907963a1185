// `npm run bench -- search`: GET /api/search beside bench/search-limit-server.ts (express + pg running the route's
// statement on the same index) at BENCH_SEARCH_SMALL (10,000) and BENCH_SEARCH_LARGE (1,000,000) community items
// seeded in bulk by SQL in six languages, in alternating rounds (bench/rounds.ts); then what the index adds to a
// create (POST /api/events with the index's triggers on, then off, alternating).
import os from 'node:os'

import type { Pool } from 'pg'

import { freePort } from '../src/lib/embedded-database'
import { type BenchApp, log, signedInMember } from './harness'
import { cpuPerRequest, type ServerProcess, startServerProcess } from './processes'
import { markdownTable, type Row, type ScenarioResult } from './report'
import { alternate, formatSpread, type Spread } from './rounds'

const SMALL = Number(process.env.BENCH_SEARCH_SMALL ?? 10_000)
const LARGE = Number(process.env.BENCH_SEARCH_LARGE ?? 1_000_000)
/** Items that share one rare word, at every size: the selective queries' match count stays the same. */
const PER_TOKEN = 20
const BATCH = 20_000
const CONNECTIONS = 10
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 4)
const SEQUENTIAL = 300
const CREATE_ROUNDS = 6
const CREATES_PER_ROUND = 60
const PASSWORD = 'Bench-Passw0rd!'
const LETTERS = 'bcdfghjkmnpqrtvwxz'

// Words residents write, per language (accents included), drawn into the titles and texts.
const WORDS: Record<string, string[]> = {
  en: 'repair bicycles garden yoga classes market concert library coffee music children football painting cooking dance swimming theatre festival workshop neighbourhood saturday morning evening community volunteers recycling school choir hiking books'.split(
    ' ',
  ),
  fr: 'réparation vélos jardin cours marché concert bibliothèque café musique enfants peinture cuisine danse piscine théâtre fête atelier quartier samedi matin soirée bénévoles recyclage école chorale randonnée livres été forêt église'.split(
    ' ',
  ),
  de: 'Reparatur Fahrräder Garten Kurse Markt Konzert Bibliothek Kaffee Musik Kinder Malerei Kochen Tanz Schwimmbad Theater Fest Werkstatt Nachbarschaft Samstag Morgen Abend Gemeinschaft Freiwillige Schule Chor Wanderung Bücher Häuser Straße Brücke'.split(
    ' ',
  ),
  es: 'reparación bicicletas jardín clases mercado concierto biblioteca café música niños pintura cocina baile piscina teatro fiesta taller barrio sábado mañana noche comunidad voluntarios escuela coro senderismo libros canciones montaña playa'.split(
    ' ',
  ),
  it: 'riparazione biciclette giardino lezioni mercato concerto biblioteca caffè musica bambini pittura cucina danza piscina teatro festa laboratorio quartiere sabato mattina sera comunità volontari scuola coro escursione libri città montagna spiaggia'.split(
    ' ',
  ),
  nl: 'reparatie fietsen tuin lessen markt concert bibliotheek koffie muziek kinderen schilderen koken dansen zwembad theater feest werkplaats buurt zaterdag ochtend avond gemeenschap vrijwilligers school koor wandelingen boeken straat brug molen'.split(
    ' ',
  ),
}
const LANGUAGES = Object.keys(WORDS)
const sqlArray = (words: string[]) => `ARRAY[${words.map((word) => `'${word}'`).join(', ')}]`
/** The 2-dimensional array of every language's words, for the seed's SQL. */
const VOCABULARY = `ARRAY[${LANGUAGES.map((language) => sqlArray(WORDS[language]!)).join(', ')}]`

/** The rare word of group `k`: `zq` and five consonants no stemmer trims, all of one length (no prefix of another). */
export function tokenOf(k: number): string {
  let word = ''
  for (let i = 0, rest = k; i < 5; i++, rest = Math.floor(rest / LETTERS.length))
    word = LETTERS[rest % LETTERS.length] + word
  return `zq${word}`
}
const TOKEN_SQL = `'zq' || (SELECT string_agg(substr('${LETTERS}', ((k / (${LETTERS.length} ^ (4 - i))::bigint) % ${LETTERS.length})::int + 1, 1), '' ORDER BY i) FROM generate_series(0, 4) i)`

/** One table's rows `from`..`to` (the seed's running number `n`), text drawn from `n`'s language. */
export function insertBatch(table: string, from: number, to: number, groups: number): string {
  const columns: Record<string, [string, string]> = {
    events: [
      'author_id, title, description, starts_at, ends_at, status',
      "now() + interval '30 days', now() + interval '31 days'",
    ],
    groups: ['author_id, name, description, status', ''],
    products: ['author_id, title, description, price, currency, status', "'5.00', 'EUR'"],
    forum_threads: ['author_id, title, body, pinned, post_count, last_post_at, status', 'false, 0, now()'],
  }
  const [names, extra] = columns[table]!
  const word = (offset: number) => `w[(n % 6) + 1][((n * ${offset + 7} + n / 7) % 30) + 1]`
  return `WITH vocabulary AS (SELECT ${VOCABULARY} AS w)
    INSERT INTO ${table} (${names})
    SELECT $1, ${word(1)} || ' ' || ${word(2)} || ' ' || (SELECT ${TOKEN_SQL} FROM (SELECT n % ${groups} AS k) g),
           ${[3, 4, 5, 6, 8, 9, 10, 11, 12, 13].map(word).join(" || ' ' || ")},
           ${extra ? `${extra}, ` : ''}CASE WHEN n % 20 = 0 THEN 'moderated' ELSE 'published' END::${`enum_${table}_status`}
      FROM vocabulary, generate_series(${from}, ${to}) n WHERE n % 4 = ${['events', 'groups', 'products', 'forum_threads'].indexOf(table)}`
}

async function indexedItems(pool: Pool): Promise<number> {
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM search_index WHERE community`)
  return rows[0].n
}

/** Seeds community items up to `target` (their running numbers continue the earlier seed's), with progress. */
async function growTo(pool: Pool, authorId: string, target: number, seeded: number): Promise<number> {
  if (seeded >= target) return seeded
  // A group of PER_TOKEN items per rare word at this size: later rows reuse the words of the earlier ones.
  const groups = Math.max(1, Math.floor(target / PER_TOKEN))
  const started = Date.now()
  for (let from = seeded; from < target; from += BATCH) {
    const to = Math.min(target, from + BATCH) - 1
    for (const table of ['events', 'groups', 'products', 'forum_threads'])
      await pool.query(insertBatch(table, from, to, groups), [authorId])
    const done = to + 1 - seeded
    const rate = done / ((Date.now() - started) / 1000)
    process.stderr.write(
      `\r[bench] search: seeded ${(to + 1).toLocaleString('en')}/${target.toLocaleString('en')} items (${rate.toFixed(0)}/s, ${((target - to - 1) / Math.max(rate, 1)).toFixed(0)} s left)   `,
    )
  }
  process.stderr.write('\n')
  log('search: vacuum and analyze')
  for (const table of ['search_index', 'events', 'groups', 'products', 'forum_threads'])
    await pool.query(`VACUUM (ANALYZE) ${table}`)
  await pool.query('CHECKPOINT')
  log(`search: seeded to ${target.toLocaleString('en')} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return target
}

interface Query {
  name: string
  q: string
}

/**
 * The queries measured at `size`: a rare word (about PER_TOKEN matches at any size, as the last word also a prefix),
 * a common word of one of its items with it, and the rare word with a common one excluded.
 */
async function queriesAt(pool: Pool, size: number): Promise<Query[]> {
  const token = tokenOf(Math.floor(Math.max(1, Math.floor(size / PER_TOKEN)) / 3))
  const { rows } = await pool.query(
    `SELECT split_part(title, ' ', 1) AS word FROM search_index WHERE community AND title LIKE '%' || $1 LIMIT 1`,
    [token],
  )
  if (!rows[0]) throw new Error(`search: no item has the word ${token}`)
  return [
    { name: 'one rare word (prefix)', q: token },
    { name: 'a common word and a rare one', q: `${rows[0].word} ${token}` },
    { name: 'a rare word, a common one excluded', q: `${token} -vélo` },
  ]
}

const sequentialP50 = async (url: string) => {
  const times: number[] = []
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`search: ${url} answered ${response.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}

interface AtSize {
  size: number
  query: string
  ours: Row['ours']
  limit: Row['ours']
  ratio: Spread
  oursSequential: number
  limitSequential: number
  /** Server process CPU ms per request (sequential): what the shared machine's load moves least. */
  oursCpu: number
  limitCpu: number
  total: number
}

async function measureAt(app: BenchApp, pool: Pool, limit: ServerProcess, seeded: number, rows: Row[]) {
  const limitUrl = limit.url
  const out: AtSize[] = []
  const size = await indexedItems(pool)
  for (const query of await queriesAt(pool, seeded)) {
    const path = `/api/search?${new URLSearchParams({ q: query.q, locale: 'en' })}`
    const [oursAnswer, limitAnswer] = await Promise.all(
      [app.url, limitUrl].map(async (base) => (await fetch(`${base}${path}`)).json() as Promise<{ total: number }>),
    )
    if (JSON.stringify(oursAnswer) !== JSON.stringify(limitAnswer))
      throw new Error(`search: ours and the limit disagree on ${path}`)
    const label = `${query.name}, ${size.toLocaleString('en')} items`
    const { merged, ratio } = await alternate(
      `search: ${label}`,
      [
        { name: 'ours', url: `${app.url}${path}` },
        { name: 'limit', url: `${limitUrl}${path}` },
      ],
      { connections: CONNECTIONS, rounds: ROUNDS },
    )
    rows.push({
      scenario: `search: ${label}`,
      connections: CONNECTIONS,
      ours: merged.ours!,
      limit: merged.limit,
      ratios: { limit: ratio('ours', 'limit') },
    })
    out.push({
      size,
      query: query.name,
      ours: merged.ours!,
      limit: merged.limit!,
      ratio: ratio('ours', 'limit'),
      oursSequential: await sequentialP50(`${app.url}${path}`),
      limitSequential: await sequentialP50(`${limitUrl}${path}`),
      oursCpu: await cpuPerRequest(app.server.pid, `${app.url}${path}`, SEQUENTIAL),
      limitCpu: await cpuPerRequest(limit.pid, `${limitUrl}${path}`, SEQUENTIAL),
      total: oursAnswer.total,
    })
  }
  return out
}

/**
 * A community item's create measured with the index's triggers on and off: what it posts, the tables whose
 * triggers it fires.
 */
interface CreateCase {
  name: string
  path: string
  tables: string[]
  body: (i: number) => Record<string, unknown>
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const percent = (on: number, off: number) => `${on >= off ? '+' : ''}${(((on - off) / off) * 100).toFixed(1)} %`

/** p50 of one create with the index's triggers on and off, alternating rounds; the medians of the rounds' p50s. */
async function createCost(app: BenchApp, pool: Pool, headers: Record<string, string>, which: CreateCase) {
  const create = async (i: number) => {
    const started = performance.now()
    const response = await fetch(`${app.url}${which.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(which.body(i)),
    })
    await response.arrayBuffer()
    if (response.status !== 201) throw new Error(`search: ${which.path} answered ${response.status}`)
    return performance.now() - started
  }
  const setTriggers = (on: boolean) =>
    pool.query(
      which.tables
        .flatMap((table) =>
          ['insert', 'update', 'delete'].map(
            (event) => `ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${table}_search_${event};`,
          ),
        )
        .join('\n'),
    )
  const p50s: Record<'on' | 'off', number[]> = { on: [], off: [] }
  let n = 0
  try {
    for (let i = 0; i < 10; i++) await create(n++) // warm-up
    for (let round = 0; round < CREATE_ROUNDS; round++) {
      for (const side of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        await setTriggers(side === 'on')
        const times: number[] = []
        for (let i = 0; i < CREATES_PER_ROUND; i++) times.push(await create(n++))
        p50s[side].push(median(times))
      }
      const [on, off] = [p50s.on.at(-1)!.toFixed(2), p50s.off.at(-1)!.toFixed(2)]
      process.stderr.write(
        `\r[bench] search: ${which.name} round ${round + 1}/${CREATE_ROUNDS} on ${on} ms, off ${off} ms   `,
      )
    }
  } finally {
    await setTriggers(true)
  }
  process.stderr.write('\n')
  return { on: median(p50s.on), off: median(p50s.off), rounds: p50s }
}

/**
 * What the trigger does for one new event, timed inside the database (one statement running it REFRESHES times,
 * so no round trip is counted): the part of a create's time the index takes.
 */
const REFRESHES = 200
async function refreshMs(pool: Pool): Promise<number> {
  const { rows } = await pool.query(`SELECT id FROM events ORDER BY created_at DESC LIMIT 1`)
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const { rows: timed } = await pool.query(
      `SELECT extract(epoch FROM clock_timestamp() - statement_timestamp()) * 1000 AS ms
         FROM (SELECT count(community_search_refresh('events', ARRAY[$1::uuid])) FROM generate_series(1, $2)) run`,
      [rows[0].id, REFRESHES],
    )
    times.push(Number(timed[0].ms) / REFRESHES)
  }
  return median(times)
}

/** The index's cost to a create of an event, and to a forum post (whose thread's counter moves with it). */
async function writeCost(app: BenchApp, pool: Pool) {
  const member = await signedInMember(app, 'citizen', 'search-writer')
  const headers = { ...member.bearer, 'content-type': 'application/json' }
  const thread = await fetch(`${app.url}/api/forum-threads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'Repair café: what to bring', body: 'Lamps, toasters, bicycles and coats.' }),
  })
  if (thread.status !== 201) throw new Error(`search: thread create answered ${thread.status}`)
  const threadId = ((await thread.json()) as { doc: { id: string } }).doc.id
  const event = await createCost(app, pool, headers, {
    name: 'POST /api/events',
    path: '/api/events',
    tables: ['events'],
    body: (i) => ({
      title: `Repair café ${i}: bicycles, lamps and toasters`,
      description: 'Bring what is broken; volunteers fix it with you. Coffee and cake, every first Saturday.',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 90_000_000).toISOString(),
    }),
  })
  const post = await createCost(app, pool, headers, {
    name: 'POST /api/forum-posts',
    path: '/api/forum-posts',
    tables: ['forum_posts', 'forum_threads'],
    body: (i) => ({ thread: threadId, body: `I can bring a soldering iron and spare fuses (${i}).` }),
  })
  return { event, post, refreshMs: await refreshMs(pool) }
}

export async function searchBench(app: BenchApp): Promise<ScenarioResult> {
  const pool: Pool = app.payload.db.pool
  const author = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: {
      email: `bench-search-author-${Date.now()}@example.test`,
      password: PASSWORD,
      roles: ['citizen'],
      emailVerified: true,
    } as never,
  })
  const limit = await startServerProcess('bench/search-limit-server.ts', await freePort(), {
    DATABASE_URL: app.databaseUrl,
  })
  const rows: Row[] = []
  const loadBefore = os.loadavg()
  try {
    let seeded = await growTo(pool, String(author.id), SMALL, 0)
    const small = await measureAt(app, pool, limit, seeded, rows)
    const cost = await writeCost(app, pool)
    const seedStarted = Date.now()
    seeded = await growTo(pool, String(author.id), LARGE, seeded)
    const seedSeconds = (Date.now() - seedStarted) / 1000
    const large = LARGE > SMALL ? await measureAt(app, pool, limit, seeded, rows) : []
    const loadAfter = os.loadavg()
    const { rows: sizeRows } = await pool.query(
      `SELECT pg_size_pretty(pg_total_relation_size('search_index')) AS total, pg_size_pretty(pg_relation_size('search_index_vector')) AS gin`,
    )
    const markdown = [
      `GET /api/search anonymously, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds (ours, the limit: express + pg running the route's statement on the same index, bench/search-limit-server.ts; req/s and p50 the rounds' medians, the ratio the median of the rounds' ratios, then their range), and ${SEQUENTIAL} requests one at a time. Items seeded by SQL in six languages (events, groups, products, forum threads; one in twenty moderated), ${PER_TOKEN} per rare word at each size. Load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before, ${loadAfter.map((n) => n.toFixed(1)).join(' / ')} after. Growing to ${LARGE.toLocaleString('en')} took ${seedSeconds.toFixed(0)} s; the index is ${sizeRows[0].total} (GIN ${sizeRows[0].gin}).`,
      '',
      markdownTable(
        [...small, ...large].map((at) => ({
          query: at.query,
          items: at.size.toLocaleString('en'),
          found: String(at.total),
          'ours req/s': at.ours.rps.toFixed(0),
          'ours p50': `${at.ours.p50} ms`,
          'limit req/s': at.limit.rps.toFixed(0),
          'limit p50': `${at.limit.p50} ms`,
          'ours ÷ limit': formatSpread(at.ratio),
          'sequential p50, ours / limit': `${at.oursSequential.toFixed(2)} / ${at.limitSequential.toFixed(2)} ms`,
          'server CPU per request, ours / limit': `${at.oursCpu.toFixed(2)} / ${at.limitCpu.toFixed(2)} ms`,
          'non-2xx/errors': String(at.ours.errors + at.ours.non2xx + at.limit.errors + at.limit.non2xx),
        })),
      ),
      '',
      large.length
        ? markdownTable(
            small.map((s, i) => ({
              query: s.query,
              'sequential p50, large ÷ small': `${(large[i]!.oursSequential / s.oursSequential).toFixed(2)}×`,
              'req/s, large ÷ small': `${(large[i]!.ours.rps / s.ours.rps).toFixed(2)}×`,
            })),
          )
        : '',
      '',
      [
        `What the index adds to a create, by a citizen's bearer token, ${CREATE_ROUNDS} alternating rounds of`,
        `${CREATES_PER_ROUND} sequential creates with the index's triggers on and off (p50 per round, medians):`,
        `POST /api/events on ${cost.event.on.toFixed(2)} ms, off ${cost.event.off.toFixed(2)} ms,`,
        `**${percent(cost.event.on, cost.event.off)}**; POST /api/forum-posts (the post's triggers and its thread's)`,
        `on ${cost.post.on.toFixed(2)} ms, off ${cost.post.off.toFixed(2)} ms,`,
        `**${percent(cost.post.on, cost.post.off)}**.`,
        `The trigger's work for one event, timed inside the database, ${cost.refreshMs.toFixed(3)} ms:`,
        `**${((cost.refreshMs / cost.event.off) * 100).toFixed(1)} %** of the create without it.`,
      ].join(' '),
    ].join('\n')
    log(markdown)
    return { rows, sections: [{ name: 'search', markdown }], data: { small, large, cost, seedSeconds } }
  } finally {
    await limit.stop()
  }
}
