// npm run openapi: writes the OpenAPI reference generated from the code to docs/openapi.json
// (tests/int/openapi.test.ts fails when the committed file differs from what the code generates).
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { openApiJson } from '../endpoints/openapi'

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'openapi.json')
writeFileSync(target, openApiJson())
console.log(`wrote ${path.relative(process.cwd(), target)}`)
