// src/payload-types.ts, Payload's types of every collection, generated from the config. A
// locale is typed `string`, not the union of this host's LOCALES: the languages are set where
// the service runs, so the committed file is the same whoever makes it, and a locale read
// from the environment or a request needs no cast.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { generateTypes } from 'payload/node'

export const PAYLOAD_TYPES_FILE = fileURLToPath(new URL('../src/payload-types.ts', import.meta.url))

// The Config interface's two locale members, however prettier wrapped their unions.
function localesAsStrings(compiled: string): string {
  return compiled
    .replace(/\n  fallbackLocale:[^;]*;/, "\n  fallbackLocale: ('false' | 'none' | 'null') | false | null | string | string[];")
    .replace(/\n  locale:[^;]*;/, '\n  locale: string;')
}

/** Writes the types to `outputFile` (by default the committed one). */
export async function writePayloadTypes(outputFile = PAYLOAD_TYPES_FILE): Promise<void> {
  const { loadConfig } = await import('../src/lib/payload-lifecycle')
  const config = await loadConfig()
  const postProcess = [...(config.typescript.postProcess ?? []), ({ compiledTypes }: { compiledTypes: string }) => localesAsStrings(compiledTypes)]
  await generateTypes({ ...config, typescript: { ...config.typescript, outputFile: path.resolve(outputFile), postProcess } }, { log: false })
}
