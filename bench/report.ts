// The read scenarios' table: printed, kept as JSON under bench/results/, and written into
// docs/performance.md between its bench markers (the rest of that page is prose).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Measurement } from './autocannon'
import { log, printTable } from './harness'
import type { ReadRow } from './reads'

const START = '<!-- bench:reads:start -->'
const END = '<!-- bench:reads:end -->'

const rps = (m?: Measurement) => (m ? m.rps.toFixed(0) : '')
const ratio = (a: Measurement, b?: Measurement) => (b && b.rps > 0 ? `${(a.rps / b.rps).toFixed(2)}×` : '')
const bad = (m?: Measurement) => (m ? m.errors + m.non2xx : 0)

function tableRows(rows: ReadRow[]): Array<Record<string, string>> {
  return rows.map((row) => ({
    scenario: row.scenario,
    conns: String(row.connections),
    'ours req/s': rps(row.ours),
    p50: `${row.ours.p50} ms`,
    p99: `${row.ours.p99} ms`,
    'limit req/s': rps(row.limit),
    'ours ÷ limit': ratio(row.ours, row.limit),
    'peer req/s': rps(row.peer),
    'ours ÷ peer': ratio(row.ours, row.peer),
    'server RSS': `${row.serverRssMb.toFixed(0)} MB`,
    'non-2xx/errors': String(bad(row.ours) + bad(row.limit) + bad(row.peer)),
  }))
}

function markdown(rows: Array<Record<string, string>>): string {
  const columns = Object.keys(rows[0] ?? {})
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(columns), line(columns.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map((row) => line(columns.map((c) => row[c] ?? '')))].join('\n')
}

export async function reportReads(rows: ReadRow[]): Promise<void> {
  if (rows.length === 0) return
  const table = tableRows(rows)
  printTable('Hot reads: ours vs the limit (express + pg, same SQL) and the peer (Payload stock REST)', table)
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const machine = `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
  await fs.mkdir('bench/results', { recursive: true })
  const jsonPath = path.join('bench/results', `${stamp}.json`)
  await fs.writeFile(jsonPath, JSON.stringify({ date: new Date().toISOString(), machine, rows }, null, 2))
  const section = `${START}\nLast run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine}, \`npm run bench\`.\n\n${markdown(table)}\n${END}`
  const page = await fs.readFile('docs/performance.md', 'utf8').catch(() => '# Performance\n')
  const next = page.includes(START) ? page.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section) : `${page.trimEnd()}\n\n## Hot reads (written by npm run bench)\n\n${section}\n`
  await fs.writeFile('docs/performance.md', next)
  log(`results in ${jsonPath} and docs/performance.md`)
}
