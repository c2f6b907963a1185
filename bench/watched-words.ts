// `npm run bench -- watched-words`: a community create (POST /api/forum-threads, signed in by bearer) with
// 1,000 watched words in force beside the same create with none, in alternating rounds (the ratio of each
// round, then their median and range), and the matching itself in the bench process: the time to match one
// text of a thread's usual length against the compiled list, and to compile it. The words are spread over
// the six languages and every kind of pattern (words, `*` patterns, phrases), none met by the texts, so
// every create takes the same path (published, no report) and only the matching differs.
import { compileWords } from '../src/lib/word-matcher'
import { type BenchApp, load, log, signedInMember } from './harness'
import { markdownTable, type ScenarioResult } from './report'

const WORDS = 1000
const ROUNDS = Number(process.env.BENCH_WATCHED_ROUNDS ?? 5)
const CREATES = Number(process.env.BENCH_WATCHED_CREATES ?? 300)
const CONCURRENCY = 4
const LOCALES = ['en', 'fr', 'de', 'es', 'it', 'nl']
// Thread bodies of a usual length, in the six languages, that meet none of the words.
const BODY = [
  'Does anyone know a good bakery near the station? The old one closed last week and I miss its bread.',
  'Quelqu’un connaît-il une bonne boulangerie près de la gare ? L’ancienne a fermé la semaine dernière.',
  'Kennt jemand eine gute Bäckerei in der Nähe vom Bahnhof? Die alte hat letzte Woche geschlossen.',
  '¿Alguien conoce una buena panadería cerca de la estación? La antigua cerró la semana pasada.',
  'Qualcuno conosce un buon panificio vicino alla stazione? Quello vecchio ha chiuso la settimana scorsa.',
  'Kent iemand een goede bakker bij het station? De oude is vorige week dichtgegaan.',
].join(' ')

/** The i-th bench word: a word, a `*` pattern or a phrase, with accents, in a language or in all. */
function benchWord(i: number): { pattern: string; locale: string | null; effect: string } {
  const stem = `zq${i.toString(36)}`
  const pattern = i % 10 === 0 ? `${stem}*` : i % 10 === 1 ? `${stem} vórt` : i % 10 === 2 ? `*${stem}é` : `${stem}ä`
  return { pattern, locale: i % 7 === 0 ? null : LOCALES[i % LOCALES.length]!, effect: i % 2 ? 'flag' : 'block' }
}

async function memberBearer(app: BenchApp): Promise<Record<string, string>> {
  return (await signedInMember(app, 'citizen', 'words')).bearer
}

/** Puts `words` in force: the list and the version every instance compares; then waits out the server's check. */
async function setList(app: BenchApp, words: number, headers: Record<string, string>): Promise<void> {
  const pool = app.payload.db.pool
  await pool.query('DELETE FROM watched_words')
  if (words) {
    const rows = Array.from({ length: words }, (_, i) => benchWord(i))
    await pool.query(
      `INSERT INTO watched_words (pattern, folded, locale, effect)
       SELECT p, lower(p), l, e FROM unnest($1::text[], $2::text[], $3::text[]) AS t(p, l, e)`,
      [rows.map((r) => r.pattern), rows.map((r) => r.locale), rows.map((r) => r.effect)],
    )
  }
  await pool.query('UPDATE moderation_settings SET version = version + 1')
  await new Promise((resolve) => setTimeout(resolve, 1100))
  // The first create after the change reads and compiles the list: not measured.
  await create(app, headers, -1)
}

async function create(app: BenchApp, headers: Record<string, string>, i: number): Promise<boolean> {
  const response = await fetch(`${app.url}/api/forum-threads`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: `Bakery question ${i}`, body: BODY }),
  })
  await response.arrayBuffer()
  return response.status === 201
}

function matchingCost(): { compileMs: number; perTextUs: number; length: number } {
  const patterns = Array.from({ length: WORDS }, (_, i) => ({ pattern: benchWord(i).pattern, value: i }))
  const compileStart = performance.now()
  const matcher = compileWords(patterns)
  const compileMs = performance.now() - compileStart
  const text = `Bakery question 1 ${BODY}`
  for (let i = 0; i < 200; i++) matcher.match(text)
  const times = 2000
  const started = performance.now()
  for (let i = 0; i < times; i++) if (matcher.match(text).length) throw new Error('a bench text met a word')
  return { compileMs, perTextUs: ((performance.now() - started) / times) * 1000, length: text.length }
}

export async function watchedWordsBench(app: BenchApp): Promise<ScenarioResult> {
  const headers = await memberBearer(app)
  const rounds: Array<{ none: number; many: number; ratio: number }> = []
  for (let round = 1; round <= ROUNDS; round++) {
    const rate: Record<'none' | 'many', number> = { none: 0, many: 0 }
    // Alternating which side goes first, so a drift of the machine does not favour one.
    const order: Array<'none' | 'many'> = round % 2 ? ['none', 'many'] : ['many', 'none']
    for (const side of order) {
      await setList(app, side === 'many' ? WORDS : 0, headers)
      const result = await load(`round ${round}, ${side === 'many' ? WORDS : 0} words`, CREATES, CONCURRENCY, (i) =>
        create(app, headers, round * 100_000 + i),
      )
      if (result.failures) throw new Error(`${result.failures} creates failed`)
      rate[side] = result.perSecond
    }
    rounds.push({ ...rate, ratio: rate.many / rate.none })
  }
  await setList(app, 0, headers)
  const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b)
  const median = ratios[Math.floor(ratios.length / 2)]!
  const cost = matchingCost()
  log(`watched words: median ratio ${median.toFixed(2)} (${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)})`)
  const table = markdownTable(
    rounds.map((r, i) => ({
      round: String(i + 1),
      'creates/s, no words': r.none.toFixed(1),
      [`creates/s, ${WORDS} words`]: r.many.toFixed(1),
      ratio: `${r.ratio.toFixed(2)}×`,
    })),
  )
  const markdown = [
    `${ROUNDS} alternating rounds of ${CREATES} \`POST /api/forum-threads\` (bearer, ${CONCURRENCY} in flight, body ${cost.length} characters in six languages) with no watched word and with ${WORDS} (words, \`*\` patterns and phrases over the six languages and all, none met).`,
    '',
    table,
    '',
    `With ${WORDS} words ÷ with none: median **${median.toFixed(2)}×** (range ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}; target ≥ 0.9). Matching one such text against the ${WORDS} compiled words: **${cost.perTextUs.toFixed(1)} µs** (target under 1 ms); compiling the list, once per version and language: ${cost.compileMs.toFixed(1)} ms.`,
  ].join('\n')
  return { sections: [{ name: 'watched-words', markdown }], data: { rounds, median, cost } }
}
