// IP addresses and ranges as MediaWiki's IPUtils handles them (stored forms, hex keys for ipblocks).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  formatHex,
  hexToOctet,
  hexToQuad,
  isIPAddress,
  isIPv4,
  isIPv6,
  isInRange,
  isValidIP,
  isValidRange,
  parseRange,
  prettifyIP,
  sanitizeIP,
  sanitizeRange,
  toHex,
} from '../../src/wiki/ip.ts';

type Flags = [isIPAddress: boolean, isIPv4: boolean, isIPv6: boolean, isValid: boolean, isValidRange: boolean];
type IpCase = [
  value: string,
  sanitized: string | null,
  flags: Flags,
  hex: string | null,
  range: { start: string; end: string } | null,
  pretty: string | null,
];

// Recorded by running Wikimedia\IPUtils (MediaWiki 1.39's copy) on each value:
// sanitizeIP, [isIPAddress, isIPv4, isIPv6, isValid, isValidRange], toHex, parseRange, prettifyIP.
const IP_CASES: IpCase[] = [
  ["192.0.2.010", "192.0.2.10", [true, true, false, true, false], "C000020A", { start: "C000020A", end: "C000020A" }, "192.0.2.10"],
  ["192.0.2.10", "192.0.2.10", [true, true, false, true, false], "C000020A", { start: "C000020A", end: "C000020A" }, "192.0.2.10"],
  ["010.000.000.001", "10.0.0.1", [true, true, false, true, false], "0A000001", { start: "0A000001", end: "0A000001" }, "10.0.0.1"],
  ["0.0.0.0", "0.0.0.0", [true, true, false, true, false], "00000000", { start: "00000000", end: "00000000" }, "0.0.0.0"],
  ["00.00.00.00", "0.0.0.0", [true, true, false, true, false], "00000000", { start: "00000000", end: "00000000" }, "0.0.0.0"],
  ["1.2.3.4/24", "1.2.3.4/24", [true, true, false, false, true], null, { start: "01020300", end: "010203FF" }, "1.2.3.4/24"],
  ["1.2.3.4/32", "1.2.3.4/32", [true, true, false, false, true], null, { start: "01020304", end: "01020304" }, "1.2.3.4/32"],
  ["1.2.3.4/33", "1.2.3.4/33", [false, false, false, false, false], null, null, "1.2.3.4/33"],
  ["1.2.3.04/08", "1.2.3.04/08", [false, false, false, false, false], null, null, "1.2.3.04/08"],
  ["192.0.2.00/24", "192.0.2.0/24", [true, true, false, false, true], null, null, "192.0.2.0/24"],
  ["198.51.100.0/24", "198.51.100.0/24", [true, true, false, false, true], null, { start: "C6336400", end: "C63364FF" }, "198.51.100.0/24"],
  ["198.51.100.7/24", "198.51.100.7/24", [true, true, false, false, true], null, { start: "C6336400", end: "C63364FF" }, "198.51.100.7/24"],
  ["1.2.3.4 - 1.2.3.8", "1.2.3.4 - 1.2.3.8", [false, false, false, false, true], null, { start: "01020304", end: "01020308" }, "1.2.3.4 - 1.2.3.8"],
  ["1.2.3.4-1.2.3.8", "1.2.3.4-1.2.3.8", [false, false, false, false, true], null, { start: "01020304", end: "01020308" }, "1.2.3.4-1.2.3.8"],
  ["1.2.3.8 - 1.2.3.4", "1.2.3.8 - 1.2.3.4", [false, false, false, false, true], null, null, "1.2.3.8 - 1.2.3.4"],
  ["256.1.1.1", "256.1.1.1", [false, false, false, false, false], null, null, "256.1.1.1"],
  ["1.2.3", "1.2.3", [false, false, false, false, false], null, null, "1.2.3"],
  ["1.2.3.4.5", "1.2.3.4.5", [false, false, false, false, false], null, null, "1.2.3.4.5"],
  [" 1.2.3.4 ", "1.2.3.4", [false, false, false, false, false], null, null, "1.2.3.4"],
  ["1.2.3.4\n", "1.2.3.4", [true, true, false, true, false], "01020304", { start: "01020304", end: "01020304" }, "1.2.3.4"],
  ["::", "0:0:0:0:0:0:0:0", [true, false, true, true, false], "v6-" + "0".repeat(32), { start: "v6-" + "0".repeat(32), end: "v6-" + "0".repeat(32) }, "::"],
  ["::1", "0:0:0:0:0:0:0:1", [true, false, true, true, false], "v6-" + "0".repeat(31) + "1", { start: "v6-" + "0".repeat(31) + "1", end: "v6-" + "0".repeat(31) + "1" }, "::1"],
  ["1::", "1:0:0:0:0:0:0:0", [true, false, true, true, false], "v6-0001" + "0".repeat(28), { start: "v6-0001" + "0".repeat(28), end: "v6-0001" + "0".repeat(28) }, "1::"],
  ["1::2", "1:0:0:0:0:0:0:2", [true, false, true, true, false], "v6-0001" + "0".repeat(27) + "2", { start: "v6-0001" + "0".repeat(27) + "2", end: "v6-0001" + "0".repeat(27) + "2" }, "1::2"],
  ["2001:db8::1234", "2001:DB8:0:0:0:0:0:1234", [true, false, true, true, false], "v6-20010DB8" + "0".repeat(20) + "1234", { start: "v6-20010DB8" + "0".repeat(20) + "1234", end: "v6-20010DB8" + "0".repeat(20) + "1234" }, "2001:db8::1234"],
  ["2001:DB8::1234", "2001:DB8:0:0:0:0:0:1234", [true, false, true, true, false], "v6-20010DB8" + "0".repeat(20) + "1234", { start: "v6-20010DB8" + "0".repeat(20) + "1234", end: "v6-20010DB8" + "0".repeat(20) + "1234" }, "2001:db8::1234"],
  ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:DB8:0:0:0:0:0:1", [true, false, true, true, false], "v6-20010DB8" + "0".repeat(23) + "1", { start: "v6-20010DB8" + "0".repeat(23) + "1", end: "v6-20010DB8" + "0".repeat(23) + "1" }, "2001:db8::1"],
  ["2001:db8::/64", "2001:DB8:0:0:0:0:0:0/64", [true, false, true, false, true], "v6-20010DB8" + "0".repeat(21) + "/64", { start: "v6-20010DB8" + "0".repeat(24), end: "v6-20010DB800000000" + "F".repeat(16) }, "2001:db8::/64"],
  ["2001:db8::1/128", "2001:DB8:0:0:0:0:0:1/128", [true, false, true, false, true], "v6-20010DB8" + "0".repeat(20) + "1/128", { start: "v6-20010DB8" + "0".repeat(23) + "1", end: "v6-20010DB8" + "0".repeat(23) + "1" }, "2001:db8::1/128"],
  ["2001:db8::/129", "2001:db8::/129", [false, false, false, false, false], null, null, "2001:db8::/129"],
  ["1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8", [true, false, true, true, false], "v6-00010002000300040005000600070008", { start: "v6-00010002000300040005000600070008", end: "v6-00010002000300040005000600070008" }, "1:2:3:4:5:6:7:8"],
  ["1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0", [true, false, true, true, false], "v6-00010002000300040005000600070000", { start: "v6-00010002000300040005000600070000", end: "v6-00010002000300040005000600070000" }, "1:2:3:4:5:6:7:0"],
  ["::2:3:4:5:6:7:8", "0:2:3:4:5:6:7:8", [true, false, true, true, false], "v6-00000002000300040005000600070008", { start: "v6-00000002000300040005000600070008", end: "v6-00000002000300040005000600070008" }, "0:2:3:4:5:6:7:8"],
  ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9", [false, false, false, false, false], null, null, "1:2:3:4:5:6:7:8:9"],
  // Eight words and a `::` are no address (the importer's own copy once gave them ip_changes keys).
  ["::1:2:3:4:5:6:7:8", "::1:2:3:4:5:6:7:8", [false, false, false, false, false], null, null, "::1:2:3:4:5:6:7:8"],
  ["1:2:3:4:5:6:7:8::", "1:2:3:4:5:6:7:8::", [false, false, false, false, false], null, null, "1:2:3:4:5:6:7:8::"],
  ["1::2::3", "1::2::3", [false, false, false, false, false], null, null, "1::2::3"],
  ["1:::2", "1:::2", [false, false, false, false, false], null, null, "1:::2"],
  ["12345::", "12345::", [false, false, false, false, false], null, null, "12345::"],
  ["fe80::1", "FE80:0:0:0:0:0:0:1", [true, false, true, true, false], "v6-FE8" + "0".repeat(28) + "1", { start: "v6-FE8" + "0".repeat(28) + "1", end: "v6-FE8" + "0".repeat(28) + "1" }, "fe80::1"],
  ["FE80::1", "FE80:0:0:0:0:0:0:1", [true, false, true, true, false], "v6-FE8" + "0".repeat(28) + "1", { start: "v6-FE8" + "0".repeat(28) + "1", end: "v6-FE8" + "0".repeat(28) + "1" }, "fe80::1"],
  ["::ffff:1.2.3.4", "::ffff:1.2.3.4", [false, false, false, false, false], null, null, "::ffff:1.2.3.4"],
  ["2001:db8::1 - 2001:db8::5", "2001:db8::1 - 2001:db8::5", [false, false, false, false, true], null, { start: "v6-20010DB8" + "0".repeat(23) + "1", end: "v6-20010DB8" + "0".repeat(23) + "5" }, "2001:db8::1 - 2001:db8::5"],
  ["2001:db8::5 - 2001:db8::1", "2001:db8::5 - 2001:db8::1", [false, false, false, false, true], null, null, "2001:db8::5 - 2001:db8::1"],
  ["a:b:c:d:e:f:0:0", "A:B:C:D:E:F:0:0", [true, false, true, true, false], "v6-000A000B000C000D000E000F00000000", { start: "v6-000A000B000C000D000E000F00000000", end: "v6-000A000B000C000D000E000F00000000" }, "a:b:c:d:e:f::"],
  ["0:0:0:0:0:0:0:0", "0:0:0:0:0:0:0:0", [true, false, true, true, false], "v6-" + "0".repeat(32), { start: "v6-" + "0".repeat(32), end: "v6-" + "0".repeat(32) }, "::"],
  ["2001:db8:0:0:1:0:0:1", "2001:DB8:0:0:1:0:0:1", [true, false, true, true, false], "v6-20010DB8" + "0".repeat(11) + "1" + "0".repeat(11) + "1", { start: "v6-20010DB8" + "0".repeat(11) + "1" + "0".repeat(11) + "1", end: "v6-20010DB8" + "0".repeat(11) + "1" + "0".repeat(11) + "1" }, "2001:db8::1:0:0:1"],
  ["abc", "abc", [false, false, false, false, false], null, null, "abc"],
  ['', null, [false, false, false, false, false], null, null, null],
  ["1.2.3.0/0", "1.2.3.0/0", [true, true, false, false, true], null, { start: "00000000", end: "FFFFFFFF" }, "1.2.3.0/0"],
  ["::/0", "0:0:0:0:0:0:0:/0", [true, false, true, false, true], "v6-" + "0".repeat(30) + "/0", { start: "v6-" + "0".repeat(32), end: "v6-" + "F".repeat(32) }, "0:0:0:0:0:0:0:/0"],
  ["2001:db8::/48", "2001:DB8:0:0:0:0:0:0/48", [true, false, true, false, true], "v6-20010DB8" + "0".repeat(21) + "/48", { start: "v6-20010DB8" + "0".repeat(24), end: "v6-20010DB80000" + "F".repeat(20) }, "2001:db8::/48"],
  ["10.0.0.0/8", "10.0.0.0/8", [true, true, false, false, true], null, { start: "0A000000", end: "0AFFFFFF" }, "10.0.0.0/8"],
  ["0:0::0:1", "0:0:0:0:0:0:0:1", [true, false, true, true, false], "v6-" + "0".repeat(31) + "1", { start: "v6-" + "0".repeat(31) + "1", end: "v6-" + "0".repeat(31) + "1" }, "::1"],
];

describe('IPUtils behaviour (recorded from MediaWiki 1.39)', () => {
  for (const [value, sanitized, flags, hex, range, pretty] of IP_CASES) {
    test(JSON.stringify(value), () => {
      assert.equal(sanitizeIP(value), sanitized, 'sanitizeIP');
      assert.deepEqual([isIPAddress(value), isIPv4(value), isIPv6(value), isValidIP(value), isValidRange(value)], flags);
      assert.equal(toHex(value), hex, 'toHex');
      assert.deepEqual(parseRange(value), range, 'parseRange');
      assert.equal(prettifyIP(value), pretty, 'prettifyIP');
    });
  }
});

describe('the forms the fixture database stores', () => {
  test('ipblocks ranges: ipb_range_start / ipb_range_end', () => {
    // Recorded: select ipb_address, ipb_range_start, ipb_range_end from ipblocks
    assert.deepEqual(parseRange('198.51.100.0/24'), { start: 'C6336400', end: 'C63364FF' });
    assert.deepEqual(parseRange(sanitizeIP('2001:db8::/64')!), {
      start: 'v6-20010DB8000000000000000000000000',
      end: 'v6-20010DB800000000FFFFFFFFFFFFFFFF',
    });
    assert.deepEqual(parseRange('192.0.2.55'), { start: 'C0000237', end: 'C0000237' });
    assert.equal(sanitizeIP('2001:db8::/64'), '2001:DB8:0:0:0:0:0:0/64');
  });

  test('hex keys turn back into addresses', () => {
    assert.equal(hexToQuad('C0000237'), '192.0.2.55');
    assert.equal(hexToOctet('20010DB8000000000000000000001234'), '2001:DB8:0:0:0:0:0:1234');
    assert.equal(formatHex('v6-20010DB8000000000000000000001234'), '2001:DB8:0:0:0:0:0:1234');
    assert.equal(formatHex('C63364FF'), '198.51.100.255');
  });

  test('sanitizeRange gives the network address with its prefix', () => {
    assert.equal(sanitizeRange('198.51.100.7/24'), '198.51.100.0/24');
    assert.equal(sanitizeRange('2001:db8::1/64'), '2001:DB8:0:0:0:0:0:0/64');
    assert.equal(sanitizeRange('192.0.2.55'), '192.0.2.55');
  });

  test('isInRange compares hex keys', () => {
    assert.equal(isInRange('198.51.100.23', '198.51.100.0/24'), true);
    assert.equal(isInRange('198.51.101.1', '198.51.100.0/24'), false);
    assert.equal(isInRange('2001:db8::1234', '2001:db8::/64'), true);
    assert.equal(isInRange('2001:db9::1', '2001:db8::/64'), false);
  });
});
