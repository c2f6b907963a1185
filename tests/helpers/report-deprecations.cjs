// Preloaded into a child process (NODE_OPTIONS=--require): each DeprecationWarning is written to
// stderr at once, so one raised in the last tick before process.exit() is seen too (node prints
// warnings, and --throw-deprecation throws them, only on a later tick).
const fs = require('node:fs')

const emitWarning = process.emitWarning

process.emitWarning = function (warning, type, ...rest) {
  const name = warning instanceof Error ? warning.name : typeof type === 'string' ? type : type?.type
  if (name === 'DeprecationWarning') {
    const message = warning instanceof Error ? warning.message : String(warning)
    fs.writeSync(2, `DeprecationWarning: ${message}\n${new Error('raised').stack}\n`)
  }
  return emitWarning.call(this, warning, type, ...rest)
}
