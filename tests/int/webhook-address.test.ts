// The SSRF address classifier (src/lib/webhooks/address.ts), without connecting anywhere:
// loopback, private, link-local, multicast and the other special ranges are refused, IPv4-mapped
// IPv6 included; public addresses pass. And the URL rules (scheme, credentials) before resolving.
import { describe, expect, it } from '@jest/globals'

import { isRefusedAddress } from '../../src/lib/webhooks/address'
import { resolveTarget, urlProblem } from '../../src/lib/webhooks/target'

const REFUSED = {
  loopback: ['127.0.0.1', '127.255.255.254', '::1', '[::1]'],
  private: ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', 'fc00::1', 'fd12:3456::1'],
  'link-local': ['169.254.169.254', '169.254.0.1', 'fe80::1', 'fe80::1%eth0'],
  multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1', 'ff05::2'],
  'IPv4-mapped IPv6': [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:192.168.0.1',
    '::ffff:224.0.0.1',
  ],
  'unspecified and reserved': ['0.0.0.0', '::', '255.255.255.255', '240.0.0.1', '192.0.2.1', '2001:db8::1'],
  'not an address': ['localhost', '', 'example.com'],
}

const PUBLIC = [
  '93.184.216.34',
  '8.8.8.8',
  '1.1.1.1',
  '172.32.0.1',
  '11.0.0.1',
  '2606:4700:4700::1111',
  '::ffff:8.8.8.8',
  '2a00:1450:4007:80e::200e',
]

describe('isRefusedAddress', () => {
  for (const [kind, addresses] of Object.entries(REFUSED)) {
    it(`refuses ${kind}`, () => {
      for (const address of addresses) expect([address, isRefusedAddress(address)]).toEqual([address, true])
    })
  }
  it('lets public addresses through', () => {
    for (const address of PUBLIC) expect([address, isRefusedAddress(address)]).toEqual([address, false])
  })
})

describe('the URL rules', () => {
  const rules = { allowHttp: false, allowPrivate: false }
  it('https only unless http is allowed; no credentials; absolute', () => {
    expect(urlProblem('https://example.com/hook', rules)).toBeNull()
    expect(urlProblem('http://example.com/hook', rules)).toMatch(/https/)
    expect(urlProblem('http://example.com/hook', { ...rules, allowHttp: true })).toBeNull()
    expect(urlProblem('ftp://example.com/hook', { ...rules, allowHttp: true })).not.toBeNull()
    expect(urlProblem('https://user:pass@example.com/hook', rules)).toMatch(/credentials/)
    expect(urlProblem('/hook', rules)).not.toBeNull()
  })

  it('an IP literal is judged without a lookup; private ones pass only when allowed', async () => {
    await expect(resolveTarget('[::ffff:127.0.0.1]', rules)).rejects.toThrow(/loopback/)
    await expect(resolveTarget('10.1.2.3', rules)).rejects.toThrow(/private/)
    await expect(resolveTarget('10.1.2.3', { ...rules, allowPrivate: true })).resolves.toEqual([
      { address: '10.1.2.3', family: 4 },
    ])
    await expect(resolveTarget('93.184.216.34', rules)).resolves.toEqual([{ address: '93.184.216.34', family: 4 }])
  })
})
