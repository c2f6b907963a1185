// Where a webhook may send (docs/api.md "Webhooks (/api/admin/webhooks)"): never to this machine or its networks. A URL
// is checked by what its host resolves to, at create and again at every delivery, and the
// delivery connects to the address that was checked (`lookup` in ./send.ts), so a name that
// resolves to a public address for the check and a private one for the connection (DNS
// rebinding) reaches nothing.
import { BlockList, isIP } from 'node:net'

const refused = new BlockList()
// IPv4: "this network", private (RFC 1918), carrier-grade NAT, loopback, link-local,
// IETF protocol assignments, documentation ranges, benchmarking, multicast, reserved, broadcast.
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(network, prefix, 'ipv4')
// IPv6: unspecified, loopback, unique local, link-local, site-local (deprecated), multicast,
// documentation, NAT64 and 6to4 (both carry an IPv4 address that could be private).
refused.addAddress('::', 'ipv6')
refused.addAddress('::1', 'ipv6')
for (const [network, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['2002::', 16],
] as const)
  refused.addSubnet(network, prefix, 'ipv6')

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`, `::ffff:7f00:1`) or -compatible IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase()
  const dotted = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower.replace(/^::/, '0:'))
  if (dotted && isIP(dotted[1]!) === 4) return dotted[1]!
  const hex = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (hex) {
    const high = parseInt(hex[1]!, 16)
    const low = parseInt(hex[2]!, 16)
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`
  }
  return null
}

/**
 * True when `address` (an IP literal) is one a webhook may not reach: loopback, private,
 * link-local, multicast and the other special ranges above, IPv4-mapped IPv6 included.
 * Anything that is not an IP address counts as refused.
 */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const family = isIP(bare)
  if (family === 4) return refused.check(bare, 'ipv4')
  if (family !== 6) return true
  const v4 = embeddedIpv4(bare)
  // An IPv4-mapped address is the IPv4 one on the wire; "::" and "::1" are matched as IPv6.
  if (v4 && bare !== '::' && bare !== '::1') return refused.check(v4, 'ipv4')
  return refused.check(bare, 'ipv6')
}
