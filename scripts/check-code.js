// `npm run lint` (after prettier) and tests/int/lint.test.ts: tsc's type check and ESLint over the tree from one
// TypeScript program, built and checked once, then handed to typescript-eslint's typed rules
// (docs/operations.md "Tests"). Plain JS: it runs before any TypeScript loader.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { ESLint } from 'eslint'
import ts from 'typescript'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The program `tsc --noEmit` builds from tsconfig.json, and its diagnostics as tsc prints them. */
function typeCheck() {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  }
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, host)
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  })
  const diagnostics = ts.getPreEmitDiagnostics(program)
  const text = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => '\n',
  })
  return { program, errors: diagnostics.length, text }
}

const started = Date.now()
const checked = typeCheck()
const typeChecked = Date.now()
if (checked.errors) process.stdout.write(`${checked.text}\ntype check: ${checked.errors} error(s)\n`)

// The config's typed block asks for the project service; the program above replaces it, so nothing is built twice.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false, programs: [checked.program] } },
    },
  ],
})
const results = await eslint.lintFiles(['.'])
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0)
if (problems) process.stdout.write(await (await eslint.loadFormatter('stylish')).format(results))
if (process.env.CHECK_CODE_TIMES === '1')
  process.stderr.write(`type check ${typeChecked - started} ms, eslint ${Date.now() - typeChecked} ms\n`)
process.exitCode = checked.errors || problems ? 1 : 0
