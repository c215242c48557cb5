// One administrative statement on a connection of its own, closed afterwards: a test
// run's schema and its clean-up, pg_terminate_backend. Plain pg rather than core's
// database module: no pool, no service timeouts (a DROP … CASCADE on a loaded server
// may take longer), and the whole result (rowCount). This package imports no workspace.
import pg from 'pg';
import { TEST_POSTGRES_URL } from './test-backends.ts';

export async function adminQuery(
  sql: string,
  params: unknown[] = [],
  url: string = TEST_POSTGRES_URL,
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}
