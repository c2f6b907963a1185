// The order test files start in: the longest first, so that the workers finish together
// (jest hands the next file to whichever worker is free: longest-first leaves short files to
// fill the end), with the browser files (tests/e2e) after the API files. They need the
// production panel build, which globalSetup starts in the background when they are in the
// run (tests/helpers/admin-build-background.ts): left to the end, they find it made, or wait
// on its lock only for what the API files' run left of it.
//
// How long a file takes comes from tests/helpers/test-timings.json (committed: a fresh clone,
// as CI runs, has no jest cache to sort by), refreshed from whole quiet runs with
// `npm run test:timings -- <jest --json report>` (docs/operations.md "Tests"). A file not in
// it falls back to jest's cache of this machine's last run, and one in neither (a new file)
// starts first. Files that failed in this machine's last run still start before the rest.
// Plain JS because jest loads the sequencer untransformed.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import TestSequencer from '@jest/test-sequencer'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const TIMINGS = JSON.parse(fs.readFileSync(new URL('./test-timings.json', import.meta.url), 'utf8'))

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
    return [...sorted.filter((test) => !isBrowserFile(test)), ...browserFiles]
  }
}
