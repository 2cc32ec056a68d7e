// SQLite's dialect: the portable SQL is SQLite's own, so without a table prefix a query renders to
// its text unchanged. IN lists keep their length: statements are prepared in this process, cheaply.
import { questionMark, type Dialect } from '../sql/dialect.ts';

export function sqliteDialect(tablePrefix = ''): Dialect {
  return {
    name: 'sqlite',
    tablePrefix,
    placeholder: questionMark,
    table: (name) => tablePrefix + name,
    timestampParameter: questionMark,
    storedTimestamp: (timestamp) => timestamp,
    // Sort keys are stored as TEXT; a BLOB parameter would compare as a BLOB (after every TEXT).
    bytesParameter: () => 'CAST(? AS TEXT)',
    hex: (column) => `lower(hex(${column}))`,
    flag: (condition) => condition,
    nullSafeEquals: (left, right, negated) => `${left} ${negated ? 'IS NOT' : 'IS'} ${right}`,
    jsonIntegers: () => 'SELECT value FROM json_each(?)',
    jsonStrings: () => 'SELECT value FROM json_each(?)',
    jsonPairs: () => "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)",
    jsonPairStrings: (ns) => `SELECT json_extract(value, '$[1]') FROM json_each(?) WHERE json_extract(value, '$[0]') = ${ns}`,
    inJsonList: (column) => `${column} IN (SELECT value FROM json_each(?))`,
    useIndex: () => '',
    inListLength: (count) => count,
  };
}
