// The order test files start in: jest's own (files that failed last time first, then the
// longest by the last run's timings, else the largest) with the browser files (tests/e2e) last.
// They need the production panel build, which the first of them makes (src/lib/admin-build.ts,
// behind a lock) while the other worker waits for it: left to the end, the API files fill both
// workers meanwhile instead of one of them idling on the lock.
// Plain JS because jest loads the sequencer untransformed.
import TestSequencer from '@jest/test-sequencer'

const isBrowserFile = (test) => /[\\/]tests[\\/]e2e[\\/]/.test(test.path)

// The package is CommonJS; depending on how Node wraps it the class is the export or its default.
const Sequencer = TestSequencer.default ?? TestSequencer

export default class ApiFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests)
    return [...sorted.filter((test) => !isBrowserFile(test)), ...sorted.filter(isBrowserFile)]
  }
}
