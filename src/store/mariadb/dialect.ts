// MariaDB's and MySQL's dialect. MediaWiki's string columns are VARBINARY/BLOB here, so they compare
// and sort byte for byte as SQLite's TEXT does, and its timestamps are 14-digit strings, except
// cl_timestamp (TIMESTAMP), which MySQL compares with such a string as the date it spells.
import { checkTablePrefix } from './schema.ts';
import { powerOfTwoBucket, questionMark, spelledTimestamp, type Dialect } from '../sql/dialect.ts';

const JSON_LIST = "JSON_TABLE(?, '$[*]' COLUMNS (value BIGINT PATH '$')) AS list";
const JSON_TEXT_LIST = "JSON_TABLE(?, '$[*]' COLUMNS (value VARCHAR(255) PATH '$')) AS list";
const JSON_PAIR_LIST = "JSON_TABLE(?, '$[*]' COLUMNS (ns INT PATH '$[0]', title VARCHAR(255) PATH '$[1]')) AS list";
const JSON_INTEGERS = `SELECT value FROM ${JSON_LIST}`;
const JSON_STRINGS = `SELECT CAST(value AS BINARY) FROM ${JSON_TEXT_LIST}`;

/** The columns MediaWiki 1.39's MySQL schema declares TIMESTAMP (the others hold 14 digits). */
export const TIMESTAMP_COLUMNS: ReadonlySet<string> = new Set(['cl_timestamp']);

export function mariaDbDialect(tablePrefix = ''): Dialect {
  checkTablePrefix(tablePrefix);
  return {
    name: 'mysql',
    tablePrefix,
    placeholder: questionMark,
    table: (name) => `\`${tablePrefix}${name}\``,
    timestampParameter: questionMark,
    storedTimestamp: (timestamp, column) => (TIMESTAMP_COLUMNS.has(column) ? spelledTimestamp(timestamp) : timestamp),
    bytesParameter: questionMark,
    hex: (column) => `LOWER(HEX(${column}))`,
    flag: (condition) => condition,
    nullSafeEquals: (left, right, negated) => (negated ? `NOT (${left} <=> ${right})` : `${left} <=> ${right}`),
    jsonIntegers: () => JSON_INTEGERS,
    jsonStrings: () => JSON_STRINGS,
    jsonPairs: () => `SELECT ns, CAST(title AS BINARY) FROM ${JSON_PAIR_LIST}`,
    jsonPairStrings: (ns) => `SELECT CAST(title AS BINARY) FROM ${JSON_PAIR_LIST} WHERE ns = ${ns}`,
    inJsonList: (column, list) => `${column} IN (${list === 'integers' ? JSON_INTEGERS : JSON_STRINGS})`,
    useIndex: (index) => ` USE INDEX (${index})`,
    inListLength: powerOfTwoBucket,
  };
}
