import type { Access, Where } from 'payload'

/** A rule on a document's fields, asked of the versions' `parent` (the document as it stands now). */
export function onParent(where: Where): Where {
  const mapped: Where = {}
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) mapped[key] = value.map((part) => onParent(part))
    else mapped[key === 'id' ? 'parent' : `parent.${key}`] = value
  }
  return mapped
}

/**
 * Versions are for those who may both read and update the document as it stands now (docs/api.md "History"):
 * a version never shows more than the document itself would, whatever an older version said.
 */
export const versionReaders =
  (read: Access, update: Access): Access =>
  async (args) => {
    const mayUpdate = await update(args)
    if (!mayUpdate) return false
    const mayRead = await read(args)
    if (!mayRead) return false
    const rules = [mayUpdate, mayRead].filter((rule): rule is Where => rule !== true).map(onParent)
    if (rules.length === 0) return true
    return rules.length === 1 ? rules[0]! : { and: rules }
  }
