// Numbers and strings as PHP writes them: json_encode, serialize() and string conversion (XML).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeJsonString, phpSerialize } from '../../src/api/formats/index.ts';
import { phpSerializedNumber, phpStringNumber } from '../../src/api/formats/php-number.ts';

// [value, json_encode, serialize, (string)] as PHP 8.2 printed them (serialize_precision=-1, precision=14).
const FLOATS: [number, string, string, string][] = [
  [0.5, '0.5', 'd:0.5;', '0.5'],
  [1e-6, '1.0e-6', 'd:1.0E-6;', '1.0E-6'],
  [1e25, '1.0e+25', 'd:1.0E+25;', '1.0E+25'],
  [1e17, '1.0e+17', 'd:1.0E+17;', '1.0E+17'],
  [1e16, '10000000000000000', 'd:10000000000000000;', '1.0E+16'],
  [0.1 + 0.2, '0.30000000000000004', 'd:0.30000000000000004;', '0.3'],
  [1 / 3, '0.3333333333333333', 'd:0.3333333333333333;', '0.33333333333333'],
  [1e-5, '1.0e-5', 'd:1.0E-5;', '1.0E-5'],
  [0.0001, '0.0001', 'd:0.0001;', '0.0001'],
  [1.5e300, '1.5e+300', 'd:1.5E+300;', '1.5E+300'],
  [-2.5, '-2.5', 'd:-2.5;', '-2.5'],
  [123.456, '123.456', 'd:123.456;', '123.456'],
  [5e-324, '5.0e-324', 'd:5.0E-324;', '4.9406564584125E-324'],
  [-1e-7, '-1.0e-7', 'd:-1.0E-7;', '-1.0E-7'],
  [1.7976931348623157e308, '1.7976931348623157e+308', 'd:1.7976931348623157E+308;', '1.7976931348623E+308'],
  [123456789.12345678, '123456789.12345678', 'd:123456789.12345678;', '123456789.12346'],
  [0.00012345, '0.00012345', 'd:0.00012345;', '0.00012345'],
];

describe('numbers are written as PHP writes them', () => {
  for (const [value, json, serialized, string] of FLOATS) {
    it(`${value}: json ${json}, serialize ${serialized}, string ${string}`, () => {
      assert.equal(phpSerializedNumber(value, 'e'), json);
      assert.equal(phpSerialize(value), serialized);
      assert.equal(phpStringNumber(value), string);
    });
  }

  it('integers are digits everywhere (i: in serialize), and -0 is 0', () => {
    assert.equal(phpSerializedNumber(2097152, 'e'), '2097152');
    assert.equal(phpSerialize(-3), 'i:-3;');
    assert.equal(phpStringNumber(-0), '0');
  });
});

describe('JSON strings are escaped as FormatJson::encode escapes them', () => {
  it('never escapes slashes, <, > or &', () => {
    assert.equal(encodeJsonString('a/b <>&', false), '"a/b <>&"');
  });

  it('without UTF8_OK writes non-ASCII as lowercase \\u escapes, astral characters as surrogate pairs', () => {
    assert.equal(encodeJsonString('日本語 😀é', false), '"\\u65e5\\u672c\\u8a9e \\ud83d\\ude00\\u00e9"');
  });

  it('with UTF8_OK keeps non-ASCII but still escapes U+2028 and U+2029', () => {
    assert.equal(encodeJsonString('日 a\u2028b\u2029', true), '"日 a\\u2028b\\u2029"');
  });

  it('escapes controls as \\t \\n or \\u00xx and leaves DEL alone', () => {
    assert.equal(encodeJsonString('"\\\t\n\r\b\f\u0001\u001f\u007f', true), '"\\"\\\\\\t\\n\\r\\b\\f\\u0001\\u001f\u007f"');
  });
});

describe('PHP serialize() strings count UTF-8 bytes', () => {
  it('s:<bytes>:"..."', () => {
    assert.equal(phpSerialize('é😀'), 's:6:"é😀";');
    assert.equal(phpSerialize(''), 's:0:"";');
    assert.equal(phpSerialize(true) + phpSerialize(false) + phpSerialize(null), 'b:1;b:0;N;');
  });
});
