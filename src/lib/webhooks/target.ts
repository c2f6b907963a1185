// A webhook URL's rules (docs/api.md "Webhooks (/api/admin/webhooks)"), checked at create and update and again before
// every delivery: https (http only with WEBHOOKS_ALLOW_HTTP), no credentials in it, and a host
// whose every address is public unless WEBHOOKS_ALLOW_PRIVATE.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'

import { isRefusedAddress } from './address'

export interface TargetRules {
  allowHttp: boolean
  allowPrivate: boolean
}

export interface ResolvedAddress {
  address: string
  family: number
}

/** Why a URL is refused, in words for the `invalid_request` message; null when it parses and its scheme is allowed. */
export function urlProblem(raw: string, rules: TargetRules): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'Expected an absolute URL'
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowHttp))
    return rules.allowHttp ? 'Use an http:// or https:// URL' : 'Use an https:// URL'
  if (url.username || url.password) return 'The URL may not carry credentials'
  if (!url.hostname) return 'The URL needs a host'
  return null
}

/**
 * The addresses `hostname` resolves to, refused (an Error whose message says why) when any
 * is private, loopback, link-local or multicast and private targets are not allowed.
 */
export async function resolveTarget(hostname: string, rules: TargetRules): Promise<ResolvedAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '')
  let addresses: ResolvedAddress[]
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }]
  else {
    try {
      addresses = await lookup(bare, { all: true, verbatim: true })
    } catch {
      throw new Error(`The host ${hostname} does not resolve`)
    }
  }
  if (addresses.length === 0) throw new Error(`The host ${hostname} does not resolve`)
  if (!rules.allowPrivate && addresses.some((entry) => isRefusedAddress(entry.address))) {
    throw new Error(`The host ${hostname} resolves to a loopback, private, link-local or multicast address`)
  }
  return addresses
}

/** The URL's problem, the resolution's included; null when a delivery may go there. */
export async function targetProblem(raw: string, rules: TargetRules): Promise<string | null> {
  const problem = urlProblem(raw, rules)
  if (problem) return problem
  try {
    await resolveTarget(new URL(raw).hostname, rules)
    return null
  } catch (error) {
    return (error as Error).message
  }
}
