// The order test files start in: the longest first (tests/helpers/test-timings.json), so the workers
// finish together, and the browser files once the first API files are under way, so the panel build
// started beside those is made when they start (docs/decisions.md "Test files start longest first").
// Plain JS: jest loads it untransformed.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import TestSequencer from '@jest/test-sequencer'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const TIMINGS = JSON.parse(fs.readFileSync(new URL('./test-timings.json', import.meta.url), 'utf8'))

// The committed seconds of the API files that start before the first browser file: with three workers about 150 s
// of the run, by when the background build (a minute or two of CPU) is made; the API files after the browser files
// fill the cores while those wait on pages, and the run ends on short files instead of the long panel walks.
const API_SECONDS_BEFORE_BROWSER_FILES = 450

const isBrowserFile = (test) => /[\\/]tests[\\/]e2e[\\/]/.test(test.path)
const committedMs = (test) => {
  const seconds = TIMINGS[path.relative(ROOT, test.path).split(path.sep).join('/')]
  return seconds === undefined ? undefined : Math.round(seconds * 1000)
}

// The package is CommonJS; depending on how Node wraps it the class is the export or its default.
const Sequencer = TestSequencer.default ?? TestSequencer

export default class LongestFirstSequencer extends Sequencer {
  /** Jest's sort reads each file's duration here (ms; undefined: unknown). */
  time(test) {
    return committedMs(test) ?? super.time(test)
  }

  sort(tests) {
    const sorted = super.sort(tests)
    const browserFiles = sorted.filter(isBrowserFile)
    // For globalSetup (the same process, after the sort): whether to start the panel build.
    process.env.COMMUNITY_TEST_BROWSER_FILES = String(browserFiles.length)
    const apiFiles = sorted.filter((test) => !isBrowserFile(test))
    let before = 0
    for (let seconds = 0; before < apiFiles.length && seconds < API_SECONDS_BEFORE_BROWSER_FILES; before++)
      seconds += (committedMs(apiFiles[before]) ?? 0) / 1000
    return [...apiFiles.slice(0, before), ...browserFiles, ...apiFiles.slice(before)]
  }
}
