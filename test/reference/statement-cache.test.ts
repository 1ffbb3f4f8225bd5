// reference/foundation/statement-cache.ts: one compiled statement per SQL text, the rest of the handle untouched.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../reference/foundation/statement-cache.js';

describe('withStatementCache', () => {
  const raw = new Database(':memory:');
  afterEach(() => raw.exec('DROP TABLE IF EXISTS t'));

  it('answers the same compiled statement for the same SQL and a new one for other SQL', () => {
    const db = withStatementCache(raw);
    db.exec('CREATE TABLE t (v INTEGER)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    expect(db.prepare('INSERT INTO t (v) VALUES (?)')).toBe(insert);
    expect(db.prepare('SELECT v FROM t')).not.toBe(insert);
    insert.run(1);
    db.prepare('INSERT INTO t (v) VALUES (?)').run(2);
    expect(db.prepare('SELECT v FROM t ORDER BY v').all()).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('keeps transactions, pragmas and rollbacks of the real handle working', () => {
    const db = withStatementCache(raw);
    db.exec('CREATE TABLE t (v INTEGER)');
    const insertTwo = db.transaction((fail: boolean) => {
      db.prepare('INSERT INTO t (v) VALUES (?)').run(1);
      db.prepare('INSERT INTO t (v) VALUES (?)').run(2);
      if (fail) throw new Error('rolled back');
    });
    expect(() => insertTwo(true)).toThrow('rolled back');
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
    insertTwo(false);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 2 });
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.open).toBe(true);
  });

  it('stays bounded: SQL with literal values does not grow it without end', () => {
    const db = withStatementCache(raw);
    const first = db.prepare('SELECT 0');
    for (let i = 1; i <= 600; i++) db.prepare(`SELECT ${i}`);
    // The first text was evicted (least recently used) and is compiled afresh; a recent one is kept.
    expect(db.prepare('SELECT 0')).not.toBe(first);
    const recent = db.prepare('SELECT 600');
    expect(db.prepare('SELECT 600')).toBe(recent);
  });
});
