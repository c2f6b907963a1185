// Outdated translations: an admin API update of a service with six translations that changes the source title
// (marking the five other languages outdated, with their events) against the same update changing the price
// only (marking none), one request at a time, in alternating rounds on one server; the ratio is of the median
// updates per second (target ≥ 0.9).
import { adminCredentials, type BenchApp, log, printTable } from './harness'
import type { ScenarioResult } from './report'
import { formatSpread, ROUNDS, spreadOf } from './rounds'

const UPDATES_PER_ROUND = Number(process.env.BENCH_OUTDATED_UPDATES ?? 40)
const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl']
const SERVICES = '/api/admin/services/services'

export async function outdatedBench(app: BenchApp): Promise<ScenarioResult> {
  const { bearer } = await adminCredentials(app)
  const headers = { ...bearer, 'content-type': 'application/json' }
  const send = async (body: unknown) => {
    const response = await fetch(`${app.url}${SERVICES}`, { method: 'POST', headers, body: JSON.stringify(body) })
    const text = await response.text()
    if (response.status >= 300) throw new Error(`bench update: ${response.status} ${text.slice(0, 200)}`)
    return JSON.parse(text) as { id: string; service: unknown }
  }
  const [user] = (await app.payload.find({ collection: 'users', limit: 1, overrideAccess: true })).docs
  const translations = (title: string) =>
    LANGUAGES.map((inLanguage) => ({
      inLanguage,
      title: inLanguage === 'en' ? title : `Title ${inLanguage}`,
      description: `Description ${inLanguage}`,
      seoTitle: `SEO ${inLanguage}`,
    }))
  const { id } = await send({
    action: 'create',
    slug: `bench-outdated-${Date.now()}`,
    providerId: String(user!.id),
    inLanguage: 'en',
    translations: translations('Title 0'),
  })
  // Both send every translation in full, as the admin API's update does; only `marking` changes the source title.
  let title = 0
  let price = 0
  const sides = {
    marking: () => send({ action: 'update', id, translations: translations(`Title ${++title}`) }),
    none: () =>
      send({
        action: 'update',
        id,
        basePrice: String(10 + (++price % 50)),
        translations: translations(`Title ${title}`),
      }),
  }
  const timed = async (side: keyof typeof sides) => {
    const started = performance.now()
    for (let i = 0; i < UPDATES_PER_ROUND; i++) await sides[side]()
    return UPDATES_PER_ROUND / ((performance.now() - started) / 1000)
  }
  await timed('none')
  await timed('marking')
  const rates: Record<keyof typeof sides, number[]> = { marking: [], none: [] }
  for (let round = 0; round < ROUNDS; round++) {
    const order: Array<keyof typeof sides> = round % 2 === 0 ? ['none', 'marking'] : ['marking', 'none']
    for (const side of order) rates[side].push(await timed(side))
    log(
      `outdated round ${round + 1}: marking ${rates.marking.at(-1)!.toFixed(1)}/s, none ${rates.none.at(-1)!.toFixed(1)}/s`,
    )
  }
  const spread = spreadOf(rates.marking.map((rate, i) => rate / rates.none[i]!))
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const summary = [
    {
      check: 'updates marking 5 languages outdated, per second (median of rounds)',
      value: median(rates.marking).toFixed(1),
    },
    { check: 'updates marking none, per second (median of rounds)', value: median(rates.none).toFixed(1) },
    {
      check: "marking ÷ none (target ≥ 0.90; the median of the rounds' ratios and their range)",
      value: formatSpread(spread),
    },
  ]
  printTable('Outdated translations', summary)
  return {
    sections: [{ name: 'outdated', markdown: summary.map((row) => `- ${row.check}: ${row.value}`).join('\n') }],
    data: { rates, spread },
  }
}
