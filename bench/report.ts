// What a bench run leaves: one table of every scenario (ours beside the limit and the peer),
// printed, kept whole as JSON under bench/results/, and written into docs/performance.md
// between its bench markers with the run's other sections (the rest of that page is prose).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Measurement } from './autocannon'
import { log, printTable } from './harness'
import { formatSpread, type Spread } from './rounds'

/** One scenario at one number of connections. */
export interface Row {
  scenario: string
  connections: number
  ours: Measurement
  /** The same work on plain express + pg (or, for sign-in, bare argon2 verifies). */
  limit?: Measurement
  /** Payload's stock REST for the same data. */
  peer?: Measurement
  /** Measured in alternating rounds (bench/rounds.ts): the median of the rounds' ratios and their range. */
  ratios?: { limit?: Spread; peer?: Spread }
  /** The server process's RSS right after `ours` was measured. */
  serverRssMb?: number
}

/** What a scenario hands back: rows for the table, and sections of its own for the page. */
export interface ScenarioResult {
  rows?: Row[]
  sections?: Array<{ name: string; markdown: string }>
  data?: unknown
}

const rps = (m?: Measurement) => (m ? m.rps.toFixed(0) : '')
const p50 = (m?: Measurement) => (m ? `${m.p50} ms` : '')
const ratio = (a: Measurement, b?: Measurement, spread?: Spread) =>
  spread ? formatSpread(spread) : b && b.rps > 0 ? `${(a.rps / b.rps).toFixed(2)}×` : ''
const bad = (m?: Measurement) => (m ? m.errors + m.non2xx : 0)

/**
 * The one row builder of every bench table: a row's cells, then the columns no row fills
 * (no peer, no RSS) and those in `drop` left out.
 */
export function tableRows(rows: Row[], drop: string[] = []): Array<Record<string, string>> {
  const cells = rows.map((row) => ({
    scenario: row.scenario,
    conns: String(row.connections),
    'ours req/s': rps(row.ours),
    'ours p50': p50(row.ours),
    'ours p99': `${row.ours.p99} ms`,
    'limit req/s': rps(row.limit),
    'limit p50': p50(row.limit),
    'ours ÷ limit': ratio(row.ours, row.limit, row.ratios?.limit),
    'peer req/s': rps(row.peer),
    'peer p50': p50(row.peer),
    'ours ÷ peer': ratio(row.ours, row.peer, row.ratios?.peer),
    'server RSS': row.serverRssMb === undefined ? '' : `${row.serverRssMb.toFixed(0)} MB`,
    'non-2xx/errors': String(bad(row.ours) + bad(row.limit) + bad(row.peer)),
  }))
  const kept = Object.keys(cells[0] ?? {}).filter(
    (column) => !drop.includes(column) && cells.some((row) => row[column as keyof typeof row] !== ''),
  )
  return cells.map((row) => Object.fromEntries(kept.map((column) => [column, row[column as keyof typeof row]])))
}

export function markdownTable(rows: Array<Record<string, string>>): string {
  const columns = Object.keys(rows[0] ?? {})
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [
    line(columns),
    line(columns.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...rows.map((row) => line(columns.map((c) => row[c] ?? ''))),
  ].join('\n')
}

const machine = () =>
  `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end`

async function writeSection(page: string, name: string, body: string): Promise<string> {
  const start = `<!-- bench:${name}:start -->`
  const end = `<!-- bench:${name}:end -->`
  const section = `${start}\n${body}\n${end}`
  return page.includes(start)
    ? page.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => section)
    : `${page.trimEnd()}\n\n${section}\n`
}

/**
 * Prints the table, writes bench/results/<stamp>.json, and updates docs/performance.md: the
 * table only after a full run (a partial one would drop rows), the other sections always.
 */
export async function report(
  results: Array<[name: string, ScenarioResult]>,
  command: string,
  fullRun: boolean,
): Promise<void> {
  const rows = results.flatMap(([, result]) => result.rows ?? [])
  const table = tableRows(rows, ['limit p50', 'peer p50'])
  if (table.length)
    printTable(
      'Ours vs the limit (express + pg, same SQL) and the peer (Payload stock REST); a ratio with a range: the median of alternating rounds (bench/rounds.ts)',
      table,
    )
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  await fs.mkdir('bench/results', { recursive: true })
  const jsonPath = path.join('bench/results', `${stamp}.json`)
  await fs.writeFile(
    jsonPath,
    JSON.stringify(
      { date: new Date().toISOString(), machine: machine(), command, results: Object.fromEntries(results) },
      null,
      2,
    ),
  )

  const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine()}, \`${command}\``
  let page = await fs.readFile('docs/performance.md', 'utf8').catch(() => '# Performance\n')
  if (fullRun && table.length) page = await writeSection(page, 'table', `Last run: ${when}.\n\n${markdownTable(table)}`)
  for (const [, result] of results) {
    for (const section of result.sections ?? [])
      page = await writeSection(page, section.name, `Last run: ${when}.\n\n${section.markdown}`)
  }
  await fs.writeFile('docs/performance.md', page)
  log(
    `results in ${jsonPath}${fullRun ? '' : ' (partial run: the main table in docs/performance.md is left as it was)'}; docs/performance.md updated`,
  )
}
