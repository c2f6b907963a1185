import type { Access, Where } from 'payload'

/**
 * Combines access rules: allowed when any rule allows everything, otherwise the rows any of
 * them allows (`{ or: [...] }`). Lets a collection say `anyOf(isAdmin, activeServices)`
 * instead of re-branching the same checks inline.
 */
export const anyOf =
  (...rules: Access[]): Access =>
  async (args) => {
    const wheres: Where[] = []
    for (const rule of rules) {
      const result = await rule(args)
      if (result === true) return true
      if (result && typeof result === 'object') wheres.push(result)
    }
    if (wheres.length === 0) return false
    return wheres.length === 1 ? wheres[0]! : { or: wheres }
  }
