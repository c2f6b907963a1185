// `npm run test:timings -- <report.json> [more reports]`: writes tests/helpers/test-timings.json,
// the seconds each test file took, which the sequencer (tests/helpers/sequencer.js) reads to
// start the longest files first. The reports are jest's `--json --outputFile` of whole runs
// on a quiet machine (CI prints where: docs/operations.md "Tests"); with several, each file's
// median counts. A file the reports do not name keeps its entry; a file that is gone loses it.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT = path.join(ROOT, 'tests/helpers/test-timings.json')

interface Report {
  testResults: Array<{
    name: string
    perfStats?: { start: number; end: number; runtime?: number }
    startTime?: number
    endTime?: number
  }>
}

const reports = process.argv.slice(2)
if (!reports.length) {
  console.error('Usage: npm run test:timings -- <jest --json report> [more reports]')
  process.exit(2)
}

const seen = new Map<string, number[]>()
for (const file of reports) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report
  for (const result of report.testResults) {
    const ms =
      result.perfStats?.runtime ??
      (result.perfStats
        ? result.perfStats.end - result.perfStats.start
        : (result.endTime ?? 0) - (result.startTime ?? 0))
    const name = path.relative(ROOT, result.name).split(path.sep).join('/')
    seen.set(name, [...(seen.get(name) ?? []), ms / 1000])
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const timings: Record<string, number> = fs.existsSync(OUT) ? JSON.parse(fs.readFileSync(OUT, 'utf8')) : {}
for (const [name, values] of seen) timings[name] = Math.round(median(values) * 10) / 10
const kept = Object.fromEntries(
  Object.entries(timings)
    .filter(([name]) => fs.existsSync(path.join(ROOT, name)))
    .sort(([a], [b]) => a.localeCompare(b)),
)
fs.writeFileSync(OUT, `${JSON.stringify(kept, null, 2)}\n`)
console.log(
  `test-timings: ${seen.size} files from ${reports.length} report(s); ${Object.keys(kept).length} in ${path.relative(ROOT, OUT)}`,
)
