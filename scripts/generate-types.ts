// `npm run generate:types`: rewrites src/payload-types.ts after a change to a collection's
// fields (tests/int/payload-types.test.ts fails while the committed file is stale).
import { PAYLOAD_TYPES_FILE, writePayloadTypes } from './payload-types'

await writePayloadTypes()
console.log(`generate:types: ${PAYLOAD_TYPES_FILE} is up to date`)
// Loading the config may leave handles open (the S3 client, sharp's pool): nothing else is to run.
process.exit(0)
