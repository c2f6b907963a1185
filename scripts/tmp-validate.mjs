import { Validator } from '@seriousme/openapi-schema-validator'
import { readFileSync } from 'node:fs'
const v = new Validator()
const r = await v.validate(JSON.parse(readFileSync('docs/openapi.json', 'utf8')))
console.log(r.valid, JSON.stringify(r.errors, null, 1)?.slice(0, 3000), v.version)
