// A database handle whose prepare() answers one compiled statement per SQL text: stores that prepare their
// statements inline per call (`this.db.prepare(sql).get(...)`) stop recompiling the same SQL on every
// request (it was about a tenth of the server's time on the read bench, bench/reference-read.ts).
// Safe for statements that are not iterated while re-run and whose mode (raw, pluck, expand) is the same
// at every use of one SQL text. Bounded: SQL built with literal values (LIMIT n) cannot grow it without end.
import type BetterSqlite3 from 'better-sqlite3';

const MAX_STATEMENTS = 500;

export function withStatementCache(db: BetterSqlite3.Database): BetterSqlite3.Database {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepare = (sql: string): BetterSqlite3.Statement => {
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last: the oldest is the first to go.
      statements.delete(sql);
    } else {
      statement = db.prepare(sql);
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, statement);
    return statement;
  };
  // Native methods need the real handle as `this`: bound once each, not on every use.
  const bound = new Map<PropertyKey, { method: Function; bound: Function }>();
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      let entry = bound.get(property);
      if (entry?.method !== value) bound.set(property, (entry = { method: value, bound: value.bind(target) }));
      return entry.bound;
    },
  });
}
