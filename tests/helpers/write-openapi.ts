// Writes the OpenAPI reference the test files check responses against (openapi-check.ts) to
// the file named by its argument, with the languages it was built for. globalSetup runs it
// once per run as a child process, so that each test file reads the document (milliseconds)
// instead of building it from the zod schemas (≈ 0.5 s of CPU a file), and jest's own
// process does not keep the schemas' modules for the whole run.
import { writeFileSync } from 'node:fs'

import { openApiDocument } from '../../endpoints/openapi'
import { settings } from '../../src/lib/settings'

const target = process.argv[2]
if (!target) throw new Error('usage: write-openapi.ts <file>')
writeFileSync(target, JSON.stringify({ locales: settings().locales, document: openApiDocument() }))
