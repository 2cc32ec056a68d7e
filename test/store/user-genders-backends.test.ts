// The gender options {{GENDER:}} reads come from one user_properties query that runs the same on
// MariaDB and PostgreSQL as on SQLite (the fixture's accounts have set none: every answer is empty,
// which names that the query runs and matches no other option).
import { describeSameAnswersAsSqlite } from '../support/same-as-sqlite.ts';

const NAMES = [['Alice'], ['Alice', 'Bob', 'Ünïcode Üser', 'Nobody'], ['192.0.2.10']];

describeSameAnswersAsSqlite('user genders', async (store) => {
  const answers = new Map<string, [string, string][]>();
  for (const names of NAMES) answers.set(names.join('|'), [...(await store.users.genders(names))]);
  return answers;
});
