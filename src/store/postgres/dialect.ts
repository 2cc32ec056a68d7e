// PostgreSQL's dialect. MediaWiki's schema here holds titles and sort keys as TEXT and timestamps
// as TIMESTAMPTZ. TEXT compares byte for byte (as MySQL's VARBINARY does) only under the C
// collation, which the database must have (C or C.UTF-8: UTF-8 bytes sort as code points); a
// COLLATE clause in each query would keep the indexes from serving the order instead.
import { quoteIdentifier } from './schema.ts';
import { powerOfTwoBucket, spelledTimestamp, type Dialect } from '../sql/dialect.ts';

const JSON_ELEMENTS = 'json_array_elements(?::json) AS list(value)';
const JSON_INTEGERS = 'SELECT value::bigint FROM json_array_elements_text(?::json) AS list(value)';
const JSON_STRINGS = 'SELECT value FROM json_array_elements_text(?::json) AS list(value)';

export function postgresDialect(tablePrefix = ''): Dialect {
  if (!/^[a-z0-9_]*$/.test(tablePrefix)) throw new Error(`table prefix ${JSON.stringify(tablePrefix)}: only lower-case letters, digits and _ are allowed on PostgreSQL`);
  return {
    name: 'postgres',
    tablePrefix,
    placeholder: (index) => `$${index + 1}`,
    table: (name) => quoteIdentifier(tablePrefix + name),
    // Read in the session's time zone, which the executor sets to UTC, as MediaWiki does.
    timestampParameter: () => "to_timestamp(?, 'YYYYMMDDHH24MISS')",
    // Every timestamp is TIMESTAMPTZ, written in the session's UTC with its offset.
    storedTimestamp: (timestamp) => (/^\d{14}$/.test(timestamp) ? `${spelledTimestamp(timestamp)}+00` : timestamp),
    bytesParameter: () => "convert_from(?, 'UTF8')",
    hex: (column) => `encode(convert_to(${column}, 'UTF8'), 'hex')`,
    flag: (condition) => `CASE WHEN ${condition} THEN 1 ELSE 0 END`,
    nullSafeEquals: (left, right, negated) => `${left} ${negated ? 'IS DISTINCT FROM' : 'IS NOT DISTINCT FROM'} ${right}`,
    jsonIntegers: () => JSON_INTEGERS,
    jsonStrings: () => JSON_STRINGS,
    jsonPairs: () => `SELECT (value->>0)::integer, value->>1 FROM ${JSON_ELEMENTS}`,
    jsonPairStrings: (ns) => `SELECT value->>1 FROM ${JSON_ELEMENTS} WHERE (value->>0)::integer = ${ns}`,
    // `= ANY(ARRAY(...))` is IN's test, but over a set-returning function the planner guesses 100
    // rows of unknown values and, with ORDER BY ... LIMIT, walks the whole primary key of
    // pagelinks, templatelinks or categorylinks filtering each row against the list; an array
    // becomes an index condition that reads only the listed pages' rows.
    inJsonList: (column, list) => `${column} = ANY(ARRAY(${list === 'integers' ? JSON_INTEGERS : JSON_STRINGS}))`,
    useIndex: () => '',
    inListLength: powerOfTwoBucket,
  };
}
